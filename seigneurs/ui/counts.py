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


def draw_marks(labels: Iterable[arcade.Text]) -> None:
    """A bar under each visible count that needs one, in the count's own frame (turned as
    the count is), as wide as its digits, in the digits' colour."""
    for label in labels:
        if not label.visible or not needs_mark(label.text):
            continue
        size = float(label.font_size)
        # arcade turns text clockwise: 'down' for the reader of a text turned r degrees
        r = math.radians(label.rotation)
        drop = size * 0.72
        x, y = label.x - math.sin(r) * drop, label.y - math.cos(r) * drop
        width = max(float(label.content_width), size * 0.6)
        arcade.draw_rect_filled(arcade.XYWH(x, y, width, size * 0.16), label.color,
                                tilt_angle=label.rotation)
