"""Issue 26, item 2: whose hand a touch-down is, as a value (`decide`) read from the table and
changing nothing, which the controller then applies (R9, README "Whose hand is it?")."""

from __future__ import annotations

import math

import pytest
from helpers import pick
from race_table import (
    DROPPING,
    FINGER,
    NEW_FINGER,
    cards_nearest,
    held,
    kids,
    pulled_toward,
    spot,
    toward,
)
from race_table import controller as kids_controller

from seigneurs.game import CallStop, GameConfig, Phase, Reason, Stack
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rect import Rect
from seigneurs.table import events
from seigneurs.table.attribution import Down, GiveWay, Refuse, Take, decide
from seigneurs.table.attribution.decide import Drop, drop
from seigneurs.table.attribution.hands import Carry
from seigneurs.table.controller import COUNTDOWN, RaceController
from seigneurs.table.grabs import SAME_MOMENT, FairGrabs, just_taken, lay_under
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout
from seigneurs.table.physics import CardPhysics
from seigneurs.table.session import RaceSession, Seating

LAYOUT = TableLayout.build(1280, 720)


def table(started: bool = True) -> RaceSession:
    """Two children (user ids 0 and 1 name their seats) at a Seigneurs table."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None), {0: 0, 1: 1}),
                           GameConfig.for_players("lords", 2, seed=2))
    assert isinstance(session, RaceSession)
    if started:
        session.tick(3.0)  # the whistle
    session.drain()
    return session


def down_on(session: RaceSession, card: int, touch: int, user: int | None) -> Down:
    where = session.physics.bodies[card].position
    return Down(touch, card, where.x, where.y, session.clock, session.clock, user)


def loose(session: RaceSession, k: int = 0) -> int:
    return [c for c in sorted(session.physics.bodies) if session.control.loose(c)][k]


def test_a_user_id_decides_a_free_seat_and_deciding_changes_nothing() -> None:
    session = table()
    down = down_on(session, loose(session), 7, user=1)
    decision = decide(down, session.control.seats)
    assert decision == Take(1, True, named=1)
    assert decide(down, session.control.seats) == decision  # asked again: the same
    assert session.control.hands.carries == {} and session.drain() == []


def test_before_the_whistle_a_touch_is_refused_for_its_seat() -> None:
    session = table(started=False)
    decision = decide(down_on(session, loose(session), 7, user=0), session.control.seats)
    assert isinstance(decision, Refuse) and decision.seat == 0
    assert decision.reason is Reason.NOT_STARTED


def test_a_card_another_touch_won_is_refused_as_taken() -> None:
    session = table()
    down = down_on(session, loose(session), 7, user=None)
    lost = Down(down.touch, down.card, down.x, down.y, down.t, down.clock, won=False)
    assert decide(lost, session.control.seats) == Refuse(None, Reason.TAKEN)


def test_a_still_card_of_the_same_child_gives_way_in_the_decision_not_before() -> None:
    """Seat 0's card has lain still on a finger for 1 s; the same child (by id) touches a new
    card: the decision says the old card goes home first; nothing moved yet (R9)."""
    session = table()
    control = session.control
    old, new = loose(session), loose(session, 1)
    where = session.physics.bodies[old].position
    control.hands.carries[3] = Carry(old, 0, True, (where.x, where.y), session.clock - 1.0)
    decision = decide(down_on(session, new, 7, user=0), control.seats)
    assert decision == Take(0, True, GiveWay(3), named=0)
    assert 3 in control.hands.carries and session.drain() == []


def test_a_tap_on_another_childs_zone_is_a_drop_on_no_zone(control: RaceController) -> None:
    """A card taken on seat 1's zone for seat 0 and lifted where it was taken (a tap) is no
    drop on that zone (no gift to seat 1): the decision names no zone (None, which the
    controller reads as "put back", not a seat) and the card stays its guessed seat's."""
    card = cards_nearest(control, 0)[0]
    control.physics.bodies[card].position = control.geometry.anchors[1]  # on seat 1's zone
    carry = held(control, 0, decided=False, card=card)
    assert control.seats.zone_at(*carry.home) == 1
    assert drop(carry, *carry.home, 12.0, control.seats) == Drop(0, None)


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


def test_issue9_in_a_tie_without_user_ids_a_finger_counts_for_the_seat_nearest_it(
    control: RaceController,
) -> None:
    """Issue 9, clause 5, with no user ids: two fingertips landing on one card at the same
    instant, one a pixel on seat 0's side of the line halfway between seats 0 and 1, the
    other a pixel on seat 1's: at the first tie seat 0 has the priority, so the finger on its
    side gets the card, whichever came first in the frame. (RaceController.touches 9, 10)"""
    anchors, everyone = control.geometry.anchors, control.everyone
    w, h = control.geometry.width, control.geometry.height
    a, b = anchors[0], anchors[1]
    lo, hi = 0.0, 1.0  # the point on the line from seat 0 to seat 1 where the nearest changes
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (
            (mid, hi) if everyone.nearest(*toward(a, b, math.dist(a, b) * mid)) == 0 else (lo, mid)
        )
    line = math.dist(a, b)
    mine, theirs = toward(a, b, line * lo - 1.0), toward(a, b, line * hi + 1.0)
    assert (everyone.nearest(*mine), everyone.nearest(*theirs)) == (0, 1)  # the scene
    card = next(iter(control.physics.bodies))
    control.physics.remove(card)
    control.physics.add(card, *toward(a, b, line * lo))
    assert control.grabs.turn == 0
    control.touches(
        [
            TouchEvent(31, TouchPhase.DOWN, theirs[0] / w, theirs[1] / h, 0.0),
            TouchEvent(30, TouchPhase.DOWN, mine[0] / w, mine[1] / h, 0.0),
        ],
        w,
        h,
    )
    assert {touch: carry.card for touch, carry in control.hands.carries.items()} == {30: card}


def test_r9_a_card_pulled_toward_another_seat_is_told_to_the_view_as_that_seats(
        control: RaceController) -> None:
    """R9 with guessed seats: a card taken by seat 0's side and carried most of the way to
    seat 1 is seat 1's now; the view is told which seat, which card and which finger."""
    anchors, bodies = control.geometry.anchors, control.physics.bodies
    card = min((c for c in bodies if control.loose(c)),
               key=lambda c: math.dist(bodies[c].position, anchors[0]))
    changed = [e for e in pulled_toward(control, card, 1) if isinstance(e, events.SeatChanged)]
    assert changed and changed[-1] == events.SeatChanged(1, card, FINGER)
    assert control.hands.carries[FINGER].seat == 1


def test_a_finger_landing_on_a_card_another_hand_took_that_same_moment_lost_it(
        control: RaceController) -> None:
    """Two children going for one card at the same moment: a finger landing on the spot it
    lay, within SAME_MOMENT of its take, is told which card it lost; later, or elsewhere,
    the spot is just table."""
    taken = held(control, 0, decided=False, card=3, taken_at=10.0)
    x, y = taken.home
    assert just_taken(control.hands, control.geometry, x, y, 10.0 + SAME_MOMENT, None) == 3
    assert just_taken(control.hands, control.geometry, x, y, 10.5, None) is None
    far = x + control.geometry.card_w * 2
    assert just_taken(control.hands, control.geometry, far, y, 10.005, None) is None


def test_r9_a_second_fingertip_of_the_hand_that_took_a_card_is_no_contestant(
        control: RaceController) -> None:
    """Small children touch with several fingertips: a second fingertip of the hand that
    just took a card, landing beside the first on it, takes nothing and is refused nothing."""
    bodies, w, h = control.physics.bodies, control.geometry.width, control.geometry.height
    card = next(c for c in sorted(bodies) if control.loose(c))
    x, y = bodies[card].position
    cm = control.geometry.px_per_cm
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, y / h, 10.0)], w, h)
    control.touches([TouchEvent(FINGER + 5, TouchPhase.DOWN, (x + cm) / w, y / h, 10.005)], w, h)
    seen = control.drain()
    assert [e.touch for e in seen if isinstance(e, events.Picked)] == [FINGER]
    assert not [e for e in seen if isinstance(e, events.Refused)]
    assert list(control.hands.carries) == [FINGER]


def one_hand_takes_a_card(control: RaceController, t: float) -> tuple[int, float, float]:
    """FINGER lands at `t` on one end of a loose card (not card 0, none nearest seat 2) and
    takes it; the card and its other end, farther from that finger than one hand spans."""
    bodies, w, h = control.physics.bodies, control.geometry.width, control.geometry.height
    card = next(c for c in sorted(bodies) if c != 0 and control.loose(c)
                and control.guesser.nearest(*bodies[c].position) != 2)
    x, y = bodies[card].position
    end = control.geometry.card_h * 0.45  # the two fingertips farther apart than one hand
    assert 2 * end > control.hands.span  # the scene
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, (y - end) / h, t)], w, h)
    assert control.hands.carries[FINGER].card == card
    return card, x, y + end


def a_second_hand_lost_it(control: RaceController, far_end: tuple[int, float, float],
                          landing: float) -> None:
    """Another finger lands on the card's far end at `landing`: it is told it lost the card
    (the card wiggles for that child), and nothing else is refused."""
    card, x, y = far_end
    w, h = control.geometry.width, control.geometry.height
    control.drain()
    control.touches([TouchEvent(FINGER + 1, TouchPhase.DOWN, x / w, y / h, landing)], w, h)
    assert [(e.card, e.touch, e.reason) for e in control.drain()
            if isinstance(e, events.Refused)] == [(card, FINGER + 1, Reason.TAKEN)]


@pytest.mark.parametrize(("landing", "older_card_carried"), [(10.0, False), (10.005, True)])
def test_issue9_a_finger_on_a_card_another_hand_took_that_moment_lost_it_in_any_later_frame(
        control: RaceController, landing: float, older_card_carried: bool) -> None:
    """Two children going for one card at the same moment (issue 9): a finger landing on the
    far end of the card another hand took at that moment, told in the next frame (at the very
    same time stamp, or SAME_MOMENT later while a card taken earlier is still carried), is
    told it lost that card, as if both had come in one frame (issue 32)."""
    if older_card_carried:
        held(control, 2, decided=True, finger=DROPPING, card=0, taken_at=5.0)
    far_end = one_hand_takes_a_card(control, 10.0)
    a_second_hand_lost_it(control, far_end, landing)


def test_issue9_with_user_ids_two_childrens_fingers_on_one_card_at_once_are_no_one_hand() -> None:
    """At a table that knows its users: two children's fingers land on one card at the same
    instant, a centimetre apart (as close as one hand's fingertips). The ids name two
    children, so the one who does not get it is told they lost it (the card wiggles for
    them), not taken for a silent fingertip of the winner's hand."""
    control = kids_controller(2, 0, 0, users=True)
    control.tick(COUNTDOWN)
    bodies, w, h = control.physics.bodies, LAYOUT.width, LAYOUT.height
    card = next(c for c in sorted(bodies) if control.loose(c))
    x, y = bodies[card].position
    cm, t = control.geometry.px_per_cm, COUNTDOWN + 1.0
    control.drain()
    control.touches([TouchEvent(1, TouchPhase.DOWN, x / w, y / h, t, 0),
                     TouchEvent(2, TouchPhase.DOWN, (x + cm) / w, y / h, t, 1)], w, h)
    seen = control.drain()
    picked = [(e.seat, e.touch) for e in seen if isinstance(e, events.Picked)]
    refused = [(e.seat, e.card, e.touch, e.reason) for e in seen if isinstance(e, events.Refused)]
    assert len(picked) == 1 and len(refused) == 1
    (winner_seat, winner), (loser_seat, lost, loser, reason) = picked[0], refused[0]
    assert {winner, loser} == {1, 2} and {winner_seat, loser_seat} == {0, 1}
    assert (lost, reason) == (card, Reason.TAKEN)


def test_r9_a_card_a_user_id_gave_a_child_is_put_back_as_theirs_wherever_it_was_pulled(
        control: RaceController) -> None:
    """A user id decides whose card it is (R9): carried off every zone, straight toward
    another child's seat (where a guessed card would become that child's), and let go there,
    it is put back as the id's child's."""
    bodies, travel = control.physics.bodies, control.policy.travel
    w, h = control.geometry.width, control.geometry.height
    anchor = control.geometry.anchors[2]

    def pulled_to_2(card: int) -> tuple[float, float] | None:
        start = (bodies[card].position.x, bodies[card].position.y)
        if math.dist(start, anchor) < travel * 3:
            return None
        where = toward(start, anchor, travel * 1.5)
        guessed = control.guesser.while_carried(0, start, *where, travel)
        return where if guessed == 2 and control.seats.zone_at(*where) is None else None
    card, where = next((c, p) for c in sorted(bodies) if (p := pulled_to_2(c)) is not None)
    held(control, 0, decided=True, card=card, at=where)
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.UP, where[0] / w, where[1] / h, 10.2)],
                    w, h)
    assert [(e.seat, e.card) for e in control.drain() if isinstance(e, events.BackOnTable)] == [
        (0, card)]


def test_issue9_an_id_on_only_one_fingertip_names_no_two_children_in_a_contest(
        control: RaceController) -> None:
    """Issue 9 contests: a fingertip whose user id names a child, landing at the same moment
    beside the fingertip (of no id) that just took a card, is of that hand, no contestant;
    only ids naming two different children make it one."""
    bodies, w, h = control.physics.bodies, control.geometry.width, control.geometry.height
    card = next(c for c in sorted(bodies) if control.loose(c))
    x, y = bodies[card].position
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, y / h, 10.0)], w, h)
    taken = control.hands.carries[FINGER]
    assert taken.named is None  # the scene: the taker had no id
    beside, moment = x + control.geometry.px_per_cm, taken.taken_at + SAME_MOMENT / 2
    hands, geometry = control.hands, control.geometry
    assert just_taken(hands, geometry, beside, y, moment, 0) is None
    assert just_taken(hands, geometry, beside, y, moment, None) is None
    taken.named = 1
    assert just_taken(hands, geometry, beside, y, moment, 0) == card
    assert just_taken(hands, geometry, beside, y, moment, 1) is None


@pytest.mark.parametrize("angle", [math.pi / 4, 0.5, 2.0])
def test_issue9_a_spot_is_on_a_card_lying_turned_as_the_physics_hit_test_says(
        angle: float) -> None:
    """Issue 9: whether a finger landed on the spot a card just taken lay (`lay_under`) agrees
    with the table's own hit-test of a card lying there turned, all round it."""
    w, h = 40.0, 56.0
    physics = CardPhysics(Rect(0, 0, 1000, 600), w, h)
    physics.add(0, 500.0, 300.0, angle)
    for k in range(72):
        for r in (10.0, 20.0, 24.0, 26.0, 30.0, 34.0):
            x = 500.0 + r * math.cos(k * math.pi / 36 + 0.01)  # off the very edges
            y = 300.0 + r * math.sin(k * math.pi / 36 + 0.01)
            on = physics.card_at(x, y) == 0
            assert lay_under(x, y, (500.0, 300.0), angle, w, h) == on, (k, r)


def test_issue9_a_finger_on_a_cards_very_edge_is_on_the_spot_it_lay_side_or_end() -> None:
    """Issue 9: a finger exactly on the edge of the spot a card lay is on it, on its sides as
    on its ends (the spot is the card's whole rectangle, its outline included)."""
    for x, y in ((520.0, 300.0), (480.0, 300.0), (500.0, 328.0), (500.0, 272.0)):
        assert lay_under(x, y, (500.0, 300.0), 0.0, 40.0, 56.0), (x, y)
    assert not lay_under(520.001, 300.0, (500.0, 300.0), 0.0, 40.0, 56.0)
    assert not lay_under(500.0, 328.001, (500.0, 300.0), 0.0, 40.0, 56.0)


def test_issue9_ties_for_one_card_go_round_the_table_in_seat_order() -> None:
    """Issue 9 clause 5: three children's fingers landing on one card at the same instant,
    again and again: the priority passes to the next seat after each tie, so the card goes
    to seat 0, then 1, then 2, then 0 again."""
    grabs = FairGrabs(3)
    won = []
    for tie in range(4):
        downs = [TouchEvent(seat, TouchPhase.DOWN, 0.5, 0.5, float(tie)) for seat in range(3)]
        winners = grabs.winners(downs, {e.id: 7 for e in downs}, lambda e: e.id)
        won.append(winners[7])
    assert won == [0, 1, 2, 0]


def test_issue9_a_finger_on_a_turned_cards_corner_another_hand_just_took_lost_it(
        control: RaceController) -> None:
    """Issue 9's contest on a card lying turned: a finger landing, at the same moment, on a
    corner of the card another hand just took, where only the card as it lay turned covered
    (its upright outline would not), is told it lost that card."""
    bodies, w, h = control.physics.bodies, control.geometry.width, control.geometry.height
    card_w, card_h = control.geometry.card_w, control.geometry.card_h

    def corners(card: int) -> list[tuple[float, float]]:
        body = bodies[card]
        c, s = math.cos(body.angle), math.sin(body.angle)
        return [(body.position.x + lx * c - ly * s, body.position.y + lx * s + ly * c)
                for lx in (-0.48 * card_w, 0.48 * card_w) for ly in (-0.48 * card_h,
                                                                    0.48 * card_h)]
    card, corner = next((c, p) for c in sorted(bodies) if control.loose(c)
                        for p in corners(c)
                        if not lay_under(*p, tuple(bodies[c].position), 0.0, card_w, card_h))
    x, y = bodies[card].position
    assert lay_under(*corner, (x, y), bodies[card].angle, card_w, card_h)
    assert math.dist((x, y), corner) > control.hands.span  # no fingertip of the taker's hand
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, y / h, 10.0)], w, h)
    assert control.hands.carries[FINGER].card == card
    control.drain()
    control.touches([TouchEvent(FINGER + 1, TouchPhase.DOWN, corner[0] / w, corner[1] / h,
                                10.0)], w, h)
    assert [(e.card, e.touch, e.reason) for e in control.drain()
            if isinstance(e, events.Refused)] == [(card, FINGER + 1, Reason.TAKEN)]


def test_issue9_a_finger_landing_exactly_same_moment_after_another_hand_took_a_card_lost_it(
        control: RaceController) -> None:
    """Issue 9: a finger landing on the far end of a card exactly SAME_MOMENT after another
    hand took it (told in a later frame, while a card taken earlier is still carried) was
    going for it at the same moment, and is told it lost that card."""
    held(control, 2, decided=True, finger=DROPPING, card=0, taken_at=5.0)
    far_end = one_hand_takes_a_card(control, 0.0)
    taken = control.hands.carries[FINGER].taken_at
    landing = SAME_MOMENT  # the table's clock is at 0.0: event times are its own
    for _ in range(64):  # the event time the table measures exactly SAME_MOMENT later
        gap = landing + control.play.offset - taken
        if gap == SAME_MOMENT:
            break
        landing = math.nextafter(landing, -math.inf if gap > SAME_MOMENT else math.inf)
    assert landing + control.play.offset - taken == SAME_MOMENT  # the scene
    a_second_hand_lost_it(control, far_end, landing)


def test_r9_a_guessed_card_let_go_on_the_bare_table_is_whose_way_it_was_pulled(
        control: RaceController) -> None:
    """R9: a card guessed seat 0's, carried most of the way toward seat 2's child and let go
    on the bare table, is seat 2's when it lands (children pull a card home), even if the
    lift is the first the table hears of where it went."""
    guesser, bodies = control.guesser, control.physics.bodies
    card = min((c for c in bodies if control.loose(c)), key=lambda c: math.dist(
        bodies[c].position, control.geometry.free.center))
    home = (bodies[card].position.x, bodies[card].position.y)
    carry = Carry(card, 0, False, home)
    lift = toward(home, control.geometry.anchors[2],
                  0.7 * math.dist(home, control.geometry.anchors[2]))
    assert control.seats.zone_at(*lift) is None  # the scene: on no zone
    assert guesser.while_carried(0, home, *lift, control.policy.travel) == 2
    assert drop(carry, *lift, 10.0, control.seats) == Drop(2, None)


def test_a_touch_before_the_start_is_refused_as_the_child_its_user_id_names() -> None:
    """Before the whistle, a card touched is refused gently (not started); with user ids,
    the refusal is told as the child the id names, even on a card nearer another child (the
    view shows it to the right child)."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None), {0: 0, 1: 1}),
                           GameConfig.for_players("lords", 2, 3))
    control, w, h = session.control, LAYOUT.width, LAYOUT.height
    assert isinstance(control, RaceController) and session.game.phase is Phase.READY
    bodies = control.physics.bodies
    card = next(c for c in sorted(bodies) if control.card_under(*bodies[c].position) == c
                and control.guesser.nearest(*bodies[c].position) == 1)
    x, y = bodies[card].position
    control.drain()
    control.touches([TouchEvent(5, TouchPhase.DOWN, x / w, y / h, 1.0, user=0)], w, h)
    assert [(e.seat, e.card, e.touch) for e in control.drain()
            if isinstance(e, events.Refused)] == [(0, card, 5)]


def test_a_card_only_one_finger_went_for_is_no_tie_and_passes_no_priority_on() -> None:
    """Issue 9 clause 5: the tie priority turns after each tie, and only then: a finger
    alone on a card wins nothing from anyone (no winner to name), and the next real tie
    still goes to seat 0 (FairGrabs.winners)."""
    grabs = FairGrabs(3)
    alone = [TouchEvent(1, TouchPhase.DOWN, 0.5, 0.5, 1.0)]
    assert grabs.winners(alone, {1: 7}, lambda e: e.id) == {}
    tie = [TouchEvent(seat, TouchPhase.DOWN, 0.5, 0.5, 2.0) for seat in range(3)]
    assert grabs.winners(tie, {e.id: 7 for e in tie}, lambda e: e.id) == {7: 0}
    lifts = [TouchEvent(seat, TouchPhase.UP, 0.5, 0.5, 3.0) for seat in range(3)]
    assert grabs.winners(lifts, {e.id: 7 for e in lifts}, lambda e: e.id) == {}  # no downs
