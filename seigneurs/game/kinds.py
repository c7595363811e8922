"""One entry per game kind (`Variant.engine`): everything the pure game knows that differs
between the race (everyone searches one table) and Duo (two piles, rows), found from the
variant's kind, as python-chess finds a board class by its variant's name.

The table's part of a kind (its places, its session) is `table.kinds`'s, the screen's (its
view, its results) `ui.kinds`'s: each layer registers its half under the same name, so this
one loads without the table's physics or arcade. Nothing outside `game/` and those registries
asks which kind a game is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from seigneurs.game.actions import PutBack, RemoveLocomotive
from seigneurs.game.bots import Bot, BotLevel, DuoBot, RaceBot
from seigneurs.game.config import GameConfig
from seigneurs.game.duo import DuoGame
from seigneurs.game.engine import Game
from seigneurs.game.race import RaceGame
from seigneurs.rules import Variant, WagonType
from seigneurs.rules.registry import lookup

Trains = list[dict[str, Any]]
"""A finished game's trains as the history keeps them (JSON objects)."""


@dataclass(frozen=True, slots=True)
class GameKind:
    """How one kind of game is dealt, played by bots, resumed and recorded."""

    name: str
    engine: type[Game]
    bot: Callable[[Any, int, BotLevel, random.Random], Bot]
    set_up: Callable[[Any, WagonType | None], None]
    """After a new deal: the deal's own choice made (Duo: the `removed` locomotive, D6)."""
    resumed: Callable[[Any], None]
    """A game replayed from a journal or a log goes on: its held cards put back (R11)."""
    set_aside: Callable[[Any], WagonType | None]
    """What the deal took out, to deal the same table again (Duo's locomotive)."""
    takes_out_locomotive: bool
    """Whether a deal takes one locomotive out, so the lobby offers the choice (D6)."""
    record: Callable[[Any], tuple[Trains, list[int]]]
    """The checked trains and the winners, as the history keeps them."""


def _nothing(*_args: object) -> None:
    """A step this kind does not have."""


def _none(_game: object) -> None:
    return None


def _put_back_held(game: RaceGame) -> None:
    for seat, card in enumerate(game.hands):
        if card >= 0:
            game.apply(PutBack(seat, game.clock, *game.positions[card]))


def _race_record(game: RaceGame) -> tuple[Trains, list[int]]:
    race = game.outcome()
    trains = [{"locomotive": str(game.locomotives[s]),
               "wagons": [str(c) for c in game.train_cards(s)],
               "checked": race.details.checks[s].length} for s in range(game.seat_count)]
    return trains, list(race.winners)


def _remove_locomotive(game: DuoGame, removed: WagonType | None) -> None:
    game.apply(RemoveLocomotive(0, 0.0, removed))


def _removed(game: DuoGame) -> WagonType | None:
    return game.removed.type if game.removed else None


def _duo_record(game: DuoGame) -> tuple[Trains, list[int]]:
    duo = game.outcome()
    trains: Trains = [{"locomotive": str(r.locomotive), "lengths": [c.length for c in r.checks],
                       "winner": r.winner} for r in duo.details.locomotives]
    return trains, list(duo.winners)


KINDS: dict[str, GameKind] = {
    kind.name: kind
    for kind in (
        GameKind("race", RaceGame, RaceBot, _nothing, _put_back_held, _none,
                 takes_out_locomotive=False, record=_race_record),
        GameKind("duo", DuoGame, DuoBot, _remove_locomotive, _nothing, _removed,
                 takes_out_locomotive=True, record=_duo_record),
    )
}


def kind(spec: Variant) -> GameKind:
    """The kind that plays `spec`, with a clear error for one nobody registered."""
    return lookup(KINDS, spec.engine, "game kind")


def kind_of(game: Game) -> GameKind:
    """The kind of a game being played."""
    return kind(game.variant)


def deal(config: GameConfig, removed: WagonType | None = None) -> Game:
    """A new game of `config`, set up by its kind (Duo: without `removed`, None: at random)."""
    spec = kind(config.spec)
    game = spec.engine(config)
    spec.set_up(game, removed)
    return game


def make_bot(game: Game, seat: int, level: BotLevel, rng: random.Random) -> Bot:
    """A bot of the right kind for `game`, drawing its choices and delays from `rng`."""
    return kind_of(game).bot(game, seat, level, rng)


ENGINES: dict[str, type[Game]] = {name: k.engine for name, k in KINDS.items()}
"""The engines by kind, as the engine contract's tests read them."""
BOTS: dict[str, Callable[[Any, int, BotLevel, random.Random], Bot]] = {
    name: k.bot for name, k in KINDS.items()}
"""The bots by kind, likewise."""
