"""Starting the table app: play for real, or show every touch (`touch-test`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.input.setup import InputSettings, build_sources, wants_mouse
from seigneurs.input.sources import TouchSource

if TYPE_CHECKING:  # the window (and Arcade) load only when a command opens one
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.kiosk.fleet.running import Fleet
    from seigneurs.ui.window import SeigneursWindow


def play(size: tuple[int, int] | None, variant_name: str | None, players: int | None,
         bots: int, level: str | None, inputs: InputSettings | None = None,
         settings: TableSettings | None = None,
         first_frame: Callable[[], None] | None = None, soak: int = 0) -> int:
    """Open the table (full screen unless `size`), run until closed; returns the exit code.
    `first_frame`: draw one frame, call it and leave (how `seigneurs bench --startup` times a
    start without the product knowing the bench). `soak`: bots' games one after another,
    `soak` times faster (`seigneurs soak`)."""
    import gc

    if soak:
        from seigneurs.kiosk.config import TableSettings

        settings = replace(settings or TableSettings(), idle_timeout=1e9, attract_after=1e9)

    # Starting makes objects that live as long as the process (the modules, the media, the
    # window), so collecting while they pile up only scans them again and again (one full
    # collection took 20-70 ms, before the first frame): none until the lobby stands.
    gc.disable()
    try:
        import arcade

        from seigneurs.ui.window import SeigneursWindow

        gc.freeze()  # the modules, never scanned again: a full collection takes 1 ms, not 19
        inputs = inputs or InputSettings()
        width, height = size or (1920, 1080)
        window = SeigneursWindow(width, height, fullscreen=size is None,
                                 mouse=wants_mouse(inputs),
                                 mouse_during_touch=inputs.mouse_during_touch, settings=settings)
        # the palm limit is a share of the display's width: the window's own aspect, not 16:9
        _open_sources_behind_the_lobby(window, replace(inputs, screen=(window.width,
                                                                       window.height)))
        _stop_on_signals(window)
        soaking: list[BotLevel | None] | None = None
        if variant_name is not None and players is not None:  # the command line chose seats
            robot = BOT_LEVELS[level or window.settings.bot_level]
            plans: list[BotLevel | None] = [None] * (players - bots) + [robot] * bots
            if soak:
                soaking = plans
            else:
                window.nav.deal(variant_name, plans)
    finally:
        gc.enable()
    if first_frame is not None:
        window.step()
        window.ctx.finish()
        first_frame()
        window.close()
        return 0
    fleet = _start_fleet(window)
    try:
        if soaking is not None and variant_name is not None:
            return _keep_dealing(window, variant_name, soaking, soak)
        if window.headless:
            _run_headless(window)
        else:
            arcade.run()
        return window.exit_code
    finally:
        fleet.stop()


def _start_fleet(window: SeigneursWindow) -> Fleet:
    """The fleet's parts (`kiosk/fleet`) the settings ask for (none without `[fleet]`): the
    frame time goes to the metrics through pyglet's clock, once a frame."""
    import pyglet

    from seigneurs.input.report import source_report
    from seigneurs.kiosk.fleet.running import start

    fleet = start(window.settings,
                  lambda: [source_report(s) for s in window.touch_input.sources])
    if fleet.frame is not None:
        pyglet.clock.schedule(fleet.frame)
    window.notices[:0] = fleet.notices()  # first: the admin menu shows four notices
    return fleet


def _stop_on_signals(window: SeigneursWindow) -> None:
    """systemd's stop (SIGTERM), Ctrl+C (SIGINT) and a closed terminal (SIGHUP): the window
    closes at its next frame, as the adults' exit does, so the history is closed whole and the
    log says where every finished game is (before the window stands, `cli.play.log_signals`
    ends the start the same way, in one line)."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        window.stop_asked = signum

    for caught in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(caught, stop)


def _run_headless(window: SeigneursWindow) -> None:
    """The event loop of a window with no screen (`ARCADE_HEADLESS=1`), the windowed one's
    twin: pyglet's clock runs what the window scheduled (its frame, 60 a second: the window's
    own update, then the draw; the opening of the touch sources) until it closes. Arcade's own
    headless loop instead calls only the view's update, never the window's, so no touch was
    polled and neither the keeper nor the game ever moved."""
    import time

    import pyglet

    pyglet.window.Window._enable_event_queue = False  # events handled as sent, as pyglet's loop
    while window.context:
        pyglet.clock.tick()
        time.sleep(pyglet.clock.get_sleep_time(True) or 0.0)


def _keep_dealing(window: SeigneursWindow, variant_name: str,
                  plans: Sequence[BotLevel | None], speed: int) -> int:
    """The kill soak's table, until killed: resume an interrupted game as a child would with
    the golden arrow, else deal; deal again as each game's results are done. Each 60th of a
    second runs `speed` frames of the table and draws the last (its own loop, for the speed)."""
    import time

    from seigneurs.ui.results_view import ResultsView

    if not window.nav.resume():
        window.nav.deal(variant_name, plans)
    due = time.monotonic()
    while window.context:
        for frame in range(speed):
            if window.context:
                window.step(draw=frame == speed - 1)
        if not window.context:
            break
        scene = window.scene
        if isinstance(scene, ResultsView) and scene.done:
            window.nav.deal(variant_name, plans)
        due += 1 / 60
        time.sleep(max(0.0, due - time.monotonic()))
    return window.exit_code


SOURCES_AFTER = 0.25
"""Seconds after the window opens (the lobby is up) that the touch panels start opening."""


class _SourcesOpening:
    """Touch sources opened in a thread once the lobby stands; handed to the window once."""

    def __init__(self, window: SeigneursWindow, inputs: InputSettings) -> None:
        self.window = window
        self.inputs = inputs
        self.future: Future[tuple[list[TouchSource], list[str]]] | None = None
        self.attached = False

    def start(self, _dt: float = 0.0) -> None:
        if self.future is None:
            pool = ThreadPoolExecutor(1, thread_name_prefix="touch-sources")
            self.future = pool.submit(build_sources, self.inputs)
            pool.shutdown(wait=False)

    def poll(self, _dt: float = 0.0) -> None:
        if self.future is not None and self.future.done():
            self.finish()

    def finish(self) -> None:
        """Open the sources now if they are not open yet, and attach them (once)."""
        import pyglet

        if not self.attached:
            self.start()
            assert self.future is not None
            self.attached = True
            pyglet.clock.unschedule(self.poll)
            self.window.attach(*self.future.result())


def _open_sources_behind_the_lobby(window: SeigneursWindow, inputs: InputSettings) -> None:
    """Open the touch panels and the TUIO socket in a thread once the lobby is up (finding the
    panels loads the evdev library: tens of milliseconds that the first frame need not wait
    for), and read them from the frame after; the mouse works from the first frame. Media
    finishes this before a game is dealt, so no deal misses a source."""
    import pyglet

    opening = _SourcesOpening(window, inputs)
    pyglet.clock.schedule_once(opening.start, SOURCES_AFTER)
    pyglet.clock.schedule_interval(opening.poll, 1 / 60)
    window.media.later(opening.finish)


def touch_test(size: tuple[int, int] | None, inputs: InputSettings,
               sources: Sequence[TouchSource], headless: bool, duration: float,
               settings: TableSettings | None = None) -> dict[str, object]:
    """Show every touch (or, headless, record them for `duration` seconds) and report them,
    with what each source received and dropped."""
    import time

    from seigneurs.input.report import source_report

    if headless:  # before Arcade loads: it picks its context at import
        os.environ.setdefault("ARCADE_HEADLESS", "1")
    import arcade

    from seigneurs.ui.touch_test_view import TouchTestView
    from seigneurs.ui.window import SeigneursWindow

    width, height = size or (1920, 1080)
    window = SeigneursWindow(width, height, fullscreen=size is None and not headless,
                             visible=not headless, sources=sources,
                             mouse=wants_mouse(inputs) and not headless,
                             mouse_during_touch=inputs.mouse_during_touch, settings=settings)
    window.nav.show_touch_test()
    view = window.scene
    assert isinstance(view, TouchTestView)
    try:
        if headless:
            end = time.monotonic() + duration
            while time.monotonic() < end:
                window.step(draw=False)
                time.sleep(1 / 120)
        else:
            arcade.run()
    finally:
        window.close()
    view.log.finish()
    return {**view.log.to_json(), "sources": [source_report(s) for s in sources]}
