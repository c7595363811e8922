"""The number checks and shapes both TUIO versions' readers share: OSC `f` arguments finite,
shapes within a surface, angles from the surface's y-down frame into the display's."""

from __future__ import annotations

import math
from typing import Any

from seigneurs.input.events import Contact

TAU = 2 * math.pi


def clip(value: float) -> float:
    return 1.0 if value > 1.0 else 0.0 if value < 0.0 else value


def degrees(radians: float) -> float:
    """A surface angle (y down) as the display's (y up), in degrees 0..360."""
    return -math.degrees(radians) % 360.0


_FLOAT_TAILS: tuple[dict[str, bool], ...] = ({}, {}, {}, {})
"""Per start: type tags -> whether all from there on are `f` (TUIO repeats a few tags)."""


def sound(args: tuple[Any, ...], tags: str, floats_from: int) -> bool:
    """Whether the numbers from `floats_from` on are floats (OSC `f`, as the specification
    types them: not doubles, ints or strings) and every number is finite (NaN and infinity
    pass through a sum; 32-bit floats cannot overflow a double's)."""
    tails = _FLOAT_TAILS[floats_from]
    floats = tails.get(tags)
    if floats is None:
        floats = not tags[floats_from:].strip("f")
        if len(tails) < 256:
            tails[tags] = floats
    return floats and math.isfinite(sum(args))


def fits(angle: float, width: float, height: float) -> bool:
    """A shape a surface can have: an angle within a turn either way, sizes 0..1 of it."""
    return -TAU <= angle <= TAU and 0.0 <= width <= 1.0 and 0.0 <= height <= 1.0


def box(angle: float, width: float, height: float) -> Contact:
    """A bounding box as an ellipse: its long side is the axis (no sign)."""
    axis = degrees(angle) + (90.0 if height > width else 0.0)
    return Contact(max(width, height), min(width, height), axis % 180.0, False)
