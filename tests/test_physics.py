"""Cards on felt: the scatter (R13), a pivot joint per finger, flings that settle."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from felt import LAYOUT, dealt
from hypothesis import example, given, settings
from hypothesis import strategies as st

from seigneurs.rect import Rect
from seigneurs.table.controller import RaceController
from seigneurs.table.grabs import lay_under
from seigneurs.table.layout import TableLayout
from seigneurs.table.physics import REST_SPEED, REST_SPIN, STEP, CardPhysics


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (3840, 2160)])
def test_r13_the_deal_leaves_no_card_on_another_and_all_on_the_free_area(
        seed: int, size: tuple[int, int]) -> None:
    layout = TableLayout.build(*size)
    """Each dealt card lies where a card put back would find room (issue 18): on no other."""
    physics = dealt(seed, layout)
    for card, body in physics.bodies.items():
        x, y = body.position
        assert layout.free.contains(x, y)
        assert physics.clear_spot(card, x, y, layout.free) == (x, y), card
    assert len({round(b.angle, 3) for b in physics.bodies.values()}) > 40  # every angle


def test_cards_are_at_least_four_centimetres_wide_where_the_panel_has_room() -> None:
    """(Under about 43 inches in 16:9 the largest cards that fit: tests/test_layout.py.)"""
    for width, height, inches in ((1920, 1080, 55), (3840, 2160, 55), (1920, 1080, 43)):
        layout = TableLayout.build(width, height, inches)
        assert layout.card_w / layout.px_per_cm >= 4.0


def test_a_card_grabbed_off_centre_swings_and_follows_the_finger() -> None:
    physics = dealt(1)
    body = physics.bodies[7]
    x = body.position.x
    corner = body.local_to_world((LAYOUT.card_w * 0.4, LAYOUT.card_h * 0.4))
    physics.grab(1, 7, *corner)
    angle = body.angle
    for step in range(30):
        physics.drag(1, corner[0] + 10 * (step + 1), corner[1])
        physics.step(1 / 60)
    assert body.position.x > x + 200  # it followed
    assert abs(body.angle - angle) > 0.05  # pulled by its corner, it turned


jump = st.tuples(st.integers(4, 400), st.floats(110, 1810), st.floats(110, 970))  # no wall in reach


@settings(max_examples=40, deadline=None)
@given(st.floats(-28, 28), st.floats(-43, 43), st.lists(jump, min_size=1, max_size=4),
       st.sampled_from([60, 30, 10]))
@example(20.0, 0.0, [(200, 1000.0, 800.0), (200, 1700.0, 500.0)], 60)
@example(20.0, 0.0, [(200, 1000.0, 800.0), (200, 1700.0, 500.0)], 30)
def test_issue32_a_card_stays_under_its_finger_once_the_finger_stops_after_fast_jumps(
        dx: float, dy: float, jumps: list[tuple[int, float, float]], fps: int) -> None:
    """A card held off its centre, its finger jumping across the table (each jump `ms` after
    the last) then holding still: 0.15 s on, the point the finger took lies under the
    fingertip (within 20 px) at every frame rate. Before SPIN_GRIP a card stopped dead turned
    its momentum into a spin of hundreds of turns a second and whirled off a still finger:
    122-132 px in the examples at 60 and 30 frames a second (2 px at 10), so where a child
    then touched depended on the frame rate (issue 32's rule; hypothesis found it)."""
    physics = CardPhysics(Rect(0, 0, 1920, 1080), 60, 90)
    physics.add(1, 960, 540)
    finger = (960 + dx, 540 + dy)
    physics.grab(7, 1, *finger)
    body = physics.bodies[1]
    grip = body.world_to_local(finger)
    moves, t = [], 0
    for ms, x, y in jumps:
        t += ms
        moves.append((t, (x, y)))
    last, frame = 0, 0
    while frame * 1000 < (t + 600) * fps:
        frame += 1
        physics.step(1 / fps)
        while moves and moves[0][0] * fps <= frame * 1000:
            last, finger = moves.pop(0)
            physics.drag(7, *finger)
        if (frame * 1000 - last * fps) >= 150 * fps:
            assert math.dist(body.local_to_world(grip), finger) < 20, frame / fps


def test_a_flung_card_keeps_going_then_settles_like_on_felt() -> None:
    physics = dealt(2)
    body = physics.bodies[3]
    x, y = body.position
    physics.grab(1, 3, x, y)
    for step in range(6):
        physics.drag(1, x + 40 * (step + 1), y)
        physics.step(1 / 60)
    released_at = body.position.x
    assert physics.release(1) == 3
    physics.step(1 / 60)
    assert body.velocity.length > 100  # momentum kept after the finger lifts
    for _ in range(240):
        physics.step(1 / 60)
    assert body.position.x > released_at + 20  # it slid on
    assert body.velocity.length < 5  # and came to rest


def test_a_sent_card_slides_home_and_a_removed_card_is_gone() -> None:
    physics = dealt(3)
    physics.send(9, 500.0, 500.0)
    for _ in range(120):
        physics.step(1 / 60)
    assert math.dist(physics.bodies[9].position, (500, 500)) < 2
    physics.grab(4, 9, 500, 500)
    physics.remove(9)
    assert 9 not in physics.bodies and physics.holding(4) is None
    assert physics.card_at(500, 500, among=1 << 9) is None


def test_a_second_finger_takes_a_card_over_from_the_first() -> None:
    physics = dealt(4)
    x, y = physics.bodies[5].position
    physics.grab(1, 5, x, y)
    physics.grab(2, 5, x + 5, y)
    assert physics.holding(1) is None and physics.holding(2) == 5
    assert physics.release(1) is None  # the first finger lifting no longer drops the card


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "raise", "remove"]), st.integers(0, 11),
                          st.integers(-60, 60), st.integers(-60, 60)), max_size=40),
       st.integers(0, (1 << 12) - 1), st.integers(-40, 40), st.integers(-40, 40))
def test_the_card_under_a_finger_is_the_topmost_of_the_cards_it_may_take(
        steps: list[tuple[str, int, int, int]], loose: int, qx: int, qy: int) -> None:
    """A touch-down takes the card drawn on top under it (the one added or raised last), and
    only one it may take (`among`, also a mask read card by card): the same as asking every
    card on the table whether the point lies on it, in the hit-test order."""
    physics = CardPhysics(Rect(0, 0, 1000, 1000), 60, 90)
    for op, card, dx, dy in steps:  # a pile of cards around (500, 500), moved about
        if op == "add" and card not in physics.bodies:
            physics.add(card, 500 + dx, 500 + dy, dx / 30)
        elif op == "raise" and card in physics.bodies:
            physics.raise_card(card)
        elif op == "remove":
            physics.remove(card)
    x, y = 500.5 + qx, 500.5 + qy  # never on an unturned card's edge
    under = [card for card, body in physics.bodies.items()
             if any(shape.point_query((x, y)).distance <= 0 for shape in body.shapes)]
    assert physics.card_at(x, y) == (under[-1] if under else None)
    takeable = [card for card in under if loose >> card & 1]
    expected = takeable[-1] if takeable else None
    assert physics.card_at(x, y, among=loose) == expected


def test_cards_lying_flush_against_the_tables_rim_on_every_side_are_not_nudged(
    control: RaceController,
) -> None:
    """The table's rim runs along the screen's four edges, 4 px wide: a card lying with its
    edge 4 px from any edge of the screen touches it without being pushed, and stays where it
    lies. (Control.__init__ 25, 26)"""
    physics, w, h = control.physics, control.geometry.width, control.geometry.height
    cw, ch = control.geometry.card_w, control.geometry.card_h
    for card in list(physics.bodies):
        physics.remove(card)
    flush = {
        0: (4 + cw / 2, h / 2),
        1: (w / 2, 4 + ch / 2),
        2: (w - 4 - cw / 2, h / 2),
        3: (w / 2, h - 4 - ch / 2),
    }  # left, top, right, bottom
    for card, (x, y) in flush.items():
        physics.add(card, x, y)
    for _ in range(120):
        physics.step(STEP)
    assert {c: tuple(b.position) for c, b in physics.bodies.items()} == flush


def test_a_point_is_on_a_card_exactly_within_its_turned_rectangle() -> None:
    """Which card a finger lands on: (x, y) is on a w x h card lying at its centre, turned,
    within half its width across and half its height along, and nowhere else."""
    centre, w, h = (300.0, 200.0), 40.0, 60.0
    assert lay_under(300.0, 229.0, centre, 0.0, w, h)
    assert not lay_under(300.0, 231.0, centre, 0.0, w, h)
    assert lay_under(319.0, 171.0, centre, 0.0, w, h)
    assert not lay_under(321.0, 200.0, centre, 0.0, w, h)
    assert lay_under(329.0, 200.0, centre, math.pi / 2, w, h)  # turned: 60 wide now
    assert not lay_under(300.0, 221.0, centre, math.pi / 2, w, h)


def test_a_card_flung_against_the_tables_edge_stops_by_it_rather_than_bouncing_back() -> None:
    """The table's rim is no cushion: a card flung flat against the edge comes back with less
    than a fifth of its speed and comes to rest within two card widths of that edge, not
    bounced back toward the middle (and the other children's cards)."""
    table_rect, w = Rect(0, 0, 1000, 600), 40.0
    physics = CardPhysics(table_rect, w, 56.0)
    physics.add(0, 900.0, 300.0)
    body = physics.bodies[0]
    body.velocity = (1500.0, 0.0)
    hit = 0.0
    for _ in range(600):  # 5 s: it reaches the edge in a tenth of that
        if body.velocity.x <= 0:
            break
        hit = body.velocity.x
        physics.step(STEP)
    assert 0 < -body.velocity.x < hit / 5
    for _ in range(600):
        physics.step(STEP)
    assert table_rect.w - (body.position.x + w / 2) < 2 * w


def test_issue18_a_card_put_back_goes_to_the_nearest_spot_where_it_hides_nothing() -> None:
    """Issue 18: a card put back onto three cards lying round the drop goes to the nearest
    spot where it hides none of them: here half a card width from the drop, up and to the
    right, where the gap is (not farther away round the pile)."""
    area, w = Rect(0, 0, 1000, 600), 40.0
    physics = CardPhysics(area, w, 56.0)
    for card, (dx, dy) in enumerate([(52, 0), (-32, 20), (0, -40)]):
        physics.add(card, 500.0 + dx, 300.0 + dy)
    physics.add(9, 900.0, 100.0)  # the card put back, still held far away
    x, y = physics.clear_spot(9, 500.0, 300.0, area)
    assert math.dist((x, y), (500.0, 300.0)) == pytest.approx(w / 2)
    physics.remove(9)
    physics.add(9, x, y)
    for card, body in physics.bodies.items():  # none lies on another, the new one included
        assert physics.clear_spot(card, *body.position, area) == tuple(body.position), card


def test_the_card_on_top_is_the_one_put_down_or_raised_last_whatever_its_number() -> None:
    """A finger takes the card it sees on top: of two overlapping cards, the one put on the
    table (or raised, as when it was last moved) later, not the one with the higher number."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(7, 300.0, 300.0)
    physics.add(2, 310.0, 300.0)
    assert physics.card_at(305.0, 300.0) == 2
    physics.raise_card(7)
    assert physics.card_at(305.0, 300.0) == 7
    assert physics.card_at(305.0, 300.0, among=1 << 2) == 2


def test_a_card_taken_off_the_table_mid_slide_leaves_its_destination_free() -> None:
    """A card sliding somewhere (a bot's move) and then taken off the table (stacked) keeps
    no claim on the spot it was heading for: a card put back there may lie there, and the
    table steps on without it."""
    area = Rect(0, 0, 1000, 600)
    physics = CardPhysics(area, 40.0, 56.0)
    physics.add(1, 200.0, 300.0)
    physics.add(2, 800.0, 100.0)
    physics.send(1, 500.0, 300.0)
    physics.step(STEP)
    physics.remove(1)
    assert physics.clear_spot(2, 500.0, 300.0, area) == (500.0, 300.0)
    physics.step(STEP * 3)
    assert set(physics.bodies) == {2}


def test_a_card_sent_somewhere_slides_straight_there() -> None:
    """A card sliding by itself (refused and going back, a bot's move) goes straight to its
    spot, as a hand would push it, not along a curve that sweeps other cards: at every step
    it lies on the line from where it was to where it goes, and it arrives."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(0, 100.0, 100.0)
    physics.send(0, 500.0, 400.0)
    body = physics.bodies[0]
    for _ in range(120):
        physics.step(STEP)
        x, y = body.position
        assert (x - 100.0) * 300.0 == pytest.approx((y - 100.0) * 400.0, abs=1e-6), (x, y)
    assert physics.resting(0)
    assert math.dist(body.position, (500.0, 400.0)) < 1.0


def test_issue18_a_put_back_card_looks_for_room_at_most_nineteen_and_a_half_card_widths_away(
        ) -> None:
    """Issue 18's search has a reach (it also bounds the work of one put-back to 4681 tries):
    it looks for room on 40 rings, the last 39 half card widths from the drop. Room only just
    beyond that (here along a strip of table whose first 19.5 card widths are full) is not
    taken: the card stays where it was let go."""
    w, h = 40.0, 56.0
    physics = CardPhysics(Rect(0, 0, 1000, 3000), w, h)
    strip = Rect(500.0, 100.0, 0.0, 2000.0)  # the drop is at the strip's end
    physics.add(99, 900.0, 2500.0)
    lying = [*range(100, 801, 50), 840]  # the last one just short of ring 39's farthest tries
    for card, y in enumerate(lying):
        physics.add(card, 500.0, float(y))
    assert 100.0 + 39 * w / 2 - lying[-1] < h < 100.0 + 40 * w / 2 - lying[-1]  # the scene
    assert physics.clear_spot(99, 500.0, 100.0, strip) == (500.0, 100.0)


def test_issue18_a_card_with_no_room_on_the_table_stays_where_let_go_margin_in() -> None:
    """With no room anywhere in reach, a put-back card stays where it was let go, but still
    the asked margin in from the area's edge (a card always fully on the table)."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    for card, (x, y) in enumerate((x, y) for x in range(-20, 141, 30)
                                  for y in range(-20, 141, 30)):
        physics.add(card, float(x), float(y))
    physics.add(99, 800.0, 500.0)
    assert physics.clear_spot(99, 0.0, 0.0, Rect(0, 0, 120, 120), 10.0) == (10.0, 10.0)


def test_a_card_lying_flush_against_the_tables_four_pixel_rim_is_not_nudged_by_it() -> None:
    """The table's edge is a rim 4 px wide: a card lying with its edge exactly 4 px from the
    screen's edge touches it without being pushed, and lies where it was put, still."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(0, 1000.0 - 4.0 - 20.0, 300.0)
    for _ in range(120):
        physics.step(STEP)
    assert tuple(physics.bodies[0].position) == (976.0, 300.0)
    assert not physics.astir


@pytest.mark.parametrize("towards", [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)])
def test_a_card_flung_toward_any_edge_of_the_table_comes_to_rest_on_it_by_that_edge(
        towards: tuple[float, float]) -> None:
    """The table's rim runs all round it: a card flung from the middle toward any of its four
    edges comes to rest on the table, within two card widths of that edge (nothing stops it
    before, nothing lets it off)."""
    table_rect, w = Rect(0, 0, 1000, 600), 40.0
    physics = CardPhysics(table_rect, w, 56.0)
    physics.add(0, 500.0, 300.0)
    body = physics.bodies[0]
    body.velocity = (towards[0] * 2500.0, towards[1] * 2500.0)
    for _ in range(900):
        physics.step(STEP)
    x, y = body.position
    assert table_rect.contains(x, y)
    edge = {(1.0, 0.0): table_rect.w - x, (-1.0, 0.0): x, (0.0, 1.0): table_rect.h - y,
            (0.0, -1.0): y}[towards]
    assert edge < 2 * w


def test_issue18_a_card_put_back_keeps_a_card_diagonal_from_where_another_is_sliding(
        ) -> None:
    """Issue 18: a card put back must hide nothing, also once the card sliding somewhere (a
    bot's move) arrives: it keeps a card's diagonal from that card's destination (exactly
    that far is far enough), and otherwise goes to the nearest ring of spots, half a card
    width out, that has such a spot, not farther out."""
    area, w, h = Rect(0, 0, 1000, 600), 40.0, 56.0
    physics = CardPhysics(area, w, h)
    apart, step = math.hypot(w, h), w / 2
    physics.add(1, 100.0, 500.0)
    physics.add(2, 900.0, 100.0)  # the card put back, still held far away
    target = (100.0, 300.0)
    physics.send(1, *target)  # card 1 slides there; the space round it is free now
    edge = (target[0] + apart, target[1])
    assert math.dist(edge, target) == apart  # exactly a diagonal from the destination
    assert physics.clear_spot(2, *edge, area) == edge
    between = (target[0] + (h + apart) / 2, target[1])  # more than a card's length away
    x, y = physics.clear_spot(2, *between, area)
    assert math.dist((x, y), target) >= apart
    assert math.dist((x, y), between) == pytest.approx(step)
    # the drop point and the nearest spots of its ring are too near the destination, the
    # ring's far side is not: the card goes there, not rings farther out
    drop = (target[0] - step - 38.0, target[1])
    x, y = physics.clear_spot(2, *drop, area)
    assert math.dist((x, y), target) >= apart
    assert math.dist((x, y), drop) == pytest.approx(step)


def test_a_sliding_card_comes_to_rest_where_it_was_sent() -> None:
    """A card sliding somewhere (going home, a bot's move) comes to rest at its destination:
    a finger taking it mid-slide takes it from there (its home, to go back to), the same at
    any frame rate; a card lying still rests where it lies."""
    area = Rect(0, 0, 1000, 600)
    physics = CardPhysics(area, 40.0, 56.0)
    physics.add(1, 200.0, 300.0)
    assert physics.settles_at(1) == (200.0, 300.0)
    physics.send(1, 500.0, 300.0)
    physics.step(STEP * 3)
    assert physics.bodies[1].position.x > 200.0  # the scene: on its way
    assert physics.settles_at(1) == (500.0, 300.0)


TABLE = Rect(0, 0, 1920, 1080)


def felt(*cards: tuple[int, float, float]) -> CardPhysics:
    """A 1920 x 1080 table with 60 x 84 px cards lying upright at the given (card, x, y)."""
    physics = CardPhysics(TABLE, 60.0, 84.0)
    for card, x, y in cards:
        physics.add(card, x, y)
    return physics


def test_a_card_taken_and_held_still_stays_exactly_where_it_lay() -> None:
    """A finger landing on a card (off its centre) and holding still does not move it: the
    point it took is pinned under the fingertip, so the card neither slides nor turns
    (CardPhysics.grab 21)."""
    physics = felt((1, 500.0, 300.0))
    body = physics.bodies[1]
    physics.grab(3, 1, 515.0, 320.0)
    for _ in range(60):
        physics.step(1 / 60)
    assert tuple(body.position) == pytest.approx((500.0, 300.0), abs=1e-3)
    assert body.angle == pytest.approx(0.0, abs=1e-6)


def test_a_held_card_closes_85_percent_of_the_gap_each_sixtieth_of_a_second() -> None:
    """The grip's pull: a card held at its centre, its finger moved 100 px, closes 85 % of
    what is left of the gap in every 1/60 s after the first step (the joint's error bias,
    the same at any frame rate) (CardPhysics.grab 29)."""
    physics = felt((1, 500.0, 300.0))
    body = physics.bodies[1]
    physics.grab(3, 1, 500.0, 300.0)
    physics.drag(3, 600.0, 300.0)
    physics.step(STEP)
    gaps = []
    for _ in range(3):
        physics.step(1 / 60)
        gaps.append(600.0 - body.position.x)
    assert [b / a for a, b in pairwise(gaps)] == pytest.approx([0.15, 0.15], rel=1e-6)


def test_a_finger_jumping_across_a_4k_table_pulls_its_card_as_any_jump_does() -> None:
    """The grip is strong enough for any jump a finger (or a tracker's glitch) makes across
    a 4K table in one frame: a card held at its centre closes the same share of the gap in
    that frame whether the finger jumped 100 px or 3700 px (CardPhysics.add 3: a card twice
    as heavy lags behind the long jump)."""
    shares = []
    for jump in (100.0, 3700.0):
        physics = CardPhysics(Rect(0, 0, 3840, 2160), 90.0, 126.0)
        physics.add(1, 70.0, 1000.0)
        physics.grab(3, 1, 70.0, 1000.0)
        physics.drag(3, 70.0 + jump, 1000.0)
        physics.step(1 / 60)
        shares.append((physics.bodies[1].position.x - 70.0) / jump)
    assert shares[1] == pytest.approx(shares[0], rel=1e-9) and shares[0] > 0.5


def test_a_fingertip_landing_on_a_spinning_card_stops_its_spin_at_once() -> None:
    """SPIN_GRIP: a fingertip pressing a card stops it spinning under it, its free spin
    falling to 1/e in 1/80 s: a card spinning at 20 radians a second, pressed at its centre,
    turns at under a radian a second 1/20 s later (CardPhysics.grab 43)."""
    physics = felt((1, 500.0, 300.0))
    body = physics.bodies[1]
    body.angular_velocity = 20.0
    physics.grab(3, 1, 500.0, 300.0)
    for _ in range(3):
        physics.step(1 / 60)
    assert abs(body.angular_velocity) < 1.0


def test_a_finger_taking_a_sliding_card_stops_its_slide_where_it_is_let_go() -> None:
    """A card sliding somewhere by itself (a refused card going back, a bot's move) that a
    finger takes is the finger's: let go, it comes to rest where the finger left it, not
    going on to where it was sent (CardPhysics.grab 5)."""
    physics = felt((1, 300.0, 300.0))
    body = physics.bodies[1]
    physics.send(1, 900.0, 300.0)
    physics.step(1 / 60)
    x, y = body.position
    physics.grab(3, 1, x, y)
    assert physics.resting(1) is False  # held
    physics.drag(3, x, 600.0)
    for _ in range(30):
        physics.step(1 / 60)
    physics.release(3)
    for _ in range(240):
        physics.step(1 / 60)
    assert physics.resting(1) and physics.settles_at(1) == tuple(body.position)
    assert math.dist(body.position, (x, 600.0)) < 60.0


def test_fingers_let_go_leave_nothing_behind_in_the_space() -> None:
    """A table plays all day: every grip a finger let go is gone from the physics' space
    (its finger body, joint and spin grip), so the space holds only the cards' bodies,
    however many fingers came and went (CardPhysics.release 11)."""
    physics = felt((1, 300.0, 300.0), (2, 700.0, 300.0))
    for touch in range(20):
        card = 1 + touch % 2
        x, y = physics.bodies[card].position
        physics.grab(touch, card, x, y)
        physics.step(1 / 60)
        assert physics.release(touch) == card
    assert set(physics.space.bodies) == set(physics.bodies.values())
    assert not physics.space.constraints


def test_a_card_taken_off_the_table_leaves_nothing_of_it_in_the_space() -> None:
    """A card stacked onto a train or laid in a row is gone from the physics' space, its
    shape too: only the table's four walls and the remaining cards' shapes are left
    (CardPhysics.remove 15)."""
    physics = felt((1, 300.0, 300.0), (2, 700.0, 300.0))
    walls = (
        set(physics.space.shapes) - set(physics.bodies[1].shapes) - set(physics.bodies[2].shapes)
    )
    assert len(walls) == 4
    physics.remove(1)
    assert set(physics.space.shapes) == walls | set(physics.bodies[2].shapes)
    assert set(physics.space.bodies) == {physics.bodies[2]}


def test_at_144_frames_a_second_the_cards_step_as_at_60() -> None:
    """Fixed steps at any frame rate: frames shorter than a step (a 144 Hz display) add up
    until a step is due, so a second of them takes the second's 120 steps and a card sent
    somewhere slides as far as at 60 frames a second (CardPhysics.step 1)."""
    moved = []
    for fps in (60, 144):
        physics = felt((1, 300.0, 300.0))
        physics.send(1, 900.0, 300.0)
        steps = sum(physics.step(1 / fps) for _ in range(fps))
        assert steps in (119, 120), fps
        moved.append(physics.bodies[1].position.x - 300.0)
    assert moved[1] == pytest.approx(moved[0], abs=15.0) and moved[0] > 400


def test_a_frame_exactly_one_step_long_takes_that_step_and_a_60hz_frame_two() -> None:
    """`step` takes every fixed step due, one exactly due too, and says how many it took:
    a frame of exactly STEP takes one; a 1/60 s frame two (CardPhysics.step 10, step 33)."""
    physics = felt((1, 300.0, 300.0))
    physics.send(1, 900.0, 300.0)
    assert physics.step(STEP) == 1
    assert physics.bodies[1].position.x > 300.0
    assert physics.step(1 / 60) == 2


def test_a_card_sent_exactly_a_pixel_away_still_slides_there() -> None:
    """A sent card has arrived once it is less than a pixel from its spot; exactly a pixel
    away it still slides on toward it (CardPhysics.step 20)."""
    physics = felt((1, 300.0, 300.0))
    physics.send(1, 301.0, 300.0)
    physics.step(STEP)
    assert not physics.resting(1) and physics.bodies[1].position.x > 300.0


def exactly_after_a_step(speed: float, spin: bool) -> CardPhysics:
    """A card let go in the middle of the felt that, one step of felt later, moves at
    exactly `speed` pixels a second along x (`spin`: turns at exactly `speed` radians a
    second instead), found by trying the floats just above it until the felt's damping
    gives `speed` itself."""
    start = speed / CardPhysics(TABLE, 60.0, 84.0).space.damping ** STEP
    for _ in range(200):
        physics = felt((1, 960.0, 540.0))
        body = physics.bodies[1]
        if spin:
            body.angular_velocity = start
        else:
            body.velocity = (start, 0.0)
        physics.step(STEP)
        now = body.angular_velocity if spin else body.velocity.x
        if now == speed and (spin or body.velocity.y == 0.0):
            return physics
        start = math.nextafter(start, math.inf if now < speed else 0.0)
    raise AssertionError(f"no float reaches {speed} after a step")


@pytest.mark.parametrize(("spin", "threshold"), [(False, REST_SPEED), (True, REST_SPIN)])
def test_a_card_let_go_moving_at_exactly_the_rest_speed_or_spin_is_not_yet_still(
    spin: bool, threshold: float
) -> None:
    """REST_SPEED and REST_SPIN are speeds under which a card counts as lying still: one
    moving (or turning) at exactly that speed is still astir, the drawing still asks where
    it is (CardPhysics._still 10, _still 13)."""
    physics = exactly_after_a_step(threshold, spin)
    assert 1 in physics.astir
