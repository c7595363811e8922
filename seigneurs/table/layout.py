"""Where everything sits on the table, in pixels, from its size and physical dimensions.

Pure geometry, shared by the physics, the touch routing and the views. Places go around the
table counter-clockwise from the bottom left: two on each long side, one on each short side.
Each place has a zone at the table edge, turned to face the person sitting there; the cards
scatter over the free area between the zones.

Everything is sized from the card: at least MIN_CARD_CM wide where the panel has room, else as
large as the panel allows with the zones apart and the middle large enough (`fits`). A panel too
small for MIN_CARD_CM gets smaller cards, never overlapping zones; `card_cm` says how large.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from seigneurs.rect import Rect
from seigneurs.rules import WAGONS

CM_PER_INCH = 2.54
MIN_CARD_CM = 4.0
"""The card width the research suggests for three-year-olds' fingers (docs/kiosk.md,
"Configuration", cards for small fingers): drawn at least this wide wherever the panel has
room for it."""
ZONE_LONG = 6.0
"""A zone's long side, in card widths, at the least: a bot's badge, the locomotive, the train's
pile, its count and a stop sign side by side (`table.geometry`)."""
MIDDLE_TALL = 5.0
"""The free area's height, in card heights, at the least: the lobby's column (variant pictures,
locomotives, whistle) between the hint hands that reach in from the places."""
ROOM_PER_CARD = 1.5
"""The free area, in card areas per dealt card, at the least: every card of the deck could lie
whole beside the others, with half as much again for the deal's gaps (R13)."""


@dataclass(frozen=True, slots=True)
class Place:
    """A seat's zone at the table edge; `angle` turns its contents to face its player.

    `angle` is in degrees counter-clockwise: 0 for a player at the bottom edge, 180 at the top,
    90 at the right edge, 270 at the left.
    """

    zone: Rect
    angle: float

    def local(self, forward: float, across: float) -> tuple[float, float]:
        """A point of the zone seen by its player: `across` to their right, `forward` away
        from them, from the zone's middle (pixels)."""
        a = math.radians(self.angle)
        cx, cy = self.zone.center
        return (cx + across * math.cos(a) - forward * math.sin(a),
                cy + across * math.sin(a) + forward * math.cos(a))


@dataclass(frozen=True, slots=True)
class TableLayout:
    """The whole table's geometry for one window size and one physical panel."""

    width: int
    height: int
    px_per_cm: float
    card_w: float
    card_h: float
    places: tuple[Place, ...]
    free: Rect
    arrangement: str

    @classmethod
    def build(cls, width: int, height: int, diagonal_inches: float = 55.0,
              arrangement: str = "six-around") -> TableLayout:
        """Six places on a `width` x `height` panel of the given diagonal: two on each long
        side and one on each short side ("six-around"), or three on each long side
        ("long-sides", for tables against a wall at their ends). Cards are MIN_CARD_CM wide,
        or 6.2 % of the picture's height on large panels, unless the panel has no room for
        that: then as large as fits (`largest_card`)."""
        px_per_cm = math.hypot(width, height) / (diagonal_inches * CM_PER_INCH)
        wanted = max(MIN_CARD_CM * px_per_cm, min(width, height) * 0.062)
        card_w = min(wanted, largest_card(width, height, arrangement))
        return cls.sized(width, height, px_per_cm, card_w, arrangement)

    @classmethod
    def sized(cls, width: int, height: int, px_per_cm: float, card_w: float,
              arrangement: str) -> TableLayout:
        """The places and the middle for cards `card_w` pixels wide, whether they fit or not."""
        card_h = card_w * 7 / 5
        depth = card_h * 1.9  # zone depth: room for a locomotive, a train pile and a button
        rim = card_w * 0.25  # nothing important right at the rim, where wrists rest
        gap = card_w * 0.15  # between a zone and the middle, and a side zone and a corner's
        long_w = min(width * 0.34, card_w * 6.5)
        # a short side's zone is as long as a long side's may be: a picture too short for it
        # leaves the middle under MIDDLE_TALL card heights (7 card widths) anyway, unfit
        side_h = card_w * 6.5
        top = height - rim - depth
        if arrangement == "long-sides":
            third = min(width * 0.3, card_w * 6.5)
            places = tuple(
                Place(Rect(width * f - third / 2, y, third, depth), angle)
                for y, angle, fractions in ((rim, 0, (1 / 6, 3 / 6, 5 / 6)),
                                            (top, 180, (5 / 6, 3 / 6, 1 / 6)))
                for f in fractions)
            gap_x = rim + card_w * 0.3
        elif arrangement == "six-around":
            places = (
                Place(Rect(width * 0.27 - long_w / 2, rim, long_w, depth), 0),
                Place(Rect(width * 0.73 - long_w / 2, rim, long_w, depth), 0),
                Place(Rect(width - rim - depth, height / 2 - side_h / 2, depth, side_h), 90),
                Place(Rect(width * 0.73 - long_w / 2, top, long_w, depth), 180),
                Place(Rect(width * 0.27 - long_w / 2, top, long_w, depth), 180),
                Place(Rect(rim, height / 2 - side_h / 2, depth, side_h), 270),
            )
            gap_x = rim + depth + gap
        else:
            raise ValueError(f"unknown layout {arrangement!r}; expected six-around or long-sides")
        gap_y = rim + depth + gap
        free = Rect(gap_x, gap_y, width - 2 * gap_x, height - 2 * gap_y)
        return cls(width, height, px_per_cm, card_w, card_h, places, free, arrangement)

    @property
    def card_cm(self) -> float:
        """A card's width on the glass."""
        return self.card_w / self.px_per_cm

    @property
    def shrunk(self) -> bool:
        """Whether the panel had no room for cards MIN_CARD_CM wide."""
        return self.card_cm < MIN_CARD_CM - 1e-6

    def fits(self) -> bool:
        """Whether these cards leave a playable table: every zone on the screen, each ZONE_LONG
        card widths long; a middle MIDDLE_TALL card heights tall with ROOM_PER_CARD card areas
        for each card of the deck. No two zones overlap then (they could only with no middle
        left): test_layout's zones-never-overlap property checks it."""
        screen = Rect(0, 0, self.width, self.height)
        zones = [place.zone for place in self.places]
        if any(not _inside(screen, zone) or max(zone.w, zone.h) < ZONE_LONG * self.card_w
               for zone in zones):
            return False
        free = self.free
        return (free.w > 0 and free.h >= MIDDLE_TALL * self.card_h
                and free.w * free.h >= ROOM_PER_CARD * len(WAGONS) * self.card_w * self.card_h)

    def panel_for_full_cards(self) -> float:
        """The smallest diagonal, in inches, of a panel of this picture's shape on which the
        cards are MIN_CARD_CM wide."""
        largest = largest_card(self.width, self.height, self.arrangement)
        return math.hypot(self.width, self.height) * MIN_CARD_CM / (largest * CM_PER_INCH)

    @staticmethod
    def spread(seats: int) -> tuple[int, ...]:
        """Which places `seats` players take when nobody chose: spread round the table."""
        return {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4),
                6: (0, 1, 2, 3, 4, 5)}[seats]


@lru_cache(maxsize=64)
def largest_card(width: int, height: int, arrangement: str) -> float:
    """The widest card, in pixels, that `fits` a `width` x `height` picture (whatever the
    panel's size: the layout is in card widths), found by halving: a narrower card always fits
    where a wider one does."""
    narrow, wide = 0.0, float(min(width, height))
    for _ in range(40):
        middle = (narrow + wide) / 2
        if TableLayout.sized(width, height, 1.0, middle, arrangement).fits():
            narrow = middle
        else:
            wide = middle
    return narrow


def _inside(outer: Rect, inner: Rect) -> bool:
    return (outer.x <= inner.x and outer.y <= inner.y and inner.x + inner.w <= outer.x + outer.w
            and inner.y + inner.h <= outer.y + outer.h)


def duo_places(layout: TableLayout) -> tuple[Place, Place]:
    """Duo: the two players face each other across the long sides, in the middle."""
    bottom, top = layout.places[0].zone, layout.places[3].zone
    middle = layout.width / 2
    return (Place(Rect(middle - bottom.w / 2, bottom.y, bottom.w, bottom.h), 0),
            Place(Rect(middle - top.w / 2, top.y, top.w, top.h), 180))
