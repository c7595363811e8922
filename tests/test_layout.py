"""Issue 29, item 5: cards for small fingers on every panel the configuration accepts. The
layout keeps cards 4 cm wide where the panel has room and otherwise makes them as large as
fits; zones never overlap and the middle keeps room for the deal. The game says so at start.
Each seat's things lie in its zone; in long-sides the middle reaches out to the short ends."""

from __future__ import annotations

import logging
import math
from dataclasses import replace

import arcade
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sprite_bounds import box, inside
from table_driver import PATIENT, Driver

from seigneurs.game import GameConfig, Whistle
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.kiosk.card_size import SmallCards
from seigneurs.kiosk.config.schema import LAYOUTS
from seigneurs.rules import WAGONS
from seigneurs.table import events
from seigneurs.table.controller import RaceController
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import (
    MIDDLE_TALL,
    MIN_CARD_CM,
    ROOM_PER_CARD,
    ZONE_LONG,
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
