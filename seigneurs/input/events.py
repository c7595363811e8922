"""The one touch event type every source produces."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TouchPhase(StrEnum):
    """Where a touch is in its life."""

    DOWN = "down"
    MOVE = "move"
    UP = "up"


@dataclass(frozen=True, slots=True)
class TouchEvent:
    """One touch update: position in 0..1 of the display (y up), time in seconds."""

    id: int
    phase: TouchPhase
    x: float
    y: float
    t: float
    user: int | None = None
