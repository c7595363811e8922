"""The three ways a Linux panel reports its contacts, each read by its own reader: protocol B
(slots, resynchronised from the kernel's slots after SYN_DROPPED), protocol A (each report lists
every contact, matched to the last by tracking id or nearest position) and single touch (ABS_X/Y
and BTN_TOUCH).

A decoder has one reader, chosen by its device's protocol (`reader_for`); every reader answers
the same calls (`Reader`), so the decoder (`evdev_decode`) handles the events common to all
(SYN_REPORT, SYN_DROPPED, the counts) and never asks which protocol it reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol as Interface

from seigneurs.input.evdev_device import (
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TRACKING_ID,
    ABS_X,
    ABS_Y,
    SHAPE,
    DeviceInfo,
    KernelState,
    Protocol,
    ShapeAxes,
)
from seigneurs.input.events import DOWN, MOVE, UP, TouchEvent, TouchPhase

MAX_SLOTS = 64
"""Slots a protocol B panel may name (the kernel's own panels have at most 60)."""


@dataclass(slots=True)
class DecodeStats:
    """What the decoder read and had to throw away, for the log and the admin."""

    events: int = 0
    touches: int = 0
    dropped_reports: int = 0
    ignored: int = 0
    malformed: int = 0

    def to_json(self) -> dict[str, int]:
        return {"events": self.events, "touches": self.touches,
                "dropped_reports": self.dropped_reports, "ignored": self.ignored,
                "malformed": self.malformed}


class Touches:
    """What every reader shares: new touch ids (counted) and the events' normalised
    coordinates (0..1, y up) and shapes."""

    def __init__(self, info: DeviceInfo, stats: DecodeStats) -> None:
        self.stats = stats
        self.x_range = info.axes.get(ABS_MT_POSITION_X) or info.axes[ABS_X]
        self.y_range = info.axes.get(ABS_MT_POSITION_Y) or info.axes[ABS_Y]
        self._shapes = ShapeAxes(info, self.x_range) if info.shaped else None
        self._next_id = 1

    def new_id(self) -> int:
        touch = self._next_id
        self._next_id += 1
        self.stats.touches += 1
        return touch

    def event(self, touch: int, phase: TouchPhase, x: int, y: int, t: float,
              shape: list[int | None] | None = None) -> TouchEvent:
        contact = self._shapes.contact(shape) if self._shapes is not None and \
            shape is not None and phase is not UP else None
        return TouchEvent(touch, phase, self.x_range.normalise(x),
                          1.0 - self.y_range.normalise(y), t, None, contact)


class Reader(Interface):
    """One protocol's reading of a device's events between reports."""

    def axis(self, code: int, value: int) -> None:
        """An EV_ABS event."""

    def button(self, down: bool) -> None:
        """BTN_TOUCH went down or up."""

    def end_contact(self) -> None:
        """SYN_MT_REPORT: the contact being listed is complete."""

    def report(self, t: float) -> list[TouchEvent]:
        """SYN_REPORT: the touch events of the report."""

    def resynchronise(self, state: KernelState | None, t: float) -> list[TouchEvent]:
        """After SYN_DROPPED: carry on from the kernel's state (None: it cannot be read)."""

    def release_all(self, t: float) -> list[TouchEvent]:
        """End every open touch."""

    @property
    def reads_kernel(self) -> bool:
        """Whether a resynchronisation needs the kernel's state."""


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


class SlotReader:
    """Protocol B: one contact per slot, told apart by the kernel's tracking ids."""

    reads_kernel = True

    def __init__(self, touches: Touches) -> None:
        self._touches = touches
        self._slots = [_Slot()]
        self._slot = 0
        self._resync = False  # state was lost: a slot that reports a position is a new touch

    def axis(self, code: int, value: int) -> None:
        if code == ABS_MT_SLOT:
            if not 0 <= value < MAX_SLOTS:
                self._touches.stats.malformed += 1
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
                slot.touch = self._touches.new_id()
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
            self._touches.stats.ignored += 1

    def _revive(self, slot: _Slot) -> None:
        """After a resync, a slot that reports a position is a contact again."""
        if self._resync and slot.touch == -1:
            slot.touch = self._touches.new_id()
            slot.new = True

    def button(self, down: bool) -> None:
        """Slots say when a contact begins and ends: the button adds nothing."""

    def end_contact(self) -> None:
        """No SYN_MT_REPORT in protocol B."""

    def report(self, t: float) -> list[TouchEvent]:
        event = self._touches.event
        out = []
        for slot in self._slots:
            if not slot.changed:
                continue
            slot.changed = False
            if slot.ending >= 0:
                out.append(event(slot.ending, UP, slot.x, slot.y, t))
                slot.ending = -1
                slot.shown = None
            if slot.touch >= 0:
                phase = DOWN if slot.new else MOVE
                slot.new = False
                out.append(event(slot.touch, phase, slot.x, slot.y, t, slot.shape))
                slot.shown = (slot.touch, slot.tracking, slot.x, slot.y)
        self._resync = False
        return out

    def resynchronise(self, state: KernelState | None, t: float) -> list[TouchEvent]:
        """Compare what we last reported with what the kernel holds, slot by slot; with
        nothing to ask, end every touch (slots that speak again start anew)."""
        if state is None:
            out = self.release_all(t)
            self._resync = True
            return out
        event, new_id = self._touches.event, self._touches.new_id
        out = []
        count = min(max(len(self._slots), len(state.tracking)), MAX_SLOTS)
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
                    out.append(event(touch, MOVE, x, y, t))
            else:
                if shown is not None:
                    out.append(event(shown[0], UP, shown[2], shown[3], t))
                if held:
                    touch = new_id()
                    out.append(event(touch, DOWN, x, y, t))
            slot.touch, slot.tracking, slot.x, slot.y = touch, tracking, x, y
            slot.changed, slot.new, slot.ending = False, False, -1
            slot.shown = (touch, tracking, x, y) if touch >= 0 else None
        self._slot = state.slot if 0 <= state.slot < len(self._slots) else 0
        return out

    def release_all(self, t: float) -> list[TouchEvent]:
        event = self._touches.event
        out = []
        for slot in self._slots:
            if slot.ending >= 0:
                out.append(event(slot.ending, UP, slot.x, slot.y, t))
            if slot.touch >= 0 and not slot.new:  # an unreported contact never went down
                out.append(event(slot.touch, UP, slot.x, slot.y, t))
            slot.touch, slot.changed, slot.new, slot.ending = -1, False, False, -1
            slot.tracking, slot.shown = -1, None
        return out


class ListReader:
    """Protocol A: each report lists every contact (SYN_MT_REPORT after each), so it needs no
    state to resynchronise: the next report lists them all again."""

    reads_kernel = False

    def __init__(self, touches: Touches) -> None:
        self._touches = touches
        self._frame: list[tuple[int, int, int]] = []  # (tracking id, x, y)
        self._partial: list[int | None] = [None, None, None]
        self._shapes: list[list[int | None]] = []  # each listed contact's shape axes
        self._shape: list[int | None] = [None] * len(SHAPE)
        self._down: dict[int, tuple[int, int, int]] = {}  # our id -> (tracking, x, y)

    def axis(self, code: int, value: int) -> None:
        if code == ABS_MT_POSITION_X:
            self._partial[1] = value
        elif code == ABS_MT_POSITION_Y:
            self._partial[2] = value
        elif code == ABS_MT_TRACKING_ID:
            self._partial[0] = value
        elif code in SHAPE:
            self._shape[SHAPE.index(code)] = value
        else:
            self._touches.stats.ignored += 1

    def button(self, down: bool) -> None:
        """The list says which contacts are down: the button adds nothing."""

    def end_contact(self) -> None:
        tracking, x, y = self._partial
        shape, self._shape = self._shape, [None] * len(SHAPE)
        self._partial = [None, None, None]
        if x is None or y is None:
            if tracking is not None:
                self._touches.stats.malformed += 1
            return  # an empty SYN_MT_REPORT: no contact (all fingers up)
        self._frame.append((tracking if tracking is not None else -1, x, y))
        self._shapes.append(shape)

    def report(self, t: float) -> list[TouchEvent]:
        """Match this frame's contacts to the last: by tracking id, else by nearest position."""
        if self._partial[1] is not None:  # a contact without its SYN_MT_REPORT
            self.end_contact()
        event, new_id = self._touches.event, self._touches.new_id
        frame, self._frame = self._frame, []
        shapes, self._shapes = self._shapes, []
        out = []
        previous = dict(self._down)
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
                touch = new_id()
                out.append(event(touch, DOWN, x, y, t, shape))
            else:
                touch = match
                del previous[match]
                out.append(event(touch, MOVE, x, y, t, shape))
            current[touch] = (tracking, x, y)
        for touch, (_tracking, x, y) in previous.items():
            out.append(event(touch, UP, x, y, t))
        self._down = current
        return out

    def resynchronise(self, state: KernelState | None, t: float) -> list[TouchEvent]:
        """Forget the report cut short; the next one lists every contact again."""
        self._frame, self._partial, self._shapes = [], [None, None, None], []
        self._shape = [None] * len(SHAPE)
        return []

    def release_all(self, t: float) -> list[TouchEvent]:
        event = self._touches.event
        out = [event(touch, UP, x, y, t)
               for touch, (_tracking, x, y) in self._down.items()]
        self._down = {}
        self._frame, self._shapes = [], []
        return out


class SingleReader:
    """A single-touch panel: ABS_X/Y and BTN_TOUCH, one touch at most."""

    reads_kernel = True

    def __init__(self, touches: Touches) -> None:
        self._touches = touches
        self._down = False
        self._touch = -1
        self._changed = False
        self._was_down = False
        self._x = 0
        self._y = 0

    def axis(self, code: int, value: int) -> None:
        if code == ABS_X:
            self._x = value
            self._changed = True
        elif code == ABS_Y:
            self._y = value
            self._changed = True
        else:
            self._touches.stats.ignored += 1

    def button(self, down: bool) -> None:
        self._down = down
        self._changed = True

    def end_contact(self) -> None:
        """No SYN_MT_REPORT from a single-touch panel."""

    def report(self, t: float) -> list[TouchEvent]:
        if not self._changed:
            return []
        self._changed = False
        event, x, y = self._touches.event, self._x, self._y
        if self._down and not self._was_down:
            self._touch = self._touches.new_id()
            self._was_down = True
            return [event(self._touch, DOWN, x, y, t)]
        if self._down:
            return [event(self._touch, MOVE, x, y, t)]
        if self._was_down:
            self._was_down = False
            return [event(self._touch, UP, x, y, t)]
        return []

    def resynchronise(self, state: KernelState | None, t: float) -> list[TouchEvent]:
        """The kernel's one slot (tracking 0 while the button is down), else the touch ends."""
        if state is None:
            return self.release_all(t)
        event = self._touches.event
        down = bool(state.tracking) and state.tracking[0] >= 0
        x, y = (state.x[0], state.y[0]) if state.x and state.y else (self._x, self._y)
        out = []
        if self._was_down and not down:
            out.append(event(self._touch, UP, self._x, self._y, t))
        elif down and not self._was_down:
            self._touch = self._touches.new_id()
            out.append(event(self._touch, DOWN, x, y, t))
        elif down and (x, y) != (self._x, self._y):
            out.append(event(self._touch, MOVE, x, y, t))
        self._was_down = self._down = down
        self._x, self._y, self._changed = x, y, False
        return out

    def release_all(self, t: float) -> list[TouchEvent]:
        if not self._was_down:
            return []
        self._was_down = False
        return [self._touches.event(self._touch, UP, self._x, self._y, t)]


READERS: dict[Protocol, type[SlotReader] | type[ListReader] | type[SingleReader]] = {
    Protocol.B: SlotReader, Protocol.A: ListReader, Protocol.SINGLE: SingleReader}
"""Each protocol's reader."""


def reader_for(protocol: Protocol, touches: Touches) -> Reader:
    return READERS[protocol](touches)
