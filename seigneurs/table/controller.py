"""The one touch-to-game controller (issue 9, clause 5): no arcade in it.

A frame's touch events go in, in order; they are hit-tested against the table's geometry,
attributed to seats (see `SeatAttribution`), turned into game actions through the engine
contract, and the card physics follows. What players should see comes out as `Shown`
events, which the views only draw. The bot loop, the countdown and the end timer live here
once, for the race and for Duo.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypeVar

from seigneurs.game import (
    Action,
    Applied,
    CallStop,
    DuoGame,
    EndReason,
    Lay,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    Refused,
    Result,
    Stack,
    TurnLocomotive,
    Under,
    Whistle,
)
from seigneurs.game.bots import BotLevel, BotLoop, make_bot
from seigneurs.game.engine import Phase
from seigneurs.game.race import NOBODY
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.seats import HEADING, SeatAttribution
from seigneurs.rules import Start
from seigneurs.table.geometry import DuoGeometry, Point, RaceGeometry
from seigneurs.table.layout import Rect
from seigneurs.table.physics import CardPhysics

COUNTDOWN = 3.0
"""Seconds of lamps before the whistle (R14, R28)."""
END_DELAY = 1.2
"""Seconds the last move stays on the table before the results."""
STILL = 1.5
"""Seconds a guessed card may lie still on a finger before its seat's next card takes over
(a lift the panel lost, or a hand that wandered off: the still card slides back, R9)."""
SAME_CHILD_STILL = 0.4
"""...and when a user id says the new touch is the same child's: a child reaching for a new
card while their card lies still is strong evidence that the old lift was lost (R9)."""
REACH_CM = 45.0
"""How far a child's arm reaches across the table from their seat (a guess on the safe side)."""
FLING_CM_S = 120.0
"""A card let go faster than this was thrown, not placed: it is no drop on the zone it ends in
(children slow down to put a card on their zone; a flick lands anywhere)."""
FLING_WINDOW = 0.1
"""Seconds of the finger's path before the drop its speed is measured over."""
HAND_SPAN_CM = 3.0
"""Fingertips landing this close together..."""
HAND_WINDOW = 0.25
"""...within this many seconds of each other are one hand (small children touch with several)."""


class What(StrEnum):
    """What happened, for the views to draw and play."""

    PICKED = "picked"  # a finger (or bot) took a card; `provisional` while the seat is a guess
    SEAT_CHANGED = "seat-changed"  # a carried card's seat was re-decided
    REFUSED = "refused"  # with `reason`; a card wiggles, a sound plays for a child
    STACKED = "stacked"
    PUT_BACK = "put-back"  # the card slides to (x, y)
    LAID = "laid"  # Duo: `card` went into `seat`'s `row`
    UNDER = "under"  # Duo: `card` went under `seat`'s pile (R30)
    REVEALED = "revealed"  # Duo: `card` is `seat`'s new top card (None: the pile is empty)
    TURNED = "turned"  # a locomotive turned over (R23)
    STARTED = "started"  # the whistle: play begins (R14, R28)
    STOPPED = "stopped"  # R16
    ENDED = "ended"  # the game is over (`reason`); the results follow after END_DELAY


@dataclass(frozen=True, slots=True)
class Shown:
    """One thing to show: which seat and card it concerns, and the details of its kind."""

    what: What
    seat: int | None = None
    card: int | None = None
    reason: Reason | EndReason | None = None
    touch: int | None = None
    row: int | None = None
    x: float = 0.0
    y: float = 0.0
    provisional: bool = False
    bot: bool = False


@dataclass(slots=True)
class Carry:
    """A card on a finger: the seat it is attributed to, and where it came from."""

    card: int
    seat: int
    decided: bool
    home: Point
    moved_at: float = 0.0
    trail: deque[tuple[float, float, float]] = field(default_factory=lambda: deque(maxlen=12))
    """The finger's latest (clock, x, y): how fast it went at the drop."""


T = TypeVar("T")


@dataclass(slots=True)
class Fingertip:
    """Where a finger is and when it landed; kept HAND_WINDOW after its lift, so fingertips
    of one hand landing just after another lifted are still seen as that hand."""

    x: float
    y: float
    down_at: float
    lifted: bool = False


def bot_finger(seat: int) -> int:
    """Bots' virtual fingers never collide with real touch ids (positive)."""
    return -1 - seat


class TableController:
    """What the race and Duo controllers share: clock, bots, countdown, end timer, physics."""

    def __init__(self, game: RaceGame | DuoGame, bounds: Rect, card_w: float, card_h: float,
                 px_per_cm: float, bots: Mapping[int, BotLevel], seed: int) -> None:
        self.game = game
        self.physics = CardPhysics(bounds, card_w, card_h)
        self.clock = game.clock
        rng = random.Random(~seed)
        self.bot_seats = set(bots)
        self.humans = [s for s in range(game.seat_count) if s not in bots]
        self.bot_loop = BotLoop({s: make_bot(game, s, level, rng) for s, level in bots.items()},
                                self.clock + COUNTDOWN)
        ready = game.phase is Phase.READY
        self.start_at = COUNTDOWN if ready and game.variant.start is Start.WHISTLE else None
        self.carries: dict[int, Carry] = {}
        self.fingers: dict[int, Fingertip] = {}
        self.span = HAND_SPAN_CM * px_per_cm
        self.ended_at: float | None = None
        self.shows: list[Shown] = []
        self.recent: deque[Shown] = deque(maxlen=64)  # the last few, for tests and hints

    @property
    def finished(self) -> bool:
        """Whether the game ended long enough ago to show the results."""
        return self.ended_at is not None and self.clock - self.ended_at > END_DELAY

    def drain(self) -> list[Shown]:
        """What happened since the last call, oldest first."""
        shows, self.shows = self.shows, []
        return shows

    def show(self, what: What, **details: object) -> None:
        shown = Shown(what, **details)  # type: ignore[arg-type]
        self.shows.append(shown)
        self.recent.append(shown)

    def apply(self, action: Action) -> Result:
        """Apply through the engine; note the end."""
        result = self.game.apply(action)
        if isinstance(result, Applied) and result.ended and self.ended_at is None:
            self.ended_at = self.clock
            self.show(What.ENDED, reason=result.ended)
        return result

    def refuse(self, result: Refused, card: int | None = None, touch: int | None = None) -> None:
        self.show(What.REFUSED, seat=result.action.seat, card=card, reason=result.reason,
                  touch=touch, bot=result.action.seat in self.bot_seats)

    def carried(self, seat: int) -> int | None:
        """The card a finger carries for `seat`, if any."""
        return next((c.card for c in self.carries.values() if c.seat == seat), None)

    def touched_cards(self) -> set[int]:
        """The cards fingers hold."""
        return {c.card for c in self.carries.values()}

    @property
    def touched(self) -> int:
        """The cards fingers hold, as a mask (bots leave them alone)."""
        mask = 0
        for card in self.touched_cards():
            mask |= 1 << card
        return mask

    def touches(self, events: Sequence[TouchEvent], width: float, height: float) -> None:
        """A frame's events, in order, in display fractions of a `width` x `height` table."""
        if not events:
            return
        latest = max(e.t for e in events)
        self.frame(events, width, height, latest)

    def frame(self, events: Sequence[TouchEvent], width: float, height: float,
              latest: float) -> None:
        raise NotImplementedError

    def track(self, event: TouchEvent, x: float, y: float) -> None:
        """Keep where each finger is and when it landed (a lifted one for HAND_WINDOW)."""
        if event.phase is TouchPhase.DOWN:
            self.fingers = {touch: tip for touch, tip in self.fingers.items()
                            if not tip.lifted or self.clock - tip.down_at <= HAND_WINDOW}
            self.fingers[event.id] = Fingertip(x, y, self.clock)
        elif (tip := self.fingers.get(event.id)) is not None:
            tip.x, tip.y, tip.lifted = x, y, event.phase is TouchPhase.UP

    def same_hand(self, x: float, y: float, takers: Mapping[int, T]) -> T | None:
        """What a fingertip among `takers` took, if it is of the hand that just landed at
        (x, y): within HAND_SPAN_CM and HAND_WINDOW of it (small children touch with several
        fingertips; R9, R28)."""
        for touch, taken in takers.items():
            tip = self.fingers.get(touch)
            if tip is not None and self.clock - tip.down_at <= HAND_WINDOW and \
                    math.hypot(tip.x - x, tip.y - y) <= self.span:
                return taken
        return None

    def game_time(self, event: TouchEvent, latest: float) -> float:
        """The event's time on the game clock, keeping the frame's order."""
        return self.clock + min(0.0, event.t - latest)

    def tick(self, dt: float) -> None:
        """Advance: the whistle when due, the bots, the physics."""
        self.clock += dt
        if self.start_at is not None and self.clock >= self.start_at:
            self.start_at = None
            if self.apply(Whistle(0, self.clock)).ok:
                self.started()
        if not self.game.over:
            for action in list(self.bot_loop.actions(self.clock, self.touched, self.near,
                                                     self.out_of_reach)):
                self.bot_move(action)
        self.move_bot_hands(dt)
        self.physics.step(dt)

    def started(self) -> None:
        self.show(What.STARTED)

    def near(self, seat: int) -> int:
        """The cards on `seat`'s side of the table, as a mask (a bot searches there first)."""
        return 0

    def out_of_reach(self) -> int:
        """Cards a child needs but cannot reach from their seat, as a mask (bots fetch them)."""
        return 0

    def bot_move(self, action: Action) -> None:
        raise NotImplementedError

    def move_bot_hands(self, dt: float) -> None:
        """Bots' held cards travel to their targets at a hand's speed."""


class RaceController(TableController):
    """Training, Seigneurs, Kids, Rois: everyone searches one table (R9-R25)."""

    game: RaceGame

    def __init__(self, game: RaceGame, geometry: RaceGeometry, bots: Mapping[int, BotLevel],
                 users: Mapping[int, int], seed: int) -> None:
        super().__init__(game, Rect(0, 0, geometry.width, geometry.height), geometry.card_w,
                         geometry.card_h, geometry.px_per_cm, bots, seed)
        self.geometry = geometry
        self.seats = SeatAttribution(geometry.anchors, self.humans, users,
                                     reach=REACH_CM * geometry.px_per_cm)
        self.everyone = SeatAttribution(geometry.anchors, range(game.seat_count))
        self.travel = geometry.card_w * 1.5  # how far a card goes before its heading counts
        self.bot_targets: dict[int, Point] = {}
        self._tie_turn = 0
        self.bot_loop.carry = lambda seat, card: math.dist(  # a bot's hand carries it home
            self.physics.bodies[card].position, geometry.seats[seat].pile.centre
        ) / geometry.px_per_cm
        for card, (nx, ny) in enumerate(game.positions):
            if game.table_mask >> card & 1:
                self.physics.add(card, *geometry.free.at(nx, ny), game.angles[card])

    # Touches.

    @property
    def loose_mask(self) -> int:
        """The cards on the table that no finger and no bot holds, as a mask."""
        return self.game.table_mask & ~self.touched

    def loose(self, card: int) -> bool:
        return bool(self.loose_mask >> card & 1)

    def holds(self, seat: int) -> bool:
        """Whether `seat` already has its one card (R9): on a finger, or in its hand."""
        return self.game.hands[seat] != NOBODY or any(
            c.seat == seat for c in self.carries.values())

    def card_under(self, x: float, y: float) -> int | None:
        mask = self.loose_mask  # once, not per card: a crowd of fingers lands in one frame
        return self.physics.card_at(x, y, among={c for c in self.physics.bodies if mask >> c & 1})

    def frame(self, events: Sequence[TouchEvent], width: float, height: float,
              latest: float) -> None:
        targets, winners = self._fair_grabs(events, width, height)
        for event in events:
            x, y, t = event.x * width, event.y * height, self.game_time(event, latest)
            if event.phase is TouchPhase.DOWN:
                self._down(event, x, y, t, targets.get(event.id), winners)
            elif event.phase is TouchPhase.MOVE:
                self._move(event.id, x, y)
            else:
                self._up(event.id, x, y, t)
            self.track(event, x, y)

    def _fair_grabs(self, events: Sequence[TouchEvent], width: float,
                    height: float) -> tuple[dict[int, int], dict[int, int]]:
        """Each touch-down's card, and card -> the touch that gets it when different touches
        go for it in one frame: the earliest; exact ties by a seat priority that turns after
        each tie. (One touch's own down and up in a frame are simply taken in order.)"""
        reaching: dict[int, list[TouchEvent]] = {}
        targets = {}
        for event in events:
            if event.phase is TouchPhase.DOWN:
                card = self.card_under(event.x * width, event.y * height)
                if card is not None:
                    targets[event.id] = card
                    reaching.setdefault(card, []).append(event)
        winners = {}
        n = self.game.seat_count
        for card, downs in reaching.items():
            if len(downs) > 1:
                turn = self._tie_turn
                self._tie_turn += 1

                def priority(e: TouchEvent, turn: int = turn) -> tuple[float, int]:
                    seat = self.seats.by_user(e.user)  # the child, where the source knows
                    if seat is None:
                        seat = self.everyone.nearest(e.x * width, e.y * height)
                    return e.t, (seat - turn) % n
                winners[card] = min(downs, key=priority).id
        return targets, winners

    def _down(self, event: TouchEvent, x: float, y: float, t: float, card: int | None,
              winners: dict[int, int]) -> None:
        game = self.game
        for seat in self.humans:
            spots = self.geometry.seats[seat]
            if spots.stop is not None and spots.stop.hit(x, y):
                self._act(CallStop(seat, t))
                return
            if game.phase is Phase.READY and spots.locomotive.hit(x, y):
                self._act(TurnLocomotive(seat, t))
                return
        if card is None or not self.humans:
            return  # only bots at the table (the demo): fingers take nothing
        guess = self.seats.by_user(event.user)
        decided = guess is not None
        if game.phase is not Phase.PLAYING:
            who = self.seats.nearest(x, y) if guess is None else guess
            self.show(What.REFUSED, seat=who, card=card, touch=event.id,
                      reason=game.verify(Pick(who, t, card)))
            return
        if winners.get(card, event.id) != event.id or not self.loose(card):
            self.show(What.REFUSED, seat=guess, card=card, touch=event.id, reason=Reason.TAKEN)
            return
        hand = None if decided else self.same_hand(x, y, self.carries)
        if hand is not None:  # a second fingertip of a hand that holds a card: R9
            self.show(What.REFUSED, seat=hand.seat, card=card, touch=event.id,
                      reason=Reason.SEAT_HOLDS_A_CARD)
            return
        if not decided:  # the likeliest seat, unless it surely holds a card already
            guess = self.seats.likeliest(x, y, lambda s: self._wants(s, card))
            if not self._free_for(guess, event.id, math.inf, keep_carried=True):
                guess = self.seats.at_down(x, y, self.holds)
        if guess is None or (decided and not self._free_for(guess, event.id, same_child=True)):
            self.show(What.REFUSED, seat=guess, card=card, touch=event.id,
                      reason=Reason.SEAT_HOLDS_A_CARD)  # R9: it wiggles where it lies
            return
        body = self.physics.bodies[card]
        carry = Carry(card, guess, decided, (body.position.x, body.position.y), self.clock)
        carry.trail.append((self.clock, x, y))
        self.carries[event.id] = carry
        self.physics.raise_card(card)
        self.physics.grab(event.id, card, x, y)
        self.show(What.PICKED, seat=guess, card=card, touch=event.id, x=x, y=y,
                  provisional=not decided)

    def _wants(self, seat: int, card: int) -> bool:
        """Whether `seat`'s child, looking for a card, would reach for this face-up one."""
        return self.game.is_face_up(card) and self.game.fits(seat, card)

    def _act(self, action: Action) -> None:
        """A button's action: locomotive or stop sign."""
        result = self.apply(action)
        if isinstance(result, Refused):
            self.refuse(result)
        elif isinstance(action, CallStop):
            self.show(What.STOPPED, seat=action.seat)
        else:
            self.show(What.TURNED, seat=action.seat)
            if self.game.phase is Phase.PLAYING:
                self.started()

    def _move(self, touch: int, x: float, y: float) -> None:
        self.physics.drag(touch, x, y)
        carry = self.carries.get(touch)
        if carry is None:
            return
        carry.moved_at = self.clock
        carry.trail.append((self.clock, x, y))
        if carry.decided:
            return
        seat = self.seats.while_carried(carry.seat, carry.home, x, y, self.travel)
        if seat == carry.seat:
            return
        if not self._free_for(seat, touch):
            return  # that seat has a card: the guess stays until the drop decides (R9)
        carry.seat = seat
        self.show(What.SEAT_CHANGED, seat=seat, card=carry.card, touch=touch)

    def _free_for(self, seat: int, touch: int, reach: float | None = None,
                  keep_carried: bool = False, same_child: bool = False) -> bool:
        """Whether `seat` can take the card on `touch` (R9): it holds nothing, or only a card
        whose seat was a guess and can be re-guessed to another free seat within `reach` (the
        neighbour who reached across gets their own card back, nobody is blocked). With
        `keep_carried`, a guessed card already carried toward `seat` stays `seat`'s; with
        `same_child` (a user id decided `touch`), a card of `seat` lying still gives way sooner."""
        if self.game.hands[seat] != NOBODY:
            return False
        finger, other = next(((t, c) for t, c in self.carries.items()
                              if c.seat == seat and t != touch), (None, None))
        if finger is None or other is None:
            return True
        if other.decided:
            return self._still_gives_way(finger, other, seat,
                                         SAME_CHILD_STILL if same_child else STILL)
        where = self.physics.bodies[other.card].position
        if keep_carried and self.seats.heading(seat, other.home, where.x, where.y) > HEADING \
                and math.dist(other.home, where) >= self.travel:
            return False
        alternative = self.seats.at_down(where.x, where.y,
                                         lambda s: s == seat or self.holds(s), reach)
        if alternative is None or alternative == seat:
            return self._still_gives_way(finger, other, seat)
        other.seat = alternative
        self.show(What.SEAT_CHANGED, seat=alternative, card=other.card, touch=finger)
        return True

    def _still_gives_way(self, finger: int, carry: Carry, seat: int,
                         still: float = STILL) -> bool:
        """A card of `seat` lying still on a finger for `still` seconds goes back to the table
        so the seat's new card can be taken (R9); True if it went."""
        if self.clock - carry.moved_at < still:
            return False
        self.physics.release(finger)
        del self.carries[finger]
        self._send_home(carry, seat, finger)
        return True

    def _slide_home(self, carry: Carry, seat: int, reason: Reason, touch: int | None) -> None:
        """Gently refused: the card wiggles and slides back to where it was taken from."""
        self.show(What.REFUSED, seat=seat, card=carry.card, reason=reason, touch=touch)
        self._send_home(carry, seat, touch)

    def _send_home(self, carry: Carry, seat: int, touch: int | None) -> None:
        """The card slides back to where it was taken (the game never heard of it)."""
        self.physics.send(carry.card, *carry.home)
        self.show(What.PUT_BACK, seat=seat, card=carry.card, x=carry.home[0], y=carry.home[1],
                  touch=touch)

    def _up(self, touch: int, x: float, y: float, t: float) -> None:
        self.physics.release(touch)
        carry = self.carries.pop(touch, None)
        if carry is None or self.game.over:
            return
        zone = self.geometry.zone_at(x, y)  # where the finger lifts, not where the card lies
        # (a card put back beside a zone overlaps it: no stack for that zone's seat)
        if math.dist(carry.home, (x, y)) < self.geometry.card_w * 0.5 or self._flung(carry, x, y):
            zone = None  # a tap on a card at a zone's edge, or a throw, is no drop on a zone
        seat = carry.seat
        if not carry.decided and zone in self.humans:
            seat = zone  # final where it is dropped
        elif not carry.decided:
            seat = self.seats.while_carried(seat, carry.home, x, y, self.travel)
        if not self._free_for(seat, touch, math.inf, keep_carried=True):
            self._slide_home(carry, seat, Reason.SEAT_HOLDS_A_CARD, touch)
            return
        pick = self.apply(Pick(seat, t, carry.card))
        if isinstance(pick, Refused):
            self._slide_home(carry, seat, pick.reason, touch)
            return
        if zone == seat:
            stack = self.apply(Stack(seat, t))
            if stack.ok:
                self.physics.remove(carry.card)
                self.show(What.STACKED, seat=seat, card=carry.card, touch=touch)
                return
            assert isinstance(stack, Refused)
            self.show(What.REFUSED, seat=seat, card=carry.card, reason=stack.reason,
                      touch=touch)  # D8 assisted: gently, and back it goes
            x, y = carry.home
        self._put_back(seat, carry.card, x, y, t, touch)

    def _flung(self, carry: Carry, x: float, y: float) -> bool:
        """Whether the finger let go of the card at (x, y) faster than a hand places one."""
        recent = [p for p in carry.trail if self.clock - p[0] <= FLING_WINDOW] or [carry.trail[-1]]
        t, x0, y0 = recent[0]
        seconds = max(self.clock - t, 1 / 60)
        return math.hypot(x - x0, y - y0) / seconds > FLING_CM_S * self.geometry.px_per_cm

    def _put_back(self, seat: int, card: int, x: float, y: float, t: float,
                  touch: int) -> None:
        free, margin = self.geometry.free, self.geometry.card_w * 0.3
        x, y = free.clamp(x, y, margin=margin)
        result = self.apply(PutBack(seat, t, *free.fraction(x, y)))
        if result.ok:
            self.physics.send(card, x, y)
            self.show(What.PUT_BACK, seat=seat, card=card, x=x, y=y, touch=touch,
                      bot=seat in self.bot_seats)

    # Bots.

    def near(self, seat: int) -> int:
        mask = 0
        for card, body in self.physics.bodies.items():
            if self.everyone.nearest(body.position.x, body.position.y) == seat:
                mask |= 1 << card
        return mask

    def out_of_reach(self) -> int:
        mask = 0
        reach, loose = self.seats.reach * 0.8, self.loose_mask
        for card, body in self.physics.bodies.items():
            if loose >> card & 1 and any(
                    self.game.fits(s, card) and self.seats.distance(s, *body.position) > reach
                    for s in self.humans):
                mask |= 1 << card
        return mask

    def bot_move(self, action: Action) -> None:
        seat, game = action.seat, self.game
        finger = bot_finger(seat)
        if isinstance(action, PutBack):
            x, y = self._bot_put_back_spot(game.hands[seat])
            self.physics.release(finger)
            self.bot_targets.pop(seat, None)
            self._put_back(seat, game.hands[seat], x, y, action.t, finger)
            return
        if isinstance(action, CallStop | TurnLocomotive):
            self._act(action)
            return
        result = self.apply(action)
        if isinstance(result, Refused) or result.card is None:
            return
        card = result.card
        if isinstance(action, Pick):
            body = self.physics.bodies[card].position
            self.physics.raise_card(card)
            self.physics.grab(finger, card, body.x, body.y)
            self.bot_targets[seat] = self.geometry.seats[seat].pile.centre  # onto its train
            self.show(What.PICKED, seat=seat, card=card, touch=finger, x=body.x, y=body.y,
                      bot=True)
        else:
            self.physics.remove(card)
            self.bot_targets.pop(seat, None)
            self.show(What.STACKED, seat=seat, card=card, touch=finger, bot=True)

    def _bot_put_back_spot(self, card: int) -> Point:
        """A card a child can use goes back on that child's side, never out of reach; and
        never onto another card, which it would hide (issue 18)."""
        x, y = self.physics.bodies[card].position
        for seat in self.humans:
            if self.game.fits(seat, card):
                ax, ay = self.geometry.seats[seat].anchor
                cx, cy = self.geometry.free.center
                x, y = ax + (cx - ax) * 0.35, ay + (cy - ay) * 0.35
                break
        return self.physics.clear_spot(card, x, y, self.geometry.free, self.geometry.card_w * 0.3)

    def move_bot_hands(self, dt: float) -> None:
        for seat, (tx, ty) in self.bot_targets.items():
            finger = bot_finger(seat)
            card = self.physics.holding(finger)
            if card is None:
                continue
            body = self.physics.bodies[card].position
            dx, dy = tx - body.x, ty - body.y
            distance = math.hypot(dx, dy)
            if distance > 1:
                speed = self.bot_loop.bots[seat].level.hand_cm_s * self.geometry.px_per_cm
                reach = min(distance, speed * dt)
                self.physics.drag(finger, body.x + dx / distance * reach,
                                  body.y + dy / distance * reach)


class DuoController(TableController):
    """Le Duo des Rails: each player's pile, revealed card and rows (R26-R31), by ownership."""

    game: DuoGame

    def __init__(self, game: DuoGame, geometry: DuoGeometry, bots: Mapping[int, BotLevel],
                 seed: int) -> None:
        super().__init__(game, Rect(0, 0, geometry.width, geometry.height), geometry.card_w,
                         geometry.card_h, geometry.px_per_cm, bots, seed)
        self.geometry = geometry
        self.took: dict[int, int] = {}  # a fingertip that took a card -> its seat
        self.shown: list[int | None] = [None, None]
        if game.phase is Phase.PLAYING:
            for seat in (0, 1):
                self.reveal(seat)

    def started(self) -> None:
        super().started()
        for seat in (0, 1):
            self.reveal(seat)

    def reveal(self, seat: int) -> None:
        """Turn `seat`'s new top card face up in its zone (R28)."""
        old = self.shown[seat]
        if old is not None:
            self.physics.remove(old)
        card = self.game.top_card(seat)
        self.shown[seat] = card
        if card is not None:
            place = self.geometry.places[seat]
            self.physics.add(card, *self.geometry.reveal(seat), math.radians(place.angle))
        self.show(What.REVEALED, seat=seat, card=card)

    def frame(self, events: Sequence[TouchEvent], width: float, height: float,
              latest: float) -> None:
        for event in events:
            x, y, t = event.x * width, event.y * height, self.game_time(event, latest)
            self.track(event, x, y)
            self.took = {f: s for f, s in self.took.items() if f in self.fingers}
            if event.phase is TouchPhase.DOWN:
                self._down(event.id, x, y, t)
            elif event.phase is TouchPhase.MOVE:
                self.physics.drag(event.id, x, y)
            else:
                self._up(event.id, x, y, t)

    def _down(self, touch: int, x: float, y: float, t: float) -> None:
        if self.game.phase is not Phase.PLAYING:
            return
        geometry = self.geometry
        hand = self.same_hand(x, y, self.took)  # one hand's fingertips take one card (R28)
        for seat in self.humans:
            if geometry.under(seat).hit(x, y):
                if hand != seat:
                    self.play(Under(seat, t), touch)
                return
        mine = {c for s, c in enumerate(self.shown) if c is not None and s in self.humans
                and not self.touched >> c & 1}
        card = self.physics.card_at(x, y, among=mine)
        if card is not None:  # ownership: seat k's revealed card lays seat k's card
            seat = self.shown.index(card)
            self.took[touch] = seat
            self.carries[touch] = Carry(card, seat, True, geometry.reveal(seat))
            self.physics.grab(touch, card, x, y)
            self.show(What.PICKED, seat=seat, card=card, touch=touch, x=x, y=y)
            return
        row = geometry.row_at(x, y)
        seat = geometry.side(x)
        if row is not None and seat in self.humans and hand != seat:
            self.play(Lay(seat, t, row), touch)  # a tap on a row: that side's player's card

    def _up(self, touch: int, x: float, y: float, t: float) -> None:
        self.physics.release(touch)
        carry = self.carries.pop(touch, None)
        if carry is None or self.game.over:
            return
        row = self.geometry.row_at(x, y)
        if row is None or not self.play(Lay(carry.seat, t, row), touch):
            self.physics.send(carry.card, *carry.home)
            self.show(What.PUT_BACK, seat=carry.seat, card=carry.card, x=carry.home[0],
                      y=carry.home[1], touch=touch)

    def play(self, action: Lay | Under, touch: int | None) -> bool:
        """Lay or send under; show it, or the refusal."""
        card = self.shown[action.seat]
        result = self.apply(action)
        if isinstance(result, Refused):
            self.refuse(result, card, touch)
            return False
        bot = action.seat in self.bot_seats
        if touch is not None:
            self.took[touch] = action.seat
        if isinstance(action, Lay):
            self.show(What.LAID, seat=action.seat, card=result.card, row=action.row, bot=bot,
                      touch=touch)
        else:
            self.show(What.UNDER, seat=action.seat, card=result.card, bot=bot, touch=touch)
        for finger in [f for f, c in self.carries.items() if c.card == card]:
            del self.carries[finger]  # laid by a tap while dragged: the finger holds nothing
        self.reveal(action.seat)
        return True

    def bot_move(self, action: Action) -> None:
        if isinstance(action, Lay | Under):
            self.play(replace(action, t=self.clock), None)
