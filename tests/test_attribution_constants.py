"""The seat policy's figures, each at its edge (R9 at a table that guesses seats): how long a
card may lie still before it gives way, how far a child's arm reaches, that a card carried
toward a seat stays that seat's, and that the other hand of a child who drops a card is
looked for among the cards that may be theirs."""

from __future__ import annotations

import math

import pytest

from seigneurs.game import GameConfig, Pick, RaceGame, Whistle
from seigneurs.table.attribution import GiveWay, Occupied, Reguess
from seigneurs.table.attribution.hands import Carry
from seigneurs.table.controller import RaceController
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout
from seigneurs.table.session import Seating

FINGER, NEW_FINGER, DROPPING = 11, 12, 13


@pytest.fixture
def control() -> RaceController:
    """Three children at a lords table in play, nobody touching yet."""
    layout = TableLayout.build(1920, 1080)
    places = tuple(layout.places[i] for i in layout.spread(3))
    session = open_session(layout, Seating(places, (None, None, None)),
                           GameConfig.for_players("lords", 3, 5))
    assert isinstance(session.control, RaceController) and isinstance(session.game, RaceGame)
    assert session.game.apply(Whistle(0, 0.0)).ok
    return session.control


def held(control: RaceController, seat: int, decided: bool, finger: int = FINGER,
         at: tuple[float, float] | None = None, moved_at: float = 10.0, card: int = 0,
         **kw: object) -> Carry:
    """A finger holding `card` for `seat` by its centre, moved last at `moved_at` to `at` (the
    finger's events say where a carried card is; the body goes there too), in the seat's
    search hand if the game lets it have the card (R9)."""
    body = control.physics.bodies[card]
    home = (body.position.x, body.position.y)
    carry = Carry(card, seat, decided, home, moved_at, **kw)  # type: ignore[arg-type]
    carry.held = control.game.apply(Pick(seat, moved_at, card)).ok
    control.hands.carries[finger] = carry
    if at is not None:
        carry.trail.append((moved_at, *at))
        body.position = at
    return carry


def toward(start: tuple[float, float], end: tuple[float, float],
           distance: float) -> tuple[float, float]:
    """The point `distance` from `start` straight toward `end`."""
    d = math.dist(start, end)
    return (start[0] + (end[0] - start[0]) * distance / d,
            start[1] + (end[1] - start[1]) * distance / d)


def test_r9_a_card_lying_still_gives_way_after_one_and_a_half_seconds(
        control: RaceController) -> None:
    """A lost lift frees the child's seat for their next card 1.5 s after the card stopped
    moving; not sooner (a child holds a card still to look at it)."""
    held(control, 0, decided=True)
    assert control.policy.room(0, NEW_FINGER, 11.4) == Occupied()
    assert control.policy.room(0, NEW_FINGER, 11.5) == GiveWay(FINGER)


def test_r9_the_same_childs_new_touch_frees_a_still_card_after_one_second(
        control: RaceController) -> None:
    held(control, 0, decided=True)
    assert control.policy.room(0, NEW_FINGER, 10.9, same_child=True) == Occupied()
    assert control.policy.room(0, NEW_FINGER, 11.0, same_child=True) == GiveWay(FINGER)




def carried_home(control: RaceController) -> Carry:
    """FINGER carries a card guessed seat 0's, from over three travels away, a travel and a
    half straight toward seat 0."""
    anchor = control.geometry.anchors[0]
    card = next(c for c in control.physics.bodies
                if math.dist(control.physics.bodies[c].position, anchor) >
                control.policy.travel * 3)
    start = tuple(control.physics.bodies[card].position)
    where = toward(start, anchor, control.policy.travel * 1.5)  # type: ignore[arg-type]
    return held(control, 0, decided=False, at=where, card=card)


def test_a_card_carried_toward_a_seat_stays_that_seats(control: RaceController) -> None:
    """A guessed card already carried a card's travel straight toward its seat is that child's:
    a second finger guessed to the same seat does not re-guess it to a neighbour."""
    carried_home(control)
    assert control.policy.room(0, NEW_FINGER, 10.1, math.inf, keep_carried=True) == Occupied()
    moved = control.policy.room(0, NEW_FINGER, 10.1, math.inf)  # without: a neighbour's
    assert isinstance(moved, Reguess) and moved.finger == FINGER and moved.seat != 0


