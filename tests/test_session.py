"""The one factory of games in play, and the seat policy's question apart from its command
(issue 19): driven directly, no window."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from helpers import pick, started_race
from hypothesis import example, given, settings
from hypothesis import strategies as st
from race_table import training_table

from seigneurs.game import GameConfig, Pick, RaceGame, Stack, TurnLocomotive, Whistle, new_game
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import WagonType
from seigneurs.table import events
from seigneurs.table.attribution import STILL, Free, GiveWay, Occupied, Reguess, Room, SeatPolicy
from seigneurs.table.attribution.hands import Carry
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout, duo_places
from seigneurs.table.session import DuoSession, RaceSession, Seating

LAYOUT = TableLayout.build(1280, 720)


def seating(players: int) -> Seating:
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(players))
    return Seating(places, (None,) * players)


def test_a_new_duo_session_takes_out_the_chosen_locomotive_d6() -> None:
    config = GameConfig.for_players("duo", 2, seed=3)
    session = open_session(LAYOUT, Seating(duo_places(LAYOUT), (None, BOT_LEVELS["expert"])),
                           config, removed=WagonType.COAL)
    assert isinstance(session, DuoSession)
    assert WagonType.COAL not in [loco.type for loco in session.game.locomotives]
    assert session.control.play.bot_seats == {1} and session.humans == [0]


def test_a_resumed_race_session_puts_held_cards_back_r11() -> None:
    """A game replayed from the journal with a card in a search hand: the finger that held it
    is gone, so the session puts it back where it lay, and it is on the table again."""
    game = new_game(GameConfig.for_players("lords", 2, seed=5))
    assert isinstance(game, RaceGame)
    game.apply(Whistle(0, 3.0))
    card = next(c for c in range(54) if game.table_mask >> c & 1)
    assert game.apply(Pick(0, 4.0, card)).ok
    session = open_session(LAYOUT, seating(2), game=game)
    assert isinstance(session, RaceSession)
    assert game.hands == [-1, -1] and game.table_mask >> card & 1
    assert card in session.physics.bodies and session.control.loose(card)


def test_the_seat_question_changes_nothing_and_the_command_makes_room_r9() -> None:
    """Seat 0 carries a card only by guess; a new touch for seat 0 asks whether there is room:
    the answer (re-guess the other card to seat 1) changes nothing until the command runs."""
    session = open_session(LAYOUT, seating(2), GameConfig.for_players("lords", 2, seed=2))
    assert isinstance(session, RaceSession)
    control = session.control
    control.tick(3.0)  # the whistle
    session.drain()
    card = next(c for c in sorted(session.physics.bodies) if control.loose(c))
    where = session.physics.bodies[card].position
    assert session.game.apply(Pick(0, session.clock, card)).ok  # the game heard the pick
    control.hands.carries[1] = Carry(card, 0, False, (where.x, where.y), session.clock)
    policy = control.policy
    room = policy.room(0, 2, session.clock, reach=float("inf"))
    assert isinstance(room, Reguess) and room == Reguess(1, 1)
    assert control.hands.carries[1].seat == 0 and session.drain() == []  # a question only
    control.holds.make_room(room, session.clock)
    assert control.hands.carries[1].seat == 1 and session.game.hands == [-1, card]  # passed
    assert session.drain() == [events.SeatChanged(1, card, 1)]
    control.hands.carries[1].decided = True  # now surely seat 1's, and it just moved
    assert policy.room(1, 2, session.clock) == Occupied()


def nearest_fitting_one_by_one(session: RaceSession, seat: int) -> int | None:
    """The card that glows for a still `seat` (issue 12), each card asked on its own."""
    control, game, bodies = session.control, session.game, session.physics.bodies
    fitting = [c for c in bodies if control.loose(c) and game.is_face_up(c) and game.fits(seat, c)]
    return min(fitting, key=lambda c: control.guesser.distance(seat, *bodies[c].position),
               default=None)


def test_issue12_each_still_child_glows_their_nearest_fitting_loose_card() -> None:
    """The loose cards are read once a frame for every still child (issue 27): a card a finger
    holds glows for nobody, though it is a still child's nearest fitting card; each child's
    glow is their own nearest, the same as asking each card on its own."""
    session = open_session(LAYOUT, seating(4), GameConfig.for_players("kids", 4, seed=4))
    assert isinstance(session, RaceSession)
    control, game = session.control, session.game
    for seat in range(4):
        assert game.apply(TurnLocomotive(seat, 0.0)).ok
    control.tick(8.0)
    taken = nearest_fitting_one_by_one(session, 0)
    assert taken is not None
    where = session.physics.bodies[taken].position
    control.hands.carries[1] = Carry(taken, 3, False, (where.x, where.y), session.clock)
    glowing = session.fitting_cards(6.0)
    expected = {nearest_fitting_one_by_one(session, seat) for seat in range(3)} - {None}
    assert set(glowing) == expected and taken not in glowing and len(expected) >= 2
    for card, (at, since) in glowing.items():
        assert at == tuple(session.physics.bodies[card].position) and since == 6.0


def room_seat_by_seat(policy: SeatPolicy, seat: int, touch: int, clock: float,
                      reach: float | None) -> Room:
    """R9's room for a card on `touch` at `seat`, every other seat asked on its own whether a
    finger carries a card for it."""
    finger, other = next(((t, c) for t, c in policy.hands.carries.items()
                          if c.seat == seat and t != touch), (None, None))
    if finger is None or other is None:
        return Free()
    if other.decided:
        return GiveWay(finger) if clock - other.moved_at >= STILL else Occupied()
    alternative = policy.guesser.at_down(*other.where(),
                                         lambda s: s == seat or policy.hands.carrying(s), reach)
    if alternative is None or alternative == seat:
        return GiveWay(finger) if clock - other.moved_at >= STILL else Occupied()
    return Reguess(finger, alternative)


carried = st.tuples(st.integers(0, 3), st.booleans(), st.floats(0, 1), st.floats(0, 1),
                    st.floats(8.0, 10.0))


@settings(max_examples=150, deadline=None)
@example({1: (0, False, 0.5, 0.5, 9.9), 2: (1, True, 0.1, 0.1, 9.9), 3: (2, True, 0.9, 0.1, 9.9),
          4: (3, True, 0.9, 0.9, 9.9)}, 0, 10, math.inf)  # the last seat is seen to hold last
@given(st.dictionaries(st.integers(1, 9), carried, max_size=8), st.integers(0, 3),
       st.integers(1, 10), st.one_of(st.none(), st.just(math.inf), st.floats(0, 900)))
def test_r9_room_reads_the_free_seats_once_and_answers_as_asking_each_seat(
        carries: dict[int, tuple[int, bool, float, float, float]], seat: int, touch: int,
        reach: float | None) -> None:
    """The room check sees which seats hold a card in one pass over the carries, stopping once
    every seat is seen to hold one (issue 27: a crowded table asks it at every move): its
    answer is what asking each seat `holds` gives, seats of bots (4 and 5) never re-guessed to."""
    session = open_session(LAYOUT, Seating(tuple(LAYOUT.places[i] for i in LAYOUT.spread(6)),
                                           (None,) * 4 + (BOT_LEVELS["expert"],) * 2),
                           GameConfig.for_players("kids", 6, seed=1))
    assert isinstance(session, RaceSession)
    control = session.control
    cards = iter(sorted(session.physics.bodies))
    for finger, (owner, decided, fx, fy, moved_at) in carries.items():
        card = next(cards)
        home = (fx * LAYOUT.width, fy * LAYOUT.height)
        carry = Carry(card, owner, decided, home, moved_at)
        carry.trail.append((moved_at, home[0] + 40.0, home[1] - 30.0))
        control.hands.carries[finger] = carry
    policy = control.policy
    assert policy.room(seat, touch, 10.0, reach) == room_seat_by_seat(policy, seat, touch, 10.0,
                                                                        reach)


def test_a_table_opened_on_a_game_under_way_lays_out_only_the_cards_on_the_table() -> None:
    """A table opened on a game already played on (a resumed or replayed game) lays out the
    cards that lie on the table, and no card stacked on a train. (RaceController.__init__ 91)"""
    game = started_race("lords", 2, seed=2)
    stacked = [pick(game, 0, True), pick(game, 1, False)]
    assert all(game.apply(Stack(seat, 1.0)).ok for seat in (0, 1))
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)), game=game)
    assert isinstance(session, RaceSession)
    assert set(session.control.physics.bodies) == {c for c in range(54) if game.table_mask >> c & 1}
    assert not set(stacked) & set(session.control.physics.bodies) and len(stacked) == 2


def test_a_session_opened_with_neither_a_configuration_nor_a_game_says_so() -> None:
    """`open_session` deals a configuration or replays a game: asked for neither, it fails
    saying a session needs one or the other (kinds.open_session 4)."""
    with pytest.raises(AssertionError, match=r"^a session needs a configuration or a game$"):
        open_session(LAYOUT, Seating(LAYOUT.places[:2], (None, None)))


class Recorder:
    """A session's watcher that keeps what it is shown."""

    def __init__(self) -> None:
        self.frames: list[Sequence[TouchEvent]] = []
        self.reports: list[Sequence[events.Event]] = []

    def read(self, frame: Sequence[TouchEvent]) -> None:
        self.frames.append(frame)

    def reported(self, happened: Sequence[events.Event]) -> None:
        self.reports.append(happened)


def test_a_sessions_watcher_sees_each_frame_it_reads_and_all_it_reports() -> None:
    """The crowd scores a game in the real window by watching its session: the watcher is
    shown each touch frame as the session reads it and each batch of events as the view is
    told them (_Play.touches 2, _Play.drain 3)."""
    session = training_table(0)
    watcher = Recorder()
    session.watcher = watcher
    card = next(c for c in sorted(session.physics.bodies) if session.control.loose(c))
    x, y = session.physics.bodies[card].position
    frame = [TouchEvent(5, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height, 9.0)]
    session.touches(frame)
    assert watcher.frames == [frame]
    told = session.drain()
    assert any(isinstance(e, events.Picked) for e in told)
    assert watcher.reports == [told]
