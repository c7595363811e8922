"""TUIO over UDP: 1.1 cursors (`/tuio/2Dcur`) and 2.0 pointers (`/tuio2/frm`, `ptr`, `alv`), with
the contact's shape where sent (2.0 `ptr` angle, shear and radius, 2.0 `bnd` and 1.1 `/tuio/2Dblb`
bounds of the same session id).

`TuioDecoder` is pure: datagrams in (parsed by `seigneurs.input.osc`), touch events out. It reads
frames the way the reference servers (TUIO11_CPP, TUIO20_CPP) send them:

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
from dataclasses import dataclass, field
from typing import Any, Literal

from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.input.osc import OscError, parse_packet

log = logging.getLogger(__name__)
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 3333
RESTART_JUMP = 60  # frame ids back: a second's worth at 60 frames a second, never a late frame
RESTART_AFTER = 1.0  # seconds without an accepted frame, after which a lower id is a new run
_IMMEDIATELY = 1  # the OSC timetag that means "no time given"
_ONE_SECOND = 1 << 32  # in OSC timetag units (NTP: 32.32 fixed point seconds)
MAX_BUNDLE = 8192  # bytes: twice the largest datagram the reference servers send
LIVENESS_EVERY = 0.25  # seconds between looks at the ports of silent local trackers
MAX_TRACKERS = 64  # trackers kept at once (a table has one to four)
TAU = 2 * math.pi
UDP_TABLES = ("/proc/net/udp", "/proc/net/udp6")
Admission = Literal["next", "restart", "late"]


@dataclass(slots=True)
class TuioStats:
    """What was received and what had to be dropped (`dropped`: by the kernel, socket full)."""

    packets: int = 0
    frames: int = 0
    late_frames: int = 0
    resets: int = 0
    malformed: int = 0
    dropped: int = 0
    polls_cut: int = 0
    gone: int = 0  # local trackers found dead (port closed) with touches down
    reasons: dict[str, int] = field(default_factory=dict)

    def reject(self, reason: str) -> None:
        self.malformed += 1
        if reason not in self.reasons:
            log.warning("TUIO input dropped: %s", reason)
        self.reasons[reason] = self.reasons.get(reason, 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {"packets": self.packets, "frames": self.frames, "late_frames": self.late_frames,
                "resets": self.resets, "malformed": self.malformed, "dropped": self.dropped,
                "polls_cut": self.polls_cut, "gone": self.gone}


@dataclass(slots=True)
class _Tracker:
    """One tracker's state: its live touches, the frame being read, and its frame order. A
    tracker is its sender's address and the source name it announces (`family`: the TUIO
    version and that name), so two trackers that share a name are still two."""

    family: str
    sender: str = ""
    port: int | None = None  # the sender's UDP port, if it is on this machine (loopback)
    touches: dict[int, tuple[int, float, float, int | None]] = field(default_factory=dict)
    """session id -> (our touch id, x, y, user)"""
    pending: dict[int, tuple[float, float, int | None]] = field(default_factory=dict)
    alive: list[int] | None = None
    last_frame: int | None = None
    last_tag: int = 0  # TUIO 2: the OSC timetag of the last accepted frame
    accepted_at: float = float("-inf")  # decoder time of the last accepted frame
    alive_at: float = float("-inf")  # decoder time of the last alive list applied
    live_at: float = float("-inf")  # decoder time its port was last seen open, nothing dropped
    drops: int = 0  # the kernel's drop count at its last accepted frame
    late: bool = False  # TUIO 2: the frame being read is late; its ptr and alv are ignored
    pointers: dict[int, Contact] = field(default_factory=dict)  # session -> ptr's shape
    bounds: dict[int, Contact] = field(default_factory=dict)  # session -> bnd's or 2Dblb's

    def contact(self, session: int) -> Contact | None:
        """The session's shape: the pointer's signed angle (else the bounds' axis), the
        bounds' sizes where sent."""
        pointer, bounds = self.pointers.get(session), self.bounds.get(session)
        if pointer is None or bounds is None:
            return pointer or bounds
        if pointer.angle is None:
            return bounds._replace(shear=pointer.shear)
        return pointer._replace(major=bounds.major, minor=bounds.minor)

    def forget(self, session: int) -> None:
        self.pointers.pop(session, None)
        self.bounds.pop(session, None)


def _clip(value: float) -> float:
    return 1.0 if value > 1.0 else 0.0 if value < 0.0 else value


def _degrees(radians: float) -> float:
    """A surface angle (y down) as the display's (y up), in degrees 0..360."""
    return -math.degrees(radians) % 360.0


def open_udp_ports(tables: tuple[str, ...] = UDP_TABLES) -> frozenset[int] | None:
    """The local ports of this machine's UDP sockets (Linux's socket tables), or None where
    they cannot be read (then no tracker is ever judged dead by its port)."""
    ports: set[int] = set()
    read = False
    for table in tables:
        try:
            with open(table, "rb") as lines:
                next(lines, None)  # the header
                for line in lines:
                    local = line.split(None, 2)[1]
                    ports.add(int(local[local.rindex(b":") + 1:], 16))
            read = True
        except (OSError, IndexError, ValueError):
            continue
    return frozenset(ports) if read else None


def _loopback_port(sender: str) -> int | None:
    """The port of a sender on this machine's loopback ("127.0.0.1:5000"), else None."""
    host, _, port = sender.rpartition(":")
    return int(port) if host.startswith("127.") and port.isdigit() else None


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
    """TUIO 1.1 and 2.0 datagrams to touch events."""

    def __init__(self, ports: Callable[[], frozenset[int] | None] | None = None) -> None:
        """`ports`: this machine's open UDP ports (`open_udp_ports`), to tell a local
        tracker's death; None, no such look (the decoder stays pure)."""
        self.stats = TuioStats()
        self._trackers: dict[tuple[str, str], _Tracker] = {}  # (family, sender) -> tracker
        self._holder: dict[int, _Tracker] = {}  # our touch id -> the tracker that holds it
        self._named: dict[str, str] = {}  # sender -> the source name it last announced
        self._ports = ports
        self._ticks = 0  # polls so far (`tick`)
        self._looked_at = (float("-inf"), 0)  # the moment the socket table was last read
        self._open: frozenset[int] | None = None  # the ports open then
        self._forced_at = (float("-inf"), 0)
        self._pruned_at = float("-inf")
        self._next_id = 1
        self._sender = ""
        self._source = ""
        self._current: _Tracker | None = None  # the TUIO 2 frame being read
        self._cursors: _Tracker | None = None  # the TUIO 1.1 tracker of this datagram's source
        self._t = 0.0
        self._out: list[TouchEvent] = []
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
        self._sender = sender
        self._source = self._named.get(sender, "")  # bundles may omit the source
        self._current = self._cursors = None
        self._t = t
        out: list[TouchEvent] = []
        self._out = out
        handlers = self._handlers
        for address, tags, args in messages:
            handler = handlers.get(address)
            if handler is not None:
                handler(tags, args)
        if self._source != self._named.get(sender, ""):
            self._named.pop(sender, None)
            self._named[sender] = self._source
            if len(self._named) > 4 * MAX_TRACKERS:
                del self._named[next(iter(self._named))]  # the longest unchanged
        return out

    def tick(self, t: float) -> list[TouchEvent]:
        """Time passes without a datagram: a silent local tracker is looked at (dead: its
        touches end; alive: vouched for), and trackers long silent without touches are
        forgotten. Cheap when there is nothing to look at; the socket table is read at most
        every LIVENESS_EVERY."""
        self._t = t
        self._ticks += 1
        out: list[TouchEvent] = []
        self._out = out
        if t - self._pruned_at >= LIVENESS_EVERY:
            self._pruned_at = t
            self._look(force=False)
            self._prune()
        return out

    def vouched(self, touch: int) -> float | None:
        """When `touch`'s tracker last said it is down: named it alive, or (a local tracker)
        held its port open with nothing dropped since its last frame; None if it is no live
        touch of ours."""
        tracker = self._holder.get(touch)
        if tracker is None:
            return None
        return tracker.alive_at if tracker.alive_at > tracker.live_at else tracker.live_at

    def _tracker(self, version: str) -> _Tracker:
        """The tracker of this datagram: its sender, and the source name it announced. A
        new one is a moment to look for dead local trackers (a restart on a new port)."""
        family = f"{version}:{self._source}"
        tracker = self._trackers.get((family, self._sender))
        if tracker is None:
            if len(self._trackers) >= MAX_TRACKERS:
                oldest = min(self._trackers.values(), key=lambda other: other.accepted_at)
                self.stats.reject(f"more than {MAX_TRACKERS} trackers at once (a flood?)")
                self._end_all(oldest)
                self._drop(oldest)
            tracker = _Tracker(family, self._sender, _loopback_port(self._sender))
            self._trackers[family, self._sender] = tracker
            self._look(force=True, spare=tracker)
        return tracker

    def _drop(self, tracker: _Tracker) -> None:
        """Forget a tracker whose touches have ended."""
        self._trackers.pop((tracker.family, tracker.sender), None)
        if self._current is tracker:
            self._current = None
        if self._cursors is tracker:
            self._cursors = None

    def _look(self, force: bool, spare: _Tracker | None = None) -> None:
        """Which local trackers with touches still hold their port. Forced (a new tracker, a
        new touch while another tracker holds touches): all of them, at once; else only
        those silent for LIVENESS_EVERY. `spare` just spoke: it is not judged now."""
        t = self._t
        moment = (t, self._ticks)  # a poll: a flood of new trackers reads the table once
        if self._ports is None or (force and self._forced_at == moment):
            return
        if force:
            self._forced_at = moment
        watch = [tracker for tracker in self._trackers.values()
                 if tracker.port is not None and tracker.touches and tracker is not spare
                 and (force or t - tracker.accepted_at >= LIVENESS_EVERY)]
        if not watch:
            return
        if self._looked_at != moment:  # the socket table is read once a moment
            self._looked_at = moment
            self._open = self._ports()
        ports = self._open
        if ports is None:
            return
        for tracker in watch:
            if tracker.port in ports:
                if tracker.drops == self.stats.dropped:
                    tracker.live_at = t
                continue
            self.stats.gone += 1
            log.info("TUIO tracker %s (%s) is gone: its %d touches end", tracker.sender,
                     tracker.family, len(tracker.touches))
            self._end_all(tracker)
            self._drop(tracker)

    def _prune(self) -> None:
        """Forget trackers silent for RESTART_AFTER without touches (any frame of theirs
        would now start a new run anyway), and the names of senders with no tracker."""
        t = self._t
        for tracker in [tracker for tracker in self._trackers.values()
                        if not tracker.touches and t - tracker.accepted_at > RESTART_AFTER]:
            self._drop(tracker)
        senders = {tracker.sender for tracker in self._trackers.values()}
        for sender in [sender for sender in self._named if sender not in senders]:
            del self._named[sender]

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
        if tracker is None:
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
            if self._admit(tracker, args[1], 0) != "late":
                self._apply(tracker)
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
        admitted = self._admit(tracker, args[0], tag)
        tracker.late = admitted == "late"
        if admitted == "restart":
            tracker.pending.clear()  # the old run's unfinished frame
        self._current = tracker  # otherwise pending ptr are kept: a frame may span bundles

    def _ptr(self, tags: str, args: tuple[Any, ...]) -> None:
        tracker = self._current
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
        tracker = self._current
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
        tracker = self._current
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
        self._apply(tracker)

    # Frames.

    def _admit(self, tracker: _Tracker, frame: int, tag: int) -> Admission:
        """Whether a frame is news; a tracker that (re)started has its old touches ended."""
        last = tracker.last_frame
        if last is not None and frame != last and frame > 0 and frame < last:
            newer = tag > _IMMEDIATELY and tracker.last_tag > _IMMEDIATELY and (
                tag - tracker.last_tag >= _ONE_SECOND)
            if not (newer or last - frame > RESTART_JUMP
                    or self._t - tracker.accepted_at > RESTART_AFTER):
                self.stats.late_frames += 1
                return "late"
        tracker.last_frame = frame
        tracker.last_tag = tag
        tracker.accepted_at = self._t
        tracker.drops = self.stats.dropped
        # A new run: ids went back, or 0 (TUIO 2) and 0/-1 (1.1), a tracker starting or stopping.
        if last is not None and frame != last and (frame <= 0 or frame < last):
            self.stats.resets += 1
            self._end_all(tracker)
            return "restart"
        return "next"

    def _end_all(self, tracker: _Tracker) -> None:
        """The tracker's old run is over: its touches end now."""
        t, out = self._t, self._out
        for touch, x, y, user in tracker.touches.values():
            out.append(TouchEvent(touch, UP, x, 1.0 - y, t, user))
            self._holder.pop(touch, None)
        tracker.touches.clear()
        tracker.pointers.clear()
        tracker.bounds.clear()

    def _apply(self, tracker: _Tracker) -> None:
        """A complete frame: touches not alive end, new ones begin, moved ones move."""
        self.stats.frames += 1
        out, t, touches, holder = self._out, self._t, tracker.touches, self._holder
        if tracker.alive is not None:
            alive = set(tracker.alive)
            tracker.alive_at = t
        else:
            alive = set(touches)
        for session in [s for s in touches if s not in alive]:
            touch, x, y, user = touches.pop(session)
            holder.pop(touch, None)
            tracker.forget(session)
            out.append(TouchEvent(touch, UP, x, 1.0 - y, t, user))
        for shapes in (tracker.pointers, tracker.bounds):  # of sessions that are no touch
            for session in [s for s in shapes if s not in alive]:
                del shapes[session]
        pending = tracker.pending
        if len(holder) > len(touches) and any(s in alive and s not in touches for s in pending):
            self._look(force=True, spare=tracker)  # a new finger: is another tracker gone?
        for session, (x, y, user) in pending.items():
            if session not in alive:
                continue
            known = touches.get(session)
            if known is None:
                touch = self._next_id
                self._next_id += 1
                holder[touch] = tracker
                out.append(TouchEvent(touch, DOWN, x, 1.0 - y, t, user, tracker.contact(session)))
            else:
                touch = known[0]
                if known[1] == x and known[2] == y:
                    continue
                out.append(TouchEvent(touch, MOVE, x, 1.0 - y, t, user, tracker.contact(session)))
            touches[session] = (touch, x, y, user)
        pending.clear()
        tracker.alive = None


DOWN, MOVE, UP = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP

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
