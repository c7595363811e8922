"""Whose card is it: the seat policy of R9 (one card per seat), kept apart as a pure question
("is there room for this card at this seat?") and the command that makes the room.

The geometric guesses (nearest seat, the seat a card is pulled toward) are `guess`'s; this
policy weighs them against what each seat already carries, so that a wrong guess never costs a
child a card (README, "Whose hand is it?").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from seigneurs.game import RaceGame, Reason
from seigneurs.table import events
from seigneurs.table.attribution.guess import HEADING, SeatGuesser
from seigneurs.table.attribution.hands import Carry, Hands
from seigneurs.table.physics import CardPhysics

STILL = 1.5
"""Seconds a guessed card may lie still on a finger before its seat's next card takes over
(a lift the panel lost, or a hand that wandered off: the still card slides back, R9)."""
SAME_CHILD_STILL = 1.0
"""...and when a user id says the new touch is the same child's: a child reaching for a new
card while their card lies still is strong evidence that the old lift was lost (R9); not
sooner: a child holds a card just turned still for a look."""
AWAY_TRAVEL, AWAY_HEADING = 0.2, 0.3
"""A card moved this share of a card's travel, and no straighter than this toward a seat
(cosine), is being pulled away from that seat (crowd: 1 in 5 of the cards slid back from the
wrong child kept, 1 in 55 of the right ones no longer slid back)."""
LATER = 0.25
"""A card taken this long after (or before) the card being dropped was taken is no evidence
of the dropping child's other hand while its finger moves it, or, taken after (or with it,
once the seat has stacked), for JUST_TOUCHED seconds after it landed (a guess): a child
carrying a card home does not reach out with the other hand just then, a neighbour does, and
a card carried on from before is going somewhere of its own (both hands at once land
together: that is R9's case). Issue 33:
taken back 0.1-0.5 s after the touch, it was a refusal to a neighbour or a gift's child;
issue 29: a moving card held from before was 2/3 of what R9 took from children's hands.
Both hands at once stay R9's case only until the seat has stacked a wagon: children grab
with both hands in the start's rush; later a card moving beside the dropped one is most
often a neighbour's (issue 29's curve, README: lords, 200 games, taken from a hand 0.50 ->
0.20 % of picks for 1.41 -> 1.62 second cards a game after the first 5 s; a still card just
touched with the dropped one, once the seat has stacked: 0.20 -> 0.15 %, second cards the
same)."""
JUST_TOUCHED = 1.0
QUICK = 0.4
"""A card put on a zone this soon after it was taken came from an adult's quick reach (or a
flick), not from a child's hand carrying it home: its drop is no evidence that a card moving
on another finger is the seat's child's other hand; that card is re-guessed, not sent back (a
still one is: issue 16's R9 scenes). Issue 29: the child beside a bot, an adult helping, lost
their card at 1.5 % of picks; kids 20 games 12 -> 9."""
REACH_CM = 45.0
"""How far a child's arm reaches across the table from their seat (a guess on the safe side)."""


@dataclass(frozen=True, slots=True)
class Free:
    """The seat holds nothing: the card is its."""


@dataclass(frozen=True, slots=True)
class Occupied:
    """The seat surely holds a card (R9): the new one is refused."""


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
    """R9 at a table that guesses seats: who has room for a card, and making that room."""

    def __init__(self, game: RaceGame, hands: Hands, physics: CardPhysics, guesser: SeatGuesser,
                 travel: float, emit: Callable[[events.Event], None]) -> None:
        self.game = game
        self.hands = hands
        self.physics = physics
        self.guesser = guesser
        self.travel = travel  # how far a card goes before its heading counts
        self.emit = emit

    def room(self, seat: int, touch: int, clock: float, reach: float | None = None,
             keep_carried: bool = False, same_child: bool = False) -> Room:
        """Whether `seat` can take the card on `touch` (R9), and what must give way: it holds
        nothing, or only a card whose seat was a guess and can be re-guessed to another free
        seat within `reach` (the neighbour who reached across gets their own card back,
        nobody is blocked), or a card lying still too long. With `keep_carried`, a guessed
        card already carried toward `seat` stays `seat`'s; with `same_child` (a user id
        decided `touch`), a card of `seat` lying still gives way sooner. (A child's card
        reaches the game's search hand only inside the lift that stacks or puts it back: what
        a seat holds here is on a finger.)"""
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

    def yield_to_drop(self, seat: int, carry: Carry, clock: float) -> None:
        """A card dropped on `seat`'s zone is that child's, and is never refused (a child who
        carries a card home must not see it slide back). R9 is kept by the other fingers: when
        the dropped `carry` may be `seat`'s child's (its user id names them, or it has none: a
        gift or an adult's help is rarer than a guess gone wrong), a card another finger
        carries that is believed theirs too (by its id; or else, within that child's reach,
        by a doubted id or the guess, updated by where it is pulled) is their other hand's and
        slides back; one that only may be is re-guessed away from the seat. A drop is no
        evidence against a card taken LATER than the dropped one, or as much before it, or
        (once the seat has stacked a wagon) with it, while its finger moves it, nor a guessed
        one touched JUST_TOUCHED ago after it (or, once the seat has stacked, with it): that
        card is its child's until their own finger says otherwise (issues 33, 29), nor for a
        drop QUICK after its card was taken (an adult's reach). With user ids (issue 29), a
        drop with none is no evidence against a card an id gave that child (the tracker loses
        the id of a neighbour's gift as often as of the child's own other hand), and a doubted
        id that the table's guess put at another seat is a guess (just touched, it is
        spared)."""
        quick = clock - carry.taken_at < QUICK
        for finger, other in list(self.hands.carries.items()):  # the dropped one's lifted
            where = other.where()
            now = other.seat if other.decided else self.guesser.while_carried(
                other.seat, other.home, *where, self.travel)
            if seat not in (now, other.other_hand_of, other.named):
                continue
            theirs = carry.named == seat or (carry.user is None and not other.decided)
            later, moving = other.taken_at - carry.taken_at, self.hands.moving(other, clock)
            guessed = other.named is None or (not other.decided and other.seat != seat)
            stacked = bool(self.game.trains[seat])
            kept = (moving and (abs(later) >= LATER or quick or stacked)) or (
                (later >= LATER or stacked) and guessed and clock - other.taken_at < JUST_TOUCHED)
            if theirs and not kept and (other.decided or self._within_reach(seat, where)) and (
                    other.named == seat or (other.named is None and now == seat
                                            and self._may_be_other_hand(seat, other, where))):
                self.physics.release(finger)
                del self.hands.carries[finger]
                self.emit(events.Refused(seat, other.card, finger, Reason.SEAT_HOLDS_A_CARD))
                self.send_home(other, seat, finger)
            elif other.seat == seat:
                alternative = self.guesser.at_down(
                    *where, lambda s: s == seat or self.hands.carrying(s))
                if alternative is not None and alternative != seat:
                    self.make_room(Reguess(finger, alternative))

    def _may_be_other_hand(self, seat: int, carry: Carry, where: tuple[float, float]) -> bool:
        """Whether a guessed card now at `where` (within `seat`'s child's reach) may be in
        their other hand: not pulled a little and not toward them (a child carrying a card home
        pulls it toward their zone), and its finger not pointing from another side."""
        pulled_away = math.dist(carry.home, where) >= self.travel * AWAY_TRAVEL and \
            self.guesser.heading(seat, carry.home, *where) < AWAY_HEADING
        return not pulled_away and self.guesser.comes_from(seat, *carry.home, carry.contact)

    def _within_reach(self, seat: int, where: tuple[float, float]) -> bool:
        """Whether `seat`'s child can hold a card at `where` (their other hand)."""
        return math.dist(self.guesser.bodies[seat], where) <= self.guesser.reach

    @staticmethod
    def _still(finger: int, carry: Carry, clock: float, still: float) -> Room:
        return GiveWay(finger) if clock - carry.moved_at >= still else Occupied()

    def make_room(self, room: Reguess | GiveWay) -> None:
        """Do what `room` says must give way (a Free or Occupied room has nothing to do)."""
        match room:
            case Reguess(finger, seat):
                carry = self.hands.carries[finger]
                carry.seat = seat
                self.emit(events.SeatChanged(seat, carry.card, finger))
            case GiveWay(finger):
                self.physics.release(finger)
                carry = self.hands.carries.pop(finger)
                self.send_home(carry, carry.seat, finger)

    def send_home(self, carry: Carry, seat: int, touch: int | None) -> None:
        """The card slides back to where it was taken (the game never heard of it)."""
        self.physics.send(carry.card, *carry.home)
        self.emit(events.SlidHome(seat, carry.card, touch, *carry.home))
