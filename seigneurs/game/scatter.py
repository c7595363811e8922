"""Where dealt cards land: a jittered grid over the unit square, so no card lies on another (R13).

The game holds these positions (and angles): the table shows them as dealt, and a resumed game
looks as it was. The default shape is the free area of a 16:9 table with six zones around it.
"""

from __future__ import annotations

import math
import random

Point = tuple[float, float]


def scatter(count: int, rng: random.Random, aspect: float = 2.25) -> list[Point]:
    """`count` (one or more) points in [0, 1]^2, one per grid cell of an `aspect`-shaped area,
    in random order."""
    columns = math.ceil(math.sqrt(count * aspect))
    rows = math.ceil(count / columns)
    cells = rng.sample(range(columns * rows), count)
    points = []
    for cell in cells:
        row, column = divmod(cell, columns)
        points.append(((column + 0.5 + rng.uniform(-0.08, 0.08)) / columns,
                       (row + 0.5 + rng.uniform(-0.08, 0.08)) / rows))
    return points
