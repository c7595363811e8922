"""Hands, not fingers (issue 9): any child takes any card anywhere, seats are guessed from the
best evidence and as late as possible, Duo lays by ownership, bots are polite, games end.

Everything here goes through the real touch path: scripted touches -> window -> controller ->
game -> physics, headless.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dealt_tables import race, where
from table_driver import PATIENT, Driver

from seigneurs.game import DuoGame, Phase, Reason
from seigneurs.table import events
from seigneurs.table.controller import COUNTDOWN
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
