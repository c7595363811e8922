"""Where the assets live, and rebuilding them all (`seigneurs make-assets`)."""

from __future__ import annotations

from pathlib import Path

from seigneurs.art.cards import write_cards
from seigneurs.art.sounds import write_sounds

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"


def make_assets(out: Path = ASSETS) -> list[Path]:
    """Rebuild every card image and sound under `out`; the same inputs give the same bytes."""
    return [*write_cards(out / "cards"), *write_sounds(out / "sounds")]
