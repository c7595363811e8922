"""Every texture and sound the views use, each loaded once (arcade 3 does not cache).

What the lobby shows (icons, variant pictures, locomotives) loads at start-up; the wagon faces,
the back and any other work handed to `later` load a slice per frame while the lobby stands, so
the first frame comes sooner and no frame stalls. The first use of a wagon face or the back (a
game being dealt) finishes whatever is left, so no texture is ever made mid-game.
"""

from __future__ import annotations

import io
import logging
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from pathlib import Path

import arcade
import pyglet
from arcade.hitbox import algo_bounding_box
from arcade.texture import ImageData
from PIL import Image

from seigneurs.art.assets import AssetError, table_art
from seigneurs.art.icons import ICONS, icon_image
from seigneurs.art.sounds import SOUNDS
from seigneurs.bounded import ASSET_LIMIT, read_bytes
from seigneurs.rules import LOCOMOTIVES, VARIANTS, WagonType
from seigneurs.ui.sound_output import silent

log = logging.getLogger(__name__)
SLICE = 0.004
"""Seconds of loading per frame while the lobby stands (a frame is 16.7 ms)."""


def _texture(path: Path) -> arcade.Texture:
    """A card image; its path is its hash and its box is its hit box (the physics decide where
    cards touch), which spares hashing and tracing every image's pixels at start-up.

    Decoded now, which also closes the file: `arcade.load_texture` decodes lazily and left
    every image's file open (about 55 descriptors a window, never given back)."""
    try:
        image: Image.Image = Image.open(io.BytesIO(read_bytes(path, ASSET_LIMIT,
                                                              "a card picture")))
        image.load()
    except (OSError, SyntaxError, ValueError) as error:  # missing, too large, not a picture
        raise AssetError(path, str(error)) from None
    if image.mode != "RGBA":
        image = image.convert("RGBA")
    texture = arcade.Texture(ImageData(image, hash=str(path)),
                             hit_box_algorithm=algo_bounding_box)
    texture.file_path = path
    return texture


def _load_into(textures: list[arcade.Texture], path: Path) -> None:
    textures.append(_texture(path))


class Media:
    """Card faces and backs, icons and sounds; `marks` chooses the colour-blind marked faces."""

    def __init__(self, resolution: str = "1080p", marks: bool = True, volume: float = 0.8,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        art = self.art = table_art(resolution, marks)
        self.clock = clock
        self.locomotives = {loco.type: _texture(art.locomotives[str(loco.type)])
                            for loco in LOCOMOTIVES}
        self.icons = {name: arcade.Texture(icon_image(name), hash=f"icon-{name}",
                                           hit_box_algorithm=algo_bounding_box)
                      for name in ICONS}
        for variant_name in VARIANTS:  # drawn by `seigneurs make-assets` (art.icons.write_tiles)
            self.icons[f"variant-{variant_name}"] = _texture(art.tiles[variant_name])
        self._volume = volume
        self.playing: list[pyglet.media.Player] = []
        self.sounds: dict[str, arcade.Sound] = {}
        self._sounds_loaded = False
        self._wagons: list[arcade.Texture] = []
        self._back: list[arcade.Texture] = []
        self._later: deque[Callable[[], None]] = deque([self._load_sounds])
        self._later.extend(partial(_load_into, self._wagons, path) for path in art.wagons)
        self._later.append(partial(_load_into, self._back, art.back))

    def _load_sounds(self) -> None:
        """Every sound, once: the first job behind the lobby (loading one opens the audio
        device, which the first frame need not wait for), or the first `play`, if sooner."""
        if self._sounds_loaded:
            return
        self._sounds_loaded = True
        if silent():  # no sound device: nothing loaded, so nothing played (and no driver)
            return
        for name, path in self.art.sounds.items():
            try:
                self.sounds[name] = arcade.load_sound(path)
            except Exception as error:  # no decoder or a broken file: play silently
                log.warning("sound %s not loaded: %s", path, error)

    def later(self, job: Callable[[], None]) -> None:
        """Do `job` while the lobby stands (or before the first game, whichever comes first)."""
        self._later.append(job)

    def load_some(self, budget: float = SLICE) -> None:
        """Do waiting jobs for about `budget` seconds (called once a frame)."""
        if not self._later:  # all done (every frame of play): no clock to read
            return
        end = self.clock() + budget
        while self._later and self.clock() < end:
            self._later.popleft()()

    def load_all(self) -> None:
        """Do every waiting job now."""
        while self._later:
            self._later.popleft()()

    @property
    def waiting(self) -> int:
        """How many jobs are still to do."""
        return len(self._later)

    @property
    def wagons(self) -> list[arcade.Texture]:
        """The 54 wagon faces, by card id."""
        self.load_all()
        return self._wagons

    @property
    def back(self) -> arcade.Texture:
        self.load_all()
        return self._back[0]

    def locomotive(self, wagon_type: WagonType) -> arcade.Texture:
        """The face of the locomotive showing `wagon_type`."""
        return self.locomotives[wagon_type]

    @property
    def volume(self) -> float:
        """The admin menu's volume, 0 to 1: every sound, including those still ringing."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = value
        for player in self.playing:
            player.volume = value

    def play(self, name: str, pitch: float = 1.0) -> None:
        """Play a sound (`pitch` > 1 higher) if there is one and an audio device; never fails
        the game."""
        if name not in SOUNDS:
            raise KeyError(f"no sound called {name!r}")
        self._load_sounds()
        sound = self.sounds.get(name)
        self.playing = [p for p in self.playing if p.playing]
        if sound is None or self._volume <= 0:
            return
        try:
            player = arcade.play_sound(sound, volume=self._volume, speed=pitch)
        except Exception as error:  # no audio device, driver trouble: stay silent
            log.warning("sound %s not played: %s", name, error)
            self.sounds.pop(name, None)
            return
        if player is not None:
            self.playing.append(player)
