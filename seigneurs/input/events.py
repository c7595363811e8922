"""The one touch event type every source produces."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class TouchPhase(StrEnum):
    """Where a touch is in its life."""

    DOWN = "down"
    MOVE = "move"
    UP = "up"


class TouchEvent(NamedTuple):
    """One touch update: position in 0..1 of the display (y up), time in seconds.

    A named tuple: immutable like the other value types, and cheap to make by the thousand.
    """

    id: int
    phase: TouchPhase
    x: float
    y: float
    t: float
    user: int | None = None
