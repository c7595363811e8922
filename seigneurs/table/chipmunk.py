"""Chipmunk's own getters and setters for the bodies the table reads and moves every frame.

pymunk's `Body` properties wrap each Chipmunk call in Python: a `__setattr__` hook, an
assert and, for every read of a vector, a `Vec2d` built in Python. Measured here (timeit,
pymunk 6.9.0): a position read 1.6 µs and a write 2.1 µs through the property, against 0.5
and 0.6 µs for the same Chipmunk function through pymunk's cffi `lib`. The table does a few
dozen of them a frame, and more with every finger (issue 27, half the update's CPU).

These reach two names pymunk does not publish, `pymunk._chipmunk_cffi.lib` and
`Body._body`, which hold still while Arcade 3.3 pins pymunk to 6.9.x (`pymunk~=6.9.0`,
with this project's `arcade<3.4`). `tests/test_chipmunk.py` checks each function against
the public property it stands for, and that pymunk is still 6.9: an upgrade that changes
either fails there, saying to look here, not at a table. The table reads where a card is,
and moves a finger's body, only through these; bodies are made and placed through pymunk's
public API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pymunk
from pymunk._chipmunk_cffi import lib

PYMUNK = "6.9."
"""The pymunk releases these were checked against (Arcade 3.3's pin)."""


class _Vect(Protocol):
    """Chipmunk's cpVect, as cffi hands it back."""

    x: float
    y: float


_get_position: Callable[[object], _Vect] = lib.cpBodyGetPosition
_set_position: Callable[[object, tuple[float, float]], None] = lib.cpBodySetPosition
_get_velocity: Callable[[object], _Vect] = lib.cpBodyGetVelocity
_set_velocity: Callable[[object, tuple[float, float]], None] = lib.cpBodySetVelocity
_get_angle: Callable[[object], float] = lib.cpBodyGetAngle
_get_spin: Callable[[object], float] = lib.cpBodyGetAngularVelocity
_is_sleeping: Callable[[object], int] = lib.cpBodyIsSleeping


def position(body: pymunk.Body) -> tuple[float, float]:
    """`body.position`, as a plain pair."""
    v = _get_position(body._body)
    return v.x, v.y


def set_position(body: pymunk.Body, x: float, y: float) -> None:
    """`body.position = (x, y)`."""
    _set_position(body._body, (x, y))


def angle(body: pymunk.Body) -> float:
    """`body.angle`, in radians."""
    return _get_angle(body._body)


def pose(body: pymunk.Body) -> tuple[float, float, float]:
    """Where `body` is and how it is turned: x, y and its angle in radians."""
    handle = body._body
    v = _get_position(handle)
    return v.x, v.y, _get_angle(handle)


def set_velocity(body: pymunk.Body, vx: float, vy: float) -> None:
    """`body.velocity = (vx, vy)`."""
    _set_velocity(body._body, (vx, vy))


def resting(body: pymunk.Body, speed: float, spin: float) -> bool:
    """Whether `body` sleeps, or slides under `speed` and turns under `spin` (radians a
    second) at once."""
    handle = body._body
    if _is_sleeping(handle):
        return True
    v = _get_velocity(handle)
    return v.x * v.x + v.y * v.y < speed * speed and abs(_get_spin(handle)) < spin
