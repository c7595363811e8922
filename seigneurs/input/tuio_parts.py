"""What TUIO's stages hand on, one way: the messages' readers (`tuio1`, `tuio2`) turn a
datagram into parts of frames (`Part`), the trackers' stage (`tuio_trackers`) says whose they
are, and frame assembly (`tuio_frames`) makes touches of them. `TuioStats` counts what every
stage received and dropped.
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
class Part:
    """One tracker's share of a datagram: a frame, or a piece of one.

    `frame` is the 1.1 `fseq` or the 2.0 `frm` id (None: no frame was named, as in a 1.1
    bundle of blobs alone, whose shapes wait for the cursors' frame); `alive` the frame's
    alive list (None: the frame goes on in the next bundle, as an over-full TUIO 2 frame).
    """

    version: str  # "1" (TUIO 1.1) or "2" (TUIO 2.0)
    source: str
    frame: int | None = None
    tag: int = 0  # TUIO 2: the frame's OSC timetag (0: none)
    alive: list[int] | None = None
    positions: dict[int, tuple[float, float, int | None]] = field(default_factory=dict)
    """session id -> (x, y with y down, user)"""
    pointers: dict[int, Contact] = field(default_factory=dict)  # session -> ptr's shape
    bounds: dict[int, Contact] = field(default_factory=dict)  # session -> bnd's or 2Dblb's


@dataclass(slots=True)
class Reading:
    """One datagram as its readers go through it: the source name in force (a 1.1 `source`
    or a 2.0 `frm` names it for what follows; a bundle may omit it) and the parts so far."""

    source: str
    parts: list[Part] = field(default_factory=list)
