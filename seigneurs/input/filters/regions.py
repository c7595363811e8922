"""Ignored regions: the rim where small wrists rest, or any strip an installer names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from seigneurs.input.events import DOWN, UP, TouchEvent
from seigneurs.rect import Rect


def rim(width: float) -> list[Rect]:
    """Four strips `width` deep along the edges, where wrists rest (display fractions)."""
    return [Rect(0, 0, 1, width), Rect(0, 1 - width, 1, width), Rect(0, 0, width, 1),
            Rect(1 - width, 0, width, 1)]


@dataclass(slots=True)
class IgnoreRegions:
    """Touches that begin in an ignored region (display fractions) are dropped for their whole
    life."""

    regions: Sequence[Rect]
    _ignored: set[int] = field(default_factory=set)

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        out = []
        for event in events:
            if event.phase is DOWN:  # a down always starts afresh, ids may come again
                if any(r.contains(event.x, event.y) for r in self.regions):
                    self._ignored.add(event.id)
                else:
                    self._ignored.discard(event.id)
            if event.id in self._ignored:
                if event.phase is UP:
                    self._ignored.discard(event.id)
                continue
            out.append(event)
        return out
