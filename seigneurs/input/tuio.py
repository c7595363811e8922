"""TUIO over UDP: 1.1 cursors (`/tuio/2Dcur`) and 2.0 pointers (`/tuio2/frm`, `ptr`, `alv`), with
the contact's shape where sent (2.0 `ptr` angle, shear and radius, 2.0 `bnd` and 1.1 `/tuio/2Dblb`
bounds of the same session id).

`TuioDecoder` is pure: datagrams in (parsed by `seigneurs.input.osc`), touch events out; it reads
the messages, and `tuio_frames` assembles the frames they make. Together they read frames the
way the reference servers (TUIO11_CPP, TUIO20_CPP) send them:

- a frame may span datagrams. TUIO 2 gathers `ptr` until the frame's `alv` (an over-full frame goes
  out as bundles without `alv`, then the rest with it); TUIO 1.1 applies every part that carries
  the frame's `fseq`, so a repeated `fseq` is more of the same frame, not old news;
- a touch named in `alive`/`alv` is alive, moving or not: `vouched()` says when it was last named,
  so a finger held still is never mistaken for a stuck one;
- a tracker is told apart by its sender's address and its source name: two trackers announcing
  the same name, or none (two identical tables, a cloned configuration, the reference servers'
  default), are never mixed and never end each other's touches;
- a tracker on this machine (a loopback sender) is alive while its UDP port is open (Linux's
  socket tables): when it is gone (killed, crashed, restarted as a new process on a new port)
  its touches end at once, looked at when a new tracker speaks, when a new touch begins while
  another tracker holds touches, and every LIVENESS_EVERY while one of its touches is silent;
  while its port is open and the kernel dropped nothing since its last frame, its touches are
  vouched for (`vouched()`): the reference servers send nothing for still fingers, and those
  fingers are down. A tracker elsewhere on the network cannot be looked at: its touches end by
  its own frames, or downstream when silent;
- frames are ordered per tracker: an older frame is late and dropped, but frame
  id 0 (TUIO 2) or 0/-1 (1.1: a tracker starting or stopping), a jump back of more than
  RESTART_JUMP ids, a TUIO 2 timetag a second or more newer than the last frame's, or any frame
  after the tracker had none accepted for RESTART_AFTER seconds means the tracker (re)started:
  its old touches end at once and the new run is read;
- TUIO 2 `tu_id` is user << 16 | type (the spec's 0x00020005 is type 5, user 2, and the
  reference server sends it so; the reference client reads it the other way round, against
  both); user 0 is nobody;
- shapes (`Contact`): `ptr` is s_id tu_id c_id x y angle shear radius press, its angle (radians,
  0..2 pi) the way the pointer points; a tracker sends 0 for what it does not measure, so an
  angle of exactly 0 is no orientation (else every finger would point the same way), and a
  pointer with angle, shear and radius 0 has no shape; `bnd` is s_id x y angle width height
  area and 1.1 `2Dblb set` is s_id x y angle width height area (then speeds), a box whose angle
  gives only an axis. Angles
  turn from x towards y on the surface, whose y points down: they are mirrored into the display's
  y-up frame. Sizes are fractions of the surface (a radius is half a size).

Anything malformed (not OSC, wrong argument types, missing arguments, coordinates off the surface)
is dropped, counted and logged once per kind; so is a datagram over MAX_BUNDLE bytes, which only
a flood sends (the reference servers split frames at 4,096), so that no single datagram can hold
a frame for long. A number that is not finite (NaN, infinity) is malformed wherever it is: in an
id or a position the message is dropped (the touch keeps its last place); in a shape, a speed
or a name, that field alone is ignored and counted, so a finger still moves its card and only
the shape (optional evidence for the seat guess) is lost. A shape out of range (a size beyond
the surface, an angle beyond a turn) is ignored the same way. What the decoder keeps is bounded:
at most MAX_TRACKERS trackers (a tracker silent for RESTART_AFTER with no touch is forgotten,
and its name with it; past the bound the one heard least recently gives its place).
"""

from __future__ import annotations

import logging
import math
import socket
import struct
import sys
import time
from collections.abc import Callable
from typing import Any

from seigneurs.input.events import Contact, TouchEvent
from seigneurs.input.osc import OscError, parse_packet
from seigneurs.input.tuio_frames import Tracker, TuioFrames, TuioStats, open_udp_ports

log = logging.getLogger(__name__)
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 3333
MAX_BUNDLE = 8192  # bytes: twice the largest datagram the reference servers send
TAU = 2 * math.pi


def _clip(value: float) -> float:
    return 1.0 if value > 1.0 else 0.0 if value < 0.0 else value


def _degrees(radians: float) -> float:
    """A surface angle (y down) as the display's (y up), in degrees 0..360."""
    return -math.degrees(radians) % 360.0


_FRM_TAGS = frozenset({"i", "it", "iti", "itis", "ii", "iii", "iiis"})
"""`frm` f_id time dim source, each but the first optional; the time an int from senders that
cannot write a timetag (python-osc)."""
_FLOAT_TAILS: tuple[dict[str, bool], ...] = ({}, {}, {}, {})
"""Per start: type tags -> whether all from there on are `f` (TUIO repeats a few tags)."""


def _sound(args: tuple[Any, ...], tags: str, floats_from: int) -> bool:
    """Whether the numbers from `floats_from` on are floats (OSC `f`, as the specification
    types them: not doubles, ints or strings) and every number is finite (NaN and infinity
    pass through a sum; 32-bit floats cannot overflow a double's)."""
    tails = _FLOAT_TAILS[floats_from]
    floats = tails.get(tags)
    if floats is None:
        floats = not tags[floats_from:].strip("f")
        if len(tails) < 256:
            tails[tags] = floats
    return floats and math.isfinite(sum(args))


def _fits(angle: float, width: float, height: float) -> bool:
    """A shape a surface can have: an angle within a turn either way, sizes 0..1 of it."""
    return -TAU <= angle <= TAU and 0.0 <= width <= 1.0 and 0.0 <= height <= 1.0


def _box(angle: float, width: float, height: float) -> Contact:
    """A bounding box as an ellipse: its long side is the axis (no sign)."""
    axis = _degrees(angle) + (90.0 if height > width else 0.0)
    return Contact(max(width, height), min(width, height), axis % 180.0, False)


class TuioDecoder:
    """TUIO 1.1 and 2.0 datagrams to touch events: the messages read and checked here, the
    frames they make assembled by `TuioFrames`."""

    def __init__(self, ports: Callable[[], frozenset[int] | None] | None = None) -> None:
        """`ports`: this machine's open UDP ports (`open_udp_ports`), to tell a local
        tracker's death; None, no such look (the decoder stays pure)."""
        self.stats = TuioStats()
        self.frames = TuioFrames(self.stats, ports)
        self._sender = ""
        self._source = ""
        self._current: Tracker | None = None  # the TUIO 2 frame being read
        self._cursors: Tracker | None = None  # the TUIO 1.1 tracker of this datagram's source
        self._handlers = {"/tuio/2Dcur": self._cursor_1, "/tuio/2Dblb": self._blob_1,
                          "/tuio/2Dobj": self._object_1, "/tuio2/frm": self._frm,
                          "/tuio2/ptr": self._ptr, "/tuio2/bnd": self._bnd,
                          "/tuio2/tok": self._token, "/tuio2/alv": self._alv}

    def feed(self, datagram: bytes, t: float, sender: str = "") -> list[TouchEvent]:
        """One UDP datagram; returns the touch events of the frames it completes."""
        self.stats.packets += 1
        if len(datagram) > MAX_BUNDLE:
            self.stats.reject(f"datagram over {MAX_BUNDLE} bytes (a flood?)")
            return []
        try:
            messages = parse_packet(datagram)
        except OscError as error:
            self.stats.reject(f"not an OSC packet ({error})")
            return []
        frames = self.frames
        self._sender = sender
        self._source = frames.named.get(sender, "")  # bundles may omit the source
        self._current = self._cursors = None
        out = frames.begin(t)
        handlers = self._handlers
        for address, tags, args in messages:
            handler = handlers.get(address)
            if handler is not None:
                handler(tags, args)
        frames.name(sender, self._source)
        return out

    def tick(self, t: float) -> list[TouchEvent]:
        """Time passes without a datagram (`TuioFrames.tick`)."""
        return self.frames.tick(t)

    def vouched(self, touch: int) -> float | None:
        """When `touch`'s tracker last said it is down (`TuioFrames.vouched`)."""
        return self.frames.vouched(touch)

    def heard(self, touch: int) -> float | None:
        """When `touch`'s tracker last sent a frame naming it (`TuioFrames.heard`)."""
        return self.frames.heard(touch)

    def _tracker(self, version: str) -> Tracker:
        return self.frames.tracker(version, self._source, self._sender)

    def _frame(self) -> Tracker | None:
        """The TUIO 2 frame being read, unless its tracker was forgotten meanwhile."""
        current = self._current
        return None if current is None or current.dropped else current

    # TUIO 1.1

    def _cursor_1(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("s"):
            self.stats.reject("2Dcur message without a command")
            return
        command = args[0]
        if command == "source":
            self._name_1(tags, args, "2Dcur")
            return
        tracker = self._cursors
        if tracker is None or tracker.dropped:
            tracker = self._cursors = self._tracker("1")
        if command == "set":
            if not tags.startswith("siff"):
                self.stats.reject("2Dcur set with missing or wrong arguments")
                return
            x, y = args[2], args[3]
            if not (-0.001 <= x <= 1.001 and -0.001 <= y <= 1.001):
                self.stats.reject("2Dcur set with coordinates off the surface or not finite")
                return
            if not _sound(args[1:], tags[1:], 1):
                self.stats.reject("2Dcur set with a speed not a finite float (ignored)")
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
            if self.frames.admit(tracker, args[1], 0) != "late":
                self.frames.apply(tracker)
            else:
                tracker.pending.clear()
                tracker.alive = None
        else:
            self.stats.reject(f"unknown 2Dcur command {command!r}")

    def _name_1(self, tags: str, args: tuple[Any, ...], profile: str) -> None:
        """A 1.1 `source`: the name of the tracker whose messages follow."""
        if tags != "ss":
            self.stats.reject(f"{profile} source that is not one string (ignored)")
            return
        self._source = args[1]
        self._cursors = None

    def _blob_1(self, tags: str, args: tuple[Any, ...]) -> None:
        """A 1.1 blob's `set` gives the shape of the cursor with its session id; its own
        alive and fseq are the blob profile's, not the cursors'."""
        if not tags.startswith("s"):
            self.stats.reject("2Dblb message without a command")
            return
        if args[0] == "source":
            self._name_1(tags, args, "2Dblb")
        if args[0] != "set":
            return
        if not tags.startswith("sifffff"):
            self.stats.reject("2Dblb set with missing or wrong arguments")
            return
        fits = _fits(args[4], args[5], args[6])
        if not (fits and _sound(args[1:], tags[1:], 1)):
            self.stats.reject("2Dblb set not finite or beyond the surface (ignored)")
            if not fits:
                return
        self._tracker("1").bounds[args[1]] = _box(args[4], args[5], args[6])

    def _object_1(self, tags: str, args: tuple[Any, ...]) -> None:
        """1.1 objects (tagged tangibles) are no fingers: only their names and numbers are
        checked, so that a broken tracker shows in the counts."""
        if not tags.startswith("s"):
            self.stats.reject("2Dobj message without a command")
        elif args[0] == "source":
            self._name_1(tags, args, "2Dobj")
        elif args[0] == "set" and not (tags.startswith("sii") and _sound(args[1:], tags[1:], 2)):
            self.stats.reject("2Dobj set with a field not a finite number or of a wrong type")

    # TUIO 2.0

    def _frm(self, tags: str, args: tuple[Any, ...]) -> None:
        """`frm` f_id time dim source: the time a timetag (an int from senders that cannot
        write one, such as python-osc: no time), dim an int, source a string; a field of
        another type is ignored and counted, the frame still read."""
        if not tags.startswith("i"):
            self.stats.reject("tuio2 frm without a frame id")
            return
        if tags not in _FRM_TAGS:
            self.stats.reject("tuio2 frm with a field of the wrong type (ignored)")
        if tags[3:] == "s":
            self._source = args[3]
        tracker = self._tracker("2")
        tag = args[1] if tags[1:2] == "t" else 0
        admitted = self.frames.admit(tracker, args[0], tag)
        tracker.late = admitted == "late"
        if admitted == "restart":
            tracker.pending.clear()  # the old run's unfinished frame
        self._current = tracker  # otherwise pending ptr are kept: a frame may span bundles

    def _ptr(self, tags: str, args: tuple[Any, ...]) -> None:
        tracker = self._frame()
        if tracker is None:
            self.stats.reject("tuio2 ptr without a frm")
            return
        if tracker.late:
            return
        if not tags.startswith("iiiff"):
            self.stats.reject("tuio2 ptr with missing or wrong arguments")
            return
        x, y = args[3], args[4]
        if not (-0.001 <= x <= 1.001 and -0.001 <= y <= 1.001):
            self.stats.reject("tuio2 ptr with coordinates off the surface or not finite")
            return
        user = args[1] >> 16 & 0xFFFF
        tracker.pending[args[0]] = (_clip(x), _clip(y), user or None)
        if not _sound(args, tags, 3):
            self.stats.reject("tuio2 ptr with a shape or speed not a finite float (ignored)")
        if tags.startswith("iiifffff"):
            angle, shear, radius = args[5], args[6], args[7]
            if not (-TAU <= angle <= TAU and -TAU <= shear <= TAU and 0.0 <= radius <= 0.5):
                if math.isfinite(angle + shear + radius):
                    self.stats.reject("tuio2 ptr with a shape beyond the surface (ignored)")
            elif angle or shear or radius:  # all 0: a tracker that measures no shape
                tracker.pointers[args[0]] = Contact(2 * radius, 2 * radius,
                                                    _degrees(angle) if angle else None,
                                                    bool(angle), math.degrees(shear))

    def _bnd(self, tags: str, args: tuple[Any, ...]) -> None:
        tracker = self._frame()
        if tracker is None or tracker.late:
            return
        if not tags.startswith("iffffff"):
            self.stats.reject("tuio2 bnd with missing or wrong arguments")
            return
        fits = _fits(args[3], args[4], args[5])
        if not (fits and _sound(args, tags, 1)):
            self.stats.reject("tuio2 bnd not finite or beyond the surface (ignored)")
            if not fits:
                return
        tracker.bounds[args[0]] = _box(args[3], args[4], args[5])

    def _token(self, tags: str, args: tuple[Any, ...]) -> None:
        """TUIO 2 tokens (tagged tangibles) are no fingers: only their numbers are checked."""
        if not (tags.startswith("iii") and _sound(args, tags, 3)):
            self.stats.reject("tuio2 tok with a field not a finite number or of a wrong type")

    def _alv(self, tags: str, args: tuple[Any, ...]) -> None:
        tracker = self._frame()
        if tracker is None:
            self.stats.reject("tuio2 alv without a frm")
            return
        if tracker.late:
            tracker.late = False
            return
        if tags.count("i") != len(tags):
            self.stats.reject("tuio2 alv with non-integer ids")
            return
        tracker.alive = list(args)
        self.frames.apply(tracker)

SO_RXQ_OVFL = 40  # Linux: each datagram carries how many the socket has dropped so far
_DROPS = struct.Struct("=I")
MAX_DATAGRAM = 65536


class TuioSource:
    """Listens for TUIO on UDP (127.0.0.1:3333 unless configured); never holds a frame.

    A poll reads datagrams for at most `budget` seconds (2 ms) and leaves the rest in the socket
    for the next frame, so a flood slows touches down but never freezes the game. Datagrams the
    kernel had to drop because the socket was full are counted in `decoder.stats.dropped`.
    A port already taken is an OSError from the constructor (no silent sharing of the port).
    """

    BUDGET = 0.002

    def __init__(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 clock: Callable[[], float] = time.monotonic, budget: float = BUDGET,
                 ports: Callable[[], frozenset[int] | None] | None = open_udp_ports) -> None:
        """`ports` tells which local trackers are alive (None: never look, as for trackers
        on other machines)."""
        self.decoder = TuioDecoder(ports if sys.platform == "linux" else None)
        self.stats = self.decoder.stats
        self.budget = budget
        self.longest_poll = 0.0
        self._clock = clock
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            self.socket.bind((host, port))
        except OSError:
            self.socket.close()
            raise
        self.socket.setblocking(False)
        self._ancillary = 0
        if sys.platform == "linux":
            self.socket.setsockopt(socket.SOL_SOCKET, SO_RXQ_OVFL, 1)
            self._ancillary = socket.CMSG_SPACE(_DROPS.size)
        self.address = self.socket.getsockname()
        self._warned_drops = 0
        log.info("listening for TUIO on %s:%s", *self.address)

    def poll(self) -> list[TouchEvent]:
        clock = self._clock
        now = clock()
        out = self.decoder.tick(now)
        deadline = now + self.budget
        feed, receive, room = self.decoder.feed, self.socket.recvmsg, self._ancillary
        while True:
            try:
                data, ancillary, _flags, sender = receive(MAX_DATAGRAM, room)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                log.warning("TUIO socket error: %s", error)
                break
            if ancillary:
                self._count_drops(ancillary[0][2])
            out.extend(feed(data, now, f"{sender[0]}:{sender[1]}"))
            if clock() >= deadline:
                self.stats.polls_cut += 1  # the rest waits in the socket for the next frame
                break
        self.longest_poll = max(self.longest_poll, clock() - now)
        return out

    def _count_drops(self, data: bytes) -> None:
        (dropped,) = _DROPS.unpack_from(data)
        self.stats.dropped = max(self.stats.dropped, dropped)
        if dropped >= 2 * self._warned_drops + 1:
            log.warning("TUIO flood: the kernel has dropped %d datagrams (socket full)", dropped)
            self._warned_drops = dropped

    def close(self) -> None:
        self.socket.close()
