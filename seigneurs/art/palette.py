"""Colours and colour-blind marks shared by the card art and the table (Okabe-Ito hues)."""

from __future__ import annotations

from seigneurs.rules import Colour

RGB = tuple[int, int, int]

WAGON_RGB: dict[Colour, RGB] = {
    Colour.RED: (213, 94, 0),  # Okabe-Ito vermillion
    Colour.BLUE: (0, 114, 178),  # Okabe-Ito blue
    Colour.YELLOW: (240, 228, 66),  # Okabe-Ito yellow
}

MARKS: dict[Colour, str] = {Colour.RED: "triangle", Colour.BLUE: "square", Colour.YELLOW: "star"}
"""The shape each colour also carries, so colour is never the only cue."""

INK: RGB = (38, 38, 42)
PAPER: RGB = (255, 249, 236)
LOCO_PAPER: RGB = (222, 230, 240)
LOCO_BORDER: RGB = (28, 42, 84)
FELT: RGB = (31, 94, 59)
GOLD: RGB = (255, 204, 40)
"""The frame of a wagon a tie-break lifts (R22, R33): the trophy's warm light."""
WOOD: RGB = (139, 90, 43)
WOOD_END: RGB = (222, 184, 135)
