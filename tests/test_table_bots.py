"""Bots at the table: their hands (`seigneurs/table/bot_hands.py`), their turns, and the cards
they fetch and put back where a child can reach them (issue 9, clause 4; R11, R23)."""

from __future__ import annotations

import math

import pytest
from helpers import started_race
from race_table import LAYOUT
from race_table import controller as kids_controller

from seigneurs.game import GameConfig, Phase, Pick, RaceGame, Stack
from seigneurs.game.bots import BOT_LEVELS, START_S
from seigneurs.table import events
from seigneurs.table.bot_hands import bot_finger
from seigneurs.table.controller import COUNTDOWN, RaceController
from seigneurs.table.kinds import open_session
from seigneurs.table.session import RaceSession, Seating


def bot_holding(seat: int = 1) -> tuple[RaceController, int]:
    """A child and two expert bots; `seat`'s bot has just taken the loose card lying farthest
    from the table's middle (its train's spot is set as its hand's target)."""
    control = child_and_two_bots().control
    bodies, centre = control.physics.bodies, control.geometry.free.center
    card = max(bodies, key=lambda c: (math.dist(bodies[c].position, centre), c))
    control.bot_hands.pick(seat, card)
    return control, card


@pytest.mark.parametrize(("gap", "goes"), [(1.0, False), (2.0, True)])
def test_a_bots_hand_stops_within_a_pixel_of_its_target(gap: float, goes: bool) -> None:
    """A bot's card at its target, to within a pixel, stays where it is (it does not jitter
    about its train's spot); two pixels off, the hand still carries it there.
    (BotHands.move 16, 17)"""
    control, card = bot_holding()
    body = control.physics.bodies[card]
    start = (body.position.x, body.position.y)
    target = (start[0] + gap, start[1])
    assert math.hypot(target[0] - start[0], target[1] - start[1]) == gap  # the scene: exact
    control.bot_hands.targets[1] = target
    for _ in range(10):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    moved = math.dist(start, body.position)
    assert (moved > gap / 2) if goes else (moved < 1e-6), moved


def test_a_bots_card_goes_straight_toward_its_target_across_and_along() -> None:
    """A bot's card travels straight at its target, whichever way across and along the table
    that lies: each frame it comes nearer by as much as it moves. (BotHands.move 32)"""
    control, card = bot_holding()
    body = control.physics.bodies[card]
    start = (body.position.x, body.position.y)
    target = (start[0] + 300.0, start[1] + 200.0)
    control.bot_hands.targets[1] = target
    for _ in range(6):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    moved = math.dist(start, body.position)
    assert moved > 10.0  # the scene: it went some way
    assert math.dist(start, target) - math.dist(body.position, target) == pytest.approx(
        moved, rel=1e-3
    )


def test_a_bot_whose_finger_holds_nothing_keeps_no_other_bots_card_from_travelling() -> None:
    """Each bot's hand goes on its own: a bot whose finger holds no card (its card let go)
    leaves the next bot's card travelling to that bot's train. (BotHands.move 6)"""
    control, first = bot_holding(1)
    bodies, centre = control.physics.bodies, control.geometry.free.center
    second = max(
        (c for c in bodies if c != first), key=lambda c: (math.dist(bodies[c].position, centre), c)
    )
    control.bot_hands.pick(2, second)
    control.physics.release(bot_finger(1))  # bot 1's target stays, its finger is empty
    assert list(control.bot_hands.targets) == [1, 2]  # the scene: the empty hand comes first
    start = tuple(bodies[second].position)
    for _ in range(6):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    pile = control.geometry.seats[2].pile
    assert math.dist(bodies[second].position, pile) < math.dist(start, pile) - 10.0


def test_r23_a_bot_turns_its_locomotive_only_once_the_countdowns_length_has_passed() -> None:
    """Kids (R23): a bot at the table waits the countdown's length, then its reaction (at most
    START_S before play), before it turns its locomotive; it never jumps the start.
    (Play.__init__ 14)"""
    control = kids_controller(2, 1, 4, users=False)  # the child's locomotive is turned
    turned: list[float] = []
    while control.play.clock < COUNTDOWN + START_S + 0.1:
        control.tick(1 / 60)
        turned += [
            control.play.clock
            for e in control.drain()
            if isinstance(e, events.Turned) and e.seat == 1
        ]
    assert len(turned) == 1 and COUNTDOWN < turned[0] <= COUNTDOWN + START_S + 1 / 60, turned
    assert control.game.phase is Phase.PLAYING


def kings_without_the_bots_cards() -> RaceGame:
    """Classic Kings for two, in play, where the child at seat 0 has stacked (misfits are let
    through, D8) every card that fitted seat 1's train: nothing on the table fits seat 1."""
    game = started_race("kings", 2, seed=0)
    for card in range(54):
        if game.table_mask >> card & 1 and game.fits(1, card):
            assert game.apply(Pick(0, 1.0, card)).ok and game.apply(Stack(0, 1.0)).ok
    assert not game.over and not game.fitting(1, game.table_mask)
    return game


def test_a_bot_with_nothing_of_its_own_to_take_fetches_a_card_a_child_cannot_reach() -> None:
    """Issue 9, clause 4: a bot that can use nothing on the table (every card face up, none
    fitting its train) fetches a card a child needs that lies beyond their reach, for the
    table to put it back nearer them. (Play.bot_turns 5, 9; RaceController.tick 5, 8)"""
    game = kings_without_the_bots_cards()
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, BOT_LEVELS["expert"])), game=game)
    control = session.control
    assert isinstance(control, RaceController)
    far = control.bot_hands.out_of_reach(lambda: control.loose_mask)
    assert far, "the scene: a card the child needs lies beyond their reach"
    picked: list[int] = []
    for _ in range(60 * 6):
        session.tick(1 / 60)
        picked += [e.card for e in session.drain() if isinstance(e, events.Picked) and e.bot]
        if picked:
            break
    assert len(picked) == 1 and far >> picked[0] & 1, picked
    assert game.fits(0, picked[0]) and not game.fits(1, picked[0])


def test_bots_fetch_the_loose_cards_a_child_needs_beyond_four_fifths_of_their_reach() -> None:
    """A card that fits a child's train but lies beyond 0.8 of their reach is one a bot
    fetches for them; a card within it, a card nobody needs, or one not loose, is not."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(3))
    session = open_session(LAYOUT, Seating(places, (None, None, BOT_LEVELS["expert"])),
                           GameConfig.for_players("kids", 3, 4))
    control = session.control
    assert isinstance(control, RaceController)
    game, guesser, bodies = control.game, control.guesser, control.physics.bodies
    loose = sum(1 << c for c in bodies if c % 2 == 0)  # only the even cards are free to take
    far = {c for c in bodies if c % 2 == 0 and any(
        game.fits(s, c) and guesser.distance(s, *bodies[c].position) > guesser.reach * 0.8
        for s in (0, 1))}
    nearer = {c for c in bodies if c % 2 == 0 and any(
        game.fits(s, c) and guesser.reach * 0.8 < guesser.distance(s, *bodies[c].position)
        <= guesser.reach / 0.8 for s in (0, 1)) and c in far}
    fetched = control.bot_hands.out_of_reach(lambda: loose)
    assert {c for c in range(54) if fetched >> c & 1} == far
    assert nearer and far != set(bodies), "the scene: cards just beyond 0.8 reach, some within"


def child_and_two_bots() -> RaceSession:
    """A kids' game: a child at a long side (seat 0), two expert bots beside and across."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(3))
    session = open_session(LAYOUT, Seating(places, (None, BOT_LEVELS["expert"],
                                                    BOT_LEVELS["expert"])),
                           GameConfig.for_players("kids", 3, 4))
    assert isinstance(session, RaceSession)
    return session


def test_every_card_on_the_table_lies_on_one_seats_side_the_one_whose_zone_is_nearest() -> None:
    """A bot searches its own side of the table first: each card on the table is on exactly
    one seat's side, the seat (child's or bot's) whose zone is nearest to it."""
    control = child_and_two_bots().control
    bodies = control.physics.bodies
    sides = [control.bot_hands.near(seat) for seat in range(3)]
    for seat, side in enumerate(sides):
        assert {c for c in range(54) if side >> c & 1} == {
            c for c, body in bodies.items() if control.everyone.nearest(*body.position) == seat}
    assert sum(sides) == sum(1 << c for c in bodies) and len(bodies) == 54


def test_a_card_a_bot_puts_back_that_a_child_needs_lands_on_that_childs_side_in_reach() -> None:
    """A bot puts a card back where the child whose train can use it can get it: on that
    child's side of the table (the child at a long side, the bots beside and across), within
    their reach, for every such card."""
    session = child_and_two_bots()
    control = session.control
    anchor, centre = control.geometry.seats[0].anchor, control.geometry.free.center
    assert abs(anchor[1] - centre[1]) > abs(anchor[0] - centre[0]) / 2  # a long side
    needed = [c for c in range(54) if session.game.fits(0, c)]
    assert needed
    for card in needed:
        x, y = control.bot_hands.put_back_spot(card)
        assert control.everyone.nearest(x, y) == 0, card
        assert math.dist(control.guesser.bodies[0], (x, y)) <= control.guesser.reach, card


def test_a_card_a_child_needs_at_just_four_fifths_of_their_reach_is_theirs_to_take() -> None:
    """Bots fetch a needed card only beyond 0.8 of the child's reach: one lying exactly at
    0.8 of it (toward the middle of the table) is left for the child to take; a pixel
    farther, it is fetched."""
    control = child_and_two_bots().control
    guesser, bodies = control.guesser, control.physics.bodies
    card = next(c for c in sorted(bodies) if control.game.fits(0, c))
    ax, ay = guesser.anchors[0]
    edge = guesser.reach * 0.8
    y = ay + math.copysign(edge, control.geometry.free.center[1] - ay)
    for _ in range(64):  # the nearest float whose distance, as the bots measure it, is 0.8
        if guesser.distance(0, ax, y) == edge:  # of the reach itself
            break
        y = math.nextafter(y, ay if guesser.distance(0, ax, y) > edge else 2 * y - ay)
    assert guesser.distance(0, ax, y) == edge  # the scene
    bodies[card].position = (ax, y)
    assert control.bot_hands.out_of_reach(lambda: 1 << card) == 0
    bodies[card].position = (ax, y + math.copysign(1.0, y - ay))
    assert control.bot_hands.out_of_reach(lambda: 1 << card) == 1 << card


def test_a_bots_card_travels_to_its_train_at_the_bots_hand_speed() -> None:
    """A bot's taken card goes to its train as a hand carries one: at its level's
    `hand_cm_s` centimetres a second on this table, give or take the grip's lag (a child
    sees it go, neither jumping nor crawling)."""
    control = kids_controller(3, 2, 4, users=False)  # a child, two expert bots
    control.tick(COUNTDOWN)
    speed = BOT_LEVELS["expert"].hand_cm_s * control.geometry.px_per_cm
    bodies, seats = control.physics.bodies, control.geometry.seats
    far = None  # a bot's pick a third of a second's travel from its train, or more
    for _ in range(60 * 30):
        control.tick(1 / 60)
        far = next((e for e in control.drain() if isinstance(e, events.Picked) and e.bot
                    and math.dist(bodies[e.card].position, seats[e.seat].pile) > speed / 3),
                   None)
        if far is not None:
            break
    assert far is not None
    body = bodies[far.card]
    for _ in range(3):  # the card gets going
        control.tick(1 / 60)
    start = tuple(body.position)
    for _ in range(6):
        control.tick(1 / 60)
    # the finger leads the card by a hand's step a frame; the card follows through the
    # joint (85 % of the gap a frame), so it goes a little slower than the hand, never faster
    assert speed * 0.1 / 2 < math.dist(start, body.position) <= speed * 0.1


def test_a_card_a_bot_puts_back_on_a_clear_table_lies_a_third_of_the_way_to_the_middle() -> None:
    """A bot puts a card the child can use back where they can get it: with nothing in the way
    (issue 18's clear spot is where it aims), 0.35 of the way from the child's zone straight
    to the middle of the table, in front of the child, not beside them."""
    session = child_and_two_bots()
    control = session.control
    card = next(c for c in range(54) if session.game.fits(0, c))
    for other in [c for c in control.physics.bodies if c != card]:
        control.physics.remove(other)
    anchor, centre = control.geometry.seats[0].anchor, control.geometry.free.center
    spot = control.bot_hands.put_back_spot(card)
    assert math.dist(anchor, spot) == pytest.approx(0.35 * math.dist(anchor, centre))
    assert math.dist(spot, centre) == pytest.approx(0.65 * math.dist(anchor, centre))


def test_race_bots_move_cards_with_fingers_of_their_own_and_two_reaching_for_one_card_is_fair(
        ) -> None:
    """Kids with a child and three bots: each bot's take and stack is told to the view with
    that bot's own finger, a negative id no real touch has (a bot's grip never takes over a
    child's finger), one per bot; a card stacked leaves the table. Two bots reaching for one
    card in the same frame: one gets it, the other's reach changes nothing and shows nothing,
    and the game goes on."""
    control = kids_controller(4, 3, 1, users=False)
    control.tick(COUNTDOWN)
    bots = control.play.bot_seats
    fingers: dict[int, set[int]] = {seat: set() for seat in bots}
    picked: list[events.Picked] = []
    stacked = 0
    for _ in range(1300):
        control.tick(1 / 60)
        frame = control.drain()
        for e in frame:
            if isinstance(e, events.Picked | events.Stacked) and e.bot:
                assert e.touch is not None
                fingers[e.seat].add(e.touch)
            if isinstance(e, events.Picked) and e.bot:
                picked.append(e)
            if isinstance(e, events.Stacked) and e.bot:
                stacked += 1
                assert e.card not in control.physics.bodies
        cards = [e.card for e in frame if isinstance(e, events.Picked)]
        assert len(cards) == len(set(cards)), frame  # no card taken twice in a frame
    assert stacked > 10 and not control.game.over
    assert all(len(ids) == 1 and min(ids) < 0 for ids in fingers.values()), fingers
    assert len({min(ids) for ids in fingers.values()}) == len(bots)
    assert any(e.card == 6 for e in picked)  # the card two bots reached for at once


def test_r11_a_race_bots_put_back_is_told_with_its_own_finger_which_lets_go() -> None:
    """R11, Lords against an adult bot: a card the bot took and cannot use goes back on the
    table; the view is told it was the bot's, with the bot's own finger (a negative id no
    child's touch has), and that finger holds nothing any more."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, BOT_LEVELS["adult"])),
                           GameConfig.for_players("lords", 2, 3))
    control = session.control
    assert isinstance(control, RaceController)
    session.tick(COUNTDOWN)
    back: list[events.BackOnTable] = []
    fingers: set[int | None] = set()
    for _ in range(60 * 20):
        session.tick(1 / 60)
        seen = session.drain()
        fingers |= {e.touch for e in seen if isinstance(e, events.Picked) and e.bot}
        back += [e for e in seen if isinstance(e, events.BackOnTable) and e.bot]
        if back:
            break
    assert len(back) == 1 and back[0].seat == 1, back
    assert fingers == {back[0].touch} and back[0].touch is not None and back[0].touch < 0
    assert control.physics.holding(back[0].touch) is None
    assert back[0].card in control.physics.bodies
