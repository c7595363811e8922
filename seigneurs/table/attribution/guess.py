"""The guess of whose hand a finger is, from where it lands, where it carries a card, which
cards a child wants and which way the finger points (issue 9); the policy weighs it against
what each seat already holds (`policy`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from operator import sub, truediv

from seigneurs.input.events import Contact

Point = tuple[float, float]

WANTED = 0.6
"""Children search for a card that fits their train: such a seat counts this much nearer."""
HEADING = 0.7
"""A carried card is re-guessed to a seat once it travels this straight toward it (cosine)."""
MARGIN = 0.15
"""...and this much straighter than toward the current guess (hysteresis: no flicker)."""
HOMES = 64
"""Start points whose seat distances `SeatGuesser.headings` keeps (a few per finger down)."""
ARM_DEGREES = 45.0
"""A contact whose orientation is off a seat's arm by this many degrees counts that seat twice
as far (a finger points away from the child's body: the arm lies behind it)."""


class SeatGuesser:
    """Whose hand a finger is, from the best evidence, decided as late as possible (issue 9).

    A user id mapped to a seat decides at once. Otherwise the guess is provisional: the
    nearest seat to the touch-down point (skipping one already holding a card when another
    free seat is within arm's reach), re-decided while the card is carried toward a seat,
    final where it is dropped. Works in any units, as long as anchors and points agree.
    """

    def __init__(self, anchors: Sequence[Point], candidates: Sequence[int],
                 users: Mapping[int, int] | None = None, reach: float = math.inf,
                 bodies: Sequence[Point] | None = None) -> None:
        self.anchors = list(anchors)
        self.candidates = list(candidates)  # the seats fingers may be of (bots' are not)
        self.users = {u: s for u, s in (users or {}).items() if s in self.candidates}
        self.reach = reach
        self.bodies = list(bodies) if bodies is not None else self.anchors
        """Where each seat's child sits (the table's edge behind the zone): arms come from there."""
        self._homes: dict[Point, list[float]] = {}
        """Each seat's distance from the points cards were carried from (`headings`): a carry
        starts from one place and every move of it asks again (HOMES at most)."""

    def arm(self, seat: int, x: float, y: float, contact: Contact | None) -> float:
        """How much farther `seat` counts for a finger at (x, y) whose contact points the way
        it does: 1 when the finger points away from the seat's child (or no orientation is
        read), more the more it is off (an axis only is compared as an axis)."""
        if contact is None or contact.angle is None:
            return 1.0
        bx, by = self.bodies[seat]
        expected = math.degrees(math.atan2(y - by, x - bx))
        turn = 360.0 if contact.signed else 180.0
        off = abs((contact.angle - expected + turn / 2) % turn - turn / 2)
        return 1.0 + (off / ARM_DEGREES) ** 2

    def distance(self, seat: int, x: float, y: float) -> float:
        return math.dist(self.anchors[seat], (x, y))

    def by_user(self, user: int | None) -> int | None:
        """The seat a user id decides, if the source knows its users."""
        return None if user is None else self.users.get(user)

    def nearest(self, x: float, y: float) -> int:
        """The seat nearest (x, y)."""
        return min(self.candidates, key=lambda s: self.distance(s, x, y))

    def likeliest(self, x: float, y: float, wants: Callable[[int], bool],
                  contact: Contact | None = None) -> int:
        """The seat most likely to reach for a card at (x, y): the nearest, where a seat that
        `wants` the card (it fits their train and they can see it) counts as nearer by
        WANTED, as long as it is within reach, and a seat the finger's orientation points
        away from counts as farther (`arm`)."""
        def cost(s: int) -> float:
            d = self.distance(s, x, y)
            return (d * WANTED if d <= self.reach and wants(s) else d) * \
                self.arm(s, x, y, contact)
        return min(self.candidates, key=cost)

    def at_down(self, x: float, y: float, holds: Callable[[int], bool],
                reach: float | None = None, contact: Contact | None = None) -> int | None:
        """The provisional seat of a finger landing at (x, y): the likeliest free seat within
        reach (nearest, and the way the finger points), else None (the nearest seat already
        holds a card: R9)."""
        limit = self.reach if reach is None else reach
        far = {s: self.distance(s, x, y) for s in self.candidates}  # once each: per move
        cost = far if contact is None or contact.angle is None else {  # (or every arm is 1)
            s: d * self.arm(s, x, y, contact) for s, d in far.items()}
        # the first of the seats in order of cost (ties: in the candidates' order), no sort
        nearest = min(far, key=cost.__getitem__)
        if not holds(nearest):
            return nearest
        free = [s for s, d in far.items() if s != nearest and d <= limit and not holds(s)]
        return min(free, key=cost.__getitem__) if free else None

    def heading(self, seat: int, start: Point, x: float, y: float) -> float:
        """How straight a card carried from `start` to (x, y) went toward `seat` (-1..1)."""
        return self.headings(start, x, y)[seat]

    def headings(self, start: Point, x: float, y: float) -> list[float]:
        """`heading` toward each seat, by seat (all at once: it runs at every finger's move)."""
        return self._headings(start, x, y, math.dist(start, (x, y)))

    def _headings(self, start: Point, x: float, y: float, moved: float) -> list[float]:
        """`headings`, for a card that `moved` this far from `start` (`while_carried` has
        measured it already)."""
        if moved == 0:
            return [0.0] * len(self.anchors)
        # how much nearer each seat the card came, per unit it went, seat by seat in C (it
        # runs at every move of every guessed card; math.dist is hypot of the differences)
        nearer = map(sub, self._homes_from(start), map(math.dist, repeat((x, y)), self.anchors))
        return list(map(truediv, nearer, repeat(moved)))

    def _homes_from(self, start: Point) -> list[float]:
        """Each seat's distance from `start`, by seat: kept (`_homes`), a carry asks at every
        move from where it was taken."""
        homes = self._homes.get(start)
        if homes is None:
            if len(self._homes) >= HOMES:
                self._homes.clear()
            sx, sy = start
            homes = self._homes[start] = [math.hypot(sx - ax, sy - ay) for ax, ay in self.anchors]
        return homes

    def while_carried(self, seat: int, start: Point, x: float, y: float,
                      travel: float) -> int:
        """The seat of a card carried from `start` to (x, y), so far guessed `seat`: children
        pull a card home, so once it has travelled `travel` mostly straight toward one seat,
        it is that seat's (with hysteresis against the current guess)."""
        moved = math.dist(start, (x, y))
        if moved < travel:
            return seat
        headings = self._headings(start, x, y, moved)
        best = max(self.candidates, key=headings.__getitem__)  # the first, on a tie
        if best != seat and headings[best] > HEADING and \
                headings[best] > headings[seat] + MARGIN:
            return best
        return seat
