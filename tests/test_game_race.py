"""The simultaneous race engine: Training, Seigneurs, Kids, Rois (R8-R25, D4, D8)."""

from __future__ import annotations

import math

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
from seigneurs.game.race import ALL_CARDS, cards_in
from seigneurs.rules import LOCOMOTIVES, WAGONS, Rule, WagonType, WinReason
from seigneurs.table.layout import TableLayout


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


def test_r16_a_called_stop_is_answered_with_the_stop_itself() -> None:
    """R16: the stop ends the game, and the answer names the action that ended it (the table
    tells who called it from the answer)."""
    training = started_race("training", 2, seed=2)
    for t in range(5):
        pick(training, 0, fits=True, t=float(t))
        assert training.apply(Stack(0, t + 0.5)).ok
    stop = CallStop(0, 9.0)
    result = training.apply(stop)
    assert isinstance(result, Applied) and result.action == stop
    assert result.ended is EndReason.STOP_CALLED and training.over


def test_a_start_action_after_the_end_is_refused_as_game_over() -> None:
    """After R16's stop, a whistle or a locomotive turned over is refused because the game is
    over (the table says so), not because it has already started."""
    training = started_race("training", 2, seed=2)
    for t in range(5):
        pick(training, 0, fits=True, t=float(t))
        assert training.apply(Stack(0, t + 0.5)).ok
    assert training.apply(CallStop(0, 9.0)).ok and training.over
    reasons = {training.verify(start(1, 10.0)) for start in (Whistle, TurnLocomotive)}
    assert reasons - {Reason.NOT_IN_THIS_VARIANT} == {Reason.GAME_OVER}


def test_a_config_made_without_a_seed_is_the_same_whichever_way_it_is_made() -> None:
    """One default seed (0): the seats helper deals what the plain config deals, so a game
    set up without a seed is replayed the same from its record."""
    made = GameConfig.for_players("kids", 2)
    plain = GameConfig("kids", made.seats)
    assert made == plain and made.seed == 0
    assert new_game(made).record()[0] == new_game(plain).record()[0]


def test_r25_d8_the_end_check_reads_each_seats_own_rule() -> None:
    """R25 with D8 classic: in a Kids game a Rois seat's train is checked at the end by
    exactly one shared feature, a Kids seat's by at least one, so a first wagon sharing two
    features with its locomotive counts for the Kids seat only (a mutant checking every seat
    by the variant's rule survived the game sample of seed 8128)."""
    config = GameConfig("kids", (SeatConfig(Rule.AT_LEAST_ONE, assisted=False),
                                 SeatConfig(Rule.EXACTLY_ONE, assisted=False)), 4)
    game = new_game(config)
    assert isinstance(game, RaceGame)
    assert all(game.apply(TurnLocomotive(seat, 0.0)).ok for seat in (0, 1))
    for seat in (0, 1):
        loco = game.locomotives[seat]
        two_shared = (Rule.AT_LEAST_ONE.mask(loco, loco) & ~Rule.EXACTLY_ONE.mask(loco, loco)
                      & game.table_mask)
        card = next(cards_in(two_shared))
        assert game.apply(Pick(seat, 1.0, card)).ok
        assert game.apply(Stack(seat, 1.0)).ok
    assert game.outcome().lengths == (1, 0)


def test_r7_the_card_a_train_must_match_is_its_top_wagon_or_its_locomotive_while_empty() -> None:
    """R7: the next wagon matches the train's last wagon; an empty train's, its locomotive."""
    game = started_race("kids", 2, seed=3)
    assert game.top(0) == game.locomotives[0]
    card = pick(game, 0, fits=True, t=1.0)
    assert game.apply(Stack(0, 1.5)).ok
    assert game.top(0) == WAGONS[card] != game.locomotives[0]


def test_r18_a_training_tie_goes_to_the_player_who_did_not_call_stop() -> None:
    """R16-R18: both trains five wagons of their locomotive's type, seat 0 calls stop: the
    tie goes to seat 1, and the result names the caller (the table shows why)."""
    game = started_race("training", 2, seed=2)
    for t in range(5):
        for seat in (0, 1):
            pick(game, seat, fits=True, t=float(t))
            assert game.apply(Stack(seat, t + 0.5)).ok
    assert game.apply(CallStop(0, 9.0)).ok
    outcome = game.outcome()
    assert outcome.lengths == (5, 5) and outcome.winners == (1,)
    assert outcome.reason is WinReason.NOT_STOP_CALLER and outcome.details.stop_caller == 0


def test_a_card_put_back_beyond_the_tables_edge_lies_on_the_edge() -> None:
    """A card put back past the table's free area (a finger slid past it, a thrown card)
    lies on its edge, each coordinate within 0..1, in the game and in its replay: a game
    resumed from its log never places a card off the table."""
    for x, y, lands in ((1.5, -0.5, (1.0, 0.0)), (-0.2, 1.7, (0.0, 1.0)),
                        (0.25, 0.5, (0.25, 0.5))):
        game = started_race("lords", 2, seed=3)
        card = pick(game, 0, fits=False)
        assert game.apply(PutBack(0, 2.0, x, y)).ok
        assert game.positions[card] == lands
        rebuilt = replay(game.record())
        assert isinstance(rebuilt, RaceGame) and rebuilt.positions[card] == lands


@pytest.mark.parametrize("seed", range(10))
def test_r13_the_deal_spreads_the_cards_evenly_over_the_kiosks_free_area(seed: int) -> None:
    """R13 on the kiosk's own table (16:9, six zones): the 54 cards are dealt over the whole
    free area, no two closer than three quarters of the spacing of 54 cards spread evenly
    over it (a grid the wrong shape for the area crowds them one way: 14 columns by 4 rows
    leave two cards 0.71 of it apart at most; 12 by 5, as dealt, 0.78 at least)."""
    free = TableLayout.build(1920, 1080).free
    game = started_race("kids", 2, seed=seed)
    points = [(x * free.w, y * free.h) for x, y in game.positions]
    even = math.sqrt(free.w * free.h / len(points))
    closest = min(math.dist(a, b) for i, a in enumerate(points) for b in points[:i])
    assert closest >= 0.75 * even, closest / even


def test_r13_the_dealt_cards_lie_scattered_not_lined_up() -> None:
    """R13: the cards are scattered as if spread by hand, each jittered within its place, so
    no two of the 54 line up exactly across or along the table (a plain grid would put a
    dozen in each row and column)."""
    for seed in range(5):
        positions = started_race("kids", 2, seed=seed).positions
        assert len({x for x, _y in positions}) == len({y for _x, y in positions}) == 54


def test_r25_a_seat_rule_the_variant_does_not_allow_is_named_with_the_ones_it_does() -> None:
    """R25: a Kids table allows a Kids or a Rois seat, never Training's rule; the error
    names the seat, its rule, and the rules allowed, so an admin's config is fixed at once."""
    with pytest.raises(ValueError, match=r"^seat 0: rule type-only is not allowed in kids; "
                                         r"expected one of at-least-one, exactly-one$"):
        GameConfig("kids", (SeatConfig(Rule.TYPE_ONLY), SeatConfig()))


def test_a_config_given_a_rule_per_seat_must_get_one_for_every_seat() -> None:
    """R25: rules chosen per seat come one for each player; two for three is named so."""
    with pytest.raises(ValueError, match=r"^2 rules given for 3 players$"):
        GameConfig.for_players("kids", 3, rules=[Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE])


def test_r13_each_dealt_card_lies_at_its_own_slight_angle() -> None:
    """R13: the cards lie as if spread by hand, each turned a little (at most 0.3 rad either
    way), no two alike; the game holds the angles, so a replay deals them the same."""
    game = started_race("kids", 2, seed=6)
    assert all(-0.3 <= a <= 0.3 for a in game.angles) and len(set(game.angles)) == 54
    rebuilt = replay(game.record())
    assert isinstance(rebuilt, RaceGame) and rebuilt.angles == game.angles


def test_d4_a_game_ended_with_cards_left_that_fit_no_train_says_so() -> None:
    """D4: when loose cards remain but none fits any train, the game ends for that reason
    (the results say no card fits, not that the table is empty), and, ended without a stop,
    it names nobody as the stop's caller (R16, R18: only a Training stop does)."""
    game = started_race("training", players=2, assisted=True)
    assert game.stacked_mask != ALL_CARDS  # every wagon still loose
    game.fit_masks[0] = game.fit_masks[1] = 0
    assert game._check_end() is EndReason.NO_FITTING_CARD and game.over
    assert game.end_reason is EndReason.NO_FITTING_CARD
    assert game.outcome().details.stop_caller is None
