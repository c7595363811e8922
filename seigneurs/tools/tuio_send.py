"""TUIO 2.0 pointers sent over real UDP the way the reference server (TUIO20_CPP's TuioServer)
sends them: frame ids from 0, the frame's time tag in `frm`, only the pointers added or moved
unless full updates are on, all of them in `alv`, an over-full frame split into bundles (the
early ones without `alv`), periodic updates while nothing changes, and the empty shutdown frame.

The OSC is written here, not by the table's reader (`input/osc.py`), so a misreading is not
mirrored by a miswriting; python-osc's builder cannot write the `t` time tag `frm` carries.
"""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

NTP_EPOCH = 2208988800  # seconds from 1900 (NTP) to 1970 (Unix)
ALV_MESSAGE_SIZE = 20  # the TUIO 2 server's own estimate
LOOPBACK_PACKET = 4096  # the server's buffer on loopback (1500, an MTU, for a LAN)


@dataclass(frozen=True, slots=True)
class TimeTag:
    """An OSC time tag argument (type 't'): NTP seconds in 32.32 fixed point."""

    value: int

    @classmethod
    def of(cls, seconds: float) -> TimeTag:
        return cls(int(seconds * (1 << 32)))


def _padded(text: str) -> bytes:
    raw = text.encode() + b"\x00"
    return raw + b"\x00" * (-len(raw) % 4)


def osc_message(address: str, *args: int | float | str | TimeTag) -> bytes:
    """One OSC message of int32, float32, string and time tag arguments."""
    tags, data = ",", b""
    for arg in args:
        if isinstance(arg, TimeTag):
            tags, data = tags + "t", data + struct.pack(">Q", arg.value)
        elif isinstance(arg, bool) or not isinstance(arg, int | float | str):
            raise TypeError(f"no OSC type for {arg!r}")
        elif isinstance(arg, int):
            tags, data = tags + "i", data + struct.pack(">i", arg)
        elif isinstance(arg, float):
            tags, data = tags + "f", data + struct.pack(">f", arg)
        else:
            tags, data = tags + "s", data + _padded(arg)
    return _padded(address) + _padded(tags) + data


def osc_bundle(messages: list[bytes]) -> bytes:
    """A bundle to be read "immediately" (time tag 1), as the reference servers send."""
    return b"#bundle\x00" + struct.pack(">Q", 1) + b"".join(
        struct.pack(">i", len(m)) + m for m in messages)


def user_high(user: int, type_id: int) -> int:
    """TUIO 2 `tu_id`: the user in the high 16 bits, the type in the low (the spec's
    0x00020005 is type 5 of user 2; user 0 is nobody)."""
    return (user & 0xFFFF) << 16 | (type_id & 0xFFFF)


class Pointer(NamedTuple):
    """One `/tuio2/ptr`: where (0..1 from the top-left corner, y down), whose, which finger
    (`type_id`), and the shape as a tracker measures it (0 where it measures nothing); `box`
    (angle, width, height) also sends a `/tuio2/bnd` of the same session."""

    x: float
    y: float
    user: int = 0
    type_id: int = 0
    angle: float = 0.0  # radians, turning from x towards y (down)
    shear: float = 0.0
    radius: float = 0.0
    pressure: float = 0.0
    box: tuple[float, float, float] | None = None


class UdpSender:
    """Bundles to one address; counts the datagrams sent."""

    def __init__(self, host: str, port: int, packet_size: int = LOOPBACK_PACKET) -> None:
        self.address = (host, port)
        self.packet_size = packet_size
        self.sent = 0
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def send(self, messages: list[bytes]) -> None:
        packet = osc_bundle(messages)
        assert len(packet) <= self.packet_size, "the reference server never overfills a packet"
        self.socket.sendto(packet, self.address)
        self.sent += 1

    @staticmethod
    def size(messages: list[bytes]) -> int:
        return 16 + sum(4 + len(m) for m in messages)

    def close(self) -> None:
        self.socket.close()


class Tuio2Server:
    """TUIO 2.0 pointers as TUIO20_CPP's TuioServer sends them.

    `frame({session: Pointer}, now)` is one initTuioFrame/commitTuioFrame: the pointers added
    or changed go out as `ptr` (each pointer with `full_update`), all of them in `alv`; a frame
    with no change sends nothing, unless `periodic` seconds passed since the last bundle (then
    `frm` and `alv`). `shutdown()` is the destructor's `frm 0` and empty `alv`. `tu_id` packs
    the user and type ids (a sender that packs them otherwise shows what the table makes of
    it). `wall` is the clock of the frame's time tag (Unix seconds).
    """

    def __init__(self, host: str, port: int, source: str = "ref-table",
                 packet_size: int = LOOPBACK_PACKET, periodic: float | None = None,
                 full_update: bool = False, wall: Callable[[], float] = lambda: 1.8e9,
                 dim: tuple[int, int] = (640, 480),
                 tu_id: Callable[[int, int], int] = user_high) -> None:
        self.out = UdpSender(host, port, packet_size)
        self.source, self.periodic, self.full_update, self.wall = (
            source, periodic, full_update, wall)
        self.dim = dim[0] << 16 | dim[1]
        self.tu_id = tu_id
        self.frame_id = -1
        self.pointers: dict[int, Pointer] = {}
        self.updated_at = float("-inf")

    def _frm(self, frame: int) -> bytes:
        tag = TimeTag.of(self.wall() + NTP_EPOCH)
        return osc_message("/tuio2/frm", frame, tag, self.dim, self.source)

    def _alv(self) -> bytes:
        return osc_message("/tuio2/alv", *self.pointers)

    def _messages(self, session: int, p: Pointer) -> list[bytes]:
        ptr = osc_message("/tuio2/ptr", session, self.tu_id(p.user, p.type_id), 0, p.x, p.y,
                          p.angle, p.shear, p.radius, p.pressure, 0.0, 0.0, 0.0, 0.0, 0.0)
        if p.box is None:
            return [ptr]
        angle, width, height = p.box
        return [ptr, osc_message("/tuio2/bnd", session, p.x, p.y, angle, width, height,
                                 width * height)]

    def frame(self, pointers: dict[int, Pointer], now: float) -> None:
        self.frame_id += 1
        changed = [s for s, p in pointers.items() if self.full_update or self.pointers.get(s) != p]
        removed = set(self.pointers) - set(pointers)
        self.pointers = dict(pointers)
        if not changed and not removed:
            if self.periodic is not None and now - self.updated_at >= self.periodic:
                self.updated_at = now
                self.out.send([self._frm(self.frame_id), self._alv()])
            return
        self.updated_at = now
        bundle = [self._frm(self.frame_id)]
        for session in changed:
            messages = self._messages(session, pointers[session])
            need = self.out.size(messages) - 16 + ALV_MESSAGE_SIZE + 4 * len(self.pointers)
            if self.out.packet_size - self.out.size(bundle) < need:
                self.out.send(bundle)  # an intermediate bundle, without the final alv
                bundle = [self._frm(self.frame_id)]
            bundle += messages
        self.out.send([*bundle, self._alv()])

    def shutdown(self) -> None:
        self.out.send([self._frm(0), osc_message("/tuio2/alv")])
