"""Drives the real table app headless through scripted touches, like fingers would."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

from seigneurs.kiosk.config import TableSettings
from seigneurs.table.events import Event
from seigneurs.tools.scripted import ScriptedTable

SHOTS = Path(__file__).resolve().parent.parent / "out" / "screenshots"
PATIENT = TableSettings(idle_timeout=3600, attract_after=3600, volume=0.0)
"""A quiet table that never leaves a screen by itself while a test looks at it."""


class Driver(ScriptedTable):
    """The scripted table, plus screenshots for review under out/screenshots/, `log`: every
    event the game on the table showed, oldest first, and `heard`: every sound it asked for,
    newest last (the table itself keeps neither)."""

    log: list[Event]
    _logged: object = None  # the session `log` is of (a subclass may skip our __init__)
    heard: list[str]

    def __init__(self, width: int = 1280, height: int = 720, seed: int = 7,
                 settings: TableSettings | None = None) -> None:
        super().__init__(width, height, seed, settings)
        self.heard = []
        play = self.window.media.play

        def playing(name: str, pitch: float = 1.0) -> None:
            play(name, pitch)
            self.heard.append(name)
        self.window.media.play = playing  # the test's own seam: the table keeps no record

    def frames(self, count: int = 1, draw: bool = False) -> None:
        for _ in range(count):
            self._keep_log()
            super().frames(1, draw)

    def _keep_log(self) -> None:
        """Record what the view drains from a new game's session, from its first frame."""
        session = getattr(self.scene, "session", None)
        if session is None or session is self._logged:
            return
        self._logged, self.log = session, []
        drain = session.drain

        def recording() -> list[Event]:
            happened: list[Event] = drain()
            self.log.extend(happened)
            return happened
        session.drain = recording

    def shot(self, name: str) -> Path:
        """Draw the current frame and save it for review under out/screenshots/."""
        self.window.step(dt=0.0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.window.snapshot().save(path)
        return path
