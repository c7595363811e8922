"""Linux input events to touches: multitouch protocol B (slots), protocol A (SYN_MT_REPORT,
with or without tracking ids) and single-touch panels (ABS_X/Y + BTN_TOUCH).

Pure: it takes (type, code, value, time) tuples from the device (`linux_input`), an evemu recording
or anything else, and the device's axis ranges (`evdev_device`). Positions come out normalised to
0..1 with y up. SYN_DROPPED is handled the way the kernel documents: drop everything up to the
next SYN_REPORT, then resynchronise from the kernel's own state (`KernelState`, read by the device
with EVIOCGMTSLOTS): a contact still in its slot goes on (a child's drag is not cut), one gone
ends, a new one begins. Protocol A needs no state (each report lists every contact). Where no
state can be read (a recording), every touch that was down ends and a slot that reports a
position again starts a new touch. Each protocol's reading is its own (`evdev_protocols`); the
decoder handles what they share: reports, drops and counts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from seigneurs.input.evdev_device import (
    BTN_TOUCH,
    EV_ABS,
    EV_KEY,
    EV_SYN,
    SYN_DROPPED,
    SYN_MT_REPORT,
    SYN_REPORT,
    DeviceInfo,
    KernelState,
)
from seigneurs.input.evdev_protocols import DecodeStats, Touches, reader_for
from seigneurs.input.events import TouchEvent

log = logging.getLogger(__name__)


class EvdevDecoder:
    """Feed it raw events one at a time; it returns the touch events each report completes."""

    def __init__(self, info: DeviceInfo,
                 kernel: Callable[[], KernelState | None] | None = None) -> None:
        protocol = info.protocol
        if protocol is None:
            raise ValueError(f"{info.name!r} is not a touch panel: {info.verdict()[1]}")
        self.info = info
        self.protocol = protocol
        self.stats = DecodeStats()
        self._reader = reader = reader_for(protocol, Touches(info, self.stats))
        self._axis, self._report = reader.axis, reader.report  # bound once: called per event
        self._kernel = kernel
        self._dropping = False

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
                self._reader.end_contact()
            return []
        if self._dropping:
            return []
        if type_ == EV_ABS:
            self._axis(code, value)
        elif type_ == EV_KEY and code == BTN_TOUCH:
            self._reader.button(value != 0)
        else:
            self.stats.ignored += 1
        return []

    def _resynchronise(self, t: float) -> list[TouchEvent]:
        """After SYN_DROPPED: carry on from the kernel's state where it can be read."""
        log.warning("%s: events dropped by the kernel (SYN_DROPPED); resynchronising",
                    self.info.name)
        reader = self._reader
        state = self._kernel() if self._kernel is not None and reader.reads_kernel else None
        return reader.resynchronise(state, t)

    def release_all(self, t: float) -> list[TouchEvent]:
        """End every open touch (the device went away, or state was lost)."""
        return self._reader.release_all(t)
