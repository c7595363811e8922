"""Issue 16, items 3b-4: the seat policy against children it does not model. Each scene is
played through the real path (crowd touches -> production filters -> controller)."""

from __future__ import annotations

import math

from crowd_driver import (
    beside_my_zone,
    cards_near,
    carry,
    child,
    control,
    finger_down,
    frames,
    ghosts_on_every_seat,
    happened,
    in_zone,
    put_on_my_zone,
    table,
    where,
)

from seigneurs.game import Reason
from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.attribution.policy import STILL


def test_an_empty_handed_child_gets_the_card_even_when_every_seat_carries_one() -> None:
    """Never refused at touch-down: the card is theirs to carry, R9 is kept at the drop."""
    crowd = table()
    held = ghosts_on_every_seat(crowd)
    seen = happened(crowd)
    me = child(crowd, 0)
    card = cards_near(crowd, 0, held)[0]
    crowd.press(me, me.hands[0], *where(crowd, card), [], 0, look=1.0)
    frames(crowd, 0.1)
    assert [type(e) for e in seen] == [events.Picked]
    assert crowd.score.refused_empty_handed == 0


def test_r9_a_second_card_brought_home_goes_back_and_the_first_stays_on_its_finger() -> None:
    """The tracker names one child for two fingers: the game refuses the child the second
    card (R9: one at a time); dropped on the child's zone it goes back once let go, and the
    first card never leaves the finger still on it."""
    crowd = table(user_ids=True)
    me = child(crowd, 0)
    first, second = cards_near(crowd, 0)[:2]
    seen = happened(crowd)
    held = carry(crowd, me, first, None, user=0)
    home = carry(crowd, me, second, 0, user=0)
    assert [(type(e), e.touch) for e in seen if isinstance(e, events.Stacked | events.SlidHome)] \
        == [(events.SlidHome, home)]
    assert events.Refused(0, second, home, Reason.HAND_FULL) in seen
    assert control(crowd).hands.carries[held].card == first and crowd.game.hands[0] == first
    assert crowd.score.taken_from_hand == crowd.score.second_cards_stacked == 0


def test_a_child_dropping_their_only_card_on_their_zone_is_never_refused() -> None:
    """A neighbour's finger lands where this child was likeliest while this child carries a
    card home: the old policy took it for the child's other hand and refused the drop. Now
    the drop is stacked and the neighbour keeps their card."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    near = cards_near(crowd, 0)
    theirs = near[0]
    mine = next(c for c in near if math.dist(where(crowd, c), crowd.race.anchors[0])
                > crowd.race.card_w * 4)
    seen = happened(crowd)
    finger = crowd._finger(me)
    crowd.main.add(finger)
    crowd.intent[finger] = 0
    start, end = where(crowd, mine), crowd.race.anchors[0]
    path = crowd.path(me, start, end, False)
    crowd._event(finger, TouchPhase.DOWN, *start)
    for step, (x, y) in enumerate(path):
        if step == len(path) * 4 // 5:
            carry(crowd, neighbour, theirs, None, hold=0.0)  # lands while the card travels
        crowd._event(finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    crowd._event(finger, TouchPhase.UP, *end)
    crowd.down.discard(finger)
    frames(crowd, 0.1)
    assert any(isinstance(e, events.Stacked) and e.touch == finger for e in seen)
    assert not any(isinstance(e, events.SlidHome | events.Refused) for e in seen)
    assert crowd.score.refused_at_drop == crowd.score.taken_from_hand == 0


def test_a_palm_takes_nothing_where_the_panel_gives_sizes() -> None:
    """A contact longer than a fingertip (a palm, a sleeve) is ignored: it takes no card."""
    crowd = table(panel="axis")
    me = child(crowd, 0)
    seen = happened(crowd)
    card = cards_near(crowd, 0)[0]
    x, y = where(crowd, card)
    palm = crowd._finger(me)
    crowd.palms.add(palm)
    crowd._event(palm, TouchPhase.DOWN, x, y, Contact(6 * crowd.px_per_cm / crowd.width,
                                                      4 * crowd.px_per_cm / crowd.width, 30.0))
    frames(crowd, 0.1)
    assert seen == [] and crowd.score.palm_cards == 0
    finger = carry(crowd, me, card, None)  # the fingertip after it still gets the card
    assert [type(e) for e in seen if getattr(e, "touch", None) == finger] == [events.Picked]


def test_a_signed_orientation_names_the_child_whose_arm_it_is() -> None:
    """A finger between two seats, pointing away from the child across the table."""
    crowd = table()
    ctrl = control(crowd)
    mid = [c for c in cards_near(crowd, 0)
           if abs(ctrl.guesser.distance(0, *where(crowd, c))
                  - ctrl.guesser.distance(3, *where(crowd, c))) < crowd.race.card_w * 2]
    seen = happened(crowd)
    for seat, card in zip((3, 0), mid[:2], strict=True):
        x, y = where(crowd, card)
        bx, by = ctrl.guesser.bodies[seat]
        angle = math.degrees(math.atan2(y - by, x - bx)) % 360
        finger = crowd._finger(child(crowd, seat))
        crowd.source.push(TouchEvent(finger, TouchPhase.DOWN, x / crowd.width, y / crowd.height,
                                     crowd.now, None, Contact(0.01, 0.008, angle, True)))
        frames(crowd, 0.1)
        assert isinstance(seen[-1], events.Picked) and seen[-1].seat == seat


def test_a_child_refused_once_gets_the_next_card_they_touch() -> None:
    """Refused as another fingertip of the neighbour's hand beside theirs, the child tries
    again: this time the card is theirs."""
    from crowd_driver import beside

    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    theirs, mine = beside(crowd)
    seen = happened(crowd)
    crowd.press(neighbour, neighbour.hands[0], *theirs, [], 1, look=5.0)
    frames(crowd, 1 / 60)
    crowd.press(me, me.hands[0], *mine, [], 0, look=5.0)
    frames(crowd, 1 / 60)
    crowd.lift(me.hands[0], *mine)
    frames(crowd, 0.1)
    crowd.press(me, me.hands[0], *mine, [], 0, look=5.0)
    frames(crowd, 0.1)
    mine_events = [e for e in seen if getattr(e, "touch", None) in crowd.main
                   and crowd.owner[e.touch] is me]  # type: ignore[attr-defined]
    assert [type(e) for e in mine_events][:2] == [events.Refused, events.Picked]


def test_a_card_that_goes_back_leaves_the_other_hands_card_alone() -> None:
    """D8 assisted, R9: a child drops a card that does not fit on their zone while their other
    hand holds one. The dropped card goes back (the game refuses it: one card at a time); the
    one still held is theirs to keep (it used to slide back first, leaving the child with
    nothing)."""
    crowd = table("kids", user_ids=True)
    me = child(crowd, 0)
    near = cards_near(crowd, 0)
    wrong = next(c for c in near if not crowd.game.fits(0, c))
    kept = next(c for c in near if c != wrong)
    seen = happened(crowd)
    held = carry(crowd, me, kept, None, user=0)
    dropped = carry(crowd, me, wrong, 0, user=0)
    assert any(isinstance(e, events.Refused) and e.touch == dropped
               and e.reason is Reason.HAND_FULL for e in seen)
    assert not any(isinstance(e, events.SlidHome) and e.touch == held for e in seen)
    assert control(crowd).hands.carries[held].card == kept
    assert crowd.score.taken_from_hand == 0


def test_a_card_pulled_away_from_a_seat_is_not_that_seats_other_hand() -> None:
    """R9 at the drop without ids: this child takes a card just off their zone; a neighbour
    takes one nearer this child's seat than their own, so the table guesses it this child's
    (and this child's card someone else's), and has begun pulling it toward their own zone
    when this child puts theirs on their zone. The neighbour's card is not taken for this
    child's other hand: it stays on the neighbour's finger (it used to slide back)."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    one, travel = crowd.race.anchors[1], control(crowd).policy.travel
    mine, theirs = beside_my_zone(crowd)
    assert math.dist(where(crowd, mine), in_zone(crowd, mine)) < travel  # too short to be
    seen = happened(crowd)  # re-guessed on the way
    my_finger = finger_down(crowd, me, mine, 0)
    their_finger = finger_down(crowd, neighbour, theirs, 1)
    assert next(e.seat for e in seen if isinstance(e, events.SeatChanged)) != 0  # mine: not
    assert [e.seat for e in seen if isinstance(e, events.Picked)][1] == 0  # theirs: mine
    start = where(crowd, theirs)
    pull = travel * 0.5 / math.dist(start, one)
    for step in range(1, 6):
        crowd._event(their_finger, TouchPhase.MOVE,
                     start[0] + (one[0] - start[0]) * pull * step / 5,
                     start[1] + (one[1] - start[1]) * pull * step / 5)
        frames(crowd, 1 / 60)
    put_on_my_zone(crowd, me, my_finger, mine)
    assert any(isinstance(e, events.Stacked) and e.touch == my_finger for e in seen)
    assert not any(isinstance(e, events.SlidHome) and e.touch == their_finger for e in seen)
    assert control(crowd).hands.carries[their_finger].card == theirs
    assert seen[-2:-1] == [events.SeatChanged(control(crowd).hands.carries[their_finger].seat,
                                              theirs, their_finger)]  # made way, shown
    assert crowd.score.taken_from_hand == 0


def test_a_finger_whose_arm_comes_from_another_seat_is_not_this_childs_other_hand() -> None:
    """R9 at the drop with a panel that tells which way a finger points: a neighbour's finger
    lands nearer this child's seat (the table guesses it this child's), pointing from the
    neighbour's side. When this child puts their own card on their zone, the neighbour's card
    is not taken for this child's other hand: it stays on the neighbour's finger."""
    crowd = table(panel="signed")
    ctrl = control(crowd)
    me, neighbour = child(crowd, 0), child(crowd, 1)
    mine, theirs = beside_my_zone(crowd)
    seen = happened(crowd)
    my_finger = finger_down(crowd, me, mine, 0)
    x, y = where(crowd, theirs)
    bx, by = ctrl.guesser.bodies[1]
    their_finger = finger_down(crowd, neighbour, theirs, 1, contact=Contact(
        0.01, 0.008, math.degrees(math.atan2(y - by, x - bx)) % 360, True))
    assert [e.seat for e in seen if isinstance(e, events.Picked)][1] == 0  # guessed mine
    put_on_my_zone(crowd, me, my_finger, mine)
    assert any(isinstance(e, events.Stacked) and e.touch == my_finger for e in seen)
    assert not any(isinstance(e, events.SlidHome) and e.touch == their_finger for e in seen)
    assert ctrl.hands.carries[their_finger].card == theirs
    assert crowd.score.taken_from_hand == 0


def test_r9_a_card_lying_still_gives_way_to_the_same_seats_next_card_and_slides_home() -> None:
    """R9: a seat's card held still past STILL gives way when that child (named by the
    table's user id) takes another; the view is told it slides back, and for which seat."""
    crowd = table(user_ids=True)
    me = child(crowd, 0)
    first, second = cards_near(crowd, 0)[:2]
    seen = happened(crowd)
    held = carry(crowd, me, first, None, user=0, hold=STILL + 0.5)
    finger_down(crowd, me, second, 0, user=0)
    assert [(e.seat, e.card, e.touch) for e in seen if isinstance(e, events.SlidHome)] == [
        (0, first, held)]
