"""Simultaneous grabs: when different touches go for one card at the same instant (the same
time stamp), who gets it (issue 9, clause 5); touches a moment apart are simply taken in order,
however many a frame brings (issue 32)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from seigneurs.input.events import DOWN, TouchEvent
from seigneurs.table.attribution.hands import Hands
from seigneurs.table.geometry import Point, RaceGeometry

SAME_MOMENT = 0.01
"""Seconds within which two fingers landing on one card went for it at the same moment: the
earlier gets it, the later is told it lost (the card wiggles). Later than this, the card is
simply someone's already. A moment of the events' own times, not a frame, so that every frame
rate judges alike (issue 32); less than a 60-frame table's frame, as the contests always were."""


def lay_under(x: float, y: float, centre: Point, angle: float, w: float, h: float) -> bool:
    """Whether (x, y) is on a `w` x `h` card lying at `centre`, turned `angle` radians."""
    dx, dy = x - centre[0], y - centre[1]
    c, s = math.cos(angle), math.sin(angle)
    return abs(dx * c + dy * s) <= w / 2 and abs(-dx * s + dy * c) <= h / 2


def just_taken(hands: Hands, geometry: RaceGeometry, x: float, y: float, clock: float,
               named: int | None) -> int | None:
    """The card under (x, y), as it lay, that another hand took at the same moment
    (`SAME_MOMENT` before `clock`): the finger landing now lost a contest for it. A fingertip
    of the hand that took it is no contestant, unless the user ids name two children (`named`
    is the seat the landing finger's id names, if any)."""
    for touch, carry in hands.carries.items():
        if not (0 <= clock - carry.taken_at <= SAME_MOMENT and lay_under(
                x, y, carry.home, carry.angle, geometry.card_w, geometry.card_h)):
            continue
        two = named is not None and carry.named is not None and named != carry.named
        if two or hands.same_hand(x, y, clock, {touch: carry}) is None:
            return carry.card
    return None


class FairGrabs:
    """Exact ties go by a seat priority that turns after each tie, so no seat always wins (the
    controller hands over one instant's events at a time; the earliest timestamp still wins
    among any it is given)."""

    def __init__(self, seat_count: int) -> None:
        self.seat_count = seat_count
        self.turn = 0

    def winners(self, events: Sequence[TouchEvent], targets: Mapping[int, int],
                seat_of: Callable[[TouchEvent], int]) -> dict[int, int]:
        """For the cards different touch-downs among `events` went for (`targets`: touch ->
        the card under it), the touch that gets it (card -> touch)."""
        reaching: dict[int, list[TouchEvent]] = {}
        for event in events:
            card = targets.get(event.id)
            if card is not None and event.phase is DOWN:
                reaching.setdefault(card, []).append(event)
        winners = {}
        for card, downs in reaching.items():
            if len(downs) > 1:
                turn = self.turn
                self.turn += 1

                def priority(e: TouchEvent, turn: int = turn) -> tuple[float, int]:
                    return e.t, (seat_of(e) - turn) % self.seat_count
                winners[card] = min(downs, key=priority).id
        return winners
