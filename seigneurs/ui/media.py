"""Every texture and sound the views use, loaded once at start-up (arcade 3 does not cache)."""

from __future__ import annotations

import logging
from collections import deque

import arcade
import pyglet
from PIL import Image

from seigneurs.art.assets import ASSETS
from seigneurs.art.sounds import SOUNDS
from seigneurs.rules import LOCOMOTIVES, VARIANTS, WAGONS, WagonType
from seigneurs.ui.icons import ICONS, icon_image, variant_tile

log = logging.getLogger(__name__)


class Media:
    """Card faces and backs, icons and sounds; `marks` chooses the colour-blind marked faces."""

    def __init__(self, resolution: str = "1080p", marks: bool = True,
                 volume: float = 0.8) -> None:
        folder = ASSETS / "cards" / resolution
        faces = folder if marks else folder / "plain"
        self.wagons = [arcade.load_texture(faces / f"{card.token}.png") for card in WAGONS]
        self.locomotives = {loco.type: arcade.load_texture(faces / f"loco-{loco.type}.png")
                            for loco in LOCOMOTIVES}
        self.back = arcade.load_texture(folder / "back.png")
        self.icons = {name: arcade.Texture(icon_image(name), hash=f"icon-{name}")
                      for name in ICONS}
        for variant_name in VARIANTS:
            image = variant_tile(variant_name, lambda stem: Image.open(folder / f"{stem}.png"))
            self.icons[f"variant-{variant_name}"] = arcade.Texture(
                image, hash=f"tile-{variant_name}")
        self._volume = volume
        self.playing: list[pyglet.media.Player] = []
        self.heard: deque[str] = deque(maxlen=64)
        """The names of the last sounds asked for, newest last (what the players heard)."""
        self.sounds: dict[str, arcade.Sound] = {}
        for name in SOUNDS:
            path = ASSETS / "sounds" / f"{name}.wav"
            try:
                self.sounds[name] = arcade.load_sound(path)
            except Exception as error:  # no decoder or a broken file: play silently
                log.warning("sound %s not loaded: %s", path, error)

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
        self.heard.append(name)
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

