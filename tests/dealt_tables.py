"""A race dealt straight away on a real window (places spread round the table, no lobby), started
by touches, and where its cards lie."""

from __future__ import annotations

from table_driver import Driver

from seigneurs.game import Phase
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.kiosk.config import TableSettings
from seigneurs.table.controller import COUNTDOWN
from seigneurs.ui.race_view import RaceView


def race(d: Driver, variant: str, bots: list[str | None], seed: int = 7,
         users: dict[int, int] | None = None) -> RaceView:
    """A race dealt straight away (places spread round the table), started by touches."""
    if users:
        d.close()
        d.__init__(settings=TableSettings(idle_timeout=3600, attract_after=3600, volume=0.0,
                                          user_seats=users))  # type: ignore[misc]
    d.window.nav.deal(variant, [b and BOT_LEVELS[b] for b in bots], seed)
    view = d.scene
    assert isinstance(view, RaceView)
    if view.countdown is not None:
        d.frames(int(COUNTDOWN * 60) + 2)
    else:
        for seat, bot in enumerate(bots):
            if bot is None:
                d.tap(*view.locos[seat].position)
        for _ in range(600):
            if view.game.phase is Phase.PLAYING:
                break
            d.frames()
    assert view.game.phase is Phase.PLAYING
    return view


def where(view: RaceView, card: int) -> tuple[float, float]:
    x, y = view.physics.bodies[card].position
    return x, y
