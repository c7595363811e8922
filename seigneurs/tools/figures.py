"""How the measuring tools summarise a run's frame times: one reading of p99 for all."""

from __future__ import annotations

import math
from collections.abc import Iterable


def p99(values: Iterable[float]) -> float:
    """The 99th percentile by nearest rank (the value 99 % of the frames do not exceed), in
    the values' units, rounded to 3 places; 0.0 for no values."""
    ordered = sorted(values) or [0.0]
    return round(ordered[max(0, math.ceil(len(ordered) * 0.99) - 1)], 3)
