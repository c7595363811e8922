"""Counts that read from every side: a count that reads as another number turned half round
(6 and 9, 16 and 91, 66 and 99, 86 and 98...) is underlined, as on dice and playing cards, so
the child across the table tells their 9 from a 6."""

from __future__ import annotations

import math
from collections.abc import Iterable

import arcade

TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
"""Each digit as it reads turned half round, for the digits that still read as one (1 counts:
a big bold 1 turned reads as 1 to a child); 2, 3, 4, 5 and 7 turned read as no digit."""


def turned(text: str) -> str | None:
    """`text` as it reads turned half round, or None when it reads as no number then."""
    if not text or any(c not in TURNED for c in text):
        return None
    return "".join(TURNED[c] for c in reversed(text))


def needs_mark(text: str) -> bool:
    """Whether `text` reads as another number turned half round (a leading 0 turned, as 10
    read from across the table, still reads as another number, 01)."""
    other = turned(text)
    return other is not None and other != text


def bar(size: float, content_width: float, disc: float | None = None) -> tuple[float, float,
                                                                               float]:
    """A mark's bar in its count's frame: how far below the count's centre, how wide, how
    thick, for digits of `size` points `content_width` wide. `disc`: the count sits on a disc
    this many font sizes across (the results'), and a wide count's bar is shortened so its
    far corners stay within 85 % of the disc's radius, clear of its rim."""
    drop, thick = size * 0.72, size * 0.16
    width = max(content_width, size * 0.6)
    if disc is not None:
        edge, far = drop + thick / 2, disc * size / 2 * 0.85
        width = min(width, 2 * math.sqrt(max(0.0, far * far - edge * edge)))
    return drop, width, thick


def draw_marks(labels: Iterable[arcade.Text], disc: float | None = None) -> None:
    """A bar under each visible count that needs one (`bar`), in the count's own frame
    (turned as the count is), in the digits' colour."""
    for label in labels:
        if not label.visible or not needs_mark(label.text):
            continue
        drop, width, thick = bar(float(label.font_size), float(label.content_width), disc)
        # arcade turns text clockwise: 'down' for the reader of a text turned r degrees
        r = math.radians(label.rotation)
        x, y = label.x - math.sin(r) * drop, label.y - math.cos(r) * drop
        arcade.draw_rect_filled(arcade.XYWH(x, y, width, thick), label.color,
                                tilt_angle=label.rotation)
