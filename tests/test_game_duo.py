"""Le Duo des Rails (R26-R34, D6, D7, D8)."""

from __future__ import annotations

import pytest
from helpers import duo, set_piles, until

from seigneurs.game import (
    Applied,
    DuoGame,
    EndReason,
    GameConfig,
    Lay,
    Phase,
    Pick,
    Reason,
    RemoveLocomotive,
    Under,
    Whistle,
    new_game,
)
from seigneurs.game import (
    NotApplied as Refused,
)
from seigneurs.game.duo import ROWS
from seigneurs.game.duo import RULE as DUO_RULE
from seigneurs.rules import LOCOMOTIVES, WAGONS, WagonType
from seigneurs.rules.cards import Card


def reason(result: object) -> Reason:
    assert isinstance(result, Refused), result
    return result.reason


def fitting_row(game: DuoGame, seat: int) -> int | None:
    card = game.top_card(seat)
    assert card is not None
    return next((r for r in range(ROWS) if game.fits(seat, r, card)), None)


def test_r26_two_face_down_piles_of_27() -> None:
    game = new_game(GameConfig.for_players("duo", 2, 5))
    assert isinstance(game, DuoGame)
    assert [len(p) for p in game.piles] == [27, 27]
    assert sorted([*game.piles[0], *game.piles[1]]) == list(range(54))
    with pytest.raises(ValueError, match="2-2 players"):
        GameConfig.for_players("duo", 3)


def test_r27_d6_players_remove_one_locomotive_five_stay_in_a_column() -> None:
    game = new_game(GameConfig.for_players("duo", 2, 5))
    assert isinstance(game, DuoGame) and game.phase is Phase.SETUP
    assert reason(game.apply(Whistle(0, 0.0))) is Reason.NOT_CHOSEN
    assert game.apply(RemoveLocomotive(1, 0.0, WagonType.COAL)).ok
    assert len(game.locomotives) == 5 and all(lo.type != "coal" for lo in game.locomotives)
    assert reason(game.apply(RemoveLocomotive(1, 0.0, None))) is Reason.ALREADY_STARTED


def test_d6_skipped_choice_removes_one_at_random_from_the_seed() -> None:
    removed = {duo(seed).removed for seed in range(30)}
    assert len(removed) > 1 and removed <= set(LOCOMOTIVES)
    assert duo(7).removed == duo(7).removed


def test_r28_play_starts_at_the_whistle_and_each_lays_at_their_right() -> None:
    game = new_game(GameConfig.for_players("duo", 2, 1))
    assert isinstance(game, DuoGame)
    game.apply(RemoveLocomotive(0, 0.0, None))
    assert reason(game.apply(Lay(0, 0.0, 0))) is Reason.NOT_STARTED
    game.apply(Whistle(0, 0.0))
    row = fitting_row(game, 0)
    assert row is not None
    card = game.top_card(0)
    assert game.apply(Lay(0, 1.0, row)).ok
    assert game.rows[0][row] == [card] and game.rows[1][row] == []  # each player's own rows


def test_r29_d8_assisted_refuses_a_card_that_fits_no_previous() -> None:
    for seed in range(200):
        game = duo(seed, assisted=True)
        card = game.top_card(0)
        assert card is not None
        bad = next((r for r in range(ROWS) if not game.fits(0, r, card)), None)
        if bad is not None:
            assert reason(game.apply(Lay(0, 1.0, bad))) is Reason.DOES_NOT_FIT
            assert game.top_card(0) == card
            return
    pytest.fail("no card that misfits a locomotive in 200 deals")


def test_r30_a_card_sent_under_goes_to_the_bottom() -> None:
    game = duo()
    top = game.top_card(0)
    assert game.apply(Under(0, 1.0)).ok
    assert game.piles[0][-1] == top and len(game.piles[0]) == 27


def test_r31_the_game_ends_when_one_pile_is_empty() -> None:
    game = duo(3, assisted=False)
    t = 1.0
    for _ in until(lambda: game.over, 500):
        game.apply(Lay(0, t, 0))
        t += 1
    assert game.end_reason is EndReason.PILE_EMPTY and not game.piles[0]
    assert reason(game.apply(Lay(1, t, 0))) is Reason.GAME_OVER


def test_d7_stalemate_when_neither_can_lay_any_card() -> None:
    game = duo(3)
    game.row_masks[0][:] = [0] * ROWS
    game.row_masks[1][:] = [0] * ROWS
    assert game._check_end() is EndReason.STALEMATE


def test_r32_r33_outcome_checks_rows_from_the_locomotive() -> None:
    game = duo(11, assisted=False)
    t = 1.0
    for _ in until(lambda: game.over, 500):
        for seat in (0, 1):
            row = fitting_row(game, seat) if game.top_card(seat) is not None else None
            game.apply(Lay(seat, t, row if row is not None else 0))
            t += 0.5
    outcome = game.outcome()
    assert len(outcome.details.locomotives) == 5
    assert sum(outcome.details.won) <= 5
    for k, result in enumerate(outcome.details.locomotives):
        assert result.checks[0].length <= len(game.rows[0][k])


def test_duo_refuses_race_actions_and_bad_rows() -> None:
    game = duo()
    assert reason(game.apply(Pick(0, 1.0, 3))) is Reason.NOT_IN_THIS_VARIANT
    assert reason(game.apply(Lay(0, 1.0, 5))) is Reason.NO_SUCH_ROW
    assert len(WAGONS) == sum(len(p) for p in game.piles)


def test_r28_a_lay_answers_with_the_card_laid_and_whether_it_fit() -> None:
    """R28/R29: the table shows the laid card in its row from the game's answer, fitting or
    not (a classic seat may lay a misfit, D8)."""
    for fits in (True, False):
        game = duo(3, assisted=False)
        card = game.top_card(0)
        assert card is not None
        row = next(r for r in range(ROWS) if game.fits(0, r, card) is fits)
        result = game.apply(Lay(0, 1.0, row))
        assert isinstance(result, Applied) and (result.card, result.fits) == (card, fits)


def set_tops(game: DuoGame, seat: int, tops: list[str]) -> None:
    """`seat`'s five rows, each ending in the given card, and what each then takes (R29)."""
    cards = [Card.parse(top) for top in tops]
    game.rows[seat][:] = [[card.index] for card in cards]
    game.row_masks[seat][:] = [DUO_RULE.mask(loco, card)
                               for loco, card in zip(game.locomotives, cards, strict=True)]


def cards(*names: str) -> list[int]:
    """The cards of these names, by index."""
    return [Card.parse(name).index for name in names]


# Rows that take no red card and no 2 (blue or yellow, 3 or 4, never a coach): a coach/red/2
# fits none of them, nor after tanker/blue/3 (it shares no feature with it).
NO_RED_NOR_TWO = ["logs/blue/3", "coal/yellow/4", "boxcar/blue/4", "animals/yellow/3",
                  "tanker/yellow/3"]


NO_RED_NOR_THREE = ["logs/blue/2", "coal/yellow/4", "boxcar/blue/4", "animals/yellow/2",
                    "tanker/yellow/4"]


def test_d7_the_card_just_laid_no_longer_counts_as_one_its_player_could_lay() -> None:
    """D7 after a Lay: the laid card has left its pile, so when no card left in either pile
    fits its player's rows the game ends in a stalemate at once (the laid card itself, or any
    card not in the pile, fits the row it went to)."""
    game = duo(3, assisted=False)
    set_piles(game, cards("tanker/blue/3", "coach/red/2"), cards("coach/red/3"))
    set_tops(game, 0, NO_RED_NOR_TWO)
    set_tops(game, 1, NO_RED_NOR_THREE)
    assert game.fitting_rows(0) and not game.fitting_rows(1)  # only seat 0's top card fits
    result = game.apply(Lay(0, 1.0, 0))
    assert isinstance(result, Applied) and result.ended is EndReason.STALEMATE and game.over


def test_r30_d8_an_assisted_seat_sends_under_a_card_that_fits_no_row() -> None:
    """R30 with D8 assisted: a top card that fits none of the seat's rows may go under the
    pile (a child is never stuck with it), and the answer names it."""
    game = duo(3, assisted=True)
    set_piles(game, cards("coach/red/2", "tanker/blue/3"), cards("coach/red/3"))
    set_tops(game, 0, NO_RED_NOR_TWO)
    assert not game.fitting_rows(0)
    result = game.apply(Under(0, 1.0))
    assert isinstance(result, Applied) and result.card == Card.parse("coach/red/2").index
    assert [WAGONS[c] for c in game.piles[0]] == [Card.parse("tanker/blue/3"),
                                                   Card.parse("coach/red/2")]


def test_r30_an_under_answers_with_the_card_sent_under() -> None:
    """R30: the table shows the card going under the pile from the game's answer, so the
    answer names that card, the old top, not the new one."""
    game = duo(3, assisted=False)
    top, following = game.piles[0][0], game.piles[0][1]
    result = game.apply(Under(0, 1.0))
    assert isinstance(result, Applied) and result.action == Under(0, 1.0)
    assert result.card == top != following and game.top_card(0) == following


def test_r27_no_row_fits_before_the_set_up_nor_without_a_top_card() -> None:
    """Before the set-up (R27, D6: no rows yet) and once a pile is empty (R31), no row takes
    the seat's top card: the table hints no row and a crowd's child reaches for none."""
    game = new_game(GameConfig.for_players("duo", 2, 3))
    assert isinstance(game, DuoGame) and game.phase is Phase.SETUP
    assert game.fitting_rows(0) == game.fitting_rows(1) == []
    game = duo(3, assisted=False)
    set_piles(game, cards("coach/red/2"), cards("coach/red/3"))
    assert game.apply(Lay(0, 1.0, 0)).ok and game.over and not game.piles[0]
    assert game.fitting_rows(0) == []


def test_r31_after_a_pile_runs_out_its_player_is_told_the_game_is_over() -> None:
    """R31: the game ends when a pile is empty, so a Lay or Under from that pile's player is
    refused because the game is over, like everyone's."""
    game = duo(3, assisted=False)
    set_piles(game, cards("coach/red/2"), cards("coach/red/3"))
    assert game.apply(Lay(0, 1.0, 0)).ok and game.end_reason is EndReason.PILE_EMPTY
    for seat in (0, 1):
        assert {game.verify(Lay(seat, 2.0, 0)), game.verify(Under(seat, 2.0))} == \
            {Reason.GAME_OVER}


def test_d7_a_deal_in_which_neither_player_can_lay_ends_at_the_whistle() -> None:
    """D7 from the first moment: when no card of either pile fits its player's rows as the
    whistle blows, the game ends there in a stalemate, and the whistle's answer says so (a
    table would otherwise wait for a Lay that can never come)."""
    game = new_game(GameConfig.for_players("duo", 2, 3, assisted=False))
    assert isinstance(game, DuoGame) and game.apply(RemoveLocomotive(0, 0.0, None)).ok
    set_piles(game, cards("coach/red/2"), cards("coach/red/3"))
    set_tops(game, 0, NO_RED_NOR_TWO)
    set_tops(game, 1, NO_RED_NOR_THREE)
    result = game.apply(Whistle(1, 0.0))
    assert isinstance(result, Applied) and result.ended is EndReason.STALEMATE
    assert game.over and game.end_reason is EndReason.STALEMATE
