"""Behaviours of the race table's controller and bots' hands (seigneurs/table/controller.py,
bot_hands.py) that a mutation run (scripts/mutation.py table) found unguarded: each test names
what it holds, and the mutant(s) it failed on."""

from __future__ import annotations

import math

import pytest
from helpers import started_race
from test_attribution_constants import control
from test_controller_properties import controller as kids_controller
from test_table_mutation_survivors import LAYOUT, child_and_two_bots

from seigneurs.game import Phase, Pick, RaceGame, Stack
from seigneurs.game.bots import BOT_LEVELS, START_S
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.bot_hands import bot_finger
from seigneurs.table.controller import AHEAD, COUNTDOWN, SLACK, Play, RaceController
from seigneurs.table.kinds import open_session
from seigneurs.table.physics import STEP
from seigneurs.table.session import Seating

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
