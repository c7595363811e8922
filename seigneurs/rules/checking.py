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
    of_type_at: tuple[int, ...] = ()
    """Where the surviving wagons of the locomotive's own type are (the tie-break of R22/D5
    and R33), so the results can point at them."""

    @property
    def of_type(self) -> int:
        """How many surviving wagons have the locomotive's type (R22, D5, R33)."""
        return len(self.of_type_at)


def check_train(rule: Rule, locomotive: Card, wagons: Sequence[Card]) -> TrainCheck:
    """Cut the train at the first wagon that does not fit the card before it (R7)."""
    previous = locomotive
    of_type: list[int] = []
    for position, wagon in enumerate(wagons):
        if not rule.mask(locomotive, previous) >> wagon.index & 1:
            return TrainCheck(position, position, tuple(of_type))
        if wagon.type == locomotive.type:
            of_type.append(position)
        previous = wagon
    return TrainCheck(len(wagons), None, tuple(of_type))
