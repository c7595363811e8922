"""Whose card is it: which seat a finger's card should be asked for, as a pure question ("is
there room for this card at this seat?"); the game decides R9 (one card per search hand) and
the controller makes the room this asks for.

The geometric guesses (nearest seat, the seat a card is pulled toward) are `guess`'s; this
policy weighs them against what each seat already carries, so that a wrong guess never costs a
child a card (docs/touch.md, "Whose hand is it?").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from seigneurs.table.attribution.guess import HEADING, SeatGuesser
from seigneurs.table.attribution.hands import Carry, Hands

STILL = 1.5
"""Seconds a guessed card may lie still on a finger before its seat's next card takes over
(a lift the panel lost, or a hand that wandered off: the still card slides back, R9)."""
SAME_CHILD_STILL = 1.0
"""...and when a user id says the new touch is the same child's: a child reaching for a new
card while their card lies still is strong evidence that the old lift was lost (R9); not
sooner: a child holds a card just turned still for a look."""
REACH_CM = 45.0
"""How far a child's arm reaches across the table from their seat (a guess on the safe side)."""


@dataclass(frozen=True, slots=True)
class Free:
    """The seat holds nothing: the card is its."""


@dataclass(frozen=True, slots=True)
class Occupied:
    """The seat holds a card nothing moves: asked for a second, the game refuses it (R9)."""


@dataclass(frozen=True, slots=True)
class Reguess:
    """The seat's card on `finger` was only a guess: it goes to `seat`, the next free seat."""

    finger: int
    seat: int


@dataclass(frozen=True, slots=True)
class GiveWay:
    """The seat's card on `finger` has lain still too long: it slides home (a lost lift)."""

    finger: int


Room = Free | Occupied | Reguess | GiveWay


class SeatPolicy:
    """Who has room for a card at a table that guesses seats, and what must give way."""

    def __init__(self, hands: Hands, guesser: SeatGuesser, travel: float) -> None:
        self.hands = hands
        self.guesser = guesser
        self.travel = travel  # how far a card goes before its heading counts

    def room(self, seat: int, touch: int, clock: float, reach: float | None = None,
             keep_carried: bool = False, same_child: bool = False) -> Room:
        """Whether `seat` can take the card on `touch` (R9), and what must give way: it holds
        nothing, or only a card whose seat was a guess and can be re-guessed to another free
        seat within `reach` (the neighbour who reached across gets their own card back,
        nobody is blocked), or a card lying still too long. With `keep_carried`, a guessed
        card already carried toward `seat` stays `seat`'s; with `same_child` (a user id
        decided `touch`), a card of `seat` lying still gives way sooner. (Each carried card is
        in its seat's search hand in the game, which heard the pick at the touch-down: the game
        refuses a second one, R9; this only says which seat to ask.)"""
        for finger, other in self.hands.carries.items():
            if other.seat == seat and finger != touch:
                break
        else:
            return Free()
        if other.decided:
            return self._still(finger, other, clock, SAME_CHILD_STILL if same_child else STILL)
        # where that card is, read only by a question that needs it (a pull on a crowded
        # table asks at every move and needs none)
        if keep_carried:
            where = other.where()
            if self.guesser.heading(seat, other.home, *where) > HEADING \
                    and math.dist(other.home, where) >= self.travel:
                return Occupied()
        # the other seats that carry nothing; the carries read only as far as it takes to see
        # every seat carry a card, as on a crowded table: then none is free
        free = set(self.guesser.candidates)
        free.discard(seat)
        for carry in self.hands.carries.values():
            if not free:
                break
            free.discard(carry.seat)
        alternative = self.guesser.at_down(*other.where(), lambda s: s not in free, reach) \
            if free else None
        if alternative is None or alternative == seat:
            return self._still(finger, other, clock, STILL)
        return Reguess(finger, alternative)

    @staticmethod
    def _still(finger: int, carry: Carry, clock: float, still: float) -> Room:
        return GiveWay(finger) if clock - carry.moved_at >= still else Occupied()
