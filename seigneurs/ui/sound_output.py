"""Where the sounds go: a table with no sound device plays silently and says so, once.

pyglet opens OpenAL at the first sound, and OpenAL opens ALSA's default device: with no sound
card, ALSA prints its complaints (nine lines and more) on every start, and no sound comes out
anyway. So before pyglet loads a driver we look for something to play on: a playback device
in /dev/snd (pcmC*D*p) or a sound server's socket in XDG_RUNTIME_DIR (PulseAudio's, PipeWire's).
Neither: the game loads and plays no sound at all (not even into pyglet's silent driver,
whose worker thread would spend CPU on every sound), pyglet and Arcade are told "silent" in
case anything else asks, and the log says so in one line.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

SERVER_SOCKETS = ("pulse/native", "pipewire-0")
_nothing_to_play_on = False


def sound_outputs(devices: Path, runtime: Path | None) -> list[str]:
    """Every place sound can go: ALSA playback devices, then sound servers' sockets."""
    found = sorted(str(p) for p in devices.glob("pcmC*D*p")) if devices.is_dir() else []
    if runtime is not None:
        found += [str(runtime / name) for name in SERVER_SOCKETS if (runtime / name).exists()]
    return found


def choose_sound_output(devices: Path = Path("/dev/snd"), runtime: Path | None = None) -> bool:
    """Tell pyglet (before it loads a driver) to stay silent when there is nothing to play on;
    True when there is something."""

    if runtime is None and os.environ.get("XDG_RUNTIME_DIR"):
        runtime = Path(os.environ["XDG_RUNTIME_DIR"])
    if sound_outputs(devices, runtime):
        return True
    no_sound()
    log.warning("no sound device (nothing to play on in %s, no sound server): the game plays "
                "silently", devices)
    return False


def no_sound() -> None:
    """Open no sound device and load no sound (before pyglet loads a driver): for a table
    with nothing to play on, and for the tools that only draw or measure (`screenshot`,
    `bench`), whose sounds nobody hears, and whose output ALSA's complaints would bury."""
    import pyglet

    global _nothing_to_play_on
    _nothing_to_play_on = True
    os.environ["ARCADE_SOUND_BACKENDS"] = "silent"  # Arcade sets pyglet's list as it loads
    pyglet.options["audio"] = ("silent",)


def silent() -> bool:
    """True once `choose_sound_output` found nothing to play on in this process."""
    return _nothing_to_play_on
