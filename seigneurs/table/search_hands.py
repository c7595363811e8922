"""The children's search hands as the game keeps them and the fingers carry them (R9): the
game heard each pick at the touch-down and says, at every change of whose a carried card is,
whether that seat's hand may have it; this part asks it (Pick, Pass, PutBack) and shows the
answer, so the table never decides R9 itself."""

from __future__ import annotations

from typing import Protocol

from seigneurs.game import Action, NotApplied, Pass, Pick, PutBack, Result
from seigneurs.rect import Rect
from seigneurs.table import events
from seigneurs.table.attribution import GiveWay, Reguess, SeatPolicy
from seigneurs.table.attribution.hands import Carry, Hands
from seigneurs.table.physics import CardPhysics


class Applies(Protocol):
    """Where the game's actions go and what happened comes out (the controller's play)."""

    def apply(self, action: Action) -> Result: ...

    def emit(self, event: events.Event) -> None: ...


class SearchHands:
    """Carried cards claimed for seats, given back, or made way for, the game deciding."""

    def __init__(self, play: Applies, hands: Hands, physics: CardPhysics, policy: SeatPolicy,
                 free: Rect) -> None:
        self.play, self.hands, self.physics, self.policy, self.free = (
            play, hands, physics, policy, free)

    def claim(self, touch: int, carry: Carry, seat: int, t: float,
              shown: bool = True) -> NotApplied | None:
        """The carried card is `seat`'s now, unless the game refuses (R9: that seat's hand
        holds its own card): passed from the hand it was in, or picked if none held it; the
        view is told (`shown`) unless the card is being let go (its drop names the seat)."""
        action = Pass(carry.seat, t, seat) if carry.held else Pick(seat, t, carry.card)
        claimed = self.play.apply(action)
        if isinstance(claimed, NotApplied):
            return claimed
        carry.seat, carry.held = seat, True
        if shown:
            self.play.emit(events.SeatChanged(seat, carry.card, touch))
        return None

    def give_back(self, carry: Carry, touch: int, t: float) -> None:
        """The card slides back where it was taken: put back there by its seat's hand if the
        game held it (else the game never had it)."""
        self._put_home(carry, t)
        self.physics.send(carry.card, *carry.home)
        self.play.emit(events.SlidHome(carry.seat, carry.card, touch, *carry.home))

    def _put_home(self, carry: Carry, t: float) -> None:
        if carry.held:
            self.play.apply(PutBack(carry.seat, t, *self.free.fraction(*carry.home)))
            carry.held = False

    def make_room(self, room: Reguess | GiveWay, t: float) -> None:
        """Do what `room` says must give way: a guessed card passes to the seat it was
        re-guessed to, or a card lying still too long (a lost lift) goes back where it was
        taken."""
        match room:
            case Reguess(finger, seat):
                self.claim(finger, self.hands.carries[finger], seat, t)
            case GiveWay(finger):
                self.physics.release(finger)
                self.give_back(self.hands.carries.pop(finger), finger, t)

    def make_way(self, seat: int, carry: Carry, t: float, clock: float) -> bool:
        """A card dropped on `seat`'s zone, whose hand holds a card on another finger that was
        only a guess: that card passes to the free seat the policy names (the dropped card's
        own, once the game has it back where it was taken), so the child who brought their
        card home is not refused for a neighbour's card the table took for theirs (R9 kept
        at every step: the game never holds two)."""
        room = self.policy.room(seat, -1, clock)
        if not isinstance(room, Reguess):
            return False
        if room.seat == carry.seat:  # the dropped card's hand, emptied first
            self._put_home(carry, t)
        return self.claim(room.finger, self.hands.carries[room.finger], room.seat, t) is None
