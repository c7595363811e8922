"""The kiosk's keeping, apart from any window: the adults' corner gesture, idleness and the
attract demo, the journal and history of games, and the systemd watchdog.

No arcade here: the window tells the keeper each frame what it saw and which screen is up, on
the frame clock it keeps itself (so a test steps time instead of sleeping), and the keeper
answers with at most one `Step` for the window to take.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from seigneurs.game.factory import AnyGame
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.kiosk.history import History, record_of
from seigneurs.kiosk.journal import Journal
from seigneurs.kiosk.notify import Notifier

log = logging.getLogger(__name__)

CORNER = 0.08
"""How near a corner the admin gesture is held, as a fraction of the screen's shorter side."""
ADMIN_HOLD = 3.0
"""Seconds both opposite corners must be held before the PIN pad opens."""
DEMO_RUNS_FOR = 4
"""A demo game goes on for this many idle timeouts, then the lobby deals a fresh one."""


class Screen(StrEnum):
    """What the window shows, as far as keeping the kiosk is concerned."""

    LOBBY = "lobby"
    GAME = "game"  # a game people play, or its results
    DEMO = "demo"  # the bots' attract game
    ADMIN = "admin"  # the PIN pad and the adults' menus


class Step(StrEnum):
    """What the keeper asks of the window this frame."""

    LOBBY = "lobby"  # back to the lobby (idle, or a touch ended the demo)
    DEMO = "demo"  # start the attract demo
    ADMIN = "admin"  # open the PIN pad


@dataclass(slots=True)
class CornerGesture:
    """Two opposite corners held together for `hold` seconds: an adult asks for the menu.

    A child's palms rarely rest on two opposite corners at once, and never for three seconds
    while playing, so the gesture needs no button a child could find.
    """

    width: float
    height: float
    reach: float = CORNER
    hold: float = ADMIN_HOLD
    _corners: dict[int, int] = field(default_factory=dict)  # touch id -> corner index
    _since: float | None = None

    def feed(self, events: Iterable[TouchEvent], now: float) -> bool:
        """Follow the frame's touches; True once, on the frame the hold completes."""
        near = self.reach * min(self.width, self.height)
        for event in events:
            if event.phase is TouchPhase.UP:
                self._corners.pop(event.id, None)
            elif event.phase is TouchPhase.DOWN:
                corner = self._corner_at(event.x * self.width, event.y * self.height, near)
                if corner is not None:
                    self._corners[event.id] = corner
        held = set(self._corners.values())
        if not ({0, 2} <= held or {1, 3} <= held):
            self._since = None
            return False
        if self._since is None:
            self._since = now
        if now - self._since < self.hold:
            return False
        self._corners.clear()
        self._since = None
        return True

    def _corner_at(self, x: float, y: float, near: float) -> int | None:
        """Which corner (counter-clockwise from bottom-left) a point is near, if any."""
        for index, (cx, cy) in enumerate(((0, 0), (1, 0), (1, 1), (0, 1))):
            if abs(x - cx * self.width) < near and abs(y - cy * self.height) < near:
                return index
        return None


@dataclass(slots=True)
class IdleWatch:
    """Nobody touched for a while: leave whatever is up for the lobby, then show a demo."""

    idle_timeout: float
    attract_after: float
    last_touch: float = 0.0

    def touched(self, now: float) -> None:
        self.last_touch = now

    def step(self, now: float, screen: Screen) -> Step | None:
        idle = now - self.last_touch
        if screen is Screen.LOBBY:
            return Step.DEMO if idle >= self.attract_after else None
        limit = self.idle_timeout * (DEMO_RUNS_FOR if screen is Screen.DEMO else 1)
        return Step.LOBBY if idle >= limit else None


class GameRecords:
    """The game in progress in the journal, finished games in the history; demos in neither.

    With no folder (tests, the benchmark) nothing is kept.
    """

    def __init__(self, folder: Path | None) -> None:
        self.history = History(folder / "history.sqlite3") if folder else None
        self.journal = Journal(folder) if folder else None

    def started(self, game: AnyGame, table: dict[str, Any], demo: bool) -> None:
        """A game was dealt (or resumed): journal every action from now on."""
        if self.journal is not None and not demo:
            self.journal.start(game, table)

    def finished(self, game: AnyGame, bots: Sequence[str | None], demo: bool) -> None:
        """A game ended: into the history first, then the journal is forgotten."""
        if demo:
            return
        if self.history is not None:
            self.history.add(record_of(game, bots))
        if self.journal is not None:
            self.journal.finish()

    def abandoned(self) -> None:
        """Walked away from, not crashed: nothing to resume."""
        if self.journal is not None:
            self.journal.finish()

    def suspended(self) -> None:
        """The adults took over: keep the journal for resuming, stop writing to it."""
        if self.journal is not None:
            self.journal.close()

    def resumable(self) -> bool:
        return self.journal is not None and self.journal.path.exists()

    def pending(self) -> tuple[AnyGame, dict[str, Any]] | None:
        """The game a crash interrupted, replayed to where it was, with its table extras."""
        return self.journal.pending() if self.journal is not None else None

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
        if self.history is not None:
            self.history.close()
            self.history = None


class Keeper:
    """Everything the kiosk watches over while the window draws."""

    def __init__(self, size: tuple[float, float], idle_timeout: float, attract_after: float,
                 data_dir: Path | None, notifier: Notifier | None = None) -> None:
        self.gesture = CornerGesture(*size)
        self.idle = IdleWatch(idle_timeout, attract_after)
        self.records = GameRecords(data_dir)
        self.notifier = notifier or Notifier()

    def started(self) -> None:
        """The first view stands: tell systemd we are up."""
        self.notifier.ready()

    def shown(self, now: float) -> None:
        """A new screen is up: its idle time starts now."""
        self.idle.touched(now)

    def frame(self, events: Sequence[TouchEvent], now: float, screen: Screen) -> Step | None:
        """One frame's watch: the step to take, if any. Feeds the watchdog."""
        self.notifier.alive(now)
        if events:
            self.idle.touched(now)
        if self.gesture.feed(events, now) and screen is not Screen.ADMIN:
            self.records.suspended()
            return Step.ADMIN
        if screen is Screen.DEMO and any(e.phase is TouchPhase.DOWN for e in events):
            return Step.LOBBY  # any touch ends the demo
        step = self.idle.step(now, screen)
        if step is Step.LOBBY and screen is not Screen.DEMO:
            log.info("no touch for %.0f s: back to the lobby", now - self.idle.last_touch)
            self.records.abandoned()
        return step
