"""Hands, not fingers (issue 9): any child takes any card anywhere, seats are guessed from the
best evidence and as late as possible, Duo lays by ownership, bots are polite, games end.

Everything here goes through the real touch path: scripted touches -> window -> controller ->
game -> physics, headless.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from dealt_tables import race, where
from race_table import FINGER, LAYOUT, cards_nearest, held, kids, landed, moved, playing_duo, spot
from race_table import LAYOUT as DUO_LAYOUT
from race_table import controller as kids_controller
from table_driver import PATIENT, Driver

from seigneurs.game import DuoGame, Phase, Reason
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rect import Rect
from seigneurs.table import events
from seigneurs.table.attribution.decide import drop
from seigneurs.table.attribution.hands import (
    FLING_CM_S,
    FLING_WINDOW,
    HAND_WINDOW,
    TOGETHER_S,
    TREMOR_CM,
    Carry,
    Hands,
)
from seigneurs.table.controller import COUNTDOWN, RaceController
from seigneurs.table.geometry import Point
from seigneurs.table.physics import STEP, CardPhysics
from seigneurs.ui.duo_view import DuoView
from seigneurs.ui.race_view import RaceView


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver(settings=PATIENT)
    yield d
    d.close()


def nearest_seat(view: RaceView, card: int) -> int:
    x, y = view.physics.bodies[card].position
    return view.session.control.everyone.nearest(x, y)


def loose(view: RaceView) -> list[int]:
    return [c for c in view.physics.bodies if view.session.control.loose(c)]


def home(view: RaceView, seat: int) -> tuple[float, float]:
    return view.seats[seat].place.zone.center


def refusals(driver: Driver) -> list[Reason]:
    return [e.reason for e in driver.log if isinstance(e, events.Refused)]


def test_seed_7_kids_child_against_a_bot_finishes(driver: Driver) -> None:
    """The stall of issue 9: the last card that fits the child lay on the bot's side, where
    the child's touches were dropped. Now any touch anywhere takes any loose card (clause 1),
    and the bot puts a card a child can use back on the child's side (clause 4)."""
    view = race(driver, "kids", [None, "child"])
    game = view.game
    far_reaches = 0
    for _ in range(3000):
        if game.over:
            break
        fitting = [c for c in loose(view) if game.fits(0, c)]
        if not fitting:
            driver.frames(20)
            continue
        card = fitting[0]
        far_reaches += nearest_seat(view, card) == 1
        before = len(game.trains[0])
        driver.drag(where(view, card), home(view, 0))
        assert len(game.trains[0]) == before + 1 and game.trains[0][-1] == card
    assert game.over, "the game must end by itself (D4)"
    assert far_reaches >= 1  # clause 1: a card on the bot's side was taken
    for _ in range(200):
        driver.frames()
        if view is not driver.scene:
            break
    assert view is not driver.scene  # on to the results


def test_clause1_2_a_far_reach_is_taken_and_re_decided_on_the_way_home(
        driver: Driver) -> None:
    """A card in the other child's area is guessed theirs at touch-down; carried home it
    becomes the reacher's, and dropped on the reacher's zone it stacks there."""
    view = race(driver, "kings", [None, None])  # Rois: classic, any card stacks (D8)
    game = view.game
    card = next(c for c in loose(view) if nearest_seat(view, c) == 1
                and not game.fits(0, c) and not game.fits(1, c))
    touch = driver.down(*where(view, card))
    driver.frames()
    carry = view.session.control.hands.carries[touch]
    assert carry.seat == 1 and not carry.decided
    goal = home(view, 0)
    start_xy = where(view, card)
    for k in range(1, 9):
        f = k / 8
        driver.move(touch, start_xy[0] + (goal[0] - start_xy[0]) * f,
                    start_xy[1] + (goal[1] - start_xy[1]) * f)
        driver.frames()
    assert view.session.control.hands.carries[touch].seat == 0  # re-decided while carried
    driver.frames(10)  # placed, not thrown: the hand rests before letting go
    driver.up(touch, *goal)
    driver.frames()
    assert game.trains[0] == [card] and game.hands == [-1, -1]


def test_clause2_a_cross_reach_never_blocks_the_neighbour(driver: Driver) -> None:
    """Child A holds a card on B's side (guessed B's); B's own pick is not refused, and B
    stacks it; A still takes theirs home."""
    view = race(driver, "kids", [None, None])
    game = view.game
    b_cards = [c for c in loose(view) if nearest_seat(view, c) == 1]
    a_card = next(c for c in b_cards if game.fits(0, c))
    b_card = next(c for c in b_cards if game.fits(1, c) and c != a_card)
    a = driver.down(*where(view, a_card))
    driver.frames()
    b = driver.down(*where(view, b_card))
    driver.frames()
    assert b in view.session.control.hands.carries, "B's pick is never refused for A's reach"
    driver.move(b, *home(view, 1))
    driver.frames(10)  # placed, not thrown
    driver.up(b, *home(view, 1))
    driver.frames()
    assert game.trains[1] == [b_card]
    assert Reason.HAND_FULL not in refusals(driver)
    driver.move(a, *home(view, 0))
    driver.frames(10)
    driver.up(a, *home(view, 0))
    driver.frames()
    assert game.trains[0] == [a_card] and game.hands == [-1, -1]


def test_r9_clause2_a_second_card_carried_into_a_zone_goes_back_once_let_go(
        driver: Driver) -> None:
    """A holds a card by their zone; a second card carried into A's zone while A's first is
    still on a finger is refused by the game (R9: one card at a time) and goes back where it
    was taken once let go; the card A holds never leaves their finger, and A stacks it."""
    view = race(driver, "kings", [None, None])  # Rois: classic, any card stacks (D8)
    game = view.game
    first = next(c for c in loose(view) if nearest_seat(view, c) == 0)
    second = next(c for c in loose(view) if nearest_seat(view, c) == 1)
    taken_from, second_from = where(view, first), where(view, second)
    one = driver.down(*taken_from)
    driver.frames()
    by_zone = view.layout.free.clamp(*home(view, 0), margin=view.layout.card_w)
    driver.move(one, *by_zone)
    driver.frames(3)
    two = driver.down(*where(view, second))
    driver.frames()
    driver.move(two, *home(view, 0))
    driver.frames(10)  # placed on the zone, not thrown
    driver.up(two, *home(view, 0))
    driver.frames(90)
    assert game.trains[0] == [] and refusals(driver)[-1] is Reason.HAND_FULL
    assert view.session.control.hands.carries[one].card == first and game.hands[0] == first
    x, y = where(view, second)
    assert game.table_mask >> second & 1 and abs(x - second_from[0]) < 2 and \
        abs(y - second_from[1]) < 2  # slid back home
    drop_home(driver, view, one, 0)
    assert game.trains[0] == [first]

def drop_home(driver: Driver, view: RaceView, touch: int, seat: int) -> None:
    driver.move(touch, *home(view, seat))
    driver.frames(10)  # placed, not thrown
    driver.up(touch, *home(view, seat))
    driver.frames()


def test_r9_clause2_one_child_cannot_stack_two_cards_at_once(driver: Driver) -> None:
    """Issue 16: a second touch is never refused where it lands (it may be another child's
    empty hand); dropped on the zone while the first card is still carried, the game refuses
    it (R9) and it goes back once let go: never two at once, and no card leaves a finger."""
    view = race(driver, "kings", [None, "toddler"])
    first, second = loose(view)[:2]
    one = driver.down(*where(view, first))
    driver.frames()
    two = driver.down(*where(view, second))
    driver.frames()
    assert two in view.session.control.hands.carries
    drop_home(driver, view, two, 0)
    assert view.game.trains[0] == [] and refusals(driver)[-1] is Reason.HAND_FULL
    assert view.session.control.hands.carries[one].card == first

def test_r9_clause2_with_user_ids_the_seat_is_decided_at_once(driver: Driver) -> None:
    view = race(driver, "kings", [None, None], users={5: 0, 6: 1})
    game = view.game
    far = next(c for c in loose(view) if nearest_seat(view, c) == 1)
    touch = driver.down(*where(view, far), user=5)
    driver.frames()
    carry = view.session.control.hands.carries[touch]
    assert carry.seat == 0 and carry.decided  # the user id decides, wherever the finger is
    other = next(c for c in loose(view) if c != far)
    again = driver.down(*where(view, other), user=5)
    driver.frames()
    second = view.session.control.hands.carries[again]
    assert second.seat == 0 and not second.held  # the game refused the id's child a second
    drop_home(driver, view, again, 0)
    assert refusals(driver)[-1] is Reason.HAND_FULL  # R9: the second card goes back
    assert game.hands == [far, -1] and game.trains[0] == []
    assert view.session.control.hands.carries[touch].card == far

def test_clause5_a_down_and_up_in_one_frame_holds_nothing(driver: Driver) -> None:
    """The stuck-card bug: the lift came first, then a saved pick grabbed for a gone finger."""
    view = race(driver, "kids", [None, None])
    game = view.game
    card = next(c for c in loose(view) if nearest_seat(view, c) == 0)
    x, y = where(view, card)
    touch = driver.down(x, y)
    driver.up(touch, x, y)
    driver.frames()
    assert not view.session.control.hands.carries and game.hands == [-1, -1]
    assert view.physics.holding(touch) is None
    fitting = next(c for c in loose(view) if game.fits(0, c))
    driver.drag(where(view, fitting), home(view, 0))
    assert game.trains[0] == [fitting]  # the next card is not refused


def test_clause4_a_bot_never_takes_a_touched_card(driver: Driver) -> None:
    view = race(driver, "kids", [None, "expert"])
    game = view.game
    wanted = [c for c in loose(view) if game.fits(1, c)]
    touches = [driver.down(*where(view, c)) for c in wanted[:3]]
    driver.frames()
    carries = view.session.control.hands.carries
    held = {carries[t].card for t in touches if t in carries}
    assert held
    for _ in range(20 * 60):  # twenty seconds of an expert bot's searching
        driver.frames()
        assert all(c not in game.trains[1] and c != game.hands[1] for c in held)
        if game.over:
            break


def test_clause4_a_bot_searches_its_own_side_first(driver: Driver) -> None:
    view = race(driver, "kings", [None, "expert"], seed=3)
    game = view.game
    sides: list[int] = []
    for _ in range(30 * 60):
        driver.frames()
        sides += [view.session.control.everyone.nearest(e.x, e.y) for e in driver.log
                  if isinstance(e, events.Picked) and e.bot]
        driver.log.clear()
        if len(sides) >= 6 or game.over:
            break
    assert sides and sides.count(1) > len(sides) / 2


@pytest.fixture
def duo(driver: Driver) -> DuoView:
    driver.window.nav.deal("duo", [None, None], 11)
    view = driver.scene
    assert isinstance(view, DuoView)
    driver.frames(int(COUNTDOWN * 60) + 2)
    assert view.game.phase is Phase.PLAYING
    return view


def test_clause3_duo_a_drag_lays_the_card_it_started_on(driver: Driver, duo: DuoView) -> None:
    """Seat 1's card dragged onto a row on seat 0's side (the right) is seat 1's card."""
    game, geometry = duo.game, duo.geometry
    assert isinstance(game, DuoGame)
    card = duo.session.control.revealed[1]
    assert card is not None
    rows = game.fitting_rows(1)
    if not rows:
        pytest.skip("seat 1's first card fits no row in this deal")
    driver.drag(geometry.reveal(1), (geometry.mid + duo.layout.card_w * 2,
                                     geometry.row_y(rows[0])))
    assert game.rows[1][rows[0]] == [card] and game.rows[0][rows[0]] == []


def test_clause3_duo_a_tap_on_a_row_lays_that_sides_card(driver: Driver, duo: DuoView) -> None:
    game, geometry = duo.game, duo.geometry
    for seat in (0, 1):
        card = duo.session.control.revealed[seat]
        rows = game.fitting_rows(seat)
        if not rows:
            continue
        sign = 1 if seat == 0 else -1
        driver.tap(geometry.mid + sign * duo.layout.card_w * 3, geometry.row_y(rows[0]))
        assert game.rows[seat][rows[0]][-1] == card
        assert sum(len(r) for r in game.rows[1 - seat]) <= 1


def test_r30_clause3_assisted_duo_under_refused_while_a_row_fits(driver: Driver) -> None:
    driver.window.nav.deal("duo", [None, None], 11)
    view = driver.scene
    assert isinstance(view, DuoView)
    game = view.game
    game.assisted = (True, True)  # as a child who chose the shield in the lobby (D8)
    driver.frames(int(COUNTDOWN * 60) + 2)
    for seat in (0, 1):
        if game.fitting_rows(seat):
            top = game.top_card(seat)
            driver.tap(*view.geometry.under(seat).centre)
            assert game.top_card(seat) == top
            assert refusals(driver)[-1] is Reason.FITS_A_ROW
            return
    pytest.skip("no top card fits a row")


def test_r9_clause2_a_lost_lift_never_blocks_the_childs_next_card(driver: Driver) -> None:
    """A finger whose lift the panel lost keeps its card only while it might still be there:
    once that card has lain still 1.5 s, the same child's next card is taken and the old one
    slides back (R9 kept: one card per seat)."""
    view = race(driver, "kids", [None, None], users={5: 0, 6: 1})
    first, second = loose(view)[:2]
    driver.down(*where(view, first), user=5)  # ... and its lift is never heard of
    driver.frames(2 * 60)
    taken_from = where(view, first)
    touch = driver.down(*where(view, second), user=5)
    driver.frames(60)
    assert view.session.control.hands.carries[touch].card == second
    control = view.session.control
    assert control.hands.carried(0) == second and first not in control.hands.cards()
    assert view.game.table_mask >> first & 1 and abs(where(view, first)[0] - taken_from[0]) < 2


def test_r9_clause2_with_user_ids_a_still_card_gives_way_to_the_same_childs_new_touch(
        driver: Driver) -> None:
    """With user ids, the same child touching a new card while their card has lain still
    1 s is strong evidence the old lift was lost: the new card is taken, the old slides
    back (R9 kept). A card still being carried stays, and the game refuses the new one."""
    view = race(driver, "kids", [None, None], users={5: 0, 6: 1})
    first, second, third = loose(view)[:3]
    driver.down(*where(view, first), user=5)  # its lift is never heard of
    driver.frames(65)
    touch = driver.down(*where(view, second), user=5)
    driver.frames()
    control = view.session.control
    assert control.hands.carries[touch].card == second and first not in control.hands.cards()
    x, y = where(view, second)
    for step in range(30):  # carried: moving all the time
        driver.move(touch, x + step, y)
        driver.frames()
    again = driver.down(*where(view, third), user=5)
    driver.frames()
    assert not control.hands.carries[again].held  # the game refuses the child a second card
    assert view.session.control.hands.carries[touch].card == second


def test_r10_clause2_a_card_put_back_beside_a_zone_is_no_stack_for_that_seat(
        driver: Driver) -> None:
    """The drop is where the finger lifts: a card put back just off a zone, lying partly on it,
    is put back, never stacked for that zone's seat (a stack for the wrong child costs them)."""
    view = race(driver, "training", [None, None])
    game = view.game
    card = loose(view)[0]
    zone = view.seats[0].place.zone
    cx, cy = view.layout.free.center
    hx, hy = zone.center
    ux, uy = (hx - cx) / abs(hy - cy or 1), (hy - cy) / abs(hy - cy or 1)
    lift = view.layout.free.clamp(hx, hy)
    lift = lift[0] - ux * 2, lift[1] - uy * 2  # just off the zone, toward the table
    x, y = where(view, card)
    touch = driver.down(x, y)
    driver.frames()
    for k in range(1, 41):
        driver.move(touch, x + (lift[0] - x) * k / 40, y + (lift[1] - y) * k / 40)
        driver.frames()
    body = view.physics.bodies[card]
    body.position = lift[0] + ux * 20, lift[1] + uy * 20  # held off-centre, it swung onto the zone
    assert view.seats[0].place.zone.contains(*where(view, card))  # the card lies on the zone
    driver.up(touch, *lift)
    driver.frames()
    assert game.trains[0] == [] and card not in game.trains[1]
    assert not any(isinstance(e, events.Stacked) for e in driver.log)


def test_r10_clause2_a_card_thrown_astray_onto_a_zone_is_not_stacked_there(
        driver: Driver) -> None:
    """A card let go while the finger still flies (a flick) was thrown, not placed: unless it
    flew straight toward the zone it ends in (a child flicking it home), it is no drop there,
    so nobody is given a card they did not put there."""
    view = race(driver, "kings", [None, None], users={5: 0})  # Rois: any card would stack
    game = view.game
    zone = view.seats[1].place.zone
    guesser = view.session.control.guesser
    card, goal = next((c, p) for c in loose(view) for p in (
        (zone.x + dx * zone.w, zone.y + dy * zone.h) for dx in (0.05, 0.95) for dy in (0.05, 0.95))
        if guesser.heading(1, where(view, c), *p) < 0.5)  # across the zone, not toward it
    x, y = where(view, card)
    touch = driver.down(x, y, user=5)  # the id says seat 0: the zone is not its carrier's
    driver.frames()
    for k in range(1, 4):  # three frames across the table
        driver.move(touch, x + (goal[0] - x) * k / 3, y + (goal[1] - y) * k / 3)
        driver.frames()
    driver.up(touch, *goal)
    driver.frames()
    assert game.trains == [[], []] and game.table_mask >> card & 1
    assert not any(isinstance(e, events.Stacked) for e in driver.log)


def test_r9_clause2_fingertips_of_one_hand_take_one_card(driver: Driver) -> None:
    """Small children touch with several fingertips: two landing 1.5 cm apart at once are one
    hand, so only one card is taken; the other wiggles (R9). Without user ids."""
    view = race(driver, "kids", [None, None])
    first, second = loose(view)[:2]
    x, y = where(view, first)
    w = view.layout.card_w
    view.physics.bodies[second].position = x + w * 1.05, y
    driver.frames()
    tip = view.layout.px_per_cm * 1.5
    a = driver.down(x + w * 0.3, y)
    b = driver.down(x + w * 0.3 + tip, y)
    driver.frames()
    carries = view.session.control.hands.carries
    assert carries[a].card == first and b not in carries
    assert refusals(driver)[-1] is Reason.HAND_FULL and second in view.wiggles


def _flat_hand(driver: Driver, x: float, y: float, tips: int, same_frame: bool) -> None:
    """A child's flat hand: `tips` fingertips 1.5 cm apart on (x, y), all at once or a frame
    apart, then lifted."""
    step = driver.scene.layout.px_per_cm * 1.5  # type: ignore[attr-defined]
    touches = []
    for k in range(tips):
        touches.append((driver.down(x + k * step, y), x + k * step))
        if not same_frame:
            driver.frames()
    driver.frames()
    for touch, tx in touches:
        driver.up(touch, tx, y)
    driver.frames()


@pytest.mark.parametrize("same_frame", [True, False])
def test_clause3_r28_one_hands_fingertips_on_a_row_lay_one_card(driver: Driver, duo: DuoView,
                                                                 same_frame: bool) -> None:
    """Issue 9 clause 3, R28: three fingertips of one hand tapping a row (in one frame, or a
    frame apart) lay one card, not one per fingertip; a deliberate second tap after the hand's
    window (or by a hand 10 cm away) lays the next card."""
    game, geometry, w = duo.game, duo.geometry, duo.layout.card_w
    assert isinstance(game, DuoGame)
    game.assisted = (False, False)  # classic (D8): any card may be laid, so each tap could lay
    laid = sum(len(r) for r in game.rows[0])
    x, y = geometry.mid + w * 3, geometry.row_y(2)
    _flat_hand(driver, x, y, 3, same_frame)
    assert sum(len(r) for r in game.rows[0]) == laid + 1
    driver.frames(20)  # a third of a second later: a new tap
    driver.tap(x, y)
    assert sum(len(r) for r in game.rows[0]) == laid + 2
    driver.tap(x + duo.layout.px_per_cm * 10, y)  # at once, but another hand, 10 cm away
    assert sum(len(r) for r in game.rows[0]) == laid + 3


def test_clause3_r30_one_hands_fingertips_on_the_under_button_send_one_card(
        driver: Driver, duo: DuoView) -> None:
    """R30: a flat hand on the under-the-pile button sends one card under, not one per
    fingertip."""
    game = duo.game
    assert isinstance(game, DuoGame)
    game.assisted = (False, False)  # classic: under is always allowed
    pile = list(game.piles[0])
    _flat_hand(driver, *duo.geometry.under(0).centre, 3, True)
    assert list(game.piles[0]) == pile[1:] + pile[:1]


def test_clause3_r28_a_drag_with_several_fingertips_lays_one_card(driver: Driver,
                                                                  duo: DuoView) -> None:
    """R28: a hand dragging the revealed card with three fingertips lays that one card."""
    game, geometry, w = duo.game, duo.geometry, duo.layout.card_w
    assert isinstance(game, DuoGame)
    game.assisted = (False, False)
    card = duo.session.control.revealed[0]
    step = duo.layout.px_per_cm * 1.5
    (sx, sy), (ex, ey) = geometry.reveal(0), (geometry.mid + w * 3, geometry.row_y(1))
    touches = [driver.down(sx + k * step, sy) for k in range(3)]
    driver.frames()
    for f in range(1, 5):
        for k, touch in enumerate(touches):
            driver.move(touch, sx + (ex - sx) * f / 4 + k * step, sy + (ey - sy) * f / 4)
        driver.frames()
    driver.frames(8)
    for k, touch in enumerate(touches):
        driver.up(touch, ex + k * step, ey)
    driver.frames()
    assert game.rows[0][1][-1] == card and sum(len(r) for r in game.rows[0]) == 1


def touch(control: RaceController, finger: int, phase: TouchPhase, at: Point, t: float,
          user: int | None = None) -> None:
    """One touch event at `at` (table pixels) and time `t`, the table's clock brought there
    first, as the window does frame by frame."""
    if t > control.play.clock:
        control.tick(t - control.play.clock)
    width, height = control.geometry.width, control.geometry.height
    control.touches([TouchEvent(finger, phase, at[0] / width, at[1] / height, t, user)],
                    width, height)


def test_a_hand_whose_fingertips_all_lift_at_once_hands_its_card_to_none_of_them() -> None:
    """A hand of two fingertips carries a card 8 cm and lifts both in the same instant: the
    card goes down where the fingertip that took it lifted, as the hand's put-back; it is not
    handed on to the other fingertip, which is leaving the glass at that instant too."""
    control = kids()
    card = cards_nearest(control, 0)[0]
    x, y = spot(control, card)
    cm = control.geometry.px_per_cm
    touch(control, 1, TouchPhase.DOWN, (x, y), 1.0)
    touch(control, 2, TouchPhase.DOWN, (x, y + cm), 1.05)
    width, height = control.geometry.width, control.geometry.height
    for step in range(1, 9):
        t = 1.05 + step * 0.05
        control.touches([TouchEvent(1, TouchPhase.MOVE, (x + step * cm) / width, y / height, t),
                         TouchEvent(2, TouchPhase.MOVE, (x + step * cm) / width,
                                    (y + cm) / height, t)], width, height)
    assert control.hands.carries[1].card == card
    control.drain()
    control.touches([TouchEvent(1, TouchPhase.UP, (x + 8 * cm) / width, y / height, 1.5),
                     TouchEvent(2, TouchPhase.UP, (x + 8 * cm) / width, (y + cm) / height, 1.5)],
                    width, height)
    seen = control.drain()
    assert not any(isinstance(e, events.HandedOn) for e in seen), seen
    assert [(type(e), e.touch) for e in seen] == [(events.BackOnTable, 1)]
    assert control.hands.carries == {}


def trail(*points: tuple[float, float, float]) -> Carry:
    """A carried card whose finger went through `points` (time, x, y)."""
    carry = Carry(0, 0, False, points[0][1:])
    carry.trail.extend(points)
    return carry


def test_a_card_let_go_exactly_at_fling_speed_was_placed() -> None:
    """A drop on a zone counts unless the card was thrown: faster than FLING_CM_S over the
    finger's last FLING_WINDOW; exactly that fast, it was placed (16 px a cm and 1/16 s: the
    speed is exact)."""
    hands = Hands(px_per_cm=16.0)
    edge = FLING_CM_S * 16.0 / 16  # px the finger goes in 1/16 s at FLING_CM_S
    carry = trail((0.9, -500.0, 0.0), (1.0, 0.0, 0.0), (1.03, edge / 2, 0.0))
    assert not hands.flung(carry, edge, 0.0, 1.0625)
    assert hands.flung(carry, edge + 0.01, 0.0, 1.0625)


def test_r28_a_hands_fingertip_exactly_a_hands_span_from_the_lifting_one_carries_its_card_on(
        ) -> None:
    """HAND_SPAN_CM counts to its end when a hand lifts a fingertip (R28's flat hands, issue
    33): two fingertips landed together, held still, exactly HAND_SPAN_CM apart (10 px a cm:
    30 px, exact), are one hand: the one still down carries the card on."""
    hands = Hands(px_per_cm=10.0)
    landed(hands, (1, 100.0, 100.0, 5.0), (2, 130.0, 100.0, 5.0))
    assert math.hypot(30.0, 0.0) == hands.span
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


def test_r28_a_hand_held_still_keeps_its_fingertips_when_another_finger_lands_later() -> None:
    """A hand's fingertips stay known however long they are held down: another child's finger
    landing a second later, across the table, forgets only fingertips lifted longer than
    HAND_WINDOW ago; the hand still on its card carries it on when one of its fingertips
    lifts (R28, issue 29)."""
    hands = Hands(px_per_cm=10.0)
    landed(hands, (1, 100.0, 100.0, 5.0), (2, 110.0, 100.0, 5.01), (3, 900.0, 300.0, 6.0))
    assert sorted(hands.fingertips) == [1, 2, 3]
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


def test_r28_a_card_carried_on_goes_with_a_fingertip_that_landed_a_moment_after_and_followed(
        ) -> None:
    """Issue 29: a card carried 2 cm goes on with a fingertip that landed 0.15 s after the one
    that took it (within HAND_WINDOW, beyond TOGETHER_S: a carried card looks at how the hand
    went, not only at one instant) and followed it 1.2 cm, off by 0.8 cm: under half of how
    far the card went."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 1.0), (2, 115.0, 100.0, 1.15))
    moved(hands, 1, 120.0, 100.0, 1.3)
    moved(hands, 2, 127.0, 100.0, 1.3)
    assert hands.hand_goes_on(1, 120.0, 100.0, None) == 2


def test_r28_a_fingertip_a_span_away_across_the_table_is_no_fingertip_of_the_hand() -> None:
    """A still card: a finger that landed with the lifting one but 4 cm away along the table
    (beyond HAND_SPAN_CM, level with it) is another hand's, never handed the card."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 1.0), (2, 140.0, 100.0, 1.0))
    assert hands.hand_goes_on(1, 100.0, 100.0, None) is None


def test_r28_a_card_moved_exactly_a_tremor_counts_as_held_still() -> None:
    """A card moved exactly TREMOR_CM went no farther than a tremor: it goes on with a still
    fingertip that landed with it (a card carried farther would ask it to have followed)."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 0.0), (2, 110.0, 100.0, 0.0))
    moved(hands, 1, 100.0 + TREMOR_CM * 10.0, 100.0, 0.2)
    assert hands.hand_goes_on(1, 100.0 + TREMOR_CM * 10.0, 100.0, None) == 2


def test_r28_a_fingertip_landing_exactly_together_s_after_is_of_the_hand() -> None:
    """TOGETHER_S is inclusive: a fingertip landing exactly 0.07 s after the one holding a
    still card is of its hand."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 0.0), (2, 110.0, 100.0, TOGETHER_S))
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


def test_r28_a_fingertip_that_shifted_exactly_a_tremor_still_held_the_card_with_the_hand(
        ) -> None:
    """A still card's other fingertip may itself have shifted up to a tremor, inclusive."""
    hands = Hands(px_per_cm=10.0)  # a tremor 3 px, a hand's span 30 px
    landed(hands, (1, 100.0, 100.0, 0.0), (2, 110.0, 100.0, 0.0))
    moved(hands, 2, 110.0 + TREMOR_CM * 10.0, 100.0, 0.2)
    assert hands.hand_goes_on(1, 100.0, 100.0, None) == 2


def test_r28_a_fingertip_landing_exactly_a_hand_window_after_a_tap_is_of_the_tapping_hand(
        ) -> None:
    """Duo (R30): a hand's fingertip sends the card under and lifts; another fingertip 1 px
    away lands exactly HAND_WINDOW after the first landed: the same hand, so the card is not
    sent under twice (the lifted fingertip is kept that long, inclusive: Hands.track 6)."""
    session = playing_duo()
    control, width, height = session.control, DUO_LAYOUT.width, DUO_LAYOUT.height
    x, y = session.geometry.under(0).centre
    control.play.drain()
    for finger, phase, at, t in ((7, TouchPhase.DOWN, x, 1.0), (7, TouchPhase.UP, x, 1.1),
                                 (8, TouchPhase.DOWN, x + 1.0, 1.0 + HAND_WINDOW)):
        control.touches([TouchEvent(finger, phase, at / width, y / height, t)], width, height)
    assert [e.touch for e in control.play.drain() if isinstance(e, events.WentUnder)] == [7]


def test_r28_a_card_handed_on_and_put_on_the_other_childs_zone_is_dropped_there() -> None:
    """A card carried on by a hand's second fingertip (issue 33) and put down on the other
    child's zone at a hand's pace is dropped there, as one carried by its first fingertip
    would be: the game hears it was that child's card. (RaceController._up 23)"""
    hand = HandOfTwo()
    control, w, h = hand.control, LAYOUT.width, LAYOUT.height
    hand.take_and_drag(3)
    hand.t += 0.01
    hand.frame(TouchPhase.UP, 3 * hand.cm, 1)
    seat = control.hands.carries[3].seat  # the scene: handed on to fingertip 3
    other = 1 - seat
    end = control.geometry.anchors[other]
    control.drain()
    hand.t += 0.5
    control.touches([TouchEvent(3, TouchPhase.UP, end[0] / w, end[1] / h, hand.t)], w, h)
    told = [
        (e.seat, e.card) for e in control.drain() if isinstance(e, events.Stacked | events.Refused)
    ]
    assert told == [(other, hand.card)]


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


def test_r28_a_card_handed_on_lies_where_the_finger_is_less_where_it_gripped_the_card(
        ) -> None:
    """R28's flat hands: a card carried on by another fingertip is where that fingertip is,
    less where on the card it took hold (the card does not jump to centre itself under it),
    across as much as up and down."""
    carry = Carry(0, 0, False, (0.0, 0.0))
    carry.grip = (12.0, -7.0)
    carry.trail.append((1.0, 300.0, 200.0))
    assert carry.where() == (288.0, 207.0)


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
