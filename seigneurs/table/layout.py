"""Where everything sits on the table, in pixels, from its size and physical dimensions.

Pure geometry, shared by the physics, the touch routing and the views. Places go around the
table counter-clockwise from the bottom left: two on each long side, one on each short side.
Each place has a zone at the table edge, turned to face the person sitting there; the cards
scatter over the free area between the zones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from seigneurs.rect import Rect

CM_PER_INCH = 2.54
MIN_CARD_CM = 4.0
"""Cards are never drawn narrower than this, for small fingers (issue: the touch table)."""


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

    @classmethod
    def build(cls, width: int, height: int, diagonal_inches: float = 55.0,
              arrangement: str = "six-around") -> TableLayout:
        """Six places on a `width` x `height` panel of the given diagonal: two on each long
        side and one on each short side ("six-around"), or three on each long side
        ("long-sides", for tables against a wall at their ends)."""
        diagonal_px = math.hypot(width, height)
        px_per_cm = diagonal_px / (diagonal_inches * CM_PER_INCH)
        card_w = max(MIN_CARD_CM * px_per_cm, min(width, height) * 0.062)
        card_h = card_w * 7 / 5
        depth = card_h * 1.9  # zone depth: room for a locomotive, a train pile and a button
        long_w = min(width * 0.34, card_w * 6.5)
        side_h = min(height - 2 * depth, card_w * 6.5)
        rim = card_w * 0.25  # nothing important right at the rim, where wrists rest
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
            gap_x = rim + depth + card_w * 0.15
        else:
            raise ValueError(f"unknown layout {arrangement!r}; expected six-around or long-sides")
        gap_y = rim + depth + card_w * 0.15
        free = Rect(gap_x, gap_y, width - 2 * gap_x, height - 2 * gap_y)
        return cls(width, height, px_per_cm, card_w, card_h, places, free)

    @staticmethod
    def spread(seats: int) -> tuple[int, ...]:
        """Which places `seats` players take when nobody chose: spread round the table."""
        return {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4),
                6: (0, 1, 2, 3, 4, 5)}[seats]


def duo_places(layout: TableLayout) -> tuple[Place, Place]:
    """Duo: the two players face each other across the long sides, in the middle."""
    bottom, top = layout.places[0].zone, layout.places[3].zone
    middle = layout.width / 2
    return (Place(Rect(middle - bottom.w / 2, bottom.y, bottom.w, bottom.h), 0),
            Place(Rect(middle - top.w / 2, top.y, top.w, top.h), 180))
