"""Jitter: a finger resting on the glass trembles by a pixel or two; those moves are no news."""

from __future__ import annotations

from dataclasses import dataclass, field

from seigneurs.input.events import MOVE, UP, TouchEvent


@dataclass(slots=True)
class Dejitter:
    """Drops moves smaller than `threshold` (in display fractions) from the last one passed."""

    threshold: float = 0.002
    _last: dict[int, tuple[float, float]] = field(default_factory=dict)

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        out = []
        for event in events:
            if event.phase is MOVE:
                last = self._last.get(event.id)
                if last is not None and abs(event.x - last[0]) < self.threshold and abs(
                        event.y - last[1]) < self.threshold:
                    continue
            if event.phase is UP:
                self._last.pop(event.id, None)
            else:
                self._last[event.id] = (event.x, event.y)
            out.append(event)
        return out
