"""Behaviours of the race table's controller and bots' hands (seigneurs/table/controller.py,
bot_hands.py) that a mutation run (scripts/mutation.py table) found unguarded: each test names
what it holds, and the mutant(s) it failed on."""

from __future__ import annotations

import math

import pytest
from conftest import control
from helpers import pick, started_race
from race_table import FINGER, NEW_FINGER, held, toward
from race_table import controller as kids_controller
from test_table_mutation_survivors import LAYOUT, HandOfTwo, child_and_two_bots

from seigneurs.game import Phase, Pick, RaceGame, Stack
from seigneurs.game.bots import BOT_LEVELS, START_S
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.attribution import Occupied, Reguess
from seigneurs.table.bot_hands import bot_finger
from seigneurs.table.controller import AHEAD, COUNTDOWN, SLACK, Play, RaceController
from seigneurs.table.kinds import open_session
from seigneurs.table.physics import STEP
from seigneurs.table.session import RaceSession, Seating

__all__ = ["control"]  # the fixture: three children at a lords table in play


# Bots' hands (BotHands.move).


def bot_holding(seat: int = 1) -> tuple[RaceController, int]:
    """A child and two expert bots; `seat`'s bot has just taken the loose card lying farthest
    from the table's middle (its train's spot is set as its hand's target)."""
    control = child_and_two_bots().control
    bodies, centre = control.physics.bodies, control.geometry.free.center
    card = max(bodies, key=lambda c: (math.dist(bodies[c].position, centre), c))
    control.bot_hands.pick(seat, card)
    return control, card


@pytest.mark.parametrize(("gap", "goes"), [(1.0, False), (2.0, True)])
def test_a_bots_hand_stops_within_a_pixel_of_its_target(gap: float, goes: bool) -> None:
    """A bot's card at its target, to within a pixel, stays where it is (it does not jitter
    about its train's spot); two pixels off, the hand still carries it there.
    (BotHands.move 16, 17)"""
    control, card = bot_holding()
    body = control.physics.bodies[card]
    start = (body.position.x, body.position.y)
    target = (start[0] + gap, start[1])
    assert math.hypot(target[0] - start[0], target[1] - start[1]) == gap  # the scene: exact
    control.bot_hands.targets[1] = target
    for _ in range(10):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    moved = math.dist(start, body.position)
    assert (moved > gap / 2) if goes else (moved < 1e-6), moved


def test_a_bots_card_goes_straight_toward_its_target_across_and_along() -> None:
    """A bot's card travels straight at its target, whichever way across and along the table
    that lies: each frame it comes nearer by as much as it moves. (BotHands.move 32)"""
    control, card = bot_holding()
    body = control.physics.bodies[card]
    start = (body.position.x, body.position.y)
    target = (start[0] + 300.0, start[1] + 200.0)
    control.bot_hands.targets[1] = target
    for _ in range(6):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    moved = math.dist(start, body.position)
    assert moved > 10.0  # the scene: it went some way
    assert math.dist(start, target) - math.dist(body.position, target) == pytest.approx(
        moved, rel=1e-3
    )


def test_a_bot_whose_finger_holds_nothing_keeps_no_other_bots_card_from_travelling() -> None:
    """Each bot's hand goes on its own: a bot whose finger holds no card (its card let go)
    leaves the next bot's card travelling to that bot's train. (BotHands.move 6)"""
    control, first = bot_holding(1)
    bodies, centre = control.physics.bodies, control.geometry.free.center
    second = max(
        (c for c in bodies if c != first), key=lambda c: (math.dist(bodies[c].position, centre), c)
    )
    control.bot_hands.pick(2, second)
    control.physics.release(bot_finger(1))  # bot 1's target stays, its finger is empty
    assert list(control.bot_hands.targets) == [1, 2]  # the scene: the empty hand comes first
    start = tuple(bodies[second].position)
    for _ in range(6):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    pile = control.geometry.seats[2].pile
    assert math.dist(bodies[second].position, pile) < math.dist(start, pile) - 10.0


# The table's rim (Control.__init__).


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


# Bots' turns (Play).


def test_r23_a_bot_turns_its_locomotive_only_once_the_countdowns_length_has_passed() -> None:
    """Kids (R23): a bot at the table waits the countdown's length, then its reaction (at most
    START_S before play), before it turns its locomotive; it never jumps the start.
    (Play.__init__ 14)"""
    control = kids_controller(2, 1, 4, users=False)  # the child's locomotive is turned
    turned: list[float] = []
    while control.play.clock < COUNTDOWN + START_S + 0.1:
        control.tick(1 / 60)
        turned += [
            control.play.clock
            for e in control.drain()
            if isinstance(e, events.Turned) and e.seat == 1
        ]
    assert len(turned) == 1 and COUNTDOWN < turned[0] <= COUNTDOWN + START_S + 1 / 60, turned
    assert control.game.phase is Phase.PLAYING


def kings_without_the_bots_cards() -> RaceGame:
    """Classic Kings for two, in play, where the child at seat 0 has stacked (misfits are let
    through, D8) every card that fitted seat 1's train: nothing on the table fits seat 1."""
    game = started_race("kings", 2, seed=0)
    for card in range(54):
        if game.table_mask >> card & 1 and game.fits(1, card):
            assert game.apply(Pick(0, 1.0, card)).ok and game.apply(Stack(0, 1.0)).ok
    assert not game.over and not game.fitting(1, game.table_mask)
    return game


def test_a_bot_with_nothing_of_its_own_to_take_fetches_a_card_a_child_cannot_reach() -> None:
    """Issue 9, clause 4: a bot that can use nothing on the table (every card face up, none
    fitting its train) fetches a card a child needs that lies beyond their reach, for the
    table to put it back nearer them. (Play.bot_turns 5, 9; RaceController.tick 5, 8)"""
    game = kings_without_the_bots_cards()
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, BOT_LEVELS["expert"])), game=game)
    control = session.control
    assert isinstance(control, RaceController)
    far = control.bot_hands.out_of_reach(lambda: control.loose_mask)
    assert far, "the scene: a card the child needs lies beyond their reach"
    picked: list[int] = []
    for _ in range(60 * 6):
        session.tick(1 / 60)
        picked += [e.card for e in session.drain() if isinstance(e, events.Picked) and e.bot]
        if picked:
            break
    assert len(picked) == 1 and far >> picked[0] & 1, picked
    assert game.fits(0, picked[0]) and not game.fits(1, picked[0])


@pytest.mark.parametrize("off", [-SLACK, SLACK + AHEAD])
def test_an_events_time_at_the_edges_of_the_window_is_taken_as_it_is(off: float) -> None:
    """An event's time on the game clock is taken as it is from SLACK behind the clock to
    SLACK + AHEAD in front, both edges included; a hair beyond, the event is now.
    (Play.event_time 5, 6)"""
    for beyond, taken in ((0.0, 10.0 + off), (math.copysign(1 / 1024, off), 10.0)):
        play = Play(started_race(), {}, seed=1)
        play.advance(10.0)
        assert play.clock == 10.0
        event = TouchEvent(1, TouchPhase.DOWN, 0.5, 0.5, 10.0 + off + beyond)
        assert play.event_time(event) == taken, beyond


# The race controller.


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


def test_a_table_opened_on_a_game_under_way_lays_out_only_the_cards_on_the_table() -> None:
    """A table opened on a game already played on (a resumed or replayed game) lays out the
    cards that lie on the table, and no card stacked on a train. (RaceController.__init__ 91)"""
    game = started_race("lords", 2, seed=2)
    stacked = [pick(game, 0, True), pick(game, 1, False)]
    assert all(game.apply(Stack(seat, 1.0)).ok for seat in (0, 1))
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)), game=game)
    assert isinstance(session, RaceSession)
    assert set(session.control.physics.bodies) == {c for c in range(54) if game.table_mask >> c & 1}
    assert not set(stacked) & set(session.control.physics.bodies) and len(stacked) == 2


def test_r28_a_card_handed_on_and_put_on_the_other_childs_zone_is_dropped_there() -> None:
    """A card carried on by a hand's second fingertip (issue 33) and put down on the other
    child's zone at a hand's pace is dropped there, as one carried by its first fingertip
    would be: the game hears it was that child's card. (RaceController._up 23)"""
    hand = HandOfTwo()
    control, w, h = hand.control, LAYOUT.width, LAYOUT.height
    hand.take_and_drag(3)
    hand.t += 0.01
    hand.frame(TouchPhase.UP, 3 * hand.cm, 1)
    seat = control.hands.carries[3].seat  # the scene: handed on to fingertip 3
    other = 1 - seat
    end = control.geometry.anchors[other]
    control.drain()
    hand.t += 0.5
    control.touches([TouchEvent(3, TouchPhase.UP, end[0] / w, end[1] / h, hand.t)], w, h)
    told = [
        (e.seat, e.card) for e in control.drain() if isinstance(e, events.Stacked | events.Refused)
    ]
    assert told == [(other, hand.card)]


def test_a_wagon_a_child_stacks_leaves_the_table(control: RaceController) -> None:
    """A card a child drops on their zone and stacks is on their train, no longer on the
    table: no finger can land on it there. (RaceController._up 64)"""
    bodies, w, h = control.physics.bodies, control.geometry.width, control.geometry.height
    anchor = control.geometry.anchors[0]
    card = max(bodies, key=lambda c: (math.dist(bodies[c].position, anchor), c))
    x, y = bodies[card].position
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, y / h, 0.0)], w, h)
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.UP, anchor[0] / w, anchor[1] / h, 0.5)], w, h)
    assert [(e.seat, e.card) for e in control.drain() if isinstance(e, events.Stacked)] == [
        (0, card)
    ]
    assert card not in bodies and control.physics.card_at(x, y) != card
    for _ in range(60):
        control.tick(1 / 60)
    assert control.physics.card_at(*anchor) != card


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
