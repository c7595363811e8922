"""How Duo ends: R31 as soon as either pile is empty; D7 when neither player can lay any card
of their own pile (the other player's pile is not theirs to lay)."""

from __future__ import annotations

from helpers import set_piles

from seigneurs.game import DuoGame, EndReason, GameConfig, Lay, RemoveLocomotive, Whistle, new_game
from seigneurs.game.duo import ROWS


def duo() -> DuoGame:
    game = new_game(GameConfig.for_players("duo", 2, 4))
    assert isinstance(game, DuoGame)
    assert game.apply(RemoveLocomotive(0, 0.0, None)).ok
    assert game.apply(Whistle(0, 0.0)).ok
    return game


def test_r31_the_game_ends_when_one_pile_is_empty_the_other_still_full() -> None:
    for seat in (0, 1):
        game = duo()
        mine, theirs = list(game.piles[seat]), list(game.piles[1 - seat])
        piles = ([mine[0]], theirs) if seat == 0 else (theirs, [mine[0]])
        set_piles(game, *piles)
        result = game.apply(Lay(seat, 1.0, 0))
        assert result.ok and result.ended is EndReason.PILE_EMPTY
        assert game.over and game.end_reason is EndReason.PILE_EMPTY and game.piles[1 - seat]


def test_d7_a_seat_that_can_lay_a_card_of_its_own_pile_keeps_the_game_going() -> None:
    """Only `seat`'s rows take a card, and only `seat`'s pile has it: play goes on. Had the
    other pile been read, nobody could lay and the game would wrongly end."""
    for seat in (0, 1):
        game = duo()
        fits, misfit = 5, 40  # the rows' masks below say which card fits where
        mine, theirs = [fits, 6], [misfit, 41]
        set_piles(game, *((mine, theirs) if seat == 0 else (theirs, mine)))
        game.row_masks[seat][:] = [1 << fits] + [0] * (ROWS - 1)
        game.row_masks[1 - seat][:] = [0] * ROWS  # the other player can lay nothing
        assert game._check_end() is None and not game.over
        game.row_masks[seat][:] = [1 << misfit] * ROWS  # now nobody can lay their own card
        assert game._check_end() is EndReason.STALEMATE
