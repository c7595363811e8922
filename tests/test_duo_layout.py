"""Issue 12, Duo that uses the table: whole cards as large as five rows allow, locomotives read
from both sides, each player's rows on their right (R28), pile and under button in reach."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from itertools import pairwise

import pytest
from race_table import LAYOUT, assisted_duo
from table_driver import PATIENT, Driver

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.duo import ROWS
from seigneurs.table.attribution import REACH_CM
from seigneurs.table.kinds import TABLE_KINDS
from seigneurs.table.layout import TableLayout, duo_places
from seigneurs.ui.duo_view import DuoView


def test_issue12_duo_rows_of_whole_large_cards_and_everything_in_reach() -> None:
    driver = Driver(1920, 1080)
    try:
        driver.window.nav.deal("duo", [BOT_LEVELS["expert"]] * 2, 5)
        view = driver.scene
        assert isinstance(view, DuoView)
        geometry, layout = view.geometry, view.layout
        driver.frames(60 * 25)  # the robots lay a good few cards
        game = view.game
        assert sum(len(r) for rows in game.rows for r in rows) >= 10
        assert geometry.row_card >= layout.card_w  # larger than a table card, here
        for loco in list(view.panels)[:ROWS]:
            assert loco.angle == 0  # upright: both players read it
        moving = {id(tween.sprite) for tween in view.tweens}  # just laid: still sliding
        for seat in (0, 1):
            place = view.seats[seat].place
            for row in range(ROWS):
                laid = [view.card_sprites[c] for c in game.rows[seat][row]]
                if any(id(sprite) in moving for sprite in laid):
                    continue
                xs = [sprite.center_x for sprite in laid]
                for sprite in laid:
                    assert abs(sprite.width - geometry.row_card) < 1
                    assert abs(sprite.center_y - geometry.row_y(row)) < 1
                    assert (sprite.center_x > geometry.mid) == (seat == 0)  # R28: its right
                gaps = [abs(b - a) for a, b in itertools.pairwise(xs)]
                room = layout.width / 2 - geometry.row_card * 2.5
                if len(xs) * geometry.row_card * 1.06 < room:
                    assert all(g >= geometry.row_card for g in gaps)  # whole cards
            reach = REACH_CM * layout.px_per_cm
            for spot in (geometry.pile(seat), geometry.under(seat).centre,
                         geometry.reveal(seat)):
                assert place.zone.contains(*spot)
                near_edge = place.zone.y if place.angle == 0 else place.zone.y + place.zone.h
                assert abs(spot[1] - near_edge) < reach
    finally:
        driver.close()


def test_r28_each_duo_players_three_start_lamps_stand_apart_as_three_lamps() -> None:
    """R28 (R14's countdown in Duo): each player's three start lamps light one by one, so they
    must read as three: neighbours lie at least a lamp's width apart, none over the next."""
    driver = Driver(1280, 720, settings=PATIENT)
    try:
        driver.window.nav.deal("duo", [BOT_LEVELS["expert"]] * 2, 5)
        view = driver.scene
        assert isinstance(view, DuoView) and view.countdown is not None
        lamps = view.countdown.lamps
        assert len(lamps) == 6 and view.countdown.order == [0, 1, 2] * 2
        for row in (lamps[:3], lamps[3:]):
            for a, b in itertools.pairwise(row):
                assert a.center_y == pytest.approx(b.center_y)  # a row across the zone
                assert abs(b.center_x - a.center_x) >= a.width, "two start lamps overlap"
    finally:
        driver.close()


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


def test_duo_without_the_lobby_seats_each_child_in_the_colour_of_the_side_it_sits_on() -> None:
    """Duo, dealt without the lobby: the two children face each other on the long sides, and
    each wears the colour of the place on that side (places 0 and 3)."""
    seats = TABLE_KINDS["duo"].spread(LAYOUT, 2)
    assert [colour for colour, _place in seats] == [0, 3]
    for colour, place in seats:
        assert place.zone.y == LAYOUT.places[colour].zone.y
        assert place.angle == LAYOUT.places[colour].angle


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
