"""The rules of Les Seigneurs des Rails: pure values and functions, no I/O, no drawing.

See docs/rules.md for the numbered rules (R...) and decisions (D...) cited throughout.
"""

from seigneurs.rules.cards import (
    LOCOMOTIVES,
    WAGONS,
    WHEELS,
    Card,
    Colour,
    WagonType,
    locomotive_of,
)
from seigneurs.rules.checking import TrainCheck, check_train
from seigneurs.rules.matching import Rule, shared_features
from seigneurs.rules.outcomes import (
    DuoDetails,
    DuoOutcome,
    LocomotiveResult,
    OfType,
    Outcome,
    RaceDetails,
    RaceOutcome,
    WinReason,
    check_order,
    duo_outcome,
    race_outcome,
)
from seigneurs.rules.variants import VARIANTS, Ending, Start, TieBreak, Variant, variant

__all__ = [
    "LOCOMOTIVES",
    "VARIANTS",
    "WAGONS",
    "WHEELS",
    "Card",
    "Colour",
    "DuoDetails",
    "DuoOutcome",
    "Ending",
    "LocomotiveResult",
    "OfType",
    "Outcome",
    "RaceDetails",
    "RaceOutcome",
    "Rule",
    "Start",
    "TieBreak",
    "TrainCheck",
    "Variant",
    "WagonType",
    "WinReason",
    "check_order",
    "check_train",
    "duo_outcome",
    "locomotive_of",
    "race_outcome",
    "shared_features",
    "variant",
]
