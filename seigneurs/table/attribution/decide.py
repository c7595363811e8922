"""The touch-down decision, as a value: whose hand a finger landing on a loose card is, read
from the table as it is and changing nothing. The controller applies it (`Take`: what must give
way first, then the pick the game decides, R9; `Refuse`: the card is not to be had at all)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from seigneurs.game import Pick, RaceGame, Reason
from seigneurs.game.engine import Phase
from seigneurs.input.events import DOWN, Contact, TouchEvent
from seigneurs.table.attribution.guess import HEADING, SeatGuesser
from seigneurs.table.attribution.hands import Carry, Hands
from seigneurs.table.attribution.policy import GiveWay, Occupied, Reguess, SeatPolicy

AGAIN_S, AGAIN_CM = 4.0, 10.0
"""A touch this soon and this near a refused one is that child again: it is not refused."""


@dataclass(frozen=True, slots=True)
class Down:
    """A finger landing on a loose `card` at `clock`, its event's own time (every timer of the
    decision reads it, never the frame's: issue 32); `t`: the time its game action gets;
    `won`: no other touch of the same instant got the card first."""

    touch: int
    card: int
    x: float
    y: float
    t: float
    clock: float
    user: int | None = None
    contact: Contact | None = None
    won: bool = True


@dataclass(frozen=True, slots=True)
class Take:
    """The card is asked for `seat` (`decided` by a user id, else a guess), once `gives_way`
    (another finger's card re-guessed or sent home) is done: the game takes it into that
    seat's search hand or refuses it (R9)."""

    seat: int
    decided: bool
    gives_way: Reguess | GiveWay | None = None
    named: int | None = None
    """The seat the touch's user id named, even when it was doubted."""
    same_hand: bool = False
    """Another fingertip of the hand carrying `seat`'s card: refused, it takes nothing."""


@dataclass(frozen=True, slots=True)
class Refuse:
    """The touch takes nothing (the game is not in play, or another touch got the card):
    `seat` (None: unknown) is told why."""

    seat: int | None
    reason: Reason


Decision = Take | Refuse


@dataclass(frozen=True, slots=True)
class Pulled:
    """A guessed card carried toward another seat is that seat's now, once `gives_way` (the
    seat's own guessed or still card) is done."""

    seat: int
    gives_way: Reguess | GiveWay | None = None


@dataclass(frozen=True, slots=True)
class Drop:
    """Where a carried card goes as its finger lifts: `seat` takes it, onto `zone` (the child
    whose zone it was put on, else None)."""

    seat: int
    zone: int | None


@dataclass(slots=True)
class Attribution:
    """What a decision reads: the game, the guesser, the policy (R9), the fingers' hands, and
    the touches refused lately (kept by the controller as it applies `Refuse`)."""

    game: RaceGame
    guesser: SeatGuesser
    policy: SeatPolicy
    hands: Hands
    humans: Sequence[int]
    px_per_cm: float
    card_w: float
    zone_at: Callable[[float, float], int | None]
    """The seat whose zone (x, y) is on, if any."""
    refused: list[tuple[float, float, float]] = field(default_factory=list)
    """(clock, x, y) of the touches the game refused a card (R9): a child's next try."""
    downs: dict[int, float] = field(default_factory=dict)
    """When a finger last landed nearest each child's seat (the idle timers read it)."""

    def again(self, x: float, y: float, clock: float) -> bool:
        """Whether a touch at (x, y) may be a child trying again after a refusal: near it, or
        within the reach of a seat that could have made both: a child refused once gets the
        next card they touch."""
        near = AGAIN_CM * self.px_per_cm
        bodies, reach = self.guesser.bodies, self.guesser.reach
        return any(math.hypot(x - rx, y - ry) <= near or any(
            math.dist(bodies[s], (x, y)) <= reach and math.dist(bodies[s], (rx, ry)) <= reach
            for s in self.humans) for t, rx, ry in self.refused if clock - t <= AGAIN_S)

    def remember(self, x: float, y: float, clock: float) -> None:
        """A refused touch, so the same child's next try is not refused."""
        self.refused = [r for r in self.refused if clock - r[0] <= AGAIN_S]
        self.refused.append((clock, x, y))

    def track(self, event: TouchEvent, x: float, y: float, clock: float) -> None:
        """Keep where each finger is (`Hands.track`); a finger landing at (x, y) tells that
        the child nearest it is not still now."""
        named = None  # a move or a lift: the id is not asked
        if event.phase is DOWN:
            if self.humans:
                self.downs[self.guesser.nearest(x, y)] = clock
            named = self.guesser.by_user(event.user)
        self.hands.track(event, x, y, clock, named)

    def wanting(self, card: int) -> set[int]:
        """The seats whose child, looking for a card, would reach for this one: it shows its
        face and fits their train (asked once, so the guess calls nothing back)."""
        game = self.game
        return set(game.fitted_by(card)) if game.is_face_up(card) else set()


def decide(down: Down, table: Attribution) -> Decision:
    """Whose hand `down` is (docs/touch.md, "Whose hand is it?"): a user id decides (another
    fingertip of a hand already carrying is that hand's, unless it is a child trying again
    after a refusal); without one, the likeliest seat. Whether the seat may have the card is the
    game's to say (R9): refused, a card rides the finger and goes back when let go, unless
    that seat's hand is empty by then."""
    game, guesser, policy = table.game, table.guesser, table.policy
    x, y, clock = down.x, down.y, down.clock
    named = guesser.by_user(down.user)
    if game.phase is not Phase.PLAYING:
        who = guesser.nearest(x, y) if named is None else named
        return Refuse(who, game.verify(Pick(who, down.t, down.card)) or Reason.NOT_STARTED)
    if not down.won:
        return Refuse(named, Reason.TAKEN)
    if named is not None:
        room = policy.room(named, down.touch, clock, same_child=True)
        if not isinstance(room, Occupied):
            return Take(named, True, _giving_way(room), named=named)
    hand = table.hands.same_hand(x, y, clock, table.hands.carries)
    if hand is not None and not table.again(x, y, clock):  # another fingertip of a hand
        return Take(hand.seat, hand.decided, named=named, same_hand=True)  # the game refuses
    if named is not None:  # the id's seat holds a card: the game refuses it a second (R9)
        return Take(named, True, named=named)
    guess = guesser.likeliest(x, y, table.wanting(down.card).__contains__, down.contact)
    room = policy.room(guess, down.touch, clock, math.inf, keep_carried=True)
    if not isinstance(room, Occupied):
        return Take(guess, False, _giving_way(room), named)
    return Take(guess, False, None, named)  # that seat holds a card: the game decides


def _giving_way(room: object) -> Reguess | GiveWay | None:
    return room if isinstance(room, Reguess | GiveWay) else None


def pulled(carry: Carry, touch: int, x: float, y: float, clock: float,
           table: Attribution) -> Pulled | None:
    """Whether the guessed card on `touch`, carried to (x, y), goes to the seat it is pulled
    toward (children pull a card home); None: it stays whose it was (decided by a user id,
    pulled nowhere yet, or that seat has a card: the drop decides, R9)."""
    if carry.decided:
        return None
    policy = table.policy
    seat = table.guesser.while_carried(carry.seat, carry.home, x, y, policy.travel)
    if seat == carry.seat:
        return None
    room = policy.room(seat, touch, clock)
    return None if isinstance(room, Occupied) else Pulled(seat, _giving_way(room))


def drop(carry: Carry, x: float, y: float, clock: float, table: Attribution) -> Drop:
    """Whose card it is where its finger lifts at (x, y) (where the finger lifts, not where
    the card lies: a card put back beside a zone overlaps it): dropped on a child's
    zone, that child's (a gift, or an id or a guess that erred), if the game lets that seat
    have it (R9: not while their own card is in their hand); a tap at a zone's edge or a throw
    that went astray is no drop on it; elsewhere, the carried card's seat (a guess, re-decided
    by where it was pulled)."""
    zone = table.zone_at(x, y)
    if math.dist(carry.home, (x, y)) < table.card_w * 0.5 or (
            zone is not None and zone != carry.seat and table.hands.flung(carry, x, y, clock)
            and table.guesser.heading(zone, carry.home, x, y) <= HEADING):
        zone = None
    if zone in table.humans:
        assert zone is not None
        return Drop(zone, zone)
    seat = carry.seat if carry.decided else table.guesser.while_carried(
        carry.seat, carry.home, x, y, table.policy.travel)
    return Drop(seat, None)  # a bot's zone is no child's drop: put back there
