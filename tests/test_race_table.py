"""The race table driven directly (`seigneurs/table/controller.py`, no window): what the view is
told of each take, stack and put-back, the stop sign and the locomotives (R11, R16, R23, D8), and
the time each touch keeps."""

from __future__ import annotations

import math

import pytest
from helpers import pick, started_race
from race_table import FINGER, LAYOUT, across, held, toward, training_table
from race_table import controller as kids_controller

from seigneurs.game import CallStop, GameConfig, Phase, RaceGame, Stack
from seigneurs.game.actions import EndReason, Reason
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.controller import AHEAD, COUNTDOWN, SLACK, Play, RaceController
from seigneurs.table.geometry import Spot
from seigneurs.table.kinds import open_session
from seigneurs.table.physics import STEP
from seigneurs.table.session import RaceSession, Seating


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


def test_r16_a_stop_called_at_the_table_tells_the_view_the_game_ended_and_why() -> None:
    """R16: the stop ends the game; the table tells the view once, with the reason (the results
    follow after the end delay)."""
    game = started_race("training", 2, seed=2)
    for t in range(5):
        pick(game, 0, fits=True, t=float(t))
        assert game.apply(Stack(0, t + 0.5)).ok
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)), game=game)
    play = session.control.play
    play.drain()
    assert play.apply(CallStop(0, 9.0)).ok
    assert [e for e in play.drain() if isinstance(e, events.Ended)] == [
        events.Ended(EndReason.STOP_CALLED)]


def training_stop() -> tuple[RaceGame, RaceSession, RaceController, Spot]:
    """A two-seat Training race under way, its session, controller and seat 0's stop sign."""
    game = started_race("training", 2, seed=2)
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)), game=game)
    control = session.control
    assert isinstance(control, RaceController)
    stop = session.geometry.seats[0].stop
    assert stop is not None
    return game, session, control, stop


def test_r16_a_stop_pressed_before_five_wagons_is_refused_gently_with_its_reason() -> None:
    """R16: a child pressing the stop sign before their train has five wagons is told no,
    gently, with the reason (the view wiggles the sign); the game plays on."""
    game, _, control, stop = training_stop()
    control.play.drain()
    x, y = stop.centre
    control.touches([TouchEvent(5, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height, 1.0)],
                    LAYOUT.width, LAYOUT.height)
    refused = [e for e in control.play.drain() if isinstance(e, events.Refused)]
    assert [(e.seat, e.bot) for e in refused] == [(0, False)] and not game.over
    assert refused[0].reason is game.verify(CallStop(0, 1.0))


def test_d8_a_misfit_card_brought_to_a_childs_zone_is_refused_naming_the_card() -> None:
    """Assisted Kids (D8): a card that does not fit, carried onto a child's zone, is refused
    gently; the view is told which seat, which card, which finger and why (the card wiggles
    and goes back), and no wagon is stacked."""
    control = kids_controller(2, 0, 0, users=False)
    control.tick(COUNTDOWN)
    game, bodies, w, h = control.game, control.physics.bodies, LAYOUT.width, LAYOUT.height
    card = next(c for c in sorted(bodies) if control.loose(c) and not game.fits(0, c))
    (x, y), (zx, zy) = bodies[card].position, control.geometry.anchors[0]
    t = COUNTDOWN
    control.drain()
    for phase, (px, py) in ((TouchPhase.DOWN, (x, y)), (TouchPhase.MOVE, (zx, zy)),
                            (TouchPhase.UP, (zx, zy))):
        t += 0.5
        control.touches([TouchEvent(9, phase, px / w, py / h, t)], w, h)
    refused = [e for e in control.drain() if isinstance(e, events.Refused)]
    assert refused == [events.Refused(0, card, 9, Reason.DOES_NOT_FIT)]
    assert not game.trains[0] and game.hands[0] == -1


def test_a_card_is_loose_exactly_when_it_lies_on_the_table_and_no_finger_holds_it() -> None:
    """What a finger may take: every card on the table is loose until a finger holds it; the
    held one is not, the others still are (the last card, 53, too)."""
    control = kids_controller(2, 0, 0, users=False)
    control.tick(COUNTDOWN)
    game, bodies, w, h = control.game, control.physics.bodies, LAYOUT.width, LAYOUT.height
    on_table = [c for c in range(54) if game.table_mask >> c & 1]
    assert 53 in on_table and all(control.loose(c) for c in on_table)
    card = on_table[len(on_table) // 2]
    x, y = bodies[card].position
    control.touches([TouchEvent(2, TouchPhase.DOWN, x / w, y / h, COUNTDOWN)], w, h)
    assert control.hands.carries[2].card == card
    assert [c for c in on_table if not control.loose(c)] == [card]


def test_a_stalled_frame_moves_the_cards_a_tenth_of_a_second_at_most() -> None:
    """After a stall (a frame half a second long) the cards step on by a tenth of a second at
    most, not in a burst of catch-up steps that would fling a sliding card across the table."""
    control = kids_controller(2, 0, 0, users=False)
    assert control.physics.step(0.5) <= math.ceil(0.1 / STEP)
    assert control.physics.step(1 / 60) >= 1


def touch_down(session: RaceSession, x: float, y: float, t: float = 9.0) -> list[object]:
    """One finger lands at (x, y): the events the view is told."""
    session.control.touches([TouchEvent(5, TouchPhase.DOWN, x / LAYOUT.width,
                                        y / LAYOUT.height, t)], LAYOUT.width, LAYOUT.height)
    return list(session.drain())


def test_r16_a_finger_just_beyond_the_end_of_a_childs_zone_calls_no_stop() -> None:
    """R16: only the stop sign calls a stop, and it lies inside its child's zone. A finger
    landing just past the end of the zone, beyond the stop sign (outside every zone), ends
    nothing, even when the train is long enough for a stop; on the sign, it ends the game."""
    session = training_table(5)
    spots = session.geometry.seats[0]
    side, w = max(spots.place.zone.w, spots.place.zone.h), LAYOUT.card_w
    beyond = spots.place.local(0, side / 2 + w * 0.03)
    assert session.geometry.zone_at(*beyond) is None  # the scene: outside every zone
    seen = touch_down(session, *beyond)
    assert not session.game.over and not [e for e in seen if isinstance(e, events.Stopped)]
    assert spots.stop is not None
    assert events.Stopped(0) in touch_down(session, *spots.stop.centre, 9.5)
    assert session.game.over


def test_r16_a_touch_on_the_trains_count_calls_no_stop() -> None:
    """R16: a child touching their train's count (a quarter card width from its middle, on
    its digits, toward the stop sign) calls no stop, even with a train long enough for one."""
    session = training_table(5)
    spots = session.geometry.seats[0]
    assert spots.stop is not None
    on_digits = toward(spots.count, spots.stop.centre, LAYOUT.card_w * 0.25)
    seen = touch_down(session, *on_digits)
    assert not session.game.over and not [e for e in seen if isinstance(e, events.Stopped)]


def test_r23_a_touch_beside_the_locomotive_where_the_pile_goes_turns_nothing() -> None:
    """Kids, before the start (R23): a child's locomotive turns for a touch on it, not for a
    touch on the felt beside it where the train's pile will lie (0.3 card widths past the
    locomotive card's edge, toward the pile)."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)),
                           GameConfig.for_players("kids", 2, 3))
    assert isinstance(session, RaceSession)
    session.drain()
    spots = session.geometry.seats[0]
    beside = toward(spots.locomotive.centre, spots.pile, LAYOUT.card_w * 0.8)
    seen = touch_down(session, *beside, 0.5)
    assert not [e for e in seen if isinstance(e, events.Turned)] and not session.game.turned[0]
    assert events.Turned(0) in touch_down(session, *spots.locomotive.centre, 0.6)


def test_r11_a_card_put_back_is_shown_where_it_comes_to_lie(control: RaceController) -> None:
    """R11: a child's card let go off every zone goes back on the table where it was let go,
    and the view is told that spot, the one the card slides to."""
    bodies = control.physics.bodies
    w, h = control.geometry.width, control.geometry.height
    card = next(c for c in sorted(bodies)
                if control.loose(c) and control.seats.zone_at(*bodies[c].position) is None)
    x, y = bodies[card].position
    held(control, 0, decided=True, card=card, at=(x, y))
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.UP, x / w, y / h, 10.2)], w, h)
    backs = [e for e in control.drain() if isinstance(e, events.BackOnTable)]
    assert [(e.seat, e.card) for e in backs] == [(0, card)]
    assert (backs[0].x, backs[0].y) == control.physics.settles_at(card)
    assert (backs[0].x, backs[0].y) == pytest.approx((x, y))


def test_r16_a_touch_on_the_stop_signs_rim_presses_it() -> None:
    """R16: the stop sign (drawn 1.2 card widths across) takes a touch anywhere on it, its rim
    too, and a little beyond, for small fingers; farther off it is not pressed."""
    game, session, control, stop = training_stop()
    place = session.geometry.seats[0].place
    (cx, cy), (fx, fy) = place.local(0, 0), place.local(1, 0)  # one pixel forward
    for reach, pressed in ((0.65, True), (0.75, False)):
        x = stop.x + (fx - cx) * LAYOUT.card_w * reach
        y = stop.y + (fy - cy) * LAYOUT.card_w * reach
        control.play.drain()
        control.touches([TouchEvent(5, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height,
                                    1.0)], LAYOUT.width, LAYOUT.height)
        refused = [e for e in control.play.drain() if isinstance(e, events.Refused)
                   and e.reason is game.verify(CallStop(0, 1.0))]
        assert bool(refused) == pressed, reach
        control.touches([TouchEvent(5, TouchPhase.UP, x / LAYOUT.width, y / LAYOUT.height,
                                    1.0)], LAYOUT.width, LAYOUT.height)


def test_a_childs_take_is_told_to_the_view_with_where_the_finger_took_the_card(
        control: RaceController) -> None:
    """The view is told a child's take (R9) with the seat, the card, the finger and the point
    the finger took it at, across and along the table."""
    bodies, w, h = control.physics.bodies, control.geometry.width, control.geometry.height
    card = next(c for c in sorted(bodies) if control.loose(c))
    x, y = bodies[card].position
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, y / h, 10.0)], w, h)
    (picked,) = [e for e in control.drain() if isinstance(e, events.Picked)]
    assert (picked.card, picked.touch, picked.bot) == (card, FINGER, False)
    assert (picked.x, picked.y) == pytest.approx((x, y))
    assert picked.seat == control.hands.carries[FINGER].seat


def test_r23_kids_start_the_moment_the_last_child_turns_their_locomotive() -> None:
    """Kids (R23): each child turns their locomotive to start; the view is told each turn,
    and the start (the whistle's sound, the lamps going green) comes the moment the last
    child turns theirs, not before."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)),
                           GameConfig.for_players("kids", 2, 3))
    control, w, h = session.control, LAYOUT.width, LAYOUT.height
    assert isinstance(control, RaceController)
    for seat, told in ((0, [events.Turned(0)]), (1, [events.Turned(1), events.Started()])):
        x, y = control.geometry.seats[seat].locomotive.centre
        control.touches([TouchEvent(seat + 1, TouchPhase.DOWN, x / w, y / h, 1.0 + seat)], w, h)
        assert control.drain() == told, seat
    assert session.game.phase is Phase.PLAYING


def test_r11_a_card_let_go_past_the_middles_edge_is_put_back_a_margin_inside_it(
        control: RaceController) -> None:
    """R11: a card a child lets go off the middle, beside it but on no zone, is put back
    inside the middle, a margin (three tenths of a card) in from its edge, so that it lies
    whole on the table where every child can see and reach it, not half over the edge."""
    geometry, bodies = control.geometry, control.physics.bodies
    w, h = geometry.width, geometry.height
    free, margin = geometry.free, geometry.card_w * 0.3
    card = next(c for c in sorted(bodies) if control.loose(c)
                and control.card_under(*bodies[c].position) == c)
    x0, y0 = bodies[card].position
    off = (free.x + free.w + 5.0, free.y + free.h / 4)
    assert geometry.zone_at(*off) is None  # the scene: beside the middle, on no zone
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, x0 / w, y0 / h, 10.0)], w, h)
    for k in range(1, 11):
        x, y = toward((x0, y0), off, math.dist((x0, y0), off) * k / 10)
        control.touches([TouchEvent(FINGER, TouchPhase.MOVE, x / w, y / h, 10.0 + k / 30)],
                        w, h)
    control.touches([TouchEvent(FINGER, TouchPhase.UP, off[0] / w, off[1] / h, 10.5)], w, h)
    back = [e for e in control.drain() if isinstance(e, events.BackOnTable)]
    assert [(e.card, e.touch) for e in back] == [(card, FINGER)]
    assert back[0].x == pytest.approx(free.x + free.w - margin)
    assert back[0].y == pytest.approx(off[1])


def test_r23_a_touch_on_the_far_end_of_the_locomotive_card_turns_it() -> None:
    """Kids, before the start (R23): a child's locomotive turns for a touch anywhere on its
    card, near its far end too (0.35 card heights forward of its middle, the card reaching
    to 0.5) (RaceGeometry.build 67: a target a third smaller)."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(
        LAYOUT, Seating(places, (None, None)), GameConfig.for_players("kids", 2, 3)
    )
    assert isinstance(session, RaceSession)
    session.drain()
    spots = session.geometry.seats[0]
    place, loco = spots.place, spots.locomotive.centre
    far_end = place.local(LAYOUT.card_h * 0.35, across(place, loco))
    assert events.Turned(0) in touch_down(session, *far_end, 0.5)
    assert session.game.turned[0]
