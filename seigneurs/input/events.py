"""The one touch event type every source produces, and the contact's shape where known."""

from __future__ import annotations

import math
from enum import StrEnum
from operator import attrgetter
from typing import NamedTuple


class TouchPhase(StrEnum):
    """Where a touch is in its life."""

    DOWN = "down"
    MOVE = "move"
    UP = "up"


DOWN, MOVE, UP = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP
"""The phases by name, for the code that asks at every event: on Python 3.11 (Debian 12's and
Raspberry Pi OS's) an Enum class's `__getattr__` hook makes each `TouchPhase.DOWN` cost 0.18 µs
against 0.04 for a module name, and a frame asked it about 15 times an event: a seventh of the
update's machine instructions at 40 fingers (issue 27)."""


class Contact(NamedTuple):
    """What the panel saw of a contact besides its middle: an ellipse, where the source says.

    Sizes are fractions of the surface's width (0 when not reported). `angle` is the long
    axis' direction in degrees counter-clockwise from the display's x axis (y up), or None
    when the source gave none. With `signed`, it is the way the finger points (from the hand
    to the fingertip: the arm lies behind, at angle + 180); without, only the axis is known
    (angle and angle + 180 are the same ellipse). Sizes only tell a fingertip from a palm or
    a sleeve: a panel turned a quarter against the display measures them along its own width.
    """

    major: float = 0.0
    minor: float = 0.0
    angle: float | None = None
    signed: bool = False
    shear: float = 0.0
    """How far the finger leans, in degrees (TUIO 2 only)."""

    def turned(self, dx: float, dy: float) -> Contact:
        """The same contact with its axis mapped as the direction (cos, sin) maps to (dx, dy)
        (a panel turned or mirrored against the display)."""
        if self.angle is None:
            return self
        angle = math.degrees(math.atan2(dy, dx)) % 360.0
        return self._replace(angle=angle if self.signed else angle % 180.0)


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
    contact: Contact | None = None


EVENT_TIME = attrgetter("t")
"""A touch event's time stamp as a key, in C: a frame's events sorted by it (`TouchMux`) and
cut into instants by it (`table.controller`), every frame."""
