"""Starting the table app: play for real, or render views headless for review and the README."""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.scenarios import SCENARIOS
from seigneurs.input.report import source_report
from seigneurs.input.setup import InputSettings, build_sources, wants_mouse
from seigneurs.input.sources import TouchSource
from seigneurs.ui.seat import seat_plans

if TYPE_CHECKING:  # the window (and Arcade) load only when a command opens one
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.ui.window import SeigneursWindow


def play(size: tuple[int, int] | None, variant_name: str | None, players: int | None,
         bots: int, level: str | None, inputs: InputSettings | None = None,
         settings: TableSettings | None = None, first_frame: bool = False) -> int:
    """Open the table (full screen unless `size`), run until closed; returns the exit code.
    `first_frame`: draw one frame, say so on stdout and leave (`seigneurs bench --startup`)."""
    import arcade

    from seigneurs.ui.window import SeigneursWindow

    inputs = inputs or InputSettings()
    width, height = size or (1920, 1080)
    window = SeigneursWindow(width, height, fullscreen=size is None, mouse=wants_mouse(inputs),
                             mouse_during_touch=inputs.mouse_during_touch, settings=settings)
    _open_sources_behind_the_lobby(window, inputs)
    if variant_name is not None and players is not None:  # the command line chose the seats
        robot = BOT_LEVELS[level or window.settings.bot_level]
        plans: list[BotLevel | None] = [None] * (players - bots) + [robot] * bots
        window.nav.deal(variant_name, plans)
    if first_frame:
        from seigneurs.ui.startup import report_first_frame

        window.step()
        window.ctx.finish()
        report_first_frame()
        window.close()
        return 0
    arcade.run()
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


def screenshot(view: str, out: Path, variant_name: str, players: int, seed: int,
               size: tuple[int, int] = (1920, 1080), settings: TableSettings | None = None,
               scenario: str | None = None) -> Path:
    """Render `view` headless to a PNG: the table is mid-game with bots, results at the end
    of a bot game or of a `scenario` (a finished game played through the engine)."""
    if scenario is not None and view != "results":
        raise ValueError(f"--scenario shows results, not the {view} view")
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from seigneurs.ui.window import SeigneursWindow

    window = SeigneursWindow(*size, visible=False, settings=settings, seed=seed)
    try:
        if scenario is not None:
            game = SCENARIOS[scenario](seed)
            window.nav.show_results(game, seat_plans(window.layout, game.variant.name,
                                                     game.seat_count, [None] * game.seat_count))
        elif view == "lobby":
            window.nav.show_lobby(variant_name)
        else:
            name = "duo" if view == "duo" else variant_name
            count = 2 if name == "duo" else players
            window.nav.deal(name, [BOT_LEVELS["adult"]] * count, seed)
        frames = {"lobby": 1, "table": 60 * 8, "duo": 60 * 9, "results": 0}[view]
        for _ in range(frames):
            window.step(draw=False)
        if view == "results":
            finish_results(window)
        window.step()
        out.parent.mkdir(parents=True, exist_ok=True)
        window.snapshot().save(out)
    finally:
        window.close()
    return out


def finish_results(window: SeigneursWindow, after: float = 1.0) -> None:
    """Run frames until the results view has crowned the winners, then `after` seconds of
    the celebration (confetti in the air)."""
    from seigneurs.ui.results_view import ResultsView

    for _ in range(60 * 600):
        window.step(draw=False)
        if isinstance(window.scene, ResultsView) and window.scene.done:
            break
    for _ in range(int(after * 60)):
        window.step(draw=False)


def touch_test(size: tuple[int, int] | None, inputs: InputSettings,
               sources: Sequence[TouchSource], headless: bool, duration: float,
               settings: TableSettings | None = None) -> dict[str, object]:
    """Show every touch (or, headless, record them for `duration` seconds) and report them,
    with what each source received and dropped."""
    import time

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
