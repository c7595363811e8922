"""Make the right engine for a config: the registry maps a variant's kind to its engine."""

from __future__ import annotations

from seigneurs.game.config import GameConfig
from seigneurs.game.duo import DuoGame
from seigneurs.game.race import RaceGame

AnyGame = RaceGame | DuoGame

ENGINES: dict[str, type[RaceGame] | type[DuoGame]] = {"race": RaceGame, "duo": DuoGame}
"""Engines by variant kind (`Variant.engine`)."""


def new_game(config: GameConfig) -> AnyGame:
    """A freshly dealt game for `config` (R13, R26)."""
    return ENGINES[config.spec.engine](config)
