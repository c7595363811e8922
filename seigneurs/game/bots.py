"""Bots that play any seat like a person would: they react after a while and sometimes err.

Levels run from toddler to expert (mean and spread of reaction time in seconds, the chance of a
mistake in classic mode, and whether they remember cards they have already turned). The table
app uses them for solo play and the attract demo; the simulator for statistics and speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from seigneurs.game.actions import (
    Action,
    CallStop,
    Lay,
    Pick,
    PutBack,
    Stack,
    TurnLocomotive,
    Under,
)
from seigneurs.game.duo import ROWS, DuoGame
from seigneurs.game.engine import Phase
from seigneurs.game.factory import AnyGame
from seigneurs.game.race import NOBODY, RaceGame
from seigneurs.rules.registry import lookup


@dataclass(frozen=True, slots=True)
class BotLevel:
    """How quickly and how well a bot plays."""

    name: str
    reaction_mean: float
    reaction_spread: float
    mistake_rate: float
    memory: bool


BOT_LEVELS: dict[str, BotLevel] = {
    level.name: level
    for level in (
        BotLevel("toddler", 2.5, 1.0, 0.25, memory=False),
        BotLevel("child", 1.5, 0.6, 0.10, memory=True),
        BotLevel("adult", 0.8, 0.3, 0.03, memory=True),
        BotLevel("expert", 0.45, 0.12, 0.0, memory=True),
    )
}


def bot_level(name: str) -> BotLevel:
    """Look a level up by name, with a clear error listing the known ones."""
    return lookup(BOT_LEVELS, name, "bot level")


def random_bit(mask: int, rng: random.Random) -> int:
    """The index of a uniformly chosen set bit of a non-zero `mask`."""
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class Bot:
    """One seat's player, bound to its game; `next_action` looks at the game as it is at `t`."""

    def __init__(self, seat: int, level: BotLevel, rng: random.Random) -> None:
        self.seat = seat
        self.level = level
        self.rng = rng
        self._floor = level.reaction_mean * 0.2

    def delay(self) -> float:
        """Seconds until this bot acts again (never less than a fifth of its mean)."""
        wait = self.rng.gauss(self.level.reaction_mean, self.level.reaction_spread)
        return wait if wait > self._floor else self._floor

    def erring(self, assisted: bool) -> bool:
        """Whether this move is a mistake (only classic mode lets a mistake through, D8)."""
        return not assisted and self.rng.random() < self.level.mistake_rate

    def next_action(self, t: float, avoid: int = 0, near: int = 0,
                    fetch: int = 0) -> Action | None:
        """The bot's move now, or None to wait. Polite at a table with children: it never
        picks a card in the `avoid` mask (touched by a finger), searches the `near` mask (its
        own side) first, and with nothing of its own to do fetches a card of the `fetch`
        mask (one a child needs but cannot reach) so the table can put it back nearer them
        (issue 9, clause 4)."""
        raise NotImplementedError


class BotLoop:
    """The one bot loop: each bot acts when its reaction delay is up (table, demo, simulator)."""

    def __init__(self, bots: dict[int, Bot], start: float = 0.0) -> None:
        self.bots = bots
        self.due = {seat: start + bot.delay() for seat, bot in bots.items()}

    def next_due(self) -> float:
        """When the next bot acts (infinity with no bots)."""
        return min(self.due.values(), default=float("inf"))

    def actions(self, t: float, avoid: int = 0, near: Callable[[int], int] | None = None,
                fetch: Callable[[], int] | None = None) -> Iterator[Action]:
        """The moves of every bot due at `t`, seat by seat; each bot's next turn is then
        scheduled. Moves are yielded one at a time so each sees the game the last one left."""
        for seat, bot in self.bots.items():
            if t < self.due[seat]:
                continue
            self.due[seat] = t + bot.delay()
            action = bot.next_action(t, avoid, near(seat) if near else 0,
                                     fetch() if fetch else 0)
            if action is not None:
                yield action


class RaceBot(Bot):
    """Searches like a player of Training, Seigneurs, Kids or Rois."""

    def __init__(self, game: RaceGame, seat: int, level: BotLevel, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.game = game
        self.seen = 0  # cards turned and found useless (remembered if the level has memory)

    def next_action(self, t: float, avoid: int = 0, near: int = 0,
                    fetch: int = 0) -> Action | None:
        game, seat = self.game, self.seat
        if game.phase is not Phase.PLAYING:  # a bot turns its locomotive, never whistles
            return next((a for a in game.legal_actions(seat, t) if type(a) is TurnLocomotive),
                        None)
        held = game.hands[seat]
        if held != NOBODY:
            stack = Stack(seat, t)
            if game.can(stack) and (game.fits(seat, held) or self.erring(game.assisted[seat])):
                return stack  # it fits, or a mistake classic mode lets through (D8)
            if self.level.memory:
                self.seen |= 1 << held
            return PutBack(seat, t, *game.positions[held])
        stop = CallStop(seat, t)
        if game.can(stop) and self._leads():
            return stop
        on_table = game.pickable(seat) & ~avoid  # the Picks offered, as a mask: no list of 54
        face_up = game.face_up(on_table)
        fitting = game.fitting(seat, face_up)
        if fitting:
            return Pick(seat, t, random_bit(fitting & near or fitting, self.rng))
        face_down = on_table & ~face_up
        candidates = (face_down & ~self.seen) or face_down
        candidates = candidates & near or candidates or fetch & game.pickable(seat)
        return Pick(seat, t, random_bit(candidates, self.rng)) if candidates else None

    def _leads(self) -> bool:
        """Training: a stop is worth calling when the train is longer than anyone else's
        (the engine offers it from 5 wagons, R16)."""
        trains = self.game.trains
        mine = len(trains[self.seat])
        return mine > max(len(train) for s, train in enumerate(trains) if s != self.seat)


class DuoBot(Bot):
    """Lays its pile's top card on a fitting row, or sends it under (R28-R30)."""

    def __init__(self, game: DuoGame, seat: int, level: BotLevel, rng: random.Random) -> None:
        super().__init__(seat, level, rng)
        self.game = game

    def next_action(self, t: float, avoid: int = 0, near: int = 0,
                    fetch: int = 0) -> Action | None:
        game, seat = self.game, self.seat
        card = game.top_card(seat)
        if game.phase is not Phase.PLAYING or card is None:
            return None  # the set-up and the whistle are the children's
        if avoid >> card & 1:
            return None  # a finger holds the revealed card: wait
        first = int(self.rng.random() * ROWS)  # scan the rows from a random one, like a glance
        if self.erring(game.assisted[seat]):
            return Lay(seat, t, first)  # classic mode lets any row through (D8)
        for step in range(ROWS):
            row = (first + step) % ROWS
            if game.fits(seat, row, card):  # the first fitting row from the glance (R29)
                return Lay(seat, t, row)
        under = Under(seat, t)
        return under if game.can(under) else None  # R30: it fits no row


BOTS: dict[str, Callable[[Any, int, BotLevel, random.Random], Bot]] = {
    "race": RaceBot, "duo": DuoBot,
}
"""Bots by variant kind (`Variant.engine`), as the engines in `factory.ENGINES`."""


def make_bot(game: AnyGame, seat: int, level: BotLevel, rng: random.Random) -> Bot:
    """A bot of the right kind for `game`, drawing its choices and delays from `rng`."""
    return BOTS[game.variant.engine](game, seat, level, rng)
