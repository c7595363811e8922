"""Behaviours of the table's physics, geometry, layout, grabs and sessions that a mutation run
(scripts/mutation.py table) found unguarded: each test names what it holds and failed on its
mutant(s), named in its docstring."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

import pytest
from race_table import toward
from test_table_mutation_survivors import LAYOUT, touch_down, training_table

from seigneurs.game import GameConfig
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rect import Rect
from seigneurs.table import events
from seigneurs.table.geometry import LAMP, RaceGeometry
from seigneurs.table.grabs import FairGrabs
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import Place, TableLayout
from seigneurs.table.physics import REST_SPEED, REST_SPIN, STEP, CardPhysics
from seigneurs.table.session import RaceSession, Seating

TABLE = Rect(0, 0, 1920, 1080)


def felt(*cards: tuple[int, float, float]) -> CardPhysics:
    """A 1920 x 1080 table with 60 x 84 px cards lying upright at the given (card, x, y)."""
    physics = CardPhysics(TABLE, 60.0, 84.0)
    for card, x, y in cards:
        physics.add(card, x, y)
    return physics


def across(place: Place, point: tuple[float, float]) -> float:
    """How far `point` lies to the right of the zone's middle, as its player sees it."""
    a = math.radians(place.angle)
    cx, cy = place.zone.center
    return (point[0] - cx) * math.cos(a) + (point[1] - cy) * math.sin(a)


# The physics: a finger's grip.


def test_a_card_taken_and_held_still_stays_exactly_where_it_lay() -> None:
    """A finger landing on a card (off its centre) and holding still does not move it: the
    point it took is pinned under the fingertip, so the card neither slides nor turns
    (CardPhysics.grab 21)."""
    physics = felt((1, 500.0, 300.0))
    body = physics.bodies[1]
    physics.grab(3, 1, 515.0, 320.0)
    for _ in range(60):
        physics.step(1 / 60)
    assert tuple(body.position) == pytest.approx((500.0, 300.0), abs=1e-3)
    assert body.angle == pytest.approx(0.0, abs=1e-6)


def test_a_held_card_closes_85_percent_of_the_gap_each_sixtieth_of_a_second() -> None:
    """The grip's pull: a card held at its centre, its finger moved 100 px, closes 85 % of
    what is left of the gap in every 1/60 s after the first step (the joint's error bias,
    the same at any frame rate) (CardPhysics.grab 29)."""
    physics = felt((1, 500.0, 300.0))
    body = physics.bodies[1]
    physics.grab(3, 1, 500.0, 300.0)
    physics.drag(3, 600.0, 300.0)
    physics.step(STEP)
    gaps = []
    for _ in range(3):
        physics.step(1 / 60)
        gaps.append(600.0 - body.position.x)
    assert [b / a for a, b in pairwise(gaps)] == pytest.approx([0.15, 0.15], rel=1e-6)


def test_a_finger_jumping_across_a_4k_table_pulls_its_card_as_any_jump_does() -> None:
    """The grip is strong enough for any jump a finger (or a tracker's glitch) makes across
    a 4K table in one frame: a card held at its centre closes the same share of the gap in
    that frame whether the finger jumped 100 px or 3700 px (CardPhysics.add 3: a card twice
    as heavy lags behind the long jump)."""
    shares = []
    for jump in (100.0, 3700.0):
        physics = CardPhysics(Rect(0, 0, 3840, 2160), 90.0, 126.0)
        physics.add(1, 70.0, 1000.0)
        physics.grab(3, 1, 70.0, 1000.0)
        physics.drag(3, 70.0 + jump, 1000.0)
        physics.step(1 / 60)
        shares.append((physics.bodies[1].position.x - 70.0) / jump)
    assert shares[1] == pytest.approx(shares[0], rel=1e-9) and shares[0] > 0.5


def test_a_fingertip_landing_on_a_spinning_card_stops_its_spin_at_once() -> None:
    """SPIN_GRIP: a fingertip pressing a card stops it spinning under it, its free spin
    falling to 1/e in 1/80 s: a card spinning at 20 radians a second, pressed at its centre,
    turns at under a radian a second 1/20 s later (CardPhysics.grab 43)."""
    physics = felt((1, 500.0, 300.0))
    body = physics.bodies[1]
    body.angular_velocity = 20.0
    physics.grab(3, 1, 500.0, 300.0)
    for _ in range(3):
        physics.step(1 / 60)
    assert abs(body.angular_velocity) < 1.0


def test_a_finger_taking_a_sliding_card_stops_its_slide_where_it_is_let_go() -> None:
    """A card sliding somewhere by itself (a refused card going back, a bot's move) that a
    finger takes is the finger's: let go, it comes to rest where the finger left it, not
    going on to where it was sent (CardPhysics.grab 5)."""
    physics = felt((1, 300.0, 300.0))
    body = physics.bodies[1]
    physics.send(1, 900.0, 300.0)
    physics.step(1 / 60)
    x, y = body.position
    physics.grab(3, 1, x, y)
    assert physics.resting(1) is False  # held
    physics.drag(3, x, 600.0)
    for _ in range(30):
        physics.step(1 / 60)
    physics.release(3)
    for _ in range(240):
        physics.step(1 / 60)
    assert physics.resting(1) and physics.settles_at(1) == tuple(body.position)
    assert math.dist(body.position, (x, 600.0)) < 60.0


def test_fingers_let_go_leave_nothing_behind_in_the_space() -> None:
    """A table plays all day: every grip a finger let go is gone from the physics' space
    (its finger body, joint and spin grip), so the space holds only the cards' bodies,
    however many fingers came and went (CardPhysics.release 11)."""
    physics = felt((1, 300.0, 300.0), (2, 700.0, 300.0))
    for touch in range(20):
        card = 1 + touch % 2
        x, y = physics.bodies[card].position
        physics.grab(touch, card, x, y)
        physics.step(1 / 60)
        assert physics.release(touch) == card
    assert set(physics.space.bodies) == set(physics.bodies.values())
    assert not physics.space.constraints


def test_a_card_taken_off_the_table_leaves_nothing_of_it_in_the_space() -> None:
    """A card stacked onto a train or laid in a row is gone from the physics' space, its
    shape too: only the table's four walls and the remaining cards' shapes are left
    (CardPhysics.remove 15)."""
    physics = felt((1, 300.0, 300.0), (2, 700.0, 300.0))
    walls = (
        set(physics.space.shapes) - set(physics.bodies[1].shapes) - set(physics.bodies[2].shapes)
    )
    assert len(walls) == 4
    physics.remove(1)
    assert set(physics.space.shapes) == walls | set(physics.bodies[2].shapes)
    assert set(physics.space.bodies) == {physics.bodies[2]}


# The physics: fixed steps.


def test_at_144_frames_a_second_the_cards_step_as_at_60() -> None:
    """Fixed steps at any frame rate: frames shorter than a step (a 144 Hz display) add up
    until a step is due, so a second of them takes the second's 120 steps and a card sent
    somewhere slides as far as at 60 frames a second (CardPhysics.step 1)."""
    moved = []
    for fps in (60, 144):
        physics = felt((1, 300.0, 300.0))
        physics.send(1, 900.0, 300.0)
        steps = sum(physics.step(1 / fps) for _ in range(fps))
        assert steps in (119, 120), fps
        moved.append(physics.bodies[1].position.x - 300.0)
    assert moved[1] == pytest.approx(moved[0], abs=15.0) and moved[0] > 400


def test_a_frame_exactly_one_step_long_takes_that_step_and_a_60hz_frame_two() -> None:
    """`step` takes every fixed step due, one exactly due too, and says how many it took:
    a frame of exactly STEP takes one; a 1/60 s frame two (CardPhysics.step 10, step 33)."""
    physics = felt((1, 300.0, 300.0))
    physics.send(1, 900.0, 300.0)
    assert physics.step(STEP) == 1
    assert physics.bodies[1].position.x > 300.0
    assert physics.step(1 / 60) == 2


def test_a_card_sent_exactly_a_pixel_away_still_slides_there() -> None:
    """A sent card has arrived once it is less than a pixel from its spot; exactly a pixel
    away it still slides on toward it (CardPhysics.step 20)."""
    physics = felt((1, 300.0, 300.0))
    physics.send(1, 301.0, 300.0)
    physics.step(STEP)
    assert not physics.resting(1) and physics.bodies[1].position.x > 300.0


def exactly_after_a_step(speed: float, spin: bool) -> CardPhysics:
    """A card let go in the middle of the felt that, one step of felt later, moves at
    exactly `speed` pixels a second along x (`spin`: turns at exactly `speed` radians a
    second instead), found by trying the floats just above it until the felt's damping
    gives `speed` itself."""
    start = speed / CardPhysics(TABLE, 60.0, 84.0).space.damping ** STEP
    for _ in range(200):
        physics = felt((1, 960.0, 540.0))
        body = physics.bodies[1]
        if spin:
            body.angular_velocity = start
        else:
            body.velocity = (start, 0.0)
        physics.step(STEP)
        now = body.angular_velocity if spin else body.velocity.x
        if now == speed and (spin or body.velocity.y == 0.0):
            return physics
        start = math.nextafter(start, math.inf if now < speed else 0.0)
    raise AssertionError(f"no float reaches {speed} after a step")


@pytest.mark.parametrize(("spin", "threshold"), [(False, REST_SPEED), (True, REST_SPIN)])
def test_a_card_let_go_moving_at_exactly_the_rest_speed_or_spin_is_not_yet_still(
    spin: bool, threshold: float
) -> None:
    """REST_SPEED and REST_SPIN are speeds under which a card counts as lying still: one
    moving (or turning) at exactly that speed is still astir, the drawing still asks where
    it is (CardPhysics._still 10, _still 13)."""
    physics = exactly_after_a_step(threshold, spin)
    assert 1 in physics.astir


# The race's zones: what lies where in a child's zone.


def zone_geometry(length: float, angle: float = 0.0) -> RaceGeometry:
    """A Training seat's zone `length` card widths long (of LAYOUT's cards), turned `angle`:
    below ZONE_LONG, one no table `fits` lays out (cards too large for their panel), yet one
    RaceGeometry.build is made for (its stop sign's spacing for zones too short)."""
    w, h = LAYOUT.card_w, LAYOUT.card_h
    long, deep = length * w, 1.9 * h
    size = (long, deep) if angle in (0.0, 180.0) else (deep, long)
    return RaceGeometry.build(LAYOUT, (Place(Rect(300.0, 200.0, *size), angle),), stop=True)


def test_a_zones_badge_locomotive_pile_count_and_stop_sign_stand_in_that_order() -> None:
    """A child's zone, from their left to their right as they sit: a bot's badge, the
    locomotive, the train's pile, its count, the stop sign, each beyond the last, at every
    place round the table (RaceGeometry.build 63: the locomotive at the stop sign's end;
    build 95: the badge between the locomotive and the pile)."""
    geometry = RaceGeometry.build(LAYOUT, LAYOUT.places, stop=True)
    for seat in geometry.seats:
        assert seat.stop is not None
        things = [seat.badge, seat.locomotive.centre, seat.pile, seat.count, seat.stop.centre]
        lefts = [across(seat.place, p) for p in things]
        assert lefts == sorted(lefts) and len(set(lefts)) == 5, seat.place


@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, 270.0])
@pytest.mark.parametrize("length", [5.0, 5.5, 6.0])
def test_in_a_zone_too_short_for_the_usual_spacing_the_stop_sign_stays_inside_it(
    length: float, angle: float
) -> None:
    """The stop sign (drawn 1.2 card widths across) lies wholly inside its zone, in a zone
    only 5 card widths long too, where it cannot also keep its usual distance from the count
    (RaceGeometry.build 24, 25: the sign pushed past the zone's end)."""
    seat = zone_geometry(length, angle).seats[0]
    assert seat.stop is not None
    assert across(seat.place, seat.stop.centre) + LAYOUT.card_w * 0.6 <= length * LAYOUT.card_w / 2


@pytest.mark.parametrize("length", [5.5, 6.0, 6.5])
def test_in_a_zone_a_little_short_a_touch_on_the_trains_count_presses_no_stop(
    length: float,
) -> None:
    """R16 in a short zone: down to 5.5 card widths the stop sign moves along to keep clear
    of the count, so a touch on the count's digits (a quarter card width from its middle,
    toward the sign) presses no stop (RaceGeometry.build 35, 36: the sign not moved far
    enough)."""
    seat = zone_geometry(length).seats[0]
    assert seat.stop is not None
    on_digits = toward(seat.count, seat.stop.centre, LAYOUT.card_w * 0.25)
    assert not seat.stop.hit(*on_digits)


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


def test_the_start_lamps_light_from_the_childs_left_in_one_close_row() -> None:
    """The countdown's three lamps in every zone light one after the other (Countdown: in
    the order of `lamps`) from the child's left to their right, as they read, and stand as
    one row: a lamp's width apart, less than half a lamp between neighbours (_lamps 8: from
    the right; _lamps 14: a lamp and a quarter between them)."""
    lamp = LAMP * LAYOUT.card_w
    for seat in RaceGeometry.build(LAYOUT, LAYOUT.places, stop=False).seats:
        lefts = [across(seat.place, p) for p in seat.lamps]
        assert len(lefts) == 3
        for a, b in pairwise(lefts):
            assert lamp <= b - a < lamp * 1.5, seat.place


# The layout.


def test_four_children_without_the_lobby_take_the_long_sides_two_facing_two() -> None:
    """Places spread round the table: four children dealt without the lobby take the four
    places of the long sides, two across from two, and leave both short sides empty
    (TableLayout.spread 10, 12)."""
    long_sides = {i for i, place in enumerate(LAYOUT.places) if place.angle in (0, 180)}
    assert set(LAYOUT.spread(4)) == long_sides and len(long_sides) == 4


@pytest.mark.parametrize("arrangement", ["six-around", "long-sides"])
def test_a_picture_a_pixel_wide_has_a_table_of_tiny_cards_one_of_no_width_none(
    arrangement: str,
) -> None:
    """`fits` asks for a middle with some width, however little: a picture a single pixel
    wide still has cards small enough to fit (about a twentieth of a pixel wide); one with no
    width has no table at all, not even of cards of no size (TableLayout.fits 30: a middle of
    no width accepted; fits 31: a middle of a pixel or less refused, so the pixel-wide
    picture got cards of no size)."""
    narrow = TableLayout.build(1, 720, arrangement=arrangement)
    assert narrow.card_w > 0 and narrow.fits()
    assert not TableLayout.build(0, 720, arrangement=arrangement).fits()


# Simultaneous grabs, sessions.


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


def test_a_session_opened_with_neither_a_configuration_nor_a_game_says_so() -> None:
    """`open_session` deals a configuration or replays a game: asked for neither, it fails
    saying a session needs one or the other (kinds.open_session 4)."""
    with pytest.raises(AssertionError, match=r"^a session needs a configuration or a game$"):
        open_session(LAYOUT, Seating(LAYOUT.places[:2], (None, None)))


class Recorder:
    """A session's watcher that keeps what it is shown."""

    def __init__(self) -> None:
        self.frames: list[Sequence[TouchEvent]] = []
        self.reports: list[Sequence[events.Event]] = []

    def read(self, frame: Sequence[TouchEvent]) -> None:
        self.frames.append(frame)

    def reported(self, happened: Sequence[events.Event]) -> None:
        self.reports.append(happened)


def test_a_sessions_watcher_sees_each_frame_it_reads_and_all_it_reports() -> None:
    """The crowd scores a game in the real window by watching its session: the watcher is
    shown each touch frame as the session reads it and each batch of events as the view is
    told them (_Play.touches 2, _Play.drain 3)."""
    session = training_table(0)
    watcher = Recorder()
    session.watcher = watcher
    card = next(c for c in sorted(session.physics.bodies) if session.control.loose(c))
    x, y = session.physics.bodies[card].position
    frame = [TouchEvent(5, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height, 9.0)]
    session.touches(frame)
    assert watcher.frames == [frame]
    told = session.drain()
    assert any(isinstance(e, events.Picked) for e in told)
    assert watcher.reports == [told]
