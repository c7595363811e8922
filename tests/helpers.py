"""Small shared helpers for driving games and checking touch streams in tests."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import NamedTuple

from seigneurs.game import DuoGame, GameConfig, Pick, RaceGame, RemoveLocomotive, Whistle, new_game
from seigneurs.game.bots import BOT_LEVELS, Bot, BotLevel, BotLoop, RaceBot
from seigneurs.game.kinds import make_bot
from seigneurs.game.last_cards import Train
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import WAGONS, WagonType
from seigneurs.rules.cards import Card
from seigneurs.rules.matching import Rule


def started_race(variant: str = "lords", players: int = 2, seed: int = 1, **kw: object) -> RaceGame:
    """A race game, dealt and started (by whistle or by every seat turning its locomotive)."""
    game = new_game(GameConfig.for_players(variant, players, seed, **kw))  # type: ignore[arg-type]
    assert isinstance(game, RaceGame)
    if game.variant.start.value == "whistle":
        assert game.apply(Whistle(0, 0.0)).ok
    else:
        from seigneurs.game import TurnLocomotive
        for seat in range(players):
            assert game.apply(TurnLocomotive(seat, 0.0)).ok
    return game


def card_where(game: RaceGame, seat: int, fits: bool) -> int:
    """A table card that fits (or does not fit) `seat`'s train now."""
    for card in range(len(WAGONS)):
        if game.table_mask >> card & 1 and game.fits(seat, card) == fits:
            return card
    raise LookupError("no such card on the table")


def pick(game: RaceGame, seat: int, fits: bool, t: float = 1.0) -> int:
    """Pick a fitting (or non-fitting) card into `seat`'s search hand."""
    card = card_where(game, seat, fits)
    assert game.apply(Pick(seat, t, card)).ok
    return card


def set_piles(game: DuoGame, first: Iterable[int], second: Iterable[int]) -> None:
    """Each Duo seat's pile (cards by index, top card first), as the game keeps it."""
    game.piles = (deque(first), deque(second))
    game.pile_masks = [sum(1 << c for c in pile) for pile in game.piles]


def assert_paired(events: Iterable[TouchEvent], every_touch_ended: bool = True) -> None:
    """Touch ids go down once, then move or lift only while down; positions stay on 0..1."""
    live: set[int] = set()
    for event in events:
        assert 0 <= event.x <= 1 and 0 <= event.y <= 1
        if event.phase is TouchPhase.DOWN:
            assert event.id not in live
            live.add(event.id)
        else:
            assert event.id in live
            if event.phase is TouchPhase.UP:
                live.discard(event.id)
    if every_touch_ended:
        assert not live


def until(done: Callable[[], bool], most: int) -> Iterator[int]:
    """The turns of a loop that must end: one while `done()` is false, failing after `most`.
    A broken rule that keeps a game from ending then fails the test by name instead of hanging
    it (a mutation run has no wall clock to stop it)."""
    for turn in range(most):
        if done():
            return
        yield turn
    assert done(), f"not done after {most} turns"


class SaidAt(Mapping[int, "Said"]):
    """A source's word on its touches (`input.filters.Voices`) from a dict of times, read as it
    stands: each touch named and vouched for at its time; `asked` lists every look."""

    def __init__(self, times: dict[int, float]) -> None:
        self.times = times
        self.asked: list[int] = []

    def __getitem__(self, touch: int) -> Said:
        self.asked.append(touch)
        at = self.times[touch]
        return Said(at, at)

    def __iter__(self) -> Iterator[int]:
        return iter(self.times)

    def __len__(self) -> int:
        return len(self.times)


class Said(NamedTuple):
    heard: float
    vouched: float


def duo(seed: int = 1, assisted: bool | None = None, remove: WagonType | None = None) -> DuoGame:
    game = new_game(GameConfig.for_players("duo", 2, seed, assisted=assisted))
    assert isinstance(game, DuoGame)
    assert game.apply(RemoveLocomotive(0, 0.0, remove)).ok
    assert game.apply(Whistle(1, 0.0)).ok
    return game


def train(locomotive: str, top: str) -> Train:
    return Train(Rule.AT_LEAST_ONE, Card.parse(locomotive), Card.parse(top))


def mask(*cards: str) -> int:
    return sum(1 << Card.parse(card).index for card in cards)


BOT = train("boxcar/red/4", "boxcar/red/3")


CHILD = train("logs/blue/2", "coach/red/3")


LAST = mask("coach/blue/3", "tanker/yellow/2", "coal/blue/3", "coal/yellow/2", "animals/yellow/2")
"""Deal 44, the child a wagon ahead, five cards left: two fit the bot, and both the child."""


def mirror(level: str) -> BotLevel:
    """A paced level as issue 33 left it, heading for level (`aims` (0,)): the endgame scenes
    below were found for it (issue 52's aims make such endgames rare, by design)."""
    return replace(BOT_LEVELS[level], aims=(0,))


def close_against_a_child(seed: int, level: BotLevel | None = None
                          ) -> tuple[RaceGame, RaceBot, Iterator[float]]:
    """A close bot heading for level (or `level`; seat 1) against a child bot played as a
    person (seat 0), dealt from `seed` and whistled: the game, the bot, and the game's steps
    (each step's clock, once every move due then is made), until the game ends."""
    game = new_game(GameConfig.for_players("kids", 2, seed))
    assert isinstance(game, RaceGame)
    loop = BotLoop({1: make_bot(game, 1, level or mirror("close"), random.Random(seed))})
    child = make_bot(game, 0, BOT_LEVELS["child"], random.Random(~seed))
    bot = loop.bots[1]
    assert isinstance(bot, RaceBot)
    game.apply(Whistle(0, 0.0))

    def steps() -> Iterator[float]:
        for t in child_turns(game, loop, child):
            for action in loop.actions(t):
                game.apply(action)
            yield t
    return game, bot, steps()


def child_turns(game: RaceGame, loop: BotLoop, child: Bot) -> Iterator[float]:
    """The game's moments until it ends: at each, the `child` (a bot played as a person)
    moves if its time has come; then the caller lets `loop`'s bots make theirs."""
    child_due = 0.0
    for _ in until(lambda: game.over, 100_000):
        t = min(loop.next_due(), child_due)
        if child_due <= t:
            child_due = t + child.delay()
            action = child.next_action(t)
            if action is not None:
                game.apply(action)
        yield t
