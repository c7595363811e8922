"""Which seat a touch belongs to, for the touch test: the user id where the source knows it,
else the seat nearest where it began. (The game's own guess, which weighs reach, the cards
children want and the way a finger points, is `table.attribution`'s.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from seigneurs.input.events import TouchEvent, TouchPhase

Point = tuple[float, float]


class SeatOwnership:
    """Assigns each touch to a seat at touch-down and keeps it until the touch ends.

    Without a user id, the seat is the one whose anchor (the middle of its zone at the table
    edge) is nearest the touch-down point: the table is shared out like Voronoi cells, so a
    child reaching into the middle still reaches from their own side.
    """

    def __init__(self, anchors: Sequence[Point], users: Mapping[int, int] | None = None,
                 aspect: float = 1.0) -> None:
        self.anchors = list(anchors)
        self.aspect = aspect  # display width / height, so distances are measured squarely
        self.users = dict(users or {})
        self._owners: dict[int, int] = {}

    def nearest(self, x: float, y: float) -> int:
        """The seat whose anchor is nearest (x, y)."""
        a = self.aspect
        return min(range(len(self.anchors)), key=lambda s: ((self.anchors[s][0] - x) * a) ** 2
                   + (self.anchors[s][1] - y) ** 2)

    def owner(self, event: TouchEvent) -> int | None:
        """The seat of this touch (None for a touch that began before we knew of it)."""
        if event.phase is TouchPhase.DOWN:
            seat = self.users.get(event.user) if event.user is not None else None
            self._owners[event.id] = seat if seat is not None else self.nearest(event.x, event.y)
        seat = self._owners.get(event.id)
        if event.phase is TouchPhase.UP:
            self._owners.pop(event.id, None)
        return seat
