"""Where the assets live, and rebuilding them all (`seigneurs make-assets`)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# The repository's top-level assets/ (seigneurs/assets links to it); the build copies it into
# the package, so an installed wheel finds its cards and sounds from any working directory.
ASSETS = Path(str(files("seigneurs") / "assets"))


def make_assets(out: Path = ASSETS) -> list[Path]:
    """Rebuild every card image and sound under `out`; the same inputs give the same bytes."""
    from seigneurs.art.cards import RESOLUTIONS, write_cards
    from seigneurs.art.icons import write_tiles
    from seigneurs.art.sounds import write_sounds
    from seigneurs.rules import VARIANTS

    cards = write_cards(out / "cards")
    tiles = write_tiles(out / "cards", RESOLUTIONS, VARIANTS)
    return [*cards, *tiles, *write_sounds(out / "sounds")]
