"""Dejitter drops a move smaller than its threshold from the last position it passed, on both
axes, lets a move of the threshold itself through, and forgets a finger when it lifts."""

from __future__ import annotations

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import Dejitter

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


def test_a_tiny_move_is_dropped_wherever_the_finger_is() -> None:
    jitter = Dejitter(0.01)
    out = jitter([TouchEvent(1, D, 0.5, 0.1, 0.0), TouchEvent(1, M, 0.505, 0.1, 0.1),
                  TouchEvent(1, M, 0.5, 0.105, 0.2)], 0.2)
    assert [e.phase for e in out] == [D]


def test_a_move_of_the_threshold_itself_comes_through() -> None:
    jitter = Dejitter(0.125)  # exact in binary, as are the moves below
    out = jitter([TouchEvent(1, D, 0.5, 0.5, 0.0), TouchEvent(1, M, 0.625, 0.5, 0.1),
                  TouchEvent(1, M, 0.625, 0.625, 0.2)], 0.2)
    assert [(e.x, e.y) for e in out] == [(0.5, 0.5), (0.625, 0.5), (0.625, 0.625)]


def test_a_lifted_finger_is_forgotten() -> None:
    """Touch ids grow all day on some panels: the last positions must not pile up."""
    jitter = Dejitter()
    for touch in range(1, 50):
        jitter([TouchEvent(touch, D, 0.5, 0.5, touch), TouchEvent(touch, U, 0.5, 0.5, touch)],
               touch)
    assert not jitter._last
