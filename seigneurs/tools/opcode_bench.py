"""`seigneurs bench --opcodes`: the bench's own run, its cost counted in Python opcodes.

Why: thread CPU on a shared two-core machine moves by a quarter between runs of the same code
(the other work's cache misses count in our thread), so it cannot show a 5 % change; the
opcodes a frame executes are the same whatever runs beside it, and the same run after run
(each run its own process: inside one, what earlier code left warm moves a count a little).
What they do not count: C work (pymunk's step, Arcade's and the GL driver's C code) and how
long each opcode takes, so a change that moves work into C or makes it cache-friendlier shows
here only as fewer opcodes, or not at all, and fewer opcodes are not always less time (check
a change's time too): thread CPU remains the figure that matters, this is its load-free guide.

Frames in which a finger touched down (a lift, a new card's hit-test and seat choice) cost
about twice a move-only frame and make the p99, so the two kinds are summarised apart.
"""

from __future__ import annotations

import gc
import statistics
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from types import FrameType
from typing import Any

from seigneurs.tools.bench import play_busy_table
from seigneurs.tools.figures import p99


def opcodes(work: Callable[[], object]) -> float:
    """The Python opcodes executed while `work` runs (every Python frame it calls, traced);
    a tracer already set (a coverage run's) is put back after."""
    count = 0

    def each(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "opcode":
            count += 1
        return each

    def called(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        return each

    previous = sys.gettrace()
    sys.settrace(called)
    try:
        work()
    finally:
        sys.settrace(previous)
    return count


@dataclass(frozen=True, slots=True)
class Spread:
    """Opcodes per frame of some frames: mean, median and p99 (nearest rank)."""

    frames: int
    mean: float
    median: float
    p99: float

    @classmethod
    def of(cls, counts: list[float]) -> Spread:
        if not counts:
            return cls(0, 0.0, 0.0, 0.0)
        return cls(len(counts), round(statistics.mean(counts)), statistics.median(counts),
                   p99(counts))


@dataclass(frozen=True, slots=True)
class OpcodeReport:
    """What `seigneurs bench --opcodes` prints for one fingers' count."""

    fingers: int
    update_moves: Spread
    """Frames in which fingers only moved."""
    update_downs: Spread
    """Frames in which at least one finger touched down."""
    draw: Spread
    """The draw submission (the view's `on_draw`), every frame."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def count_opcodes(frames: int, size: tuple[int, int], fingers_down: int) -> OpcodeReport:
    """Play the bench's busy table and count each frame's opcodes, update and draw apart.
    What an earlier count left (a window's objects) is collected first, not in its frames."""
    gc.collect()
    run = play_busy_table(frames, size, fingers_down, opcodes)
    kinds: dict[bool, list[float]] = {False: [], True: []}
    for count, down in zip(run.update, run.downs, strict=True):
        kinds[down].append(count)
    return OpcodeReport(fingers_down, Spread.of(kinds[False]), Spread.of(kinds[True]),
                        Spread.of(run.draw))
