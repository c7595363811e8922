"""Issue 31: no living finger is lost for good by the filters. A touch released for silence, or
turned away at the touch cap, comes back as a new touch at its next move."""

from __future__ import annotations

from helpers import SaidAt

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import ReleaseStuck, StormGuard

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


def ev(touch: int, phase: TouchPhase, x: float = 0.5, t: float = 0.0) -> TouchEvent:
    return TouchEvent(touch, phase, x, 0.5, t)


def test_a_finger_turned_away_at_the_cap_comes_in_once_a_touch_is_stale() -> None:
    """At the cap with every touch fresh (a dead tracker's ghosts a moment ago), a new finger
    waits; its moves are asked again, and the first one after a ghost has been silent for
    `stale_after` takes that ghost's place, as a new touch where the finger is then."""
    guard = StormGuard(max_touches=2, stale_after=0.5)
    guard([ev(1, D), ev(2, D)], 0.0)
    assert guard([ev(3, D, 0.3)], 0.1) == []  # both fresh: it waits
    assert guard([ev(3, M, 0.35)], 0.3) == []
    came = guard([ev(3, M, 0.4, t=0.6)], 0.6)
    assert [(e.id, e.phase, e.x) for e in came] == [(1, U, 0.5), (3, D, 0.4)]
    assert [(e.id, e.phase) for e in guard([ev(3, M, 0.45), ev(3, U, 0.45)], 0.7)] == [
        (3, M), (3, U)]
    assert guard.dropped == 2 and guard.replaced == 1


def test_a_touch_ended_for_a_newcomer_comes_back_when_it_moves_and_there_is_room() -> None:
    """A finger held still at the cap gave its place; when it moves after another lifted, it
    is a new touch again, not lost for its whole life. Its lift while away is dropped."""
    guard = StormGuard(max_touches=2, stale_after=0.5)
    guard([ev(1, D), ev(2, D)], 0.0)
    guard([ev(2, M, 0.55)], 0.9)
    assert [(e.id, e.phase) for e in guard([ev(3, D)], 1.0)] == [(1, U), (3, D)]
    assert guard([ev(1, M, 0.6)], 1.1) == []  # no room, none stale: still away
    guard([ev(2, U)], 1.2)
    assert [(e.id, e.phase) for e in guard([ev(1, M, 0.7)], 1.3)] == [(1, D)]
    guard([ev(1, U), ev(3, U)], 1.4)
    guard([ev(4, D), ev(5, D)], 2.0)
    assert guard([ev(6, D)], 2.1) == [] and guard([ev(6, U)], 2.2) == []  # its lift: dropped


def test_a_palm_storm_is_judged_once_a_frame() -> None:
    """A hundred waiting contacts moving every frame cost one look at the live touches, not a
    hundred: when none is stale at this moment, none will be for the rest of the frame."""
    voices = SaidAt({})
    asked = voices.asked
    guard = StormGuard(max_touches=20, voices=voices)
    guard([ev(i, D) for i in range(120)], 0.0)
    asked.clear()
    out = guard([ev(i, M, 0.5 + i / 1000) for i in range(120)], 0.1)
    assert len(out) == 20 and len(asked) <= 2 * 20


def test_released_ids_are_remembered_only_so_far() -> None:
    """A stuck touch's id is remembered (to bring it back if it moves) for the last RECALL
    releases only: a tracker that never comes back costs no memory for good."""
    stuck = ReleaseStuck(timeout=1.0)
    count = ReleaseStuck.RECALL + 50
    stuck([ev(i, D) for i in range(count)], 0.0)
    assert len(stuck([], 2.0)) == count
    back = stuck([ev(i, M, 0.6) for i in range(count)], 3.0)
    assert [e.id for e in back] == list(range(50, count))
    assert all(e.phase is D for e in back)
