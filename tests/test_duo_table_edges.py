"""The Duo table at its edges (issue 25's table sample): a tap on the under button tells the
view which card went under, by which touch, and that no bot did it (R30); a long row closes up
to reach exactly the table's edge margin, no further and no shorter (R28, issue 12)."""

from __future__ import annotations

import math
from typing import TypeVar

import pytest
from race_table import LAYOUT, assisted_duo, playing_duo, toward

from seigneurs.game import DuoGame, GameConfig, Lay, NotApplied, RemoveLocomotive, Whistle, new_game
from seigneurs.game.actions import Reason
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import WagonType
from seigneurs.table import events
from seigneurs.table.attribution.hands import HAND_WINDOW
from seigneurs.table.controller import COUNTDOWN
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout, duo_places
from seigneurs.table.session import DuoSession, Seating


def test_r30_a_tap_on_the_under_button_names_the_card_the_touch_and_no_bot() -> None:
    session = playing_duo()
    control, geometry = session.control, session.geometry
    card = session.game.top_card(0)
    assert card is not None
    control.play.drain()
    x, y = geometry.under(0).centre
    control.touches([TouchEvent(7, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height, 1.0)],
                    LAYOUT.width, LAYOUT.height)
    unders = [e for e in control.play.drain() if isinstance(e, events.WentUnder)]
    assert unders == [events.WentUnder(0, card, 7, False)]
    assert session.game.piles[0][-1] == card


def test_r28_a_long_row_closes_up_to_reach_the_edge_margin_exactly() -> None:
    geometry = playing_duo().geometry
    margin = geometry.card_w * 0.3
    for count in (12, 20, 27):
        right = geometry.slot(0, 2, count - 1, count)[0] + geometry.row_card / 2
        left = geometry.slot(1, 2, count - 1, count)[0] - geometry.row_card / 2
        assert abs(right - (LAYOUT.width - margin)) < 1e-6
        assert abs(left - margin) < 1e-6
    first, second = (geometry.slot(0, 2, i, 3)[0] for i in (0, 1))
    assert abs(second - first - geometry.row_card * 1.06) < 1e-6  # room: whole cards apart


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
