"""How large a card is on the glass, said to the adults when the panel is too small for the
width the research suggests for three-year-olds (`table.layout.MIN_CARD_CM`): once at start, in
the log and the admin menu, and by `seigneurs doctor`, from the one layout both draw with."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from seigneurs.kiosk.i18n import text
from seigneurs.table.layout import MIN_CARD_CM, TableLayout

ASSUMED = (1920, 1080)
"""The picture assumed when the panel's own mode cannot be read (no display connected yet)."""


@dataclass(frozen=True, slots=True)
class SmallCards:
    """The panel had no room for MIN_CARD_CM cards: how wide they are, and the panel that
    would give that width (a notice: `notice(language)`)."""

    card_cm: float
    diagonal: float
    panel: int

    @classmethod
    def of(cls, layout: TableLayout, diagonal: float) -> SmallCards | None:
        """The notice for this layout, or None when its cards are MIN_CARD_CM wide."""
        if not layout.shrunk:
            return None
        return cls(layout.card_cm, diagonal, math.ceil(layout.panel_for_full_cards()))

    def notice(self, language: str) -> str:
        def number(value: float) -> str:
            shown = f"{tenths(value):.1f}".removesuffix(".0")
            return shown if language == "en" else shown.replace(".", ",")

        return text(language, "small_cards").format(
            card=number(self.card_cm), diagonal=number(self.diagonal),
            advised=number(MIN_CARD_CM), panel=self.panel)

    def __str__(self) -> str:
        return self.notice("en")  # the log's language


def tenths(cm: float) -> float:
    """A size in cm as shown to adults: to the tenth below, so a card a hair under MIN_CARD_CM
    never reads as MIN_CARD_CM beside the words that it is smaller."""
    return math.floor(cm * 10 + 1e-9) / 10


def panel_mode(drm: Path = Path("/sys/class/drm")) -> tuple[int, int] | None:
    """The picture of the first connected display, from the kernel (each connector's `status`
    and its preferred mode, the first line of `modes`), or None when none is connected."""
    for connector in sorted(drm.glob("card*-*")):
        try:
            if (connector / "status").read_text().strip() != "connected":
                continue
            first = (connector / "modes").read_text().split("\n", 1)[0].strip()
        except OSError:
            continue
        width, _, height = first.partition("x")
        if width.isdigit() and height.rstrip("i").isdigit():
            return int(width), int(height.rstrip("i"))
    return None
