"""What a Linux input device is, for the decoder: the kernel's event and axis codes, an axis'
range, a device's description and the protocol it speaks, the kernel's own contact state (read
after SYN_DROPPED), and how the shape axes read as a contact's ellipse.

Its own module so that the device's readers (`linux_input`, `evemu`) and the decoder share one
table without the readers loading the decoder, and the decoder's protocols read one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from seigneurs.input.events import Contact

EV_SYN, EV_KEY, EV_REL, EV_ABS = 0x00, 0x01, 0x02, 0x03
SYN_REPORT, SYN_MT_REPORT, SYN_DROPPED = 0x00, 0x02, 0x03
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR, ABS_MT_WIDTH_MAJOR, ABS_MT_WIDTH_MINOR = (0x30, 0x31,
                                                                                  0x32, 0x33)
ABS_MT_ORIENTATION = 0x34
SHAPE = (ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR, ABS_MT_WIDTH_MAJOR, ABS_MT_WIDTH_MINOR,
         ABS_MT_ORIENTATION)
"""The axes of a contact's shape, in the order a slot keeps them."""
BTN_TOUCH = 0x14A
INPUT_PROP_DIRECT = 0x01


class Protocol(StrEnum):
    """How a panel reports its contacts."""

    B = "multitouch-b"
    A = "multitouch-a"
    SINGLE = "single-touch"


@dataclass(frozen=True, slots=True)
class AxisRange:
    """An absolute axis' reported range."""

    minimum: int
    maximum: int

    def normalise(self, value: int) -> float:
        """0 to 1 across the range; a value past an edge (panels overshoot their declared
        range, a calibration's x_range is narrower) is on that edge."""
        span = self.maximum - self.minimum
        where = (value - self.minimum) / span if span else 0.0
        return 0.0 if where < 0.0 else 1.0 if where > 1.0 else where


@dataclass(frozen=True, slots=True)
class DeviceInfo:
    """What the decoder needs to know of a device: its name, axes, keys and properties."""

    name: str
    axes: Mapping[int, AxisRange]
    keys: frozenset[int] = frozenset()
    properties: frozenset[int] = frozenset()
    has_relative: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "axes", MappingProxyType(dict(self.axes)))  # a value: fixed

    @property
    def shaped(self) -> bool:
        """Whether the device reports any axis of a contact's shape."""
        return any(code in self.axes for code in SHAPE)

    @property
    def protocol(self) -> Protocol | None:
        """The touch protocol this device speaks, or None if it is no touch panel."""
        if ABS_MT_SLOT in self.axes and ABS_MT_POSITION_X in self.axes:
            return Protocol.B
        if ABS_MT_POSITION_X in self.axes and ABS_MT_POSITION_Y in self.axes:
            return Protocol.A
        if ABS_X in self.axes and ABS_Y in self.axes and BTN_TOUCH in self.keys:
            return Protocol.SINGLE
        return None

    def verdict(self) -> tuple[bool, str]:
        """Whether the table should read this device, and why (for `seigneurs devices`)."""
        protocol = self.protocol
        if protocol is None:
            return False, "no absolute touch axes (a keyboard, mouse or other device)"
        if self.has_relative:
            return False, "has relative axes: a mouse or pointing stick, not a touch panel"
        if INPUT_PROP_DIRECT not in self.properties and self.properties:
            return False, "not a direct-touch device (a touchpad)"
        return True, f"touch panel, {protocol}"


@dataclass(frozen=True, slots=True)
class KernelState:
    """The contacts the kernel holds now, read after SYN_DROPPED: per slot the tracking id (-1:
    empty) and position, and the current slot. A single-touch panel is one slot (tracking 0
    while BTN_TOUCH is down)."""

    tracking: tuple[int, ...]
    x: tuple[int, ...]
    y: tuple[int, ...]
    slot: int = 0


class ShapeAxes:
    """A device's shape axes read as a contact's ellipse. It remembers one thing: whether an
    orientation beyond a quarter turn was seen (then the angles have a sign)."""

    def __init__(self, info: DeviceInfo, x_range: AxisRange) -> None:
        self._x = x_range
        self._orientation = info.axes.get(ABS_MT_ORIENTATION)
        self._full_turns = False

    def contact(self, shape: list[int | None]) -> Contact | None:
        """A contact's ellipse from its shape axes, as the kernel's multi-touch protocol
        defines them: TOUCH_MAJOR/MINOR the contact (WIDTH_MAJOR/MINOR, the approaching
        finger, where the contact is not given), in surface units like the position (so a
        fraction of the X axis' span); ORIENTATION a signed quarter turn clockwise from the
        surface's north (Y towards its minimum, the display's up), the range's max when along
        +X; a range of [0, 1] only tells the two axes apart; a value beyond the max means the
        device turns a full circle, and from then on its angles have a sign (0 points north)."""
        touch_major, touch_minor, width_major, width_minor, orientation = shape
        major = touch_major if touch_major is not None else width_major
        minor = touch_minor if touch_major is not None else width_minor
        span = self._x.maximum - self._x.minimum or 1
        size = (major or 0) / span
        angle = None
        axis = self._orientation
        if orientation is not None and axis is not None:
            if axis.minimum >= 0 and axis.maximum == 1:  # two axes only: 0 north, 1 east
                angle = 0.0 if orientation else 90.0
            elif axis.maximum > 0:
                if abs(orientation) > axis.maximum:
                    self._full_turns = True
                clockwise = orientation / axis.maximum * 90.0
                angle = (90.0 - clockwise) % (360.0 if self._full_turns else 180.0)
        return Contact(size, (minor if minor is not None else major or 0) / span, angle,
                       angle is not None and self._full_turns)

