"""Cards on felt where the game dealt them, on the kiosk's own 1920 x 1080 table."""

from __future__ import annotations

from seigneurs.game import GameConfig, RaceGame, new_game
from seigneurs.rect import Rect
from seigneurs.table.layout import TableLayout
from seigneurs.table.physics import CardPhysics

LAYOUT = TableLayout.build(1920, 1080)


def dealt(seed: int, layout: TableLayout = LAYOUT) -> CardPhysics:
    """The cards where the game dealt them: the game holds the only positions (issue 9)."""
    game = new_game(GameConfig.for_players("kids", 6, seed))
    assert isinstance(game, RaceGame)
    physics = CardPhysics(Rect(0, 0, layout.width, layout.height), layout.card_w,
                          layout.card_h)
    for card, (x, y) in enumerate(game.positions):
        physics.add(card, *layout.free.at(x, y), game.angles[card])
    return physics
