"""The one arcade Window: polls every touch source each frame and feeds the current view.

It keeps the window: the frame, locked mode (no key leaves), the mouse as a touch. Which view is
up is the navigator's (`ui/navigator.py`); the gesture, idleness, demo, journal, history and
watchdog are the kiosk keeper's (`kiosk/keeper.py`), told each frame what happened.
"""

from __future__ import annotations

import logging
import signal
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

import arcade
import pyglet
from PIL import Image

from seigneurs.input.sources import MouseSource, TouchMux, TouchSource
from seigneurs.kiosk.card_size import SmallCards
from seigneurs.kiosk.config import TableSettings
from seigneurs.kiosk.i18n import Words
from seigneurs.kiosk.keeper import Keeper, Step
from seigneurs.table.layout import TableLayout
from seigneurs.ui.base import BaseView
from seigneurs.ui.gl_setup import close_window, open_window
from seigneurs.ui.media import Media
from seigneurs.ui.navigator import Navigator

log = logging.getLogger(__name__)
FELT = (31, 94, 59, 255)
GLYPHS = "0123456789+-x/"
ATLAS = (2048, 2048)
"""Room for the deck, icons and variant pictures at 1080p card size, with space to spare."""


class SeigneursWindow(arcade.Window):
    """The table: one window, one view at a time, every finger routed each frame."""

    def __init__(self, width: int = 1920, height: int = 1080, *, fullscreen: bool = False,
                 visible: bool = True, sources: Sequence[TouchSource] = (),
                 settings: TableSettings | None = None, seed: int | None = None,
                 mouse: bool = True, mouse_during_touch: bool = False) -> None:
        settings = settings or TableSettings()
        self.render_plan = open_window(self, settings, width, height, "Seigneurs",
                                       fullscreen=fullscreen, visible=visible,
                                       update_rate=1 / 60, draw_rate=1 / 60)
        self.settings = replace(settings, resolution=self.render_plan.resolution)
        arcade.set_background_color(FELT)
        self.ctx.atlas_size = ATLAS  # made at this size when first used: never resized mid-game
        self.layout = TableLayout.build(self.width, self.height, self.settings.diagonal_inches,
                                        self.settings.layout)
        self.media = Media(self.settings.resolution, self.settings.colour_marks,
                           self.settings.volume)
        self.user_seats = dict(self.settings.user_seats)
        self.pointer = MouseSource(lambda: (self.width, self.height))
        self.touch_input = TouchMux([], self.pointer if mouse else None, mouse_during_touch)
        self.notices = list(self.settings.notices)
        small = SmallCards.of(self.layout, self.settings.diagonal_inches)
        if small is not None:  # once, at start: an adult who never runs the doctor learns why
            log.warning("%s", small)
            self.notices.append(small)
        self.attach(sources)
        self.clock = 0.0
        self.exit_code = 0
        self.stop_asked: int | None = None  # a signal's number: leave cleanly at the next frame
        self.keeper = Keeper((self.width, self.height), self.settings.idle_timeout,
                             self.settings.attract_after, self.settings.data_dir)
        self.keeper.records.listen(self.notices.append)  # the history's and journal's troubles
        self.nav = Navigator(self, self.keeper, lambda: self.clock, seed)
        if self.settings.locked:
            self.set_mouse_visible(False)
        self._warm_glyphs()
        self.nav.show_lobby()
        self.keeper.started()

    def _warm_glyphs(self) -> None:
        """Render every glyph the game shows once, a few a frame while the lobby stands (Media
        finishes them before a game is dealt), so no texture is made mid-game."""
        for size in (10, 18, 28, 40, 56):
            for glyph in GLYPHS:
                self.media.later(partial(_warm_glyph, glyph, size))

    def attach(self, sources: Sequence[TouchSource], problems: Sequence[str] = ()) -> None:
        """Read these touch sources from the next frame on (run.play opens the panels while
        the lobby stands); what went wrong opening them (or any, such as a TUIO port already
        taken) goes to the admin menu."""
        self.touch_input.sources.extend(sources)
        errors = [error for source in sources if (error := _source_error(source))]
        self.notices += [Words("touch_problem", problem) for problem in [*problems, *errors]]

    def text_batch(self) -> pyglet.graphics.Batch:
        """A batch for a view's texts: all drawn in one call."""
        return pyglet.graphics.Batch()

    @property
    def scene(self) -> BaseView:
        """The view on show (always one of ours)."""
        current = self.current_view
        assert isinstance(current, BaseView)
        return current

    def set_language(self, language: str) -> None:
        self.settings = replace(self.settings, language=language)

    def quit(self, code: int) -> None:
        """Leave with `code` (kiosk.sh: 0 stops, 75 restarts)."""
        self.exit_code = code
        self.close()

    # The frame.

    def on_update(self, delta_time: float) -> None:
        """Poll every source once, let the keeper watch (the adults' gesture, idleness, the
        demo), hand the frame's touches to the view, then advance it. (Views draw in their own
        `on_draw`.)"""
        if self.stop_asked is not None:  # between frames, never inside a game's step
            name = signal.Signals(self.stop_asked).name
            log.warning("stopped by %s: the game in progress stays resumable", name)
            self.quit(128 + self.stop_asked)  # what a death by that signal gives
            self.stop_asked = None
            return
        self.clock += delta_time
        events = self.touch_input.poll()
        step = self.keeper.frame(events, self.clock, self.nav.screen)
        if step is Step.LOBBY:
            self.nav.show_lobby()  # idle, or any touch ends the demo (that touch acts on nothing)
            return
        if step is Step.DEMO:
            self.nav.start_demo()
        elif step is Step.ADMIN:
            self.nav.show_pin()
        view = self.scene
        view.touches(events)
        view.tick(delta_time)
        if self.clock > delta_time:  # the first frame shows the lobby as soon as it can
            self.media.load_some()  # what the lobby did not need, a slice a frame

    def step(self, dt: float = 1 / 60, draw: bool = True) -> None:
        """One frame by hand (tests, benchmarks, screenshots, the soak's table): update, draw,
        and end the frame as the event loop's flip would, short of swapping (a snapshot reads
        the frame just drawn)."""
        self.on_update(dt)
        if not self.context:  # it closed in that frame
            return
        if draw:
            self.scene.on_draw()
        self.end_frame()

    def end_frame(self) -> None:
        """Hand the frame to the driver and free the GL objects let go of during it (Arcade
        keeps them for the flip). A headless window's swap does nothing (an EGL pbuffer), so
        unflushed, the software renderer kept every frame's commands: about 3 MB a second of
        a Kids game, never given back."""
        self.ctx.flush()
        self.ctx.gc()

    def flip(self) -> None:
        """The event loop's end of a frame (headless too: `end_frame`), then the swap."""
        self.end_frame()
        super().flip()

    def snapshot(self) -> Image.Image:
        """What the window shows now."""
        return arcade.get_image(0, 0, self.width, self.height)

    # Keys and the close button: only an unlocked table can be left this way.

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.settings.locked:
            return  # locked: Escape, Alt+F4 and friends do nothing
        if symbol in (arcade.key.ESCAPE, arcade.key.Q) and (
                symbol == arcade.key.ESCAPE or modifiers & arcade.key.MOD_CTRL):
            self.quit(0)

    def on_close(self) -> None:
        """The window manager's close request: ignored when locked (only the admin exits)."""
        if self.settings.locked:
            log.info("close request ignored: the table is locked")
            return
        super().on_close()

    def close(self) -> None:
        if self.closed:  # pyglet closes a window again when it is collected
            return
        self.keeper.records.close()
        close_window(self)

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


def _warm_glyph(glyph: str, size: int) -> None:
    batch = pyglet.graphics.Batch()
    arcade.Text(glyph, 0, 0, font_size=size, bold=True, batch=batch)
    batch.draw()


def _source_error(source: TouchSource) -> str | None:
    """A device source's last error (an evdev panel we may not read, say), if any."""
    inner = getattr(source, "source", source)
    error = getattr(inner, "last_error", None)
    return error if isinstance(error, str) else None

