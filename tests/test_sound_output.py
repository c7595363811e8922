"""Issue 24: a table with no sound device plays silently and says so once, instead of ALSA's
lines of noise on every start (pyglet gets its silent driver before it loads OpenAL)."""

from __future__ import annotations

import logging
from pathlib import Path

import pyglet
import pytest

from seigneurs.ui import sound_output
from seigneurs.ui.sound_output import choose_sound_output, silent, sound_outputs


@pytest.fixture
def audio_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a test decides about this process' sound is undone after it."""
    monkeypatch.setitem(pyglet.options, "audio", pyglet.options["audio"])
    monkeypatch.setattr(sound_output, "_nothing_to_play_on", False)
    monkeypatch.delenv("ARCADE_SOUND_BACKENDS", raising=False)


def test_no_playback_device_and_no_server_is_silent_said_once(
        tmp_path: Path, audio_option: None, caplog: pytest.LogCaptureFixture) -> None:
    devices = tmp_path / "snd"
    devices.mkdir()
    (devices / "pcmC0D0c").touch()  # a microphone plays nothing
    (devices / "controlC0").touch()
    with caplog.at_level(logging.WARNING):
        assert not choose_sound_output(devices, tmp_path / "run")
    assert pyglet.options["audio"] == ("silent",)
    assert [r.getMessage() for r in caplog.records].count(
        f"no sound device (nothing to play on in {devices}, no sound server): the game plays "
        "silently") == 1


def test_a_missing_dev_snd_is_no_device(tmp_path: Path, audio_option: None) -> None:
    assert not choose_sound_output(tmp_path / "no-snd", None)


def test_a_playback_device_or_a_sound_server_keeps_the_drivers(
        tmp_path: Path, audio_option: None) -> None:
    before = pyglet.options["audio"]
    devices, runtime = tmp_path / "snd", tmp_path / "run"
    (devices).mkdir()
    (devices / "pcmC1D3p").touch()
    assert choose_sound_output(devices, runtime)
    (devices / "pcmC1D3p").unlink()
    (runtime / "pulse").mkdir(parents=True)
    (runtime / "pulse" / "native").touch()
    assert sound_outputs(devices, runtime) == [str(runtime / "pulse" / "native")]
    assert choose_sound_output(devices, runtime)
    assert pyglet.options["audio"] == before


def test_with_nothing_to_play_on_the_game_loads_and_plays_no_sound(
        tmp_path: Path, audio_option: None) -> None:
    """Not even into pyglet's silent driver: its worker thread would spend the CPU a busy
    table needs on every sound."""
    import os

    from seigneurs.ui.media import Media

    assert not silent()
    assert not choose_sound_output(tmp_path / "no-snd", None)
    assert silent() and os.environ["ARCADE_SOUND_BACKENDS"] == "silent"
    media = Media()
    media.load_all()
    media.play("flip")
    assert not media.sounds and not media.playing


def test_a_screenshot_opens_no_sound_device_and_prints_nothing_but_its_line(
        tmp_path: Path) -> None:
    """Review of issue 29: `screenshot` (and `bench`) opened OpenAL, volume 0 or not, and a
    machine with no sound card printed ALSA's lines on every picture. Now only the line that
    says where the picture went; the same seam (`no_sound`) keeps `bench` quiet."""
    import os
    import subprocess
    import sys

    out = tmp_path / "lobby.png"
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    done = subprocess.run([sys.executable, "-m", "seigneurs", "screenshot", "lobby", "--size",
                           "320x240", "--out", str(out)], env=env, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0 and out.stat().st_size > 0, done.stderr
    assert done.stdout == f"wrote {out}\n" and done.stderr == "", done.stderr
