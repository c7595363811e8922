"""The one arcade Window: polls every touch source each frame and feeds the current view."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import arcade
import pyglet
from PIL import Image

from seigneurs.game import DuoGame, RaceGame
from seigneurs.game.config import GameConfig
from seigneurs.input.sources import MouseSource, TouchMux, TouchSource
from seigneurs.rules import WagonType
from seigneurs.table.layout import TableLayout
from seigneurs.ui.base import BaseView
from seigneurs.ui.media import Media
from seigneurs.ui.seat import SeatPlan

log = logging.getLogger(__name__)
FELT = (31, 94, 59, 255)
GLYPHS = "0123456789+-x/"
ATLAS = (2048, 2048)
"""Room for the deck, icons and variant pictures at 1080p card size, with space to spare."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What the table app needs to know about the hardware and the room."""

    diagonal_inches: float = 55.0
    resolution: str = "1080p"
    marks: bool = True
    volume: float = 0.8
    user_seats: Mapping[int, int] = field(default_factory=dict)
    """A touch source's user id -> seat (TUIO 2 `tu_id`), where the table knows its users."""


class SeigneursWindow(arcade.Window):
    """The table: one window, one view at a time, every finger routed each frame."""

    def __init__(self, width: int = 1920, height: int = 1080, *, fullscreen: bool = False,
                 visible: bool = True, sources: Sequence[TouchSource] = (),
                 settings: TableSettings | None = None, seed: int | None = None,
                 mouse: bool = True) -> None:
        super().__init__(width, height, "Seigneurs", fullscreen=fullscreen, visible=visible,
                         update_rate=1 / 60, draw_rate=1 / 60)
        self.settings = settings or TableSettings()
        arcade.set_background_color(FELT)
        self.ctx.default_atlas.resize(ATLAS)  # sized once: no texture is made mid-game
        self.layout = TableLayout.build(self.width, self.height, self.settings.diagonal_inches)
        self.media = Media(self.settings.resolution, self.settings.marks, self.settings.volume)
        self.user_seats = dict(self.settings.user_seats)
        self.seed = seed
        self.pointer = MouseSource(lambda: (self.width, self.height))
        self.touch_input = TouchMux([self.pointer, *sources] if mouse else list(sources))
        self._warm_glyphs()
        self.show_lobby()

    def _warm_glyphs(self) -> None:
        """Render every glyph the game shows once now, so no texture is made mid-game."""
        batch = pyglet.graphics.Batch()
        for size in (10, 18, 28, 40, 56):
            arcade.Text(GLYPHS, 0, 0, font_size=size, bold=True, batch=batch)
        batch.draw()

    def text_batch(self) -> pyglet.graphics.Batch:
        """A batch for a view's texts: all drawn in one call."""
        return pyglet.graphics.Batch()

    @property
    def scene(self) -> BaseView:
        """The view on show (always one of ours)."""
        current = self.current_view
        assert isinstance(current, BaseView)
        return current

    # Views.

    def show_lobby(self) -> None:
        from seigneurs.ui.lobby_view import LobbyView

        self.show_view(LobbyView(self))

    def next_seed(self) -> int:
        """The seed of the next deal: counting up from a fixed seed (tests), else random."""
        if self.seed is None:
            return random.randrange(2**31)
        self.seed += 1
        return self.seed - 1

    def start_game(self, config: GameConfig, seats: Sequence[SeatPlan],
                   removed: WagonType | None = None) -> None:
        """Deal and show a game of `config` with these seats (Duo: `removed` locomotive, D6)."""
        from seigneurs.ui.duo_view import DuoView
        from seigneurs.ui.race_view import RaceView

        if config.spec.duo:
            self.show_view(DuoView(self, config, seats, removed))
        else:
            self.show_view(RaceView(self, config, seats))

    def show_results(self, game: RaceGame | DuoGame, seats: Sequence[SeatPlan]) -> None:
        from seigneurs.ui.results_view import ResultsView

        self.show_view(ResultsView(self, game, seats))

    # The frame.

    def on_update(self, delta_time: float) -> None:
        """Poll every source once, hand the frame's touches to the view, then advance it.

        (Views draw in their own `on_draw`, which arcade dispatches; the window draws nothing.)
        """
        view = self.scene
        view.touches(self.touch_input.poll())
        view.tick(delta_time)

    def step(self, dt: float = 1 / 60, draw: bool = True) -> None:
        """One frame by hand (tests, benchmarks, screenshots): update, then draw."""
        self.on_update(dt)
        if draw:
            self.scene.on_draw()

    def snapshot(self) -> Image.Image:
        """What the window shows now."""
        return arcade.get_image(0, 0, self.width, self.height)

    # The mouse as a touch.

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if button in (arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT):
            self.pointer.press(x, y, right=button == arcade.MOUSE_BUTTON_RIGHT)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> None:
        self.pointer.drag(x, y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if button == arcade.MOUSE_BUTTON_LEFT:
            self.pointer.release(x, y)
