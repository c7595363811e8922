"""Issue 12, guidance without words: each hint appears after its idle time, points at the next
step at each place, never covers a card, and vanishes at the first touch; through scripted
touches and the views' clock (frames of 1/60 s, no sleeping)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from table_driver import Driver, begin, join_and_start

from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.race_view import RaceView
from seigneurs.ui.window import TableSettings

HINT_AFTER = 3.0


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver(settings=TableSettings(hint_after=HINT_AFTER))
    yield d
    d.close()


def wait(d: Driver, seconds: float) -> None:
    d.frames(round(seconds * 60))


def near(a: tuple[float, float], b: tuple[float, float], reach: float) -> bool:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 <= reach


def test_issue12_lobby_hints_point_at_every_free_place_after_the_idle_time(
        driver: Driver) -> None:
    lobby = driver.scene
    assert isinstance(lobby, LobbyView)
    wait(driver, HINT_AFTER - 0.5)
    assert not lobby.hints.showing  # not before its time
    wait(driver, 1.0)
    pads = [buttons.pad for buttons in lobby.buttons.values()]
    assert len(lobby.hints.shown) == len(pads)
    for shown, pad in zip(lobby.hints.shown, pads, strict=True):
        assert shown.ring.position == pad.position  # the ring goes round the join face
        assert near(shown.hand.position, pad.position, pad.width * 2)  # the hand beside it
        assert shown.hand.alpha > 0
    driver.shot("hints-lobby-join")


def test_issue12_a_touch_ends_the_hints_and_the_next_step_is_the_whistle(
        driver: Driver) -> None:
    lobby = driver.scene
    assert isinstance(lobby, LobbyView)
    wait(driver, HINT_AFTER + 0.5)
    assert lobby.hints.showing
    touch = driver.down(*lobby.buttons[0].pad.position)  # a child joins: on touch-down
    driver.frames()
    assert not lobby.hints.showing and not lobby.hints.over
    driver.up(touch, *lobby.buttons[0].pad.position)
    driver.tap(*lobby.buttons[3].pad.position)
    assert lobby.ready()
    wait(driver, HINT_AFTER + 0.5)
    assert [s.ring.position for s in lobby.hints.shown] == [lobby.start.position]
    driver.shot("hints-lobby-whistle")


def test_issue27_a_touch_with_no_hint_shown_makes_no_gl_buffers(driver: Driver) -> None:
    """Every touch-down tells the hints; with none shown, nothing is rebuilt for the GPU."""
    lobby = driver.scene
    assert isinstance(lobby, LobbyView)
    driver.frames(draw=True)
    assert not lobby.hints.showing
    made = driver.window.ctx.stats.buffer[0]
    for _ in range(5):
        lobby.hints.touched(lobby.clock)
    assert driver.window.ctx.stats.buffer[0] == made
    wait(driver, HINT_AFTER + 0.5)
    assert lobby.hints.showing  # the wait started again at the last touch, and ran out


def test_r16_issue12_the_stop_sign_is_lit_after_a_resumed_game_at_five_wagons(
        tmp_path: Path) -> None:
    settings = TableSettings(data_dir=tmp_path, hint_after=HINT_AFTER)
    first = Driver(settings=settings)
    join_and_start(first, "training", [0, 3])
    view = begin(first)
    game = view.game
    for _ in range(5):  # five of its type, from anywhere on the table (R15)
        card = next(c for c in range(54) if game.table_mask >> c & 1 and game.fits(0, c))
        first.drag(tuple(view.physics.bodies[card].position), view.seats[0].place.zone.center)
    assert len(game.trains[0]) == 5 and view.stops[0].alpha == 255
    first.window.keeper.records.close()  # the process dies here: no finish, no history
    first.close()
    second = Driver(settings=settings)
    try:
        second.tap(*second.scene.resume.position)
        resumed = second.scene
        assert isinstance(resumed, RaceView) and len(resumed.game.trains[0]) == 5
        stop = resumed.stops[0]
        assert stop is not None and stop.alpha == 255  # lit: a call would be accepted
        assert resumed.stops[1] is not None and resumed.stops[1].alpha < 255
        second.tap(*stop.position)
        assert resumed.game.over and resumed.game.stop_caller == 0
    finally:
        second.close()


def covers_a_card(view: RaceView, sprite: object) -> bool:
    """Whether a hint sprite lies over a visible card (cards are about a card wide)."""
    from seigneurs.rect import Rect
    from seigneurs.ui.results_layout import overlaps

    def box(s: object) -> Rect:
        w, h = s.width, s.height  # type: ignore[attr-defined]
        return Rect(s.center_x - w / 2, s.center_y - h / 2, w, h)  # type: ignore[attr-defined]

    return any(overlaps(box(sprite), box(card)) for card in view.card_sprites if card.visible)


def test_issue12_kids_hints_point_at_each_childs_locomotive_until_turned(
        driver: Driver) -> None:
    join_and_start(driver, "kids", [0, 3])
    view = driver.scene
    assert isinstance(view, RaceView)
    wait(driver, HINT_AFTER - 0.5)
    assert not view.hints.showing
    wait(driver, 1.0)
    assert [s.ring.position for s in view.hints.shown] == [loco.position for loco in view.locos]
    for shown in view.hints.shown:
        assert not covers_a_card(view, shown.hand)  # hints never cover cards
    driver.shot("hints-turn-locomotive")
    driver.tap(*view.locos[0].position)  # R23: one child turns theirs
    assert not view.hints.showing
    wait(driver, HINT_AFTER + 0.5)
    assert [s.ring.position for s in view.hints.shown] == [view.locos[1].position]
    driver.tap(*view.locos[1].position)
    wait(driver, HINT_AFTER + 0.5)
    assert not view.hints.showing  # playing: nothing left to point at


def test_issue12_a_still_child_in_assisted_mode_sees_a_fitting_card_glow(
        driver: Driver) -> None:
    driver.close()
    d = Driver(settings=TableSettings(hint_after=HINT_AFTER, fit_glow_after=6.0))
    try:
        join_and_start(d, "kids", [0, 3])  # Kids: assisted (D8)
        view = begin(d)
        game = view.game
        wait(d, 5.0)
        assert not view.hints.glows
        wait(d, 1.5)
        assert len(view.hints.glows) == 2  # one card for each child
        for card, glow in view.hints.glows.items():
            assert game.table_mask >> card & 1 and game.is_face_up(card)
            assert glow.position == view.physics.bodies[card].position  # under it, not on it
            assert glow in view.hints.under and glow.alpha > 0
        mine = next(c for c in view.hints.glows if game.fits(0, c))
        d.shot("hints-fitting-card-glows")
        d.drag(tuple(view.physics.bodies[mine].position), view.seats[0].place.zone.center)
        assert game.trains[0][-1] == mine
        assert not any(game.fits(0, c) and not game.fits(1, c) for c in view.hints.glows)
    finally:
        d.close()


@pytest.mark.parametrize(("variant", "glow"), [("lords", 6.0), ("kids", 0.0)])
def test_issue12_no_glow_in_classic_mode_or_when_switched_off(variant: str, glow: float) -> None:
    d = Driver(settings=TableSettings(hint_after=HINT_AFTER, fit_glow_after=glow))
    try:
        join_and_start(d, variant, [0, 3])
        view = begin(d)
        wait(d, 20.0)
        assert not view.hints.glows and not view.hints.under
    finally:
        d.close()
