"""What the crowd's touch source says of the children, apart from the children themselves:
the panel (each contact's size and orientation, with noise, some unreadable; lifts it loses;
ghost contacts it makes up) and the arm tracker (user ids: mostly right, sometimes none or
another child's, two neighbours swapped now and then). Both draw from the crowd's one
stream of chance, in the order the crowd asks."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from seigneurs.input.events import DOWN, Contact, TouchPhase

Point = tuple[float, float]

PANEL_LOST_LIFT = 0.01
"""Chance the panel never reports a lift."""
GHOST_EVERY_S = 20.0
"""Mean seconds between ghost contacts the panel makes up (a few frames; 1 in 5 never lifts)."""
ORIENTATION_SIGMA = (10.0, 20.0)
"""Degrees of noise on a contact's orientation (one sigma for the whole game)..."""
UNREADABLE = 0.3
"""...and the share of contacts whose orientation the panel cannot read."""
PANELS = ("none", "axis", "signed")
"""What the simulated panel says of a contact: nothing, its size and axis, or also which way
the finger points."""
ID_RIGHT = 0.95
"""The arm tracker names the right child this often..."""
ID_LOST = 0.10
"""...gives no id for this share of touches..."""
ID_SWAP_EVERY_S = 60.0
ID_SWAP_FOR_S = (3.0, 10.0)
"""...and now and then swaps two neighbours for a few seconds."""


class Someone(Protocol):
    """Whoever touches, as the tracker sees them."""

    @property
    def seat(self) -> int: ...

    @property
    def adult(self) -> bool: ...

    @property
    def neighbours(self) -> tuple[int, ...]: ...


class Panel:
    """The simulated panel and arm tracker of one game, `panel` telling nothing, an axis, or
    a signed orientation (`PANELS`), on a `width` x `height` table of `px_per_cm`."""

    def __init__(self, panel: str, user_ids: bool, ghosts: bool, rng: random.Random,
                 px_per_cm: float, width: float, height: float) -> None:
        self.panel, self.user_ids, self.making_ghosts = panel, user_ids, ghosts
        self.rng = rng
        self.px_per_cm, self.width, self.height = px_per_cm, width, height
        self.sigma = rng.uniform(*ORIENTATION_SIGMA)
        self.swap: tuple[int, int, float] | None = None  # two seats the tracker swaps, until
        self.swap_at = rng.expovariate(1 / ID_SWAP_EVERY_S)
        self.ghost_at = rng.expovariate(1 / GHOST_EVERY_S)
        self.ghosts: list[tuple[int, int, bool]] = []  # (finger, frames left, lifts)

    def contact(self, base: Point, x: float, y: float,
                size: tuple[float, float]) -> Contact | None:
        """The panel's word on a contact at (x, y) of a hand coming from `base`."""
        if self.panel == "none":
            return None
        rng = self.rng
        major = rng.uniform(*size) * self.px_per_cm / self.width
        minor = major * rng.uniform(0.5, 0.9)
        if rng.random() < UNREADABLE:
            return Contact(major, minor)
        angle = math.degrees(math.atan2(y - base[1], x - base[0])) + rng.gauss(0, self.sigma)
        if self.panel == "axis":
            return Contact(major, minor, angle % 180.0, False)
        return Contact(major, minor, angle % 360.0, True)

    def loses_lift(self) -> bool:
        """Whether the panel will never report this finger's lift."""
        return self.rng.random() < PANEL_LOST_LIFT

    def user(self, person: Someone | None, children: Sequence[Someone]) -> int | None:
        """What the arm tracker says of a new touch: mostly right, sometimes another child,
        sometimes nothing, and two neighbours swapped now and then."""
        if not self.user_ids or person is None:
            return None
        if person.adult:
            return 1000 + person.seat  # a person the table has no seat for
        rng = self.rng
        if rng.random() < ID_LOST:
            return None
        if self.swap is not None and person.seat in self.swap[:2]:
            a, b, _until = self.swap
            return b if person.seat == a else a
        if rng.random() >= ID_RIGHT:
            others = [c.seat for c in children if c.seat != person.seat]
            return rng.choice(others) if others else person.seat
        return person.seat

    def track(self, now: float, children: Sequence[Someone]) -> None:
        """The arm tracker swaps two neighbours now and then, for a few seconds."""
        if self.swap is not None and now > self.swap[2]:
            self.swap = None
        if now >= self.swap_at and len(children) > 1:
            self.swap_at = now + self.rng.expovariate(1 / ID_SWAP_EVERY_S)
            a = self.rng.choice(children)
            b = a.neighbours[0] if a.neighbours else next(
                c.seat for c in children if c is not a)
            self.swap = (a.seat, b, now + self.rng.uniform(*ID_SWAP_FOR_S))

    def ghost(self, now: float, touch: Callable[[], int],
              report: Callable[[int, TouchPhase, float, float, Contact | None], None],
              gone: Callable[[int, bool], None]) -> None:
        """The panel makes up a contact now and then (a new `touch`, `report`ed down): a few
        frames, then `gone` (lifted, or never lifted: the panel forgot it)."""
        for finger, left, lifts in list(self.ghosts):
            self.ghosts.remove((finger, left, lifts))
            if left > 0:
                self.ghosts.append((finger, left - 1, lifts))
            else:
                gone(finger, lifts)
        if not self.making_ghosts or now < self.ghost_at:
            return
        rng = self.rng
        self.ghost_at = now + rng.expovariate(1 / GHOST_EVERY_S)
        finger = touch()
        x, y = rng.uniform(0, self.width), rng.uniform(0, self.height)
        report(finger, DOWN, x, y, self.contact((x, y - 1.0), x, y, (0.3, 3.0)))
        self.ghosts.append((finger, rng.randint(0, 5), rng.random() > 0.2))
