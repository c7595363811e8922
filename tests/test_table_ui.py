"""The table app end to end, headless, through the scripted touch source (issue: the touch table).

Every full game starts in the lobby with taps on pictures, is played with drags of real
touches, and ends on the results view; each view is saved under out/screenshots/ for review.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from table_driver import (
    Driver,
    assert_shows_the_trains_checked_apart,
    begin,
    finish,
    join_and_start,
    lobby,
    play_out,
    race,
    region_cards,
)

from seigneurs.game import DuoGame, EndReason, Phase, RaceGame, Reason
from seigneurs.game.duo import ROWS
from seigneurs.kiosk.config import TableSettings
from seigneurs.table import events
from seigneurs.table.controller import COUNTDOWN
from seigneurs.ui.duo_view import DuoView
from seigneurs.ui.lobby import HOLD_S, Member
from seigneurs.ui.lobby_view import RING_ACROSS, PlaceButtons


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver()
    yield d
    d.close()


@pytest.mark.parametrize("variant", ["training", "lords", "kids", "kings"])
def test_full_race_game_from_lobby_to_results(driver: Driver, variant: str) -> None:
    join_and_start(driver, variant, [0, 3])
    view = begin(driver)
    heard = driver.heard
    assert heard[-1] == ("whistle" if variant in ("training", "lords") else "flip")  # issue 12
    driver.shot(f"table-{variant}")
    game = view.game
    assert isinstance(game, RaceGame)
    play_out(driver, view)
    if game.end_reason is EndReason.STOP_CALLED:
        assert heard[-1] == "stop"  # issue 12: every action has its sound
    results = finish(driver, variant)
    assert_shows_the_trains_checked_apart(results, game)
    driver.tap(*results.again[0].position)  # issue 18: the same table deals again
    again = race(driver)
    assert again.game.config.variant == variant and again.seats == results.seats


def play_duo_round(driver: Driver, duo: DuoView, game: DuoGame) -> None:
    """Each player, by touch, lays their shown card on a row it fits (R28), else under their
    pile (R30)."""
    for seat in (0, 1):
        card = duo.session.control.revealed[seat]
        if game.over or card is None:
            continue
        rows = [r for r in range(ROWS) if game.fits(seat, r, card)]
        if rows:
            laid = len(game.rows[seat][rows[0]])
            sign = 1 if seat == 0 else -1
            target = (duo.geometry.mid + sign * duo.layout.card_w * 2,
                      duo.geometry.row_y(rows[0]))
            driver.drag(tuple(duo.card_sprites[card].position), target)
            assert len(game.rows[seat][rows[0]]) == laid + 1  # R28
        else:
            driver.tap(*duo.geometry.under(seat).centre)  # R30
            assert game.piles[seat][-1] == card


def test_full_duo_game_from_lobby_to_results(driver: Driver) -> None:
    view = lobby(driver)
    driver.tap(*view.tiles["duo"].position)
    driver.tap(*view.locos[next(iter(view.locos))].position)  # take one locomotive out (D6)
    for place in (0, 1):
        driver.tap(*view.buttons[place].pad.position)
    removed = view.removed
    driver.tap(*view.start.position)
    duo = driver.scene
    assert isinstance(duo, DuoView)
    game = duo.game
    assert isinstance(game, DuoGame) and game.removed is not None
    assert game.removed.type == removed
    driver.frames(int(COUNTDOWN * 60) + 2)
    assert game.phase is Phase.PLAYING
    driver.shot("duo-start")
    for _ in range(400):
        if game.over:
            break
        play_duo_round(driver, duo, game)
    assert game.over and game.end_reason in (EndReason.PILE_EMPTY, EndReason.STALEMATE)
    driver.shot("duo-end")
    results = finish(driver, "duo")
    assert_shows_the_trains_checked_apart(results, game)


def test_touch_moves_its_card_in_the_next_frame(driver: Driver) -> None:
    join_and_start(driver, "kids", [0, 3])
    view = begin(driver)
    card = region_cards(view, 0)[0]
    sprite = view.card_sprites[card]
    x, y = view.physics.bodies[card].position
    touch = driver.down(x, y)
    driver.frames()
    hands = view.session.control.hands
    assert hands.carried(0) == card  # R9, R10: on touch-down, for the nearest seat
    before = sprite.position
    driver.move(touch, x + 120, y + 40)
    driver.frames(1, draw=True)
    after = sprite.position
    assert after[0] > before[0] + 30 and after[1] > before[1] + 5


def test_a_finger_on_a_carried_card_takes_nothing(driver: Driver) -> None:
    """Issue 9 clause 2: a card being carried is never in another child's hand."""
    join_and_start(driver, "kids", [0, 3])
    view = begin(driver)
    card = next(c for c in region_cards(view, 0) if view.game.fits(0, c))
    x, y = view.physics.bodies[card].position
    first = driver.down(x, y)
    driver.frames()
    other = driver.down(x + 3, y + 3)  # another finger on the same card
    driver.frames()
    carries = view.session.control.hands.carries
    assert carries[first].card == card and other not in carries
    target = view.seats[0].place.zone.center
    driver.move(first, *target)
    driver.frames(10)  # placed, not thrown: the hand rests before letting go
    driver.up(first, *target)
    driver.up(other, x, y)
    driver.frames()
    assert view.game.hands == [-1, -1] and view.game.trains[0] == [card]


def test_conflicting_grabs_the_earlier_touch_wins(driver: Driver) -> None:
    """Clause 5: simultaneous grabs of one card by different touches go to the earlier."""
    driver.close()
    d = Driver(settings=TableSettings(user_seats={11: 0, 22: 1}))
    try:
        join_and_start(d, "kids", [0, 3])
        view = begin(d)
        card = region_cards(view, 0)[0]
        x, y = view.physics.bodies[card].position
        d.source.down(901, x / d.window.width, y / d.window.height, d.t + 0.002, 22)
        d.source.down(900, x / d.window.width, y / d.window.height, d.t + 0.001, 11)
        d.frames()
        hands = view.session.control.hands
        assert hands.carried(0) == card and hands.carried(1) is None
        assert card in view.wiggles
    finally:
        d.close()


def test_assisted_refuses_a_card_that_does_not_fit_and_it_goes_back(driver: Driver) -> None:
    join_and_start(driver, "kids", [0, 3])  # Kids: assisted by default (D8)
    view = begin(driver)
    game = view.game
    card = next(c for c in region_cards(view, 0) if not game.fits(0, c))
    driver.drag(tuple(view.physics.bodies[card].position), view.seats[0].place.zone.center)
    assert game.trains[0] == [] and game.table_mask >> card & 1
    driver.frames(60)
    x, y = view.physics.bodies[card].position
    assert view.layout.free.contains(x, y)  # slid back onto the table


def test_stop_button_refuses_under_five_wagons(driver: Driver) -> None:
    join_and_start(driver, "training", [0, 3])
    view = begin(driver)
    stop = view.stops[0]
    assert stop is not None and stop.alpha < 255  # dimmed under 5 wagons
    driver.tap(*stop.position)
    refused = [e for e in driver.log if isinstance(e, events.Refused)]
    assert refused[-1].reason is Reason.TOO_FEW_WAGONS and refused[-1].seat == 0  # R16
    assert not view.game.over and view.game.stop_caller is None
    assert "call-stop" not in [a.kind for a in view.game.log]  # a refusal is not logged


def test_bots_play_a_whole_game_alone() -> None:
    patient = TableSettings(idle_timeout=3600, attract_after=3600)  # nobody touches for long
    driver = Driver(settings=patient)
    try:
        _bots_play_alone(driver)
    finally:
        driver.close()


def _bots_play_alone(driver: Driver) -> None:
    view = lobby(driver)
    for place in (0, 2, 4):
        driver.tap(*view.buttons[place].bot.position)  # close: with no child, full speed
    driver.tap(*view.buttons[1].pad.position)
    driver.tap(*view.buttons[1].pad.position)  # joined, then left again
    assert sorted(view.members) == [0, 2, 4]
    driver.tap(*view.start.position)
    game = race(driver).game
    for _ in range(60 * 400):
        driver.frames()
        if game.over:
            break
    assert game.over
    finish(driver, "bots")


def test_refusal_reasons_reach_the_view_not_exceptions(driver: Driver) -> None:
    join_and_start(driver, "lords", [0, 3])
    view = race(driver)
    card = region_cards(view, 0)[0]
    driver.tap(*view.physics.bodies[card].position)  # before the whistle: refused, no crash
    last = driver.log[-1]
    assert isinstance(last, events.Refused) and last.reason is Reason.NOT_STARTED
    assert view.game.hands[0] == -1 and view.game.table_mask >> card & 1
    assert view.game.phase is Phase.READY


def test_a_child_alone_starts_the_kids_lobby_by_touch_and_a_tap_flips_no_rule(
        driver: Driver) -> None:
    """Issue 29, item 3, through the real touch path: the lobby opens on Kids; a tap on the
    rule or mode button beside the child's face changes nothing, a hold does; the robot
    beside the child keeps the child; the hint leads to a free place's robot, then the
    whistle."""
    view = lobby(driver)
    assert view.variant_name == "kids"
    buttons = view.buttons[0]
    driver.tap(*buttons.pad.position)
    driver.tap(*buttons.rule.position)
    driver.tap(*buttons.mode.position)
    driver.frames(90)
    assert view.members == {0: Member(None)}
    driver.tap(*buttons.bot.position)  # hidden beside a child: it does nothing
    assert view.members == {0: Member(None)}
    touch = driver.down(*buttons.mode.position)
    driver.frames(round(HOLD_S * 60) + 2)
    driver.up(touch, *buttons.mode.position)
    assert view.members[0].assisted is False and buttons.meaning.visible
    robot = view.next_steps()
    assert len(robot) == 1 and (robot[0].x, robot[0].y) == view.buttons[1].bot.position
    driver.tap(*view.buttons[1].bot.position)
    whistle = view.next_steps()
    assert [(whistle[0].x, whistle[0].y)] == [view.start.position]


def test_a_held_mode_fills_a_ring_clockwise_from_its_players_top(driver: Driver) -> None:
    """Issue 29, item 3: the one holding a seat's mode button sees how far the hold has come,
    a white ring filling clockwise as that player reads it (a seat across the table fills the
    other way round on the screen), gone once the mode changed or the finger left early."""
    view = lobby(driver)
    seats = {round(b.angle) % 360: i for i, b in view.buttons.items()}
    near, far = view.buttons[seats[0]], view.buttons[seats[180]]
    for buttons in (near, far):
        driver.tap(*buttons.pad.position)
    height = driver.window.height

    def white(buttons: PlaceButtons, clock: int) -> bool:
        """Whether the ring is white at `clock` o'clock, as the seat's player reads it."""
        x, y = buttons.mode.position
        r = buttons.mode.width * RING_ACROSS / 2
        turn = math.radians(buttons.angle + 90 - clock * 30)
        px = driver.window.snapshot().getpixel((round(x + r * math.cos(turn)),
                                                round(height - (y + r * math.sin(turn)))))
        return all(c > 235 for c in px[:3])

    driver.window.step(dt=0.0)
    assert not any(white(b, c) for b in (near, far) for c in (3, 6, 9))
    held = [driver.down(*b.mode.position) for b in (near, far)]
    driver.frames(round(HOLD_S * 60 * 0.6))
    driver.window.step(dt=0.0)
    for buttons in (near, far):
        assert white(buttons, 3) and white(buttons, 5) and not white(buttons, 9)
    driver.up(held[1], *far.mode.position)  # lifted early: no ring, no change
    driver.frames(round(HOLD_S * 60 * 0.5))
    driver.window.step(dt=0.0)
    assert not white(far, 3) and view.members[seats[180]] == Member(None)
    assert view.members[seats[0]].assisted is False and not white(near, 3)  # changed: gone


def test_a_count_that_turns_into_another_carries_a_bar_on_its_readers_side(
        driver: Driver) -> None:
    """Issue 29, item 4, in the rendered picture: in Duo the top player reads their pile's
    count turned half round; when it is 9 (a 6 to the other player) a bar in the digits'
    white lies under it as that player reads it (above it on the screen); at 7 or 8, none."""
    view = lobby(driver)
    driver.tap(*view.tiles["duo"].position)
    for place in (0, 1):
        driver.tap(*view.buttons[place].pad.position)
    driver.tap(*view.start.position)
    duo = driver.scene
    assert isinstance(duo, DuoView)
    game = duo.game
    assert isinstance(game, DuoGame)
    driver.frames(int(COUNTDOWN * 60) + 2)
    top = next(s for s, plan in enumerate(duo.seats) if round(plan.place.angle) == 180)
    label = duo.counts[top]

    def white(dy: float) -> bool:
        """Whether the screen is the digits' white `dy` font sizes above the count's middle."""
        driver.window.step(dt=0.0)
        x, y = label.x, label.y + dy * float(label.font_size)
        pixel = driver.window.snapshot().getpixel((round(x), round(driver.window.height - y)))
        return all(c > 235 for c in pixel[:3])

    seen = set()
    for _ in range(400):
        if game.over or {"9", "8"} <= seen:
            break
        if label.text in ("9", "8", "7") and label.text not in seen:
            seen.add(label.text)
            assert white(0.72) == (label.text == "9"), label.text
            assert not white(-0.72)  # nothing on the other player's side of it
        play_duo_round(driver, duo, game)
    assert "9" in seen and seen & {"8", "7"}, seen
