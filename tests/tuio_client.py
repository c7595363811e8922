"""TUIO senders for the tests, over real UDP.

`Tuio2Tracker` and `Tuio1Tracker` send with python-osc's client. `RefTuio2Server` and
`RefTuio1Server` encode with an OSC writer of our own, frame by frame the way the reference C++
servers do (TUIO20_CPP and TUIO11_CPP `TuioServer`, read for this): frame ids from 0, the frame's
timetag in `frm`, only changed pointers unless full updates are on, an over-full frame split
into bundles (TUIO 2: the early ones without `alv`; TUIO 1.1: each with the full `alive` and the
same `fseq`), periodic updates while nothing changes, and the empty shutdown bundle.
"""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

from pythonosc.osc_bundle_builder import IMMEDIATELY, OscBundleBuilder
from pythonosc.osc_message_builder import OscMessageBuilder
from pythonosc.udp_client import UDPClient


def message(address: str, *args: int | float | str) -> OscMessageBuilder:
    builder = OscMessageBuilder(address)
    for arg in args:
        builder.add_arg(arg)
    return builder


class Tuio2Tracker:
    """A TUIO 2.0 sender: `frame({session: (x, y, tu_id)})` sends frm, ptr..., alv."""

    def __init__(self, host: str, port: int, source: str = "test-table") -> None:
        self.client = UDPClient(host, port)
        self.source = source
        self.frame_id = 0

    def frame(self, pointers: dict[int, tuple[float, float, int]]) -> None:
        self.frame_id += 1
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(message("/tuio2/frm", self.frame_id, 0, 0, self.source).build())
        for session, (x, y, tu_id) in pointers.items():
            bundle.add_content(message("/tuio2/ptr", session, tu_id, 0, x, y, 0.0, 0.0, 0.01,
                                       0.5).build())
        bundle.add_content(message("/tuio2/alv", *pointers).build())
        self.client.send(bundle.build())


class Tuio1Tracker:
    """A TUIO 1.1 sender of /tuio/2Dcur bundles."""

    def __init__(self, host: str, port: int) -> None:
        self.client = UDPClient(host, port)
        self.fseq = 0

    def frame(self, cursors: dict[int, tuple[float, float]], fseq: int | None = None) -> None:
        self.fseq = self.fseq + 1 if fseq is None else fseq
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(message("/tuio/2Dcur", "source", "tracker@localhost").build())
        bundle.add_content(message("/tuio/2Dcur", "alive", *cursors).build())
        for session, (x, y) in cursors.items():
            bundle.add_content(message("/tuio/2Dcur", "set", session, x, y, 0.0, 0.0,
                                       0.0).build())
        bundle.add_content(message("/tuio/2Dcur", "fseq", self.fseq).build())
        self.client.send(bundle.build())


# Our own OSC writer: int32, float32, string and timetag arguments, bundles "immediately".

@dataclass(frozen=True)
class TimeTag:
    """An OSC timetag argument (type 't'): NTP seconds in 32.32 fixed point."""

    value: int

    @classmethod
    def of(cls, seconds: float) -> TimeTag:
        return cls(int(seconds * (1 << 32)))


def _padded(text: str) -> bytes:
    raw = text.encode() + b"\x00"
    return raw + b"\x00" * (-len(raw) % 4)


def osc_message(address: str, *args: int | float | str | TimeTag) -> bytes:
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
    return b"#bundle\x00" + struct.pack(">Q", 1) + b"".join(
        struct.pack(">i", len(m)) + m for m in messages)


NTP_EPOCH = 2208988800  # seconds from 1900 (NTP) to 1970 (Unix)
PTR_MESSAGE_SIZE, ALV_MESSAGE_SIZE = 68, 20  # the TUIO 2 server's own estimates
CUR_MESSAGE_SIZE = 88  # the TUIO 1.1 server's


@dataclass
class _Sender:
    host: str
    port: int
    packet_size: int  # the server's buffer: 4096 on loopback, 1500 for a LAN (an MTU)
    sent: list[bytes] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def send(self, messages: list[bytes]) -> None:
        packet = osc_bundle(messages)
        assert len(packet) <= self.packet_size, "the reference server never overfills a packet"
        self.socket.sendto(packet, (self.host, self.port))
        self.sent.append(packet)

    @staticmethod
    def size(messages: list[bytes]) -> int:
        return 16 + sum(4 + len(m) for m in messages)


class RefTuio2Server:
    """TUIO 2.0 pointers as TUIO20_CPP's TuioServer sends them.

    `frame({session: (x, y, user)}, now)` is one initTuioFrame/commitTuioFrame: pointers added
    or moved go out as `ptr` (every pointer with `full_update`), all of them in `alv`; a frame with
    no change sends nothing, unless `periodic` seconds passed since the last bundle (then `frm`
    and `alv`). `shutdown()` is the destructor's `frm 0` and empty `alv`.
    """

    def __init__(self, host: str, port: int, source: str = "ref-table", packet_size: int = 4096,
                 periodic: float | None = None, full_update: bool = False,
                 wall: Callable[[], float] = lambda: 1.8e9) -> None:
        self.out = _Sender(host, port, packet_size)
        self.source, self.periodic, self.full_update, self.wall = (
            source, periodic, full_update, wall)
        self.frame_id = -1
        self.pointers: dict[int, tuple[float, float, int]] = {}
        self.updated_at = float("-inf")

    def _frm(self, frame: int) -> bytes:
        tag = TimeTag.of(self.wall() + NTP_EPOCH)
        return osc_message("/tuio2/frm", frame, tag, (640 << 16) | 480, self.source)

    def _alv(self) -> bytes:
        return osc_message("/tuio2/alv", *self.pointers)

    def frame(self, pointers: dict[int, tuple[float, float, int]], now: float,
              type_id: int = 0) -> None:
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
            need = PTR_MESSAGE_SIZE + ALV_MESSAGE_SIZE + 4 * len(self.pointers)
            if self.out.packet_size - self.out.size(bundle) < need:
                self.out.send(bundle)  # an intermediate bundle, without the final alv
                bundle = [self._frm(self.frame_id)]
            x, y, user = pointers[session]
            bundle.append(osc_message("/tuio2/ptr", session, user << 16 | type_id, 0, x, y,
                                      0.0, 0.0, 0.01, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0))
        self.out.send([*bundle, self._alv()])

    def shutdown(self) -> None:
        self.out.send([self._frm(0), osc_message("/tuio2/alv")])


class RefTuio1Server:
    """TUIO 1.1 cursors as TUIO11_CPP's TuioServer sends them.

    It greets with the empty bundle (`alive` with nobody, `fseq -1`); `frame({session: (x, y)},
    now)` sends `source`, the full `alive`, a `set` for each cursor added or moved (each cursor
    with `full_update`) and `fseq`, split into several bundles with the same `fseq` when full; a
    frame with no change sends nothing unless `periodic` seconds passed. `shutdown()` is the
    empty bundle again.
    """

    def __init__(self, host: str, port: int, source: str = "ref11@127.0.0.1",
                 packet_size: int = 4096, periodic: float | None = None,
                 full_update: bool = False) -> None:
        self.out = _Sender(host, port, packet_size)
        self.source, self.periodic, self.full_update = source, periodic, full_update
        self.fseq = -1
        self.cursors: dict[int, tuple[float, float]] = {}
        self.updated_at = float("-inf")
        self.shutdown()

    def _start(self) -> list[bytes]:
        return [osc_message("/tuio/2Dcur", "source", self.source),
                osc_message("/tuio/2Dcur", "alive", *self.cursors)]

    def _set(self, session: int) -> bytes:
        x, y = self.cursors[session]
        return osc_message("/tuio/2Dcur", "set", session, x, y, 0.0, 0.0, 0.0)

    def frame(self, cursors: dict[int, tuple[float, float]], now: float) -> None:
        self.fseq += 1
        changed = [s for s, c in cursors.items() if self.cursors.get(s) != c]
        removed = set(self.cursors) - set(cursors)
        self.cursors = dict(cursors)
        fseq = osc_message("/tuio/2Dcur", "fseq", self.fseq)
        if not changed and not removed:
            if self.periodic is not None and now - self.updated_at >= self.periodic:
                self.updated_at = now
                sets = [self._set(s) for s in self.cursors] if self.full_update else []
                self.out.send([*self._start(), *sets, fseq])
            return
        self.updated_at = now
        bundle = self._start()
        for session in self.cursors:
            if self.out.packet_size - self.out.size(bundle) < CUR_MESSAGE_SIZE:
                self.out.send([*bundle, fseq])  # a part of the frame, same fseq
                bundle = self._start()
            if self.full_update or session in changed:
                bundle.append(self._set(session))
        self.out.send([*bundle, fseq])

    def shutdown(self) -> None:
        self.out.send([osc_message("/tuio/2Dcur", "source", self.source),
                       osc_message("/tuio/2Dcur", "alive"),
                       osc_message("/tuio/2Dcur", "fseq", -1)])
