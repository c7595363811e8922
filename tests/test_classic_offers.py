"""Classic play (D8 off) lets a child make their own mistakes: the engine offers a Stack of a
card that does not fit (it is cut at the check, R7) and Under for a card that fits a row
(R30), so nothing a classic player may do is missing from `legal_actions`."""

from __future__ import annotations

from helpers import pick, started_race

from seigneurs.game import DuoGame, GameConfig, RemoveLocomotive, Stack, Under, Whistle, new_game


def test_d8_a_classic_seat_is_offered_a_stack_of_a_card_that_does_not_fit() -> None:
    game = started_race("lords", assisted=False)
    pick(game, 0, fits=False)
    assert Stack(0, 0.0) in game.legal_actions(0)
    assert game.apply(Stack(0, 1.5)).ok


def test_r30_a_classic_duo_seat_is_offered_under_for_a_card_that_fits_a_row() -> None:
    game = new_game(GameConfig.for_players("duo", 2, 1, assisted=False))
    assert isinstance(game, DuoGame)
    assert game.apply(RemoveLocomotive(0, 0.0, None)).ok and game.apply(Whistle(0, 0.0)).ok
    for seat in (0, 1):
        assert game.fitting_rows(seat)  # a fresh row takes a card sharing a locomotive's feature
        assert Under(seat, 0.0) in game.legal_actions(seat)
