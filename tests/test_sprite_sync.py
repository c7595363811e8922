"""The cards drawn where their bodies are (issue 27): the sprite sync reads every body's pose
in one call and sets only the sprites that are off by more than a sub-pixel."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

import pytest
from felt import dealt as dealt_on
from hypothesis import given, settings
from hypothesis import strategies as st
from table_driver import Driver

from seigneurs.table.controller import COUNTDOWN
from seigneurs.table.layout import TableLayout
from seigneurs.table.physics import CardPhysics
from seigneurs.ui.base import ROLL, WIGGLE
from seigneurs.ui.race_view import RaceView

SUB_PIXEL, SUB_DEGREE = 0.01, 0.01
"""Finer than any screen shows: how near its body a card must be drawn."""


def dealt(seed: int) -> CardPhysics:
    """The cards where the game dealt them, on a 1920x1080 table."""
    return dealt_on(seed, TableLayout.build(1920, 1080))


def own_poses(physics: CardPhysics) -> dict[int, tuple[float, float, float]]:
    return {card: (body.position.x, body.position.y, body.angle)
            for card, body in physics.bodies.items()}


def test_the_poses_are_each_asked_cards_own_and_leave_out_cards_off_the_table() -> None:
    physics = dealt(4)
    for card in (0, 17):
        physics.remove(card)
    poses = {card: (x, y, angle) for card, x, y, angle in physics.poses([0, 5, 17, 40])}
    own = own_poses(physics)
    assert poses == {5: own[5], 40: own[40]}


def poses_after_rest(physics: CardPhysics, card: int) -> tuple[float, float, float]:
    """Step until `card` leaves `astir`, then its pose."""
    for _ in range(60 * 20):
        physics.step(1 / 60)
        if card not in physics.astir:
            return own_poses(physics)[card]
    raise AssertionError(f"card {card} never came to rest")


@settings(max_examples=20, deadline=None)
@given(dx=st.floats(-120, 120), dy=st.floats(-120, 120), gx=st.floats(-40, 40),
       gy=st.floats(-60, 60), frames=st.integers(1, 8))
def test_a_card_let_go_leaves_astir_only_once_it_lies_still(
        dx: float, dy: float, gx: float, gy: float, frames: int) -> None:
    """However it was thrown (gripped anywhere, moved any way for some frames), a card out of
    `astir` moves on by less than any screen shows, so a sprite not asked again is still
    drawn where its body is."""
    physics = dealt(2)
    card = 20
    x, y = physics.bodies[card].position
    physics.grab(1, card, x + gx, y + gy)
    for k in range(1, frames + 1):
        physics.drag(1, x + gx + dx * k, y + gy + dy * k)
        physics.step(1 / 60)
    physics.release(1)
    x, y, angle = poses_after_rest(physics, card)
    for _ in range(60 * 30):
        physics.step(1 / 60)
        assert card not in physics.astir
    x2, y2, angle2 = own_poses(physics)[card]
    assert math.hypot(x2 - x, y2 - y) <= SUB_PIXEL
    assert math.degrees(abs(angle2 - angle)) <= SUB_DEGREE


def test_a_card_is_astir_while_held_or_sent_and_while_it_slides_on() -> None:
    physics = dealt(4)
    assert physics.astir == set(physics.bodies)  # put down: not stepped yet
    physics.step(1 / 60)
    assert not physics.astir  # dealt apart, still
    x, y = physics.bodies[9].position
    physics.grab(1, 9, x, y)
    assert physics.astir == {9}  # the touch's own frame
    for _ in range(120):  # held still: a finger holds it all the same
        physics.step(1 / 60)
        assert physics.astir == {9}
    for k in range(1, 7):  # thrown
        physics.drag(1, x + 40 * k, y)
        physics.step(1 / 60)
    physics.release(1)
    physics.step(1 / 60)
    assert 9 in physics.astir  # sliding on
    physics.send(30, 400.0, 300.0)
    assert 30 in physics.astir
    poses_after_rest(physics, 9)
    assert physics.settles_at(30) == (400.0, 300.0) or math.dist(
        physics.bodies[30].position, (400.0, 300.0)) < 1.0
    poses_after_rest(physics, 30)
    assert math.dist(physics.bodies[30].position, (400.0, 300.0)) < 1.0  # it got there
    physics.remove(9)
    physics.add(60, 500.0, 500.0)
    assert physics.astir == {60}
    physics.step(1 / 60)
    assert not physics.astir


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


def test_a_card_at_rest_follows_a_touch_in_the_very_next_frame(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    card = list(view.physics.bodies)[11]
    assert card not in view.physics.astir
    x, y = view.physics.bodies[card].position
    sprite = view.card_sprites[card]
    touch = d.down(x, y)
    d.frames()
    d.move(touch, x + 60, y + 20)
    d.frames()  # the next frame: drawn moved, where its body is
    far, turned = off_by(view, card)
    assert sprite.center_x > x + 20 and far <= SUB_PIXEL and turned <= SUB_DEGREE


def test_a_card_at_rest_sent_back_slides_there_on_screen(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    card = list(view.physics.bodies)[12]
    assert card not in view.physics.astir
    x, y = view.physics.bodies[card].position
    view.physics.send(card, x - 150, y + 40)
    d.frames()
    sprite = view.card_sprites[card]
    assert sprite.center_x < x - 10  # on its way at once
    d.frames(60)
    assert math.dist(sprite.position, (x - 150, y + 40)) < 1.0
    far, turned = off_by(view, card)
    assert far <= SUB_PIXEL and turned <= SUB_DEGREE


def test_the_sync_asks_only_the_cards_astir_wiggling_and_two_more_in_turn(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    asked: list[set[int]] = []
    poses = view.physics.poses

    def counted(cards: Iterable[int]) -> Iterator[tuple[int, float, float, float]]:
        asked.append(set(cards))
        return poses(asked[-1])

    view.physics.poses = counted  # type: ignore[method-assign]
    card = list(view.physics.bodies)[3]
    view.wiggle(card)
    d.frames(len(view.physics.bodies) // ROLL + 1)
    everyone = set(view.physics.bodies)
    assert all(card in cards for cards in asked[:20])  # it wiggles for 21 frames
    assert all(1 <= len(cards - {card}) <= ROLL for cards in asked)  # nothing else moves
    assert set().union(*asked) == everyone  # each card at rest in turn within 27 frames


def test_a_sprite_set_by_anything_else_is_put_back_within_half_a_second(
        table: tuple[Driver, RaceView]) -> None:
    d, view = table
    for card in (0, 30, 52):
        if card in view.physics.bodies:
            view.card_sprites[card].position = (5.0, 5.0)
            view.card_sprites[card].angle = 33.0
    d.frames(len(view.physics.bodies) // ROLL + 1)
    for card in view.physics.bodies:
        far, turned = off_by(view, card)
        assert far <= SUB_PIXEL and turned <= SUB_DEGREE


def test_a_card_held_still_for_seconds_follows_its_finger_in_the_next_frame() -> None:
    """Cards lying still sleep (pymunk's sleeping), but never one a finger holds."""
    physics = dealt(3)
    for _ in range(30):
        physics.step(1 / 60)
    body = physics.bodies[8]
    assert body.is_sleeping  # dealt and still
    x, y = body.position
    physics.grab(1, 8, x, y)
    for _ in range(180):
        physics.step(1 / 60)
    assert not body.is_sleeping
    physics.drag(1, x + 50, y)
    physics.step(1 / 60)
    assert body.position.x > x + 20
    physics.release(1)
    for _ in range(600):
        physics.step(1 / 60)
    assert body.is_sleeping and 8 not in physics.astir
    physics.remove(8)  # asleep: taken off all the same
    assert 8 not in physics.bodies and body not in physics.space.bodies


def test_a_new_view_draws_every_card_where_its_body_is_in_its_first_frame() -> None:
    """The physics may have stepped before the view's first frame (a deal, a resumed game):
    the cards lying still are not astir, and are drawn all the same."""
    d = Driver()
    try:
        d.window.nav.deal("lords", [None, None], seed=5)
        view = d.scene
        assert isinstance(view, RaceView)
        view.physics.step(1 / 60)
        assert not view.physics.astir
        d.frames()
        for card in view.physics.bodies:
            far, turned = off_by(view, card)
            assert far <= SUB_PIXEL and turned <= SUB_DEGREE
    finally:
        d.close()
