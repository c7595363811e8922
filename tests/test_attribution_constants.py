"""The seat policy's figures, each at its edge (R9 at a table that guesses seats): how long a
card may lie still before it gives way, how far a child's arm reaches, that a card carried
toward a seat stays that seat's, and that the other hand of a child who drops a card is
looked for among the cards that may be theirs."""

from __future__ import annotations

import math

from race_table import FINGER, NEW_FINGER, held, toward

from seigneurs.table.attribution import GiveWay, Occupied, Reguess
from seigneurs.table.attribution.hands import Carry
from seigneurs.table.controller import RaceController


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
