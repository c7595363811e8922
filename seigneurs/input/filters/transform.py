"""Orientation and calibration: a panel's coordinates turned into the display's. What an
installer configures (invert, swap, rotation, calibration) speaks the panel's convention, as
evdev, TUIO and libinput do: origin top-left, y down."""

from __future__ import annotations

import math
from dataclasses import dataclass

from seigneurs.input.events import TouchEvent

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


@dataclass(frozen=True, slots=True)
class Transform:
    """Turns a panel's coordinates into the display's: swap, invert, rotate, then calibrate,
    all in the panel's convention (origin top-left, y down), so the numbers mean what
    `touch-test`, `touch-replay` and libinput's documentation say they mean.

    `rotation` turns clockwise by quarter turns (90: libinput's matrix 0 -1 1 1 0 0).
    `calibration` is libinput's 3x2 matrix (a, b, c, d, e, f): x' = a x + b y + c,
    y' = d x + e y + f, applied to the already oriented coordinates.
    """

    rotation: int = 0
    invert_x: bool = False
    invert_y: bool = False
    swap_axes: bool = False
    calibration: Matrix = IDENTITY

    def __post_init__(self) -> None:
        if self.rotation not in (0, 90, 180, 270):
            raise ValueError(f"rotation must be 0, 90, 180 or 270, got {self.rotation}")

    def apply(self, x: float, y: float) -> tuple[float, float]:
        """A point in the panel's convention (y down), corrected."""
        if self.swap_axes:
            x, y = y, x
        if self.invert_x:
            x = 1 - x
        if self.invert_y:
            y = 1 - y
        for _ in range(self.rotation // 90):  # a quarter turn clockwise (y down)
            x, y = 1 - y, x
        a, b, c, d, e, f = self.calibration
        return a * x + b * y + c, d * x + e * y + f

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        if self == Transform():
            return events
        out = []
        for event in events:  # events are y up: into the panel's convention and back
            x, y = self.apply(event.x, 1.0 - event.y)
            contact = event.contact
            if contact is not None and contact.angle is not None:
                contact = contact.turned(*self.direction(contact.angle))
            out.append(event._replace(x=x, y=1.0 - y, contact=contact))
        return out

    def direction(self, degrees: float) -> tuple[float, float]:
        """Where the direction `degrees` (y up) points once swapped, mirrored and turned like
        positions, as a vector (y up; calibration, a small correction, leaves it)."""
        dx, dy = math.cos(math.radians(degrees)), -math.sin(math.radians(degrees))  # y down
        if self.swap_axes:
            dx, dy = dy, dx
        if self.invert_x:
            dx = -dx
        if self.invert_y:
            dy = -dy
        for _ in range(self.rotation // 90):
            dx, dy = -dy, dx
        return dx, -dy
