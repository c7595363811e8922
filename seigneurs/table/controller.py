"""The touch-to-game controllers (issue 9, clause 5), made of parts: no arcade in them.

A frame's touch events go in, in order; they are hit-tested against the table's geometry,
attributed to seats, turned into game actions through the engine contract, and the card
physics follows. What players should see comes out as typed `events`, which the views only
draw. The parts: `Play` (clock, countdown, end timer, bots' turns, the events; both tables),
`hands.Hands` (fingertips, carried cards, flings), `grabs.FairGrabs` (simultaneous grabs),
`attribution.SeatPolicy` (R9 with guessed seats) and `bot_hands.BotHands` (the race only).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from itertools import groupby
from typing import Generic, Protocol, TypeVar

from seigneurs.game import (
    Action,
    Applied,
    CallStop,
    DuoGame,
    Lay,
    NotApplied,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    Result,
    Stack,
    TurnLocomotive,
    Under,
    Whistle,
)
from seigneurs.game.bots import BotLevel, BotLoop, bots_random
from seigneurs.game.engine import Phase
from seigneurs.game.kinds import make_bot
from seigneurs.input.events import DOWN, EVENT_TIME, MOVE, UP, TouchEvent
from seigneurs.rect import Rect
from seigneurs.rules import Start
from seigneurs.table import chipmunk, events
from seigneurs.table.attribution import (
    REACH_CM,
    Attribution,
    Down,
    Refuse,
    SeatGuesser,
    SeatPolicy,
    Take,
    decide,
    drop,
    pulled,
)
from seigneurs.table.attribution.hands import Carry, Hands
from seigneurs.table.bot_hands import BotHands, bot_finger
from seigneurs.table.geometry import DuoGeometry, RaceGeometry
from seigneurs.table.grabs import FairGrabs, just_taken
from seigneurs.table.physics import CardPhysics
from seigneurs.table.search_hands import SearchHands

COUNTDOWN = 3.0
"""Seconds of lamps before the whistle (R14, R28)."""
END_DELAY = 1.2
"""Seconds the last move stays on the table before the results."""
SLACK = 0.25
"""Seconds an event's time may lie off the table's clock and still be taken as it is: more than
a slow frame (a 100 ms frame, or a source one frame ahead), less than a stall."""
AHEAD = 1.0
"""Seconds a frame's touches may lie ahead of the clock on top of SLACK: the window reads them
before it moves the clock on, by a length it cannot know yet. The last frame's length is no
guide: the first long frame (a hitch after steady 60 a second, a Pi's half-second frames)
follows short ones, and its later touches were taken for a stall and moved back in time, so an
adult's quick reach looked slow and a child's card slid back (issue 29)."""


class Play:
    """A game being played at the table, as both tables share it: the clock, the engine, the
    countdown to the whistle, the end timer, the bots' turns and what happened."""

    def __init__(self, game: RaceGame | DuoGame, bots: Mapping[int, BotLevel],
                 seed: int) -> None:
        self.game = game
        self.clock = game.clock
        rng = bots_random(seed)
        self.bot_seats = set(bots)
        self.humans = [s for s in range(game.seat_count) if s not in bots]
        self.bot_loop = BotLoop({s: make_bot(game, s, level, rng) for s, level in bots.items()},
                                self.clock + COUNTDOWN)
        ready = game.phase is Phase.READY
        self.start_at = COUNTDOWN if ready and game.variant.start is Start.WHISTLE else None
        self.ended_at: float | None = None
        self.happened: list[events.Event] = []
        self.offset = 0.0
        """The game clock less the touch source's clock (`event_time`)."""

    @property
    def finished(self) -> bool:
        """Whether the game ended long enough ago to show the results."""
        return self.ended_at is not None and self.clock - self.ended_at > END_DELAY

    def drain(self) -> list[events.Event]:
        """What happened since the last call, oldest first."""
        happened, self.happened = self.happened, []
        return happened

    def emit(self, event: events.Event) -> None:
        self.happened.append(event)

    def apply(self, action: Action) -> Result:
        """Apply through the engine; note the end."""
        result = self.game.apply(action)
        if isinstance(result, Applied) and result.ended and self.ended_at is None:
            self.ended_at = self.clock
            self.emit(events.Ended(result.ended))
        return result

    def refuse(self, result: NotApplied, card: int | None = None,
               touch: int | None = None) -> None:
        seat = result.action.seat
        self.emit(events.Refused(seat, card, touch, result.reason, seat in self.bot_seats))

    def event_time(self, event: TouchEvent) -> float:
        """The event's own time on the game clock: the source's time moved by one offset, so
        that the gaps between events stay exact however many frames they came in (issue 32);
        the offset is taken anew (the event is now) when the source's time lies more than
        SLACK off the clock (another epoch, a source that stamps no time, a stalled machine)."""
        t = event.t + self.offset
        if not self.clock - SLACK <= t <= self.clock + SLACK + AHEAD:
            self.offset = self.clock - event.t
            t = self.clock
        return t

    def action_time(self, t: float) -> float:
        """An event's time for the game's actions: never ahead of the table's clock."""
        return min(t, self.clock)

    def advance(self, dt: float) -> bool:
        """Move the clock on; whether the whistle blew just now."""
        self.clock += dt
        if self.start_at is not None and self.clock >= self.start_at:
            self.start_at = None
            return isinstance(self.apply(Whistle(0, self.clock)), Applied)
        return False

    def bot_turns(self, avoid: int, near: Callable[[int], int] | None = None,
                  fetch: Callable[[], int] | None = None) -> list[Action]:
        """The bots' moves due now (none once the game is over), all chosen before any is
        made; bots never take the cards in `avoid` (fingers hold them)."""
        if self.game.over:
            return []
        return list(self.bot_loop.actions(self.clock, avoid, near, fetch))


def _instants(frame: Sequence[TouchEvent]) -> list[list[TouchEvent]]:
    """A frame's events in runs of one instant (the same time stamp), in order: each run is
    judged after the one before it, so that batching more of them into a frame changes
    nothing; only touches of one instant share a card fairly (`FairGrabs`)."""
    return [list(run) for _, run in groupby(frame, EVENT_TIME)]


class Measured(Protocol):
    """A table's size, in pixels, and its cards'."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    @property
    def card_w(self) -> float: ...

    @property
    def card_h(self) -> float: ...

    @property
    def px_per_cm(self) -> float: ...


G = TypeVar("G", bound=RaceGame | DuoGame)
T = TypeVar("T", bound=Measured)


class Control(Generic[G, T]):
    """What both controllers are made of: the game, the table's geometry, the play (clock,
    countdown, bots, events), the cards' physics and the fingers' hands."""

    def __init__(self, game: G, geometry: T, bots: Mapping[int, BotLevel], seed: int) -> None:
        self.game: G = game
        self.geometry: T = geometry
        self.play = Play(game, bots, seed)
        self.physics = CardPhysics(Rect(0, 0, geometry.width, geometry.height), geometry.card_w,
                                   geometry.card_h)
        self.hands = Hands(geometry.px_per_cm)

    @property
    def finished(self) -> bool:
        return self.play.finished

    def drain(self) -> list[events.Event]:
        return self.play.drain()

    def _hand_on(self, carry: Carry, touch: int, tip: int, clock: float) -> None:
        """The fingertip `touch` carrying `carry` lifted; fingertip `tip` of the same hand is
        still down and carries the card on, from where it touches it (issue 33; in Duo too:
        issue 29)."""
        at = self.hands.fingertips[tip]
        cx, cy = carry.where()
        carry.grip = (at.x - cx, at.y - cy)
        carry.trail.clear()
        carry.trail.append((clock, at.x, at.y))
        self.hands.carries[tip] = carry
        self.physics.grab(tip, carry.card, at.x, at.y)
        self.play.emit(events.HandedOn(carry.seat, carry.card, tip, touch))


class RaceController(Control[RaceGame, RaceGeometry]):
    """Training, Seigneurs, Kids, Rois: everyone searches one table (R9-R25)."""

    def __init__(self, game: RaceGame, geometry: RaceGeometry, bots: Mapping[int, BotLevel],
                 users: Mapping[int, int], seed: int) -> None:
        super().__init__(game, geometry, bots, seed)
        humans = self.play.humans
        bodies = [spots.place.local(-min(spots.place.zone.w, spots.place.zone.h) / 2, 0)
                  for spots in geometry.seats]  # the table's edge behind each zone
        self.guesser = SeatGuesser(geometry.anchors, humans, users,
                                   reach=REACH_CM * geometry.px_per_cm, bodies=bodies)
        self.everyone = SeatGuesser(geometry.anchors, range(game.seat_count))
        self.policy = SeatPolicy(self.hands, self.guesser, geometry.card_w * 1.5)
        self.seats = Attribution(game, self.guesser, self.policy, self.hands, humans,
                                 geometry.px_per_cm, geometry.card_w, geometry.zone_at)
        self.grabs = FairGrabs(game.seat_count)
        self.holds = SearchHands(self.play, self.hands, self.physics, self.policy,
                                 geometry.free)
        self.bot_hands = BotHands(game, geometry, self.physics, humans, self.guesser,
                                  self.everyone, self.play.bot_loop)
        for card, (nx, ny) in enumerate(game.positions):
            if game.table_mask >> card & 1:
                self.physics.add(card, *geometry.free.at(nx, ny), game.angles[card])

    @property
    def loose_mask(self) -> int:
        """The cards on the table that no finger and no bot holds, as a mask."""
        return self.game.table_mask & ~self.hands.mask

    def loose(self, card: int) -> bool:
        return bool(self.loose_mask >> card & 1)

    def card_under(self, x: float, y: float) -> int | None:
        """The loose card under (x, y). It needs the frame: a card still sliding is where the
        physics steps so far put it (a card at rest is where it is at any frame rate)."""
        return self.physics.card_at(x, y, among=self.loose_mask)

    # Touches: whose hand (attribution), then the card (physics), then the game.

    def touches(self, frame: Sequence[TouchEvent], width: float, height: float) -> None:
        """A frame's events, in order, in display fractions of a `width` x `height` table,
        each judged at its own time, as if it had come in a frame of its own (issue 32)."""
        def seat_of(e: TouchEvent) -> int:  # the child, where the source knows
            seat = self.guesser.by_user(e.user)
            return self.everyone.nearest(e.x * width, e.y * height) if seat is None else seat
        for instant in _instants(frame):
            targets = {e.id: card for e in instant if e.phase is DOWN and
                       (card := self.card_under(e.x * width, e.y * height)) is not None}
            winners = self.grabs.winners(instant, targets, seat_of) if len(targets) > 1 else {}
            won_by = {e.id: e for e in instant if e.id in winners.values()} if winners else {}
            lifting = {e.id for e in instant if e.phase is UP}
            for event in instant:
                x, y = event.x * width, event.y * height
                t = self.play.event_time(event)
                if event.phase is DOWN:
                    # a fingertip of the hand that got its card at this instant takes nothing
                    card = targets.get(event.id)
                    winner = won_by.get(winners.get(card, event.id)) if card is not None \
                        else None
                    if winner is None or winner.id == event.id or not self._one_hand(
                            event, winner, width, height):
                        self._down(event, x, y, t, card, winners)
                elif event.phase is MOVE:
                    self._move(event.id, x, y, t)
                else:
                    self._up(event.id, x, y, t, lifting)
                self.seats.track(event, x, y, t)

    def _one_hand(self, a: TouchEvent, b: TouchEvent, width: float, height: float) -> bool:
        """Whether two touch-downs of one instant are fingertips of one hand: within
        HAND_SPAN_CM, and no user ids naming two children."""
        seats = {self.guesser.by_user(a.user), self.guesser.by_user(b.user)} - {None}
        return len(seats) < 2 and math.hypot((a.x - b.x) * width, (a.y - b.y) * height) <= \
            self.hands.span

    def _down(self, event: TouchEvent, x: float, y: float, t: float, card: int | None,
              winners: dict[int, int]) -> None:
        game, play = self.game, self.play
        at = play.action_time(t)
        for seat in play.humans:
            spots = self.geometry.seats[seat]
            if spots.stop is not None and spots.stop.hit(x, y):
                self._press(CallStop(seat, at))
                return
            if game.phase is Phase.READY and spots.locomotive.hit(x, y):
                self._press(TurnLocomotive(seat, at))
                return
        if not play.humans:
            return  # only bots at the table (the demo): fingers take nothing
        if card is None and (card := just_taken(self.hands, self.geometry, x, y, t,
                                                self.guesser.by_user(event.user))) is None:
            return
        won = winners.get(card, event.id) == event.id and self.loose(card)
        down = Down(event.id, card, x, y, at, t, event.user, event.contact, won)
        match decide(down, self.seats):
            case Refuse(who, reason):
                play.emit(events.Refused(who, card, event.id, reason))
            case Take() as take:
                self._take(down, take)

    def _take(self, down: Down, take: Take) -> None:
        """Apply a touch-down's `Take`: what gives way first, then the pick, which the game
        takes into the seat's search hand (the card goes on the finger) or refuses (R9: the
        card wiggles where it lies, and the child's next try is theirs)."""
        if take.gives_way is not None:
            self.holds.make_room(take.gives_way, down.t)
        picked = self.play.apply(Pick(take.seat, down.t, down.card))
        if isinstance(picked, NotApplied) and (take.same_hand or
                                               picked.reason is not Reason.HAND_FULL):
            self.seats.remember(down.x, down.y, down.clock)
            self.play.refuse(picked, down.card, down.touch)
            return
        home = self.physics.settles_at(down.card)  # not mid-slide: the same at any frame rate
        carry = Carry(down.card, take.seat, take.decided, home, down.clock,
                      grip=(down.x - home[0], down.y - home[1]),
                      named=take.named, taken_at=down.clock,
                      angle=chipmunk.angle(self.physics.bodies[down.card]),
                      held=isinstance(picked, Applied))
        carry.trail.append((down.clock, down.x, down.y))
        self.hands.carries[down.touch] = carry
        self.physics.raise_card(down.card)
        self.physics.grab(down.touch, down.card, down.x, down.y)
        self.play.emit(events.Picked(take.seat, down.card, down.touch, down.x, down.y))

    def _press(self, action: CallStop | TurnLocomotive) -> None:
        """A button's action: the stop sign, or a locomotive to turn."""
        result = self.play.apply(action)
        if isinstance(result, NotApplied):
            self.play.refuse(result)
        elif isinstance(action, CallStop):
            self.play.emit(events.Stopped(action.seat))
        else:
            self.play.emit(events.Turned(action.seat))
            if self.game.phase is Phase.PLAYING:
                self.play.emit(events.Started())

    def _move(self, touch: int, x: float, y: float, t: float) -> None:
        carry = self.hands.carries.get(touch)
        if carry is not None:
            self._carried(touch, carry, x, y, t)
        self.physics.drag(touch, x, y)  # drawing only: the card follows at the next step

    def _carried(self, touch: int, carry: Carry, x: float, y: float, clock: float) -> None:
        """A card carried on at the event's time `clock`: its trail, and its seat where a guess
        goes with the pull (R9)."""
        carry.moved_at = clock
        carry.trail.append((clock, x, y))
        now = pulled(carry, touch, x, y, clock, self.seats)
        if now is not None:
            t = self.play.action_time(clock)
            if now.gives_way is not None:
                self.holds.make_room(now.gives_way, t)
            self.holds.claim(touch, carry, now.seat, t)

    def _up(self, touch: int, x: float, y: float, clock: float, lifting: set[int]) -> None:
        """A finger lifts; with it, the fingertips in `lifting` (the same instant's)."""
        self.physics.release(touch)
        carry = self.hands.carries.pop(touch, None)
        if carry is None or self.game.over:
            return
        tip = self.hands.hand_goes_on(touch, x, y, carry.named, lifting)
        if tip is not None:
            self._hand_on(carry, touch, tip, clock)
            return
        play = self.play
        dropped = drop(carry, x, y, clock, self.seats)
        t = play.action_time(clock)
        seat, zone = dropped.seat, dropped.zone
        refused = self.holds.claim(touch, carry, seat, t, shown=False) \
            if seat != carry.seat or not carry.held else None
        if refused is not None and zone is not None and self.holds.make_way(seat, carry, t, clock):
            refused = self.holds.claim(touch, carry, seat, t, shown=False)
        if refused is None and zone == seat and self.hands.named_carry(seat):
            # R9: a second card the game refused this child (their id says so) is on another
            # finger: one card at a time, so the card let go goes back
            refused = NotApplied(Stack(seat, t), Reason.HAND_FULL)
        if refused is not None:
            if zone is not None:  # R9: that child's own card is still in their hand
                play.emit(events.Refused(seat, carry.card, touch, refused.reason))
            if zone is not None or not carry.held:
                self.holds.give_back(carry, touch, t)  # let go, it goes back gently
                return
            seat, zone = carry.seat, None
        if zone == seat:
            stack = play.apply(Stack(seat, t))
            if not isinstance(stack, NotApplied):
                self.physics.remove(carry.card)
                play.emit(events.Stacked(seat, carry.card, touch))
                return
            play.emit(events.Refused(seat, carry.card, touch,
                                     stack.reason))  # D8 assisted: gently, and back it goes
            x, y = carry.home
        self._put_back(seat, carry.card, x, y, t, touch)

    def _put_back(self, seat: int, card: int, x: float, y: float, t: float,
                  touch: int) -> None:
        free, margin = self.geometry.free, self.geometry.card_w * 0.3
        x, y = free.clamp(x, y, margin=margin)
        result = self.play.apply(PutBack(seat, t, *free.fraction(x, y)))
        if isinstance(result, Applied):
            self.physics.send(card, x, y)
            self.play.emit(events.BackOnTable(seat, card, touch, x, y,
                                          bot=seat in self.play.bot_seats))

    # Time and bots.

    def tick(self, dt: float) -> None:
        """Advance: the whistle when due, the bots, the physics (these live by the frame: the
        bots' reaction times are counted in frames of the table's clock, and a card dragged or
        sliding is where the physics steps put it, which only drawing and hit-tests read)."""
        if self.play.advance(dt):
            self.play.emit(events.Started())
        for action in self.play.bot_turns(self.hands.mask, self.bot_hands.near,
                                          lambda: self.bot_hands.out_of_reach(
                                              lambda: self.loose_mask)):
            self._bot_move(action)
        self.bot_hands.move(dt)
        self.physics.step(dt)

    def _bot_move(self, action: Action) -> None:
        seat, game, play = action.seat, self.game, self.play
        finger = bot_finger(seat)
        if isinstance(action, PutBack):
            x, y = self.bot_hands.put_back_spot(game.hands[seat])
            self.physics.release(finger)
            self.bot_hands.let_go(seat)
            self._put_back(seat, game.hands[seat], x, y, action.t, finger)
            return
        if isinstance(action, CallStop | TurnLocomotive):
            self._press(action)
            return
        result = play.apply(action)
        if isinstance(result, NotApplied) or result.card is None:
            return
        card = result.card
        if isinstance(action, Pick):
            x, y = self.bot_hands.pick(seat, card)
            play.emit(events.Picked(seat, card, finger, x, y, bot=True))
        else:
            self.physics.remove(card)
            self.bot_hands.let_go(seat)
            play.emit(events.Stacked(seat, card, finger, bot=True))


class DuoController(Control[DuoGame, DuoGeometry]):
    """Le Duo des Rails: each player's pile, revealed card and rows (R26-R31), by ownership."""

    def __init__(self, game: DuoGame, geometry: DuoGeometry, bots: Mapping[int, BotLevel],
                 seed: int) -> None:
        super().__init__(game, geometry, bots, seed)
        self.took: dict[int, int] = {}  # a fingertip that took a card -> its seat
        self.revealed: list[int | None] = [None, None]
        if game.phase is Phase.PLAYING:
            for seat in (0, 1):
                self._reveal(seat)

    def _reveal(self, seat: int) -> None:
        """Turn `seat`'s new top card face up in its zone (R28)."""
        old = self.revealed[seat]
        if old is not None:
            self.physics.remove(old)
        card = self.game.top_card(seat)
        self.revealed[seat] = card
        if card is not None:
            place = self.geometry.places[seat]
            self.physics.add(card, *self.geometry.reveal(seat), math.radians(place.angle))
        self.play.emit(events.Revealed(seat, card))

    def touches(self, frame: Sequence[TouchEvent], width: float, height: float) -> None:
        """A frame's events, in order, in display fractions of a `width` x `height` table."""
        for instant in _instants(frame):
            lifting = {e.id for e in instant if e.phase is UP}
            for event in instant:
                x, y = event.x * width, event.y * height
                t = self.play.event_time(event)
                self.hands.track(event, x, y, t)
                self.took = {f: s for f, s in self.took.items() if f in self.hands.fingertips}
                if event.phase is DOWN:
                    self._down(event.id, x, y, t)
                elif event.phase is MOVE:
                    self._move(event.id, x, y, t)
                else:
                    self._up(event.id, x, y, self.play.action_time(t), lifting)

    def _move(self, touch: int, x: float, y: float, t: float) -> None:
        carry = self.hands.carries.get(touch)
        if carry is not None:
            carry.moved_at = t
            carry.trail.append((t, x, y))  # where the card is, should another fingertip go on
        self.physics.drag(touch, x, y)  # drawing only: the card follows at a step

    def _down(self, touch: int, x: float, y: float, clock: float) -> None:
        """A finger landing at the event's time `clock`."""
        if self.game.phase is not Phase.PLAYING:
            return
        geometry, humans = self.geometry, self.play.humans
        # one hand's fingertips take one card (R28)
        hand = self.hands.same_hand(x, y, clock, self.took)
        t = self.play.action_time(clock)
        for seat in humans:
            if geometry.under(seat).hit(x, y):
                if hand != seat:
                    self._play(Under(seat, t), touch)
                return
        mine = 0
        for s, c in enumerate(self.revealed):
            if c is not None and s in humans:
                mine |= 1 << c
        card = self.physics.card_at(x, y, among=mine & ~self.hands.mask)
        if card is not None:  # ownership: seat k's revealed card lays seat k's card
            seat = self.revealed.index(card)
            self.took[touch] = seat
            self.hands.carries[touch] = Carry(card, seat, True, geometry.reveal(seat))
            self.physics.grab(touch, card, x, y)
            self.play.emit(events.Picked(seat, card, touch, x, y))
            return
        row = geometry.row_at(x, y)
        seat = geometry.side(x)
        if row is not None and seat in humans and hand != seat:
            self._play(Lay(seat, t, row), touch)  # a tap on a row: that side's player's card

    def _up(self, touch: int, x: float, y: float, t: float, lifting: set[int]) -> None:
        """A finger lifts (with those in `lifting`, at the same instant): its card is laid
        on the row it lifts on, else it slides home; but while another fingertip of its hand
        that went with it stays down, that one carries it on (R28's flat hands)."""
        self.physics.release(touch)
        carry = self.hands.carries.pop(touch, None)
        if carry is None or self.game.over:
            return
        tip = self.hands.hand_goes_on(touch, x, y, None, lifting)
        if tip is not None:
            self._hand_on(carry, touch, tip, t)
            return
        row = self.geometry.row_at(x, y)
        if row is None or not self._play(Lay(carry.seat, t, row), touch):
            self.physics.send(carry.card, *carry.home)
            self.play.emit(events.SlidHome(carry.seat, carry.card, touch, *carry.home))

    def _play(self, action: Lay | Under, touch: int | None) -> bool:
        """Lay or send under; show it, or the refusal."""
        card = self.revealed[action.seat]
        result = self.play.apply(action)
        if isinstance(result, NotApplied):
            self.play.refuse(result, card, touch)
            return False
        moved = result.card
        assert moved is not None  # a lay or an under always moves the revealed card
        bot = action.seat in self.play.bot_seats
        if touch is not None:
            self.took[touch] = action.seat
        if isinstance(action, Lay):
            self.play.emit(events.Laid(action.seat, moved, action.row, touch, bot))
        else:
            self.play.emit(events.WentUnder(action.seat, moved, touch, bot))
        for finger in [f for f, c in self.hands.carries.items() if c.card == card]:
            del self.hands.carries[finger]  # laid by a tap while dragged: the finger holds nothing
        self._reveal(action.seat)
        return True

    def tick(self, dt: float) -> None:
        """Advance: the whistle when due, the bots, the physics."""
        if self.play.advance(dt):
            self.play.emit(events.Started())
            for seat in (0, 1):
                self._reveal(seat)
        for action in self.play.bot_turns(self.hands.mask):
            if isinstance(action, Lay | Under):
                self._play(replace(action, t=self.play.clock), None)  # bots live by the frame
        self.physics.step(dt)
