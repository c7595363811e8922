"""Children's hands as the table sees them: fingertips (several of one hand are one hand), the
cards fingers carry, and whether a card was placed or thrown."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from seigneurs.input.events import DOWN, UP, TouchEvent
from seigneurs.table.geometry import Point

FLING_CM_S = 120.0
"""A card let go faster than this was thrown, not placed: it is no drop on the zone it ends in
(children slow down to put a card on their zone; a flick lands anywhere)."""
FLING_WINDOW = 0.1
"""Seconds of the finger's path before the drop its speed is measured over."""
HAND_SPAN_CM = 3.0
"""Fingertips landing this close together..."""
HAND_WINDOW = 0.25
"""...within this many seconds of each other are one hand (small children touch with several)."""
TREMOR_CM = 0.3
"""A still fingertip trembles less than this."""
TOGETHER_S = 0.07
"""Fingertips of a hand put down at once land within this many seconds of each other: the
panels recorded report them in one report (2 and 4 fingertips, `input/recordings`), a 30 Hz
camera tracker within two of its frames. Another child's finger lands when it will."""

T = TypeVar("T")


@dataclass(slots=True)
class Carry:
    """A card on a finger: the seat it is attributed to (`decided` by a user id, else a
    guess), where it came from, and when and where the finger last went."""

    card: int
    seat: int
    decided: bool
    home: Point
    moved_at: float = 0.0
    trail: deque[tuple[float, float, float]] = field(default_factory=lambda: deque(maxlen=12))
    """The finger's latest (time, x, y), at the events' own times: how fast it went at the
    drop, and where it is."""
    grip: Point = (0.0, 0.0)
    """Where on the card the finger took it, from the card's centre."""
    named: int | None = None
    """The seat the touch's user id named, even when it was doubted."""
    taken_at: float = 0.0
    """When the finger took the card (a finger landing on it at the same moment lost a
    contest for it)..."""
    angle: float = 0.0
    """...and how the card lay then, turned this many radians, at `home`."""
    held: bool = True
    """Whether the card is in `seat`'s search hand in the game; False: the game refused it
    (R9: that seat's hand held a card), and it rides the finger until it is let go, when it
    goes back unless the seat's hand is empty by then."""

    def where(self) -> Point:
        """Where the card is as the finger carries it: the finger's last point less the grip.
        Read from the events, not the physics (whose card lags the finger by what the frames
        drew), so that every frame rate judges the same place."""
        if not self.trail:
            return self.home
        _, x, y = self.trail[-1]
        return x - self.grip[0], y - self.grip[1]


@dataclass(slots=True)
class Fingertip:
    """Where a finger is and when it landed; kept HAND_WINDOW after its lift, so fingertips
    of one hand landing just after another lifted are still seen as that hand."""

    x: float
    y: float
    down_at: float
    lifted: bool = False
    named: int | None = None
    """The seat its user id names, if any."""
    landed: Point = (0.0, 0.0)
    """Where it landed."""


class Hands:
    """The fingers on the table and the cards they carry, in pixels of a table of
    `px_per_cm`."""

    def __init__(self, px_per_cm: float) -> None:
        self.px_per_cm = px_per_cm
        self.span = HAND_SPAN_CM * px_per_cm
        self.carries: dict[int, Carry] = {}
        self.fingertips: dict[int, Fingertip] = {}

    def carried(self, seat: int) -> int | None:
        """The card a finger carries for `seat`, if any."""
        return next((c.card for c in self.carries.values() if c.seat == seat), None)

    def carrying(self, seat: int) -> bool:
        """Whether a finger carries a card for `seat`."""
        return any(c.seat == seat for c in self.carries.values())

    def named_carry(self, seat: int) -> bool:
        """Whether a finger carries a card a user id gave `seat` (that child's, surely)."""
        return any(c.seat == seat and c.decided for c in self.carries.values())

    def cards(self) -> set[int]:
        """The cards fingers hold."""
        return {c.card for c in self.carries.values()}

    @property
    def mask(self) -> int:
        """The cards fingers hold, as a mask (bots leave them alone)."""
        mask = 0
        for carry in self.carries.values():  # no set on the way: every frame asks
            mask |= 1 << carry.card
        return mask

    def track(self, event: TouchEvent, x: float, y: float, clock: float,
              named: int | None = None) -> None:
        """Keep where each finger is and when it landed (a lifted one for HAND_WINDOW);
        `clock`: the event's own time; `named`: the seat its user id names."""
        if event.phase is DOWN:
            self.fingertips = {touch: tip for touch, tip in self.fingertips.items()
                               if not tip.lifted or clock - tip.down_at <= HAND_WINDOW}
            self.fingertips[event.id] = Fingertip(x, y, clock, named=named, landed=(x, y))
        elif (tip := self.fingertips.get(event.id)) is not None:
            tip.x, tip.y, tip.lifted = x, y, event.phase is UP

    def same_hand(self, x: float, y: float, clock: float, takers: Mapping[int, T]) -> T | None:
        """What a fingertip among `takers` took, if it is of the hand that just landed at
        (x, y): within HAND_SPAN_CM and HAND_WINDOW of it (small children touch with several
        fingertips; R9, R28)."""
        for touch, taken in takers.items():
            tip = self.fingertips.get(touch)
            if tip is not None and clock - tip.down_at <= HAND_WINDOW and \
                    math.hypot(tip.x - x, tip.y - y) <= self.span:
                return taken
        return None

    def hand_goes_on(self, touch: int, x: float, y: float, named: int | None,
                     lifting: Collection[int] = ()) -> int | None:
        """Another fingertip of the hand whose fingertip `touch` lifts at (x, y), still on the
        glass (not among `lifting` at this instant) and carrying nothing, within HAND_SPAN_CM
        of it now (with user ids, of the same child). The hand carries its card until the last
        of them lifts. Which fingertips are of that hand:

        - a card carried farther than a still fingertip's TREMOR_CM: one that landed within
          HAND_WINDOW of `touch` and went the same way (off by less than half of how far
          `touch` went, and less than half HAND_SPAN_CM); a neighbour's finger lying near the
          card went nowhere with it (a short drag counts: issue 29, a card moved 2 cm went
          back from a hand still on it);
        - a card that went no farther (held still, or shifted by less than a tremor, which
          the dejittered moves may not even show): how it went tells nothing, so one that
          landed with `touch`, within TOGETHER_S, as a hand's fingertips do and a neighbour's
          finger does not, and stayed with it to within TREMOR_CM (issue 29: such cards went
          back from under the hand's other fingertip)."""
        lifted = self.fingertips.get(touch)
        if lifted is None:
            return None
        gone = (x - lifted.landed[0], y - lifted.landed[1])
        went = math.hypot(*gone)
        tremor = TREMOR_CM * self.px_per_cm
        window, off_by = (HAND_WINDOW, min(self.span, went) / 2) if went > tremor else \
            (TOGETHER_S, tremor)
        for other, tip in self.fingertips.items():
            if other == touch or tip.lifted or other in self.carries or other in lifting or \
                    abs(tip.down_at - lifted.down_at) > window or \
                    math.hypot(tip.x - x, tip.y - y) > self.span or \
                    math.hypot(tip.x - tip.landed[0] - gone[0], tip.y - tip.landed[1] - gone[1]) \
                    > off_by or \
                    (named is not None and tip.named is not None and tip.named != named):
                continue
            return other
        return None

    def flung(self, carry: Carry, x: float, y: float, clock: float) -> bool:
        """Whether the finger let go of the card at (x, y) faster than a hand places one."""
        recent = [p for p in carry.trail if clock - p[0] <= FLING_WINDOW] or [carry.trail[-1]]
        t, x0, y0 = recent[0]
        seconds = max(clock - t, 1 / 60)
        return math.hypot(x - x0, y - y0) / seconds > FLING_CM_S * self.px_per_cm
