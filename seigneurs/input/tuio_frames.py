"""TUIO frame assembly: the parts of a tracker's frames (`tuio_parts.Part`) made into touches.
Which frame is news (an older one is late and dropped; a tracker that restarted has its old
touches ended and its new run read), which touches begin, move and end; it knows no message.

- a frame may span datagrams: TUIO 2 gathers pointers until the frame's `alv`; TUIO 1.1 applies
  every part that carries the frame's `fseq`, so a repeated `fseq` is more of the same frame;
- frames are ordered per tracker: an older frame is late and dropped, but frame id 0 (TUIO 2)
  or 0/-1 (1.1: a tracker starting or stopping), a jump back of more than RESTART_JUMP ids, a
  TUIO 2 timetag a second or more newer than the last frame's, or any frame after the tracker
  had none accepted for RESTART_AFTER seconds means the tracker (re)started;
- a touch named in an alive list is alive, moving or not: its tracker's `heard` says when it
  was last named; a whole new frame with no news shows a tracker that repeats itself.
"""

from __future__ import annotations

from typing import Literal

from seigneurs.input.events import DOWN, MOVE, UP, TouchEvent
from seigneurs.input.tuio_parts import Part, Tracker, TuioStats
from seigneurs.input.tuio_trackers import RESTART_AFTER

RESTART_JUMP = 60  # frame ids back: a second's worth at 60 frames a second, never a late frame
_IMMEDIATELY = 1  # the OSC timetag that means "no time given"
_ONE_SECOND = 1 << 32  # in OSC timetag units (NTP: 32.32 fixed point seconds)
Admission = Literal["next", "restart", "late"]


class TuioFrames:
    """The touches of every tracker, and the frames that move them. `voices` maps each live
    touch of ours to its tracker, whose `heard` and `vouched` the filters read."""

    def __init__(self, stats: TuioStats) -> None:
        self.stats = stats
        self.voices: dict[int, Tracker] = {}  # our touch id -> the tracker that holds it
        self._next_id = 1
        self.t = 0.0
        self.out: list[TouchEvent] = []

    def end(self, trackers: list[Tracker], t: float) -> list[TouchEvent]:
        """Trackers forgotten with touches down (dead, pushed out): their touches end now."""
        self.t, self.out = t, []
        for tracker in trackers:
            self._end_all(tracker)
        return self.out

    def take(self, parts: list[Part], out: list[TouchEvent], t: float) -> list[TouchEvent]:
        """A datagram's parts, each with its tracker: their touch events, after `out`."""
        self.t, self.out = t, out
        for part in parts:
            tracker = part.tracker
            if tracker.dropped:
                continue
            if part.frame is None:  # 1.1 pieces before their `fseq`
                _gather(tracker, part)
                continue
            fresh = part.frame != tracker.last_frame
            admitted = self._admit(tracker, part.frame, part.tag)
            if admitted == "late":
                if part.version == "1":
                    tracker.pending.clear()
                    tracker.alive = None
                continue
            if admitted == "restart":
                tracker.pending.clear()  # the old run's unfinished frame
            _gather(tracker, part)
            if part.version == "1" or part.alive is not None:
                self._apply(tracker, fresh)
        return out

    def _admit(self, tracker: Tracker, frame: int, tag: int) -> Admission:
        """Whether a frame is news; a tracker that (re)started has its old touches ended."""
        last = tracker.last_frame
        if last is not None and frame != last and frame > 0 and frame < last:
            newer = tag > _IMMEDIATELY and tracker.last_tag > _IMMEDIATELY and (
                tag - tracker.last_tag >= _ONE_SECOND)
            if not (newer or last - frame > RESTART_JUMP
                    or self.t - tracker.accepted_at > RESTART_AFTER):
                self.stats.late_frames += 1
                return "late"
        tracker.last_frame = frame
        tracker.last_tag = tag
        tracker.accepted_at = self.t
        tracker.drops = self.stats.dropped
        # A new run: ids went back, or 0 (TUIO 2) and 0/-1 (1.1), a tracker starting or stopping.
        if last is not None and frame != last and (frame <= 0 or frame < last):
            self.stats.resets += 1
            self._end_all(tracker)
            return "restart"
        return "next"

    def _end_all(self, tracker: Tracker) -> None:
        """The tracker's old run is over: its touches end now."""
        t, out, voices = self.t, self.out, self.voices
        for touch, x, y, user in tracker.touches.values():
            out.append(TouchEvent(touch, UP, x, 1.0 - y, t, user))
            voices.pop(touch, None)
        tracker.touches.clear()
        tracker.pointers.clear()
        tracker.bounds.clear()

    def _apply(self, tracker: Tracker, fresh: bool) -> None:
        """A complete frame: touches not alive end, new ones begin, moved ones move; a whole
        new frame (`fresh`) that changed nothing shows a tracker that repeats itself."""
        self.stats.frames += 1
        out, t, touches, voices = self.out, self.t, tracker.touches, self.voices
        before = len(out)
        if tracker.alive is not None:
            alive = set(tracker.alive)
            tracker.heard = tracker.vouched = t
        else:
            alive = set(touches)
        if not touches.keys() <= alive:  # (a test in C: most frames end nothing)
            for session in [s for s in touches if s not in alive]:
                touch, x, y, user = touches.pop(session)
                voices.pop(touch, None)
                out.append(TouchEvent(touch, UP, x, 1.0 - y, t, user))
        for shapes in (tracker.pointers, tracker.bounds):  # of sessions that are no touch
            if not shapes.keys() <= alive:
                for session in [s for s in shapes if s not in alive]:
                    del shapes[session]
        pending = tracker.pending
        for session, (x, y, user) in pending.items():
            if session not in alive:
                continue
            known = touches.get(session)
            if known is None:
                touch = self._next_id
                self._next_id += 1
                voices[touch] = tracker
                out.append(TouchEvent(touch, DOWN, x, 1.0 - y, t, user, tracker.contact(session)))
            else:
                touch = known[0]
                if known[1] == x and known[2] == y:
                    continue
                out.append(TouchEvent(touch, MOVE, x, 1.0 - y, t, user, tracker.contact(session)))
            touches[session] = (touch, x, y, user)
        pending.clear()
        if fresh and tracker.alive is not None and touches and len(out) == before:
            tracker.repeats = True  # a whole new frame that changed nothing
        tracker.alive = None


def _gather(tracker: Tracker, part: Part) -> None:
    """A part's positions, alive list and shapes into its tracker's frame."""
    if part.positions:
        if tracker.pending:
            tracker.pending.update(part.positions)
        else:
            tracker.pending = part.positions  # the part is read once: no copy
    if part.alive is not None:
        tracker.alive = part.alive
    if part.pointers:
        tracker.pointers.update(part.pointers)
    if part.bounds:
        tracker.bounds.update(part.bounds)
