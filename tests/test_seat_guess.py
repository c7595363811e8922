"""The seat guesser's per-move questions (issue 9), read in one pass per finger (issue 27):
the provisional seat at a touch-down (R9: the nearest free seat within reach) and the seat a
carried card is pulled toward (with hysteresis), the same as asking each seat one by one."""

from __future__ import annotations

import math
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from seigneurs.input.events import Contact
from seigneurs.table.attribution.guess import HEADING, HOMES, MARGIN, SeatGuesser

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
