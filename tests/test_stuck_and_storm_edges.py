"""The edges of the stuck-touch release and the storm guard (issue 10, issue 17, issue 25's
mutants): when exactly a silent touch counts as stuck or stale, what time the lifts they make
up carry, what the admin's log says, and what they remember for how long."""

from __future__ import annotations

import logging

import pytest
from helpers import SaidAt

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import Dejitter, ReleaseStuck, StormGuard

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


def ev(touch: int, phase: TouchPhase, t: float = 0.0, x: float = 0.5) -> TouchEvent:
    return TouchEvent(touch, phase, x, 0.5, t)


def test_a_touch_is_stuck_only_after_more_than_the_timeout() -> None:
    """Issue 10: silence of exactly `timeout` seconds is not yet stuck (times exact in binary)."""
    stuck = ReleaseStuck(timeout=8.0)
    stuck([ev(1, D)], now=0.0)
    assert stuck([], now=8.0) == []
    assert [(e.id, e.phase) for e in stuck([], now=8.25)] == [(1, U)]


def test_the_lift_made_up_for_a_lost_touch_carries_the_new_downs_time() -> None:
    """Issue 10: the old touch ends when the source starts again, not when it last moved, so
    the journal and the physics see its end and the new touch at the same instant."""
    stuck = ReleaseStuck(timeout=8.0)
    stuck([ev(3, D, t=0.0)], now=0.0)
    out = stuck([ev(3, D, t=1.5)], now=1.5)
    assert [(e.phase, e.t) for e in out] == [(U, 1.5), (D, 1.5)]


def test_a_released_touch_that_came_back_is_watched_again_from_its_return() -> None:
    """Issue 31: a touch back after a release is a live touch like any other: quiet, it is
    released again a timeout after it came back, not before and not never."""
    stuck = ReleaseStuck(timeout=8.0)
    stuck([ev(1, D)], now=0.0)
    assert [e.phase for e in stuck([], now=9.0)] == [U]
    assert [e.phase for e in stuck([ev(1, M, x=0.6)], now=10.0)] == [D]
    assert stuck([], now=11.0) == []
    assert stuck([], now=18.0) == []
    assert [(e.id, e.phase, e.t) for e in stuck([], now=18.5)] == [(1, U, 18.5)]
    assert stuck.released == 2


def test_a_vouched_touch_does_not_shelter_the_stuck_ones_after_it() -> None:
    """Issue 10 row 6: the tracker vouching for one still finger says nothing of the others."""
    alive_at: dict[int, float] = {}
    stuck = ReleaseStuck(timeout=8.0, voices=SaidAt(alive_at))
    stuck([ev(1, D), ev(2, D), ev(3, D)], now=0.0)
    alive_at[1] = 8.5
    assert [(e.id, e.phase) for e in stuck([], now=9.0)] == [(2, U), (3, U)]


def test_only_the_last_recall_released_ids_can_come_back() -> None:
    """Issue 31: ids grow all day on some panels; the released ones remembered are the last
    RECALL, so the oldest one's late move is dropped like a stranger's and the newest comes
    back."""
    stuck = ReleaseStuck(timeout=1.0)
    count = ReleaseStuck.RECALL + 1
    stuck([ev(touch, D) for touch in range(count)], now=0.0)
    assert len(stuck([], now=2.0)) == count and len(stuck._released) == ReleaseStuck.RECALL
    assert stuck([ev(0, M, t=3.0)], now=3.0) == []  # forgotten
    assert [(e.id, e.phase) for e in stuck([ev(count - 1, M, t=3.0)], now=3.0)] == [
        (count - 1, D)]


def test_a_full_table_of_moving_fingers_keeps_its_places_late_in_the_day() -> None:
    """Issue 17: a touch that moved a moment ago is not stale, however long the kiosk ran."""
    guard = StormGuard(max_touches=2)
    guard([ev(1, D, 100.0), ev(2, D, 100.0)], 100.0)
    guard([ev(1, M, 100.8), ev(2, M, 100.8)], 100.8)
    assert guard([ev(3, D, 101.0)], 101.0) == [] and guard.replaced == 0


def test_at_the_cap_a_touch_its_source_vouches_for_keeps_its_place() -> None:
    """Issue 17: still fingers the tracker names alive are not stale: the newcomer waits."""
    alive_at = {1: 0.9, 2: 0.9}
    guard = StormGuard(max_touches=2, voices=SaidAt(alive_at))
    guard([ev(1, D), ev(2, D)], 0.0)
    assert guard([ev(3, D, 1.0)], 1.0) == [] and guard.replaced == 0


def test_silence_of_exactly_stale_after_gives_the_place() -> None:
    """Issue 17: half a second or more (times exact in binary)."""
    guard = StormGuard(max_touches=1, stale_after=0.5)
    guard([ev(1, D)], 0.0)
    assert [(e.id, e.phase, e.t) for e in guard([ev(2, D, 0.5)], 0.5)] == [
        (1, U, 0.5), (2, D, 0.5)]


def test_every_replacement_is_counted_and_logged_with_the_touch_and_its_silence(
        caplog: pytest.LogCaptureFixture) -> None:
    """Issue 17: the admin's log says which touch gave its place after how long a silence
    (its last move or its source's last word, whichever is later)."""
    alive_at = {1: 0.4}
    guard = StormGuard(max_touches=1, voices=SaidAt(alive_at))
    guard([ev(1, D)], 0.0)
    guard([ev(1, M, 0.2)], 0.2)
    with caplog.at_level(logging.INFO, logger="seigneurs.input.filters"):
        guard([ev(2, D, 1.0)], 1.0)
        guard([ev(3, D, 2.0)], 2.0)
    assert guard.replaced == 2
    assert [r.getMessage() for r in caplog.records] == [
        "touch 1, silent for 0.6 s, gave its place to a new finger",
        "touch 2, silent for 1.0 s, gave its place to a new finger"]


def test_dejitter_passes_a_lift_it_never_saw_go_down() -> None:
    """Any frame is a frame: a lone lift (a filter before it dropped the down) passes."""
    assert Dejitter(0.01)([ev(7, U)], 0.0) == [ev(7, U)]
