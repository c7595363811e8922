"""The lamps before a game starts, timed by the controller's countdown (R14, R28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from seigneurs.table.controller import COUNTDOWN
from seigneurs.ui.base import fit

if TYPE_CHECKING:
    from seigneurs.ui.host import Host


class Countdown:
    """Three lamps that light one by one, then the whistle (R14, R28)."""

    def __init__(self, window: Host, overlay: arcade.SpriteList[arcade.Sprite],
                 centre: tuple[float, float], size: float, spacing: float) -> None:
        self.icons = window.media.icons
        self.overlay = overlay
        self.lamps = [fit(arcade.Sprite(self.icons["dark"]), size) for _ in range(3)]
        for k, lamp in enumerate(self.lamps):
            lamp.position = (centre[0] + (k - 1) * spacing, centre[1])
            overlay.append(lamp)

    def show(self, clock: float) -> bool:
        """Light the lamps due at `clock`; True (and the lamps gone) once it is time."""
        lit = int(clock / (COUNTDOWN / 3))
        for k, lamp in enumerate(self.lamps):
            lamp.texture = self.icons["light" if k < lit else "dark"]
        if clock < COUNTDOWN:
            return False
        self.hide()
        return True

    def hide(self) -> None:
        for lamp in self.lamps:
            if lamp in self.overlay:
                self.overlay.remove(lamp)
