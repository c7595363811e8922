"""A third simulated child, written apart from `tools/ages.py` and the two children that read it
(the matchup's and the crowd's), so the bots are not calibrated against the one model they were
tuned to (issue 33).

It plays by other figures and another shape of play: it glances at one card at a time (near
ones more often) and takes it when it looks fitting; each reach and each drag home takes a
Fitts' law time (a start-up plus the index of difficulty over the age's throughput, the card or
the zone being the target's width); a touch can land off the card and needs another aim, a drag
can end short of the zone and the card is taken up again where it fell; a card that does not
fit is refused and slides back; after each wagon the child rests a while (looks at the train,
at the others). The figures are estimates after published findings (docs/measurements.md,
"The simulated children's figures", cites them), not measurements at the table.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from seigneurs.game.actions import NotApplied, Pick, PutBack, Stack, TurnLocomotive
from seigneurs.game.engine import Phase
from seigneurs.game.race import NOBODY, RaceGame, cards_in
from seigneurs.rules import Start
from seigneurs.rules.registry import lookup
from seigneurs.table.geometry import Point, RaceGeometry

STAND_S = 0.8
"""Getting up to reach beyond the arm (our estimate)."""
STEP_CM_S = 60.0
"""Going round the table, once up (our estimate)."""
AIM_AGAIN_CM = 2.0
"""How far a correction moves after a touch lands off the card."""
NEAR_FIRST = 3.0
"""How much likelier a glance falls on a card within the arm than on one beyond it."""


@dataclass(frozen=True, slots=True)
class Hands:
    """One age's touch and attention, in this model's own terms."""

    name: str
    throughput_bits_s: float
    """Fitts' law throughput of a finger's reach or drag on the glass."""
    start_s: float
    """Setting a movement off (the Fitts' law intercept)."""
    glance_s: float
    """Looking at one card and judging it."""
    spots: float
    """Chance a card that fits is seen to fit."""
    false_fit: float
    """Chance a card that does not fit is taken for one that does."""
    misses: float
    """Chance a touch lands off the card it aimed at."""
    drops: float
    """Chance a drag-and-drop ends short of the zone."""
    rest_s: tuple[float, float]
    """Mean and spread of the pause after each wagon."""
    arm_cm: float
    """What the arm reaches from the shoulders without getting up."""


HANDS: dict[str, Hands] = {
    hands.name: hands
    for hands in (
        Hands("3", throughput_bits_s=1.2, start_s=0.6, glance_s=1.0, spots=0.65,
              false_fit=0.35, misses=0.30, drops=0.30, rest_s=(4.0, 3.0), arm_cm=28.0),
        Hands("5", throughput_bits_s=2.2, start_s=0.45, glance_s=0.6, spots=0.82,
              false_fit=0.15, misses=0.18, drops=0.12, rest_s=(2.0, 1.5), arm_cm=36.0),
        Hands("8", throughput_bits_s=4.0, start_s=0.3, glance_s=0.4, spots=0.92,
              false_fit=0.07, misses=0.08, drops=0.04, rest_s=(1.0, 0.6), arm_cm=45.0),
        Hands("adult", throughput_bits_s=6.0, start_s=0.2, glance_s=0.25, spots=0.98,
              false_fit=0.02, misses=0.02, drops=0.01, rest_s=(0.4, 0.2), arm_cm=60.0),
    )
}


def hands_of(name: str) -> Hands:
    """Look an age up by name, with a clear error listing the known ones."""
    return lookup(HANDS, name, "age")


def fitts_s(hands: Hands, distance_cm: float, width_cm: float) -> float:
    """Seconds to move `distance_cm` onto a target `width_cm` wide (Shannon's form)."""
    return hands.start_s + math.log2(distance_cm / width_cm + 1) / hands.throughput_bits_s


class FittsChild:
    """One child of this model at one seat, stepping through the game engine at `due`."""

    def __init__(self, game: RaceGame, seat: int, geometry: RaceGeometry, hands: Hands,
                 rng: random.Random) -> None:
        self.game, self.seat, self.hands, self.rng = game, seat, hands, rng
        self.geometry = geometry
        self.cm = geometry.px_per_cm
        self.card_cm = geometry.card_w / self.cm
        zone = geometry.seats[seat].place.zone
        self.zone_cm = min(zone.w, zone.h) / self.cm
        self.home = geometry.seats[seat].anchor
        self.due = rng.uniform(0.5, 1.5) + hands.start_s
        self.goal: int | None = None  # the card reached for, touched at `due`
        self.came_from: tuple[float, float] = (0.0, 0.0)  # where the held card lay (fractions)
        self.short = False  # the drag now under way ends short of the zone

    def _cm_to(self, card: int) -> float:
        return math.dist(self.home, self._at(card)) / self.cm

    def _at(self, card: int) -> Point:
        return self.geometry.free.at(*self.game.positions[card])

    def _glance(self) -> int | None:
        """One card looked at: near ones more often; None when the table is empty."""
        cards = list(cards_in(self.game.table_mask))
        if not cards:
            return None
        weights = [NEAR_FIRST if self._cm_to(c) <= self.hands.arm_cm else 1.0 for c in cards]
        return self.rng.choices(cards, weights)[0]

    def _looks_fitting(self, card: int) -> bool:
        """Judged by its face: fitting ones are spotted, others taken for fitting now and then."""
        chance = self.hands.spots if self.game.fits(self.seat, card) else self.hands.false_fit
        return self.rng.random() < chance

    def _reach_s(self, card: int) -> float:
        cm = self._cm_to(card)
        beyond = max(0.0, cm - self.hands.arm_cm)
        walk = STAND_S + beyond / STEP_CM_S if beyond else 0.0
        aim = fitts_s(self.hands, min(cm, self.hands.arm_cm), self.card_cm)
        if self.rng.random() < self.hands.misses:
            aim += fitts_s(self.hands, AIM_AGAIN_CM, self.card_cm)
        return walk + aim

    def _rest(self) -> float:
        mean, spread = self.hands.rest_s
        return max(0.0, self.rng.gauss(mean, spread))

    def step(self, t: float) -> None:
        """Do what is due at `t`: turn the locomotive, glance, touch, or end a drag."""
        game, seat = self.game, self.seat
        if game.over:
            self.due = math.inf
            return
        if game.phase is not Phase.PLAYING:
            if game.variant.start is Start.LOCOMOTIVES_TURNED and not game.turned[seat]:
                game.apply(TurnLocomotive(seat, t))
            self.due = t + self.hands.start_s
            return
        if game.hands[seat] != NOBODY:
            self._end_drag(t)
        elif self.goal is not None:
            self._touch(t, self.goal)
        else:
            card = self._glance()
            self.due = t + self.rng.expovariate(1 / self.hands.glance_s)
            if card is not None and (not game.is_face_up(card) or self._looks_fitting(card)):
                self.goal = card
                self.due += self._reach_s(card)

    def _touch(self, t: float, card: int) -> None:
        game = self.game
        self.goal = None
        self.came_from = game.positions[card]
        seen = game.is_face_up(card)
        if isinstance(game.apply(Pick(self.seat, t, card)), NotApplied):
            self.due = t + self.hands.glance_s  # gone: look again
            return
        if not seen and not self._looks_fitting(card):  # turned over by the touch, judged now
            game.apply(PutBack(self.seat, t, *self.came_from))
            self.due = t + self.hands.glance_s
            return
        self.short = self.rng.random() < self.hands.drops
        self.due = t + fitts_s(self.hands, self._cm_to(card), self.zone_cm)

    def _end_drag(self, t: float) -> None:
        game, seat = self.game, self.seat
        if self.short:  # let go part of the way: the card lies there, the child takes it again
            card = game.hands[seat]
            x, y = self._at(card)
            part = self.rng.uniform(0.3, 0.8)
            free = self.geometry.free
            spot = free.clamp(x + (self.home[0] - x) * part, y + (self.home[1] - y) * part,
                              margin=self.geometry.card_w * 0.3)
            game.apply(PutBack(seat, t, *free.fraction(*spot)))
            self.goal = card
            self.due = t + fitts_s(self.hands, AIM_AGAIN_CM, self.card_cm)
            return
        if game.apply(Stack(seat, t)).ok:
            self.due = t + self._rest()
            return
        game.apply(PutBack(seat, t, *self.came_from))  # refused: it slides back
        self.due = t + self.hands.glance_s
