"""The cards drawn where their bodies are (issue 27): the sprite sync reads every body's pose
in one call and sets only the sprites that are off by more than a sub-pixel."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from table_driver import Driver
from test_physics import dealt as dealt_on

from seigneurs.table.controller import COUNTDOWN
from seigneurs.table.layout import TableLayout
from seigneurs.table.physics import CardPhysics
from seigneurs.ui.base import WIGGLE
from seigneurs.ui.race_view import RaceView

SUB_PIXEL, SUB_DEGREE = 0.01, 0.01
"""Finer than any screen shows: how near its body a card must be drawn."""


def dealt(seed: int) -> CardPhysics:
    """The cards where the game dealt them, on a 1920x1080 table."""
    return dealt_on(seed, TableLayout.build(1920, 1080))


def own_poses(physics: CardPhysics) -> dict[int, tuple[float, float, float]]:
    return {card: (body.position.x, body.position.y, body.angle)
            for card, body in physics.bodies.items()}


def test_the_poses_read_at_once_are_each_bodys_own_as_cards_come_and_go() -> None:
    physics = dealt(4)
    for touch, card in enumerate((3, 17, 40)):  # fingers: kinematic bodies among the cards
        x, y = physics.bodies[card].position
        physics.grab(touch, card, x + 5, y - 3)
        physics.drag(touch, x + 80, y + 30 * touch)
    for _ in range(20):
        physics.step(1 / 60)
    physics.release(1)
    for card in (0, 17, 53):
        physics.remove(card)
    physics.raise_card(40)
    physics.send(9, 300.0, 200.0)
    for _ in range(5):
        physics.step(1 / 60)
    poses = {card: (x, y, angle) for card, x, y, angle in physics.poses()}
    assert poses == own_poses(physics)
    assert len(poses) == 51 and {0, 17, 53}.isdisjoint(poses)


@pytest.fixture
def table() -> Iterator[tuple[Driver, RaceView]]:
    d = Driver()
    d.window.nav.deal("lords", [None, None], seed=3)  # the whistle starts it
    d.frames(int(COUNTDOWN * 60) + 2)
    view = d.scene
    assert isinstance(view, RaceView)
    yield d, view
    d.close()


def off_by(view: RaceView, card: int) -> tuple[float, float]:
    """How far a card's sprite lies from its body: pixels, degrees."""
    sprite, body = view.card_sprites[card], view.physics.bodies[card]
    x, y = body.position
    return (max(abs(sprite.center_x - x), abs(sprite.center_y - y)),
            abs(sprite.angle + math.degrees(body.angle)))


def test_a_card_dragged_by_fractions_of_a_pixel_is_drawn_where_it_is(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    card = next(iter(view.physics.bodies))
    x, y = view.physics.bodies[card].position
    touch = d.down(x, y)
    d.frames()
    path = [(x + 0.1 * step, y) for step in range(30)]  # a slow finger: 0.1 px a frame,
    path += [(x + 3, y + 0.1 * step) for step in range(30)]  # across, then up
    for at in path:
        d.move(touch, *at)
        d.frames()
        far, turned = off_by(view, card)
        assert far <= SUB_PIXEL and turned <= SUB_DEGREE
    sprite = view.card_sprites[card]
    assert sprite.center_x > x + 2.5 and sprite.center_y > y + 2.5  # and it did go


def test_a_flung_card_is_drawn_where_it_settles_and_then_left_alone(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    card = list(view.physics.bodies)[5]
    x, y = view.physics.bodies[card].position
    touch = d.down(x + 10, y + 10)  # off-centre: it turns as it goes
    d.frames()
    for step in range(1, 7):
        d.move(touch, x + 10 + 25 * step, y + 10 + 8 * step)
        d.frames()
    d.up(touch, x + 10 + 175, y + 10 + 56)
    for _ in range(240):  # it slides on, slower and slower
        d.frames()
        far, turned = off_by(view, card)
        assert far <= SUB_PIXEL and turned <= SUB_DEGREE


def test_a_card_creeping_by_sub_pixels_is_not_set_again_every_frame(
        table: tuple[Driver, RaceView]) -> None:
    """A card left sliding creeps on for seconds by ever smaller steps: its sprite (and the
    sprite lists' buffers) is left alone until it is off by more than a sub-pixel."""
    d, view = table
    card = list(view.physics.bodies)[7]
    body = view.physics.bodies[card]
    body.velocity, body.angular_velocity = (0.005, -0.004), 0.00001  # px/s, rad/s
    d.frames()
    sprite = view.card_sprites[card]
    position, angle = sprite.position, sprite.angle
    x, y = body.position
    d.frames(30)
    assert body.position != (x, y)  # it crept
    assert sprite.position is position and sprite.angle == angle  # not set again
    far, turned = off_by(view, card)
    assert far <= SUB_PIXEL and turned <= SUB_DEGREE


def test_a_refused_card_wiggles_and_comes_back_to_its_bodys_turn(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    card = next(iter(view.physics.bodies))
    view.wiggle(card)
    d.frames(5)
    assert off_by(view, card)[1] > 1.0  # it shakes
    d.frames(int(WIGGLE * 60) + 2)
    assert off_by(view, card)[1] <= SUB_DEGREE and card not in view.wiggles
