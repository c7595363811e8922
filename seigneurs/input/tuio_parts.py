"""What TUIO's stages hand on, one way: the messages' readers (`tuio1`, `tuio2`) turn a
datagram into parts of frames (`Part`), the trackers' stage (`tuio_trackers`) says whose they
are (`Tracker`: one tracker's state, which frame assembly keeps and the filters read), and
frame assembly (`tuio_frames`) makes touches of them. `TuioStats` counts what every stage
received and dropped. Values only: nothing here calls a stage.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from seigneurs.input.events import Contact

log = logging.getLogger(__name__)


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
    """One tracker's state: its live touches, the frame being assembled, its frame order,
    and what it last said (`heard`, `vouched`: what the filters read of its touches)."""

    key: tuple[str, str, str]  # the TUIO version, the source name, the sender's address
    port: int | None = None  # the sender's UDP port, if it is on this machine (loopback)
    touches: dict[int, tuple[int, float, float, int | None]] = field(default_factory=dict)
    """session id -> (our touch id, x, y, user)"""
    pending: dict[int, tuple[float, float, int | None]] = field(default_factory=dict)
    alive: list[int] | None = None
    last_frame: int | None = None
    last_tag: int = 0  # TUIO 2: the OSC timetag of the last accepted frame
    accepted_at: float = float("-inf")  # decoder time of the last accepted frame
    heard: float = float("-inf")  # decoder time of the last frame naming its touches alive
    vouched: float = float("-inf")  # ... or, resting on a live port, when last seen open
    drops: int = 0  # the kernel's drop count at its last accepted frame
    repeats: bool = False  # it sent a new frame with no news: it speaks while its fingers rest
    pointers: dict[int, Contact] = field(default_factory=dict)  # session -> ptr's shape
    bounds: dict[int, Contact] = field(default_factory=dict)  # session -> bnd's or 2Dblb's
    dropped: bool = False  # forgotten (gone, pruned, or pushed out)

    def contact(self, session: int) -> Contact | None:
        """The session's shape: the pointer's signed angle (else the bounds' axis), the
        bounds' sizes where sent."""
        pointer, bounds = self.pointers.get(session), self.bounds.get(session)
        if pointer is None or bounds is None:
            return pointer or bounds
        if pointer.angle is None:
            return bounds._replace(shear=pointer.shear)
        return pointer._replace(major=bounds.major, minor=bounds.minor)


class Part:
    """One tracker's share of a datagram: a frame, or a piece of one.

    `frame` is the 1.1 `fseq` or the 2.0 `frm` id (None: no frame was named, as in a 1.1
    bundle of blobs alone, whose shapes wait for the cursors' frame); `tag` the TUIO 2 frame's
    OSC timetag (0: none); `alive` the frame's alive list (None: the frame goes on in the next
    bundle, as an over-full TUIO 2 frame). `positions`: session id -> (x, y with y down,
    user); `pointers` and `bounds`: session id -> the `ptr`'s, or the `bnd`'s or `2Dblb`'s,
    shape (None until one comes). A plain class, not a dataclass: one is made a datagram.
    """

    __slots__ = ("alive", "bounds", "frame", "pointers", "positions", "source", "tag",
                 "tracker", "version")
    tracker: Tracker  # whose it is: set by the trackers' stage, before frame assembly reads it

    def __init__(self, version: str, source: str, frame: int | None = None,
                 tag: int = 0) -> None:
        self.version, self.source, self.frame, self.tag = version, source, frame, tag
        self.alive: list[int] | None = None
        self.positions: dict[int, tuple[float, float, int | None]] = {}
        self.pointers: dict[int, Contact] | None = None  # made when a shape comes
        self.bounds: dict[int, Contact] | None = None


class Reading:
    """A datagram as its readers go through it, one datagram after another: the source name in
    force (a 1.1 `source` or a 2.0 `frm` names it for what follows; a bundle may omit it), the
    parts so far, and the frame each version is reading (`cursors`: 1.1's, `frame`: 2.0's)."""

    __slots__ = ("cursors", "frame", "parts", "source")

    def __init__(self) -> None:
        self.source = ""
        self.parts: list[Part] = []
        self.cursors: Part | None = None
        self.frame: Part | None = None


def shapes_of(shapes: dict[int, Contact] | None) -> dict[int, Contact]:
    """A part's shapes so far, made on the first."""
    return {} if shapes is None else shapes
