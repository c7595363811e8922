"""Bots that play any seat like a person would: they react after a while, carry a card home at a
hand's pace, and sometimes err.

Levels run from toddler to expert (mean and spread of reaction time in seconds, the chance of a
mistake in classic mode, whether they remember cards they have already turned, how fast their
hand carries a card); `close` paces itself to the children at the table so the game stays close
(`seigneurs matchup` measures each level against children of an age); a paced bot heads for
a margin drawn per game, so the race decides, not a tie-break (issue 52). The table app uses them
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
from seigneurs.game.last_cards import PASS, LastCards, TooManyStates, Train
from seigneurs.game.race import ALL_CARDS, NOBODY, RaceGame, cards_in
from seigneurs.rules.cards import WAGONS, Card
from seigneurs.rules.matching import Rule
from seigneurs.rules.registry import lookup

AIMS = (-3, -2, -1, 1, 2, 3)
"""A paced bot's aims, alike likely either way: the child wins about half the games the
trains decide, by a few wagons, and a game ends level only where the cards force it."""


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
    paced: bool = False
    """Plays to the children at the table: at the best child's wagons per minute so far, a
    little slower or quicker to head for this game's aim (`aims`), and in the endgame (the
    last cards fit only bots) still at that pace, ending as near its aim as the cards allow
    (issues 33, 52). Alone with bots: its own pace. A race against one child is steep, so a
    fixed pace wins or loses nearly always against a child a little slower or faster than
    it (issue 33)."""
    close: bool = False
    """The lobby's robot with a heart: paced, with a hand quick enough to keep up with anyone."""
    looks_ahead: bool = False
    """Against one child, with LAST_CARDS or fewer left, plays the last cards out in advance
    and takes the card (or lets the child go first) that most likely ends within 2 wagons of
    its aim: neither it nor the child is left alone with a run of last cards (issue 33)."""
    aims: tuple[int, ...] = AIMS
    """The final margins (the child's wagons minus the bot's) a paced bot heads for, one drawn
    per game from the bots' chance: a spread, so the race decides, not a tie-break (issue 52).
    `(0,)` is a mirror: it heads for level, and a tie-break decides most games."""


BOT_LEVELS: dict[str, BotLevel] = {
    level.name: level
    for level in (
        BotLevel("toddler", 5.0, 1.8, 0.30, memory=False, hand_cm_s=18.0, paced=True,
                 looks_ahead=True),
        BotLevel("child", 3.5, 1.2, 0.12, memory=True, hand_cm_s=18.0),
        BotLevel("adult", 0.9, 0.3, 0.03, memory=True, hand_cm_s=50.0),
        BotLevel("expert", 0.45, 0.12, 0.0, memory=True, hand_cm_s=90.0),
        BotLevel("close", 0.4, 0.12, 0.0, memory=True, hand_cm_s=90.0, paced=True, close=True,
                 looks_ahead=True),
    )
}
KEEP_UP = 0.1
"""A paced bot looks at the table at least this often, in the best child's wagon times (its
reaction, when quicker, stays): a slow bot's glance never lags a quick child's rhythm."""
PACE_GAIN = 0.2
"""How much a paced bot's gap between wagons stretches (or shrinks) per wagon it is ahead of
(behind) its plan: the margin drifts to the aim through the whole game, never in a lurch."""
PACE_RANGE = (0.55, 1.6)
"""Its gap at least and at most these shares of the child's own gap between wagons."""
AHEAD_AT_MOST = 1
"""How many wagons ahead of its plan a paced bot waits for the child, whatever its rhythm
says: a child who slows down (the last cards are far, or they look about) is not left
behind."""
AIM_BY = 0.6
"""The share of the deck stacked by when a paced bot's plan reaches its aim (the last cards
then keep the margin there rather than make it)."""
START_S = 1.0
"""The longest a bot takes to turn its locomotive over (R23)."""
CARRY_CM = 35.0
"""How far a card is carried home when nobody measured the table (the simulator's default)."""
ENDGAME_PACE_S = 8.0
"""The longest a paced bot takes a wagon once only it can place one: the children's own pace,
but nobody waits longer than this for the game to end."""
ENDGAME_SEARCH = 400
"""How many train states a paced bot looks at per card when choosing how the endgame ends."""
LATE_CARDS = 16
"""With this few cards left, a paced bot weighs how the last runs of cards would end."""
LATE_SEARCH = 150
"""...looking at this many train states per card and per train (a run outgrows it rarely)."""
LAST_CARDS = 8
"""With this few cards left, a bot that looks ahead plays the rest of the game out in advance..."""
LAST_SEARCH = 1000
"""...looking at this many new states a turn at most (a few milliseconds of a frame; the states
it has seen are kept, so the next turn goes on from there); until it is done it plays by
LATE_CARDS' rule."""
PASS_WAGONS = 2.0
"""A bot that lets the child go first waits at most this many of the child's wagon times (or
ENDGAME_PACE_S) since the last wagon, then takes its best card: a child who stopped playing
never stalls the game."""


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
        self.people: tuple[int, ...] = ()  # the seats no bot plays (the BotLoop tells)
        self.playing_since: float | None = None
        self.last_progress = 0.0  # when this bot last stacked or laid
        self.picked_at = 0.0  # when this bot took the card it holds (or held last)
        self.last_picked = 0.0  # when it took the card of its last wagon: its rhythm's beat
        self.aim = rng.choice(level.aims) if level.paced else 0
        """The margin (child minus bot) this game heads for (issue 52)."""
        self.child_best = 0  # the best child's wagons when the bot last looked...
        self.child_stacked = 0.0  # ...and when it saw them grow

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
        """A paced bot plays to the best child's rhythm: it takes each wagon's card their
        seconds per wagon so far after the last one's, that gap stretched a little while it
        is ahead of its plan and shrunk while behind (PACE_GAIN, within PACE_RANGE), so the
        margin drifts toward this game's aim as the game goes on (the plan: the aim times
        the share of the wagons placed) and the pace stays even (issue 52: a bot level with
        the child at every wagon ends most games level). A child slower now than so far (no
        wagon for longer than their mean) slows it too. AHEAD_AT_MOST ahead of its plan, or
        before the child's first wagon once it has one, it waits. In the endgame,
        when no child can place a wagon any more, it keeps their pace (at most
        ENDGAME_PACE_S a wagon): it never sprints away with the last cards (issue 33)."""
        if not self.level.paced or not self.people or self.holding():
            return False
        if self.playing_since is None:
            self.playing_since = self.last_progress = self.last_picked = self.child_stacked = t
        mine, best = self.progress(self.seat), self.best_child()
        if best > self.child_best:
            self.child_best, self.child_stacked = best, t
        per_wagon = self.per_wagon()
        if self.endgame():
            return t - self.last_progress < min(per_wagon, ENDGAME_PACE_S)
        if not per_wagon:
            return mine > best
        behind = best - mine - self.plan(mine, best)
        if behind <= -AHEAD_AT_MOST:
            return True
        low, high = PACE_RANGE
        stretch = min(high, max(low, 1 - PACE_GAIN * behind))
        slowed = max(per_wagon, t - self.child_stacked)  # a child slowing now is slower
        return t - self.last_picked < slowed * stretch

    def plan(self, mine: int, best: int) -> float:
        """The margin (child minus bot) the bot heads for by now: its aim, in proportion to
        how much of the deck the two trains hold."""
        return self.aim * min(1.0, (mine + best) / (len(WAGONS) * AIM_BY))

    def ending(self, margin: int) -> tuple[bool, int, bool]:
        """How a game ending `margin` apart (child minus bot) ranks for this bot, best least:
        a tie only when it aims at level, then the nearest its aim, then the child ahead."""
        return (self.aim != 0 and margin == 0, abs(margin - self.aim), margin < self.aim)

    def per_wagon(self) -> float:
        """The best child's seconds per wagon so far (0 before their first)."""
        if not self.child_best or self.playing_since is None:
            return 0.0
        return (self.child_stacked - self.playing_since) / self.child_best

    def best_child(self) -> int:
        """The wagons of the child furthest on."""
        return max(self.progress(s) for s in self.people)

    def endgame(self) -> bool:
        """Whether the children at the table can place no wagon any more (only bots can)."""
        return bool(self.people) and not any(self.can_progress(s) for s in self.people)

    def delay(self) -> float:
        """Seconds until this bot acts again (never less than a fifth of its mean); before
        play, at most START_S: a gentle bot never keeps children waiting to begin. A paced
        bot with children looks again within KEEP_UP of their wagon time."""
        mean, spread = self.level.reaction_mean, self.level.reaction_spread
        keep_up = KEEP_UP * self.per_wagon() if self.level.paced and self.people else 0.0
        if 0 < keep_up < mean:
            mean, spread = keep_up, spread * keep_up / mean
        wait = self.rng.gauss(mean, spread)
        wait = wait if wait > mean * 0.2 else mean * 0.2
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


def chain_ends(rule: Rule, locomotive: Card, top: Card, loose: int,
               limit: int = ENDGAME_SEARCH) -> set[int]:
    """How many more wagons a train ending in `top` can take from the `loose` cards before none
    fits: one length per way the chain can run dry, as many as `limit` states allow (the
    first dive runs dry within 54 states, so there is always one)."""
    ends: set[int] = set()
    todo = [(top, loose, 0)]
    while todo and limit > 0:
        limit -= 1
        card, left, length = todo.pop()
        following = rule.mask(locomotive, card) & left
        if not following:
            ends.add(length)
        todo.extend((WAGONS[c], left & ~(1 << c), length + 1) for c in cards_in(following))
    return ends


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
        """When the next bot acts (only asked of a loop with bots: the table's own loop,
        which may have none, is driven by `actions` at each frame)."""
        return min(self.due.values())

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
        self.last_cards = LastCards(LAST_SEARCH, self.aim)

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
                self.last_progress, self.last_picked = t, self.picked_at
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
        if fitting and self.level.paced and self.people:
            ahead = self._looking_ahead(fitting, t)
            if ahead == PASS:
                return None
            if ahead is not None:
                return self._pick(t, ahead)
            choose = self._ending_near_level if self.endgame() else self._leaving_room
            return self._pick(t, choose(fitting, near))
        if fitting:
            return self._pick(t, random_bit(fitting & near or fitting, self.rng))
        face_down = on_table & ~face_up
        candidates = (face_down & ~self.seen) or face_down
        candidates = candidates & near or candidates or fetch & game.pickable(seat)
        return self._pick(t, random_bit(candidates, self.rng)) if candidates else None

    def _pick(self, t: float, card: int) -> Pick:
        self.picked_at = t
        return Pick(self.seat, t, card)

    def _leaving_room(self, fitting: int, near: int) -> int:
        """A paced bot's card before the endgame. With few cards left (LATE_CARDS) the one
        after which the longest trains each side could still grow end nearest level (so
        neither the bot nor a child is left alone with a long run of last cards), or nearest
        its aim when it has one (`ending`). Otherwise,
        and among equals: one no child can use if it can (it never takes a child's last
        fitting card), then one on its own side (`near`), then the one that leaves its own
        train the most cards to follow."""
        game = self.game
        rule, locomotive = game.rules[self.seat], game.locomotives[self.seat]
        loose = ALL_CARDS & ~game.stacked_mask
        wanted = 0
        for seat in self.people:
            wanted |= game.fit_masks[seat] & loose
        late = loose.bit_count() <= LATE_CARDS
        gap = self.best_child() - self.progress(self.seat) - 1

        def cost(card: int) -> tuple[tuple[bool, int, bool], bool, bool, int, float]:
            left = loose & ~(1 << card)
            room = rule.mask(locomotive, WAGONS[card]) & left
            margin = (False, 0, False)
            if late:
                mine = max(chain_ends(rule, locomotive, WAGONS[card], left, LATE_SEARCH))
                theirs = max(self._child_run(seat, left) for seat in self.people)
                margin = self.ending(gap + theirs - mine)
            return (margin, bool(wanted >> card & 1), not near >> card & 1, -room.bit_count(),
                    self.rng.random())

        return min(cards_in(fitting), key=cost)

    def _looking_ahead(self, fitting: int, t: float) -> int | None:
        """A bot that looks ahead, against one child, with LAST_CARDS or fewer left: the card
        that most likely ends the game close, or PASS to let the child take the next card
        (for at most PASS_WAGONS of their wagon times since the last wagon; also while it is
        not done looking, when level or ahead). None: it does not look ahead here (another
        level, several children, more cards, or not done looking while behind)."""
        game = self.game
        loose = ALL_CARDS & ~game.stacked_mask
        if not self.level.looks_ahead or len(self.people) != 1 or (
                loose.bit_count() > LAST_CARDS):
            return None
        child = self.people[0]
        mine, theirs = (Train(game.rules[s], game.locomotives[s], game.top(s))
                        for s in (self.seat, child))
        lead = self.progress(child) - self.progress(self.seat)
        patience = max(ENDGAME_PACE_S, PASS_WAGONS * self.per_wagon())
        may_pass = t - max(self.child_stacked, self.last_progress) < patience
        try:
            return self.last_cards.choice(mine, theirs, loose, lead, fitting, may_pass)
        except TooManyStates:  # not done: level or ahead, it waits a turn and thinks on
            return PASS if may_pass and lead <= 0 else None

    def _child_run(self, seat: int, loose: int) -> int:
        """The most wagons `seat` could still add from the `loose` cards, the bot's aside."""
        game = self.game
        return max(chain_ends(game.rules[seat], game.locomotives[seat], game.top(seat), loose,
                              LATE_SEARCH))

    def _ending_near_level(self, fitting: int, near: int) -> int:
        """The fitting card from which the bot's train can end (nothing fits it any more, so
        the game is over, D4) nearest its aim (`ending`; a mirror's: level first, then the
        child a wagon ahead), then one on its own side (`near`). The children cannot place a
        wagon, so only the bot's chain moves it."""
        game = self.game
        rule, locomotive = game.rules[self.seat], game.locomotives[self.seat]
        loose = ALL_CARDS & ~game.stacked_mask
        gap = self.best_child() - self.progress(self.seat)

        def cost(card: int) -> tuple[tuple[bool, int, bool], bool]:
            ends = chain_ends(rule, locomotive, WAGONS[card], loose & ~(1 << card))
            return min(self.ending(gap - 1 - more) for more in ends), not near >> card & 1

        return min(cards_in(fitting), key=cost)

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
                self.last_progress = self.last_picked = t
                return Lay(seat, t, row)
        return Under(seat, t)  # R30: it fits no row (so the game always accepts it)

