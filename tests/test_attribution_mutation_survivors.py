"""Seat attribution (R9, README "Whose hand is it?") where the mutation samples of
`seigneurs/table` (scripts/mutation.py table, seeds 1124 and 6007) found it unguarded by every
test file: each test names the rule it holds and failed on its mutant. The scenes go through
the real touch path (touch events -> controller -> attribution) where a figure's edge allows;
an edge to the last bit is set up on the policy itself, as in test_attribution_constants.py."""

from __future__ import annotations

import math

import pytest
from test_attribution_constants import DROPPING, FINGER, control, held, toward

from seigneurs.game import GameConfig, Whistle
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.attribution.policy import AWAY_HEADING, AWAY_TRAVEL
from seigneurs.table.controller import RaceController
from seigneurs.table.geometry import Point
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout
from seigneurs.table.session import Seating

__all__ = ["control"]  # the fixture: three children at a lords table in play


def kids() -> RaceController:
    """Three children at a lords table in play; the touch source's user ids 0, 1 and 2 name
    seats 0, 1 and 2 (a touch without one is guessed)."""
    layout = TableLayout.build(1920, 1080)
    places = tuple(layout.places[i] for i in layout.spread(3))
    session = open_session(layout, Seating(places, (None, None, None), {0: 0, 1: 1, 2: 2}),
                           GameConfig.for_players("lords", 3, 5))
    assert isinstance(session.control, RaceController)
    assert session.game.apply(Whistle(0, 0.0)).ok
    return session.control


def touch(control: RaceController, finger: int, phase: TouchPhase, at: Point, t: float,
          user: int | None = None) -> None:
    """One touch event at `at` (table pixels) and time `t`, the table's clock brought there
    first, as the window does frame by frame."""
    if t > control.play.clock:
        control.tick(t - control.play.clock)
    width, height = control.geometry.width, control.geometry.height
    control.touches([TouchEvent(finger, phase, at[0] / width, at[1] / height, t, user)],
                    width, height)


def cards_nearest(control: RaceController, seat: int) -> list[int]:
    """The loose cards whose nearest seat is `seat`, nearest first."""
    guesser, bodies = control.guesser, control.physics.bodies
    return sorted((c for c in bodies if guesser.nearest(*bodies[c].position) == seat),
                  key=lambda c: guesser.distance(seat, *bodies[c].position))


def spot(control: RaceController, card: int) -> Point:
    """Where `card` lies."""
    x, y = control.physics.bodies[card].position
    return x, y


def carry_home(control: RaceController, finger: int, card: int, seat: int, t: float) -> None:
    """`finger` takes `card` at `t` and carries it onto `seat`'s zone without lifting (five
    moves, 0.04 s apart, the last at `t` + 0.2)."""
    start, anchor = spot(control, card), control.geometry.anchors[seat]
    touch(control, finger, TouchPhase.DOWN, start, t)
    for step in range(1, 6):
        touch(control, finger, TouchPhase.MOVE,
              toward(start, anchor, math.dist(start, anchor) * step / 5), t + step * 0.04)


def pulled_toward_a_full_seat(user: int | None) -> tuple[RaceController, int, list[events.Event]]:
    """Seat 0's child carries a card home while seats 1 and 2 hold one each. Another finger
    (user id `user`, or none) lands on a card nearest seat 0, within seat 2's reach: every
    seat is full, so the card stays guessed seat 0's, marked as maybe seat 0's child's other
    hand (or, with a user id, that child's). It is carried a card and a half straight toward
    seat 1, which holds a card (the guess stays: R9). Seat 2's child puts their card back, and
    seat 0's child drops theirs on their zone. The table, that finger, and what the drop did."""
    control = kids()
    near_0, anchors = cards_nearest(control, 0), control.geometry.anchors
    reach = control.guesser.reach
    mine = next(c for c in near_0 if control.guesser.distance(0, *spot(control, c))
                > control.policy.travel)
    pulled = next(c for c in near_0 if c != mine and control.guesser.distance(
        2, *toward(spot(control, c), anchors[1], control.policy.travel * 1.5)) < reach * 0.9)
    theirs_1, theirs_2 = cards_nearest(control, 1)[0], cards_nearest(control, 2)[0]
    for finger, card in ((2, theirs_1), (3, theirs_2)):
        touch(control, finger, TouchPhase.DOWN, spot(control, card), 1.0)
    carry_home(control, 1, mine, 0, 1.0)
    start = spot(control, pulled)
    touch(control, 4, TouchPhase.DOWN, start, 1.3, user)
    for step in range(1, 6):
        touch(control, 4, TouchPhase.MOVE,
              toward(start, anchors[1], control.policy.travel * 0.3 * step), 1.3 + step * 0.05)
    other = control.hands.carries[4]
    assert (other.card, other.seat) == (pulled, 0)
    assert control.guesser.while_carried(0, other.home, *other.where(),
                                         control.policy.travel) == 1
    touch(control, 3, TouchPhase.UP, spot(control, theirs_2), 1.7)
    assert not control.policy.holds(2)  # seat 2 is free now
    control.drain()
    touch(control, 1, TouchPhase.UP, anchors[0], 1.8)
    seen = control.drain()
    assert events.Stacked(0, mine, 1) in seen
    return control, 4, seen


def test_r9_a_card_taken_while_every_seat_was_full_is_re_guessed_at_the_likeliest_childs_drop(
        ) -> None:
    """R9: a finger landing where seat 0's child is likeliest while seat 0 (and every other
    seat) holds a card is marked as maybe that child's other hand. Pulled toward seat 1, which
    holds a card, it stays seat 0's guess; when seat 0's child drops their card, the marked
    card is no second card of theirs: it is re-guessed to the free seat within reach (seat 2),
    and stays on its finger."""
    control, finger, seen = pulled_toward_a_full_seat(user=None)
    card = control.hands.carries[finger].card
    assert events.SeatChanged(2, card, finger) in seen
    assert control.hands.carries[finger].seat == 2
    assert not any(isinstance(e, events.SlidHome | events.Refused) for e in seen)


def test_r9_a_card_an_id_gives_another_full_seat_is_no_evidence_at_this_childs_drop() -> None:
    """R9 with user ids: the finger's id names seat 2's child, whose seat holds a card, so the
    card is marked as maybe *their* other hand (not the geometric guess's). Seat 0's child's
    drop then says nothing about it: it is neither re-guessed nor sent back, and stays on its
    finger as it was."""
    control, finger, seen = pulled_toward_a_full_seat(user=2)
    card = control.hands.carries[finger].card
    assert not any(getattr(e, "card", None) == card for e in seen), seen
    assert control.hands.carries[finger].seat == 0


def test_a_hand_whose_fingertips_all_lift_at_once_hands_its_card_to_none_of_them() -> None:
    """A hand of two fingertips carries a card 8 cm and lifts both in the same instant: the
    card goes down where the fingertip that took it lifted, as the hand's put-back; it is not
    handed on to the other fingertip, which is leaving the glass at that instant too."""
    control = kids()
    card = cards_nearest(control, 0)[0]
    x, y = spot(control, card)
    cm = control.geometry.px_per_cm
    touch(control, 1, TouchPhase.DOWN, (x, y), 1.0)
    touch(control, 2, TouchPhase.DOWN, (x, y + cm), 1.05)
    width, height = control.geometry.width, control.geometry.height
    for step in range(1, 9):
        t = 1.05 + step * 0.05
        control.touches([TouchEvent(1, TouchPhase.MOVE, (x + step * cm) / width, y / height, t),
                         TouchEvent(2, TouchPhase.MOVE, (x + step * cm) / width,
                                    (y + cm) / height, t)], width, height)
    assert control.hands.carries[1].card == card
    control.drain()
    control.touches([TouchEvent(1, TouchPhase.UP, (x + 8 * cm) / width, y / height, 1.5),
                     TouchEvent(2, TouchPhase.UP, (x + 8 * cm) / width, (y + cm) / height, 1.5)],
                    width, height)
    seen = control.drain()
    assert not any(isinstance(e, events.HandedOn) for e in seen), seen
    assert [(type(e), e.touch) for e in seen] == [(events.BackOnTable, 1)]
    assert control.hands.carries == {}


def edge_drop(control: RaceController, seat: int, home: Point, where: Point) -> bool:
    """A guessed card of `seat` taken at `home` lies still at `where` (on FINGER); another
    guessed card of `seat`, taken at the same moment, is dropped on the seat's zone (DROPPING):
    whether the first slid back as that child's other hand (R9)."""
    card, dropped_card = cards_nearest(control, seat)[:2]
    control.physics.bodies[card].position = home
    held(control, seat, decided=False, at=where, card=card)
    dropped = held(control, seat, decided=False, finger=DROPPING, card=dropped_card)
    assert control.guesser.while_carried(seat, home, *where, control.policy.travel) == seat
    assert control.policy._within_reach(seat, where)
    control.drain()
    control.policy.yield_to_drop(seat, DROPPING, dropped, 10.0)
    slid = [e.card for e in control.drain() if isinstance(e, events.SlidHome)]
    assert slid in ([], [card])
    return FINGER not in control.hands.carries


@pytest.mark.parametrize(("share", "slides"), [(0.99, True), (1.0, False)])
def test_a_card_moved_a_fifth_of_a_travel_away_is_pulled_away_from_that_seat(
        control: RaceController, share: float, slides: bool) -> None:
    """AWAY_TRAVEL at its edge: a guessed card moved exactly AWAY_TRAVEL of a travel, on a
    slant away from seat 0 (heading under AWAY_HEADING), is being pulled away from seat 0: no
    other hand of seat 0's child, it stays on its finger at their drop; moved a hair less, it
    may be that hand and slides back (R9)."""
    distance = control.policy.travel * AWAY_TRAVEL * share
    home = (1150.0, 4.0)  # exact sums: the distance below is the distance to the last bit
    where = (home[0], home[1] + distance)
    assert math.dist(home, where) == distance
    assert control.guesser.heading(0, home, *where) < AWAY_HEADING
    assert edge_drop(control, 0, home, where) is slides


@pytest.mark.parametrize(("offsets", "slides"), [
    (((-300, 0), (-286, 48)), False),  # heading 10 / 50 = 0.2: pulled away
    (((-195, 104), (-147, 140)), True),  # heading 18 / 60 = 0.3 exactly: not pulled away
])
def test_a_card_pulled_away_must_go_less_straight_than_away_heading_toward_the_seat(
        control: RaceController, offsets: tuple[tuple[int, int], tuple[int, int]],
        slides: bool) -> None:
    """AWAY_HEADING at its edge: a guessed card moved more than AWAY_TRAVEL of a travel and
    less straight toward seat 1 than AWAY_HEADING is being pulled away from seat 1 (it stays
    on its finger at seat 1's child's drop); exactly that straight, it may be their other hand
    and slides back (R9). The points lie whole pixels from seat 1's anchor on Pythagorean
    triples, so every distance, and the heading, is exact."""
    ax, ay = control.geometry.anchors[1]
    (sx, sy), (wx, wy) = offsets
    home, where = (ax + sx, ay + sy), (ax + wx, ay + wy)
    heading = control.guesser.heading(1, home, *where)
    assert heading == (AWAY_HEADING if slides else 0.2)
    assert math.dist(home, where) >= control.policy.travel * AWAY_TRAVEL
    assert edge_drop(control, 1, home, where) is slides
