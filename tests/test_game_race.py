"""The simultaneous race engine: Training, Seigneurs, Kids, Rois (R8-R25, D4, D8)."""

from __future__ import annotations

import pytest
from helpers import card_where, pick, started_race, until

from seigneurs.game import (
    Applied,
    CallStop,
    EndReason,
    GameConfig,
    Lay,
    Pass,
    Phase,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    SeatConfig,
    Stack,
    TurnLocomotive,
    Whistle,
    new_game,
    replay,
)
from seigneurs.game import (
    NotApplied as Refused,
)
from seigneurs.rules import LOCOMOTIVES, WAGONS, Rule, WagonType


def reason(result: object) -> Reason:
    assert isinstance(result, Refused), result
    return result.reason


def test_r13_deal_54_face_down_spread_one_locomotive_each() -> None:
    game = new_game(GameConfig.for_players("lords", 4, seed=3))
    assert isinstance(game, RaceGame)
    assert game.table_mask == (1 << 54) - 1 and game.face_up_mask == 0
    assert len(set(game.locomotives)) == 4 and set(game.locomotives) <= set(LOCOMOTIVES)
    assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in game.positions)
    assert len({(round(x, 2), round(y, 2)) for x, y in game.positions}) == 54


def test_r13_the_deal_depends_on_the_seed_only() -> None:
    a, b, c = (new_game(GameConfig.for_players("lords", 3, seed=s)) for s in (5, 5, 6))
    assert isinstance(a, RaceGame) and isinstance(b, RaceGame) and isinstance(c, RaceGame)
    assert (a.locomotives, a.positions) == (b.locomotives, b.positions)
    assert (a.locomotives, a.positions) != (c.locomotives, c.positions)


def test_r14_nothing_moves_before_the_whistle_then_all_locomotives_turn() -> None:
    game = new_game(GameConfig.for_players("lords", 2, seed=1))
    assert isinstance(game, RaceGame)
    assert reason(game.apply(Pick(0, 0.0, 0))) is Reason.NOT_STARTED
    assert reason(game.apply(TurnLocomotive(0, 0.0))) is Reason.NOT_IN_THIS_VARIANT
    assert game.apply(Whistle(1, 0.5)).ok
    assert game.phase is Phase.PLAYING and all(game.turned)
    assert reason(game.apply(Whistle(1, 0.6))) is Reason.ALREADY_STARTED


@pytest.mark.parametrize("name", ["kids", "kings"])
def test_r23_r24_face_up_deal_and_start_when_every_locomotive_is_turned(name: str) -> None:
    game = new_game(GameConfig.for_players(name, 3, seed=1))
    assert isinstance(game, RaceGame)
    assert game.face_up_mask == (1 << 54) - 1  # R23: face up from the start
    assert reason(game.apply(Whistle(0, 0.0))) is Reason.NOT_IN_THIS_VARIANT
    assert game.apply(TurnLocomotive(0, 0.1)).ok and game.phase is Phase.READY
    assert reason(game.apply(TurnLocomotive(0, 0.2))) is Reason.ALREADY_TURNED
    assert game.apply(TurnLocomotive(2, 0.3)).ok and game.phase is Phase.READY
    assert game.apply(TurnLocomotive(1, 0.4)).ok and game.phase is Phase.PLAYING
    # once under way, a turn is refused for that (not as a second turn of the seat's own)
    assert reason(game.apply(TurnLocomotive(1, 0.5))) is Reason.ALREADY_STARTED


def test_r9_one_card_at_a_time_in_the_search_hand() -> None:
    game = started_race()
    first = pick(game, 0, fits=True)
    other = card_where(game, 0, fits=True)
    assert reason(game.apply(Pick(0, 1.1, other))) is Reason.HAND_FULL
    assert game.hands[0] == first


def test_r9_a_card_passes_only_to_an_empty_hand_and_replays() -> None:
    """The table heard the pick at the touch-down and learnt later whose hand held the card:
    the card passes to that seat's hand if it is empty, and a game with passes replays from
    its log; a game logged the old way (the pick inside the drop) replays as it was."""
    game = started_race(players=3)
    first = pick(game, 0, fits=True)
    assert reason(game.apply(Pass(0, 1.1, 0))) is Reason.HAND_FULL  # its own hand is full
    assert reason(game.apply(Pass(0, 1.1, 3))) is Reason.NO_SUCH_SEAT
    assert reason(game.apply(Pass(1, 1.1, 2))) is Reason.HAND_EMPTY
    second = card_where(game, 1, fits=True)
    assert game.apply(Pick(1, 1.2, second)).ok
    assert reason(game.apply(Pass(0, 1.3, 1))) is Reason.HAND_FULL  # R9
    assert game.hands == [first, second, -1]
    passed = Pass(0, 1.4, 2)
    assert game.apply(passed) == Applied(passed, first, game.fits(2, first))
    assert game.hands == [-1, second, first]
    assert game.apply(Stack(2, 1.5)).ok and game.trains[2] == [first]
    assert replay(game.record()).trains == game.trains
    old = started_race(players=3)  # Pick and Stack in the same drop, as journals before
    card = pick(old, 0, fits=True, t=4.0)
    assert old.apply(Stack(0, 4.0)).ok and replay(old.record()).trains[0] == [card]


def test_r10_a_fitting_card_goes_straight_onto_the_train() -> None:
    game = started_race()
    card = pick(game, 0, fits=True)
    result = game.apply(Stack(0, 2.0))
    assert result.ok and game.trains[0] == [card] and game.hands[0] == -1
    assert reason(game.apply(Stack(0, 2.1))) is Reason.HAND_EMPTY


def test_r11_r12_put_back_face_up_and_anyone_may_take_it() -> None:
    game = started_race()
    card = pick(game, 0, fits=False)
    assert game.apply(PutBack(0, 2.0, 0.25, 0.75)).ok
    assert game.is_face_up(card) and game.positions[card] == (0.25, 0.75)  # R11
    assert game.apply(Pick(1, 2.5, card)).ok and game.hands[1] == card  # R12


def test_r11_r15_training_puts_unusable_cards_back_face_down() -> None:
    game = started_race("training")
    card = pick(game, 0, fits=False)
    assert not game.fits(0, card) and WAGONS[card].type != game.locomotives[0].type  # R15, R4
    assert game.apply(PutBack(0, 2.0, 0.5, 0.5)).ok
    assert not game.is_face_up(card)


def test_put_back_positions_are_clamped_to_the_table() -> None:
    game = started_race()
    card = pick(game, 0, fits=False)
    game.apply(PutBack(0, 2.0, -3.0, 7.0))
    assert game.positions[card] == (0.0, 1.0)


def test_taken_a_card_in_a_hand_is_refused_to_the_other_seat() -> None:
    """R9: a card in one seat's search hand is no longer on the table for another seat."""
    game = started_race()
    card = card_where(game, 0, fits=True)
    assert game.apply(Pick(0, 1.01, card)).ok
    assert reason(game.apply(Pick(1, 1.02, card))) is Reason.TAKEN
    assert game.hands == [card, -1]


def test_r8_stacked_order_never_changes() -> None:
    game = started_race("kids", assisted=True)
    stacked = []
    for step in range(5):
        stacked.append(pick(game, 0, fits=True, t=step))
        assert game.apply(Stack(0, step + 0.5)).ok
        assert game.trains[0] == stacked


def test_d8_assisted_refuses_a_card_that_does_not_fit() -> None:
    game = started_race("lords", assisted=True)
    card = pick(game, 0, fits=False)
    assert reason(game.apply(Stack(0, 2.0))) is Reason.DOES_NOT_FIT
    assert game.hands[0] == card and game.trains[0] == []


def test_d8_classic_stacks_anything_and_the_end_check_cuts_it() -> None:
    game = started_race("lords", assisted=False)
    pick(game, 0, fits=False)
    result = game.apply(Stack(0, 2.0))
    assert result.ok and result.fits is False
    assert game.outcome().lengths[0] == 0


def test_d8_kids_defaults_to_assisted_the_others_to_classic() -> None:
    assert started_race("kids").assisted == (True, True)
    for name in ("training", "lords", "kings"):
        assert started_race(name).assisted == (False, False)


def test_r16_stop_needs_five_wagons_then_ends_at_once() -> None:
    game = started_race("training")
    for step in range(4):
        pick(game, 0, fits=True, t=step)
        game.apply(Stack(0, step + 0.5))
    assert reason(game.apply(CallStop(0, 5.0))) is Reason.TOO_FEW_WAGONS
    pick(game, 0, fits=True, t=6)
    game.apply(Stack(0, 6.5))
    result = game.apply(CallStop(0, 7.0))
    assert result.ok and game.over and game.end_reason is EndReason.STOP_CALLED
    assert game.stop_caller == 0 and game.outcome().winners == (0,)
    assert reason(game.apply(Pick(1, 8.0, 0))) is Reason.GAME_OVER


def test_r16_stop_is_only_in_training() -> None:
    assert reason(started_race("lords").apply(CallStop(0, 1.0))) is Reason.NOT_IN_THIS_VARIANT


def test_r20_d4_the_game_ends_when_no_loose_card_fits_any_train() -> None:
    game = started_race("kings", players=2, assisted=True)
    t = 1.0
    for _ in until(lambda: game.over, 200):
        seat = next(s for s in range(2) if any(
            game.table_mask >> c & 1 and game.fits(s, c) for c in range(54)))
        pick(game, seat, fits=True, t=t)
        game.apply(Stack(seat, t + 0.1))
        t += 1
    assert game.end_reason in (EndReason.NO_FITTING_CARD, EndReason.TABLE_EMPTY)
    loose = ~game.stacked_mask & ((1 << 54) - 1)
    assert all(game.fit_masks[s] & loose == 0 for s in range(2))


def test_d4_a_card_held_in_a_hand_still_counts_as_loose() -> None:
    game = started_race("lords", players=2, assisted=True)
    held = pick(game, 1, fits=True)
    # Stack everything else that fits seat 0, leaving seat 1's held card loose.
    game.stacked_mask |= ((1 << 54) - 1) & ~(1 << held)
    game.table_mask = 0
    game.fit_masks[0] = 0
    assert game._check_end() is None  # seat 1 can still stack its card
    assert game.apply(Stack(1, 3.0)).ok and game.end_reason is EndReason.TABLE_EMPTY


def test_r25_mixed_kids_and_rois_rules_per_seat() -> None:
    config = GameConfig("kids", (SeatConfig(Rule.AT_LEAST_ONE), SeatConfig(Rule.EXACTLY_ONE)), 4)
    game = new_game(config)
    assert isinstance(game, RaceGame) and game.rules == (Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE)
    with pytest.raises(ValueError, match="not allowed in lords"):
        GameConfig("lords", (SeatConfig(Rule.EXACTLY_ONE), SeatConfig()), 0)


def test_r19_lords_matching_is_at_least_one() -> None:
    assert started_race("lords").rules == (Rule.AT_LEAST_ONE,) * 2
    assert started_race("training").rules == (Rule.TYPE_ONLY,) * 2


def test_refusals_are_values_and_change_nothing() -> None:
    game = started_race()
    before = (game.table_mask, game.face_up_mask, list(game.hands), game.positions[:])
    for action in (Pick(7, 1.0, 0), Pick(0, 1.0, 99), Stack(0, 1.0), PutBack(1, 1.0, 0, 0),
                   Lay(0, 1.0, 0)):
        result = game.apply(action)
        assert isinstance(result, Refused) and result.reason.value
    assert before == (game.table_mask, game.face_up_mask, list(game.hands), game.positions[:])


def test_config_validates_players_and_variant() -> None:
    with pytest.raises(ValueError, match="2-6 players"):
        GameConfig.for_players("lords", 7)
    with pytest.raises(ValueError, match="unknown variant"):
        GameConfig.for_players("poker", 2)
    assert GameConfig.from_json(GameConfig.for_players("kids", 3, 9).to_json()) == \
        GameConfig.for_players("kids", 3, 9)


def test_locomotive_types_match_their_cards() -> None:
    game = started_race(players=6)
    assert {loco.type for loco in game.locomotives} == set(WagonType)


def test_d4_the_seats_a_card_fits_are_the_seats_it_fits_one_by_one() -> None:
    """`fitted_by` is `fits` asked of every seat at once (the guess of whose hand a finger is
    asks it once per touch-down), as the trains grow."""
    game = started_race(players=3)
    for _ in range(3):
        for card in range(len(WAGONS)):
            assert game.fitted_by(card) == [s for s in range(3) if game.fits(s, card)]
        card = pick(game, 1, fits=True)
        assert game.apply(Stack(1, 2.0)).ok and card in game.trains[1]
