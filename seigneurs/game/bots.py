"""Bots that play any seat like a person would: they react after a while, carry a card home at a
hand's pace, and sometimes err.

Levels run from toddler to expert (mean and spread of reaction time in seconds, the chance of a
mistake in classic mode, whether they remember cards they have already turned, how fast their
hand carries a card); `close` paces itself to the children at the table so the game stays close
(`seigneurs matchup` measures each level against children of an age). The table app uses them
for solo play and the attract demo; the simulator for statistics and speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

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
from seigneurs.game.engine import Game, Phase
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
    hand_cm_s: float
    """How fast the bot's hand carries a card home across the table (a child's pace when gentle)."""
    close: bool = False
    """Paces itself to the children at the table: never more than a wagon ahead of the best
    of them, and no faster than their wagons per minute so far (alone with bots: full speed)."""


BOT_LEVELS: dict[str, BotLevel] = {
    level.name: level
    for level in (
        BotLevel("toddler", 7.8, 2.5, 0.30, memory=False, hand_cm_s=8.0),
        BotLevel("child", 3.5, 1.2, 0.12, memory=True, hand_cm_s=18.0),
        BotLevel("adult", 0.9, 0.3, 0.03, memory=True, hand_cm_s=50.0),
        BotLevel("expert", 0.45, 0.12, 0.0, memory=True, hand_cm_s=90.0),
        BotLevel("close", 0.4, 0.12, 0.0, memory=True, hand_cm_s=90.0, close=True),
    )
}
START_S = 1.0
"""The longest a bot takes to turn its locomotive over (R23)."""
CARRY_CM = 35.0
"""How far a card is carried home when nobody measured the table (the simulator's default)."""


def bot_level(name: str) -> BotLevel:
    """Look a level up by name, with a clear error listing the known ones."""
    return lookup(BOT_LEVELS, name, "bot level")


def bots_random(seed: int) -> random.Random:
    """The bots' own stream of chance for a game dealt from `seed`, apart from the deal's:
    the same bots make the same moves in a replay, the table and the simulator."""
    return random.Random(~seed)


def random_bit(mask: int, rng: random.Random) -> int:
    """The index of a uniformly chosen set bit of a non-zero `mask`."""
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class Bot:
    """One seat's player, bound to its game; `next_action` looks at the game as it is at `t`."""

    def __init__(self, game: Game, seat: int, level: BotLevel, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.level = level
        self.rng = rng
        self._floor = level.reaction_mean * 0.2
        self.people: tuple[int, ...] = ()  # the seats no bot plays (the BotLoop tells)
        self.playing_since: float | None = None
        self.last_progress = 0.0  # when this bot last stacked or laid

    def progress(self, seat: int) -> int:
        """How many wagons `seat` has placed so far (its train, or its cards laid in Duo)."""
        raise NotImplementedError

    def holding(self) -> bool:
        """Whether the bot is in the middle of a move (a card in its hand)."""
        return False

    def can_progress(self, seat: int) -> bool:
        """Whether `seat` can still place a wagon (a close bot never waits for one who cannot)."""
        return True

    def waits(self, t: float) -> bool:
        """A close bot holds back while it leads the best child, and while level with them
        until their own pace so far says another wagon is due (issue 18)."""
        if not self.level.close or not self.people or self.holding():
            return False
        if self.playing_since is None:
            self.playing_since = self.last_progress = t
        mine = self.progress(self.seat)
        best = max(self.progress(s) for s in self.people)
        if mine < best or not any(self.can_progress(s) for s in self.people):
            return False
        if mine > best:
            return True
        per_wagon = (t - self.playing_since) / (best + 1)  # the best child's pace so far
        return t - self.last_progress < per_wagon

    def delay(self) -> float:
        """Seconds until this bot acts again (never less than a fifth of its mean); before
        play, at most START_S: a gentle bot never keeps children waiting to begin."""
        wait = self.rng.gauss(self.level.reaction_mean, self.level.reaction_spread)
        wait = wait if wait > self._floor else self._floor
        return wait if self.game.phase is Phase.PLAYING else min(wait, START_S)

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
        self.carry: Callable[[int, int], float] = lambda seat, card: CARRY_CM
        """Centimetres from `card` to `seat`'s zone on the table (the table measures it)."""
        for bot in bots.values():
            bot.people = tuple(s for s in range(bot.game.seat_count) if s not in bots)

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
            if isinstance(action, Pick):  # the hand carries it home before the next move
                self.due[seat] += self.carry(seat, action.card) / bot.level.hand_cm_s
            if action is not None:
                yield action


class RaceBot(Bot):
    """Searches like a player of Training, Seigneurs, Kids or Rois."""

    game: RaceGame

    def __init__(self, game: RaceGame, seat: int, level: BotLevel, rng: random.Random) -> None:
        super().__init__(game, seat, level, rng)
        self.seen = 0  # cards turned and found useless (remembered if the level has memory)

    def progress(self, seat: int) -> int:
        return len(self.game.trains[seat])

    def holding(self) -> bool:
        return self.game.hands[self.seat] != NOBODY

    def can_progress(self, seat: int) -> bool:
        return bool(self.game.fit_masks[seat] & ~self.game.stacked_mask)

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
                self.last_progress = t
                return stack  # it fits, or a mistake classic mode lets through (D8)
            if self.level.memory:
                self.seen |= 1 << held
            return PutBack(seat, t, *game.positions[held])
        stop = CallStop(seat, t)
        if game.can(stop) and self._leads():
            return stop
        if self.waits(t):
            return None
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

    game: DuoGame

    def progress(self, seat: int) -> int:
        return sum(len(row) for row in self.game.rows[seat])

    def next_action(self, t: float, avoid: int = 0, near: int = 0,
                    fetch: int = 0) -> Action | None:
        game, seat = self.game, self.seat
        card = game.top_card(seat)
        if game.phase is not Phase.PLAYING or card is None:
            return None  # the set-up and the whistle are the children's
        if avoid >> card & 1 or self.waits(t):
            return None  # a finger holds the revealed card, or a close bot lets a child catch up
        first = int(self.rng.random() * ROWS)  # scan the rows from a random one, like a glance
        if self.erring(game.assisted[seat]):
            return Lay(seat, t, first)  # classic mode lets any row through (D8)
        for step in range(ROWS):
            row = (first + step) % ROWS
            if game.fits(seat, row, card):  # the first fitting row from the glance (R29)
                self.last_progress = t
                return Lay(seat, t, row)
        return Under(seat, t)  # R30: it fits no row (so the game always accepts it)

