"""`seigneurs.table.chipmunk`: Chipmunk's own getters and setters, through two names pymunk
does not publish, must answer exactly as pymunk's public properties do (issue 27: the table
reads and moves bodies through them every frame)."""

from __future__ import annotations

import math

import pymunk
from hypothesis import given
from hypothesis import strategies as st

from seigneurs.table import chipmunk

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


def _card_in_a_space() -> tuple[pymunk.Space, pymunk.Body]:
    space = pymunk.Space()
    body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (60, 90)))
    space.add(body, pymunk.Poly.create_box(body, (60, 90)))
    return space, body


def test_pymunk_is_still_the_release_these_names_were_checked_against() -> None:
    """An upgrade past Arcade 3.3's pin (pymunk 6.9) must look at chipmunk.py again."""
    assert pymunk.version.startswith(chipmunk.PYMUNK), (
        f"pymunk {pymunk.version}: check seigneurs/table/chipmunk.py's private names against "
        "it, then move PYMUNK on")


@given(finite, finite, finite, finite, finite, st.floats(-50, 50))
def test_every_read_and_write_is_the_public_propertys(x: float, y: float, vx: float,
                                                      vy: float, angle: float,
                                                      spin: float) -> None:
    space, body = _card_in_a_space()
    chipmunk.set_position(body, x, y)
    assert body.position == (x, y)
    body.angle = angle
    body.angular_velocity = spin
    chipmunk.set_velocity(body, vx, vy)
    assert body.velocity == (vx, vy)
    space.step(1 / 120)  # values Chipmunk computed itself, not only those handed in
    assert chipmunk.position(body) == tuple(body.position)
    assert chipmunk.angle(body) == body.angle
    assert chipmunk.pose(body) == (*body.position, body.angle)


def test_resting_is_asleep_or_slower_than_both_limits() -> None:
    """`CardPhysics` lets a card out of `astir` once it sleeps, or slides slower than
    REST_SPEED and turns slower than REST_SPIN."""
    _, body = _card_in_a_space()
    speed, spin = 1 / 64, 1 / 4096
    body.velocity, body.angular_velocity = (0.0, 0.0), 0.0
    assert chipmunk.resting(body, speed, spin)
    body.velocity = (speed * 0.6, speed * 0.79)  # under the speed, its length too
    assert chipmunk.resting(body, speed, spin)
    body.velocity = (speed * 0.6, speed * 0.81)  # each part under it, the length over
    assert not chipmunk.resting(body, speed, spin)
    body.velocity = (speed * 0.81, speed * 0.6)  # the same, the other way round
    assert not chipmunk.resting(body, speed, spin)
    body.velocity, body.angular_velocity = (0.0, 0.0), -spin * 1.01
    assert not chipmunk.resting(body, speed, spin)
    body.angular_velocity = spin * 0.99
    assert chipmunk.resting(body, speed, spin)


def test_a_sleeping_body_rests_whatever_speed_it_fell_asleep_with() -> None:
    space, body = _card_in_a_space()
    space.sleep_time_threshold = 0.05
    body.velocity, body.angular_velocity = (3.0, 0.0), 2.0
    body.sleep()
    assert body.is_sleeping and chipmunk.resting(body, 1 / 64, 1 / 4096)
    body.activate()
    assert not chipmunk.resting(body, 1 / 64, 1 / 4096)
    assert math.isclose(body.velocity.x, 3.0)
