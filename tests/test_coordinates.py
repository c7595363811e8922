"""One coordinate convention for every tool an installer uses (issue 17 item 5): touch-test,
touch-replay and the configuration's invert_x/invert_y/swap_axes all speak the panel's own,
as evdev and TUIO send it: origin top-left, x to the right, y down, 0 to 1."""

from __future__ import annotations

import json
import select
import tomllib

import pytest
from tuio_client import RefTuio2Server

from seigneurs.cli import main
from seigneurs.input.filters import Pipeline
from seigneurs.input.report import TouchLog
from seigneurs.input.setup import production_filters
from seigneurs.input.tuio import TuioSource
from seigneurs.kiosk.config import parse


def _replayed(capsys: pytest.CaptureFixture[str], name: str) -> list[dict[str, list[float]]]:
    assert main(["touch-replay", name, "--json"]) == 0
    touches: list[dict[str, list[float]]] = json.loads(capsys.readouterr().out)["touches"]
    return touches


def _tuio_seen(config: str, path: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """A TUIO finger drawn along `path` (TUIO's own numbers), through the filters `touch-test`
    uses with this configuration, as `touch-test` reports it: (start, end)."""
    settings = parse(tomllib.loads(config))[0].inputs
    source = TuioSource("127.0.0.1", 0)  # the kernel's port, kept while the test runs
    try:
        chain = Pipeline(source, production_filters(settings, settings.tuio_transform,
                                          source.decoder.voices), clock=lambda: 0.0)
        tracker = RefTuio2Server(*source.address)
        for step, (x, y) in enumerate(path):
            tracker.frame({1: (x, y, 0)}, step / 60)
        tracker.frame({}, len(path) / 60)
        log = TouchLog()
        while source.stats.packets < tracker.out.sent:
            waiting = select.poll()
            waiting.register(source.socket, select.POLLIN)
            waiting.poll(500)
            log.add(chain.poll())
    finally:
        source.close()
    (trace,) = log.traces.values()
    return [trace.start, trace.end]


def test_touch_test_and_touch_replay_both_report_y_down(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: TUIO y 0.1 -> 0.55 was shown by touch-test as 0.9 -> 0.45, while
    touch-replay reported the panel's own numbers. Now both report what the device sent."""
    start, end = _tuio_seen("", [(0.3, 0.1), (0.3, 0.3), (0.3, 0.55)])
    assert start == pytest.approx((0.3, 0.1), abs=1e-6)
    assert end == pytest.approx((0.3, 0.55), abs=1e-6)
    first = _replayed(capsys, "EP0430M09.4-finger-drag-down")[0]
    # its first slot: ABS_MT_POSITION_X 265 of 0..1279, ABS_MT_POSITION_Y 520 of 0..767
    assert first["start"] == pytest.approx([265 / 1279, 520 / 767], abs=1e-3)


@pytest.mark.parametrize("config, expected", [
    ("[input]\n", [(0.2, 0.1), (0.2, 0.4)]),
    ("[table]\norientation = 180\n", [(0.8, 0.9), (0.8, 0.6)]),
    ("[table]\norientation = 90\n", [(0.9, 0.2), (0.6, 0.2)]),  # a quarter turn clockwise
])
def test_what_the_configuration_turns_is_what_touch_test_shows(
        config: str, expected: list[tuple[float, float]]) -> None:
    """A finger near the top-left going down: the orientation turns it as docs/touch.md says, in
    the numbers touch-test prints."""
    seen = _tuio_seen(config, [(0.2, 0.1), (0.2, 0.4)])
    assert seen == [pytest.approx(point, abs=1e-6) for point in expected]


def test_a_shipped_recording_is_replayed_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(_replayed(capsys, "EP0430M09.4-finger-drag-down")) == 4
    assert len(_replayed(capsys, "EP0430M09.4-finger-drag-down.events")) == 4
