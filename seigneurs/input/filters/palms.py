"""Palms and sleeves: a hand leaning on the glass takes no card (only where the panel gives
contact sizes)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from seigneurs.input.events import DOWN, UP, TouchEvent

PALM_CM = 4.0
"""A contact this long is a palm or a sleeve, not a fingertip (a child's fingertip is 1-2 cm,
an adult's thumb 2.5): it takes nothing and is ignored (only where the panel gives sizes)."""
INCH_CM = 2.54


def palm_longest(diagonal_inches: float, width: float, height: float) -> float:
    """PALM_CM as a fraction of the display's width (contact sizes are fractions of it), on a
    panel of that diagonal whose picture is `width` x `height` pixels."""
    return PALM_CM * math.hypot(width, height) / (diagonal_inches * INCH_CM * width)


@dataclass(slots=True)
class IgnorePalms:
    """Drops the touches of palms and sleeves, from their touch-down to their lift: a contact
    whose long axis is over `longest` (a fraction of the display's width; `PALM_CM` on the
    table) when it lands. A hand leaning on the glass takes no card."""

    longest: float
    _palms: set[int] = field(default_factory=set)

    def __call__(self, events: Sequence[TouchEvent], now: float) -> list[TouchEvent]:
        palms, kept = self._palms, []
        for event in events:
            if event.phase is DOWN:
                large = event.contact is not None and event.contact.major > self.longest
                (palms.add if large else palms.discard)(event.id)
            if event.id in palms:
                if event.phase is UP:
                    palms.discard(event.id)
                continue
            kept.append(event)
        return kept
