"""TUIO's frame assembly: the trackers a decoder hears, each told apart by sender and source
name, and the frames they complete. Which frame is news (a late one is dropped, a tracker that
restarted has its old touches ended), which touches begin, move and end, which local tracker
died with its port, which were last vouched for. `tuio.TuioDecoder` reads the messages (TUIO
1.1 and 2.0, their checks and shapes) and hands each frame here; this part knows no message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from seigneurs.input.events import DOWN, MOVE, UP, Contact, TouchEvent

log = logging.getLogger(__name__)
RESTART_JUMP = 60  # frame ids back: a second's worth at 60 frames a second, never a late frame
RESTART_AFTER = 1.0  # seconds without an accepted frame, after which a lower id is a new run
_IMMEDIATELY = 1  # the OSC timetag that means "no time given"
_ONE_SECOND = 1 << 32  # in OSC timetag units (NTP: 32.32 fixed point seconds)
LIVENESS_EVERY = 0.25  # seconds between looks at the ports of silent local trackers
MAX_TRACKERS = 64  # trackers kept at once (a table has one to four)
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
class Tracker:
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
    repeats: bool = False  # it sent a new frame with no news: it speaks while its fingers rest
    new_frame: bool = False  # the frame being read has an id not seen just before
    late: bool = False  # TUIO 2: the frame being read is late; its ptr and alv are ignored
    pointers: dict[int, Contact] = field(default_factory=dict)  # session -> ptr's shape
    bounds: dict[int, Contact] = field(default_factory=dict)  # session -> bnd's or 2Dblb's
    dropped: bool = False  # forgotten by the decoder (gone, pruned, or pushed out)

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


class TuioFrames:
    """The trackers heard, their touches, and the frames that move them."""

    def __init__(self, stats: TuioStats,
                 ports: Callable[[], frozenset[int] | None] | None = None) -> None:
        """`ports`: this machine's open UDP ports (`open_udp_ports`), to tell a local
        tracker's death; None, no such look (the frames stay pure)."""
        self.stats = stats
        self.trackers: dict[tuple[str, str], Tracker] = {}  # (family, sender) -> tracker
        self.named: dict[str, str] = {}  # sender -> the source name it last announced
        self._holder: dict[int, Tracker] = {}  # our touch id -> the tracker that holds it
        self._ports = ports
        self._ticks = 0  # polls so far (`tick`)
        self._looked_at = (float("-inf"), 0)  # the moment the socket table was last read
        self._open: frozenset[int] | None = None  # the ports open then
        self._forced_at = (float("-inf"), 0)
        self._pruned_at = float("-inf")
        self._next_id = 1
        self.t = 0.0  # the time of the datagram or poll being read
        self.out: list[TouchEvent] = []  # the touch events it made so far

    def begin(self, t: float) -> list[TouchEvent]:
        """A datagram or a poll at `t`: the list its touch events go to."""
        self.t = t
        self.out = []
        return self.out

    def name(self, sender: str, source: str) -> None:
        """`sender` announced `source` (remembered: bundles may omit it)."""
        if source != self.named.get(sender, ""):
            self.named.pop(sender, None)
            self.named[sender] = source
            if len(self.named) > 4 * MAX_TRACKERS:
                del self.named[next(iter(self.named))]  # the longest unchanged

    def tick(self, t: float) -> list[TouchEvent]:
        """Time passes without a datagram: a silent local tracker is looked at (dead: its
        touches end; alive: vouched for), and trackers long silent without touches are
        forgotten. Cheap when there is nothing to look at; the socket table is read at most
        every LIVENESS_EVERY."""
        out = self.begin(t)
        self._ticks += 1
        if t - self._pruned_at >= LIVENESS_EVERY:
            self._pruned_at = t
            self._look(force=False)
            self._prune()
        return out

    def vouched(self, touch: int) -> float | None:
        """When `touch`'s tracker last said it is down: named it alive, or (a local tracker
        that sends nothing while its fingers rest, as the reference servers do) held its port
        open with nothing dropped since its last frame; None if it is no live touch of ours.
        A tracker that repeats itself while still vouches by its frames alone: once those
        stop, an open port proves nothing (a hung process holds its socket)."""
        tracker = self._holder.get(touch)
        if tracker is None:
            return None
        alive_at = tracker.alive_at
        return alive_at if tracker.repeats or alive_at > tracker.live_at else tracker.live_at

    def heard(self, touch: int) -> float | None:
        """When `touch`'s tracker last sent a frame naming it alive; None if it is no live touch
        of ours. A touch at the cap is silent by this, whatever the port says: a tracker that
        sends nothing is not updating it, dead or resting."""
        tracker = self._holder.get(touch)
        return None if tracker is None else tracker.alive_at

    def tracker(self, version: str, source: str, sender: str) -> Tracker:
        """The tracker of a datagram: its sender, and the source name it announced. A new one
        is a moment to look for dead local trackers (a restart on a new port)."""
        family = f"{version}:{source}"
        tracker = self.trackers.get((family, sender))
        if tracker is None:
            if len(self.trackers) >= MAX_TRACKERS:
                oldest = min(self.trackers.values(), key=lambda other: other.accepted_at)
                self.stats.reject(f"more than {MAX_TRACKERS} trackers at once (a flood?)")
                self.end_all(oldest)
                self._drop(oldest)
            tracker = Tracker(family, sender, _loopback_port(sender))
            self.trackers[family, sender] = tracker
            self._look(force=True, spare=tracker)
        return tracker

    def _drop(self, tracker: Tracker) -> None:
        """Forget a tracker whose touches have ended."""
        self.trackers.pop((tracker.family, tracker.sender), None)
        tracker.dropped = True

    def _look(self, force: bool, spare: Tracker | None = None) -> None:
        """Which local trackers with touches still hold their port. Forced (a new tracker, a
        new touch while another tracker holds touches): all of them, at once; else only
        those silent for LIVENESS_EVERY. `spare` just spoke: it is not judged now."""
        t = self.t
        moment = (t, self._ticks)  # a poll: a flood of new trackers reads the table once
        if self._ports is None or (force and self._forced_at == moment):
            return
        if force:
            self._forced_at = moment
        watch = [tracker for tracker in self.trackers.values()
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
            self.end_all(tracker)
            self._drop(tracker)

    def _prune(self) -> None:
        """Forget trackers silent for RESTART_AFTER without touches (any frame of theirs
        would now start a new run anyway), and the names of senders with no tracker."""
        t = self.t
        for tracker in [tracker for tracker in self.trackers.values()
                        if not tracker.touches and t - tracker.accepted_at > RESTART_AFTER]:
            self._drop(tracker)
        senders = {tracker.sender for tracker in self.trackers.values()}
        for sender in [sender for sender in self.named if sender not in senders]:
            del self.named[sender]

    def admit(self, tracker: Tracker, frame: int, tag: int) -> Admission:
        """Whether a frame is news; a tracker that (re)started has its old touches ended."""
        last = tracker.last_frame
        if last is not None and frame != last and frame > 0 and frame < last:
            newer = tag > _IMMEDIATELY and tracker.last_tag > _IMMEDIATELY and (
                tag - tracker.last_tag >= _ONE_SECOND)
            if not (newer or last - frame > RESTART_JUMP
                    or self.t - tracker.accepted_at > RESTART_AFTER):
                self.stats.late_frames += 1
                return "late"
        tracker.new_frame = frame != last
        tracker.last_frame = frame
        tracker.last_tag = tag
        tracker.accepted_at = self.t
        tracker.drops = self.stats.dropped
        # A new run: ids went back, or 0 (TUIO 2) and 0/-1 (1.1), a tracker starting or stopping.
        if last is not None and frame != last and (frame <= 0 or frame < last):
            self.stats.resets += 1
            self.end_all(tracker)
            return "restart"
        return "next"

    def end_all(self, tracker: Tracker) -> None:
        """The tracker's old run is over: its touches end now."""
        t, out = self.t, self.out
        for touch, x, y, user in tracker.touches.values():
            out.append(TouchEvent(touch, UP, x, 1.0 - y, t, user))
            self._holder.pop(touch, None)
        tracker.touches.clear()
        tracker.pointers.clear()
        tracker.bounds.clear()

    def apply(self, tracker: Tracker) -> None:
        """A complete frame: touches not alive end, new ones begin, moved ones move."""
        self.stats.frames += 1
        out, t, touches, holder = self.out, self.t, tracker.touches, self._holder
        before = len(out)
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
        if tracker.alive is not None and tracker.new_frame and touches and len(out) == before:
            tracker.repeats = True  # a whole new frame that changed nothing
        tracker.new_frame = False
        tracker.alive = None
