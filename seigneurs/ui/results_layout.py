"""Where the results lie, as pure geometry (no arcade), so it can be checked for every table.

Each seat gets a band: its zone, grown toward the middle until it would touch another seat's
band, the table's edge or the 'again' button. Each train is laid in its band as a snake of
whole cards from the locomotive, every card beside the one it must match, as large as fits
and never narrower than a child can count (issue 12: at least 15 mm at the configured size).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from seigneurs.rect import Rect
from seigneurs.table.layout import Place

MIN_RESULT_CARD_CM = 1.5
CARD_GAP = 0.08
"""Space between two cards, as a fraction of a card's width."""
CARD_RATIO = 7 / 5


@dataclass(frozen=True, slots=True)
class Band:
    """A seat's results area as its player sees it: `width` across, centred on the zone, and
    `depth` forward from the zone's near edge (the player's side)."""

    place: Place
    width: float
    depth: float

    def point(self, forward: float, across: float) -> tuple[float, float]:
        """The pixel `forward` from the near edge and `across` from the player's left end."""
        near = min(self.place.zone.w, self.place.zone.h) / 2
        return self.place.local(forward - near, across - self.width / 2)

    def rect(self) -> Rect:
        """The band on the table, as an axis-aligned rectangle (places face the edges)."""
        corners = [self.point(f, a) for f in (0.0, self.depth) for a in (0.0, self.width)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share more than an edge."""
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def inside(outer: Rect, inner: Rect, slack: float = 0.5) -> bool:
    """Whether `inner` lies within `outer`, give or take `slack` pixels of rounding."""
    return (outer.x - slack <= inner.x and outer.y - slack <= inner.y
            and inner.x + inner.w <= outer.x + outer.w + slack
            and inner.y + inner.h <= outer.y + outer.h + slack)


def grow_bands(places: list[Place], table: Rect, keep_out: Rect, step: float,
               limit: float) -> list[Band]:
    """Every seat's band, grown `step` at a time, all seats in turn, while it stays on the
    `table`, off `keep_out` and off every other band: first toward the middle (no deeper
    than `limit`), then wider on both sides, where fewer players leave room."""
    bands = [Band(p, max(p.zone.w, p.zone.h), min(p.zone.w, p.zone.h)) for p in places]
    for deeper, wider in ((step, 0.0), (0.0, 2 * step)):
        growing = list(range(len(bands)))
        while growing:
            for index in list(growing):
                band = bands[index]
                bigger = replace(band, depth=band.depth + deeper, width=band.width + wider)
                area = bigger.rect()
                if (bigger.depth > limit or not inside(table, area)
                        or overlaps(area, keep_out)
                        or any(overlaps(area, other.rect())
                               for k, other in enumerate(bands) if k != index)):
                    growing.remove(index)
                else:
                    bands[index] = bigger
    return bands


@dataclass(frozen=True, slots=True)
class Snake:
    """Cards laid in lines that turn back at each end, so each card touches the one before."""

    card_w: float
    spots: tuple[tuple[float, float], ...]
    """(forward, across) of each card's centre from the area's near-left corner."""

    @property
    def card_h(self) -> float:
        return self.card_w * CARD_RATIO

    @property
    def pitch(self) -> float:
        """Distance between the centres of two neighbours on a line (less than a card's width
        only when even the smallest cards do not fit whole)."""
        if len(self.spots) < 2 or self.spots[0][0] != self.spots[1][0]:
            return self.card_w * (1 + CARD_GAP)
        return abs(self.spots[1][1] - self.spots[0][1])


def snake(count: int, width: float, depth: float, largest: float, smallest: float,
          most_lines: int = 1000) -> Snake:
    """`count` cards in a `width` x `depth` area, in at most `most_lines` lines: the largest
    width (down to `smallest`) at which they all lie whole; if even the smallest do not,
    they overlap along each line."""
    card = largest
    while True:
        gap, tall = card * CARD_GAP, card * CARD_RATIO
        columns = max(1, int((width + gap) // (card + gap)))
        lines = min(most_lines, max(1, int((depth + gap) // (tall + gap))))
        if columns * lines >= count or card <= smallest:
            break
        card = max(smallest, card * 0.96)
    step = card + gap
    if columns * lines < count:
        columns = math.ceil(count / lines)
        step = (width - card) / max(1, columns - 1)
    spots = []
    for k in range(count):
        line, column = divmod(k, columns)
        if line % 2:
            column = columns - 1 - column
        spots.append((line * (tall + gap) + tall / 2, column * step + card / 2))
    return Snake(card, tuple(spots))
