"""The seat policy's figures, each at its edge (R9 at a table that guesses seats): how long a
card may lie still before it gives way, how far a child's arm reaches, that a card carried
toward a seat stays that seat's, and that the other hand of a child who drops a card is
looked for among the cards that may be theirs."""

from __future__ import annotations

import math

import pytest
from helpers import started_race
from race_table import (
    FINGER,
    NEW_FINGER,
    STRAIGHT_END,
    STRAIGHT_START,
    cards_nearest,
    held,
    pulled_toward,
    toward,
)

from seigneurs.table import events
from seigneurs.table.attribution import GiveWay, Occupied, Reguess
from seigneurs.table.attribution.decide import AGAIN_CM, AGAIN_S, Attribution, Drop, drop
from seigneurs.table.attribution.guess import HEADING, SeatGuesser
from seigneurs.table.attribution.hands import Carry, Hands
from seigneurs.table.attribution.policy import STILL, SeatPolicy
from seigneurs.table.controller import RaceController
from seigneurs.table.geometry import Point


def test_r9_a_card_lying_still_gives_way_after_one_and_a_half_seconds(
        control: RaceController) -> None:
    """A lost lift frees the child's seat for their next card 1.5 s after the card stopped
    moving; not sooner (a child holds a card still to look at it)."""
    held(control, 0, decided=True)
    assert control.policy.room(0, NEW_FINGER, 11.4) == Occupied()
    assert control.policy.room(0, NEW_FINGER, 11.5) == GiveWay(FINGER)


def test_r9_the_same_childs_new_touch_frees_a_still_card_after_one_second(
        control: RaceController) -> None:
    held(control, 0, decided=True)
    assert control.policy.room(0, NEW_FINGER, 10.9, same_child=True) == Occupied()
    assert control.policy.room(0, NEW_FINGER, 11.0, same_child=True) == GiveWay(FINGER)


def carried_home(control: RaceController) -> Carry:
    """FINGER carries a card guessed seat 0's, from over three travels away, a travel and a
    half straight toward seat 0."""
    anchor = control.geometry.anchors[0]
    card = next(c for c in control.physics.bodies
                if math.dist(control.physics.bodies[c].position, anchor) >
                control.policy.travel * 3)
    start = tuple(control.physics.bodies[card].position)
    where = toward(start, anchor, control.policy.travel * 1.5)  # type: ignore[arg-type]
    return held(control, 0, decided=False, at=where, card=card)


def test_a_card_carried_toward_a_seat_stays_that_seats(control: RaceController) -> None:
    """A guessed card already carried a card's travel straight toward its seat is that child's:
    a second finger guessed to the same seat does not re-guess it to a neighbour."""
    carried_home(control)
    assert control.policy.room(0, NEW_FINGER, 10.1, math.inf, keep_carried=True) == Occupied()
    moved = control.policy.room(0, NEW_FINGER, 10.1, math.inf)  # without: a neighbour's
    assert isinstance(moved, Reguess) and moved.finger == FINGER and moved.seat != 0


def carried_straight_up(control: RaceController, distance: float) -> tuple[Point, Point]:
    """FINGER carries a card guessed seat 0's `distance` straight toward seat 0 (heading over
    HEADING), from (seat 0's x, 544); where from, and where to."""
    card = cards_nearest(control, 0)[-1]
    home = (control.geometry.anchors[0][0], 544.0)  # seat 0 sits at the top: up is toward them
    control.physics.bodies[card].position = home
    where = (home[0], home[1] - distance)
    assert control.guesser.heading(0, home, *where) > HEADING
    held(control, 0, decided=False, at=where, card=card)
    return home, where


def test_r9_a_card_carried_exactly_a_travel_toward_its_seat_stays_that_seats(
        control: RaceController) -> None:
    """The travel counts to its end: a guessed card carried exactly a card's travel straight
    toward seat 0 (heading over HEADING) is seat 0's child's; a second finger guessed seat
    0's does not re-guess it to a neighbour (R9; exact sums: the distance is the travel to
    the last bit)."""
    home, where = carried_straight_up(control, control.policy.travel)
    assert math.dist(home, where) == control.policy.travel
    assert control.policy.room(0, FINGER + 1, 10.1, math.inf, keep_carried=True) == Occupied()


def straight_policy(hands: Hands) -> SeatPolicy:
    """A policy over two seats at (-100, 0) and (60, 63), a card's travel 50: STRAIGHT_START to
    STRAIGHT_END goes exactly HEADING straight toward seat 1."""
    guesser = SeatGuesser([(-100.0, 0.0), (60.0, 63.0)], [0, 1])
    return SeatPolicy(hands, guesser, 50.0)


def test_r9_a_card_carried_exactly_heading_straight_toward_its_seat_may_still_be_re_guessed(
        ) -> None:
    """A guessed card stays its seat's against a second finger only once carried straighter
    than HEADING toward it; exactly HEADING straight (and a travel far), it is re-guessed to
    the other free seat (room 24)."""
    hands = Hands(px_per_cm=1.0)
    policy = straight_policy(hands)
    carry = Carry(3, 1, False, STRAIGHT_START, 1.0)
    carry.trail.append((1.0, *STRAIGHT_END))
    hands.carries[FINGER] = carry
    assert policy.guesser.heading(1, STRAIGHT_START, *STRAIGHT_END) == HEADING
    assert policy.room(1, NEW_FINGER, 1.1, math.inf, keep_carried=True) == Reguess(FINGER, 0)


def test_r9_a_card_carried_straight_toward_its_seat_but_not_a_travel_far_may_be_re_guessed(
        control: RaceController) -> None:
    """Both halves count: a guessed card carried straight toward seat 0, but half a card's
    travel, is not yet kept for seat 0; a second finger guessed seat 0's re-guesses it to a
    neighbour (room 18)."""
    carried_straight_up(control, control.policy.travel / 2)
    room = control.policy.room(0, NEW_FINGER, 10.1, math.inf, keep_carried=True)
    assert isinstance(room, Reguess) and room.finger == FINGER and room.seat != 0


def test_r9_a_card_thrown_exactly_heading_straight_at_another_zone_is_no_drop_on_it() -> None:
    """A flung card is a drop on another child's zone only if it flew straighter than
    HEADING toward them; exactly HEADING, it went astray: its own guess keeps it (drop 35)."""
    hands = Hands(px_per_cm=1.0)  # a fling: faster than 120 px a second
    policy = straight_policy(hands)
    table = Attribution(started_race("lords", 2), policy.guesser, policy, hands, [0, 1], 1.0,
                        10.0, lambda x, y: 1)
    carry = Carry(3, 0, False, STRAIGHT_START, 1.0)
    carry.trail.extend([(1.0, *STRAIGHT_START), (1.05, *STRAIGHT_END)])
    assert hands.flung(carry, *STRAIGHT_END, 1.05)
    assert drop(carry, *STRAIGHT_END, 1.05, table) == Drop(0, None)


@pytest.mark.parametrize(("widths", "stays"), [(1.25, False), (1.75, True)])
def test_r9_a_card_carried_one_and_a_half_card_widths_toward_a_seat_stays_that_seats(
    control: RaceController, widths: float, stays: bool
) -> None:
    """A card's travel is one and a half card widths: a guessed card carried that far
    straight toward its seat is that child's (a second finger guessed to the seat does not
    re-guess it to a neighbour); carried less far, its heading does not count yet.
    (RaceController.__init__ 55)"""
    anchor, card_w = control.geometry.anchors[0], control.geometry.card_w
    bodies = control.physics.bodies
    card = next(c for c in sorted(bodies) if math.dist(bodies[c].position, anchor) > card_w * 5)
    start = (bodies[card].position.x, bodies[card].position.y)
    held(control, 0, decided=False, at=toward(start, anchor, card_w * widths), card=card)
    room = control.policy.room(0, NEW_FINGER, 10.1, math.inf, keep_carried=True)
    assert room == Occupied() if stays else isinstance(room, Reguess), room


def test_a_child_refused_may_try_again_next_to_where_they_were_refused(
        control: RaceController) -> None:
    """A touch refused at a spot no child's reach covers: the next touch within AGAIN_CM of
    it, within AGAIN_S, is the same child trying again (not refused for the same reason);
    further away, or later, it is not."""
    seats, guesser = control.seats, control.guesser
    spot = (1100.0, 540.0)
    assert all(math.dist(body, spot) > guesser.reach for body in guesser.bodies)  # the scene
    seats.remember(*spot, 1.0)
    near = AGAIN_CM * control.geometry.px_per_cm
    assert seats.again(spot[0], spot[1] + near * 0.9, 1.5)
    assert not seats.again(spot[0], spot[1] + near * 1.1, 1.5)
    assert not seats.again(*spot, 1.0 + AGAIN_S + 0.1)


def test_r9_a_card_pulled_to_a_seat_whose_card_lay_still_too_long_sends_that_card_home(
        control: RaceController) -> None:
    """R9 with guessed seats: a card carried toward seat 1, whose child has held a card still
    for longer than STILL, is seat 1's now, and the card lying still gives way: it slides
    home, the view told which card, for which seat, on which finger."""
    anchors, bodies = control.geometry.anchors, control.physics.bodies
    card, other = sorted((c for c in bodies if control.loose(c)),
                         key=lambda c: math.dist(bodies[c].position, anchors[0]))[:2]
    still = held(control, 1, decided=True, finger=NEW_FINGER, card=other,
                 moved_at=control.play.clock - STILL - 1.0)  # the table's clock
    seen = pulled_toward(control, card, 1)
    assert events.SeatChanged(1, card, FINGER) in seen
    assert [e for e in seen if isinstance(e, events.SlidHome)] == [
        events.SlidHome(1, other, NEW_FINGER, *still.home)]
    assert list(control.hands.carries) == [FINGER]


def test_a_child_refused_may_try_again_up_to_exactly_again_cm_away_and_again_s_later(
        control: RaceController) -> None:
    """A touch refused where no child's reach covers: the next touch is the same child trying
    again up to exactly AGAIN_CM from it, however it lies from there (sideways as much as up),
    and up to exactly AGAIN_S later; a little farther, it is not."""
    seats, guesser = control.seats, control.guesser
    spot = (0.0, 540.0)  # at the screen's left edge, between two children's reaches
    assert all(math.dist(body, spot) > guesser.reach for body in guesser.bodies)  # the scene
    seats.remember(*spot, 1.0)
    near = AGAIN_CM * control.geometry.px_per_cm
    assert math.hypot(near - spot[0], 0.0) == near  # the touch is exactly AGAIN_CM away
    assert seats.again(near, spot[1], 1.5)
    assert not seats.again(near * 1.1, spot[1], 1.5)  # sideways, a little farther
    assert seats.again(*spot, 1.0 + AGAIN_S)
    assert not seats.again(*spot, math.nextafter(1.0 + AGAIN_S, math.inf))


@pytest.mark.parametrize("refused_at_the_edge", [False, True])
def test_a_child_refused_may_try_again_anywhere_within_reach_to_its_very_edge(
        control: RaceController, refused_at_the_edge: bool) -> None:
    """A touch refused within one child's reach: their next touch anywhere within that reach
    is them trying again, however far from the first; both ends may lie at the very edge of
    the reach (exactly `reach` from where the child stands)."""
    seats, guesser = control.seats, control.guesser
    body, reach = guesser.bodies[1], guesser.reach
    edge, inside = (body[0] - reach, body[1]), (body[0] - reach / 4, body[1])
    assert math.dist(body, edge) == reach  # exactly at the reach's edge
    for other in (0, 2):  # only child 1 reaches both
        assert math.dist(guesser.bodies[other], edge) > reach
        assert math.dist(guesser.bodies[other], inside) > reach
    near = AGAIN_CM * control.geometry.px_per_cm
    assert math.dist(edge, inside) > near  # too far apart to be the same spot
    refused, touch = (edge, inside) if refused_at_the_edge else (inside, edge)
    seats.remember(*refused, 1.0)
    assert seats.again(*touch, 1.5)


def test_refused_touches_are_remembered_for_again_s_exactly_then_forgotten(
        control: RaceController) -> None:
    """The table remembers refused touches for AGAIN_S (a child trying again is not refused
    twice), each up to exactly AGAIN_S old whatever came after, and then forgets them: a
    table refusing touches all day keeps only the last few seconds' worth."""
    seats, guesser = control.seats, control.guesser
    spot, elsewhere = (0.0, 540.0), (1300.0, 0.0)
    near = AGAIN_CM * control.geometry.px_per_cm
    assert math.dist(spot, elsewhere) > near
    for where in (spot, elsewhere):
        assert all(math.dist(body, where) > guesser.reach for body in guesser.bodies)
    seats.remember(*spot, 1.0)
    seats.remember(*elsewhere, 3.5)  # another refusal meanwhile
    assert seats.again(*spot, 4.0)
    seats.remember(*elsewhere, 1.0 + AGAIN_S)  # yet another, exactly AGAIN_S after the first
    assert seats.again(*spot, 1.0 + AGAIN_S)
    seats.remember(*elsewhere, 10.0)
    assert seats.refused == [(10.0, *elsewhere)]
