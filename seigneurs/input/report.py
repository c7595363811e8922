"""A summary of the touches a stream carried: what `touch-replay` and `touch-test` print."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from seigneurs.input.events import TouchEvent, TouchPhase


@dataclass(slots=True)
class TouchTrace:
    """One touch from down to up."""

    id: int
    down_t: float
    start: tuple[float, float]
    end: tuple[float, float]
    up_t: float | None = None
    moves: int = 0
    seat: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "down": round(self.down_t, 6),
                "up": None if self.up_t is None else round(self.up_t, 6),
                "start": [round(v, 4) for v in self.start], "end": [round(v, 4) for v in self.end],
                "moves": self.moves, "seat": self.seat}


class TouchLog:
    """Collects traces from events; `problems` lists touches without a clean down/up pair."""

    def __init__(self) -> None:
        self.traces: dict[int, TouchTrace] = {}
        self.problems: list[str] = []

    def add(self, events: Iterable[TouchEvent], seat: int | None = None) -> None:
        for event in events:
            trace = self.traces.get(event.id)
            if event.phase is TouchPhase.DOWN:
                if trace is not None and trace.up_t is None:
                    self.problems.append(f"touch {event.id} went down twice")
                self.traces[event.id] = TouchTrace(event.id, event.t, (event.x, event.y),
                                                   (event.x, event.y), seat=seat)
                continue
            if trace is None or trace.up_t is not None:
                self.problems.append(f"touch {event.id}: {event.phase} without a down")
                continue
            trace.end = (event.x, event.y)
            if event.phase is TouchPhase.MOVE:
                trace.moves += 1
            else:
                trace.up_t = event.t

    def finish(self) -> None:
        """Note touches still down at the end."""
        for trace in self.traces.values():
            if trace.up_t is None:
                self.problems.append(f"touch {trace.id} never lifted")

    def to_json(self) -> dict[str, Any]:
        return {"touches": [t.to_json() for t in self.traces.values()],
                "problems": self.problems}
