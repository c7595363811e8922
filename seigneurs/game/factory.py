"""Make the right engine for a config: the registry maps a variant's shape to its engine."""

from __future__ import annotations

from seigneurs.game.config import GameConfig
from seigneurs.game.duo import DuoGame
from seigneurs.game.race import RaceGame

AnyGame = RaceGame | DuoGame

_ENGINES: dict[bool, type[RaceGame] | type[DuoGame]] = {False: RaceGame, True: DuoGame}


def new_game(config: GameConfig) -> AnyGame:
    """A freshly dealt game for `config` (R13, R26)."""
    return _ENGINES[config.spec.duo](config)
