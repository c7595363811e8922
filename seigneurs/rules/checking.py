"""The end-of-game check of one train, from the locomotive (R7, R17, R21, R32)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from seigneurs.rules.cards import Card
from seigneurs.rules.matching import Rule


@dataclass(frozen=True, slots=True)
class TrainCheck:
    """`length` wagons survive; `first_error` is the index of the first lost wagon, or None."""

    length: int
    first_error: int | None
    of_type: int
    """Surviving wagons of the locomotive's own type (the tie-break of R22/D5 and R33)."""


def check_train(rule: Rule, locomotive: Card, wagons: Sequence[Card]) -> TrainCheck:
    """Cut the train at the first wagon that does not fit the card before it (R7)."""
    previous = locomotive
    of_type = 0
    for position, wagon in enumerate(wagons):
        if not rule.mask(locomotive, previous) >> wagon.index & 1:
            return TrainCheck(position, position, of_type)
        of_type += wagon.type == locomotive.type
        previous = wagon
    return TrainCheck(len(wagons), None, of_type)
