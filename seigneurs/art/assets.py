"""Where the assets live, and rebuilding them all (`seigneurs make-assets`)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# The repository's top-level assets/ (seigneurs/assets links to it); the build copies it into
# the package, so an installed wheel finds its cards and sounds from any working directory.
ASSETS = Path(str(files("seigneurs") / "assets"))
ASSET_LIMIT = 16 * 1024 * 1024
"""The largest card picture or sound read (the 2160p faces are about 60 KB each)."""


def make_assets(out: Path = ASSETS) -> list[Path]:
    """Rebuild every card image and sound under `out`; the same inputs give the same bytes."""
    from seigneurs.art.cards import RESOLUTIONS, write_cards
    from seigneurs.art.sounds import write_sounds
    from seigneurs.rules import VARIANTS
    from seigneurs.ui.icons import write_tiles  # Pillow only: the lobby's variant pictures

    cards = write_cards(out / "cards")
    tiles = write_tiles(out / "cards", RESOLUTIONS, VARIANTS)
    return [*cards, *tiles, *write_sounds(out / "sounds")]
