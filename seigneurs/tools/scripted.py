"""A headless table played by scripted fingers: the tests' driver and `record-game` both.

Touches go in through the real path (a ScriptedSource polled by the window, routed to the view
like any panel's), and time moves only when `frames` steps it: 1/60 s a frame, no clock read.
"""

from __future__ import annotations

import itertools

from seigneurs.input.sources import ScriptedSource
from seigneurs.kiosk.config import TableSettings
from seigneurs.ui.base import BaseView
from seigneurs.ui.window import SeigneursWindow


class ScriptedTable:
    """A headless window plus a scripted touch source, and finger-like helpers."""

    def __init__(self, width: int = 1280, height: int = 720, seed: int = 7,
                 settings: TableSettings | None = None) -> None:
        self.source = ScriptedSource()
        self.window = SeigneursWindow(width, height, visible=False, sources=[self.source],
                                      settings=settings, seed=seed)
        self.t = 0.0
        self.ids = itertools.count(1)

    @property
    def scene(self) -> BaseView:
        return self.window.scene

    def frames(self, count: int = 1, draw: bool = False) -> None:
        for _ in range(count):
            self.t += 1 / 60
            self.window.step(draw=draw)

    def _norm(self, x: float, y: float) -> tuple[float, float]:
        return x / self.window.width, y / self.window.height

    def down(self, x: float, y: float, user: int | None = None) -> int:
        touch = next(self.ids)
        self.source.down(touch, *self._norm(x, y), self.t, user)
        return touch

    def move(self, touch: int, x: float, y: float, user: int | None = None) -> None:
        self.source.move(touch, *self._norm(x, y), self.t, user)

    def up(self, touch: int, x: float, y: float, user: int | None = None) -> None:
        self.source.up(touch, *self._norm(x, y), self.t, user)

    def tap(self, x: float, y: float, user: int | None = None) -> None:
        """Down, a frame, up, a frame: a quick finger."""
        touch = self.down(x, y, user)
        self.frames()
        self.up(touch, x, y, user)
        self.frames()

    def drag(self, start: tuple[float, float], end: tuple[float, float],
             user: int | None = None, steps: int = 4) -> None:
        """Touch down at `start`, move in a few frames to `end`, rest there as a hand placing a
        card does (a card let go while moving fast was thrown, not placed), lift."""
        touch = self.down(*start, user)
        self.frames()
        for k in range(1, steps + 1):
            f = k / steps
            self.move(touch, start[0] + (end[0] - start[0]) * f,
                      start[1] + (end[1] - start[1]) * f, user)
            self.frames()
        self.frames(8)
        self.up(touch, *end, user)
        self.frames()

    def close(self) -> None:
        self.window.close()
