"""The lamps before a game starts, timed by the controller's countdown (R14, R28)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.table.controller import COUNTDOWN
from seigneurs.ui.base import fit

if TYPE_CHECKING:
    from seigneurs.ui.host import Host


class Countdown:
    """Three lamps in each player's zone that light one by one, then the whistle (R14, R28);
    they lie where no card does."""

    def __init__(self, window: Host, overlay: arcade.SpriteList[arcade.Sprite],
                 rows: Sequence[Sequence[tuple[float, float]]], size: float) -> None:
        self.icons = window.media.icons
        self.overlay = overlay
        self.lamps: list[arcade.Sprite] = []
        self.order: list[int] = []  # each lamp's place in its row: lit one after the other
        for row in rows:
            for k, at in enumerate(row):
                lamp = fit(arcade.Sprite(self.icons["dark"]), size)
                lamp.position = at
                overlay.append(lamp)
                self.lamps.append(lamp)
                self.order.append(k)

    def show(self, clock: float) -> bool:
        """Light the lamps due at `clock`; True (and the lamps gone) once it is time."""
        lit = int(clock / (COUNTDOWN / 3))
        for k, lamp in zip(self.order, self.lamps, strict=True):
            lamp.texture = self.icons["light" if k < lit else "dark"]
        if clock < COUNTDOWN:
            return False
        self.hide()
        return True

    def hide(self) -> None:
        for lamp in self.lamps:
            if lamp in self.overlay:
                self.overlay.remove(lamp)
