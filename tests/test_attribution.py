"""Issue 26, item 2: whose hand a touch-down is, as a value (`decide`) read from the table and
changing nothing, which the controller then applies (R9, README "Whose hand is it?")."""

from __future__ import annotations

from seigneurs.game import GameConfig, Reason
from seigneurs.table.attribution import Down, GiveWay, Refuse, Take, decide
from seigneurs.table.attribution.hands import Carry
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout
from seigneurs.table.session import RaceSession, Seating

LAYOUT = TableLayout.build(1280, 720)


def table(started: bool = True) -> RaceSession:
    """Two children (user ids 0 and 1 name their seats) at a Seigneurs table."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None), {0: 0, 1: 1}),
                           GameConfig.for_players("lords", 2, seed=2))
    assert isinstance(session, RaceSession)
    if started:
        session.tick(3.0)  # the whistle
    session.drain()
    return session


def down_on(session: RaceSession, card: int, touch: int, user: int | None) -> Down:
    where = session.physics.bodies[card].position
    return Down(touch, card, where.x, where.y, session.clock, session.clock, user)


def loose(session: RaceSession, k: int = 0) -> int:
    return [c for c in sorted(session.physics.bodies) if session.control.loose(c)][k]


def test_a_user_id_decides_a_free_seat_and_deciding_changes_nothing() -> None:
    session = table()
    down = down_on(session, loose(session), 7, user=1)
    decision = decide(down, session.control.seats)
    assert decision == Take(1, True, named=1)
    assert decide(down, session.control.seats) == decision  # asked again: the same
    assert session.control.hands.carries == {} and session.drain() == []


def test_before_the_whistle_a_touch_is_refused_for_its_seat() -> None:
    session = table(started=False)
    decision = decide(down_on(session, loose(session), 7, user=0), session.control.seats)
    assert isinstance(decision, Refuse) and decision.seat == 0
    assert decision.reason is Reason.NOT_STARTED


def test_a_card_another_touch_won_is_refused_as_taken() -> None:
    session = table()
    down = down_on(session, loose(session), 7, user=None)
    lost = Down(down.touch, down.card, down.x, down.y, down.t, down.clock, won=False)
    assert decide(lost, session.control.seats) == Refuse(None, Reason.TAKEN)


def test_a_still_card_of_the_same_child_gives_way_in_the_decision_not_before() -> None:
    """Seat 0's card has lain still on a finger for 1 s; the same child (by id) touches a new
    card: the decision says the old card goes home first; nothing moved yet (R9)."""
    session = table()
    control = session.control
    old, new = loose(session), loose(session, 1)
    where = session.physics.bodies[old].position
    control.hands.carries[3] = Carry(old, 0, True, (where.x, where.y), session.clock - 1.0)
    decision = decide(down_on(session, new, 7, user=0), control.seats)
    assert decision == Take(0, True, GiveWay(3), named=0)
    assert 3 in control.hands.carries and session.drain() == []
