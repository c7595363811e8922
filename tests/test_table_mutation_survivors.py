"""Behaviours of `seigneurs/table` that a mutation run (scripts/mutation.py table) found
unguarded by the package's own tests: each test names what it holds and failed on its mutant."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise
from typing import TypeVar

import pytest
from conftest import control
from crowd_driver import cards_near, carry, child, finger_down, happened, table
from helpers import pick, started_race
from race_table import DROPPING, FINGER, NEW_FINGER, held, playing_duo, toward
from race_table import controller as kids_controller

from seigneurs.game import (
    CallStop,
    DuoGame,
    GameConfig,
    Lay,
    NotApplied,
    Phase,
    RaceGame,
    RemoveLocomotive,
    Stack,
    TurnLocomotive,
    Whistle,
    new_game,
)
from seigneurs.game.actions import EndReason, Reason
from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rect import Rect
from seigneurs.rules import VARIANTS, WAGONS, WagonType
from seigneurs.table import events
from seigneurs.table.attribution.decide import AGAIN_CM, AGAIN_S, Drop, drop
from seigneurs.table.attribution.guess import WANTED, SeatGuesser
from seigneurs.table.attribution.hands import (
    FLING_CM_S,
    FLING_WINDOW,
    HAND_WINDOW,
    Carry,
    Hands,
)
from seigneurs.table.attribution.policy import STILL
from seigneurs.table.controller import COUNTDOWN, RaceController
from seigneurs.table.geometry import RaceGeometry, Spot
from seigneurs.table.grabs import SAME_MOMENT, FairGrabs, just_taken, lay_under
from seigneurs.table.kinds import TABLE_KINDS, open_session, table_kind
from seigneurs.table.layout import (
    MIDDLE_TALL,
    ROOM_PER_CARD,
    ZONE_LONG,
    TableLayout,
    duo_places,
)
from seigneurs.table.physics import STEP, CardPhysics
from seigneurs.table.session import DuoSession, RaceSession, Seating

LAYOUT = TableLayout.build(1280, 720)
__all__ = ["control"]  # the fixture: three children at a lords table in play


def assisted_duo(layout: TableLayout = LAYOUT) -> DuoSession:
    """A Duo of two children in assisted play (D8: a card is laid only where it fits), on a
    table of `layout`."""
    game = new_game(GameConfig.for_players("duo", 2, seed=3, assisted=True))
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    assert game.apply(Whistle(0, 0.5)).ok
    session = open_session(layout, Seating(duo_places(layout), (None, None)), game=game)
    assert isinstance(session, DuoSession)
    return session


def two_fingertips(session: DuoSession, phase: TouchPhase, x: float, y: float,
                   t: float) -> None:
    """Two fingertips of one hand (touches 7 and 9), a centimetre apart across, at one
    instant, at (x, y) in table pixels."""
    w, h, cm = LAYOUT.width, LAYOUT.height, session.geometry.px_per_cm
    session.control.touches([TouchEvent(7, phase, x / w, y / h, t),
                             TouchEvent(9, phase, (x + cm) / w, y / h, t)], w, h)


E = TypeVar("E")


def first_told(session: DuoSession, kind: type[E], frames: int) -> list[E]:
    """The events of `kind` the session tells in the first frame that tells any, played
    frame by frame for at most `frames` (none: an empty list)."""
    told: list[E] = []
    for _ in range(frames):
        session.tick(1 / 60)
        told += [e for e in session.drain() if isinstance(e, kind)]
        if told:
            break
    return told


def drag(session: DuoSession, touch: int, start: tuple[float, float],
         end: tuple[float, float]) -> list[object]:
    """One finger carries from `start` to `end` and lifts: the events the view is told."""
    control = session.control
    control.play.drain()
    for phase, (x, y), t in ((TouchPhase.DOWN, start, 1.0), (TouchPhase.MOVE, end, 1.1),
                             (TouchPhase.UP, end, 1.2)):
        control.touches([TouchEvent(touch, phase, x / LAYOUT.width, y / LAYOUT.height, t)],
                        LAYOUT.width, LAYOUT.height)
    return list(control.play.drain())


def test_d8_a_card_laid_where_it_does_not_fit_is_refused_as_a_childs_and_slides_home() -> None:
    """Assisted Duo (D8): the lay on a row the card does not fit is refused gently, the view
    told it was a child's (so it plays the refusal sound), and the card slides back to the
    spot it was taken from."""
    session = assisted_duo()
    game, geometry = session.game, session.geometry
    card = game.top_card(0)
    assert card is not None
    row = next(r for r in range(3) if not game.fits(0, r, card))
    home = geometry.reveal(0)
    seen = drag(session, 7, home, geometry.slot(0, row, 0, 1))
    assert not game.can(Lay(0, 1.2, row))
    assert events.Refused(0, card, 7, Reason.DOES_NOT_FIT, False) in seen
    slid = [e for e in seen if isinstance(e, events.SlidHome)]
    assert slid == [events.SlidHome(0, card, 7, *home)]
    assert session.physics.settles_at(card) == home


def test_r28_a_card_dropped_off_the_rows_slides_back_to_its_spot() -> None:
    session = assisted_duo()
    card = session.game.top_card(0)
    assert card is not None
    home = session.geometry.reveal(0)
    seen = drag(session, 8, home, (home[0], LAYOUT.height / 2))
    assert session.geometry.row_at(home[0], LAYOUT.height / 2) is None
    assert [e for e in seen if isinstance(e, events.SlidHome)] == [
        events.SlidHome(0, card, 8, *home)]
    assert not any(isinstance(e, events.Refused) for e in seen)
    assert session.physics.settles_at(card) == home


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


def test_a_fingertip_already_lifted_takes_no_card_from_its_hand(
        control: RaceController) -> None:
    """A hand lands with two fingertips on a card and carries it; the fingertip that did not
    take it lifts first, then the one that took it, mid-table: the card is dropped there (put
    back), never handed on to the fingertip that already left the glass."""
    width, height = control.geometry.width, control.geometry.height
    card = next(iter(control.physics.bodies))
    x, y = control.physics.bodies[card].position
    spread = control.geometry.px_per_cm  # a centimetre apart: one hand
    taker, other = 21, 22

    def at(touch: int, phase: TouchPhase, dx: float, t: float, beside: float = 0.0) -> None:
        control.touches([TouchEvent(touch, phase, (x + dx) / width, (y + beside) / height, t)],
                        width, height)

    at(taker, TouchPhase.DOWN, 0.0, 1.0)
    at(other, TouchPhase.DOWN, 0.0, 1.05, spread)
    for step in range(1, 9):
        at(taker, TouchPhase.MOVE, step * spread, 1.05 + step * 0.05)
        at(other, TouchPhase.MOVE, step * spread, 1.05 + step * 0.05, spread)
    assert card in control.hands.cards()  # the hand carries it 8 cm, farther than its span
    control.drain()
    at(other, TouchPhase.UP, 8 * spread, 1.5, spread)
    at(taker, TouchPhase.UP, 8 * spread, 1.55)
    seen = control.drain()
    assert not any(isinstance(e, events.HandedOn) for e in seen), seen
    assert card not in control.hands.cards()


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


def test_r28_r29_a_card_carried_to_a_row_where_it_fits_names_seat_card_row_and_finger() -> None:
    """Duo: the finger on a child's revealed card is told to the view as that child's pick of
    that card by that finger, and the card laid where it fits as laid on that row by that
    finger, by no bot (the view moves that card and plays a child's sound)."""
    session = assisted_duo()
    game, geometry = session.game, session.geometry
    card = game.top_card(0)
    assert card is not None
    row = next(r for r in range(3) if game.fits(0, r, card))
    home, end = geometry.reveal(0), geometry.slot(0, row, 0, 1)
    seen = drag(session, 7, home, end)
    assert events.Picked(0, card, 7, *home) in seen
    assert events.Laid(0, card, row, 7, False) in seen and game.rows[0][row] == [card]


def test_r28_the_row_bands_reach_the_free_areas_edges_both_included() -> None:
    """Duo: a finger lifting on the very bottom or top line of the rows' area is on a row
    (the bottom and top rows); just outside it, on none."""
    geometry = assisted_duo().geometry
    free, x = geometry.free, geometry.slot(0, 0, 0, 1)[0]
    assert geometry.row_at(x, free.y) == geometry.rows - 1
    assert geometry.row_at(x, free.y + free.h) == 0
    assert geometry.row_at(x, free.y - 0.01) is None
    assert geometry.row_at(x, free.y + free.h + 0.01) is None


def test_r28_a_duo_piles_count_lies_on_the_line_from_the_pile_to_the_revealed_card() -> None:
    """Duo: each player's pile count is drawn between their pile and their revealed card, on
    the line joining them (seen by that player, neither nearer nor further away)."""
    geometry = assisted_duo().geometry
    for seat in (0, 1):
        (px, py), (rx, ry), (cx, cy) = (geometry.pile(seat), geometry.reveal(seat),
                                        geometry.count(seat))
        assert abs((rx - px) * (cy - py) - (ry - py) * (cx - px)) < 1e-6
        assert min(px, rx) <= cx <= max(px, rx) and min(py, ry) <= cy <= max(py, ry)


def test_a_point_is_on_a_card_exactly_within_its_turned_rectangle() -> None:
    """Which card a finger lands on: (x, y) is on a w x h card lying at its centre, turned,
    within half its width across and half its height along, and nowhere else."""
    centre, w, h = (300.0, 200.0), 40.0, 60.0
    assert lay_under(300.0, 229.0, centre, 0.0, w, h)
    assert not lay_under(300.0, 231.0, centre, 0.0, w, h)
    assert lay_under(319.0, 171.0, centre, 0.0, w, h)
    assert not lay_under(321.0, 200.0, centre, 0.0, w, h)
    assert lay_under(329.0, 200.0, centre, math.pi / 2, w, h)  # turned: 60 wide now
    assert not lay_under(300.0, 221.0, centre, math.pi / 2, w, h)


def test_a_card_that_has_not_moved_heads_toward_no_seat() -> None:
    """A card carried nowhere yet says nothing about whose it is: its heading toward every
    seat is 0 (not 1, straight home to each)."""
    guesser = SeatGuesser([(0.0, 0.0), (100.0, 0.0), (50.0, 80.0)], [0, 1, 2], reach=60.0)
    assert guesser.headings((40.0, 30.0), 40.0, 30.0) == [0.0, 0.0, 0.0]
    assert guesser.headings((40.0, 30.0), 40.0, 0.0)[0] > 0  # moved: toward seat 0


def test_duo_without_the_lobby_seats_each_child_in_the_colour_of_the_side_it_sits_on() -> None:
    """Duo, dealt without the lobby: the two children face each other on the long sides, and
    each wears the colour of the place on that side (places 0 and 3)."""
    seats = TABLE_KINDS["duo"].spread(LAYOUT, 2)
    assert [colour for colour, _place in seats] == [0, 3]
    for colour, place in seats:
        assert place.zone.y == LAYOUT.places[colour].zone.y
        assert place.angle == LAYOUT.places[colour].angle


def test_bots_fetch_the_loose_cards_a_child_needs_beyond_four_fifths_of_their_reach() -> None:
    """A card that fits a child's train but lies beyond 0.8 of their reach is one a bot
    fetches for them; a card within it, a card nobody needs, or one not loose, is not."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(3))
    session = open_session(LAYOUT, Seating(places, (None, None, BOT_LEVELS["expert"])),
                           GameConfig.for_players("kids", 3, 4))
    control = session.control
    assert isinstance(control, RaceController)
    game, guesser, bodies = control.game, control.guesser, control.physics.bodies
    loose = sum(1 << c for c in bodies if c % 2 == 0)  # only the even cards are free to take
    far = {c for c in bodies if c % 2 == 0 and any(
        game.fits(s, c) and guesser.distance(s, *bodies[c].position) > guesser.reach * 0.8
        for s in (0, 1))}
    nearer = {c for c in bodies if c % 2 == 0 and any(
        game.fits(s, c) and guesser.reach * 0.8 < guesser.distance(s, *bodies[c].position)
        <= guesser.reach / 0.8 for s in (0, 1)) and c in far}
    fetched = control.bot_hands.out_of_reach(lambda: loose)
    assert {c for c in range(54) if fetched >> c & 1} == far
    assert nearer and far != set(bodies), "the scene: cards just beyond 0.8 reach, some within"


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


def kids_in_play(second: BotLevel | None) -> RaceSession:
    """Assisted Kids in play, after the countdown: a child at seat 0, and at seat 1 a child
    (None) or a bot of that level; both locomotives turned, nobody has done anything yet."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, second)),
                           GameConfig.for_players("kids", 2, 3))
    assert isinstance(session, RaceSession)
    for seat in (0, 1):
        assert session.game.apply(TurnLocomotive(seat, 0.0)).ok
    session.tick(COUNTDOWN)
    session.drain()
    return session


def test_issue12_a_fitting_card_starts_to_glow_once_the_child_has_been_still_that_long() -> None:
    """Issue 12, assisted Kids: the glow under a fitting card begins `wait` seconds after the
    child last did something (it fades in from then), not before and not in the future."""
    session = kids_in_play(None)
    still = dict(session.still)
    for _ in range(60 * 7):
        session.tick(1 / 60)
    glows = session.fitting_cards(6.0)
    assert glows and session.still == still  # the scene: nobody did anything
    starts = {since for _at, since in glows.values()}
    assert starts <= {still[seat] + 6.0 for seat in (0, 1)}
    assert all(since <= session.clock for since in starts)


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


def test_a_card_carried_fast_then_held_still_before_the_lift_is_placed_not_flung(
        control: RaceController) -> None:
    """A child who rushes a card 30 cm and then holds it still for 0.15 s before lifting has
    placed it: its speed is taken from where the finger was FLING_WINDOW before the lift
    (here, nowhere new: the last point), not from an older part of the path."""
    cm = control.geometry.px_per_cm
    carry = held(control, 0, False)
    a, b = (600.0, 500.0), (600.0 + 30 * cm, 500.0)
    carry.trail.extend([(3.0, *a), (3.05, *b)])
    assert control.hands.flung(carry, b[0] + 0.4 * cm, b[1], 3.08)  # still rushing: thrown
    assert not control.hands.flung(carry, *b, 3.2)


def pulled_toward(control: RaceController, card: int, seat: int) -> list[events.Event]:
    """FINGER takes `card` and carries it 70 % of the way to `seat`'s anchor in 14 moves
    (30 a second); what the view was told meanwhile."""
    start = tuple(control.physics.bodies[card].position)
    anchor = control.geometry.anchors[seat]
    w, h = control.geometry.width, control.geometry.height
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, start[0] / w, start[1] / h, 10.0)], w, h)
    for step in range(1, 15):
        x, y = toward(start, anchor, math.dist(start, anchor) * 0.05 * step)
        control.touches([TouchEvent(FINGER, TouchPhase.MOVE, x / w, y / h, 10.0 + step / 30)],
                        w, h)
    return control.drain()


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


def test_r9_a_card_that_fits_only_the_farther_childs_train_is_guessed_theirs() -> None:
    """Whose hand is it: children search for cards that fit their train, so a finger on a
    face-up card lying a little nearer seat 0, but fitting only seat 1's train (within seat
    1's reach), is guessed seat 1's."""
    control = kids_controller(2, 0, 0, users=False)
    control.tick(COUNTDOWN)
    guesser, bodies, w, h = control.guesser, control.physics.bodies, LAYOUT.width, LAYOUT.height
    def nearer_but_wanted(card: int) -> bool:
        d0, d1 = (guesser.distance(s, *bodies[card].position) for s in (0, 1))
        return (control.loose(card) and d0 < d1 <= guesser.reach and d1 * WANTED < d0
                and control.seats.wanting(card) == {1})
    card = next(c for c in sorted(bodies) if nearer_but_wanted(c))
    x, y = bodies[card].position
    control.drain()
    control.touches([TouchEvent(4, TouchPhase.DOWN, x / w, y / h, COUNTDOWN)], w, h)
    assert [(e.seat, e.card) for e in control.drain() if isinstance(e, events.Picked)] == [
        (1, card)]


def test_r28_a_lifted_fingertips_card_goes_on_with_the_same_childs_fingertip_not_anothers() -> None:
    """Small children drag with several fingertips: when the one that carried the card lifts,
    the card goes on with another fingertip that landed and moved with it, and with user ids
    never with one of another child beside it (however alike it moved)."""
    hands = Hands(px_per_cm=10.0)
    moves = {1: (0, (100.0, 100.0), 0.0), 2: (1, (110.0, 100.0), 0.05),
             3: (0, (100.0, 110.0), 0.05)}  # touch: (named seat, landed, when)
    for touch, (named, (x, y), t) in moves.items():
        hands.track(TouchEvent(touch, TouchPhase.DOWN, 0, 0, t), x, y, t, named)
    for touch, (named, (x, y), _t) in moves.items():
        hands.track(TouchEvent(touch, TouchPhase.MOVE, 0, 0, 0.3), x + 100, y, 0.3, named)
    assert hands.hand_goes_on(1, 200.0, 100.0, 0) == 3
    assert hands.hand_goes_on(1, 200.0, 100.0, None) == 2  # no ids: nothing tells them apart


def test_r28_with_user_ids_a_card_goes_on_with_its_own_childs_other_fingertip() -> None:
    """At a table that knows its users: child 0 drags a card with two fingertips while child
    1's finger, beside them, moves the same way; when child 0's first fingertip lifts, the
    card goes on with child 0's other fingertip, not with child 1's."""
    control = kids_controller(2, 0, 0, users=True)
    control.tick(COUNTDOWN)
    bodies, w, h = control.physics.bodies, LAYOUT.width, LAYOUT.height
    card = next(c for c in sorted(bodies) if control.loose(c))
    x, y = bodies[card].position
    cm = control.geometry.px_per_cm
    fingers = {1: (0, 0.0, 0.0), 2: (1, cm, 0.0), 3: (0, 0.0, cm)}  # touch: user, offset
    t = COUNTDOWN
    for touch, (user, dx, dy) in fingers.items():
        t += 0.02
        control.touches([TouchEvent(touch, TouchPhase.DOWN, (x + dx) / w, (y + dy) / h, t,
                                    user)], w, h)
    for step in range(1, 11):
        t += 1 / 60
        control.touches([TouchEvent(touch, TouchPhase.MOVE, (x + dx + step * cm) / w,
                                    (y + dy) / h, t, user)
                         for touch, (user, dx, dy) in fingers.items()], w, h)
    control.drain()
    control.touches([TouchEvent(1, TouchPhase.UP, (x + 10 * cm) / w, y / h, t + 0.01, 0)], w, h)
    handed = [e for e in control.drain() if isinstance(e, events.HandedOn)]
    assert handed == [events.HandedOn(0, card, 3, 1)]


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


def test_r9_a_childs_reach_is_measured_from_the_tables_edge_behind_their_zone() -> None:
    """Whose hand is it: a child's arm reaches from where they stand, at the table's edge
    behind their zone, so each seat's body lies farther from the table's middle than its
    zone's centre, by half the zone's depth."""
    control = kids_controller(3, 0, 0, users=False)
    geometry, guesser = control.geometry, control.guesser
    middle = (LAYOUT.width / 2, LAYOUT.height / 2)
    for spots, body, anchor in zip(geometry.seats, guesser.bodies, geometry.anchors,
                                   strict=True):
        zone = spots.place.zone
        assert math.dist(body, anchor) == pytest.approx(min(zone.w, zone.h) / 2)
        assert math.dist(body, middle) > math.dist(anchor, middle)


def test_a_stalled_frame_moves_the_cards_a_tenth_of_a_second_at_most() -> None:
    """After a stall (a frame half a second long) the cards step on by a tenth of a second at
    most, not in a burst of catch-up steps that would fling a sliding card across the table."""
    control = kids_controller(2, 0, 0, users=False)
    assert control.physics.step(0.5) <= math.ceil(0.1 / STEP)
    assert control.physics.step(1 / 60) >= 1


def test_issue18_a_duo_zones_three_start_lamps_stand_centred_across_it() -> None:
    """Duo: each player's three start lamps stand in a row centred on their zone's middle
    line (the middle lamp straight beyond the revealed card), as the player sees it."""
    geometry = assisted_duo().geometry
    for seat in (0, 1):
        a = math.radians(geometry.places[seat].angle)
        (rx, ry), lamps = geometry.reveal(seat), geometry.lamps(seat)
        across = [(x - rx) * math.cos(a) + (y - ry) * math.sin(a) for x, y in lamps]
        assert across[1] == pytest.approx(0, abs=1e-6)
        assert across[0] == pytest.approx(-across[2]) and across[0] != 0


def test_a_table_kind_for_an_engine_nobody_plays_names_the_unknown_game_kind() -> None:
    """Variants as a registry: the table's part of a variant whose engine no game kind plays
    fails with an error that says it is the game kind that is unknown, and which ones there
    are."""
    odd = replace(VARIANTS["kids"], engine="hovercraft")
    with pytest.raises(ValueError, match="unknown game kind 'hovercraft'; expected one of race"):
        table_kind(odd)


def test_five_children_without_the_lobby_fill_both_long_sides_and_one_short_side() -> None:
    """Places spread round the table: five children dealt without the lobby take all four
    places of the long sides (across from each other) and one short side's, leaving the
    other short side empty."""
    places = LAYOUT.places
    long_sides = {i for i, place in enumerate(places) if place.angle in (0, 180)}
    taken = set(LAYOUT.spread(5))
    assert len(taken) == 5 and long_sides <= taken
    assert len(taken - long_sides) == 1


def training_table(wagons: int) -> RaceSession:
    """A Training race of two children in play, seat 0's train `wagons` long."""
    game = started_race("training", 2, seed=2)
    for t in range(wagons):
        pick(game, 0, fits=True, t=float(t))
        assert game.apply(Stack(0, t + 0.5)).ok
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)), game=game)
    assert isinstance(session, RaceSession)
    session.drain()
    return session


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


def test_a_card_flung_against_the_tables_edge_stops_by_it_rather_than_bouncing_back() -> None:
    """The table's rim is no cushion: a card flung flat against the edge comes back with less
    than a fifth of its speed and comes to rest within two card widths of that edge, not
    bounced back toward the middle (and the other children's cards)."""
    table_rect, w = Rect(0, 0, 1000, 600), 40.0
    physics = CardPhysics(table_rect, w, 56.0)
    physics.add(0, 900.0, 300.0)
    body = physics.bodies[0]
    body.velocity = (1500.0, 0.0)
    hit = 0.0
    for _ in range(600):  # 5 s: it reaches the edge in a tenth of that
        if body.velocity.x <= 0:
            break
        hit = body.velocity.x
        physics.step(STEP)
    assert 0 < -body.velocity.x < hit / 5
    for _ in range(600):
        physics.step(STEP)
    assert table_rect.w - (body.position.x + w / 2) < 2 * w


def test_issue18_a_card_put_back_goes_to_the_nearest_spot_where_it_hides_nothing() -> None:
    """Issue 18: a card put back onto three cards lying round the drop goes to the nearest
    spot where it hides none of them: here half a card width from the drop, up and to the
    right, where the gap is (not farther away round the pile)."""
    area, w = Rect(0, 0, 1000, 600), 40.0
    physics = CardPhysics(area, w, 56.0)
    for card, (dx, dy) in enumerate([(52, 0), (-32, 20), (0, -40)]):
        physics.add(card, 500.0 + dx, 300.0 + dy)
    physics.add(9, 900.0, 100.0)  # the card put back, still held far away
    x, y = physics.clear_spot(9, 500.0, 300.0, area)
    assert math.dist((x, y), (500.0, 300.0)) == pytest.approx(w / 2)
    physics.remove(9)
    physics.add(9, x, y)
    for card, body in physics.bodies.items():  # none lies on another, the new one included
        assert physics.clear_spot(card, *body.position, area) == tuple(body.position), card


def child_and_two_bots() -> RaceSession:
    """A kids' game: a child at a long side (seat 0), two expert bots beside and across."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(3))
    session = open_session(LAYOUT, Seating(places, (None, BOT_LEVELS["expert"],
                                                    BOT_LEVELS["expert"])),
                           GameConfig.for_players("kids", 3, 4))
    assert isinstance(session, RaceSession)
    return session


def test_every_card_on_the_table_lies_on_one_seats_side_the_one_whose_zone_is_nearest() -> None:
    """A bot searches its own side of the table first: each card on the table is on exactly
    one seat's side, the seat (child's or bot's) whose zone is nearest to it."""
    control = child_and_two_bots().control
    bodies = control.physics.bodies
    sides = [control.bot_hands.near(seat) for seat in range(3)]
    for seat, side in enumerate(sides):
        assert {c for c in range(54) if side >> c & 1} == {
            c for c, body in bodies.items() if control.everyone.nearest(*body.position) == seat}
    assert sum(sides) == sum(1 << c for c in bodies) and len(bodies) == 54


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


def test_r28_a_fingertip_landing_just_after_its_hands_first_one_lifted_lays_no_second_card(
        ) -> None:
    """Small children tap with several fingertips, not always at once: a fingertip landing
    within HAND_SPAN_CM and HAND_WINDOW of the one that just tapped a row and lifted already
    is the same hand, so the tap lays one card, not two (Duo)."""
    session = assisted_duo()
    control, game, geometry = session.control, session.game, session.geometry
    card = game.top_card(0)
    assert card is not None
    row = next(r for r in range(3) if game.fits(0, r, card))
    x, y = geometry.slot(0, row, 0, 1)
    assert geometry.row_at(x, y) == row and geometry.row_at(x + geometry.px_per_cm, y) == row

    def tap(touch: int, phase: TouchPhase, x: float, t: float) -> None:
        control.touches([TouchEvent(touch, phase, x / LAYOUT.width, y / LAYOUT.height, t)],
                        LAYOUT.width, LAYOUT.height)
    control.play.drain()
    tap(1, TouchPhase.DOWN, x, 1.0)
    tap(1, TouchPhase.UP, x, 1.05)
    tap(2, TouchPhase.DOWN, x + geometry.px_per_cm, 1.0 + HAND_WINDOW * 0.8)
    seen = control.play.drain()
    assert [(e.card, e.row, e.touch) for e in seen if isinstance(e, events.Laid)] == [
        (card, row, 1)]
    assert not [e for e in seen if getattr(e, "touch", None) == 2], seen


def test_a_card_a_bot_puts_back_that_a_child_needs_lands_on_that_childs_side_in_reach() -> None:
    """A bot puts a card back where the child whose train can use it can get it: on that
    child's side of the table (the child at a long side, the bots beside and across), within
    their reach, for every such card."""
    session = child_and_two_bots()
    control = session.control
    anchor, centre = control.geometry.seats[0].anchor, control.geometry.free.center
    assert abs(anchor[1] - centre[1]) > abs(anchor[0] - centre[0]) / 2  # a long side
    needed = [c for c in range(54) if session.game.fits(0, c)]
    assert needed
    for card in needed:
        x, y = control.bot_hands.put_back_spot(card)
        assert control.everyone.nearest(x, y) == 0, card
        assert math.dist(control.guesser.bodies[0], (x, y)) <= control.guesser.reach, card


def test_r9_two_fingertips_landing_together_exactly_a_hands_span_apart_are_one_hand(
        control: RaceController) -> None:
    """HAND_SPAN_CM counts to its end: two fingertips landing on one card at the same instant
    exactly HAND_SPAN_CM apart are one hand's: one takes the card, the other takes nothing
    and is refused nothing. (The card lies upright near the table's top edge, where the
    touches' fractions of the table can be exactly one span apart in floats.)"""
    physics, w, h = control.physics, control.geometry.width, control.geometry.height
    span = control.hands.span
    card = next(c for c in sorted(physics.bodies) if control.loose(c))
    physics.remove(card)
    physics.add(card, w / 2, 101.0)
    top = (101.0 - span / 2) / h
    low = top + span / h
    for _ in range(64):  # the nearest float whose distance, as the controller measures it, is
        if (low - top) * h == span:  # the span itself
            break
        low = math.nextafter(low, 1.0 if (low - top) * h < span else 0.0)
    assert (low - top) * h == span  # the scene
    assert [control.card_under(w / 2, f * h) for f in (top, low)] == [card, card]
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, 0.5, top, 10.0),
                     TouchEvent(FINGER + 5, TouchPhase.DOWN, 0.5, low, 10.0)], w, h)
    seen = control.drain()
    assert len([e for e in seen if isinstance(e, events.Picked)]) == 1
    assert not [e for e in seen if isinstance(e, events.Refused)], seen
    assert [c.card for c in control.hands.carries.values()] == [card]


@pytest.mark.parametrize("arrangement", ["six-around", "long-sides"])
def test_each_zone_faces_its_child_forward_to_the_middle_across_to_their_right(
        arrangement: str) -> None:
    """A zone is laid out for the child sitting at the table's edge behind it: `forward` goes
    from that edge toward the middle, `across` to the child's right as they sit (a quarter
    turn clockwise from forward), at every place: the six-around table has all four edges."""
    layout = TableLayout.build(1280, 720, arrangement=arrangement)
    step = layout.card_w
    for place in layout.places:
        cx, cy = place.zone.center
        behind = {(0.0, 1.0): cy, (0.0, -1.0): layout.height - cy, (1.0, 0.0): cx,
                  (-1.0, 0.0): layout.width - cx}  # forward, by how far the edge behind is
        fx, fy = min(behind, key=behind.__getitem__)
        assert place.local(step, 0) == pytest.approx((cx + step * fx, cy + step * fy))
        assert place.local(0, step) == pytest.approx((cx + step * fy, cy - step * fx)), place


@pytest.mark.parametrize(("width", "height"), [(800, 1280), (1000, 1000), (1024, 768)])
def test_long_sides_neighbours_zones_keep_table_between_them_however_narrow_the_table(
        width: int, height: int) -> None:
    """Three children side by side on a long side each get a zone of their own with table
    between them (a card put down between two neighbours is on neither's zone): however
    large the cards are for the width, no zone of a long-sides table is wider than three
    tenths of it, so neighbours' zones stay a thirtieth of the width apart."""
    layout = TableLayout.build(width, height, arrangement="long-sides")
    for side in (layout.places[:3], layout.places[3:]):
        zones = sorted((p.zone for p in side), key=lambda z: z.x)
        for left, right in pairwise(zones):
            assert right.x - (left.x + left.w) >= width / 30 - 1e-9


def test_the_card_on_top_is_the_one_put_down_or_raised_last_whatever_its_number() -> None:
    """A finger takes the card it sees on top: of two overlapping cards, the one put on the
    table (or raised, as when it was last moved) later, not the one with the higher number."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(7, 300.0, 300.0)
    physics.add(2, 310.0, 300.0)
    assert physics.card_at(305.0, 300.0) == 2
    physics.raise_card(7)
    assert physics.card_at(305.0, 300.0) == 7
    assert physics.card_at(305.0, 300.0, among=1 << 2) == 2


def test_a_card_taken_off_the_table_mid_slide_leaves_its_destination_free() -> None:
    """A card sliding somewhere (a bot's move) and then taken off the table (stacked) keeps
    no claim on the spot it was heading for: a card put back there may lie there, and the
    table steps on without it."""
    area = Rect(0, 0, 1000, 600)
    physics = CardPhysics(area, 40.0, 56.0)
    physics.add(1, 200.0, 300.0)
    physics.add(2, 800.0, 100.0)
    physics.send(1, 500.0, 300.0)
    physics.step(STEP)
    physics.remove(1)
    assert physics.clear_spot(2, 500.0, 300.0, area) == (500.0, 300.0)
    physics.step(STEP * 3)
    assert set(physics.bodies) == {2}


def test_a_card_sent_somewhere_slides_straight_there() -> None:
    """A card sliding by itself (refused and going back, a bot's move) goes straight to its
    spot, as a hand would push it, not along a curve that sweeps other cards: at every step
    it lies on the line from where it was to where it goes, and it arrives."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(0, 100.0, 100.0)
    physics.send(0, 500.0, 400.0)
    body = physics.bodies[0]
    for _ in range(120):
        physics.step(STEP)
        x, y = body.position
        assert (x - 100.0) * 300.0 == pytest.approx((y - 100.0) * 400.0, abs=1e-6), (x, y)
    assert physics.resting(0)
    assert math.dist(body.position, (500.0, 400.0)) < 1.0


def test_issue18_a_put_back_card_looks_for_room_at_most_nineteen_and_a_half_card_widths_away(
        ) -> None:
    """Issue 18's search has a reach (it also bounds the work of one put-back to 4681 tries):
    it looks for room on 40 rings, the last 39 half card widths from the drop. Room only just
    beyond that (here along a strip of table whose first 19.5 card widths are full) is not
    taken: the card stays where it was let go."""
    w, h = 40.0, 56.0
    physics = CardPhysics(Rect(0, 0, 1000, 3000), w, h)
    strip = Rect(500.0, 100.0, 0.0, 2000.0)  # the drop is at the strip's end
    physics.add(99, 900.0, 2500.0)
    lying = [*range(100, 801, 50), 840]  # the last one just short of ring 39's farthest tries
    for card, y in enumerate(lying):
        physics.add(card, 500.0, float(y))
    assert 100.0 + 39 * w / 2 - lying[-1] < h < 100.0 + 40 * w / 2 - lying[-1]  # the scene
    assert physics.clear_spot(99, 500.0, 100.0, strip) == (500.0, 100.0)


def test_issue18_a_card_with_no_room_on_the_table_stays_where_let_go_margin_in() -> None:
    """With no room anywhere in reach, a put-back card stays where it was let go, but still
    the asked margin in from the area's edge (a card always fully on the table)."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    for card, (x, y) in enumerate((x, y) for x in range(-20, 141, 30)
                                  for y in range(-20, 141, 30)):
        physics.add(card, float(x), float(y))
    physics.add(99, 800.0, 500.0)
    assert physics.clear_spot(99, 0.0, 0.0, Rect(0, 0, 120, 120), 10.0) == (10.0, 10.0)


class HandOfTwo:
    """Two children at a kids table, no user ids, in play; a hand of two fingertips (1, and 3
    a centimetre below it) goes for the first loose `card`, at (x, y) (issue 33's scenes)."""

    TIPS = (1, 3)

    def __init__(self) -> None:
        self.control = control = kids_controller(2, 0, 0, users=False)
        control.tick(COUNTDOWN)
        bodies = control.physics.bodies
        self.card = next(c for c in sorted(bodies) if control.loose(c))
        self.x, self.y = bodies[self.card].position
        self.cm, self.t = control.geometry.px_per_cm, COUNTDOWN

    def frame(self, phase: TouchPhase, moved: float, *touches: int) -> None:
        """`touches` go `phase`, `moved` to the right of the card's first place, at `t`."""
        w, h = LAYOUT.width, LAYOUT.height
        self.control.touches(
            [TouchEvent(touch, phase, (self.x + moved) / w,
                        (self.y + (self.cm if touch == 3 else 0.0)) / h, self.t)
             for touch in touches], w, h)

    def take_and_drag(self, cms: int) -> None:
        """Both fingertips land on the card, 0.02 s apart, and drag it `cms` cm right."""
        for touch in self.TIPS:
            self.t += 0.02
            self.frame(TouchPhase.DOWN, 0.0, touch)
        for step in range(1, cms + 1):
            self.t += 1 / 60
            self.frame(TouchPhase.MOVE, step * self.cm, *self.TIPS)


def test_r28_a_card_handed_on_to_another_fingertip_is_where_it_was_not_under_that_fingertip(
        ) -> None:
    """A card is judged (whose reach it is in, which way it is pulled: R9) where it is as the
    fingers carry it. When the fingertip that took it lifts and another fingertip of the hand
    carries it on, the card is where it was; it then moves as that fingertip moves."""
    hand = HandOfTwo()
    control, x, y, cm = hand.control, hand.x, hand.y, hand.cm
    hand.take_and_drag(10)
    control.drain()
    hand.t += 0.01
    hand.frame(TouchPhase.UP, 10 * cm, 1)
    assert [(e.card, e.touch, e.before) for e in control.drain()
            if isinstance(e, events.HandedOn)] == [(hand.card, 3, 1)]  # the scene
    assert control.hands.carries[3].where() == pytest.approx((x + 10 * cm, y))
    hand.t += 1 / 60
    hand.frame(TouchPhase.MOVE, 11 * cm, 3)
    assert control.hands.carries[3].where() == pytest.approx((x + 11 * cm, y))


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


def test_a_duo_bots_lay_is_shown_as_a_bots() -> None:
    """Duo against a bot: the view is told each lay of the bot's is a bot's (no finger, and
    no child's doing: no sound or glow meant for a child)."""
    game = new_game(GameConfig.for_players("duo", 2, seed=3))
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    assert game.apply(Whistle(0, 0.5)).ok
    session = open_session(LAYOUT, Seating(duo_places(LAYOUT), (None, BOT_LEVELS["expert"])),
                           game=game)
    laid = first_told(session, events.Laid, 3600)
    assert laid, "the bot laid no card in a minute"
    assert [(e.seat, e.touch, e.bot) for e in laid] == [(1, None, True)]


def test_r28_a_row_of_two_lies_whole_cards_apart_while_the_half_table_has_room() -> None:
    """R28: a row's cards lie whole cards apart to the player's right, closing up only when the
    row would reach the table's edge: on a Duo table whose half has room for a second card
    (1.5 cards past the first) but not for three, two cards lie whole cards apart and three
    close up evenly to the edge. (No panel TableLayout builds is this narrow for Duo: the
    rule is the geometry's own.)"""
    duo = assisted_duo().geometry
    card = duo.row_card
    narrow = replace(duo, width=2 * (3.12 * card + 0.3 * duo.card_w))  # room: 1.5 cards
    for seat, right in ((0, 1.0), (1, -1.0)):
        two = [narrow.slot(seat, 2, i, 2)[0] for i in range(2)]
        assert (two[1] - two[0]) * right == pytest.approx(card * 1.06)
        three = [narrow.slot(seat, 2, i, 3)[0] for i in range(3)]
        assert [(b - a) * right for a, b in pairwise(three)] == pytest.approx([card * 0.75] * 2)


def test_a_zones_locomotive_pile_count_and_stop_sign_lie_on_its_middle_line() -> None:
    """A child's things lie in one row along the middle of their zone, as far from the table's
    edge behind it each: the locomotive, the pile, the count and the stop sign."""
    layout = TableLayout.build(1280, 720)
    geometry = RaceGeometry.build(layout, layout.places, stop=True)
    for seat in geometry.seats:
        place = seat.place
        (cx, cy), (fx, fy) = place.local(0, 0), place.local(1, 0)

        def forward(x: float, y: float, cx: float = cx, cy: float = cy, fx: float = fx,
                    fy: float = fy) -> float:
            return (x - cx) * (fx - cx) + (y - cy) * (fy - cy)
        assert seat.stop is not None
        things = [(seat.locomotive.x, seat.locomotive.y), seat.pile,
                  seat.count, (seat.stop.x, seat.stop.y)]
        assert [forward(*p) for p in things] == pytest.approx([0.0] * 4, abs=1e-9), place


@pytest.mark.parametrize("players", range(2, 7))
def test_players_seated_by_the_table_each_get_a_place_of_their_own(players: int) -> None:
    """When nobody chose places, each of 2 to 6 players gets a place of their own (never two
    children on one zone)."""
    places = TableLayout.spread(players)
    assert len(set(places)) == players
    assert all(0 <= p < len(LAYOUT.places) for p in places)


def test_issue12_a_child_who_just_put_a_card_back_is_not_still_however_long_ago_they_touched(
        ) -> None:
    """Issue 12: a fitting card glows for a child who has been still `wait` seconds. A child
    who held a card three seconds and just put it back is not still, though their finger
    landed long ago: the glow waits `wait` from the put-back (assisted Kids, a bot across)."""
    session = kids_in_play(BOT_LEVELS["expert"])
    control, bodies, w, h = session.control, session.physics.bodies, LAYOUT.width, LAYOUT.height
    card = next(c for c in sorted(bodies) if control.loose(c)
                and control.seats.zone_at(*bodies[c].position) is None
                and control.guesser.nearest(*bodies[c].position) == 0)
    x, y = bodies[card].position

    def ticks(seconds: float) -> None:
        for _ in range(round(seconds * 60)):
            session.tick(1 / 60)
    session.touches([TouchEvent(FINGER, TouchPhase.DOWN, x / w, y / h, session.clock)])
    ticks(3.0)
    session.touches([TouchEvent(FINGER, TouchPhase.UP, x / w, y / h, session.clock)])
    put_back = session.clock
    assert [(e.seat, e.card) for e in session.drain() if isinstance(e, events.BackOnTable)
            and not e.bot] == [(0, card)]  # the scene
    ticks(1.0)
    assert session.fitting_cards(2.0) == {}
    ticks(1.5)
    glows = session.fitting_cards(2.0)
    assert glows and {since for _at, since in glows.values()} == {put_back + 2.0}


def test_a_card_a_child_needs_at_just_four_fifths_of_their_reach_is_theirs_to_take() -> None:
    """Bots fetch a needed card only beyond 0.8 of the child's reach: one lying exactly at
    0.8 of it (toward the middle of the table) is left for the child to take; a pixel
    farther, it is fetched."""
    control = child_and_two_bots().control
    guesser, bodies = control.guesser, control.physics.bodies
    card = next(c for c in sorted(bodies) if control.game.fits(0, c))
    ax, ay = guesser.anchors[0]
    edge = guesser.reach * 0.8
    y = ay + math.copysign(edge, control.geometry.free.center[1] - ay)
    for _ in range(64):  # the nearest float whose distance, as the bots measure it, is 0.8
        if guesser.distance(0, ax, y) == edge:  # of the reach itself
            break
        y = math.nextafter(y, ay if guesser.distance(0, ax, y) > edge else 2 * y - ay)
    assert guesser.distance(0, ax, y) == edge  # the scene
    bodies[card].position = (ax, y)
    assert control.bot_hands.out_of_reach(lambda: 1 << card) == 0
    bodies[card].position = (ax, y + math.copysign(1.0, y - ay))
    assert control.bot_hands.out_of_reach(lambda: 1 << card) == 1 << card


def test_r28_a_finger_dragging_alongside_beyond_a_hands_span_across_is_no_fingertip_of_it(
        ) -> None:
    """Two children drag side by side the same way at the same moment: a finger further than
    HAND_SPAN_CM from the lifting fingertip (here straight across the drag, level with it
    along it) is another hand; the card goes on with the fingertip within the span."""
    hands = Hands(px_per_cm=10.0)
    span = hands.span
    landed = {1: (100.0, 100.0), 2: (100.0, 100.0 + span * 1.5), 3: (100.0, 100.0 + span / 2)}
    for touch, (x, y) in landed.items():
        hands.track(TouchEvent(touch, TouchPhase.DOWN, 0, 0, 0.0), x, y, 0.0)
    for touch, (x, y) in landed.items():
        hands.track(TouchEvent(touch, TouchPhase.MOVE, 0, 0, 0.3), x + 100, y, 0.3)
    assert hands.hand_goes_on(1, 200.0, 100.0, None) == 3
    hands.track(TouchEvent(3, TouchPhase.UP, 0, 0, 0.31), 200.0, 100.0 + span / 2, 0.31)
    assert hands.hand_goes_on(1, 200.0, 100.0, None) is None  # the one across is left


def test_issue12_what_a_bot_does_never_counts_as_the_child_moving() -> None:
    """Issue 12: a bot picking and stacking beside a still child leaves the child still (the
    glow comes on time for them); only the children's seats are timed at all."""
    session = kids_in_play(BOT_LEVELS["expert"])
    still = dict(session.still)
    bots = []
    for _ in range(60 * 7):
        session.tick(1 / 60)
        bots += [e for e in session.drain() if getattr(e, "bot", False)]
    assert {type(e) for e in bots} >= {events.Picked, events.Stacked}  # the scene
    assert {e.seat for e in bots} == {1}
    assert session.still == still and list(still) == [0]
    assert session.fitting_cards(6.0)


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


def test_a_zone_flush_with_the_screens_edge_is_on_the_screen() -> None:
    """`fits`: a zone lying flush against the top or the right edge of the screen is still on
    it (a playable table); one a pixel over is not."""
    layout = TableLayout.build(1920, 1080)
    assert layout.fits()
    for k, moved in ((0, lambda z: replace(z, y=0.0)), (2, lambda z: replace(
            z, x=layout.width - z.w)), (0, lambda z: replace(z, y=-1.0)),
            (2, lambda z: replace(z, x=layout.width - z.w + 1.0))):
        place = layout.places[k]
        places = (*layout.places[:k], replace(place, zone=moved(place.zone)),
                  *layout.places[k + 1:])
        zone = places[k].zone
        flush = zone.y == 0.0 or zone.x + zone.w == layout.width
        assert replace(layout, places=places).fits() == flush, (k, zone)


def test_a_zone_exactly_zone_long_card_widths_long_is_long_enough() -> None:
    """`fits`: each zone at least ZONE_LONG card widths long; exactly that long is enough."""
    layout = TableLayout.build(1920, 1080)
    for length, fits in ((ZONE_LONG * layout.card_w, True),
                         (math.nextafter(ZONE_LONG * layout.card_w, 0.0), False)):
        zone = layout.places[0].zone
        places = (replace(layout.places[0], zone=replace(zone, w=length)), *layout.places[1:])
        assert replace(layout, places=places).fits() == fits, length


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160), (1920, 1200)])
def test_every_zone_around_the_table_is_as_long_as_the_others(size: tuple[int, int]) -> None:
    """Fair between seats: on a panel with room, the zones on the short sides are as long as
    those on the long sides (6.5 card widths), not longer."""
    layout = TableLayout.build(*size)
    lengths = {round(max(p.zone.w, p.zone.h), 9) for p in layout.places}
    assert lengths == {round(layout.card_w * 6.5, 9)}


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


def test_r28_a_card_carried_off_the_rows_and_let_go_slides_all_the_way_home() -> None:
    """Duo (R28): a revealed card carried away (it follows the finger) and let go off the
    rows slides by itself back onto its spot in the zone, and lies still there."""
    session = assisted_duo()
    card = session.game.top_card(0)
    assert card is not None
    home = session.geometry.reveal(0)
    away = (home[0], LAYOUT.height / 2)
    assert session.geometry.row_at(*away) is None
    w, h = LAYOUT.width, LAYOUT.height
    control = session.control
    control.touches([TouchEvent(8, TouchPhase.DOWN, home[0] / w, home[1] / h, 1.0)], w, h)
    for step in range(1, 31):
        x, y = toward(home, away, math.dist(home, away) * step / 30)
        control.touches([TouchEvent(8, TouchPhase.MOVE, x / w, y / h, 1.0 + step / 60)], w, h)
        session.tick(1 / 60)
    body = session.physics.bodies[card]
    assert math.dist(body.position, away) < LAYOUT.card_w  # the scene: it followed
    control.touches([TouchEvent(8, TouchPhase.UP, *(c / s for c, s in zip(away, (w, h),
                                                                        strict=True)), 1.6)],
                    w, h)
    for _ in range(60):
        session.tick(1 / 60)
    assert math.dist(body.position, home) < 1.0 and session.physics.resting(card)


def duo_against(level: str) -> DuoSession:
    """A Duo in play: a child at seat 0, a bot of `level` at seat 1."""
    game = new_game(GameConfig.for_players("duo", 2, seed=3))
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    assert game.apply(Whistle(0, 0.5)).ok
    session = open_session(LAYOUT, Seating(duo_places(LAYOUT), (None, BOT_LEVELS[level])),
                           game=game)
    assert isinstance(session, DuoSession)
    return session


def test_r28_a_child_cannot_take_the_bots_revealed_card() -> None:
    """Duo (R28: each player plays their own pile): a child's finger on the bot's revealed
    card takes nothing; on their own it takes their card."""
    session = duo_against("toddler")
    control, geometry = session.control, session.geometry
    w, h = LAYOUT.width, LAYOUT.height
    theirs, mine = control.revealed[1], control.revealed[0]
    assert theirs is not None and mine is not None
    control.play.drain()
    x, y = geometry.reveal(1)
    control.touches([TouchEvent(4, TouchPhase.DOWN, x / w, y / h, 1.0)], w, h)
    assert not [e for e in control.play.drain() if isinstance(e, events.Picked)]
    assert not control.hands.carries
    x, y = geometry.reveal(0)
    control.touches([TouchEvent(5, TouchPhase.DOWN, x / w, y / h, 1.0)], w, h)
    assert [(e.seat, e.card) for e in control.play.drain() if isinstance(e, events.Picked)] \
        == [(0, mine)]


def test_r28_a_hand_lifting_all_its_fingertips_at_once_lays_from_the_carrying_one() -> None:
    """Duo (R28's flat hands): a child carries their card with two fingertips of one hand to
    a row it fits and lifts the whole hand at one instant: the card is laid by the fingertip
    that carried it, never handed on to one lifting with it."""
    session = assisted_duo()
    game, geometry, control = session.game, session.geometry, session.control
    card = game.top_card(0)
    assert card is not None
    row = next(r for r in range(geometry.rows) if game.fits(0, r, card))
    home = geometry.reveal(0)
    end = geometry.slot(0, row, 0, 1)

    def both(phase: TouchPhase, x: float, y: float, t: float) -> None:
        two_fingertips(session, phase, x, y, t)
    control.play.drain()
    both(TouchPhase.DOWN, *home, 1.0)
    for step in range(1, 11):
        both(TouchPhase.MOVE, *toward(home, end, math.dist(home, end) * step / 10),
             1.0 + step / 60)
    both(TouchPhase.UP, *end, 1.2)
    seen = control.play.drain()
    assert [(e.seat, e.touch) for e in seen if isinstance(e, events.Picked)] == [(0, 7)]
    assert not [e for e in seen if isinstance(e, events.HandedOn)]
    assert [(e.card, e.row, e.touch) for e in seen if isinstance(e, events.Laid)] == [
        (card, row, 7)]


def test_a_bots_card_travels_to_its_train_at_the_bots_hand_speed() -> None:
    """A bot's taken card goes to its train as a hand carries one: at its level's
    `hand_cm_s` centimetres a second on this table, give or take the grip's lag (a child
    sees it go, neither jumping nor crawling)."""
    control = kids_controller(3, 2, 4, users=False)  # a child, two expert bots
    control.tick(COUNTDOWN)
    speed = BOT_LEVELS["expert"].hand_cm_s * control.geometry.px_per_cm
    bodies, seats = control.physics.bodies, control.geometry.seats
    far = None  # a bot's pick a third of a second's travel from its train, or more
    for _ in range(60 * 30):
        control.tick(1 / 60)
        far = next((e for e in control.drain() if isinstance(e, events.Picked) and e.bot
                    and math.dist(bodies[e.card].position, seats[e.seat].pile) > speed / 3),
                   None)
        if far is not None:
            break
    assert far is not None
    body = bodies[far.card]
    for _ in range(3):  # the card gets going
        control.tick(1 / 60)
    start = tuple(body.position)
    for _ in range(6):
        control.tick(1 / 60)
    # the finger leads the card by a hand's step a frame; the card follows through the
    # joint (85 % of the gap a frame), so it goes a little slower than the hand, never faster
    assert speed * 0.1 / 2 < math.dist(start, body.position) <= speed * 0.1


def test_a_finger_that_takes_another_card_lets_go_of_the_one_it_held() -> None:
    """One finger holds one card: a finger taking a second card lets go of its first, which
    then slides where it is sent (a card left pinned to a finger gone elsewhere could never
    go home)."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(0, 200.0, 300.0)
    physics.add(1, 600.0, 300.0)
    physics.grab(7, 0, 200.0, 300.0)
    physics.grab(7, 1, 600.0, 300.0)
    assert physics.holding(7) == 1 and physics.resting(0)
    physics.send(0, 400.0, 300.0)
    for _ in range(240):
        physics.step(STEP)
    assert math.dist(physics.bodies[0].position, (400.0, 300.0)) < 1.0


def test_a_card_a_bot_puts_back_on_a_clear_table_lies_a_third_of_the_way_to_the_middle() -> None:
    """A bot puts a card the child can use back where they can get it: with nothing in the way
    (issue 18's clear spot is where it aims), 0.35 of the way from the child's zone straight
    to the middle of the table, in front of the child, not beside them."""
    session = child_and_two_bots()
    control = session.control
    card = next(c for c in range(54) if session.game.fits(0, c))
    for other in [c for c in control.physics.bodies if c != card]:
        control.physics.remove(other)
    anchor, centre = control.geometry.seats[0].anchor, control.geometry.free.center
    spot = control.bot_hands.put_back_spot(card)
    assert math.dist(anchor, spot) == pytest.approx(0.35 * math.dist(anchor, centre))
    assert math.dist(spot, centre) == pytest.approx(0.65 * math.dist(anchor, centre))


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


def test_a_card_lying_flush_against_the_tables_four_pixel_rim_is_not_nudged_by_it() -> None:
    """The table's edge is a rim 4 px wide: a card lying with its edge exactly 4 px from the
    screen's edge touches it without being pushed, and lies where it was put, still."""
    physics = CardPhysics(Rect(0, 0, 1000, 600), 40.0, 56.0)
    physics.add(0, 1000.0 - 4.0 - 20.0, 300.0)
    for _ in range(120):
        physics.step(STEP)
    assert tuple(physics.bodies[0].position) == (976.0, 300.0)
    assert not physics.astir


def test_r23_a_zones_locomotive_lies_inside_it_three_tenths_of_its_length_from_its_middle(
        ) -> None:
    """The locomotive a child taps to turn before the start (R23) lies in their own zone, at
    its end across from the stop sign: 0.3 of the zone's length from its middle, for every
    place round the table."""
    layout = TableLayout.build(1280, 720)
    geometry = RaceGeometry.build(layout, layout.places, stop=True)
    for seat in geometry.seats:
        zone = seat.place.zone
        assert zone.contains(*seat.locomotive.centre), seat.place
        assert math.dist(seat.locomotive.centre, zone.center) == pytest.approx(
            0.3 * max(zone.w, zone.h))


@pytest.mark.parametrize("towards", [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)])
def test_a_card_flung_toward_any_edge_of_the_table_comes_to_rest_on_it_by_that_edge(
        towards: tuple[float, float]) -> None:
    """The table's rim runs all round it: a card flung from the middle toward any of its four
    edges comes to rest on the table, within two card widths of that edge (nothing stops it
    before, nothing lets it off)."""
    table_rect, w = Rect(0, 0, 1000, 600), 40.0
    physics = CardPhysics(table_rect, w, 56.0)
    physics.add(0, 500.0, 300.0)
    body = physics.bodies[0]
    body.velocity = (towards[0] * 2500.0, towards[1] * 2500.0)
    for _ in range(900):
        physics.step(STEP)
    x, y = body.position
    assert table_rect.contains(x, y)
    edge = {(1.0, 0.0): table_rect.w - x, (-1.0, 0.0): x, (0.0, 1.0): table_rect.h - y,
            (0.0, -1.0): y}[towards]
    assert edge < 2 * w


def test_a_table_arrangement_nobody_knows_is_refused_naming_it_and_the_two_there_are() -> None:
    """Bad input gets a clear error: an arrangement of places that does not exist is refused
    with its name and the two arrangements there are, for the adult who set it."""
    with pytest.raises(ValueError, match=r"'round'.*six-around or long-sides"):
        TableLayout.build(1280, 720, arrangement="round")


@pytest.mark.parametrize(("across", "lays"), [(0.5, True), (0.375, False)])
def test_r28_a_tap_on_a_row_lays_from_half_a_card_beside_the_locomotives_not_nearer(
        across: float, lays: bool) -> None:
    """Duo (R28): the locomotives' column is a card wide and lays nothing; a child's tap at
    its very edge, half a row card from the middle, is on the row and lays their card, while
    a tap inside it (three eighths of a card out) lays nothing. On a 1280 x 800 table
    both are exactly representable, so the tap lands on it to the last bit."""
    layout = TableLayout.build(1280, 800)
    session = assisted_duo(layout)
    control, game, geometry = session.control, session.game, session.geometry
    card = game.top_card(0)
    assert card is not None
    row = next(r for r in range(geometry.rows) if game.fits(0, r, card))
    w, h = layout.width, layout.height
    x, y = geometry.mid + geometry.row_card * across, geometry.row_y(row)
    assert abs(x / w * w - geometry.mid) == geometry.row_card * across  # the tap's own x
    control.play.drain()
    control.touches([TouchEvent(3, TouchPhase.DOWN, x / w, y / h, 1.0)], w, h)
    control.touches([TouchEvent(3, TouchPhase.UP, x / w, y / h, 1.05)], w, h)
    seen = control.play.drain()
    assert [(e.seat, e.card, e.row) for e in seen if isinstance(e, events.Laid)] == (
        [(0, card, row)] if lays else [])
    assert not [e for e in seen if isinstance(e, events.Refused)]
    assert (game.top_card(0) != card) == lays


def test_r28_a_fingertip_of_the_hand_carrying_its_card_lays_nothing_by_landing_on_a_row(
        ) -> None:
    """Duo (R28: one hand's fingertips take one card): a child takes their revealed card and
    sweeps it toward the rows; another fingertip of that hand touching down on a row a
    moment later is the same hand, not a tap that lays the card from under the carrying
    finger. The card is laid where the hand lets it go."""
    session = assisted_duo()
    control, game, geometry = session.control, session.game, session.geometry
    card = game.top_card(0)
    assert card is not None
    row = next(r for r in range(geometry.rows) if game.fits(0, r, card))
    home, (x, y) = geometry.reveal(0), geometry.slot(0, row, 0, 1)
    cm = geometry.px_per_cm
    w, h = LAYOUT.width, LAYOUT.height
    assert geometry.row_at(x + cm, y) == row

    def finger(touch: int, phase: TouchPhase, at: tuple[float, float], t: float) -> None:
        control.touches([TouchEvent(touch, phase, at[0] / w, at[1] / h, t)], w, h)
    control.play.drain()
    finger(7, TouchPhase.DOWN, home, 1.0)
    finger(7, TouchPhase.MOVE, (x, y), 1.1)
    finger(9, TouchPhase.DOWN, (x + cm, y), 1.0 + HAND_WINDOW * 0.8)
    seen = control.play.drain()
    assert [(e.seat, e.card, e.touch) for e in seen if isinstance(e, events.Picked)] == [
        (0, card, 7)]
    assert not [e for e in seen if isinstance(e, events.Laid | events.Refused)], seen
    assert game.top_card(0) == card and control.hands.carried(0) == card
    finger(7, TouchPhase.UP, (x, y), 1.3)
    finger(9, TouchPhase.UP, (x + cm, y), 1.3)
    assert [(e.card, e.row, e.touch) for e in control.play.drain()
            if isinstance(e, events.Laid)] == [(card, row, 7)]


def test_r28_a_card_handed_on_within_a_hand_names_the_fingertip_that_lifted() -> None:
    """Duo (R28's flat hands): a child carries their card with two fingertips and lifts one;
    the other carries it on, and the view is told which fingertip let go, so that it drops
    nothing the hand still holds (the lifted finger's card goes with the one still down)."""
    session = assisted_duo()
    control, game, geometry = session.control, session.game, session.geometry
    card = game.top_card(0)
    assert card is not None
    home = geometry.reveal(0)
    end = toward(home, (home[0], LAYOUT.height / 2), 4 * geometry.px_per_cm)

    def both(phase: TouchPhase, x: float, y: float, t: float) -> None:
        two_fingertips(session, phase, x, y, t)
    control.play.drain()
    both(TouchPhase.DOWN, *home, 1.0)
    both(TouchPhase.MOVE, *end, 1.1)
    w, h = LAYOUT.width, LAYOUT.height
    control.touches([TouchEvent(7, TouchPhase.UP, end[0] / w, end[1] / h, 1.2)], w, h)
    seen = control.play.drain()
    assert [e for e in seen if isinstance(e, events.HandedOn)] == [
        events.HandedOn(0, card, 9, 7)]
    assert not [e for e in seen if isinstance(e, events.SlidHome | events.Laid)]
    assert session.physics.holding(9) == card  # the card follows the fingertip still down


def test_a_bots_refused_move_is_told_to_the_view_as_a_bots() -> None:
    """A bot's move the game refuses is told to the view as a bot's: its card may wiggle, but
    no refusal sound plays as if a child had done something wrong; a child's refusal is told
    as a child's (the sound is for them)."""
    session = duo_against("toddler")
    play = session.control.play
    play.drain()
    for seat, bot in ((1, True), (0, False)):
        result = play.apply(Whistle(seat, play.clock))  # the game is under way already
        assert not result.ok
        assert isinstance(result, NotApplied)
        play.refuse(result, None, None)
        assert [(e.seat, e.bot) for e in play.drain() if isinstance(e, events.Refused)] == [
            (seat, bot)]


def test_r28_a_childs_next_card_is_turned_up_facing_them_and_told_to_the_view() -> None:
    """Duo (R28): when a child's card is laid, their pile's next card is turned up on their
    spot, turned to face them across the table (the child at the far side reads it the right
    way up too), and the view is told which card it is, to show it."""
    session = assisted_duo()
    control, game, geometry = session.control, session.game, session.geometry
    bodies = session.physics.bodies
    for seat in (0, 1):
        card = control.revealed[seat]
        assert card is not None
        assert bodies[card].angle == pytest.approx(math.radians(geometry.places[seat].angle))
    assert {p.angle % 360 for p in geometry.places} == {0, 180}  # one of them turned round
    card = game.top_card(1)
    assert card is not None
    row = next(r for r in range(geometry.rows) if game.fits(1, r, card))
    x, y = geometry.slot(1, row, 0, 1)
    w, h = LAYOUT.width, LAYOUT.height
    control.play.drain()
    control.touches([TouchEvent(4, TouchPhase.DOWN, x / w, y / h, 1.0)], w, h)
    seen = control.play.drain()
    following = game.top_card(1)
    assert following is not None and following != card
    assert [(e.seat, e.card, e.row) for e in seen if isinstance(e, events.Laid)] == [
        (1, card, row)]
    assert [e for e in seen if isinstance(e, events.Revealed)] == [events.Revealed(1, following)]
    assert control.revealed[1] == following
    assert bodies[following].position == pytest.approx(geometry.reveal(1))
    assert bodies[following].angle == pytest.approx(math.radians(geometry.places[1].angle))


def test_r28_a_card_laid_by_a_tap_while_dragged_leaves_that_finger_empty_not_the_others(
        ) -> None:
    """Duo (R28): while both children carry their cards, a tap on child 0's row lays child
    0's card; the finger that was dragging it then holds nothing (letting go sends no laid
    card flying home), and child 1's finger still carries theirs, which goes home when let
    go off the rows."""
    session = assisted_duo()
    control, game, geometry = session.control, session.game, session.geometry
    mine, theirs = game.top_card(0), game.top_card(1)
    assert mine is not None and theirs is not None
    row = next(r for r in range(geometry.rows) if game.fits(0, r, mine))
    w, h = LAYOUT.width, LAYOUT.height
    home0, home1 = geometry.reveal(0), geometry.reveal(1)
    off0, off1 = (home0[0], h * 0.4), (home1[0], h * 0.6)
    assert geometry.row_at(*off0) is None and geometry.row_at(*off1) is None

    def finger(touch: int, phase: TouchPhase, at: tuple[float, float], t: float) -> None:
        control.touches([TouchEvent(touch, phase, at[0] / w, at[1] / h, t)], w, h)
    control.play.drain()
    finger(7, TouchPhase.DOWN, home0, 1.0)
    finger(8, TouchPhase.DOWN, home1, 1.0)
    finger(7, TouchPhase.MOVE, off0, 1.1)
    finger(8, TouchPhase.MOVE, off1, 1.1)
    tap = geometry.slot(0, row, 0, 1)
    finger(5, TouchPhase.DOWN, tap, 2.0)
    finger(5, TouchPhase.UP, tap, 2.05)
    assert [(e.seat, e.card, e.touch) for e in control.play.drain()
            if isinstance(e, events.Laid)] == [(0, mine, 5)]
    finger(7, TouchPhase.UP, off0, 2.2)
    finger(8, TouchPhase.UP, off1, 2.2)
    seen = control.play.drain()
    assert [e for e in seen if isinstance(e, events.SlidHome)] == [
        events.SlidHome(1, theirs, 8, *home1)]
    assert not control.hands.carries
    assert game.rows[0][row][-1] == mine


def test_r30_a_duo_bots_card_that_fits_no_row_goes_under_shown_as_a_bots() -> None:
    """Duo against a bot (R30): a game resumed where the bot's revealed card fits none of
    its rows; the bot sends it under its pile, and the view is told it was the bot's (no
    finger, no sound or glow meant for a child)."""
    game = new_game(GameConfig.for_players("duo", 2, seed=3))
    assert isinstance(game, DuoGame)
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    assert game.apply(Whistle(0, 0.5)).ok
    for k, row in enumerate([0, 3, 4, 1, 0, 3, 0, 1, 1, 2, 3, 2, 4, 0, 2, 2, 2, 2, 4, 2, 2]):
        assert game.apply(Lay(1, 1.0 + k / 2, row)).ok  # the bot's earlier lays
    card = game.top_card(1)
    assert card is not None and not game.fitting_rows(1)
    session = open_session(LAYOUT, Seating(duo_places(LAYOUT), (None, BOT_LEVELS["expert"])),
                           game=game)
    under = first_told(session, events.WentUnder, 600)
    assert under == [events.WentUnder(1, card, None, True)]


def test_a_zone_flush_with_the_screens_left_or_far_edge_is_on_the_screen() -> None:
    """`fits`: a zone lying flush against the left edge of the screen, or against the edge
    across the table from the bottom one, is still on it (a playable table: the children at
    those sides can reach all of their zone); one a pixel over is not."""
    layout = TableLayout.build(1920, 1080)
    assert layout.fits()
    left, far = 5, 3
    assert layout.places[left].angle == 270 and layout.places[far].angle == 180
    side, top = layout.places[left].zone, layout.places[far].zone
    for k, zone, on in (
            (left, replace(side, x=0.0), True),
            (left, replace(side, x=-1.0), False),
            (far, replace(top, y=layout.height - top.h), True),
            (far, replace(top, y=layout.height - top.h + 1.0), False)):
        places = (*layout.places[:k], replace(layout.places[k], zone=zone),
                  *layout.places[k + 1:])
        assert (zone.x == 0.0 or zone.y + zone.h == layout.height) == on  # flush, exactly
        assert replace(layout, places=places).fits() == on, (k, zone)


def test_a_middle_exactly_as_tall_and_as_roomy_as_the_deck_needs_is_enough() -> None:
    """`fits`: the middle must be MIDDLE_TALL card heights tall and hold ROOM_PER_CARD card
    areas for each card of the deck (room for the children to spread them out); exactly that
    much is enough, a hair less is not."""
    layout = TableLayout.build(1920, 1080)
    tall = MIDDLE_TALL * layout.card_h
    room = ROOM_PER_CARD * len(WAGONS) * layout.card_w * layout.card_h
    free = layout.free
    assert free.w * tall >= room
    for h, fits in ((tall, True), (math.nextafter(tall, 0.0), False)):
        assert replace(layout, free=replace(free, h=h)).fits() == fits, h
    h = 600.0
    assert h > tall and room / h * h == room  # a middle with exactly the room, to the bit
    for w, fits in ((room / h, True), (math.nextafter(room / h, 0.0), False)):
        assert replace(layout, free=replace(free, w=w, h=h)).fits() == fits, w


def test_r28_at_the_duos_whistle_the_view_hears_it_then_sees_both_first_cards() -> None:
    """Duo (R28): the whistle blows by itself after the countdown; the view is told the game
    started (the whistle's sound, the lamps going green), then each child's first card is
    turned up, and not before."""
    game = new_game(GameConfig.for_players("duo", 2, seed=3))
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    session = open_session(LAYOUT, Seating(duo_places(LAYOUT), (None, None)), game=game)
    assert isinstance(session, DuoSession)
    seen: list[object] = []
    for _ in range(round(COUNTDOWN * 60) + 5):
        assert session.control.revealed == [None, None]
        session.tick(1 / 60)
        seen = list(session.drain())
        if seen:
            break
    assert session.control.play.clock >= COUNTDOWN
    first = (session.game.top_card(0), session.game.top_card(1))
    assert None not in first and list(first) == session.control.revealed
    assert seen == [events.Started(), events.Revealed(0, first[0]),
                    events.Revealed(1, first[1])]


def test_r30_the_duos_under_button_answers_a_fingertip_anywhere_on_its_round_target() -> None:
    """Duo (R30): the button that sends a child's card under their pile sits on the zone's
    middle line, across the revealed card from the pile, and answers a small fingertip
    anywhere on its round target, card_w * 0.55 * 1.15 in radius, and nowhere beyond it (a
    tap just beside it is not a child giving up on their card)."""
    session = playing_duo()  # classic: the button sends any card under
    control, game, geometry = session.control, session.game, session.geometry
    w, h = LAYOUT.width, LAYOUT.height
    radius = geometry.card_w * 0.55 * 1.15
    for seat in (0, 1):
        button, (rx, ry), (px, py) = geometry.under(seat), geometry.reveal(seat), \
            geometry.pile(seat)
        assert button.radius == pytest.approx(radius)
        assert button.centre == pytest.approx((2 * rx - px, 2 * ry - py))
    touch = 10
    for seat, out, hits in ((0, 0.95, True), (0, 1.05, False), (1, 0.95, True),
                            (1, 1.05, False)):
        card = game.top_card(seat)
        assert card is not None
        button = geometry.under(seat)
        # beside the button, across the zone's middle line (toward no other target)
        x, y = button.x + radius * out, button.y
        assert geometry.places[seat].angle in (0, 180)  # the zone lies along x
        control.play.drain()
        control.touches([TouchEvent(touch, TouchPhase.DOWN, x / w, y / h, 1.0 + touch)], w, h)
        control.touches([TouchEvent(touch, TouchPhase.UP, x / w, y / h, 1.05 + touch)], w, h)
        touch += 1
        unders = [e for e in control.play.drain() if isinstance(e, events.WentUnder)]
        assert unders == ([events.WentUnder(seat, card, touch - 1, False)] if hits else []), (
            seat, out)


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


def test_issue18_a_card_put_back_keeps_a_card_diagonal_from_where_another_is_sliding(
        ) -> None:
    """Issue 18: a card put back must hide nothing, also once the card sliding somewhere (a
    bot's move) arrives: it keeps a card's diagonal from that card's destination (exactly
    that far is far enough), and otherwise goes to the nearest ring of spots, half a card
    width out, that has such a spot, not farther out."""
    area, w, h = Rect(0, 0, 1000, 600), 40.0, 56.0
    physics = CardPhysics(area, w, h)
    apart, step = math.hypot(w, h), w / 2
    physics.add(1, 100.0, 500.0)
    physics.add(2, 900.0, 100.0)  # the card put back, still held far away
    target = (100.0, 300.0)
    physics.send(1, *target)  # card 1 slides there; the space round it is free now
    edge = (target[0] + apart, target[1])
    assert math.dist(edge, target) == apart  # exactly a diagonal from the destination
    assert physics.clear_spot(2, *edge, area) == edge
    between = (target[0] + (h + apart) / 2, target[1])  # more than a card's length away
    x, y = physics.clear_spot(2, *between, area)
    assert math.dist((x, y), target) >= apart
    assert math.dist((x, y), between) == pytest.approx(step)
    # the drop point and the nearest spots of its ring are too near the destination, the
    # ring's far side is not: the card goes there, not rings farther out
    drop = (target[0] - step - 38.0, target[1])
    x, y = physics.clear_spot(2, *drop, area)
    assert math.dist((x, y), target) >= apart
    assert math.dist((x, y), drop) == pytest.approx(step)


def test_r28_the_duos_two_zones_face_each_other_centred_on_the_tables_middle() -> None:
    """Duo (R28): the two children sit face to face across the long sides, each zone centred
    on the table's middle, where the locomotives' column is: neither child has farther to
    reach to the rows than the other."""
    for size in ((1280, 720), (1920, 1080)):
        layout = TableLayout.build(*size)
        places = duo_places(layout)
        assert [p.angle for p in places] == [0, 180]
        for place in places:
            assert place.zone.x + place.zone.w / 2 == pytest.approx(layout.width / 2)
        assert places[0].zone.y < layout.height / 2 < places[1].zone.y


def test_r9_a_card_let_go_faster_than_a_hand_places_one_is_flung(
        control: RaceController) -> None:
    """R9: a card let go faster than FLING_CM_S over the last FLING_WINDOW (the point exactly
    FLING_WINDOW before included; at least a frame, 1/60 s, however soon the lift came) was
    thrown, not placed, whichever way it went: up the table as much as across it. With no
    point that recent, the finger's very last point is where it was."""
    cm, fast = control.geometry.px_per_cm, FLING_CM_S * control.geometry.px_per_cm
    hands = control.hands
    a = (600.0, 500.0)
    carry = held(control, 0, False)
    carry.trail.append((3.0, *a))
    assert hands.flung(carry, a[0], a[1] + 30 * cm, 3.05)  # straight up the table
    carry.trail.clear()
    carry.trail.extend([(0.0, 600.0 - 20 * cm, 500.0), (0.05, *a)])
    assert FLING_WINDOW - 0.0 == FLING_WINDOW
    assert hands.flung(carry, *a, FLING_WINDOW)  # 20 cm in exactly FLING_WINDOW
    carry.trail.clear()
    carry.trail.extend([(0.0, 100.0, 100.0), (0.01, 600.0 - 30 * cm, 500.0), (0.02, *a)])
    assert not hands.flung(carry, *a, 0.2)  # held still at its last point since
    carry.trail.clear()
    carry.trail.append((0.0, *a))
    assert fast / 60 / cm == pytest.approx(2.0)  # a frame's worth of fling: 2 cm
    for cms, flung in ((3.0, True), (1.98, False)):  # moved within a frame: over 1/60 s
        assert hands.flung(carry, a[0] + cms * cm, a[1], 0.005) == flung, cms


def test_race_bots_move_cards_with_fingers_of_their_own_and_two_reaching_for_one_card_is_fair(
        ) -> None:
    """Kids with a child and three bots: each bot's take and stack is told to the view with
    that bot's own finger, a negative id no real touch has (a bot's grip never takes over a
    child's finger), one per bot; a card stacked leaves the table. Two bots reaching for one
    card in the same frame: one gets it, the other's reach changes nothing and shows nothing,
    and the game goes on."""
    control = kids_controller(4, 3, 1, users=False)
    control.tick(COUNTDOWN)
    bots = control.play.bot_seats
    fingers: dict[int, set[int]] = {seat: set() for seat in bots}
    picked: list[events.Picked] = []
    stacked = 0
    for _ in range(1300):
        control.tick(1 / 60)
        frame = control.drain()
        for e in frame:
            if isinstance(e, events.Picked | events.Stacked) and e.bot:
                assert e.touch is not None
                fingers[e.seat].add(e.touch)
            if isinstance(e, events.Picked) and e.bot:
                picked.append(e)
            if isinstance(e, events.Stacked) and e.bot:
                stacked += 1
                assert e.card not in control.physics.bodies
        cards = [e.card for e in frame if isinstance(e, events.Picked)]
        assert len(cards) == len(set(cards)), frame  # no card taken twice in a frame
    assert stacked > 10 and not control.game.over
    assert all(len(ids) == 1 and min(ids) < 0 for ids in fingers.values()), fingers
    assert len({min(ids) for ids in fingers.values()}) == len(bots)
    assert any(e.card == 6 for e in picked)  # the card two bots reached for at once


def test_r9_two_fingertips_landing_together_a_span_and_more_apart_across_are_two_hands(
        control: RaceController) -> None:
    """R9: two fingertips landing on one card at the same instant more than HAND_SPAN_CM
    apart side by side (across the table, at one height) are two hands: one takes the card
    and the other is told it lost it (two children reached for it), not taken for a
    fingertip of the winner's hand."""
    physics, w, h = control.physics, control.geometry.width, control.geometry.height
    span = control.hands.span
    card = next(c for c in sorted(physics.bodies) if control.loose(c))
    physics.remove(card)
    physics.add(card, w / 2, 101.0)
    left, right = w / 2 - span * 0.6, w / 2 + span * 0.6
    assert [control.card_under(x, 101.0) for x in (left, right)] == [card, card]  # the scene
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, left / w, 101.0 / h, 10.0),
                     TouchEvent(FINGER + 5, TouchPhase.DOWN, right / w, 101.0 / h, 10.0)], w, h)
    seen = control.drain()
    picked = [e.touch for e in seen if isinstance(e, events.Picked)]
    assert len(picked) == 1 and picked[0] in (FINGER, FINGER + 5)
    assert [(e.card, e.touch, e.reason) for e in seen if isinstance(e, events.Refused)] == [
        (card, ({FINGER, FINGER + 5} - set(picked)).pop(), Reason.TAKEN)]


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


def test_r28_a_card_handed_on_lies_where_the_finger_is_less_where_it_gripped_the_card(
        ) -> None:
    """R28's flat hands: a card carried on by another fingertip is where that fingertip is,
    less where on the card it took hold (the card does not jump to centre itself under it),
    across as much as up and down."""
    carry = Carry(0, 0, False, (0.0, 0.0))
    carry.grip = (12.0, -7.0)
    carry.trail.append((1.0, 300.0, 200.0))
    assert carry.where() == (288.0, 207.0)


def test_issue12_a_fitting_card_glows_for_each_still_child_from_their_last_touch() -> None:
    """Issue 12, assisted Kids: the glow helps each child who has been still `wait` seconds,
    from exactly then (however short a wait the table asks, half a second too); a child
    whose finger just landed on the table is not still (their glow waits again), and that
    does not keep the glow from the other child who has been still all along."""
    session = kids_in_play(None)
    control, w, h = session.control, LAYOUT.width, LAYOUT.height
    for _ in range(60 * 7):
        session.tick(1 / 60)
    assert session.still == {0: 0.0, 1: 0.0} and not control.seats.downs  # nobody did a thing
    both = session.fitting_cards(6.0)
    assert len(both) == 2  # a card for each child, two different ones
    assert session.fitting_cards(0.5).keys() == both.keys()
    exactly = session.clock  # still for exactly that long now
    assert session.clock - 0.0 == exactly
    assert session.fitting_cards(exactly).keys() == both.keys()
    x, y = control.geometry.anchors[0]
    assert control.card_under(x, y) is None  # a finger on the bare table by child 0
    control.touches([TouchEvent(3, TouchPhase.DOWN, x / w, y / h, session.clock)], w, h)
    control.touches([TouchEvent(3, TouchPhase.UP, x / w, y / h, session.clock)], w, h)
    glows = session.fitting_cards(6.0)
    assert len(glows) == 1 and glows.items() <= both.items()  # child 1's glow, as it was


def test_a_finger_exactly_on_a_round_buttons_rim_presses_it() -> None:
    """A round touch target (a stop sign, an under button) answers a fingertip anywhere on
    it, its rim included, to the last bit: small fingers land on edges."""
    button = Spot(100.0, 200.0, 20.0)
    assert button.hit(120.0, 200.0) and button.hit(100.0, 180.0)
    assert button.hit(112.0, 216.0)  # a 12-16-20 triangle: on the rim off the axes too
    assert not button.hit(math.nextafter(120.0, math.inf), 200.0)


def test_r11_a_race_bots_put_back_is_told_with_its_own_finger_which_lets_go() -> None:
    """R11, Lords against an adult bot: a card the bot took and cannot use goes back on the
    table; the view is told it was the bot's, with the bot's own finger (a negative id no
    child's touch has), and that finger holds nothing any more."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, BOT_LEVELS["adult"])),
                           GameConfig.for_players("lords", 2, 3))
    control = session.control
    assert isinstance(control, RaceController)
    session.tick(COUNTDOWN)
    back: list[events.BackOnTable] = []
    fingers: set[int | None] = set()
    for _ in range(60 * 20):
        session.tick(1 / 60)
        seen = session.drain()
        fingers |= {e.touch for e in seen if isinstance(e, events.Picked) and e.bot}
        back += [e for e in seen if isinstance(e, events.BackOnTable) and e.bot]
        if back:
            break
    assert len(back) == 1 and back[0].seat == 1, back
    assert fingers == {back[0].touch} and back[0].touch is not None and back[0].touch < 0
    assert control.physics.holding(back[0].touch) is None
    assert back[0].card in control.physics.bodies


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


def test_r9_a_card_lifted_half_a_card_from_where_it_lay_on_a_zone_is_dropped_there(
        control: RaceController) -> None:
    """R9: a card lifted within half a card's width of where it was taken was only tapped
    (no drop on the zone under it); lifted exactly half a card away, or more, on a child's
    zone, it was carried there: it is dropped on that child's zone."""
    half = control.geometry.card_w * 0.5
    x, ay = control.geometry.anchors[0]
    assert control.seats.zone_at(x, ay) == 0  # seat 0's zone, round its anchor
    home = next((x, float(y)) for y in range(0, int(ay))
                if (y + half) - y == half and control.seats.zone_at(x, y + half) == 0
                and control.seats.zone_at(x, y) == 0)  # up the zone, to the last bit
    carry = Carry(0, 0, False, home)
    lift = (home[0], home[1] + half)
    assert math.dist(carry.home, lift) == half  # the scene: exactly half a card
    assert drop(carry, *lift, 10.0, control.seats).zone == 0
    nearer = (lift[0], math.nextafter(lift[1], 0.0))
    assert drop(carry, *nearer, 10.0, control.seats).zone is None


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


def test_a_sliding_card_comes_to_rest_where_it_was_sent() -> None:
    """A card sliding somewhere (going home, a bot's move) comes to rest at its destination:
    a finger taking it mid-slide takes it from there (its home, to go back to), the same at
    any frame rate; a card lying still rests where it lies."""
    area = Rect(0, 0, 1000, 600)
    physics = CardPhysics(area, 40.0, 56.0)
    physics.add(1, 200.0, 300.0)
    assert physics.settles_at(1) == (200.0, 300.0)
    physics.send(1, 500.0, 300.0)
    physics.step(STEP * 3)
    assert physics.bodies[1].position.x > 200.0  # the scene: on its way
    assert physics.settles_at(1) == (500.0, 300.0)


def test_r9_a_fingertip_landing_exactly_a_span_away_and_hand_window_later_is_the_same_hand(
        control: RaceController) -> None:
    """R9, R28: small children touch with several fingertips: one landing up to exactly
    HAND_SPAN_CM from a fingertip that took a card, up to exactly HAND_WINDOW after it, is of
    the same hand (it takes no second card); a hair farther or later it is not."""
    hands, span = control.hands, control.hands.span
    hands.track(TouchEvent(FINGER, TouchPhase.DOWN, 0.0, 0.5, 10.0), 0.0, 500.0, 10.0)
    took = {FINGER: "the card"}
    assert math.hypot(span - 0.0, 0.0) == span and 10.0 + HAND_WINDOW - 10.0 == HAND_WINDOW
    assert hands.same_hand(span, 500.0, 10.0, took) == "the card"
    assert hands.same_hand(math.nextafter(span, math.inf), 500.0, 10.0, took) is None
    assert hands.same_hand(0.0, 500.0, 10.0 + HAND_WINDOW, took) == "the card"
    assert hands.same_hand(0.0, 500.0, math.nextafter(10.0 + HAND_WINDOW, math.inf),
                           took) is None


def test_r28_a_card_taken_off_centre_is_where_the_card_is_not_under_the_finger(
        control: RaceController) -> None:
    """A card a finger takes near its corner is carried from where it is: the table judges
    where the card is (whose reach, which zone it goes toward) from the card, not from the
    fingertip, which holds it off its centre."""
    physics, w, h = control.physics, control.geometry.width, control.geometry.height
    card = next(c for c in sorted(physics.bodies) if control.loose(c)
                and control.card_under(*physics.bodies[c].position) == c)
    centre = physics.settles_at(card)
    at = (centre[0] + control.geometry.card_w * 0.3, centre[1] + control.geometry.card_h * 0.3)
    assert control.card_under(*at) == card  # the scene: still on the card
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, at[0] / w, at[1] / h, 10.0)], w, h)
    carry = control.hands.carries[FINGER]
    assert carry.card == card
    assert carry.where() == pytest.approx(centre)


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
