"""The one arcade Window: polls every touch source each frame and feeds the current view.

It is also the kiosk's keeper: locked mode (no key leaves), the adults' corner gesture, the
idle return to the lobby and the attract demo, the match history and the journal of the game
in progress, and the systemd watchdog.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import arcade
import pyglet
from PIL import Image

from seigneurs.game import DuoGame, PutBack, RaceGame
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.config import GameConfig
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.sources import MouseSource, TouchMux, TouchSource
from seigneurs.kiosk.config import TableSettings
from seigneurs.kiosk.history import History, record_of
from seigneurs.kiosk.journal import Journal
from seigneurs.kiosk.notify import Notifier
from seigneurs.rules import WagonType, variant
from seigneurs.table.layout import Place, Rect, TableLayout
from seigneurs.ui.base import BaseView
from seigneurs.ui.media import Media
from seigneurs.ui.seat import SeatPlan

log = logging.getLogger(__name__)
FELT = (31, 94, 59, 255)
GLYPHS = "0123456789+-x/"
ATLAS = (2048, 2048)
"""Room for the deck, icons and variant pictures at 1080p card size, with space to spare."""
CORNER = 0.08  # fraction of the shorter side: how near a corner the admin gesture is held
ADMIN_HOLD = 3.0  # seconds both corners must be held


class SeigneursWindow(arcade.Window):
    """The table: one window, one view at a time, every finger routed each frame."""

    def __init__(self, width: int = 1920, height: int = 1080, *, fullscreen: bool = False,
                 visible: bool = True, sources: Sequence[TouchSource] = (),
                 settings: TableSettings | None = None, seed: int | None = None,
                 mouse: bool = True, mouse_during_touch: bool = False) -> None:
        super().__init__(width, height, "Seigneurs", fullscreen=fullscreen, visible=visible,
                         update_rate=1 / 60, draw_rate=1 / 60)
        self.settings = settings or TableSettings()
        arcade.set_background_color(FELT)
        self.ctx.atlas_size = ATLAS  # made at this size when first used: never resized mid-game
        self.layout = TableLayout.build(self.width, self.height, self.settings.diagonal_inches,
                                        self.settings.layout)
        self.media = Media(self.settings.resolution, self.settings.colour_marks,
                           self.settings.volume)
        self.user_seats = dict(self.settings.user_seats)
        self.pointer = MouseSource(lambda: (self.width, self.height))
        self.touch_input = TouchMux([], self.pointer if mouse else None, mouse_during_touch)
        self.seed = seed
        self.notices = list(self.settings.notices)
        self.attach(sources)
        self.clock = 0.0
        self.last_touch = 0.0
        self.exit_code = 0
        self.demo = False
        self._corners: dict[int, int] = {}  # touch -> corner index, for the admin gesture
        self._corners_since: float | None = None
        folder = self.settings.data_dir
        self.history = History(folder / "history.sqlite3") if folder else None
        self.journal = Journal(folder) if folder else None
        self.notifier = Notifier()
        if self.settings.locked:
            self.set_mouse_visible(False)
        self._warm_glyphs()
        self.show_lobby()
        self.notifier.ready()

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
        self.notices += [*problems,
                         *(error for source in sources if (error := _source_error(source)))]

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

        self.demo = False
        self.last_touch = self.clock
        self.show_view(LobbyView(self, self.settings.default_variant))

    def show_touch_test(self) -> None:
        from seigneurs.ui.touch_test_view import TouchTestView

        self.show_view(TouchTestView(self))

    def next_seed(self) -> int:
        """The seed of the next deal: counting up from a fixed seed (tests), else random."""
        if self.seed is None:
            return random.randrange(2**31)
        self.seed += 1
        return self.seed - 1

    def start_game(self, config: GameConfig, seats: Sequence[SeatPlan],
                   removed: WagonType | None = None, demo: bool = False,
                   game: RaceGame | DuoGame | None = None) -> None:
        """Deal and show a game of `config` with these seats (Duo: `removed` locomotive, D6);
        or go on with a `game` replayed from the journal."""
        from seigneurs.ui.duo_view import DuoView
        from seigneurs.ui.race_view import RaceView

        self.demo = demo
        self.last_touch = self.clock
        view: DuoView | RaceView
        if config.spec.duo:
            view = DuoView(self, config, seats, removed, game=game
                           if isinstance(game, DuoGame) else None)
        else:
            view = RaceView(self, config, seats, game=game if isinstance(game, RaceGame)
                            else None)
        if self.journal is not None and not demo:
            self.journal.start(view.game, {"seats": [_seat_json(s) for s in seats]})
        self.show_view(view)

    def start_demo(self) -> None:
        """The attract mode: bots play while nobody touches the table."""
        level = BOT_LEVELS[self.settings.bot_level]
        spec = variant(self.settings.default_variant)
        players = 2 if spec.duo else 4
        from seigneurs.ui.run import seat_plans

        config = GameConfig.for_players(spec.name, players, self.next_seed())
        self.start_game(config, seat_plans(self, spec.name, players, [level] * players),
                        demo=True)

    def resumable(self) -> bool:
        """Whether a game interrupted by a crash waits in the journal."""
        return self.journal is not None and self.journal.path.exists()

    def resume(self) -> bool:
        """Go on with the interrupted game: replay its log, put held cards back, show it."""
        if self.journal is None:
            return False
        pending = self.journal.pending()
        if pending is None:
            return False
        game, extra = pending
        if isinstance(game, RaceGame):
            for seat, card in enumerate(game.hands):
                if card >= 0:
                    x, y = game.positions[card]
                    game.apply(PutBack(seat, game.clock, x, y))
        seats = [_seat_from_json(s) for s in extra.get("seats", [])]
        if len(seats) != game.seat_count:
            log.warning("the interrupted game's seats are unknown; not resumed")
            self.journal.finish()
            return False
        self.start_game(game.config, seats, game=game)
        return True

    def show_results(self, game: RaceGame | DuoGame, seats: Sequence[SeatPlan]) -> None:
        """The check and the winners; a finished game goes into the history first."""
        from seigneurs.ui.results_view import ResultsView

        if not self.demo:
            if self.history is not None:
                record = record_of(game, [s.bot.name if s.bot else None for s in seats])
                self.history.add(record)
            if self.journal is not None:
                self.journal.finish()
        self.show_view(ResultsView(self, game, seats))

    def set_language(self, language: str) -> None:
        self.settings = replace(self.settings, language=language)

    def quit(self, code: int) -> None:
        """Leave with `code` (kiosk.sh: 0 stops, 75 restarts)."""
        self.exit_code = code
        if self.journal is not None:
            self.journal.close()
        self.close()

    # The frame.

    def on_update(self, delta_time: float) -> None:
        """Poll every source once, watch for the admin gesture and idleness, hand the
        frame's touches to the view, then advance it. (Views draw in their own `on_draw`.)"""
        self.clock += delta_time
        events = self.touch_input.poll()
        if events:
            self.last_touch = self.clock
        self._watch_corners(events)
        if self.demo and any(e.phase is TouchPhase.DOWN for e in events):
            self.show_lobby()  # any touch ends the demo
            return
        self._watch_idle()
        view = self.scene
        view.touches(events)
        view.tick(delta_time)
        self.notifier.alive()
        self.media.load_some()  # what the lobby did not need, a slice a frame

    def _watch_corners(self, events: Sequence[TouchEvent]) -> None:
        """Two opposite corners held together for 3 s open the PIN pad."""
        from seigneurs.ui.admin_view import ButtonView, PinView

        reach = CORNER * min(self.width, self.height)
        corners = ((0, 0), (1, 0), (1, 1), (0, 1))
        for event in events:
            if event.phase is TouchPhase.UP:
                self._corners.pop(event.id, None)
            elif event.phase is TouchPhase.DOWN:
                x, y = event.x * self.width, event.y * self.height
                for index, (cx, cy) in enumerate(corners):
                    if abs(x - cx * self.width) < reach and abs(y - cy * self.height) < reach:
                        self._corners[event.id] = index
        held = set(self._corners.values())
        if {0, 2} <= held or {1, 3} <= held:
            if self._corners_since is None:
                self._corners_since = self.clock
            elif self.clock - self._corners_since >= ADMIN_HOLD and not isinstance(
                    self.current_view, ButtonView):
                self._corners.clear()
                self._corners_since = None
                self.demo = False
                if self.journal is not None:
                    self.journal.close()
                self.show_view(PinView(self))
        else:
            self._corners_since = None

    def _watch_idle(self) -> None:
        from seigneurs.ui.lobby_view import LobbyView

        idle = self.clock - self.last_touch
        view = self.current_view
        if isinstance(view, LobbyView):
            if idle >= self.settings.attract_after:
                self.start_demo()
        elif self.demo:
            if idle >= self.settings.idle_timeout * 4:  # let demos run, then deal anew
                self.show_lobby()
        elif idle >= self.settings.idle_timeout:  # admin screens too: never left open
            log.info("no touch for %.0f s: back to the lobby", idle)
            if self.journal is not None:
                self.journal.finish()  # walked away from, not crashed: nothing to resume
            self.show_lobby()

    def step(self, dt: float = 1 / 60, draw: bool = True) -> None:
        """One frame by hand (tests, benchmarks, screenshots): update, then draw."""
        self.on_update(dt)
        if draw:
            self.scene.on_draw()

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
        if self.history is not None:
            self.history.close()
            self.history = None
        super().close()

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


def _seat_json(seat: SeatPlan) -> dict[str, Any]:
    zone = seat.place.zone
    return {"zone": [zone.x, zone.y, zone.w, zone.h], "angle": seat.place.angle,
            "colour": seat.colour, "bot": seat.bot.name if seat.bot else None}


def _seat_from_json(data: dict[str, Any]) -> SeatPlan:
    place = Place(Rect(*data["zone"]), float(data["angle"]))
    return SeatPlan(place, int(data["colour"]), BOT_LEVELS.get(data["bot"] or ""))
