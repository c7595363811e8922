"""Issue 12, guidance without words: each hint appears after its idle time, points at the next
step at each place, never covers a card, and vanishes at the first touch; through scripted
touches and the views' clock (frames of 1/60 s, no sleeping)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from race_table import FINGER, LAYOUT
from table_driver import Driver, begin, join_and_start

from seigneurs.game import GameConfig, TurnLocomotive
from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events
from seigneurs.table.controller import COUNTDOWN
from seigneurs.table.kinds import open_session
from seigneurs.table.session import RaceSession, Seating
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
