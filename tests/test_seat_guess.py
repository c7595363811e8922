"""The seat guesser's per-move questions (issue 9), read in one pass per finger (issue 27):
the provisional seat at a touch-down (R9: the nearest free seat within reach) and the seat a
carried card is pulled toward (with hysteresis), the same as asking each seat one by one."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from race_table import LAYOUT, STRAIGHT_END, STRAIGHT_START
from race_table import controller as kids_controller

from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.attribution.guess import (
    ARM_DEGREES,
    HEADING,
    HOMES,
    MARGIN,
    WANTED,
    SeatGuesser,
)
from seigneurs.table.controller import COUNTDOWN

ROUND = [(500.0, 0.0), (1000.0, 250.0), (1000.0, 750.0), (500.0, 1000.0), (0.0, 750.0),
         (0.0, 250.0)]
"""Six seats round a 1000 x 1000 table."""


def one_by_one_at_down(g: SeatGuesser, x: float, y: float, holds: Callable[[int], bool],
                       reach: float, contact: Contact | None) -> int | None:
    """R9's provisional seat, each seat's distance and arm asked on its own."""
    order = sorted(g.candidates, key=lambda s: g.distance(s, x, y) * g.arm(s, x, y, contact))
    for rank, seat in enumerate(order):
        if not holds(seat) and (rank == 0 or g.distance(seat, x, y) <= reach):
            return seat
    return None


def one_by_one_while_carried(g: SeatGuesser, seat: int, start: tuple[float, float],
                             x: float, y: float, travel: float) -> int:
    moved = math.hypot(x - start[0], y - start[1])
    if moved < travel:
        return seat

    def heading(s: int) -> float:
        return 0.0 if moved == 0 else (g.distance(s, *start) - g.distance(s, x, y)) / moved
    best = max(g.candidates, key=heading)
    if best != seat and heading(best) > HEADING and heading(best) > heading(seat) + MARGIN:
        return best
    return seat


def test_r9_at_down_the_nearest_free_seat_within_reach() -> None:
    g = SeatGuesser(ROUND, range(6), reach=400.0)
    x, y = 560.0, 80.0  # nearest seat 0, then 1 (about 455 away), then 5 (about 575)
    assert g.at_down(x, y, lambda s: False) == 0
    assert g.at_down(x, y, lambda s: s == 0, reach=500.0) == 1  # seat 0 holds a card
    assert g.at_down(x, y, lambda s: s in (0, 1), reach=600.0) == 5
    assert g.at_down(x, y, lambda s: s == 0) is None  # the next free seat is out of reach
    assert g.at_down(80.0, 300.0, lambda s: False) == 5  # x and y are not the same thing


def test_a_card_pulled_a_little_straighter_to_another_seat_stays_its_guess() -> None:
    g = SeatGuesser(ROUND, range(6))
    start = (500.0, 500.0)
    toward_1 = (700.0, 400.0)  # straight at seat 1 (1000, 250)? not quite: also near 2
    h = g.headings(start, *toward_1)
    assert h[1] > HEADING
    assert g.while_carried(1, start, *toward_1, travel=100.0) == 1
    assert g.while_carried(0, start, *toward_1, travel=100.0) == 1  # pulled to seat 1
    assert g.while_carried(0, start, *toward_1, travel=400.0) == 0  # not far enough yet
    near_both = (750.0, 500.0)  # between seats 1 and 2: about as straight toward each
    h = g.headings(start, *near_both)
    assert abs(h[1] - h[2]) < MARGIN and max(h[1], h[2]) > HEADING
    assert g.while_carried(1, start, *near_both, travel=100.0) == 1  # no flicker
    assert g.while_carried(2, start, *near_both, travel=100.0) == 2
    assert g.headings(start, *start) == [0.0] * 6  # a card not moved heads nowhere


points = st.tuples(st.floats(0, 1000), st.floats(0, 1000))


@given(points, st.sets(st.integers(0, 5)), st.floats(0, 1500),
       st.one_of(st.none(), st.builds(Contact, st.just(0.01), st.just(0.01),
                                      st.floats(-180, 180), st.booleans())))
def test_at_down_is_each_seat_asked_on_its_own(point: tuple[float, float], held: set[int],
                                                reach: float, contact: Contact | None) -> None:
    g = SeatGuesser(ROUND, [0, 1, 2, 3, 5], bodies=[(a, b * 1.1) for a, b in ROUND])
    assert g.at_down(*point, held.__contains__, reach, contact) == \
        one_by_one_at_down(g, *point, held.__contains__, reach, contact)


@given(points, points, st.integers(0, 5), st.floats(0, 600))
def test_while_carried_is_each_seat_asked_on_its_own(start: tuple[float, float],
                                                     at: tuple[float, float], seat: int,
                                                     travel: float) -> None:
    g = SeatGuesser(ROUND, range(6))
    assert g.while_carried(seat, start, *at, travel) == \
        one_by_one_while_carried(g, seat, start, *at, travel)


def test_a_guesser_asked_from_many_starts_in_turn_answers_as_one_asked_afresh() -> None:
    """`headings` keeps each start's distances to the seats (at most HOMES starts, issue 27: a
    carry asks from one start at every move): asked from more starts than that, in turn and
    again, with starts sharing an x or a y, it answers what a new guesser does."""
    kept = SeatGuesser(ROUND, range(6))
    starts = [(100.0 * (k % 9), 100.0 * (k // 9)) for k in range(HOMES + 17)]
    for again in range(3):
        for k, start in enumerate(starts):
            at = (start[0] + 37.0 * (k % 5) - 70.0, start[1] + 150.0 - 29.0 * again)
            fresh = SeatGuesser(ROUND, range(6))
            assert kept.headings(start, *at) == fresh.headings(start, *at)
            assert kept.while_carried(k % 6, start, *at, 100.0) == \
                one_by_one_while_carried(fresh, k % 6, start, *at, 100.0)
            assert len(kept._homes) <= HOMES


@given(points, points)
def test_headings_and_distances_are_the_hypot_formula_to_the_bit(
        start: tuple[float, float], at: tuple[float, float]) -> None:
    """Issue 27: the per-move headings measure distances with `math.dist` in C; the figures
    are the plain formula's to the last bit (the crowd's games stay the same)."""
    g = SeatGuesser(ROUND, range(6))
    moved = math.hypot(at[0] - start[0], at[1] - start[1])
    far = [math.hypot(at[0] - ax, at[1] - ay) for ax, ay in ROUND]
    assert [g.distance(s, *at) for s in range(6)] == far
    assert g.headings(start, *at) == ([0.0] * 6 if moved == 0 else [
        (math.hypot(start[0] - ax, start[1] - ay) - d) / moved for (ax, ay), d in
        zip(ROUND, far, strict=True)])


def pointing(angle: float, signed: bool = True) -> Contact:
    """A fingertip's contact whose long axis (or, `signed`, its pointing) is `angle` degrees."""
    return Contact(0.01, 0.008, angle, signed)


ARM_AT_0 = SeatGuesser([(0.0, 0.0)], [0])
"""One seat whose child sits at the origin: a finger at (10, 0) lies along their arm, 0 deg."""


@pytest.mark.parametrize(("off", "arm"), [(0.0, 1.0), (22.5, 1.25), (45.0, 2.0), (90.0, 5.0)])
def test_a_finger_off_a_seats_arm_counts_that_seat_farther_by_the_square(
        off: float, arm: float) -> None:
    """Issue 9's orientation cue: a finger pointing along a child's arm leaves their seat's
    distance as it is (1), one ARM_DEGREES off counts it twice as far, and the cost grows with
    the square of the angle off (a little off is nearly nothing: a child's finger wavers)."""
    assert ARM_AT_0.arm(0, 10.0, 0.0, pointing(off)) == arm
    assert ARM_AT_0.arm(0, 10.0, 0.0, pointing(-off)) == arm


@pytest.mark.parametrize("signed", [True, False])
def test_an_angle_off_a_seats_arm_counts_the_same_across_the_wrap(signed: bool) -> None:
    """Issue 9: a finger 10 degrees off the arm counts the same either side of it, also where
    its angle wraps round (350 is -10 degrees; an axis only, 170 is -10 too, since an
    ellipse's axis and the axis turned half a turn are one)."""
    turn = 360.0 if signed else 180.0
    ten_off = ARM_AT_0.arm(0, 10.0, 0.0, pointing(10.0, signed))
    assert ten_off == 1.0 + (10.0 / ARM_DEGREES) ** 2
    assert ARM_AT_0.arm(0, 10.0, 0.0, pointing(turn - 10.0, signed)) == ten_off


def test_an_axis_along_a_seats_arm_points_either_way() -> None:
    """Issue 9: a contact whose angle is unsigned gives an axis only: 180 degrees is the same
    ellipse as 0, so it lies along the arm of the child at 0 degrees (no cost), whereas a
    signed finger pointing at 180 points straight at that child (four ARM_DEGREES off)."""
    assert ARM_AT_0.arm(0, 10.0, 0.0, pointing(180.0, signed=False)) == 1.0
    assert ARM_AT_0.arm(0, 10.0, 0.0, pointing(180.0)) == 17.0


def test_r9_a_free_seat_exactly_at_arms_reach_takes_the_finger() -> None:
    """R9 at touch-down: the nearest seat (5 away) holds a card, the next free seat is exactly
    `reach` (10) away: within reach (the limit is inclusive), so the finger is that seat's;
    with the reach a hair shorter, nobody's."""
    g = SeatGuesser([(3.0, 4.0), (6.0, 8.0)], [0, 1], reach=10.0)
    assert g.distance(1, 0.0, 0.0) == 10.0
    assert g.at_down(0.0, 0.0, lambda s: s == 0) == 1
    assert g.at_down(0.0, 0.0, lambda s: s == 0, reach=math.nextafter(10.0, 0.0)) is None


def test_a_child_wanting_a_card_counts_nearer_up_to_their_reach_inclusive() -> None:
    """Issue 9: a seat that wants a face-up card (it fits their train) counts WANTED as near
    (10 x 0.6 = 6 against 8) when the card lies within their reach, the edge included; beyond
    it, the nearer seat that does not want it is likelier."""
    card = (0.0, 0.0)
    for reach, likeliest in ((10.0, 0), (math.nextafter(10.0, 0.0), 1)):
        g = SeatGuesser([(6.0, 8.0), (0.0, 8.0)], [0, 1], reach=reach)
        assert g.likeliest(*card, lambda s: s == 0) == likeliest


def test_a_card_pulled_exactly_heading_straight_toward_a_seat_stays_its_guess() -> None:
    """Issue 9 (hysteresis): a carried card goes to another seat only once it travels
    straighter than HEADING toward it; exactly HEADING straight, the guess stays."""
    g = SeatGuesser([(-100.0, 0.0), (60.0, 63.0)], [0, 1])
    assert g.headings(STRAIGHT_START, *STRAIGHT_END)[1] == HEADING
    assert g.while_carried(0, STRAIGHT_START, *STRAIGHT_END, travel=50.0) == 0
    assert g.while_carried(0, STRAIGHT_START, 60.0, 79.0, travel=50.0) == 1  # a hair more


def test_a_card_pulled_exactly_margin_straighter_toward_another_seat_stays_its_guess() -> None:
    """Issue 9 (hysteresis): carried 120 along x, a card heads 0.75 toward (120, 35) and 0.6
    toward (99, 20), its guess: straighter than HEADING, but only MARGIN straighter than toward
    the guess, which it keeps (it needs more than MARGIN: no flicker between two seats)."""
    g = SeatGuesser([(99.0, 20.0), (120.0, 35.0)], [0, 1])
    headings = g.headings((0.0, 0.0), 120.0, 0.0)
    assert headings == [0.6, 0.75] and headings[1] == headings[0] + MARGIN
    assert g.while_carried(0, (0.0, 0.0), 120.0, 0.0, travel=50.0) == 0
    assert g.while_carried(0, (0.0, 0.0), 120.0, 1.0, travel=50.0) == 1  # a hair straighter


def test_a_card_that_has_not_moved_heads_toward_no_seat() -> None:
    """A card carried nowhere yet says nothing about whose it is: its heading toward every
    seat is 0 (not 1, straight home to each)."""
    guesser = SeatGuesser([(0.0, 0.0), (100.0, 0.0), (50.0, 80.0)], [0, 1, 2], reach=60.0)
    assert guesser.headings((40.0, 30.0), 40.0, 30.0) == [0.0, 0.0, 0.0]
    assert guesser.headings((40.0, 30.0), 40.0, 0.0)[0] > 0  # moved: toward seat 0


def test_r9_a_card_that_fits_only_the_farther_childs_train_is_guessed_theirs() -> None:
    """Whose hand is it: children search for cards that fit their train, so a finger on a
    face-up card lying a little nearer seat 0, but fitting only seat 1's train (within seat
    1's reach), is guessed seat 1's."""
    control = kids_controller(2, 0, 0, users=False)
    control.tick(COUNTDOWN)
    guesser, bodies, w, h = control.guesser, control.physics.bodies, LAYOUT.width, LAYOUT.height
    def nearer_but_wanted(card: int) -> bool:
        d0, d1 = (guesser.distance(s, *bodies[card].position) for s in (0, 1))
        return (control.loose(card) and d0 < d1 <= guesser.reach and d1 * WANTED < d0
                and control.seats.wanting(card) == {1})
    card = next(c for c in sorted(bodies) if nearer_but_wanted(c))
    x, y = bodies[card].position
    control.drain()
    control.touches([TouchEvent(4, TouchPhase.DOWN, x / w, y / h, COUNTDOWN)], w, h)
    assert [(e.seat, e.card) for e in control.drain() if isinstance(e, events.Picked)] == [
        (1, card)]


def test_r9_a_childs_reach_is_measured_from_the_tables_edge_behind_their_zone() -> None:
    """Whose hand is it: a child's arm reaches from where they stand, at the table's edge
    behind their zone, so each seat's body lies farther from the table's middle than its
    zone's centre, by half the zone's depth."""
    control = kids_controller(3, 0, 0, users=False)
    geometry, guesser = control.geometry, control.guesser
    middle = (LAYOUT.width / 2, LAYOUT.height / 2)
    for spots, body, anchor in zip(geometry.seats, guesser.bodies, geometry.anchors,
                                   strict=True):
        zone = spots.place.zone
        assert math.dist(body, anchor) == pytest.approx(min(zone.w, zone.h) / 2)
        assert math.dist(body, middle) > math.dist(anchor, middle)
