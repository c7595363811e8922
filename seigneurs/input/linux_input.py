"""The kernel's input devices (/dev/input/event*) through the standard library alone.

Why not the `evdev` package: it has no wheel, so installing it builds C and needs a compiler,
Python's headers and the kernel's (the first thing a stock Debian met, issue 24). What the
table needs of it is small: a device's name, its event types, keys, absolute axes with their
ranges, properties, the grab, the keys held and an axis' current value (ioctls of
linux/input.h), and the events (struct input_event, read without blocking). The decoding is
ours already (`evdev_decode`).

The ioctl numbers use the generic layout of asm-generic/ioctl.h (x86, ARM, RISC-V: every
board a table runs on); `tests/test_linux_input.py` checks them against the values
linux/input.h gives.
"""

from __future__ import annotations

import fcntl
import glob
import os
import struct
from dataclasses import dataclass

from seigneurs.input.evdev_device import EV_ABS, EV_KEY, EV_REL, AxisRange, DeviceInfo

_IOC_WRITE, _IOC_READ = 1, 2
EVENT = struct.Struct("@llHHi")
"""struct input_event: the time as two C longs (seconds, microseconds), type, code, value
(24 bytes on a 64-bit system, 16 on a 32-bit one, as the kernel reads the caller's ABI)."""
ABSINFO = struct.Struct("@6i")
"""struct input_absinfo: value, minimum, maximum, fuzz, flat, resolution."""
KEY_MAX, ABS_MAX, INPUT_PROP_MAX, EV_MAX = 0x2FF, 0x3F, 0x1F, 0x1F
BATCH = 64
"""Events taken per read: a ten-finger frame is about 40."""


def _ioc(direction: int, number: int, size: int) -> int:
    return direction << 30 | size << 16 | ord("E") << 8 | number


def eviocgname(size: int) -> int:
    return _ioc(_IOC_READ, 0x06, size)


def eviocgprop(size: int) -> int:
    return _ioc(_IOC_READ, 0x09, size)


def eviocgkey(size: int) -> int:
    return _ioc(_IOC_READ, 0x18, size)


def eviocgbit(event_type: int, size: int) -> int:
    return _ioc(_IOC_READ, 0x20 + event_type, size)


def eviocgabs(axis: int) -> int:
    return _ioc(_IOC_READ, 0x40 + axis, ABSINFO.size)


def eviocgmtslots(size: int) -> int:
    """The ioctl request EVIOCGMTSLOTS(size) of linux/input.h: _IOC(_IOC_READ, 'E', 0x0a, size)."""
    return _ioc(_IOC_READ, 0x0A, size)


def read_mt_slots(fd: int, code: int, slots: int) -> tuple[int, ...]:
    """One axis' value in every slot, as the kernel holds it (struct input_mt_request_layout)."""
    layout = bytearray(struct.pack(f"={slots + 1}i", code, *[0] * slots))
    fcntl.ioctl(fd, eviocgmtslots(len(layout)), layout)
    return struct.unpack_from(f"={slots}i", layout, 4)


EVIOCGRAB = _ioc(_IOC_WRITE, 0x90, struct.calcsize("@i"))


def _ask(fd: int, request: int, size: int) -> bytes:
    buffer = bytearray(size)
    fcntl.ioctl(fd, request, buffer)
    return bytes(buffer)


def bits(mask: bytes) -> frozenset[int]:
    """The numbers whose bit is set in a kernel bitmask (little-endian longs are bytes in order
    on every little-endian board; the kernel's big-endian layout is not met on tables)."""
    return frozenset(index * 8 + bit for index, byte in enumerate(mask) if byte
                     for bit in range(8) if byte >> bit & 1)


def _bitmask(fd: int, request: int, highest: int) -> frozenset[int]:
    return bits(_ask(fd, request, highest // 8 + 1))


def parse_events(data: bytes) -> list[tuple[int, int, int, float]]:
    """Whole input_event records as (type, code, value, seconds)."""
    usable = len(data) - len(data) % EVENT.size
    return [(kind, code, value, seconds + micro / 1e6)
            for seconds, micro, kind, code, value in EVENT.iter_unpack(data[:usable])]


def read_events(fd: int) -> list[tuple[int, int, int, float]]:
    """Every event waiting on a non-blocking `fd` now, [] when none (the kernel hands out
    whole records only)."""
    out: list[tuple[int, int, int, float]] = []
    while True:
        try:
            data = os.read(fd, EVENT.size * BATCH)
        except BlockingIOError:
            return out
        out.extend(parse_events(data))
        if len(data) < EVENT.size * BATCH:
            return out


@dataclass
class InputNode:
    """One open event device: what it is, and its events without blocking."""

    path: str

    def __post_init__(self) -> None:
        self.fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            self.info = self._describe()
        except OSError:
            os.close(self.fd)
            raise

    def _describe(self) -> DeviceInfo:
        name = _ask(self.fd, eviocgname(256), 256).split(b"\0", 1)[0].decode("utf-8", "replace")
        types = _bitmask(self.fd, eviocgbit(0, EV_MAX // 8 + 1), EV_MAX)
        keys = (_bitmask(self.fd, eviocgbit(EV_KEY, KEY_MAX // 8 + 1), KEY_MAX)
                if EV_KEY in types else frozenset())
        axes = {}
        if EV_ABS in types:
            for axis in sorted(_bitmask(self.fd, eviocgbit(EV_ABS, ABS_MAX // 8 + 1), ABS_MAX)):
                _value, low, high, *_rest = self.absinfo(axis)
                axes[axis] = AxisRange(low, high)
        properties = _bitmask(self.fd, eviocgprop(INPUT_PROP_MAX // 8 + 1), INPUT_PROP_MAX)
        return DeviceInfo(name, axes, keys, properties, EV_REL in types)

    def absinfo(self, axis: int) -> tuple[int, ...]:
        """(value, minimum, maximum, fuzz, flat, resolution) of an absolute axis, now."""
        return ABSINFO.unpack(_ask(self.fd, eviocgabs(axis), ABSINFO.size))

    def keys_down(self) -> frozenset[int]:
        """The keys (and buttons such as BTN_TOUCH) held now."""
        return _bitmask(self.fd, eviocgkey(KEY_MAX // 8 + 1), KEY_MAX)

    def grab(self) -> None:
        """Take the device for this process alone (EVIOCGRAB): the desktop sees none of it."""
        fcntl.ioctl(self.fd, EVIOCGRAB, 1)

    def read(self) -> list[tuple[int, int, int, float]]:
        """Every event waiting now; [] when none; OSError (ENODEV) once the device is gone."""
        return read_events(self.fd)

    def close(self) -> None:
        os.close(self.fd)


def event_nodes() -> list[str]:
    """Every /dev/input/event* node, readable or not (the doctor names those it may not read)."""
    return sorted(glob.glob("/dev/input/event*"),
                  key=lambda path: (len(path), path))
