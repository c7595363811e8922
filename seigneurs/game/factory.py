"""Make the right engine for a config (found from the variant's kind, `kinds`), or rebuild a
game from its event log."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TypeVar, overload

from seigneurs.game.actions import action_from_json
from seigneurs.game.config import GameConfig
from seigneurs.game.duo import DuoGame
from seigneurs.game.engine import Game
from seigneurs.game.kinds import kind as kind_playing
from seigneurs.game.race import RaceGame

AnyGame = RaceGame | DuoGame


Engine = TypeVar("Engine", bound=Game)


@overload
def new_game(config: GameConfig) -> AnyGame: ...


@overload
def new_game(config: GameConfig, kind: type[Engine]) -> Engine: ...


def new_game(config: GameConfig, kind: type[Game] | None = None) -> Game:
    """A freshly dealt game for `config` (R13, R26), by the engine its variant names; with
    `kind`, typed as that engine, and a ValueError if the variant is played by another."""
    engine = kind_playing(config.spec).engine
    if kind is not None and engine is not kind:
        raise ValueError(f"{config.variant} is played by {engine.__name__}, not {kind.__name__}")
    return engine(config)


def replay(lines: Iterable[str]) -> AnyGame:
    """Rebuild a game from `Game.record()` lines; a malformed log raises ValueError."""
    items = iter(lines)
    try:
        header = json.loads(next(items))
        game = new_game(GameConfig.from_json(header["config"]))
        for number, line in enumerate(items, start=2):
            if line.strip():
                try:
                    game.apply(action_from_json(json.loads(line)))
                except (ValueError, TypeError) as error:
                    raise ValueError(f"event log line {number}: {error}") from None
    except StopIteration:
        raise ValueError("empty event log") from None
    except (KeyError, TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"event log header: {error}") from None
    return game
