"""What can be touched where, in pixels: seat zones and buttons for the race, rows and piles for
Duo. Pure data from the layout, shared by the controller's hit-tests and the views' sprites."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from seigneurs.rect import Rect
from seigneurs.table.layout import Place, TableLayout

Point = tuple[float, float]
LAMP = 0.45
"""A start lamp's width, in card widths: three of them in every player's zone (R14, R28)."""


@dataclass(frozen=True, slots=True)
class Spot:
    """A round touch target: generous, for small fingers."""

    x: float
    y: float
    radius: float

    @property
    def centre(self) -> Point:
        return self.x, self.y

    def hit(self, x: float, y: float) -> bool:
        return math.hypot(x - self.x, y - self.y) <= self.radius


def _spot(place: Place, forward: float, across: float, radius: float) -> Spot:
    return Spot(*place.local(forward, across), radius)


def _lamps(place: Place, across: float, card_w: float, card_h: float) -> tuple[Point, ...]:
    """Three start lamps in a row along the zone's inner strip, over no card (issue 18)."""
    return tuple(place.local(card_h * 0.72, across + (k - 1) * card_w * LAMP * 1.25)
                 for k in range(3))


@dataclass(frozen=True, slots=True)
class SeatGeometry:
    """One race seat's zone and the things in it, turned to face its player."""

    place: Place
    locomotive: Spot
    pile: Point  # where the train's top card shows: drawn there, no touch target
    stop: Spot | None
    badge: Point
    count: Point
    lamps: tuple[Point, ...]

    @property
    def anchor(self) -> Point:
        """Where the seat's child sits, for 'nearest seat' (the middle of the zone)."""
        return self.place.zone.center


@dataclass(frozen=True, slots=True)
class RaceGeometry:
    """The race table: the free area where cards lie and one zone per seat."""

    width: float
    height: float
    card_w: float
    card_h: float
    px_per_cm: float
    free: Rect
    seats: tuple[SeatGeometry, ...]

    @classmethod
    def build(cls, layout: TableLayout, places: Sequence[Place], stop: bool) -> RaceGeometry:
        """Zones at `places`; a stop sign in each when the variant ends by a stop call (R16)."""
        w, h = layout.card_w, layout.card_h
        seats = []
        for place in places:
            side = max(place.zone.w, place.zone.h)
            pile = -side * 0.3 + w * 1.25
            count = pile + w * 1.25  # two digits clear of a card come to the pile askew
            # the stop sign clear of the count, in zones too short for the usual spacing
            stop_at = min(side / 2 - w * 0.62, max(side * 0.3, count + w * 1.1))
            seats.append(SeatGeometry(
                place, _spot(place, 0, -side * 0.3, h / 2 * 0.8),
                place.local(0, pile),
                _spot(place, 0, stop_at, w * 0.6 * 1.15) if stop else None,
                place.local(h * 0.3, -side * 0.3 - w * 0.9),
                place.local(0, count), _lamps(place, pile, w, h)))
        return cls(layout.width, layout.height, w, h, layout.px_per_cm, layout.free, tuple(seats))

    @property
    def anchors(self) -> list[Point]:
        return [s.anchor for s in self.seats]

    def zone_at(self, x: float, y: float) -> int | None:
        """The seat whose zone holds (x, y), if any."""
        for seat, geometry in enumerate(self.seats):
            if geometry.place.zone.contains(x, y):
                return seat
        return None


@dataclass(frozen=True, slots=True)
class DuoGeometry:
    """Duo: five rows across the middle, the locomotives in a column, a zone per player (R28)."""

    width: float
    height: float
    card_w: float
    card_h: float
    px_per_cm: float
    free: Rect
    places: tuple[Place, Place]
    rows: int

    @property
    def mid(self) -> float:
        return self.width / 2

    @property
    def pitch(self) -> float:
        return self.free.h / self.rows

    def row_y(self, row: int) -> float:
        return self.free.y + self.free.h - (row + 0.5) * self.pitch

    def reveal(self, seat: int) -> Point:
        """Where `seat`'s revealed top card lies: the middle of its zone."""
        return self.places[seat].local(0, 0)

    def pile(self, seat: int) -> Point:
        return self.places[seat].local(0, -self._side(seat) * 0.32)

    def under(self, seat: int) -> Spot:
        """The button that sends the top card under the pile (R30)."""
        return _spot(self.places[seat], 0, self._side(seat) * 0.32, self.card_w * 0.55 * 1.15)

    def count(self, seat: int) -> Point:
        """The pile's count: between the pile and the revealed card, inside the zone."""
        return self.places[seat].local(0, -self._side(seat) * 0.32 + self.card_w * 0.95)

    def lamps(self, seat: int) -> tuple[Point, ...]:
        return _lamps(self.places[seat], 0, self.card_w, self.card_h)

    def _side(self, seat: int) -> float:
        zone = self.places[seat].zone
        return max(zone.w, zone.h)

    @property
    def row_card(self) -> float:
        """The width of a card in the rows: as large as five rows of the table allow, up to a
        quarter more than a table card (issue 12: Duo that uses the table)."""
        return min(self.card_w * 1.25, self.pitch * 0.88 / (self.card_h / self.card_w))

    def slot(self, seat: int, row: int, index: int, count: int) -> Point:
        """Where the `index`-th of a row's `count` cards lies: whole cards to its player's
        right (R28), closing up only when the row would reach the table's edge."""
        card = self.row_card
        start = card / 2 + card * 0.12 + card / 2  # the locomotive, a gap, half a card
        room = self.width / 2 - start - card / 2 - self.card_w * 0.3
        step = min(card * 1.06, room / max(1, count - 1))
        offset = start + index * step
        return (self.mid + offset if seat == 0 else self.mid - offset, self.row_y(row))

    def row_at(self, x: float, y: float) -> int | None:
        """The row band under (x, y), off the locomotive column; None elsewhere."""
        free = self.free
        if not free.y <= y <= free.y + free.h or abs(x - self.mid) < self.row_card / 2:
            return None
        return min(self.rows - 1, int((free.y + free.h - y) / self.pitch))

    def side(self, x: float) -> int:
        """Whose side of the locomotives (x) is: the right is seat 0's (R28)."""
        return 0 if x > self.mid else 1
