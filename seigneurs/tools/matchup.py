"""Bots measured against children of an age: who wins, how fast each stacks, how close it ends,
under every model of children we have (issue 33: a level tuned to one model held only there).

`engine`: the matchup's own child, not a bot: it plays by its age's profile (`tools/ages.py`),
through the game engine, on the table's real geometry. It looks over the table for `search_s`,
judges a face-up card's fit right only `judges_fit` of the time (so it tries cards that do not
fit and passes over some that do), walks round to a card beyond its reach, drags at `drag_cm_s`
over the real distance home, loses lifts mid-drag and sometimes taps where a drag was needed.
`fitts`: a child written apart, with its own figures (`tools/fitts_child.py`). `crowd`: the
crowd's children, whose touches go through the real input path (`tools/crowd.py`). The bots
play as they do on the table, their hand carrying each card home at their level's pace.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from seigneurs.game.actions import NotApplied, Pick, PutBack, Stack, TurnLocomotive, Whistle
from seigneurs.game.bots import BOT_LEVELS, Bot, BotLevel, BotLoop, bot_level, bots_random
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Phase
from seigneurs.game.factory import new_game
from seigneurs.game.kinds import make_bot
from seigneurs.game.race import NOBODY, RaceGame
from seigneurs.rules import VARIANTS, Start, variant
from seigneurs.rules.registry import lookup
from seigneurs.table.geometry import Point, RaceGeometry
from seigneurs.table.layout import TableLayout
from seigneurs.tools.ages import AGES, AgeProfile, age_profile
from seigneurs.tools.fitts_child import HANDS, FittsChild, hands_of

TABLE = (1920, 1080)
"""The table the matchups are played on: the default 55-inch panel, in pixels."""
WALK_CM_S = 40.0
"""How fast a child goes round the table to a card beyond their reach (our estimate)."""
TAP_S = 0.4
"""How long a tap (or a card turned and judged useless) takes before the child looks again."""
MAX_GAME_S = 1800.0
"""A game still going after half an hour counts as unfinished (it never happened so far)."""
BEFORE = BotLevel("toddler-before-33", 7.8, 2.5, 0.30, memory=False, hand_cm_s=8.0)
"""The toddler as it was before issue 33, at a fixed pace: measured only, to see the target
fail (`--levels toddler-before-33`); the lobby never offers it."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""
TIES_AT_MOST = 1 / 6
"""Issue 52: a game against a fair bot ends tied at most one time in six (a tie goes to a
tie-break, R22, that the race itself did not decide)..."""
CHILD_WINS = (0.4, 0.6)
"""...the child wins this share of the games the trains' lengths decide..."""
NEAR_MARGINS = (1, 4)
"""...and the trains mostly end this many wagons apart (at least `MOSTLY_NEAR` of games)."""
MOSTLY_NEAR = 0.75
LURCH = 3.0
"""A wait then a rush: a gap between two of one player's wagons at least this many times the
next gap. A child's own rhythm has some; a bot that holds back then hurries has many."""
LURCHES_AT_MOST = 0.15
"""The share of a bot's gaps that may be lurches for its pace to look natural."""


def wilson(share: float, n: int) -> tuple[float, float]:
    """The Wilson score interval (95 %) round a share observed in `n` games."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    middle = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, middle - half), min(1.0, middle + half)


class Player(Protocol):
    """A simulated child at seat 0 that acts through the engine when `due`."""

    due: float

    def step(self, t: float) -> None:
        """Do what is due at `t`."""
        ...


def card_at(geometry: RaceGeometry, game: RaceGame, card: int) -> Point:
    """Where a table card lies, in pixels."""
    return geometry.free.at(*game.positions[card])


def _gauss(rng: random.Random, spec: tuple[float, float]) -> float:
    """A time drawn round `spec` (mean, spread), never under a fifth of its mean."""
    mean, spread = spec
    return max(mean * 0.2, rng.gauss(mean, spread))


class Child:
    """One simulated child of an age at one seat: chooses, reaches, drags, errs."""

    def __init__(self, game: RaceGame, seat: int, geometry: RaceGeometry, age: AgeProfile,
                 rng: random.Random) -> None:
        self.game, self.seat, self.age, self.rng = game, seat, age, rng
        self.geometry = geometry
        place = geometry.seats[seat].place
        depth = min(place.zone.w, place.zone.h)
        self.cm = geometry.px_per_cm
        self.shoulder = place.local(depth / 2 - age.shoulder_cm * self.cm, 0)
        self.home = geometry.seats[seat].anchor
        self.due = _gauss(rng, age.reaction_s)
        self.target: int | None = None  # the card reached for, touched down on at `due`
        self.came_from: Point = (0.0, 0.0)  # where the held card was taken (a refusal's home)
        self.wants: bool = False  # whether the child thinks the held card fits
        self.drop: Point | None = None  # where the held card is let go at `due`

    def where(self, card: int) -> Point:
        return card_at(self.geometry, self.game, card)

    def _reach_s(self, card: int, speed: float) -> float:
        """Seconds from the shoulder to `card`: the arm, and the walk when it is out of reach."""
        cm = math.dist(self.shoulder, self.where(card)) / self.cm
        walk = max(0.0, cm - self.age.reach_cm) / WALK_CM_S
        return min(cm, self.age.reach_cm) / speed + walk

    def _looks_fitting(self, card: int) -> bool:
        """The child's judgement of a face-up card: right `judges_fit` of the time."""
        fits = self.game.fits(self.seat, card)
        return fits if self.rng.random() < self.age.judges_fit else not fits

    def _choose(self) -> int | None:
        """The card the child goes for: one that looks fitting, nearest first mostly, else a
        face-down one to turn over; None when the table has nothing for them."""
        game = self.game
        face_up = [c for c in range(len(game.positions))
                   if game.table_mask >> c & 1 and game.is_face_up(c)]
        liked = [c for c in face_up if self._looks_fitting(c)]
        if not liked:
            liked = [c for c in range(len(game.positions))
                     if game.table_mask >> c & 1 and not game.is_face_up(c)]
        if not liked:
            return None
        near = [c for c in liked
                if math.dist(self.shoulder, self.where(c)) / self.cm <= self.age.reach_cm]
        return self.rng.choice(near or liked)

    def step(self, t: float) -> None:
        """Do what is due at `t`: turn the locomotive, touch a card, or let one go."""
        game, seat, rng, age = self.game, self.seat, self.rng, self.age
        if game.over:
            self.due = math.inf
            return
        if game.phase is not Phase.PLAYING:
            if game.variant.start is Start.LOCOMOTIVES_TURNED and not game.turned[seat]:
                game.apply(TurnLocomotive(seat, t))
            self.due = t + _gauss(rng, age.reaction_s)
            return
        speed = rng.uniform(*age.drag_cm_s)
        if game.hands[seat] != NOBODY:
            self._let_go(t, speed)
        elif self.target is None:
            self.target = self._choose()
            if self.target is None:
                self.due = t + _gauss(rng, age.search_s)
            else:
                self.due = t + _gauss(rng, age.search_s) + self._reach_s(self.target, speed * 2)
        else:
            self._touch(t, speed)

    def _touch(self, t: float, speed: float) -> None:
        game, card, rng = self.game, self.target, self.rng
        assert card is not None
        self.target = None
        face_up = game.is_face_up(card)
        self.came_from = game.positions[card]
        if isinstance(game.apply(Pick(self.seat, t, card)), NotApplied):
            self.due = t + _gauss(rng, self.age.reaction_s)  # someone was quicker: look again
            return
        self.wants = self._looks_fitting(card) if not face_up else True
        if not self.wants or rng.random() < self.age.tap_not_drag:
            self.drop = self.where(card)  # turned and judged useless, or tapped: it stays
            self.due = t + TAP_S
            return
        start = self.where(card)
        seconds = math.dist(start, self.home) / self.cm / speed
        if rng.random() < self.age.lost_lift:
            part = rng.uniform(0.2, 0.9)  # the finger slips off part of the way home
            self.drop = (start[0] + (self.home[0] - start[0]) * part,
                         start[1] + (self.home[1] - start[1]) * part)
            self.due = t + seconds * part
        else:
            self.drop = None
            self.due = t + seconds

    def _let_go(self, t: float, speed: float) -> None:
        game, seat = self.game, self.seat
        if self.drop is None:
            if game.apply(Stack(seat, t)).ok:
                self.due = t + _gauss(self.rng, self.age.reaction_s)
                return
            x, y = self.came_from  # refused (assisted): it slides back where it was taken
        else:
            free = self.geometry.free
            x, y = free.fraction(*free.clamp(*self.drop, margin=self.geometry.card_w * 0.3))
        card = game.hands[seat]
        game.apply(PutBack(seat, t, x, y))
        if self.drop is not None and self.wants:
            self.target = card  # a lost lift: the child takes the same card again
            self.due = t + _gauss(self.rng, self.age.reaction_s)
        else:
            self.due = t + TAP_S
        self.drop = None


@dataclass(frozen=True, slots=True)
class Game:
    """One matchup game: the child's and the bot's checked wagons, and how long it took."""

    child: int
    bot: int
    child_won: float  # 1 a win, 0.5 a shared win, 0 a loss
    seconds: float
    finished: bool
    child_times: tuple[float, ...] = ()
    """The game-clock times of the child's stacked wagons..."""
    bot_times: tuple[float, ...] = ()
    """...and of the bot's (the pace a child sees)."""


def lurches(times: Sequence[float]) -> tuple[int, int]:
    """How many of the gaps between `times` are a lurch (a gap LURCH times the next one or
    longer: a wait, then a rush), out of how many gaps that have a next one."""
    gaps = [b - a for a, b in itertools.pairwise(times)]
    pairs = list(itertools.pairwise(gaps))
    return sum(wait >= LURCH * max(rush, 1e-9) for wait, rush in pairs), len(pairs)


class Stacks:
    """The times each seat's train grew, watched from outside the players (any model)."""

    def __init__(self, game: RaceGame) -> None:
        self.game = game
        self.times: tuple[list[float], list[float]] = ([], [])

    def look(self, t: float) -> None:
        """Note a wagon for each seat whose train has grown since the last look."""
        for seat, times in enumerate(self.times):
            times.extend([t] * (len(self.game.trains[seat]) - len(times)))


Seat0 = Callable[[RaceGame, RaceGeometry, random.Random], Player]
"""Seats a model's child of one age at seat 0 of a dealt game."""


BotAt = Callable[[RaceGame, int, BotLevel, random.Random], Bot]
"""Seats a bot of a level at a seat of a dealt game (the game's kind's bot, or a test's)."""


def play(config: GameConfig, level: BotLevel, child_at: Seat0, layout: TableLayout,
         bot_at: BotAt = make_bot) -> Game:
    """One game through the engine: the child `child_at` seats at seat 0, a bot of `level` at
    seat 1 (`bot_at` makes it)."""
    game = new_game(config)
    assert isinstance(game, RaceGame), "matchups are race games"
    places = tuple(layout.places[i] for i in layout.spread(2))
    geometry = RaceGeometry.build(layout, places, bool(game.variant.min_wagons_to_stop))
    rng = bots_random(config.seed)
    child = child_at(game, geometry, rng)
    loop = BotLoop({1: bot_at(game, 1, level, rng)})
    loop.carry = lambda seat, card: math.dist(card_at(geometry, game, card),
                                              geometry.seats[seat].anchor) / geometry.px_per_cm
    if game.variant.start is Start.WHISTLE:
        game.apply(Whistle(0, 0.0))
    stacks = Stacks(game)
    while not game.over:
        t = min(loop.next_due(), child.due)
        if t > MAX_GAME_S:
            break
        if child.due <= t:
            child.step(t)
        for action in loop.actions(t):
            game.apply(action)
        stacks.look(t)
    return _result(game, stacks)


def _result(game: RaceGame, stacks: Stacks) -> Game:
    outcome = game.outcome()
    won = 0.0 if 0 not in outcome.winners else 1.0 / len(outcome.winners)
    return Game(outcome.lengths[0], outcome.lengths[1], won, game.clock, game.over,
                *map(tuple, stacks.times))


def play_crowd(config: GameConfig, level: BotLevel, age: str) -> Game:
    """One game of the crowd's child of `age` (no adult reaching in, no ghost contacts) at
    seat 0 against a bot of `level` at seat 1, through the real input path and table."""
    from seigneurs.tools.crowd import Crowd, CrowdSettings
    from seigneurs.tools.crowd_scorer import Score

    settings = CrowdSettings(bots=1, age=age, adult=False, ghosts=False, bot=level)
    crowd = Crowd(config, settings, random.Random(config.seed), Score())
    game = crowd.game
    assert isinstance(game, RaceGame), "matchups are race games"
    stacks = Stacks(game)
    while not game.over and crowd.now <= MAX_GAME_S:  # a slow child's long search is no stall
        crowd.step()
        stacks.look(crowd.now)
    return _result(game, stacks)


@dataclass(frozen=True, slots=True)
class ChildModel:
    """A model of children: its ages, and one game of a bot against one of them."""

    name: str
    ages: tuple[str, ...]
    game: Callable[[GameConfig, BotLevel, str, TableLayout], Game]


def engine_child(profile: AgeProfile) -> Seat0:
    """The matchup's own child of `profile` (an age of `tools/ages.py`, or a test's own)."""
    return lambda game, geometry, rng: Child(game, 0, geometry, profile, rng)


def _engine_game(config: GameConfig, level: BotLevel, age: str, layout: TableLayout) -> Game:
    return play(config, level, engine_child(age_profile(age)), layout)


def _fitts_game(config: GameConfig, level: BotLevel, age: str, layout: TableLayout) -> Game:
    hands = hands_of(age)
    return play(config, level,
                lambda game, geometry, rng: FittsChild(game, 0, geometry, hands, rng), layout)


def _crowd_game(config: GameConfig, level: BotLevel, age: str, layout: TableLayout) -> Game:
    return play_crowd(config, level, age)


MODELS: dict[str, ChildModel] = {
    model.name: model
    for model in (
        ChildModel("engine", tuple(AGES), _engine_game),
        ChildModel("fitts", tuple(HANDS), _fitts_game),
        ChildModel("crowd", tuple(AGES), _crowd_game),
    )
}
"""Every model of children the bots are measured against (one declaration each)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """A bot level against an age of one model of children, over many games."""

    model: str
    level: str
    age: str
    games: int
    child_wins: float
    child_wpm: float
    bot_wpm: float
    margins: tuple[int, ...]
    """Each game's child's wagons minus the bot's."""
    unfinished: int
    lurches: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    """The child's and the bot's lurches, out of their gaps with a next one (`lurches`)."""

    @property
    def close_share(self) -> float:
        """The share of games ending within 2 wagons either way."""
        return sum(abs(m) <= 2 for m in self.margins) / len(self.margins)

    @property
    def tie_share(self) -> float:
        """The share of games whose trains end level (a tie-break decides them, R22)."""
        return self.margins.count(0) / len(self.margins)

    @property
    def decided(self) -> int:
        """How many games the trains' lengths decided."""
        return len(self.margins) - self.margins.count(0)

    @property
    def decided_child_wins(self) -> float:
        """The share of the games decided by the trains' lengths that the child won."""
        return sum(m > 0 for m in self.margins) / self.decided if self.decided else 0.0

    @property
    def near_share(self) -> float:
        """The share of games ending NEAR_MARGINS apart (1-4 wagons, either way)."""
        low, high = NEAR_MARGINS
        return sum(low <= abs(m) <= high for m in self.margins) / len(self.margins)

    def lurch_share(self, who: int) -> float:
        """The share of the child's (0) or the bot's (1) gaps that are lurches."""
        lurched, gaps = self.lurches[who]
        return lurched / gaps if gaps else 0.0

    def misses(self) -> tuple[str, ...]:
        """Which of issue 52's marks for a fair bot this cell misses (none: it meets them)."""
        low, high = CHILD_WINS
        marks = {"ties": self.tie_share <= TIES_AT_MOST,
                 "child wins": low <= self.decided_child_wins <= high,
                 "margins": self.near_share >= MOSTLY_NEAR,
                 "pace": self.lurch_share(1) <= LURCHES_AT_MOST}
        return tuple(name for name, met in marks.items() if not met)

    def histogram(self) -> dict[int, int]:
        """How many games ended with each margin (child minus bot), smallest first."""
        return dict(sorted(Counter(self.margins).items()))

    def to_json(self) -> dict[str, Any]:
        """A plain dict for `seigneurs matchup --json`, each share with its 95 % interval."""
        def share(name: str, value: float, n: int) -> dict[str, Any]:
            low, high = wilson(value, n)
            return {name: round(value, 3), f"{name}_95": [round(low, 3), round(high, 3)]}

        return {"model": self.model, "level": self.level, "age": self.age, "games": self.games,
                **share("child_wins", self.child_wins, self.games),
                "child_wpm": round(self.child_wpm, 2), "bot_wpm": round(self.bot_wpm, 2),
                "median_margin": statistics.median(self.margins),
                **share("within_2", self.close_share, self.games),
                **share("ties", self.tie_share, self.games),
                "decided": self.decided,
                **share("decided_child_wins", self.decided_child_wins, self.decided),
                **share("near", self.near_share, self.games),
                "margins": {str(m): n for m, n in self.histogram().items()},
                "child_lurches": round(self.lurch_share(0), 3),
                "bot_lurches": round(self.lurch_share(1), 3),
                "misses": list(self.misses()),
                "unfinished": self.unfinished}


def cell(variant_name: str, level: BotLevel, age: str, games: int, seed: int,
         model: str | ChildModel = "engine", layout: TableLayout | None = None) -> Cell:
    """`games` games of `variant_name` against `model`'s child of `age`, seeds `seed`,
    `seed + 1`, ... (the same deals for every cell, so cells differ only by who plays)."""
    layout = layout or TableLayout.build(*TABLE)
    model = model if isinstance(model, ChildModel) else child_model(model)
    play_one = model.game
    results = [play_one(GameConfig.for_players(variant_name, 2, seed + i), level, age, layout)
               for i in range(games)]
    minutes = sum(r.seconds for r in results) / 60
    return Cell(model.name, level.name, age, games, sum(r.child_won for r in results) / games,
                sum(r.child for r in results) / minutes, sum(r.bot for r in results) / minutes,
                tuple(r.child - r.bot for r in results), sum(not r.finished for r in results),
                (_pooled(r.child_times for r in results), _pooled(r.bot_times for r in results)))


def _pooled(runs: Iterable[Sequence[float]]) -> tuple[int, int]:
    """The lurches over many games' wagon times, and the gaps they are out of."""
    lurched = gaps = 0
    for times in runs:
        more, out_of = lurches(times)
        lurched, gaps = lurched + more, gaps + out_of
    return lurched, gaps


def measured_level(name: str) -> BotLevel:
    """A bot level by name, or the toddler as it was before issue 33."""
    return BEFORE if name == BEFORE.name else bot_level(name)


def child_model(name: str) -> ChildModel:
    """Look a model of children up by name, with a clear error listing the known ones."""
    return lookup(MODELS, name, "child model")


def matchups(variant_name: str, models: Sequence[ChildModel], levels: Sequence[BotLevel],
             ages: Sequence[str], games: int, seed: int,
             crowd_games: int | None = None) -> Iterator[Cell]:
    """Every level against every age of every model (`crowd_games` a cell for the crowd's
    children, whose games are slow to play, when given)."""
    if variant(variant_name).duo:
        raise ValueError("matchups are race games: Duo has no search to measure")
    layout = TableLayout.build(*TABLE)
    for model in models:
        for level in levels:
            for age in ages:
                if age not in model.ages:
                    raise ValueError(f"unknown age {age!r} for the {model.name} children; "
                                     f"expected one of {', '.join(model.ages)}")
                played = crowd_games if model.name == "crowd" and crowd_games else games
                yield cell(variant_name, level, age, played, seed, model, layout)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`seigneurs matchup`'s options."""
    parser.add_argument("--variant", default="kids", choices=sorted(VARIANTS))
    parser.add_argument("--models", default=",".join(MODELS),
                        help=f"models of children, comma-separated ({', '.join(MODELS)})")
    parser.add_argument("--levels", default=",".join(BOT_LEVELS),
                        help=f"bot levels, comma-separated ({', '.join(BOT_LEVELS)}; "
                             f"{BEFORE.name} to see the old toddler fail)")
    parser.add_argument("--ages", default=",".join(AGES),
                        help=f"ages, comma-separated ({', '.join(AGES)})")
    parser.add_argument("--games", type=int, default=200, help="games per level and age")
    parser.add_argument("--crowd-games", type=int, default=None,
                        help="games per cell of the crowd's children (each about a hundred "
                             "engine games' time); default: --games")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; then +1")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _percent(share: float, interval: list[float]) -> str:
    return f"{share:.0%} ({interval[0]:.0%}-{interval[1]:.0%})"


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play every cell and print the table (or JSON)."""
    if args.games < 1 or (args.crowd_games is not None and args.crowd_games < 1):
        parser.error("--games and --crowd-games must be at least 1")
    try:
        models = [child_model(n.strip()) for n in args.models.split(",")]
        levels = [measured_level(n.strip()) for n in args.levels.split(",")]
        ages = [n.strip() for n in args.ages.split(",")]
        cells = list(matchups(args.variant, models, levels, ages, args.games, args.seed,
                              args.crowd_games))
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps({"variant": args.variant, "games": args.games, "seed": args.seed,
                          "cells": [c.to_json() for c in cells]}))
        return 0
    print(f"{variant(args.variant).title}, one child against one bot, {args.games} games a cell"
          + (f" ({args.crowd_games} for the crowd's)" if args.crowd_games else ""))
    print("| children | bot | age | games | child wins (95 %) | ties (95 %) "
          "| child wins of decided (95 %) | 1-4 apart | margins (child - bot: games) "
          "| lurches bot / child | wagons/min child / bot | misses |")
    print("|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|---|")
    for c in cells:
        row = c.to_json()
        margins = " ".join(f"{m:+d}:{n}" for m, n in c.histogram().items())
        print(f"| {c.model} | {c.level} | {c.age} | {c.games} | "
              f"{_percent(row['child_wins'], row['child_wins_95'])} | "
              f"{_percent(row['ties'], row['ties_95'])} | "
              f"{_percent(row['decided_child_wins'], row['decided_child_wins_95'])} | "
              f"{c.near_share:.0%} | {margins} | "
              f"{c.lurch_share(1):.0%} / {c.lurch_share(0):.0%} | "
              f"{row['child_wpm']:.1f} / {row['bot_wpm']:.1f} | "
              f"{', '.join(c.misses()) or '-'} |")
    return 0
