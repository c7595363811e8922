"""The rules layer, rule by rule (R1-R8, R17, R18, R21, R22, R32-R34, D1-D3, D5, D9)."""

from __future__ import annotations

from collections import Counter

import pytest

from seigneurs.rules import (
    LOCOMOTIVES,
    WAGONS,
    Card,
    Colour,
    Rule,
    WagonType,
    WinReason,
    check_order,
    check_train,
    duo_outcome,
    locomotive_of,
    race_outcome,
    shared_features,
)

P = Card.parse


def cards(text: str) -> list[Card]:
    return [P(token) for token in text.split()]


def test_r1_sixty_cards_54_wagons_and_6_locomotives() -> None:
    assert len(WAGONS) + len(LOCOMOTIVES) == 60
    assert len(WAGONS) == 54 and len(LOCOMOTIVES) == 6


def test_r2_d1_every_type_colour_wheels_combination_once() -> None:
    combos = {(c.type, c.colour, c.wheels) for c in WAGONS}
    assert len(combos) == 54
    assert {c.type for c in WAGONS} == set(WagonType)
    assert {c.colour for c in WAGONS} == set(Colour)
    assert {c.wheels for c in WAGONS} == {2, 3, 4}
    assert [c.index for c in WAGONS] == list(range(54))


def test_d2_one_locomotive_per_type_each_colour_and_wheel_count_twice() -> None:
    assert [loco.type for loco in LOCOMOTIVES] == list(WagonType)
    assert set(Counter(loco.colour for loco in LOCOMOTIVES).values()) == {2}
    assert set(Counter(loco.wheels for loco in LOCOMOTIVES).values()) == {2}
    assert all(locomotive_of(loco.type) is loco for loco in LOCOMOTIVES)


@pytest.mark.parametrize("card", WAGONS)
def test_d1_card_tokens_round_trip(card: Card) -> None:
    assert P(str(card)) == card
    assert str(card) == f"{card.type}/{card.colour}/{card.wheels}"
    assert card.token == str(card).replace("/", "-")


@pytest.mark.parametrize("bad, says", [
    ("coach/red", "type/colour/wheels"),
    ("train/red/2", "unknown wagon type"),
    ("coach/green/2", "unknown colour"),
    ("coach/red/5", "wheels must be 2, 3 or 4"),
    ("coach/red/two", "wheels must be 2, 3 or 4"),
    ("", "type/colour/wheels"),
])
def test_d1_bad_tokens_say_what_was_expected(bad: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        P(bad)


def test_cards_are_frozen_values() -> None:
    card = P("coach/red/2")
    with pytest.raises(AttributeError):
        card.wheels = 3  # type: ignore[misc]
    assert hash(card) == hash(P("coach/red/2"))
    with pytest.raises(ValueError):
        Card(WagonType.COACH, Colour.RED, 7)


def test_r3_locomotive_features_count_like_a_wagon() -> None:
    loco = locomotive_of(WagonType.LOGS)
    first = Card(WagonType.TANKER, loco.colour, 4 if loco.wheels != 4 else 3)
    assert Rule.AT_LEAST_ONE.fits(loco, loco, first)  # shares the locomotive's colour


# Worked examples of docs/rules.md.
def test_worked_example_type_only_shared() -> None:
    a, b = P("coach/blue/3"), P("coach/red/2")
    assert shared_features(a, b) == 1
    assert Rule.AT_LEAST_ONE.fits(a, a, b) and Rule.EXACTLY_ONE.fits(a, a, b)  # R5, R6


def test_worked_example_type_and_colour_r5_yes_r6_no() -> None:
    a, b = P("coach/red/3"), P("coach/red/2")
    assert Rule.AT_LEAST_ONE.fits(a, a, b)  # R5
    assert not Rule.EXACTLY_ONE.fits(a, a, b)  # R6, R24


def test_worked_example_nothing_shared_never_stacks() -> None:
    a, b = P("coach/red/2"), P("tanker/blue/4")
    assert not any(rule.fits(a, a, b) for rule in (Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE))
    assert not Rule.TYPE_ONLY.fits(a, a, b)


def test_worked_example_wheels_only_and_r4_type_only() -> None:
    loco, card = P("boxcar/red/3"), P("coal/yellow/3")
    assert Rule.AT_LEAST_ONE.fits(loco, loco, card) and Rule.EXACTLY_ONE.fits(loco, loco, card)
    assert not Rule.TYPE_ONLY.fits(loco, loco, card)  # R4: the locomotive's type only


def test_worked_example_train_r5_r6_r4_and_r7_pairwise() -> None:
    loco = P("logs/blue/2")
    train = cards("logs/red/3 logs/red/4 coach/red/2 tanker/yellow/3 tanker/blue/3")
    assert check_train(Rule.AT_LEAST_ONE, loco, train).length == 3  # R5, R7, R21
    assert check_train(Rule.AT_LEAST_ONE, loco, train).first_error == 3
    assert check_train(Rule.EXACTLY_ONE, loco, train).length == 1  # R6
    assert check_train(Rule.TYPE_ONLY, loco, train).length == 2  # R4, R17


def test_r7_clean_train_has_no_error() -> None:
    loco = P("coach/red/3")
    result = check_train(Rule.AT_LEAST_ONE, loco, cards("coach/blue/2 coal/blue/4"))
    assert (result.length, result.first_error) == (2, None)


def test_rule_masks_agree_with_predicates_everywhere() -> None:
    for rule in Rule:
        for loco in LOCOMOTIVES:
            for previous in (loco, *WAGONS[::7]):
                mask = rule.mask(loco, previous)
                for wagon in WAGONS:
                    assert bool(mask >> wagon.index & 1) == rule.fits(loco, previous, wagon)


def test_r18_tie_goes_to_the_player_who_did_not_call_stop() -> None:
    coach, tanker = locomotive_of(WagonType.COACH), locomotive_of(WagonType.TANKER)
    trains = [(coach, cards("coach/red/2 coach/blue/2 coach/blue/3 coach/red/4 coach/yellow/2")),
              (tanker, cards("tanker/red/2 tanker/blue/2 tanker/blue/3 tanker/red/4 "
                             "tanker/yellow/2"))]
    outcome = race_outcome("training", trains, stop_caller=0)
    assert outcome.winners == (1,) and outcome.reason is WinReason.NOT_STOP_CALLER
    assert outcome.details.tied == (0, 1)
    assert outcome.details.stop_caller == 0  # the results mark the caller


def test_r16_training_ended_by_itself_names_no_stop_caller() -> None:
    """Issue 12: no stop sign when nobody called stop; the outcome says so."""
    coach, tanker = locomotive_of(WagonType.COACH), locomotive_of(WagonType.TANKER)
    outcome = race_outcome("training", [(coach, cards("coach/red/2 coach/blue/2")),
                                        (tanker, cards("tanker/red/2"))])
    assert outcome.details.stop_caller is None and outcome.details.tied == ()
    assert outcome.winners == (0,) and outcome.reason is WinReason.LONGEST


def test_d3_ties_among_non_callers_are_shared() -> None:
    locos = [locomotive_of(t) for t in (WagonType.COACH, WagonType.TANKER, WagonType.COAL)]
    trains = [(loco, [w for w in WAGONS if w.type == loco.type][:5]) for loco in locos]
    outcome = race_outcome("training", trains, stop_caller=0)
    assert outcome.winners == (1, 2) and outcome.reason is WinReason.SHARED_NO_CALLER


def test_r17_training_cuts_at_first_wrong_type() -> None:
    coach = locomotive_of(WagonType.COACH)
    outcome = race_outcome("training", [
        (coach, cards("coach/red/2 tanker/red/2 coach/blue/2 coach/blue/3")),
        (locomotive_of(WagonType.COAL), cards("coal/red/2 coal/blue/2")),
    ])
    assert outcome.lengths == (1, 2) and outcome.winners == (1,)
    assert outcome.reason is WinReason.LONGEST


def test_r22_d5_tie_broken_by_wagons_of_the_locomotives_type() -> None:
    coach, coal = locomotive_of(WagonType.COACH), locomotive_of(WagonType.COAL)  # red/3, blue/3
    trains = [(coach, cards("coach/blue/2 logs/blue/2")),  # one coach
              (coal, cards("coal/red/2 coal/red/4"))]  # two coal
    outcome = race_outcome("lords", trains)
    assert outcome.lengths == (2, 2)
    assert outcome.winners == (1,) and outcome.reason is WinReason.MOST_OF_TYPE


def test_d5_still_tied_is_a_shared_win() -> None:
    coach, coal = locomotive_of(WagonType.COACH), locomotive_of(WagonType.COAL)
    trains = [(coach, cards("coach/blue/2")), (coal, cards("coal/red/2"))]
    outcome = race_outcome("kids", trains)
    assert outcome.winners == (0, 1) and outcome.reason is WinReason.SHARED


def test_r25_rules_per_seat_in_one_race() -> None:
    loco = locomotive_of(WagonType.COACH)  # coach/red/3
    train = cards("coach/red/2")  # shares type and colour: Kids yes, Rois no
    outcome = race_outcome("kids", [(loco, train), (loco, train)],
                           rules=[Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE])
    assert outcome.lengths == (1, 0) and outcome.winners == (0,)


def test_race_outcome_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        race_outcome("chess", [])
    with pytest.raises(ValueError, match="duo_outcome"):
        race_outcome("duo", [])
    with pytest.raises(ValueError, match="rules for"):
        race_outcome("lords", [(LOCOMOTIVES[0], [])], rules=[])


def test_r32_r33_r34_duo_locomotives_and_game() -> None:
    coach, tanker, coal = (locomotive_of(t) for t in
                           (WagonType.COACH, WagonType.TANKER, WagonType.COAL))
    rows = {
        coach: (cards("coach/blue/2 coach/yellow/4"), cards("logs/red/2")),  # 2 vs 1: seat 0
        tanker: (cards("logs/red/2"), cards("tanker/red/2")),  # 1 vs 1, of type 0 vs 1: seat 1
        coal: (cards("coal/red/2 tanker/blue/4"), cards("coal/red/4")),  # R32 cut: 1 vs 1, tie
    }
    outcome = duo_outcome(rows)
    winners = [r.winner for r in outcome.details.locomotives]
    assert winners == [0, 1, None]
    assert outcome.details.locomotives[2].checks[0].first_error == 1
    assert outcome.details.won == (1, 1) and outcome.winners == (0, 1)  # R34 tie: both win
    rows[coal] = (cards("coal/red/2"), [])
    assert duo_outcome(rows).winners == (0,)


def test_d9_check_order_joining_order_unless_ages() -> None:
    assert check_order([2, 0, 1]) == (2, 0, 1)
    assert check_order([2, 0, 1], {0: 7, 1: 4}) == (1, 0, 2)
