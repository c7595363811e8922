"""A summary of the touches a stream carried, and of what each source received and dropped:
what `touch-replay` and `touch-test` print.

Positions are reported in the panel's convention, the one the configuration speaks and evdev
and TUIO send: 0 to 1, origin top-left, y down (events themselves are y up, as drawn)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from seigneurs.input.evdev_source import EvdevSource
from seigneurs.input.events import DOWN, MOVE, TouchEvent
from seigneurs.input.filters import Pipeline, ReleaseStuck, StormGuard
from seigneurs.input.sources import TouchSource
from seigneurs.input.tuio import TuioSource


@dataclass(slots=True)
class TouchTrace:
    """One touch from down to up; `start` and `end` with y down (see the module)."""

    id: int
    down_t: float
    start: tuple[float, float]
    end: tuple[float, float]
    up_t: float | None = None
    moves: int = 0
    seat: int | None = None
    user: int | None = None  # as the source named it (TUIO 2), else None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "down": round(self.down_t, 6),
                "up": None if self.up_t is None else round(self.up_t, 6),
                "start": [round(v, 4) for v in self.start], "end": [round(v, 4) for v in self.end],
                "moves": self.moves, "seat": self.seat, "user": self.user}


class TouchLog:
    """Collects traces from events; `problems` lists touches without a clean down/up pair."""

    def __init__(self) -> None:
        self.traces: dict[int, TouchTrace] = {}
        self.problems: list[str] = []

    def add(self, events: Iterable[TouchEvent], seat: int | None = None) -> None:
        for event in events:
            trace = self.traces.get(event.id)
            where = (event.x, 1.0 - event.y)
            if event.phase is DOWN:
                if trace is not None and trace.up_t is None:
                    self.problems.append(f"touch {event.id} went down twice")
                self.traces[event.id] = TouchTrace(event.id, event.t, where, where, seat=seat,
                                                   user=event.user)
                continue
            if trace is None or trace.up_t is not None:
                self.problems.append(f"touch {event.id}: {event.phase} without a down")
                continue
            trace.end = where
            if event.phase is MOVE:
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


def source_report(source: TouchSource) -> dict[str, Any]:
    """What a source received and had to drop: for the installer, in `touch-test --json`."""
    filters = source.filters if isinstance(source, Pipeline) else []
    inner = source.source if isinstance(source, Pipeline) else source
    report: dict[str, Any] = {"kind": type(inner).__name__}
    if isinstance(inner, TuioSource):
        report.update(kind="tuio", address="{}:{}".format(*inner.address),
                      **inner.stats.to_json(), longest_poll_ms=round(inner.longest_poll * 1000, 2))
    elif isinstance(inner, EvdevSource):
        report.update(kind="evdev", path=inner.path, connected=inner.connected,
                      error=inner.last_error, **inner.decoded.to_json())
    report["released_stuck"] = sum(f.released for f in filters if isinstance(f, ReleaseStuck))
    report["storm_dropped"] = sum(f.dropped for f in filters if isinstance(f, StormGuard))
    report["stale_replaced"] = sum(f.replaced for f in filters if isinstance(f, StormGuard))
    return report
