"""Issue 29, item 5: cards for small fingers on every panel the configuration accepts. The
layout keeps cards 4 cm wide where the panel has room and otherwise makes them as large as
fits; zones never overlap and the middle keeps room for the deal. The game says so at start.
Each seat's things lie in its zone; in long-sides the middle reaches out to the short ends."""

from __future__ import annotations

import logging
import math
from dataclasses import replace
from itertools import pairwise

import arcade
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from race_table import LAYOUT, across, toward
from sprite_bounds import box, inside
from table_driver import PATIENT, Driver

from seigneurs.game import GameConfig, Whistle
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.kiosk.card_size import SmallCards
from seigneurs.kiosk.config.schema import LAYOUTS
from seigneurs.rect import Rect
from seigneurs.rules import WAGONS
from seigneurs.table import events
from seigneurs.table.controller import RaceController
from seigneurs.table.geometry import LAMP, RaceGeometry, Spot
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import (
    MIDDLE_TALL,
    MIN_CARD_CM,
    ROOM_PER_CARD,
    ZONE_LONG,
    Place,
    TableLayout,
    largest_card,
)
from seigneurs.table.session import Seating

ARRANGEMENTS = st.sampled_from(LAYOUTS)
DIAGONALS = st.floats(10, 200)  # the configuration's range for [table] diagonal_inches


@st.composite
def pictures(draw: st.DrawFn) -> tuple[int, int]:
    """Landscape pictures from 4:3 to 21:9, from a small window to 4K, or any window `play
    --window` takes (320x240 to 8192x8192, portrait too)."""
    if draw(st.booleans()):
        height = draw(st.integers(240, 2160))
        return round(height * draw(st.floats(4 / 3, 21 / 9))), height
    return draw(st.integers(320, 8192)), draw(st.integers(240, 8192))


def apart(layout: TableLayout) -> None:
    zones = [place.zone for place in layout.places]
    for k, a in enumerate(zones):
        assert a.x >= 0 and a.y >= 0 and a.x + a.w <= layout.width and a.y + a.h <= layout.height
        assert max(a.w, a.h) >= ZONE_LONG * layout.card_w - 1e-6
        for b in zones[k + 1:]:
            assert not (a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h
                        and b.y < a.y + a.h), f"zones overlap: {a} {b}"
    free = layout.free
    assert free.h >= MIDDLE_TALL * layout.card_h - 1e-6
    assert free.w * free.h >= ROOM_PER_CARD * len(WAGONS) * layout.card_w * layout.card_h * 0.999
    for zone in zones:  # the middle lies between the zones
        assert not (zone.x < free.x + free.w and free.x < zone.x + zone.w
                    and zone.y < free.y + free.h and free.y < zone.y + zone.h)


@settings(max_examples=300, deadline=None)
@given(picture=pictures(), diagonal=DIAGONALS, arrangement=ARRANGEMENTS)
def test_zones_never_overlap_and_cards_are_4_cm_wherever_that_fits(
        picture: tuple[int, int], diagonal: float, arrangement: str) -> None:
    width, height = picture
    layout = TableLayout.build(width, height, diagonal, arrangement)
    apart(layout)
    wanted = max(MIN_CARD_CM * layout.px_per_cm, min(width, height) * 0.062)
    if TableLayout.sized(width, height, layout.px_per_cm, wanted, arrangement).fits():
        assert layout.card_w == wanted and not layout.shrunk
    else:  # the largest that fits: a card 1 % wider would not
        assert layout.card_w < wanted
        assert not TableLayout.sized(width, height, layout.px_per_cm, layout.card_w * 1.01,
                                     arrangement).fits()
    if layout.shrunk:  # the panel that gives 4 cm cards gives them
        panel = layout.panel_for_full_cards()
        assert panel > diagonal
        assert TableLayout.build(width, height, panel + 1e-6, arrangement).card_cm >= \
            MIN_CARD_CM - 1e-6


@pytest.mark.parametrize("arrangement", LAYOUTS)
def test_small_panels_that_overlapped_at_4_cm_get_the_largest_cards_that_fit(
        arrangement: str) -> None:
    """The review's panels (issue 29): at 24 and 32 inches 4 cm cards left zones overlapping
    and no middle; the cards now shrink to what fits, the same at any resolution of a shape."""
    for diagonal in (24.0, 32.0):
        for width, height in ((1280, 720), (1920, 1080)):
            px_per_cm = math.hypot(width, height) / (diagonal * 2.54)
            assert not TableLayout.sized(width, height, px_per_cm, MIN_CARD_CM * px_per_cm,
                                         arrangement).fits()
            layout = TableLayout.build(width, height, diagonal, arrangement)
            assert layout.shrunk and layout.card_w == largest_card(width, height, arrangement)
            assert layout.card_cm == pytest.approx(
                TableLayout.build(1280, 720, diagonal, arrangement).card_cm, rel=1e-6)
    assert TableLayout.build(1280, 720, 24.0, arrangement).card_cm == pytest.approx(2.28, 0.01)
    assert TableLayout.build(1280, 720, 32.0, arrangement).card_cm == pytest.approx(3.04, 0.01)
    large = TableLayout.build(1920, 1080, 55.0, arrangement)  # large panels: as before
    assert large.card_w == pytest.approx(1080 * 0.062) and not large.shrunk


def test_the_game_says_once_at_start_when_its_cards_are_small(
        caplog: pytest.LogCaptureFixture) -> None:
    """In the log and as an admin notice: the card's size, the research's figure and the
    panel that gives it; nothing of it on a panel with room."""
    caplog.set_level(logging.WARNING, "seigneurs.ui.window")
    d = Driver(1280, 720, settings=replace(PATIENT, diagonal_inches=24.0, language="de"))
    try:
        notices = [n for n in d.window.notices if isinstance(n, SmallCards)]
        assert len(notices) == 1
        said = [r.getMessage() for r in caplog.records if "cm wide" in r.getMessage()]
        assert said == ["Cards are 2.2 cm wide on this 24-inch panel; research advises 4 cm "
                        "for three-year-olds' fingers: use a panel of 43 inches or more (or "
                        "check diagonal_inches)"]
        assert notices[0].notice("de").startswith("Karten 2,2 cm breit auf diesem 24-Zoll")
        d.frames(60)
        assert [n for n in d.window.notices if isinstance(n, SmallCards)] == notices
    finally:
        d.close()
    caplog.clear()
    d = Driver(1280, 720, settings=PATIENT)
    try:
        assert not any(isinstance(n, SmallCards) for n in d.window.notices)
        assert not any("cm wide" in r.getMessage() for r in caplog.records)
    finally:
        d.close()


@pytest.mark.parametrize("width, height, diagonal, arrangement",
                         [(1920, 1080, 55.0, "six-around"), (1280, 720, 86.0, "long-sides")])
def test_a_seats_locomotive_stop_sign_and_bot_badge_lie_wholly_in_its_zone(
        width: int, height: int, diagonal: float, arrangement: str) -> None:
    """Each seat's things are drawn inside its own zone, turned to its player (issue 18): a
    bot's badge beside the locomotive does not stick out over the zone's end."""
    from seigneurs.ui.race_view import RaceView

    d = Driver(width, height, settings=replace(PATIENT, diagonal_inches=diagonal,
                                               layout=arrangement))
    try:
        d.window.nav.deal("training", [BOT_LEVELS["expert"]] * 6, 3)
        view = d.scene
        assert isinstance(view, RaceView)
        zones = [plan.place.zone for plan in view.seats]
        badges = [s for s in view.panels if s.texture is d.window.media.icons["bot-expert"]]
        assert len(badges) == 6
        for sprite in view.panels:
            if sprite.visible and not isinstance(sprite, arcade.SpriteSolidColor):
                assert any(inside(zone, box(sprite)) for zone in zones), \
                    f"a seat's sprite at {sprite.position} crosses its zone's edge"
    finally:
        d.close()


@pytest.mark.parametrize("end", ["left", "right"])
def test_long_sides_a_card_let_go_near_a_short_end_stays_where_the_child_let_it_go(
        end: str) -> None:
    """Long-sides: nobody sits at the short ends (the table stands against a wall there), so
    the middle reaches out to them. A card let go near an end, where it lies wholly on the
    glass however turned and clear of the rim, is put back where the finger lifted."""
    layout = TableLayout.build(1920, 1080, 55.0, "long-sides")
    places = tuple(layout.places[i] for i in layout.spread(3))
    session = open_session(layout, Seating(places, (None, None, None)),
                           GameConfig.for_players("lords", 3, 5))
    control = session.control
    assert isinstance(control, RaceController) and session.game.apply(Whistle(0, 0.0)).ok
    clear = layout.card_w * 0.25 + math.hypot(layout.card_w, layout.card_h) / 2  # rim + card
    to = (clear if end == "left" else layout.width - clear, layout.height / 2)
    start = control.physics.bodies[0].position
    path = [(start.x + (to[0] - start.x) * k / 8, start.y + (to[1] - start.y) * k / 8)
            for k in range(9)]
    moves = [(TouchPhase.MOVE, x, y, 1.0 + k * 0.05) for k, (x, y) in enumerate(path[1:], 1)]
    for phase, x, y, t in [(TouchPhase.DOWN, *path[0], 1.0), *moves, (TouchPhase.UP, *to, 1.5)]:
        control.touches([TouchEvent(5, phase, x / layout.width, y / layout.height, t)],
                        layout.width, layout.height)
    back = [e for e in control.play.drain() if isinstance(e, events.BackOnTable)]
    assert len(back) == 1 and back[0].touch == 5
    assert (back[0].x, back[0].y) == pytest.approx(to), "the card was pulled in from the end"


def test_long_sides_seats_three_a_side_at_a_sixth_a_half_and_five_sixths_facing_each_other(
        ) -> None:
    """Long-sides: three places on each long side, centred at 1/6, 3/6 and 5/6 of the width,
    the top row facing the bottom's (turned 180°) and numbered on round the table, so that
    seats spread by `spread` sit across from each other, not crowded at one end."""
    layout = TableLayout.build(1920, 1080, 55.0, "long-sides")
    centres = [(round(p.zone.center[0] / layout.width * 6, 9), p.angle) for p in layout.places]
    assert centres == [(1.0, 0), (3.0, 0), (5.0, 0), (5.0, 180), (3.0, 180), (1.0, 180)]


def test_five_children_without_the_lobby_fill_both_long_sides_and_one_short_side() -> None:
    """Places spread round the table: five children dealt without the lobby take all four
    places of the long sides (across from each other) and one short side's, leaving the
    other short side empty."""
    places = LAYOUT.places
    long_sides = {i for i, place in enumerate(places) if place.angle in (0, 180)}
    taken = set(LAYOUT.spread(5))
    assert len(taken) == 5 and long_sides <= taken
    assert len(taken - long_sides) == 1


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


def test_a_table_arrangement_nobody_knows_is_refused_naming_it_and_the_two_there_are() -> None:
    """Bad input gets a clear error: an arrangement of places that does not exist is refused
    with its name and the two arrangements there are, for the adult who set it."""
    with pytest.raises(ValueError, match=r"'round'.*six-around or long-sides"):
        TableLayout.build(1280, 720, arrangement="round")


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


def test_a_finger_exactly_on_a_round_buttons_rim_presses_it() -> None:
    """A round touch target (a stop sign, an under button) answers a fingertip anywhere on
    it, its rim included, to the last bit: small fingers land on edges."""
    button = Spot(100.0, 200.0, 20.0)
    assert button.hit(120.0, 200.0) and button.hit(100.0, 180.0)
    assert button.hit(112.0, 216.0)  # a 12-16-20 triangle: on the rim off the axes too
    assert not button.hit(math.nextafter(120.0, math.inf), 200.0)


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
