"""Linux input events to touches: multitouch protocol B (slots), protocol A (SYN_MT_REPORT,
with or without tracking ids) and single-touch panels (ABS_X/Y + BTN_TOUCH).

Pure: it takes (type, code, value, time) tuples from the device (`linux_input`), an evemu recording
or anything else, and the device's axis ranges. Positions come out normalised to 0..1 with y
up. SYN_DROPPED is handled the way the kernel documents: drop everything up to the next
SYN_REPORT, then resynchronise from the kernel's own state (`KernelState`, read by the device
with EVIOCGMTSLOTS): a contact still in its slot goes on (a child's drag is not cut), one gone
ends, a new one begins. Protocol A needs no state (each report lists every contact). Where no
state can be read (a recording), every touch that was down ends and a slot that reports a
position again starts a new touch.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from seigneurs.input.events import Contact, TouchEvent, TouchPhase

log = logging.getLogger(__name__)

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


@dataclass(slots=True)
class _Slot:
    touch: int = -1  # our id for the contact in this slot, -1 when empty
    tracking: int = -1  # the kernel's tracking id of that contact
    x: int = 0
    y: int = 0
    changed: bool = False
    new: bool = False  # its DOWN is not reported yet
    ending: int = -1  # a reported contact to report UP for at the next SYN_REPORT
    shown: tuple[int, int, int, int] | None = None  # as last reported: touch, tracking, x, y
    shape: list[int | None] = field(default_factory=lambda: [None] * len(SHAPE))


@dataclass(slots=True)
class DecodeStats:
    """What the decoder had to throw away, for the log and the admin."""

    events: int = 0
    touches: int = 0
    dropped_reports: int = 0
    ignored: int = 0
    malformed: int = 0

    def to_json(self) -> dict[str, int]:
        return {"events": self.events, "touches": self.touches,
                "dropped_reports": self.dropped_reports, "ignored": self.ignored,
                "malformed": self.malformed}


class EvdevDecoder:
    """Feed it raw events one at a time; it returns the touch events each report completes."""

    MAX_SLOTS = 64

    def __init__(self, info: DeviceInfo,
                 kernel: Callable[[], KernelState | None] | None = None) -> None:
        protocol = info.protocol
        if protocol is None:
            raise ValueError(f"{info.name!r} is not a touch panel: {info.verdict()[1]}")
        self.info = info
        self.protocol = protocol
        self.x_range = info.axes.get(ABS_MT_POSITION_X) or info.axes[ABS_X]
        self.y_range = info.axes.get(ABS_MT_POSITION_Y) or info.axes[ABS_Y]
        self.stats = DecodeStats()
        self._kernel = kernel
        self._next_id = 1
        self._slots = [_Slot()]
        self._slot = 0
        self._dropping = False
        self._resync = False
        self._a_frame: list[tuple[int, int, int]] = []  # protocol A: (tracking id, x, y)
        self._a_partial: list[int | None] = [None, None, None]
        self._a_shapes: list[list[int | None]] = []  # protocol A: each contact's shape axes
        self._a_shape: list[int | None] = [None] * len(SHAPE)
        self._shaped = any(code in info.axes for code in SHAPE)
        self._full_turns = False  # orientation beyond a quarter turn seen: the sign is known
        self._a_touches: dict[int, tuple[int, int, int]] = {}  # our id -> (tracking, x, y)
        self._single_down = False
        self._single_touch = -1
        self._single_changed = False
        self._single_was_down = False
        self._single_x = 0
        self._single_y = 0

    def _new_id(self) -> int:
        touch = self._next_id
        self._next_id += 1
        self.stats.touches += 1
        return touch

    def _event(self, touch: int, phase: TouchPhase, x: int, y: int, t: float,
               shape: list[int | None] | None = None) -> TouchEvent:
        contact = self.contact(shape) if shape is not None and phase is not TouchPhase.UP \
            else None
        return TouchEvent(touch, phase, self.x_range.normalise(x),
                          1.0 - self.y_range.normalise(y), t, None, contact)

    def contact(self, shape: list[int | None]) -> Contact | None:
        """A contact's ellipse from its shape axes, as the kernel's multi-touch protocol
        defines them: TOUCH_MAJOR/MINOR the contact (WIDTH_MAJOR/MINOR, the approaching
        finger, where the contact is not given), in surface units like the position (so a
        fraction of the X axis' span); ORIENTATION a signed quarter turn clockwise from the
        surface's north (Y towards its minimum, the display's up), the range's max when along
        +X; a range of [0, 1] only tells the two axes apart; a value beyond the max means the
        device turns a full circle, and from then on its angles have a sign (0 points north)."""
        if not self._shaped:
            return None
        touch_major, touch_minor, width_major, width_minor, orientation = shape
        major = touch_major if touch_major is not None else width_major
        minor = touch_minor if touch_major is not None else width_minor
        span = self.x_range.maximum - self.x_range.minimum or 1
        size = (major or 0) / span
        angle = None
        axis = self.info.axes.get(ABS_MT_ORIENTATION)
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

    def feed(self, type_: int, code: int, value: int, t: float) -> list[TouchEvent]:
        """One raw event; returns the touch events it completes (only on SYN_REPORT)."""
        self.stats.events += 1
        if type_ == EV_SYN:
            if code == SYN_REPORT:
                if self._dropping:
                    self._dropping = False
                    return self._resynchronise(t)
                return self._report(t)
            if code == SYN_DROPPED:
                self._dropping = True
                self.stats.dropped_reports += 1
                return []
            if code == SYN_MT_REPORT and not self._dropping:
                self._end_a_contact()
            return []
        if self._dropping:
            return []
        if type_ == EV_ABS:
            self._abs(code, value)
        elif type_ == EV_KEY and code == BTN_TOUCH:
            self._single_down = value != 0
            self._single_changed = True
        else:
            self.stats.ignored += 1
        return []

    # Absolute axes.

    def _abs(self, code: int, value: int) -> None:
        protocol = self.protocol
        if protocol is Protocol.B:
            if code == ABS_MT_SLOT:
                if not 0 <= value < self.MAX_SLOTS:
                    self.stats.malformed += 1
                    return
                while len(self._slots) <= value:
                    self._slots.append(_Slot())
                self._slot = value
                return
            slot = self._slots[self._slot]
            if code == ABS_MT_TRACKING_ID:
                if value >= 0 and value == slot.tracking:
                    return  # the contact a resync already took (the kernel never repeats one)
                if slot.touch >= 0 and not slot.new:  # a reported contact ends
                    slot.ending = slot.touch
                slot.touch, slot.new, slot.changed, slot.tracking = -1, False, True, value
                if value >= 0:  # a new contact (if the old one was never released, it ended)
                    slot.touch = self._new_id()
                    slot.new = True
            elif code == ABS_MT_POSITION_X:
                slot.x = value
                slot.changed = True
                self._revive(slot)
            elif code == ABS_MT_POSITION_Y:
                slot.y = value
                slot.changed = True
                self._revive(slot)
            elif code in SHAPE:
                slot.shape[SHAPE.index(code)] = value
                slot.changed = True
            else:
                self.stats.ignored += 1
        elif protocol is Protocol.A:
            if code == ABS_MT_POSITION_X:
                self._a_partial[1] = value
            elif code == ABS_MT_POSITION_Y:
                self._a_partial[2] = value
            elif code == ABS_MT_TRACKING_ID:
                self._a_partial[0] = value
            elif code in SHAPE:
                self._a_shape[SHAPE.index(code)] = value
            else:
                self.stats.ignored += 1
        else:
            if code == ABS_X:
                self._single_x = value
                self._single_changed = True
            elif code == ABS_Y:
                self._single_y = value
                self._single_changed = True
            else:
                self.stats.ignored += 1

    def _revive(self, slot: _Slot) -> None:
        """After a resync, a slot that reports a position is a contact again."""
        if self._resync and slot.touch == -1:
            slot.touch = self._new_id()
            slot.new = True

    # Reports.

    def _report(self, t: float) -> list[TouchEvent]:
        if self.protocol is Protocol.B:
            return self._report_b(t)
        if self.protocol is Protocol.A:
            return self._report_a(t)
        return self._report_single(t)

    def _report_b(self, t: float) -> list[TouchEvent]:
        out = []
        for slot in self._slots:
            if not slot.changed:
                continue
            slot.changed = False
            if slot.ending >= 0:
                out.append(self._event(slot.ending, TouchPhase.UP, slot.x, slot.y, t))
                slot.ending = -1
                slot.shown = None
            if slot.touch >= 0:
                phase = TouchPhase.DOWN if slot.new else TouchPhase.MOVE
                slot.new = False
                out.append(self._event(slot.touch, phase, slot.x, slot.y, t, slot.shape))
                slot.shown = (slot.touch, slot.tracking, slot.x, slot.y)
        self._resync = False
        return out

    def _end_a_contact(self) -> None:
        tracking, x, y = self._a_partial
        shape, self._a_shape = self._a_shape, [None] * len(SHAPE)
        self._a_partial = [None, None, None]
        if x is None or y is None:
            if tracking is not None:
                self.stats.malformed += 1
            return  # an empty SYN_MT_REPORT: no contact (all fingers up)
        self._a_frame.append((tracking if tracking is not None else -1, x, y))
        self._a_shapes.append(shape)

    def _report_a(self, t: float) -> list[TouchEvent]:
        """Match this frame's contacts to the last: by tracking id, else by nearest position."""
        if self._a_partial[1] is not None:  # a contact without its SYN_MT_REPORT
            self._end_a_contact()
        frame, self._a_frame = self._a_frame, []
        shapes, self._a_shapes = self._a_shapes, []
        out = []
        previous = dict(self._a_touches)
        current: dict[int, tuple[int, int, int]] = {}
        for (tracking, x, y), shape in zip(frame, shapes, strict=True):
            match = None
            if tracking >= 0:
                match = next((tid for tid, (tr, _x, _y) in previous.items() if tr == tracking),
                             None)
            elif previous:
                match = min(previous, key=lambda tid: (previous[tid][1] - x) ** 2
                            + (previous[tid][2] - y) ** 2)
            if match is None:
                touch = self._new_id()
                out.append(self._event(touch, TouchPhase.DOWN, x, y, t, shape))
            else:
                touch = match
                del previous[match]
                out.append(self._event(touch, TouchPhase.MOVE, x, y, t, shape))
            current[touch] = (tracking, x, y)
        for touch, (_tracking, x, y) in previous.items():
            out.append(self._event(touch, TouchPhase.UP, x, y, t))
        self._a_touches = current
        return out

    def _report_single(self, t: float) -> list[TouchEvent]:
        if not self._single_changed:
            return []
        self._single_changed = False
        x, y = self._single_x, self._single_y
        if self._single_down and not self._single_was_down:
            self._single_touch = self._new_id()
            self._single_was_down = True
            return [self._event(self._single_touch, TouchPhase.DOWN, x, y, t)]
        if self._single_down:
            return [self._event(self._single_touch, TouchPhase.MOVE, x, y, t)]
        if self._single_was_down:
            self._single_was_down = False
            return [self._event(self._single_touch, TouchPhase.UP, x, y, t)]
        return []

    def _resynchronise(self, t: float) -> list[TouchEvent]:
        """After SYN_DROPPED: carry on from the kernel's state where it can be read."""
        log.warning("%s: events dropped by the kernel (SYN_DROPPED); resynchronising",
                    self.info.name)
        if self.protocol is Protocol.A:  # the next report lists every contact again
            self._a_frame, self._a_partial, self._a_shapes = [], [None, None, None], []
            self._a_shape = [None] * len(SHAPE)
            return []
        state = self._kernel() if self._kernel is not None else None
        if state is None:  # nothing to ask: end every touch, slots that speak again start anew
            out = self.release_all(t)
            self._resync = True
            return out
        if self.protocol is Protocol.SINGLE:
            return self._resync_single(state, t)
        return self._resync_slots(state, t)

    def _resync_slots(self, state: KernelState, t: float) -> list[TouchEvent]:
        """Compare what we last reported with what the kernel holds, slot by slot."""
        out = []
        count = min(max(len(self._slots), len(state.tracking)), self.MAX_SLOTS)
        while len(self._slots) < count:
            self._slots.append(_Slot())
        for index, slot in enumerate(self._slots):
            held = index < len(state.tracking) and state.tracking[index] >= 0
            tracking = state.tracking[index] if held else -1
            x, y = (state.x[index], state.y[index]) if held else (slot.x, slot.y)
            shown, touch = slot.shown, -1
            if shown is not None and held and shown[1] == tracking:
                touch = shown[0]  # the same contact: it goes on
                if (shown[2], shown[3]) != (x, y):
                    out.append(self._event(touch, TouchPhase.MOVE, x, y, t))
            else:
                if shown is not None:
                    out.append(self._event(shown[0], TouchPhase.UP, shown[2], shown[3], t))
                if held:
                    touch = self._new_id()
                    out.append(self._event(touch, TouchPhase.DOWN, x, y, t))
            slot.touch, slot.tracking, slot.x, slot.y = touch, tracking, x, y
            slot.changed, slot.new, slot.ending = False, False, -1
            slot.shown = (touch, tracking, x, y) if touch >= 0 else None
        self._slot = state.slot if 0 <= state.slot < len(self._slots) else 0
        return out

    def _resync_single(self, state: KernelState, t: float) -> list[TouchEvent]:
        down = bool(state.tracking) and state.tracking[0] >= 0
        x, y = (state.x[0], state.y[0]) if state.x and state.y else (self._single_x,
                                                                     self._single_y)
        out = []
        if self._single_was_down and not down:
            out.append(self._event(self._single_touch, TouchPhase.UP, self._single_x,
                                   self._single_y, t))
        elif down and not self._single_was_down:
            self._single_touch = self._new_id()
            out.append(self._event(self._single_touch, TouchPhase.DOWN, x, y, t))
        elif down and (x, y) != (self._single_x, self._single_y):
            out.append(self._event(self._single_touch, TouchPhase.MOVE, x, y, t))
        self._single_was_down = self._single_down = down
        self._single_x, self._single_y, self._single_changed = x, y, False
        return out

    def release_all(self, t: float) -> list[TouchEvent]:
        """End every open touch (the device went away, or state was lost)."""
        out = []
        for slot in self._slots:
            if slot.ending >= 0:
                out.append(self._event(slot.ending, TouchPhase.UP, slot.x, slot.y, t))
            if slot.touch >= 0 and not slot.new:  # an unreported contact never went down
                out.append(self._event(slot.touch, TouchPhase.UP, slot.x, slot.y, t))
            slot.touch, slot.changed, slot.new, slot.ending = -1, False, False, -1
            slot.tracking, slot.shown = -1, None
        for touch, (_tracking, x, y) in self._a_touches.items():
            out.append(self._event(touch, TouchPhase.UP, x, y, t))
        self._a_touches = {}
        self._a_frame, self._a_shapes = [], []
        if self._single_was_down:
            self._single_was_down = False
            out.append(self._event(self._single_touch, TouchPhase.UP, self._single_x,
                                   self._single_y, t))
        return out
