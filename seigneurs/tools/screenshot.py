"""`seigneurs screenshot`: a view rendered headless to a PNG, for review and the README."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.tools.scenarios import SCENARIOS
from seigneurs.ui.seat import seat_plans

if TYPE_CHECKING:  # Arcade loads only once ARCADE_HEADLESS is set
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.ui.window import SeigneursWindow

VIEWS = ("lobby", "table", "duo", "results", "admin")
"""The views it renders (the command line lists them without loading Arcade, which must see
ARCADE_HEADLESS before its first import)."""

def screenshot(view: str, out: Path, variant_name: str, players: int, seed: int,
               size: tuple[int, int] = (1920, 1080), settings: TableSettings | None = None,
               scenario: str | None = None,
               before: Callable[[SeigneursWindow], None] | None = None) -> Path:
    """Render `view` headless to a PNG: the table is mid-game with bots, results at the end
    of a bot game or of a `scenario` (a finished game played through the engine). `before`
    may change the scene just before its frame is drawn (a test's deliberate fault)."""
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
        elif view == "admin":
            enter_admin(window)
        else:
            name = "duo" if view == "duo" else variant_name
            count = 2 if name == "duo" else players
            window.nav.deal(name, [BOT_LEVELS["adult"]] * count, seed)
        frames = {"lobby": 1, "table": 60 * 8, "duo": 60 * 9, "results": 0, "admin": 0}[view]
        for _ in range(frames):
            window.step(draw=False)
        if view == "results":
            finish_results(window)
        if before is not None:
            before(window)
        window.step()
        out.parent.mkdir(parents=True, exist_ok=True)
        window.snapshot().save(out)
    finally:
        window.close()
    return out


def enter_admin(window: SeigneursWindow) -> None:
    """The admin menu, reached as an adult does: the PIN typed on the PIN view."""
    from seigneurs.ui.admin_view import AdminMenu, PinView

    window.nav.show_pin()
    pin = window.scene
    assert isinstance(pin, PinView)
    for key in [*window.settings.admin_pin, "OK"]:
        pin.press(key)
    assert isinstance(window.scene, AdminMenu)


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
