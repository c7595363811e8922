"""A whole game played through a real TUIO socket, end to end (issue: multi-touch).

Every finger is a TUIO 2 pointer sent over loopback UDP by python-osc; the table reads it
through TuioSource and the same filters as in play, then routes it like any touch.
"""

from __future__ import annotations

import select

from table_driver import (
    Driver,
    assert_shows_the_trains_checked_apart,
    begin,
    finish,
    join_and_start,
    play_out,
)
from tuio_client import Tuio2Tracker

from seigneurs.input.setup import InputSettings, tuio_pipeline
from seigneurs.input.tuio import TuioSource
from seigneurs.ui.race_view import RaceView
from seigneurs.ui.window import SeigneursWindow


class TuioDriver(Driver):
    """The Driver's fingers, but sent as TUIO frames over UDP."""

    def __init__(self) -> None:
        source = tuio_pipeline(InputSettings(tuio_port=0))
        assert isinstance(source.source, TuioSource)
        self.tuio = source.source
        self.window = SeigneursWindow(1280, 720, visible=False, mouse=False, seed=7,
                                      sources=[source])
        self.tracker = Tuio2Tracker(*self.tuio.address)
        self.live: dict[int, tuple[float, float, int]] = {}
        self.t = 0.0
        self.ids = iter(range(1, 10**6))

    def _send(self) -> None:
        self.tracker.frame(dict(self.live))
        waiting = select.poll()  # poll, not select: a long test run holds fds past 1024
        waiting.register(self.tuio.socket, select.POLLIN)
        waiting.poll(1000)  # delivered before the next frame

    def down(self, x: float, y: float, user: int | None = None) -> int:
        touch = next(self.ids)
        nx, ny = self._norm(x, y)
        self.live[touch] = (nx, 1.0 - ny, user or 0)  # TUIO's y runs downwards
        self._send()
        return touch

    def move(self, touch: int, x: float, y: float, user: int | None = None) -> None:
        nx, ny = self._norm(x, y)
        self.live[touch] = (nx, 1.0 - ny, user or 0)
        self._send()

    def up(self, touch: int, x: float, y: float, user: int | None = None) -> None:
        self.live.pop(touch, None)
        self._send()

    def close(self) -> None:
        super().close()
        self.tuio.close()


def test_a_kids_game_played_over_tuio_from_lobby_to_results() -> None:
    driver = TuioDriver()
    try:
        join_and_start(driver, "kids", [0, 3])  # type: ignore[arg-type]
        view = begin(driver)  # type: ignore[arg-type]
        play_out(driver, view)  # type: ignore[arg-type]
        results = finish(driver, "tuio-kids")  # type: ignore[arg-type]
        assert_shows_the_trains_checked_apart(results, view.game)
        assert driver.tuio.decoder.stats.frames > 50
        assert driver.tuio.decoder.stats.malformed == 0
        driver.tap(*results.again[0].position)  # over TUIO too: the same table again
        assert isinstance(driver.scene, RaceView) and driver.scene.seats == results.seats
    finally:
        driver.close()
