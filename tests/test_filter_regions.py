"""The input filters at their edges: the rim's four strips cover every edge of the display end
to end, a region holds the points on its own border, an ignored touch is decided anew at each
down and forgotten at its lift, calibration offsets apply, and every filter of a pipeline works
on the one moment its clock gave for that poll."""

from __future__ import annotations

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import IgnoreRegions, Pipeline, Transform, rim
from seigneurs.input.sources import ScriptedSource
from seigneurs.rect import Rect

D = TouchPhase.DOWN


def test_the_rim_ignores_a_touch_along_each_edge_and_none_inside() -> None:
    width = 0.05
    ignore = IgnoreRegions(rim(width))
    edges = [(0.5, 0.01), (0.5, 0.99), (0.01, 0.5), (0.99, 0.5),  # middles of the four edges
             (0.01, 0.01), (0.99, 0.99), (0.02, 0.97), (0.97, 0.03)]  # and the corners
    inside = [(0.5, 0.5), (0.06, 0.5), (0.5, 0.94), (0.94, 0.06)]
    down = [TouchEvent(i, D, x, y, 0.0) for i, (x, y) in enumerate(edges + inside)]
    assert [e.id for e in ignore(down, 0.0)] == list(range(len(edges), len(edges + inside)))


def test_the_rims_strips_lie_on_the_display() -> None:
    for region in rim(0.1):
        assert region.x >= 0 and region.x + region.w <= 1
        assert region.y >= 0 and region.y + region.h <= 1


def test_a_region_holds_the_points_on_its_border() -> None:
    region = Rect(0.25, 0.5, 0.25, 0.25)  # exact in binary: borders at 0.25, 0.5 and 0.75
    for x, y in [(0.25, 0.5), (0.5, 0.75), (0.25, 0.75), (0.5, 0.5), (0.375, 0.5)]:
        assert region.contains(x, y)
    for x, y in [(0.2, 0.6), (0.55, 0.6), (0.3, 0.45), (0.3, 0.8)]:
        assert not region.contains(x, y)


def test_every_filter_of_a_pipeline_sees_the_polls_moment() -> None:
    seen: list[float] = []

    def spy(events: list[TouchEvent], now: float) -> list[TouchEvent]:
        seen.append(now)
        return events
    source = ScriptedSource()
    pipeline = Pipeline(source, [spy, spy], clock=lambda: 12.5)
    source.push(TouchEvent(1, D, 0.5, 0.5, 12.0))
    assert [e.id for e in pipeline.poll()] == [1]
    assert seen == [12.5, 12.5]


def test_a_touch_id_used_again_after_a_lost_lift_starts_afresh() -> None:
    """Touch 1 landed on the rim and its lift was lost; the panel gives id 1 to a new finger
    in the middle: that finger comes through (a down always decides anew)."""
    ignore = IgnoreRegions(rim(0.05))
    assert ignore([TouchEvent(1, D, 0.5, 0.01, 0.0)], 0.0) == []
    again = TouchEvent(1, D, 0.5, 0.5, 1.0)
    assert ignore([again], 1.0) == [again]


def test_an_ignored_touch_is_forgotten_when_it_lifts() -> None:
    """Touch ids grow all day on some panels (TUIO session ids): the ignored ones must not
    pile up."""
    ignore = IgnoreRegions(rim(0.05))
    for touch in range(1, 50):
        ignore([TouchEvent(touch, D, 0.01, 0.5, touch), TouchEvent(touch, TouchPhase.UP,
                                                                   0.01, 0.5, touch)], touch)
    assert not ignore._ignored


def test_calibration_offsets_move_both_axes() -> None:
    """libinput's matrix: x' = a x + b y + c, y' = d x + e y + f."""
    shift = Transform(calibration=(1.0, 0.0, 0.125, 0.0, 1.0, 0.25))
    assert shift.apply(0.5, 0.5) == (0.625, 0.75)
