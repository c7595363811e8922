"""A table that plays all day keeps its memory (issue: the memory grew during a Kids game).

Frames drawn by hand (`SeigneursWindow.step`: tests, screenshots, the soak's table) and headless
event loops never swapped a real surface, so nothing flushed the software renderer's queue
(about 3 MB a second of play, never given back) and Arcade never freed the GL objects a view let
go of (about 30 buffers a game). Both scenes are built here; each test fails without the fix.
"""

from __future__ import annotations

import gc
from pathlib import Path

from table_driver import PATIENT, Driver

from seigneurs.game.bots import BOT_LEVELS


def _resident_mib() -> float:
    """This process's resident memory now (not its peak), from /proc."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def test_drawn_frames_do_not_pile_up_in_the_graphics_driver() -> None:
    """Five seconds of a Kids game of three children, drawn every frame at the table's size,
    after a second to warm up (shaders compiled once): unflushed, they held about 60 MB."""
    driver = Driver(1920, 1080, settings=PATIENT)
    try:
        driver.window.nav.deal("kids", [BOT_LEVELS["child"]] * 3, 3)
        driver.frames(60, draw=True)
        before = _resident_mib()
        driver.frames(300, draw=True)
        grown = _resident_mib() - before
    finally:
        driver.window.close()
    assert grown < 20, f"{grown:.0f} MiB more after 300 frames"


def test_each_new_game_frees_the_last_ones_gl_buffers() -> None:
    """Games dealt one after another, frames run by hand: the GL buffers alive stay as many."""
    driver = Driver(settings=PATIENT)
    alive: list[int] = []
    try:
        for seed in range(4):
            driver.window.nav.deal("kids", [BOT_LEVELS["adult"]] * 3, seed)
            gc.collect()  # the old view's sprite lists, whatever cycles hold them
            driver.frames(2)
            created, freed = driver.window.ctx.stats.buffer
            alive.append(created - freed)
    finally:
        driver.window.close()
    assert alive[1:] == [alive[1]] * 3, alive
