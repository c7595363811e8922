"""Issue 12, Duo that uses the table: whole cards as large as five rows allow, locomotives read
from both sides, each player's rows on their right (R28), pile and under button in reach."""

from __future__ import annotations

import itertools

import pytest
from table_driver import PATIENT, Driver

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.duo import ROWS
from seigneurs.table.attribution import REACH_CM
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
