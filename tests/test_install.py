"""Issue 11, "Installable": the built wheel, installed (not editable) into a fresh venv, plays
its part from a directory that has nothing of the repository in it.

The wheel is built by this checkout's setuptools without build isolation and installed with
`--no-index --no-deps`, so the test needs no network; the new venv sees the running
interpreter's site-packages (arcade, pymunk, ...) through one .pth line, and nothing else: the
editable install's finder there is not loaded, so every import of `seigneurs` comes from the
wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from PIL import Image

from seigneurs.art.sounds import SOUNDS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv holding only the freshly built wheel; returns its bin/ folder."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(wheels), str(ROOT)],
                   check=True, cwd=base)
    wheel = next(wheels.glob("seigneurs-*.whl"))
    target = base / "venv"
    venv.create(target, with_pip=False)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(target / "bin" / "python"),
                    "install", "--quiet", "--no-index", "--no-deps", str(wheel)],
                   check=True, cwd=base)
    site = Path(subprocess.run(
        [str(target / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_path("
         "'purelib'))"], check=True, capture_output=True, text=True).stdout.strip())
    (site / "outer-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return target / "bin"


def _run(args: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARCADE_HEADLESS": "1", **extra}
    env.pop("PYTHONPATH", None)
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_installed_wheel_carries_the_cards_and_sounds(installed: Path,
                                                          tmp_path: Path) -> None:
    script = ("import seigneurs, seigneurs.art.assets as a; print(seigneurs.__file__); "
              "print(len(list((a.ASSETS / 'cards' / '1080p').glob('*.png'))), "
              "len(list((a.ASSETS / 'sounds').glob('*.wav'))))")
    out = _run([str(installed / "python"), "-c", script], tmp_path)
    assert out.returncode == 0, out.stderr
    where, counts = out.stdout.splitlines()
    assert Path(where).is_relative_to(installed.parent) and not Path(where).is_relative_to(ROOT)
    assert counts.split() == ["61", str(len(SOUNDS))]  # every card, one sound per action


def test_the_console_script_renders_the_lobby_from_another_directory(installed: Path,
                                                                       tmp_path: Path) -> None:
    out = _run([str(installed / "seigneurs"), "screenshot", "lobby", "--out", "lobby.png",
                "--size", "960x540"], tmp_path)
    assert out.returncode == 0, out.stderr
    with Image.open(tmp_path / "lobby.png") as image:
        assert image.size == (960, 540)
        assert len(image.convert("RGB").getcolors(1 << 20) or []) > 50  # art, not a blank felt


def test_python_dash_m_renders_the_table_with_its_cards(installed: Path, tmp_path: Path) -> None:
    out = _run([str(installed / "python"), "-m", "seigneurs", "screenshot", "table", "--out",
                "table.png", "--size", "960x540", "--players", "2"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "wrote table.png"
    with Image.open(tmp_path / "table.png") as image:
        assert len(image.convert("RGB").getcolors(1 << 20) or []) > 50


def test_the_installed_game_plays_its_first_frame(installed: Path, tmp_path: Path) -> None:
    out = _run([str(installed / "seigneurs"), "play", "--window", "960x540", "--first-frame",
                "--input", "mouse"], tmp_path, XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("first frame drawn")
    assert (tmp_path / "seigneurs" / "history.sqlite3").exists()  # its own data folder


def test_the_installed_bench_runs(installed: Path, tmp_path: Path) -> None:
    out = _run([str(installed / "seigneurs"), "bench", "--frames", "60", "--size", "640x360",
                "--json"], tmp_path)
    assert out.returncode == 0, out.stderr
    assert '"frames": 60' in out.stdout


def test_a_shipped_recording_replays_by_name_from_the_installed_package(
        installed: Path, tmp_path: Path) -> None:
    """Issue 17: docs/touch.md's `touch-replay EP0430M09.4-finger-drag-down` outside a checkout:
    four fingers, the first where the panel put it (x 265/1279, y 520/767: y down)."""
    import json

    out = _run([str(installed / "seigneurs"), "touch-replay", "EP0430M09.4-finger-drag-down",
                "--json"], tmp_path)
    assert out.returncode == 0, out.stderr
    touches = json.loads(out.stdout)["touches"]
    assert len(touches) == 4 and touches[0]["start"] == [0.2072, 0.678]
