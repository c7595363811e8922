"""Drives the real table app headless through scripted touches, like fingers would."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

from seigneurs.ui.scripted import ScriptedTable

SHOTS = Path(__file__).resolve().parent.parent / "out" / "screenshots"


class Driver(ScriptedTable):
    """The scripted table, plus screenshots for review under out/screenshots/."""

    def shot(self, name: str) -> Path:
        """Draw the current frame and save it for review under out/screenshots/."""
        self.window.step(dt=0.0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.window.snapshot().save(path)
        return path
