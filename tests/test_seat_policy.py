"""Issue 16, items 3b-4: the seat policy against children it does not model. Each scene is
played through the real path (crowd touches -> production filters -> controller)."""

from __future__ import annotations

import math

from test_crowd_scorer import cards_near, child, control, frames, ghosts_on_every_seat, table, where

from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.table import events


def happened(crowd: object) -> list[events.Event]:
    """Every event the table emits from now on (the crowd still scores them)."""
    seen: list[events.Event] = []
    judge = crowd.judge  # type: ignore[attr-defined]

    def spy(batch: list[events.Event]) -> None:
        seen.extend(batch)
        judge(batch)
    crowd.judge = spy  # type: ignore[attr-defined]
    return seen


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


def test_an_id_whose_seat_holds_a_card_is_doubted_not_refused() -> None:
    """The tracker may have named the wrong child: the touch is guessed instead, and if it
    was that child's other hand, a drop on their zone is refused while the first card is
    carried (no second card at once)."""
    crowd = table(user_ids=True)
    first, second = cards_near(crowd, 0)[:2]
    me = child(crowd, 0)
    crowd.press(me, me.hands[1], *where(crowd, first), [], 0, look=30.0)
    frames(crowd, 0.1)
    seen = happened(crowd)
    finger = crowd._finger(me)
    start = where(crowd, second)
    crowd._event(finger, TouchPhase.DOWN, *start, user=0)
    frames(crowd, 0.1)
    assert isinstance(seen[0], events.Picked) and seen[0].provisional
    for x, y in crowd.path(me, start, crowd.race.anchors[0], False):
        crowd._event(finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    crowd._event(finger, TouchPhase.UP, *crowd.race.anchors[0])
    frames(crowd, 0.1)
    assert any(isinstance(e, events.Refused) and e.touch == finger for e in seen)
    assert not any(isinstance(e, events.Stacked) for e in seen)


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
    from test_crowd_scorer import beside

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
