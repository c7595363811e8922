"""Le Duo des Rails (R26-R34, D6, D7, D8)."""

from __future__ import annotations

import pytest
from helpers import duo, until

from seigneurs.game import (
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
from seigneurs.rules import LOCOMOTIVES, WAGONS, WagonType


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
