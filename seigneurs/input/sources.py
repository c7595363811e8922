"""Touch sources behind one interface: `poll()` returns the events since the last call.

`TouchMux` merges several sources and gives every touch an id unique across all of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from seigneurs.input.events import TouchEvent, TouchPhase


class TouchSource(Protocol):
    """Anything that yields touch events when polled (never blocks)."""

    def poll(self) -> list[TouchEvent]:
        """Events since the last poll, oldest first."""
        ...


class ScriptedSource:
    """Touches written by a test or a demo: push them, the game polls them."""

    def __init__(self) -> None:
        self._queue: list[TouchEvent] = []

    def push(self, event: TouchEvent) -> None:
        """Queue one event for the next poll."""
        self._queue.append(event)

    def down(self, touch: int, x: float, y: float, t: float, user: int | None = None) -> None:
        self.push(TouchEvent(touch, TouchPhase.DOWN, x, y, t, user))

    def move(self, touch: int, x: float, y: float, t: float, user: int | None = None) -> None:
        self.push(TouchEvent(touch, TouchPhase.MOVE, x, y, t, user))

    def up(self, touch: int, x: float, y: float, t: float, user: int | None = None) -> None:
        self.push(TouchEvent(touch, TouchPhase.UP, x, y, t, user))

    def poll(self) -> list[TouchEvent]:
        events, self._queue = self._queue, []
        return events


class MouseSource:
    """The mouse as touches: the left button is one finger (for desktops and trying things out).

    The window calls `press`, `drag` and `release` with pixel positions; events come out
    normalised to the window size.
    """

    FINGER = 0

    def __init__(self, size: Callable[[], tuple[int, int]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._size = size
        self._clock = clock
        self._queue: list[TouchEvent] = []
        self._down = False

    def _event(self, phase: TouchPhase, x: float, y: float) -> None:
        width, height = self._size()
        self._queue.append(TouchEvent(self.FINGER, phase, x / width, y / height, self._clock()))

    def press(self, x: float, y: float) -> None:
        """Left button pressed at pixel (x, y)."""
        if self._down:  # a lost release: end the old touch first
            self._event(TouchPhase.UP, x, y)
        self._down = True
        self._event(TouchPhase.DOWN, x, y)

    def drag(self, x: float, y: float) -> None:
        """The pointer moved with the left button held."""
        if self._down:
            self._event(TouchPhase.MOVE, x, y)

    def release(self, x: float, y: float) -> None:
        """Left button released."""
        if self._down:
            self._down = False
            self._event(TouchPhase.UP, x, y)

    def poll(self) -> list[TouchEvent]:
        events, self._queue = self._queue, []
        return events


class TouchMux:
    """Polls every source; renumbers touches so ids never collide between sources."""

    def __init__(self, sources: Sequence[TouchSource]) -> None:
        self.sources = list(sources)
        self._ids: dict[tuple[int, int], int] = {}
        self._next = 1

    def poll(self) -> list[TouchEvent]:
        """Every source's events, each with a globally unique id, sorted by time."""
        out = []
        for number, source in enumerate(self.sources):
            for event in source.poll():
                key = (number, event.id)
                if event.phase is TouchPhase.DOWN or key not in self._ids:
                    self._ids[key] = self._next
                    self._next += 1
                global_id = self._ids[key]
                if event.phase is TouchPhase.UP:
                    del self._ids[key]
                out.append(TouchEvent(global_id, event.phase, event.x, event.y, event.t,
                                      event.user))
        out.sort(key=lambda e: e.t)
        return out
