"""Issue 11, cold start: the first (lobby) frame needs only the lobby's textures; the deck and
the glyph warm-up load a slice per frame while the lobby stands, and all of it is done before
a game is dealt, so no texture is made mid-game."""

from __future__ import annotations

import itertools
import json

import pytest
from table_driver import Driver

from seigneurs.cli import main
from seigneurs.rules import WAGONS
from seigneurs.ui.media import Media


def test_media_loads_the_lobby_first_then_a_slice_per_call() -> None:
    ticks = itertools.count()
    media = Media(clock=lambda: next(ticks) * 0.001)  # each look at the clock: 1 ms later
    assert len(media.locomotives) == 6 and "variant-lords" in media.icons
    assert media.waiting == 1 + len(WAGONS) + 1  # the sounds, the faces and the back wait
    assert not media.sounds
    media.load_some(0.0035)  # 3.5 ms of budget: three 1 ms jobs
    assert media.waiting == 1 + len(WAGONS) + 1 - 3 and "flip" in media.sounds
    assert len(media.wagons) == len(WAGONS) and media.waiting == 0  # first use finishes
    assert media.back.width > 0


def test_a_sound_asked_for_before_its_slice_still_plays() -> None:
    """The sounds load behind the lobby; a child who touches before that still hears one."""
    media = Media()
    assert not media.sounds
    media.play("flip")
    assert "flip" in media.sounds


def test_the_lobby_stands_while_the_rest_loads_and_a_deal_finishes_it() -> None:
    driver = Driver()
    try:
        window = driver.window
        waiting = window.media.waiting
        assert waiting > len(WAGONS)  # the sounds, the deck and the glyph warm-up
        driver.frames(1)
        assert window.media.waiting == waiting  # the first frame only shows the lobby
        driver.frames(1)
        assert window.media.waiting < waiting  # every lobby frame after it does a slice
        window.nav.deal("lords", [None, None], seed=1)
        assert window.media.waiting == 0  # dealt: everything is loaded
        textures = window.ctx.stats.texture[0]
        driver.frames(30, draw=True)
        assert window.ctx.stats.texture[0] == textures  # and nothing is made mid-game
    finally:
        driver.close()


def test_startup_bench_runs_both_processes_paired(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--startup", "--repeats", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["repeats"] == 1
    assert report["bare_s"] > 0 and report["table_s"] > 0
    assert report["bare_mib"] > 0 and report["table_mib"] > report["bare_mib"]


def test_the_startup_ratio_is_the_median_of_each_pairs_own_ratio() -> None:
    """A slow phase of the machine weighs on both runs of a pair: the pairs' own ratios are
    2.0, 1.0 and 1.1, so 1.1, where the ratio of the medians would say 1.0."""
    from seigneurs.tools.startup import Start, report_of

    report = report_of([Start(1.0, 50.0, 0.5), Start(2.0, 52.0, 0.5), Start(10.0, 51.0, 0.6)],
                       [Start(2.0, 90.0, 0.6), Start(2.0, 95.0, 0.7), Start(11.0, 92.0, 0.6)])
    assert report.ratio == pytest.approx(1.1) and report.repeats == 3
    assert (report.bare_s, report.table_s, report.bare_mib, report.table_mib) == \
        (2.0, 2.0, 51.0, 92.0)
    assert report.cpu_ratio == pytest.approx(1.2)  # the pairs' own: 1.2, 1.4 and 1.0


def test_touch_sources_open_behind_the_lobby_and_are_read_before_a_deal() -> None:
    """The panels and the TUIO socket open in a thread after the window; Media's queue waits
    for them before a game, so a deal never misses a source."""
    from seigneurs.input.setup import InputSettings
    from seigneurs.input.tuio import TuioSource
    from seigneurs.ui.run import _open_sources_behind_the_lobby

    driver = Driver()
    try:
        window = driver.window
        before = list(window.touch_input.sources)
        _open_sources_behind_the_lobby(window, InputSettings(kinds=("tuio",), tuio_port=0))
        window.media.load_all()  # what dealing a game does first
        added = window.touch_input.sources[len(before):]
        assert len(added) == 1 and isinstance(getattr(added[0], "source", added[0]), TuioSource)
    finally:
        driver.close()


def test_a_closed_table_gives_back_every_file_it_opened() -> None:
    """Every card image is read and its file closed: a window left about 55 descriptors open
    before (Arcade decodes lazily), so a long-running test session or kiosk ran out."""
    import os

    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    def one_table() -> None:
        driver = Driver()
        driver.window.media.load_all()
        driver.frames(2)
        driver.close()

    one_table()  # the first window may keep the GL driver's own files
    before = open_files()
    one_table()
    assert open_files() == before
