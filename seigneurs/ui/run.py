"""Starting the table app: play for real, or render views headless for review and the README."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.config import GameConfig
from seigneurs.game.scenarios import SCENARIOS
from seigneurs.input.setup import InputSettings, build_sources, wants_mouse
from seigneurs.rules import variant
from seigneurs.table.layout import duo_places
from seigneurs.ui.seat import SeatPlan
from seigneurs.ui.window import SeigneursWindow, TableSettings


def seat_plans(window: SeigneursWindow, variant_name: str, players: int,
               bots: Sequence[BotLevel | None]) -> list[SeatPlan]:
    """Seats for a game started without the lobby: places spread round the table."""
    if variant(variant_name).duo:
        places = duo_places(window.layout)
        return [SeatPlan(places[i], i * 3, bots[i]) for i in range(2)]
    order = window.layout.spread(players)
    return [SeatPlan(window.layout.places[i], i, bots[k]) for k, i in enumerate(order)]


def start(window: SeigneursWindow, variant_name: str, players: int, seed: int,
          bots: Sequence[BotLevel | None]) -> None:
    """Skip the lobby: deal `variant_name` for `players` seats straight away."""
    config = GameConfig.for_players(variant_name, players, seed)
    window.start_game(config, seat_plans(window, variant_name, players, bots))


def play(size: tuple[int, int] | None, variant_name: str | None, players: int | None,
         bots: int, level: str, inputs: InputSettings | None = None,
         settings: TableSettings | None = None) -> int:
    """Open the table (full screen unless `size`), run until closed; returns the exit code."""
    import arcade

    inputs = inputs or InputSettings()
    width, height = size or (1920, 1080)
    window = SeigneursWindow(width, height, fullscreen=size is None,
                             sources=build_sources(inputs), mouse=wants_mouse(inputs),
                             settings=settings)
    if variant_name is not None:
        count = players or min(6, variant(variant_name).max_players)
        plans: list[BotLevel | None] = [None] * (count - bots) + [BOT_LEVELS[level]] * bots
        start(window, variant_name, count, window.next_seed(), plans)
    arcade.run()
    return window.exit_code


def screenshot(view: str, out: Path, variant_name: str, players: int, seed: int,
               size: tuple[int, int] = (1920, 1080), settings: TableSettings | None = None,
               scenario: str | None = None) -> Path:
    """Render `view` headless to a PNG: the table is mid-game with bots, results at the end
    of a bot game or of a `scenario` (a finished game played through the engine)."""
    if scenario is not None and view != "results":
        raise ValueError(f"--scenario shows results, not the {view} view")
    window = SeigneursWindow(*size, visible=False, settings=settings, seed=seed)
    try:
        if scenario is not None:
            game = SCENARIOS[scenario](seed)
            window.show_results(game, seat_plans(window, game.variant.name, game.seat_count,
                                                 [None] * game.seat_count))
        elif view != "lobby":
            name = "duo" if view == "duo" else variant_name
            count = 2 if name == "duo" else players
            start(window, name, count, seed, [BOT_LEVELS["adult"]] * count)
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


def touch_test(size: tuple[int, int] | None, inputs: InputSettings, headless: bool,
               duration: float) -> dict[str, object]:
    """Show every touch (or, headless, record them for `duration` seconds) and report them."""
    import time

    import arcade

    from seigneurs.ui.touch_test_view import TouchTestView

    if headless:
        os.environ.setdefault("ARCADE_HEADLESS", "1")
    width, height = size or (1920, 1080)
    window = SeigneursWindow(width, height, fullscreen=size is None and not headless,
                             visible=not headless, sources=build_sources(inputs),
                             mouse=wants_mouse(inputs) and not headless)
    view = TouchTestView(window)
    window.show_view(view)
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
    return view.log.to_json()
