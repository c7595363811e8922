"""TUIO over UDP: 1.1 cursors (`/tuio/2Dcur`) and 2.0 pointers (`/tuio2/frm`, `ptr`, `alv`).

`TuioDecoder` is pure: datagrams in (parsed by `seigneurs.input.osc`), touch events out. A frame is
applied when it is complete (1.1: at `fseq`; 2.0: at `alv`); a frame older than or equal to
the last one from the same source is late or repeated, and dropped. Anything malformed (not
OSC, wrong argument types, missing arguments, coordinates off the surface) is dropped,
counted, and logged once per kind. TUIO 2 carries the user in the low 16 bits of `tu_id`.
"""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.osc import OscError, parse_packet

log = logging.getLogger(__name__)
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 3333
WRAP = 1 << 20  # frame ids this far behind count as a restarted tracker, not a late frame


@dataclass(slots=True)
class TuioStats:
    """What was received and what had to be dropped."""

    packets: int = 0
    frames: int = 0
    late_frames: int = 0
    malformed: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def reject(self, reason: str) -> None:
        self.malformed += 1
        if reason not in self.reasons:
            log.warning("TUIO input dropped: %s", reason)
        self.reasons[reason] = self.reasons.get(reason, 0) + 1


@dataclass(slots=True)
class _Tracker:
    """One sender's state: its live cursors and the last frame id seen."""

    last_frame: int | None = None
    touches: dict[int, tuple[int, float, float, int | None]] = field(default_factory=dict)
    pending: dict[int, tuple[float, float, int | None]] = field(default_factory=dict)
    alive: list[int] | None = None
    frame_in_progress: int | None = None  # TUIO 2: the frm id until its alv closes it


def _clip(value: float) -> float:
    return 1.0 if value > 1.0 else 0.0 if value < 0.0 else value


class TuioDecoder:
    """TUIO 1.1 and 2.0 datagrams to touch events."""

    def __init__(self) -> None:
        self.stats = TuioStats()
        self._trackers: dict[str, _Tracker] = {}
        self._named: dict[str, str] = {}  # sender -> the source name it last announced
        self._next_id = 1
        self._source = ""
        self._current: _Tracker | None = None  # the TUIO 2 frame being read
        self._t = 0.0
        self._out: list[TouchEvent] = []
        self._handlers = {"/tuio/2Dcur": self._cursor_1, "/tuio2/frm": self._frm,
                          "/tuio2/ptr": self._ptr, "/tuio2/alv": self._alv}

    def feed(self, datagram: bytes, t: float, sender: str = "") -> list[TouchEvent]:
        """One UDP datagram; returns the touch events of the frames it completes."""
        self.stats.packets += 1
        try:
            messages = parse_packet(datagram)
        except OscError as error:
            self.stats.reject(f"not an OSC packet ({error})")
            return []
        self._source = self._named.get(sender, sender)  # bundles may omit the source
        self._current = None
        self._t = t
        out: list[TouchEvent] = []
        self._out = out
        handlers = self._handlers
        for address, tags, args in messages:
            handler = handlers.get(address)
            if handler is not None:
                handler(tags, args)
        self._named[sender] = self._source
        return out

    def _tracker(self, key: str) -> _Tracker:
        tracker = self._trackers.get(key)
        if tracker is None:
            tracker = self._trackers[key] = _Tracker()
        return tracker

    # TUIO 1.1

    def _cursor_1(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("s"):
            self.stats.reject("2Dcur message without a command")
            return
        command = args[0]
        if command == "source":
            if tags[1:2] == "s":
                self._source = str(args[1])
            return
        key = "1:" + self._source
        tracker = self._tracker(key)
        if command == "set":
            if not tags.startswith("siff"):
                self.stats.reject("2Dcur set with missing or wrong arguments")
                return
            x, y = args[2], args[3]
            if not (-0.001 <= x <= 1.001 and -0.001 <= y <= 1.001):
                self.stats.reject("2Dcur set with coordinates off the surface")
                return
            tracker.pending[args[1]] = (_clip(x), _clip(y), None)
        elif command == "alive":
            if tags.count("i") != len(tags) - 1:
                self.stats.reject("2Dcur alive with non-integer ids")
                return
            tracker.alive = list(args[1:])
        elif command == "fseq":
            if tags != "si":
                self.stats.reject("2Dcur fseq without a frame number")
                return
            self._frame(tracker, args[1])
        else:
            self.stats.reject(f"unknown 2Dcur command {command!r}")

    # TUIO 2.0

    def _frm(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("i"):
            self.stats.reject("tuio2 frm without a frame id")
            return
        if tags[3:4] == "s":
            self._source = str(args[3])
        tracker = self._tracker("2:" + self._source)
        tracker.pending.clear()
        tracker.alive = None
        tracker.frame_in_progress = args[0]
        self._current = tracker

    def _ptr(self, tags: str, args: tuple[Any, ...]) -> None:
        tracker = self._current
        if tracker is None:
            self.stats.reject("tuio2 ptr without a frm")
            return
        if not tags.startswith("iiiff"):
            self.stats.reject("tuio2 ptr with missing or wrong arguments")
            return
        x, y = args[3], args[4]
        if not (-0.001 <= x <= 1.001 and -0.001 <= y <= 1.001):
            self.stats.reject("tuio2 ptr with coordinates off the surface")
            return
        user = args[1] & 0xFFFF
        tracker.pending[args[0]] = (_clip(x), _clip(y), user or None)

    def _alv(self, tags: str, args: tuple[Any, ...]) -> None:
        tracker = self._current
        if tracker is None or tracker.frame_in_progress is None:
            self.stats.reject("tuio2 alv without a frm")
            return
        if tags.count("i") != len(tags):
            self.stats.reject("tuio2 alv with non-integer ids")
            return
        tracker.alive = list(args)
        frame = tracker.frame_in_progress
        tracker.frame_in_progress = None
        self._frame(tracker, frame)

    # Frames.

    def _frame(self, tracker: _Tracker, frame: int) -> None:
        last = tracker.last_frame
        pending = tracker.pending
        if frame != -1 and last is not None and last - WRAP < frame <= last:
            self.stats.late_frames += 1  # late or repeated: its news is old
            pending.clear()
            tracker.alive = None
            return
        self.stats.frames += 1
        if frame != -1:
            tracker.last_frame = frame
        out, t, touches = self._out, self._t, tracker.touches
        alive = set(tracker.alive) if tracker.alive is not None else set(touches)
        for session in [s for s in touches if s not in alive]:
            touch, x, y, user = touches.pop(session)
            out.append(TouchEvent(touch, UP, x, 1.0 - y, t, user))
        for session, (x, y, user) in pending.items():
            if session not in alive:
                continue
            known = touches.get(session)
            if known is None:
                touch = self._next_id
                self._next_id += 1
                out.append(TouchEvent(touch, DOWN, x, 1.0 - y, t, user))
            else:
                touch = known[0]
                if known[1] == x and known[2] == y:
                    continue
                out.append(TouchEvent(touch, MOVE, x, 1.0 - y, t, user))
            touches[session] = (touch, x, y, user)
        pending.clear()
        tracker.alive = None


DOWN, MOVE, UP = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


class TuioSource:
    """Listens for TUIO on UDP (127.0.0.1:3333 unless configured); never blocks a frame."""

    MAX_PACKETS_PER_POLL = 4000  # a flood cannot stall a frame

    def __init__(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.decoder = TuioDecoder()
        self._clock = clock
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((host, port))
        self.socket.setblocking(False)
        self.address = self.socket.getsockname()
        log.info("listening for TUIO on %s:%s", *self.address)

    def poll(self) -> list[TouchEvent]:
        out: list[TouchEvent] = []
        now = self._clock()
        for _ in range(self.MAX_PACKETS_PER_POLL):
            try:
                data, sender = self.socket.recvfrom(65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                log.warning("TUIO socket error: %s", error)
                break
            out.extend(self.decoder.feed(data, now, f"{sender[0]}:{sender[1]}"))
        return out

    def close(self) -> None:
        self.socket.close()
