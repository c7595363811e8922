"""The one ordered chain of filters behind a source: each filter runs once a poll, in order."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from seigneurs.input.events import TouchEvent
from seigneurs.input.filters.base import Filter
from seigneurs.input.sources import TouchSource


class Pipeline:
    """A source with its filters, itself a source."""

    def __init__(self, source: TouchSource, filters: Sequence[Filter],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.source = source
        self.filters = list(filters)
        self._clock = clock

    def poll(self) -> list[TouchEvent]:
        events = self.source.poll()
        now = self._clock()
        for step in self.filters:
            events = step(events, now)
        return events
