"""Whose hand a touch is, in one room: the guess (`guess`), the seat policy of R9 (`policy`)
and the touch-down decision as a value the controller applies (`decide`)."""

from seigneurs.table.attribution.decide import (
    AGAIN_CM,
    AGAIN_S,
    Attribution,
    Decision,
    Down,
    Drop,
    Pulled,
    Refuse,
    Take,
    decide,
    drop,
    pulled,
)
from seigneurs.table.attribution.guess import HEADING, SeatGuesser
from seigneurs.table.attribution.policy import (
    REACH_CM,
    STILL,
    Free,
    GiveWay,
    Occupied,
    Reguess,
    Room,
    SeatPolicy,
)

__all__ = [
    "AGAIN_CM",
    "AGAIN_S",
    "HEADING",
    "REACH_CM",
    "STILL",
    "Attribution",
    "Decision",
    "Down",
    "Drop",
    "Free",
    "GiveWay",
    "Occupied",
    "Pulled",
    "Refuse",
    "Reguess",
    "Room",
    "SeatGuesser",
    "SeatPolicy",
    "Take",
    "decide",
    "drop",
    "pulled",
]
