"""Where the assets live, the list of every file the table loads (one declaration: the media
load by it, the doctor and `play` check by it), and rebuilding them all (`make-assets`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from types import MappingProxyType

from seigneurs.bounded import ASSET_LIMIT, check_file

# The repository's top-level assets/ (seigneurs/assets links to it); the build copies it into
# the package, so an installed wheel finds its cards and sounds from any working directory.
# SEIGNEURS_ASSETS points the table at another folder of the same shape (a table's own art).
ASSETS = Path(os.environ.get("SEIGNEURS_ASSETS") or str(files("seigneurs") / "assets"))
RESOLUTION_NAMES = ("1080p", "2160p")
"""The card art's sizes, each a folder of assets/cards."""
SIGNATURES = {".png": b"\x89PNG\r\n\x1a\n", ".wav": b"RIFF"}
"""How each kind of asset starts: a file that does not is not that kind (a cut-short copy, an
HTML error page saved under the card's name)."""


@dataclass(frozen=True, slots=True)
class TableArt:
    """Every file one table loads: its resolution's cards (marked or plain faces), the
    lobby's variant pictures, and the sounds."""

    locomotives: Mapping[str, Path]  # by wagon type
    wagons: tuple[Path, ...]  # by card id
    back: Path
    tiles: Mapping[str, Path]  # by variant
    sounds: Mapping[str, Path]  # by name

    def __post_init__(self) -> None:  # a value: its tables read-only
        for name in ("locomotives", "tiles", "sounds"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def every(self) -> list[Path]:
        return [*self.locomotives.values(), *self.wagons, self.back, *self.tiles.values(),
                *self.sounds.values()]


def table_art(resolution: str, marks: bool, root: Path | None = None) -> TableArt:
    """The files a table of this `resolution` loads, with or without the colour marks."""
    from seigneurs.art.sounds import SOUNDS
    from seigneurs.rules import LOCOMOTIVES, VARIANTS, WAGONS

    folder = (root or ASSETS) / "cards" / resolution
    faces = folder if marks else folder / "plain"
    return TableArt({str(loco.type): faces / f"loco-{loco.type}.png" for loco in LOCOMOTIVES},
                    tuple(faces / f"{card.token}.png" for card in WAGONS), folder / "back.png",
                    {name: folder / "tiles" / f"{name}.png" for name in VARIANTS},
                    {name: (root or ASSETS) / "sounds" / f"{name}.wav" for name in SOUNDS})


def package_list(root: Path | None = None) -> list[Path]:
    """Every asset the package ships: each resolution's marked and plain cards, the sounds."""
    found: dict[Path, None] = {}
    for resolution in RESOLUTION_NAMES:
        for marks in (True, False):
            found.update(dict.fromkeys(table_art(resolution, marks, root).every()))
    return list(found)


def asset_trouble(path: Path) -> str | None:
    """What is wrong with one asset file (missing, not a file, too large, not of its kind),
    in a few words; None when it looks sound. Reads its first bytes only."""

    try:
        check_file(path, ASSET_LIMIT, path.name)
        with path.open("rb") as start:
            head = start.read(8)
    except FileNotFoundError:
        return "missing"
    except OSError as error:
        return str(error.strerror or error)
    want = SIGNATURES.get(path.suffix.lower())
    if want is not None and not head.startswith(want):
        return f"not a {path.suffix[1:].upper()} file"
    return None


class AssetError(RuntimeError):
    """A card picture or sound the table needs is missing or broken: a restart cannot mend
    that, so `play` says which file in one line and stops with BROKEN_ASSETS."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path


BROKEN_ASSETS = 66
"""`play`'s exit code for a missing or broken asset (EX_NOINPUT: kiosk.sh does not restart
it, a restart cannot mend it)."""


def make_assets(out: Path = ASSETS) -> list[Path]:
    """Rebuild every card image and sound under `out`; the same inputs give the same bytes."""
    from seigneurs.art.cards import RESOLUTIONS, write_cards
    from seigneurs.art.icons import write_tiles
    from seigneurs.art.sounds import write_sounds
    from seigneurs.rules import VARIANTS

    cards = write_cards(out / "cards")
    tiles = write_tiles(out / "cards", RESOLUTIONS, VARIANTS)
    return [*cards, *tiles, *write_sounds(out / "sounds")]
