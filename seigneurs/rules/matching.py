"""Which card may follow which: the three stacking rules R4-R6 as a registry."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from seigneurs.rules.cards import WAGONS, Card


def shared_features(a: Card, b: Card) -> int:
    """How many of type, colour and wheels two cards have in common (0-3)."""
    return (a.type == b.type) + (a.colour == b.colour) + (a.wheels == b.wheels)


Fits = Callable[[Card, Card, Card], bool]
"""A stacking predicate: (locomotive, previous card, new card) -> may the new card follow?"""


class Rule(StrEnum):
    """A matching rule; how each decides lives in `_PREDICATES`, not in branches."""

    TYPE_ONLY = "type-only"
    AT_LEAST_ONE = "at-least-one"
    EXACTLY_ONE = "exactly-one"

    _masks: list[int | None]

    def fits(self, locomotive: Card, previous: Card, card: Card) -> bool:
        """May `card` be stacked on `previous` in a train behind `locomotive` (R4-R7)?"""
        return _PREDICATES[self](locomotive, previous, card)

    def mask(self, locomotive: Card, previous: Card) -> int:
        """Bitmask over `WAGONS` indices of every wagon that may follow `previous`.

        Filled lazily from the predicate and kept in a flat table, so the engines' per-action
        lookups cost one list index.
        """
        key = locomotive.index * len(WAGONS) + previous.index
        bits = self._masks[key]
        if bits is None:
            bits = self._masks[key] = sum(1 << w.index for w in WAGONS
                                          if self.fits(locomotive, previous, w))
        return bits


_PREDICATES: dict[Rule, Fits] = {
    Rule.TYPE_ONLY: lambda loco, _prev, card: card.type == loco.type,  # R4
    Rule.AT_LEAST_ONE: lambda _loco, prev, card: shared_features(prev, card) >= 1,  # R5
    Rule.EXACTLY_ONE: lambda _loco, prev, card: shared_features(prev, card) == 1,  # R6
}


for _rule in Rule:
    _rule._masks = [None] * len(WAGONS) ** 2  # kept on the member: Enum hashing is slow
