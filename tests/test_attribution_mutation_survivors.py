"""Seat attribution (R9, README "Whose hand is it?") where the mutation samples of
`seigneurs/table` (scripts/mutation.py table, seeds 1124 and 6007) found it unguarded by every
test file: each test names the rule it holds and failed on its mutant. The scenes go through
the real touch path (touch events -> controller -> attribution) where a figure's edge allows;
an edge to the last bit is set up on the policy itself, as in test_attribution_constants.py."""

from __future__ import annotations

import math

import pytest
from conftest import control
from helpers import pick, started_race
from race_table import FINGER, NEW_FINGER, held, playing_duo, toward
from race_table import LAYOUT as DUO_LAYOUT

from seigneurs.game import CallStop, GameConfig, Reason, Stack, Whistle
from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.attribution import Occupied, Reguess
from seigneurs.table.attribution.decide import (
    Attribution,
    Down,
    Drop,
    Refuse,
    Take,
    decide,
    drop,
)
from seigneurs.table.attribution.guess import ARM_DEGREES, HEADING, MARGIN, SeatGuesser
from seigneurs.table.attribution.hands import (
    FLING_CM_S,
    HAND_WINDOW,
    TOGETHER_S,
    TREMOR_CM,
    Carry,
    Hands,
)
from seigneurs.table.attribution.policy import SeatPolicy
from seigneurs.table.controller import RaceController
from seigneurs.table.geometry import Point
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout
from seigneurs.table.session import Seating

__all__ = ["control"]  # the fixture: three children at a lords table in play


def kids(variant: str = "lords") -> RaceController:
    """Three children at a lords table (or `variant`'s) in play; the touch source's user ids
    0, 1 and 2 name seats 0, 1 and 2 (a touch without one is guessed)."""
    layout = TableLayout.build(1920, 1080)
    places = tuple(layout.places[i] for i in layout.spread(3))
    session = open_session(layout, Seating(places, (None, None, None), {0: 0, 1: 1, 2: 2}),
                           GameConfig.for_players(variant, 3, 5))
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


# The samples of seeds 9377 and 4242 and the whole guess.py run at f0f14d6 (issue 25): the
# guesser's figures at their edges, on small exact scenes (whole-number distances, angles that
# are whole degrees from an arm at 0 degrees), as in test_seat_guess.py.

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


STRAIGHT_START, STRAIGHT_END = (0.0, 0.0), (60.0, 80.0)
"""A carry of 100: from 87 to 17 of (60, 63) (heading exactly 0.7 = HEADING); (-100, 0) it
leaves behind."""


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


# Hands: how a finger moves and lets go, at the edges of its figures.

def trail(*points: tuple[float, float, float]) -> Carry:
    """A carried card whose finger went through `points` (time, x, y)."""
    carry = Carry(0, 0, False, points[0][1:])
    carry.trail.extend(points)
    return carry


def test_a_card_let_go_exactly_at_fling_speed_was_placed() -> None:
    """A drop on a zone counts unless the card was thrown: faster than FLING_CM_S over the
    finger's last FLING_WINDOW; exactly that fast, it was placed (16 px a cm and 1/16 s: the
    speed is exact)."""
    hands = Hands(px_per_cm=16.0)
    edge = FLING_CM_S * 16.0 / 16  # px the finger goes in 1/16 s at FLING_CM_S
    carry = trail((0.9, -500.0, 0.0), (1.0, 0.0, 0.0), (1.03, edge / 2, 0.0))
    assert not hands.flung(carry, edge, 0.0, 1.0625)
    assert hands.flung(carry, edge + 0.01, 0.0, 1.0625)


def test_a_tap_on_another_childs_zone_is_a_drop_on_no_zone(control: RaceController) -> None:
    """A card taken on seat 1's zone for seat 0 and lifted where it was taken (a tap) is no
    drop on that zone (no gift to seat 1): the decision names no zone (None, which the
    controller reads as "put back", not a seat) and the card stays its guessed seat's."""
    card = cards_nearest(control, 0)[0]
    control.physics.bodies[card].position = control.geometry.anchors[1]  # on seat 1's zone
    carry = held(control, 0, decided=False, card=card)
    assert control.seats.zone_at(*carry.home) == 1
    assert drop(carry, *carry.home, 12.0, control.seats) == Drop(0, None)


def landed(hands: Hands, *tips: tuple[int, float, float, float]) -> None:
    """Fingertips (touch, x, y, time) land on the glass, in that order."""
    for finger, x, y, t in tips:
        hands.track(TouchEvent(finger, TouchPhase.DOWN, 0.0, 0.0, t), x, y, t)


def test_r28_a_hands_fingertip_exactly_a_hands_span_from_the_lifting_one_carries_its_card_on(
        ) -> None:
    """HAND_SPAN_CM counts to its end when a hand lifts a fingertip (R28's flat hands, issue
    33): two fingertips landed together, held still, exactly HAND_SPAN_CM apart (10 px a cm:
    30 px, exact), are one hand: the one still down carries the card on."""
    hands = Hands(px_per_cm=10.0)
    landed(hands, (1, 100.0, 100.0, 5.0), (2, 130.0, 100.0, 5.0))
    assert math.hypot(30.0, 0.0) == hands.span
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


def test_r28_a_hand_held_still_keeps_its_fingertips_when_another_finger_lands_later() -> None:
    """A hand's fingertips stay known however long they are held down: another child's finger
    landing a second later, across the table, forgets only fingertips lifted longer than
    HAND_WINDOW ago; the hand still on its card carries it on when one of its fingertips
    lifts (R28, issue 29)."""
    hands = Hands(px_per_cm=10.0)
    landed(hands, (1, 100.0, 100.0, 5.0), (2, 110.0, 100.0, 5.01), (3, 900.0, 300.0, 6.0))
    assert sorted(hands.fingertips) == [1, 2, 3]
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


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


def moved(hands: Hands, touch: int, x: float, y: float, t: float) -> None:
    hands.track(TouchEvent(touch, TouchPhase.MOVE, 0, 0, t), x, y, t)


def test_r28_a_card_carried_on_goes_with_a_fingertip_that_landed_a_moment_after_and_followed(
        ) -> None:
    """Issue 29: a card carried 2 cm goes on with a fingertip that landed 0.15 s after the one
    that took it (within HAND_WINDOW, beyond TOGETHER_S: a carried card looks at how the hand
    went, not only at one instant) and followed it 1.2 cm, off by 0.8 cm: under half of how
    far the card went."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 1.0), (2, 115.0, 100.0, 1.15))
    moved(hands, 1, 120.0, 100.0, 1.3)
    moved(hands, 2, 127.0, 100.0, 1.3)
    assert hands.hand_goes_on(1, 120.0, 100.0, None) == 2


def test_r28_a_fingertip_a_span_away_across_the_table_is_no_fingertip_of_the_hand() -> None:
    """A still card: a finger that landed with the lifting one but 4 cm away along the table
    (beyond HAND_SPAN_CM, level with it) is another hand's, never handed the card."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 1.0), (2, 140.0, 100.0, 1.0))
    assert hands.hand_goes_on(1, 100.0, 100.0, None) is None


def test_r28_a_card_moved_exactly_a_tremor_counts_as_held_still() -> None:
    """A card moved exactly TREMOR_CM went no farther than a tremor: it goes on with a still
    fingertip that landed with it (a card carried farther would ask it to have followed)."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 0.0), (2, 110.0, 100.0, 0.0))
    moved(hands, 1, 100.0 + TREMOR_CM * 10.0, 100.0, 0.2)
    assert hands.hand_goes_on(1, 100.0 + TREMOR_CM * 10.0, 100.0, None) == 2


def test_r28_a_fingertip_landing_exactly_together_s_after_is_of_the_hand() -> None:
    """TOGETHER_S is inclusive: a fingertip landing exactly 0.07 s after the one holding a
    still card is of its hand."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 0.0), (2, 110.0, 100.0, TOGETHER_S))
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


def test_r28_a_fingertip_that_shifted_exactly_a_tremor_still_held_the_card_with_the_hand(
        ) -> None:
    """A still card's other fingertip may itself have shifted up to a tremor, inclusive."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 0.0), (2, 110.0, 100.0, 0.0))
    moved(hands, 2, 110.0 + TREMOR_CM * 10.0, 100.0, 0.2)
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


# The whole table run at c802adb (scripts/mutation.py --resume table): the decision's value
# (`decide`), the drop's edge and the policy's keep-carried edge.


def test_r16_a_touch_after_the_stop_is_refused_as_the_game_over_for_its_childs_seat() -> None:
    """Once a child has called stop (R16), a finger on a card is refused because the game is
    over, for the seat its user id names; not as a game that has not started (decide 18)."""
    control = kids("training")
    game = control.game
    for step in range(5):
        pick(game, 0, fits=True, t=1.0 + step)
        assert game.apply(Stack(0, 1.5 + step)).ok
    assert game.apply(CallStop(0, 7.0)).ok and game.over
    card = next(c for c in sorted(control.physics.bodies) if control.loose(c))
    x, y = spot(control, card)
    assert decide(Down(5, card, x, y, 8.0, 8.0, user=1), control.seats) == \
        Refuse(1, Reason.GAME_OVER)


def test_r9_a_guessed_touch_on_a_quiet_table_takes_the_card_for_the_nearest_seat_undecided(
        control: RaceController) -> None:
    """No user id, nobody carrying: the card goes to the nearest child as a guess (decided is
    False: a pull or a drop may still re-decide it), nothing gives way (decide 108)."""
    card = cards_nearest(control, 0)[0]
    assert decide(Down(NEW_FINGER, card, *spot(control, card), 10.0, 10.0), control.seats) == \
        Take(0, False)


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


def test_r28_a_fingertip_landing_exactly_a_hand_window_after_a_tap_is_of_the_tapping_hand(
        ) -> None:
    """Duo (R30): a hand's fingertip sends the card under and lifts; another fingertip 1 px
    away lands exactly HAND_WINDOW after the first landed: the same hand, so the card is not
    sent under twice (the lifted fingertip is kept that long, inclusive: Hands.track 6)."""
    session = playing_duo()
    control, width, height = session.control, DUO_LAYOUT.width, DUO_LAYOUT.height
    x, y = session.geometry.under(0).centre
    control.play.drain()
    for finger, phase, at, t in ((7, TouchPhase.DOWN, x, 1.0), (7, TouchPhase.UP, x, 1.1),
                                 (8, TouchPhase.DOWN, x + 1.0, 1.0 + HAND_WINDOW)):
        control.touches([TouchEvent(finger, phase, at / width, y / height, t)], width, height)
    assert [e.touch for e in control.play.drain() if isinstance(e, events.WentUnder)] == [7]
