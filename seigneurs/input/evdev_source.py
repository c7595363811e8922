"""Touch panels read through Linux evdev (`linux_input`: the kernel's ioctls and events through
the standard library), without blocking the frame.

`find_touch_devices()` picks usable panels by their capabilities; `EvdevSource` reads one,
decodes it, and when the device disappears (unplugged, USB reset) ends its touches and
reopens it by path with a growing back-off. A device we may not read says so, naming the
`input` group. A panel may be grabbed for the game alone (EVIOCGRAB: the desktop then sees no
touch and echoes none as the mouse); after SYN_DROPPED the decoder reads the kernel's slots
(EVIOCGMTSLOTS) through `RawDevice.kernel_state`.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from seigneurs.input.evdev_decode import EvdevDecoder
from seigneurs.input.evdev_device import (
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TRACKING_ID,
    ABS_X,
    ABS_Y,
    BTN_TOUCH,
    AxisRange,
    DeviceInfo,
    KernelState,
)
from seigneurs.input.evdev_device import Protocol as TouchProtocol
from seigneurs.input.evdev_protocols import DecodeStats
from seigneurs.input.events import TouchEvent
from seigneurs.input.linux_input import InputNode, event_nodes, read_mt_slots

log = logging.getLogger(__name__)
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)

PERMISSION_HELP = ("no permission to read {path}: add the kiosk user to the 'input' group "
                   "(sudo usermod -aG input $USER, then log in again)")


class RawDevice(Protocol):
    """An open input device: its description and its pending events, without blocking."""

    info: DeviceInfo

    def read_pending(self) -> list[tuple[int, int, int, float]]:
        """Events waiting now as (type, code, value, seconds); OSError when the device is gone."""
        ...

    def kernel_state(self) -> KernelState | None:
        """The contacts the kernel holds now, or None if that cannot be read."""
        ...

    def close(self) -> None: ...


@dataclass
class LinuxDevice:
    """A real /dev/input/event* node, grabbed for the game if asked."""

    path: str
    grab: bool = False

    def __post_init__(self) -> None:
        self.node = InputNode(self.path)
        self.info = self.node.info
        if self.grab:
            try:
                self.node.grab()
            except OSError as error:
                log.warning("%s: cannot take the panel for the game alone (%s); the desktop "
                            "still sees its touches", self.path, error.strerror or error)

    def read_pending(self) -> list[tuple[int, int, int, float]]:
        return self.node.read()

    def kernel_state(self) -> KernelState | None:
        try:
            if self.info.protocol is TouchProtocol.B:
                slots = self.info.axes[ABS_MT_SLOT].maximum + 1
                tracking, xs, ys = (read_mt_slots(self.node.fd, code, slots) for code in (
                    ABS_MT_TRACKING_ID, ABS_MT_POSITION_X, ABS_MT_POSITION_Y))
                return KernelState(tracking, xs, ys, self.node.absinfo(ABS_MT_SLOT)[0])
            if self.info.protocol is TouchProtocol.SINGLE:
                down = BTN_TOUCH in self.node.keys_down()
                return KernelState((0 if down else -1,), (self.node.absinfo(ABS_X)[0],),
                                   (self.node.absinfo(ABS_Y)[0],))
        except OSError as error:
            log.warning("%s: cannot read the kernel's touch state: %s", self.path, error)
        return None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.node.close()


def open_error(path: str, error: OSError) -> str:
    """A clear sentence for why `path` could not be opened."""
    if error.errno in (errno.EACCES, errno.EPERM):
        return PERMISSION_HELP.format(path=path)
    if error.errno in (errno.ENOENT, errno.ENODEV):
        return f"{path} is not there (unplugged?); will look again"
    return f"cannot read {path}: {error}"


class EvdevSource:
    """One touch panel as a touch source; survives the device vanishing and coming back."""

    def __init__(self, path: str, opener: Callable[[str], RawDevice] = LinuxDevice,
                 clock: Callable[[], float] = time.monotonic, axis_overrides:
                 dict[int, AxisRange] | None = None) -> None:
        self.path = path
        self._opener = opener
        self._clock = clock
        self._overrides = axis_overrides or {}
        self._device: RawDevice | None = None
        self._decoder: EvdevDecoder | None = None
        self._attempt = 0
        self._retry_at = 0.0
        self.last_error: str | None = None
        self._open()

    def _open(self) -> None:
        try:
            device = self._opener(self.path)
        except OSError as error:
            self._fail(open_error(self.path, error))
            return
        info = device.info
        if self._overrides:
            info = DeviceInfo(info.name, {**info.axes, **self._overrides}, info.keys,
                              info.properties, info.has_relative)
        try:
            self._decoder = EvdevDecoder(info, device.kernel_state)
        except ValueError as error:
            device.close()
            self._fail(str(error))
            return
        self._device = device
        self._attempt = 0
        self.last_error = None
        log.info("reading touches from %s (%s, %s)", self.path, info.name, info.protocol)

    def _fail(self, message: str) -> None:
        if message != self.last_error:
            log.warning("%s", message)
        self.last_error = message
        self._retry_at = self._clock() + BACKOFF[min(self._attempt, len(BACKOFF) - 1)]
        self._attempt += 1

    @property
    def connected(self) -> bool:
        return self._device is not None

    @property
    def decoded(self) -> DecodeStats:
        """What the panel's decoder read and had to throw away since the panel was opened."""
        return self._decoder.stats if self._decoder is not None else DecodeStats()

    def poll(self) -> list[TouchEvent]:
        if self._device is None or self._decoder is None:
            if self._clock() >= self._retry_at:
                self._open()
            return []
        try:
            raw = self._device.read_pending()
        except OSError as error:
            return self._lost(error)
        out: list[TouchEvent] = []
        feed = self._decoder.feed
        # Kernel timestamps are wall-clock; shift them onto the game's monotonic clock so
        # touches from different devices compare fairly.
        shift = self._clock() - time.time()
        for type_, code, value, t in raw:
            out.extend(feed(type_, code, value, t + shift))
        return out

    def _lost(self, error: OSError) -> list[TouchEvent]:
        """The device went away mid-read: end its touches, close, and try again later."""
        assert self._device is not None and self._decoder is not None
        ended = self._decoder.release_all(self._clock())
        self._device.close()
        self._device = None
        self._fail(f"{self.path} went away ({error}); touches ended, reopening with back-off")
        return ended


def describe_devices(paths: Iterable[str] | None = None) -> list[tuple[str, str, bool, str]]:
    """Every input device as (path, name, usable, why) for `seigneurs devices`."""
    rows = []
    for path in paths if paths is not None else event_nodes():
        try:
            device = LinuxDevice(path)
        except OSError as error:
            rows.append((path, "?", False, open_error(path, error)))
            continue
        usable, why = device.info.verdict()
        rows.append((path, device.info.name, usable, why))
        device.close()
    return rows


def find_touch_devices() -> list[str]:
    """Paths of the usable touch panels (`--input auto`)."""
    return [path for path, _name, usable, _why in describe_devices() if usable]
