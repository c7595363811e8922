"""Issue 33, items 2-4: a card a child carries never goes back because of someone else's
drop, and a hand of several fingertips carries its card until the last of them lifts. Each
scene is played by the crowd's children through the real path (touches -> production filters
-> controller), at 60 frames a second and with the real window's 0.47 s frame gap, and the
crowd's scorer counts what it did to them (`taken_from_hand`)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from crowd_driver import (
    beside_my_zone,
    cards_near,
    carry,
    child,
    control,
    finger_down,
    frames,
    happened,
    in_zone,
    land,
    put_on_my_zone,
    step_until,
    table,
    where,
)
from race_table import landed, moved

from seigneurs.game import GameConfig, Phase, Reason
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.attribution.hands import TOGETHER_S, Hands
from seigneurs.table.controller import DuoController
from seigneurs.table.geometry import Point
from seigneurs.tools.crowd import Child, Crowd, CrowdSettings, Hand
from seigneurs.tools.crowd_scorer import Score

GAP_STEPS = 28
"""The real window's slow frame (issue 33): 28 of the children's 60-a-second steps, 0.47 s."""


def slow(crowd: Crowd) -> Crowd:
    """The table draws a frame every 0.47 s; the children still move 60 times a second."""
    crowd.table.every = GAP_STEPS  # type: ignore[attr-defined]
    return crowd


def tip_lifts_halfway(crowd: Crowd, me: Child, hand: Hand, start: Point, path: list[Point],
                      intent: int | None, fingers: int = 2) -> tuple[int, int]:
    """`me`'s `hand` lands at `start` with `fingers` fingertips and follows `path`; the first
    fingertip lifts halfway, another carries on (the crowd's children do so at random,
    `TIP_LIFTS`). The first and the second finger, once all have lifted."""
    crowd.press(me, hand, *start, path, intent, fingers=fingers)
    hand.tip_lifts = True
    first, second = hand.finger, hand.extra[0][0]
    assert first is not None
    frames(crowd, len(path) / 60 + 1.0)
    assert hand.finger is None  # both fingertips lifted, the first halfway
    return first, second


def stacked_and_kept(crowd: Crowd, seen: list[events.Event], dropped: int, kept: int,
                     card: int) -> None:
    """The card on finger `dropped` was stacked, or went back once let go (R9: the game
    refused it while the seat's hand held the card on `kept`), and `card` stayed on finger
    `kept` (never slid back): no card was taken from a hand."""
    assert any(isinstance(e, events.Stacked) and e.touch == dropped for e in seen) or (
        any(isinstance(e, events.Refused) and e.touch == dropped and e.reason is
            Reason.HAND_FULL for e in seen) and
        any(isinstance(e, events.BackOnTable | events.SlidHome) and e.touch == dropped
            for e in seen))
    assert not any(isinstance(e, events.SlidHome) and e.touch == kept for e in seen)
    assert control(crowd).hands.carries[kept].card == card
    assert crowd.score.taken_from_hand == 0


def test_r9_a_gift_on_a_zone_leaves_the_card_its_child_carries() -> None:
    """An adult behind this child drops a card that fits them on their zone (a gift; the arm
    tracker names this child for the adult's hand too) while this child carries their own
    card home: the gift is stacked, and the child's own card stays on their moving finger (it
    used to slide back: the gift was taken for the child's own drop, their carried card for a
    second one)."""
    crowd = table(user_ids=True)
    me, giver = child(crowd, 0), child(crowd, 1)
    near = cards_near(crowd, 0)
    gift = next(c for c in cards_near(crowd, 1) if crowd.game.fits(0, c))
    mine = next(c for c in near if c != gift and math.dist(
        where(crowd, c), crowd.race.anchors[0]) > crowd.race.card_w * 3)
    seen = happened(crowd)
    their_finger = finger_down(crowd, giver, gift, 0, user=0)
    path = crowd.path(giver, where(crowd, gift), in_zone(crowd, gift), False)
    mine_path = crowd.path(me, where(crowd, mine), crowd.race.anchors[0], False)
    lands = len(path) - len(mine_path) // 2  # this child is halfway home when the gift lands
    assert lands > 0
    my_finger = -1
    for step, (x, y) in enumerate(path):
        crowd._event(their_finger, TouchPhase.MOVE, x, y)
        if step == lands:
            my_finger = land(crowd, me, mine, 0, user=0)
        elif step > lands:
            crowd._event(my_finger, TouchPhase.MOVE, *mine_path[step - lands - 1])
        frames(crowd, 1 / 60)
    crowd._event(their_finger, TouchPhase.UP, *in_zone(crowd, gift))
    crowd.down.discard(their_finger)
    frames(crowd, 0.1)
    stacked_and_kept(crowd, seen, their_finger, my_finger, mine)


@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
@pytest.mark.parametrize("before", [0.1, 0.3, 0.5])
def test_r9_a_neighbours_drop_leaves_a_card_touched_just_before(before: float,
                                                                  gap: bool) -> None:
    """A neighbour's finger lands on a card nearer this child's seat `before` seconds before
    this child puts their own card on their zone: the table guesses the neighbour's card this
    child's. The drop is stacked, and the neighbour's card, touched just now, is no evidence
    of this child's other hand: it stays on the neighbour's finger (it used to slide back, a
    refusal to the neighbour whose finger was still on it)."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    mine, theirs = beside_my_zone(crowd)
    seen = happened(crowd)
    my_finger = finger_down(crowd, me, mine, 0)
    frames(crowd, 0.4)  # this child looks at their card a moment, then carries it home
    if gap:
        slow(crowd)
    path = crowd.path(me, where(crowd, mine), in_zone(crowd, mine), False)
    ahead = round(before * 60)  # the neighbour lands this many steps before the drop
    path += [path[-1]] * max(0, ahead - len(path) + 1)
    their_finger = -1
    for step, (x, y) in enumerate(path):
        if step == len(path) - ahead:
            their_finger = land(crowd, neighbour, theirs, 1)
        crowd._event(my_finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    crowd._event(my_finger, TouchPhase.UP, *in_zone(crowd, mine))
    crowd.down.discard(my_finger)
    frames(crowd, 1.0)
    stacked_and_kept(crowd, seen, my_finger, their_finger, theirs)


@pytest.mark.parametrize("fingers", [2, 3])
@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
def test_a_hand_of_several_fingertips_carries_its_card_until_the_last_lifts(
        gap: bool, fingers: int) -> None:
    """A child's hand lands with two or three fingertips (small children touch so) and carries
    a card that fits them home; the fingertip that took it lifts halfway, another stays on the
    glass and carries on: the card goes with the hand and is stacked where the last fingertips
    lift (it used to be put back mid-drag, where the first fingertip lifted)."""
    crowd = table()
    me, anchor = child(crowd, 0), crowd.race.anchors[0]
    zone_at = control(crowd).geometry.zone_at
    card = next(c for c in cards_near(crowd, 0) if crowd.game.fits(0, c) and zone_at(
        *((where(crowd, c)[0] + anchor[0]) / 2, (where(crowd, c)[1] + anchor[1]) / 2)) is None)
    seen = happened(crowd)
    if gap:
        slow(crowd)
    hand, start = me.hands[0], where(crowd, card)
    path = crowd.path(me, start, anchor, False)
    first, second = tip_lifts_halfway(crowd, me, hand, start, path, 0, fingers)
    assert [(type(e), e.touch) for e in seen if getattr(e, "card", None) == card] == [
        (events.Picked, first), (events.HandedOn, second), (events.Stacked, second)]
    assert crowd.score.taken_from_hand == 0


@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
@pytest.mark.parametrize("aside_cm", [5.0, 0.4], ids=["5cm", "under-a-tremor"])
def test_a_hand_of_two_fingertips_keeps_a_card_it_moves_only_a_little(
        gap: bool, aside_cm: float) -> None:
    """Issue 29: a child's hand of two fingertips shifts a card `aside_cm` (to look at it, or
    to put it back a little aside); the fingertip that took it lifts half-way while the other
    stays on it: the card stays with the hand and goes down where the last fingertip lifts. At
    5 cm it used to be put back from under the other fingertip (a hand had to go 3 cm first);
    at 0.4 cm (the first fingertip lifting after 0.2 cm, under a still fingertip's TREMOR_CM)
    a card that had gone no farther than a tremor went on with nobody."""
    crowd = table()
    me = child(crowd, 0)
    card = cards_near(crowd, 0)[3]
    seen = happened(crowd)
    if gap:
        slow(crowd)
    hand, start = me.hands[0], where(crowd, card)
    aside = (start[0] + aside_cm * crowd.px_per_cm, start[1])
    path = crowd.path(me, start, aside, False)
    first, second = tip_lifts_halfway(crowd, me, hand, start, path, None)
    assert [(type(e), e.touch) for e in seen if getattr(e, "card", None) == card] == [
        (events.Picked, first), (events.HandedOn, second), (events.BackOnTable, second)]
    assert crowd.score.taken_from_hand == 0


def shifted(crowd: Crowd, me: Child, finger: int, start: Point, moved_cm: float) -> Point:
    """`finger` of child `me` slides its card `moved_cm` along x from `start`, a move a frame
    (60 a second); where it ends."""
    end = (start[0] + moved_cm * crowd.px_per_cm, start[1])
    for x, y in crowd.path(me, start, end, False):
        crowd._event(finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    return end


def lifted_alone(crowd: Crowd, seen: list[events.Event], card: int, mine: int, theirs: int,
                 end: Point) -> None:
    """`mine` lifts at `end`: its card goes back on the table from it, handed on to nobody,
    and the neighbour's finger `theirs` never carries it."""
    crowd._event(mine, TouchPhase.UP, *end)
    crowd.down.discard(mine)
    frames(crowd, 0.2)
    assert not any(isinstance(e, events.HandedOn) for e in seen)
    assert [(type(e), e.touch) for e in seen if getattr(e, "card", None) == card] == [
        (events.Picked, mine), (events.BackOnTable, mine)]
    assert theirs not in control(crowd).hands.carries


@pytest.mark.parametrize("moved_cm", [0.2, 1.0, 2.5])
def test_a_neighbours_still_finger_beside_a_card_moved_a_little_is_not_handed_it(
        moved_cm: float) -> None:
    """A neighbour's finger lands 2 cm beside a card a child took a moment before and stays
    still; the child shifts the card `moved_cm` and lifts: the neighbour's finger went nowhere
    with the card, or (a card shifted less than a tremor) did not land with the child's
    finger, so it is no fingertip of that hand and is not handed the card (issue 33's empty-
    handed refusals came from such fingers). A finger landing in the very instant the child's
    does, within a hand's span, is what a hand's own fingertip does: without ids nothing tells
    the two apart (`test_with_user_ids_a_finger_landing_with_a_childs_is_no_fingertip_of_it`)."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    card = cards_near(crowd, 0)[3]
    seen = happened(crowd)
    start = where(crowd, card)
    mine = land(crowd, me, card, None)
    frames(crowd, 0.1)
    theirs = crowd._finger(neighbour)
    crowd._event(theirs, TouchPhase.DOWN, start[0], start[1] + 2.0 * crowd.px_per_cm)
    frames(crowd, 0.1)
    end = shifted(crowd, me, mine, start, moved_cm)
    lifted_alone(crowd, seen, card, mine, theirs, end)

def test_r28_a_card_held_still_goes_on_with_a_fingertip_that_landed_with_it_and_stayed(
        ) -> None:
    """A fingertip lifts from a card it moved less than a tremor: the card goes on with a
    fingertip that landed with it (within TOGETHER_S) and stayed where it landed (within a
    tremor), never with one that went off elsewhere or landed at another moment."""
    hands = Hands(px_per_cm=10.0)
    landed(hands, (1, 100.0, 100.0, 1.0), (2, 115.0, 100.0, 1.0),
           (3, 100.0, 115.0, 1.0 + TOGETHER_S / 2), (4, 85.0, 100.0, 1.0 + TOGETHER_S * 2))
    moved(hands, 2, 115.0, 106.0, 1.2)  # 0.6 cm off
    assert hands.hand_goes_on(1, 102.0, 100.0, None) == 3  # the card went 0.2 cm
    hands.track(TouchEvent(3, TouchPhase.UP, 0, 0, 1.3), 100.0, 115.0, 1.3)
    assert hands.hand_goes_on(1, 102.0, 100.0, None) is None  # 4 landed on its own


@pytest.mark.parametrize("moved_cm", [0.0, 0.2, 1.0])
def test_with_user_ids_a_finger_landing_with_a_childs_is_no_fingertip_of_it(
        moved_cm: float) -> None:
    """With user ids, a neighbour's finger the tracker names lands on the bare table 2 cm
    beside a child's finger (named for the child) in the very instant it takes a card, and
    stays still; the child
    shifts the card `moved_cm` and lifts: the ids name two children, so the neighbour's finger
    is no fingertip of the child's hand and is never handed the card, however alike they
    landed."""
    crowd = table(user_ids=True)
    me, neighbour = child(crowd, 0), child(crowd, 1)
    card, on, beside = bare_beside(crowd, 0)
    seen = happened(crowd)
    theirs, mine = crowd._finger(neighbour), crowd._finger(me)
    crowd.main.update((theirs, mine))
    crowd._event(mine, TouchPhase.DOWN, *on, None, 0)
    crowd._event(theirs, TouchPhase.DOWN, *beside, None, 1)
    frames(crowd, 0.1)
    hands = control(crowd).hands
    assert hands.fingertips[theirs].down_at == hands.fingertips[mine].down_at
    end = shifted(crowd, me, mine, on, moved_cm)
    lifted_alone(crowd, seen, card, mine, theirs, end)


def bare_beside(crowd: Crowd, seat: int) -> tuple[int, Point, Point]:
    """A card near `seat`, a point on it near its edge and a point of bare table (no card, no
    zone) 2 cm from that one, off the card."""
    ctrl, cm = control(crowd), crowd.px_per_cm
    for card in cards_near(crowd, seat):
        x, y = where(crowd, card)
        for k in range(16):
            dx, dy = math.cos(k * math.tau / 16), math.sin(k * math.tau / 16)
            on = (x + dx * 1.5 * cm, y + dy * 1.5 * cm)
            off = (on[0] + dx * 2.0 * cm, on[1] + dy * 2.0 * cm)
            if ctrl.physics.card_at(*on) == card and ctrl.physics.card_at(*off) is None and \
                    ctrl.geometry.zone_at(*off) is None:
                return card, on, off
    raise AssertionError("no card with bare table beside it")


@pytest.mark.parametrize("moved_cm", [0.0, 0.2])
@pytest.mark.parametrize("apart", [-0.2, -0.1, 0.1, 0.2])
def test_a_neighbours_still_finger_that_landed_at_another_moment_is_not_handed_a_still_card(
        apart: float, moved_cm: float) -> None:
    """A neighbour's finger lands on the bare table 2 cm beside a child's finger `apart`
    seconds before (or after) that finger takes a card, and stays still; the child shifts the
    card `moved_cm` (no farther than a tremor) and lifts: the neighbour's finger did not land
    with the child's, so it is no fingertip of that hand and is never handed the card (the
    card would follow a finger that never touched it)."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    card, on, beside = bare_beside(crowd, 0)
    seen = happened(crowd)
    theirs, mine = crowd._finger(neighbour), crowd._finger(me)
    crowd.main.update((theirs, mine))
    if apart < 0:
        crowd._event(theirs, TouchPhase.DOWN, *beside)
        frames(crowd, -apart)
    crowd._event(mine, TouchPhase.DOWN, *on)
    if apart > 0:
        frames(crowd, apart)
        crowd._event(theirs, TouchPhase.DOWN, *beside)
    frames(crowd, 0.1)
    end = shifted(crowd, me, mine, on, moved_cm)
    hands = control(crowd).hands
    assert hands.carries[mine].card == card
    assert theirs in hands.fingertips and theirs not in hands.carries  # on the bare table
    lifted_alone(crowd, seen, card, mine, theirs, end)


@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
def test_duo_a_hand_of_two_fingertips_lays_its_card_where_the_last_lifts(gap: bool) -> None:
    """Issue 29, Duo: a child's hand of two fingertips carries their revealed card to a row it
    fits; the fingertip that took it lifts halfway, the other carries on and lays it on the
    row (it used to slide home from under the other fingertip)."""
    crowd = Crowd(GameConfig.for_players("duo", 2, 3), CrowdSettings(adult=False, ghosts=False),
                  random.Random(3), Score())
    crowd.people = []
    step_until(crowd, lambda c: c.game.phase is Phase.PLAYING and c.now - c.playing_since >= 1)
    me = child(crowd, 0)
    me.next_at, me.age = math.inf, replace(me.age, lost_lift=0.0)
    crowd.people = [me]
    duo = crowd.control
    assert isinstance(duo, DuoController)
    card, geometry = duo.revealed[0], duo.geometry
    row = crowd.game.fitting_rows(0)[0]
    seen = happened(crowd)
    if gap:
        slow(crowd)
    hand, start = me.hands[0], geometry.reveal(0)
    target = (geometry.mid + geometry.card_w * 2.5, geometry.row_y(row))
    path = crowd.path(me, start, target, False)
    first, second = tip_lifts_halfway(crowd, me, hand, start, path, 0)
    assert [(type(e), e.touch) for e in seen if getattr(e, "card", None) == card] == [
        (events.Picked, first), (events.HandedOn, second), (events.Laid, second)]
    assert crowd.score.taken_from_hand == 0


@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
def test_r9_a_drop_leaves_a_card_carried_from_before_while_its_finger_moves_it(
        gap: bool) -> None:
    """Issue 29: a neighbour took a card before this child took theirs and carries it toward
    this child's zone (a gift on its way: the table, seeing it pulled there, guesses it this
    child's) when this child drops their own card home: the drop is stacked, and the
    neighbour's card, moving on its finger, stays there (it used to slide back from the
    neighbour's finger: a card held from before the dropped one was taken for the dropping
    child's other hand, the crowd's commonest card taken from a hand)."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    mine = beside_my_zone(crowd)[0]
    theirs = next(c for c in cards_near(crowd, 0) if c != mine and math.dist(
        where(crowd, c), in_zone(crowd, c)) > crowd.race.card_w * 4)
    seen = happened(crowd)
    their_finger = finger_down(crowd, neighbour, theirs, 0)
    gift = crowd.path(neighbour, where(crowd, theirs), in_zone(crowd, theirs), False)
    half = len(gift) // 2
    for x, y in gift[:half]:
        crowd._event(their_finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    my_finger = land(crowd, me, mine, 0)
    if gap:
        slow(crowd)
    path = crowd.path(me, where(crowd, mine), in_zone(crowd, mine), False)
    assert len(gift) - half > len(path) // 3  # the gift is still on its way at the drop
    for step, (x, y) in enumerate(path):
        crowd._event(my_finger, TouchPhase.MOVE, x, y)
        crowd._event(their_finger, TouchPhase.MOVE, *gift[half + step // 3])
        frames(crowd, 1 / 60)
    crowd._event(my_finger, TouchPhase.UP, *in_zone(crowd, mine))
    crowd.down.discard(my_finger)
    frames(crowd, 0.5)  # the neighbour's finger rests a moment: the table has drawn the drop
    stacked_and_kept(crowd, seen, my_finger, their_finger, theirs)


@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
def test_r9_an_adults_quick_reach_leaves_the_card_the_child_took_with_it(gap: bool) -> None:
    """Issue 29: an adult behind this child reaches in and puts a card that fits them on their
    zone a third of a second after taking it, just as the child takes a card of their own and
    carries it home: the adult's card is stacked, and the child's card stays on their finger
    (no child's hand carries a card home that fast: the quick drop is no evidence that the
    child's card was their other hand's; it used to slide back, 3 % of the picks of a child
    playing beside a bot with an adult helping)."""
    crowd = table()
    me = child(crowd, 0)
    adult = crowd._person(0, crowd.race.seats[0].place, [0], adult=True)
    zone = crowd.race.seats[0].place.zone
    gift = next(c for c in cards_near(crowd, 0) if crowd.game.fits(0, c) and not zone.contains(
        *where(crowd, c)))
    mine = next(c for c in cards_near(crowd, 0) if c != gift and math.dist(
        where(crowd, c), where(crowd, gift)) > crowd.race.card_w * 2)
    if gap:
        slow(crowd)  # the first long frame comes after short ones: a hitch
    seen = happened(crowd)
    (x0, y0), (x1, y1) = where(crowd, gift), in_zone(crowd, gift)
    reach = [(x0 + (x1 - x0) * k / 18, y0 + (y1 - y0) * k / 18) for k in range(1, 19)]
    (x0, y0), (x1, y1) = where(crowd, mine), in_zone(crowd, mine)
    home = [(x0 + (x1 - x0) * k / 48, y0 + (y1 - y0) * k / 48) for k in range(1, 49)]
    theirs = land(crowd, adult, gift, 0)
    my_finger = land(crowd, me, mine, 0)
    frames(crowd, 1 / 60)
    for step, (x, y) in enumerate(reach):
        crowd._event(theirs, TouchPhase.MOVE, x, y)
        crowd._event(my_finger, TouchPhase.MOVE, *home[step])
        frames(crowd, 1 / 60)
    crowd._event(theirs, TouchPhase.UP, *reach[-1])
    for x, y in home[len(reach):len(reach) + 6]:
        crowd._event(my_finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    frames(crowd, 0.5)
    stacked_and_kept(crowd, seen, theirs, my_finger, mine)


@pytest.mark.parametrize("gap", [False, True], ids=["60fps", "0.47s-frames"])
def test_r9_after_a_childs_first_wagon_a_drop_leaves_a_card_taken_with_it(gap: bool) -> None:
    """Issue 29: this child has a wagon on their train already. They take a card and, in the
    same moment, a neighbour takes one and carries it toward this child's zone (a gift on its
    way: the table, seeing it pulled there, guesses it this child's); this child drops their
    card home: it is stacked, and the neighbour's card, moving on its finger, stays there.
    Both hands at once are R9's case only in the start's rush, before a child has stacked
    (the card used to slide back from the neighbour's finger)."""
    crowd = table()
    me, neighbour = child(crowd, 0), child(crowd, 1)
    first = beside_my_zone(crowd)[0]
    carry(crowd, me, first, 0)
    assert crowd.game.trains[0]
    mine = beside_my_zone(crowd)[0]
    theirs = next(c for c in cards_near(crowd, 0) if c != mine and math.dist(
        where(crowd, c), in_zone(crowd, c)) > crowd.race.card_w * 6)
    seen = happened(crowd)
    if gap:
        slow(crowd)
    my_finger = land(crowd, me, mine, 0)
    frames(crowd, 0.05)
    their_finger = land(crowd, neighbour, theirs, 0)
    frames(crowd, 0.05)
    gift = crowd.path(neighbour, where(crowd, theirs), in_zone(crowd, theirs), False)
    home = crowd.path(me, where(crowd, mine), in_zone(crowd, mine), False)
    home = [home[min(len(home) - 1, step // 3)] for step in range(3 * len(home))]
    assert len(gift) > len(home) + 4  # the gift is still on its way at the drop
    for step, (x, y) in enumerate(home):
        crowd._event(my_finger, TouchPhase.MOVE, x, y)
        crowd._event(their_finger, TouchPhase.MOVE, *gift[step])
        frames(crowd, 1 / 60)
    crowd._event(my_finger, TouchPhase.UP, *in_zone(crowd, mine))
    crowd.down.discard(my_finger)
    frames(crowd, 0.5)  # the neighbour's finger rests a moment: the table has drawn the drop
    stacked_and_kept(crowd, seen, my_finger, their_finger, theirs)


def test_r9_a_drop_the_tracker_named_nobody_leaves_a_card_an_id_gave_the_child() -> None:
    """Issue 29, with user ids: this child holds a card still (looking at it) that the arm
    tracker named them for, when a neighbour puts a gift on their zone with a touch the tracker
    gave no id: the gift is stacked, and this child's card stays on their finger (it used to
    slide back: a drop without an id was taken for this child's other hand, though their id
    said whose the held card was; the tracker loses ids of a neighbour's gift as often as of a
    child's own other hand)."""
    crowd = table(user_ids=True)
    me, neighbour = child(crowd, 0), child(crowd, 1)
    mine = beside_my_zone(crowd)[0]
    gift = next(c for c in cards_near(crowd, 1) if c != mine and crowd.game.fits(0, c))
    seen = happened(crowd)
    their_finger = finger_down(crowd, neighbour, gift, 0, user=None)
    path = crowd.path(neighbour, where(crowd, gift), in_zone(crowd, gift), False)
    my_finger = -1
    for step, (x, y) in enumerate(path):
        if step == len(path) - 30:  # half a second before the gift lands
            my_finger = land(crowd, me, mine, None, user=0)
        crowd._event(their_finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    assert control(crowd).hands.carries[my_finger].decided
    crowd._event(their_finger, TouchPhase.UP, *in_zone(crowd, gift))
    crowd.down.discard(their_finger)
    frames(crowd, 0.1)
    stacked_and_kept(crowd, seen, their_finger, my_finger, mine)


def test_r9_a_drop_leaves_a_card_beyond_the_childs_reach_whatever_its_id_said() -> None:
    """Issue 29, with user ids: the tracker names this child for a touch across the table while
    this child carries their own card home (an id gone wrong: the table doubts it, this child
    holding a card already, and the card lies beyond their reach): the drop is stacked, and
    the card across the table stays on its finger (it used to slide back: a doubted id naming
    the dropping child outweighed where the card lay)."""
    crowd = table(user_ids=True)
    me = child(crowd, 0)
    body, reach = control(crowd).guesser.bodies[0], control(crowd).guesser.reach
    far_seat = max(range(1, 6), key=lambda s: math.dist(crowd.race.anchors[s], body))
    far = child(crowd, far_seat)
    mine = beside_my_zone(crowd)[0]
    theirs = cards_near(crowd, far_seat)[0]
    assert math.dist(where(crowd, theirs), body) > reach
    seen = happened(crowd)
    my_finger = finger_down(crowd, me, mine, 0, user=0)
    their_finger = finger_down(crowd, far, theirs, None, user=0)  # the tracker erred
    put_on_my_zone(crowd, me, my_finger, mine)
    frames(crowd, 0.1)
    stacked_and_kept(crowd, seen, my_finger, their_finger, theirs)


def test_r9_a_drop_leaves_a_card_just_touched_that_a_doubted_id_named_the_child_for() -> None:
    """Issue 29, with user ids: while this child carries their card home, a neighbour takes a
    card nearer the neighbour's seat (within this child's reach) and the tracker names this
    child for it (an id gone wrong: the game refuses this child a second card, R9, and it
    rides the neighbour's finger); this child drops their card home half a second later: it
    goes back once let go, and the neighbour's card, touched just now, stays on the
    neighbour's still finger (it used to slide back)."""
    crowd = table(user_ids=True)
    me = child(crowd, 0)
    guesser = control(crowd).guesser
    body = guesser.bodies[0]
    mine = beside_my_zone(crowd)[0]
    theirs, seat = next((c, guesser.nearest(*where(crowd, c))) for c in cards_near(crowd, 0)
                        if c != mine and guesser.nearest(*where(crowd, c)) != 0
                        and math.dist(where(crowd, c), body) < guesser.reach * 0.8)
    seen = happened(crowd)
    my_finger = finger_down(crowd, me, mine, 0, user=0)
    frames(crowd, 0.4)  # this child looks at their card a moment, then carries it home
    path = crowd.path(me, where(crowd, mine), in_zone(crowd, mine), False)
    path += [path[-1]] * max(0, 31 - len(path))
    their_finger = -1
    for step, (x, y) in enumerate(path):
        if step == len(path) - 30:  # half a second before this child's drop
            their_finger = land(crowd, child(crowd, seat), theirs, None, user=0)
        crowd._event(my_finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    held = control(crowd).hands.carries[their_finger]
    assert held.named == 0 and held.seat == 0 and not held.held
    crowd._event(my_finger, TouchPhase.UP, *in_zone(crowd, mine))
    crowd.down.discard(my_finger)
    frames(crowd, 0.1)
    stacked_and_kept(crowd, seen, my_finger, their_finger, theirs)
