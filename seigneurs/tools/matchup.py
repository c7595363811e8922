"""Bots measured against children of an age: who wins, how fast each stacks, how close it ends.

The simulated child is not a bot: it plays by its age's profile (`tools/ages.py`), through the
game engine, on the table's real geometry. It looks over the table for `search_s`, judges a
face-up card's fit right only `judges_fit` of the time (so it tries cards that do not fit and
passes over some that do), walks round to a card beyond its reach, drags at `drag_cm_s` over the
real distance home, loses lifts mid-drag and sometimes taps where a drag was needed. The bots
play as they do on the table, their hand carrying each card home at their level's pace.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from seigneurs.game.actions import NotApplied, Pick, PutBack, Stack, TurnLocomotive, Whistle
from seigneurs.game.bots import BOT_LEVELS, BotLevel, BotLoop, bot_level, bots_random
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Phase
from seigneurs.game.factory import new_game
from seigneurs.game.kinds import make_bot
from seigneurs.game.race import NOBODY, RaceGame
from seigneurs.rules import VARIANTS, Start, variant
from seigneurs.table.geometry import Point, RaceGeometry
from seigneurs.table.layout import TableLayout
from seigneurs.tools.ages import AGES, AgeProfile, age_profile

TABLE = (1920, 1080)
"""The table the matchups are played on: the default 55-inch panel, in pixels."""
WALK_CM_S = 40.0
"""How fast a child goes round the table to a card beyond their reach (our estimate)."""
TAP_S = 0.4
"""How long a tap (or a card turned and judged useless) takes before the child looks again."""
MAX_GAME_S = 1800.0
"""A game still going after half an hour counts as unfinished (it never happened so far)."""


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


def play(config: GameConfig, level: BotLevel, age: AgeProfile,
         layout: TableLayout) -> Game:
    """One game: a child of `age` at seat 0, a bot of `level` at seat 1."""
    game = new_game(config)
    assert isinstance(game, RaceGame), "matchups are race games"
    places = tuple(layout.places[i] for i in layout.spread(2))
    geometry = RaceGeometry.build(layout, places, bool(game.variant.min_wagons_to_stop))
    rng = bots_random(config.seed)
    child = Child(game, 0, geometry, age, rng)
    loop = BotLoop({1: make_bot(game, 1, level, rng)})
    loop.carry = lambda seat, card: math.dist(card_at(geometry, game, card),
                                              geometry.seats[seat].anchor) / geometry.px_per_cm
    if game.variant.start is Start.WHISTLE:
        game.apply(Whistle(0, 0.0))
    while not game.over:
        t = min(loop.next_due(), child.due)
        if t > MAX_GAME_S:
            break
        if child.due <= t:
            child.step(t)
        for action in loop.actions(t):
            game.apply(action)
    outcome = game.outcome()
    won = 0.0 if 0 not in outcome.winners else 1.0 / len(outcome.winners)
    return Game(outcome.lengths[0], outcome.lengths[1], won, game.clock, game.over)


@dataclass(frozen=True, slots=True)
class Cell:
    """A bot level against an age, over many games."""

    level: str
    age: str
    games: int
    child_wins: float
    child_wpm: float
    bot_wpm: float
    margins: tuple[int, ...]
    unfinished: int

    @property
    def close_share(self) -> float:
        """The share of games ending within 2 wagons either way."""
        return sum(abs(m) <= 2 for m in self.margins) / len(self.margins)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for `seigneurs matchup --json`."""
        return {"level": self.level, "age": self.age, "games": self.games,
                "child_wins": round(self.child_wins, 3), "child_wpm": round(self.child_wpm, 2),
                "bot_wpm": round(self.bot_wpm, 2),
                "median_margin": statistics.median(self.margins),
                "within_2": round(self.close_share, 3), "unfinished": self.unfinished}


def cell(variant_name: str, level: BotLevel, age: AgeProfile, games: int, seed: int,
         layout: TableLayout | None = None) -> Cell:
    """`games` games of `variant_name`, seeds `seed`, `seed + 1`, ... (the same deals for
    every cell, so cells differ only by who plays)."""
    layout = layout or TableLayout.build(*TABLE)
    results = [play(GameConfig.for_players(variant_name, 2, seed + i), level, age, layout)
               for i in range(games)]
    minutes = sum(r.seconds for r in results) / 60
    return Cell(level.name, age.name, games, sum(r.child_won for r in results) / games,
                sum(r.child for r in results) / minutes, sum(r.bot for r in results) / minutes,
                tuple(r.child - r.bot for r in results), sum(not r.finished for r in results))


def matchups(variant_name: str, levels: Sequence[BotLevel], ages: Sequence[AgeProfile],
             games: int, seed: int) -> Iterator[Cell]:
    """Every level against every age."""
    if variant(variant_name).duo:
        raise ValueError("matchups are race games: Duo has no search to measure")
    layout = TableLayout.build(*TABLE)
    for level in levels:
        for age in ages:
            yield cell(variant_name, level, age, games, seed, layout)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`seigneurs matchup`'s options."""
    parser.add_argument("--variant", default="kids", choices=sorted(VARIANTS))
    parser.add_argument("--levels", default=",".join(BOT_LEVELS),
                        help=f"bot levels, comma-separated ({', '.join(BOT_LEVELS)})")
    parser.add_argument("--ages", default=",".join(AGES),
                        help=f"ages, comma-separated ({', '.join(AGES)})")
    parser.add_argument("--games", type=int, default=200, help="games per level and age")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; then +1")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Play every cell and print the table (or JSON)."""
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        levels = [bot_level(n.strip()) for n in args.levels.split(",")]
        ages = [age_profile(n.strip()) for n in args.ages.split(",")]
        cells = list(matchups(args.variant, levels, ages, args.games, args.seed))
    except ValueError as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps({"variant": args.variant, "games": args.games, "seed": args.seed,
                          "cells": [c.to_json() for c in cells]}))
        return 0
    print(f"{variant(args.variant).title}, one child against one bot, {args.games} games a cell")
    print("| bot | age | child wins | child wagons/min | bot wagons/min | median margin "
          "| within 2 |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for c in cells:
        row = c.to_json()
        print(f"| {c.level} | {c.age} | {row['child_wins']:.0%} | {row['child_wpm']:.1f} | "
              f"{row['bot_wpm']:.1f} | {row['median_margin']:+g} | {row['within_2']:.0%} |")
    return 0
