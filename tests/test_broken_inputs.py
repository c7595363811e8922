"""Inputs a restart cannot mend stop with one line and a usage-class code that kiosk.sh does
not restart (issue 28 item 3): a window size out of range, a card picture or sound missing or
broken. The doctor checks every asset against the package's list."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from seigneurs.art.assets import ASSETS, BROKEN_ASSETS, package_list, table_art
from seigneurs.kiosk.doctor import assets

REPO = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None,
        home: Path | None = None) -> subprocess.CompletedProcess[str]:
    extra = {"ARCADE_HEADLESS": "1"}
    if home is not None:
        extra.update(XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"))
    return subprocess.run([sys.executable, "-m", "seigneurs", *args], capture_output=True,
                          text=True, check=False, timeout=120,
                          env={**os.environ, **extra, **(env or {})})


@pytest.mark.parametrize("window", ["100000x100000", "0x0", "-640x-480", "640x100000",
                                    "99999999999999999999x480"])
def test_a_window_size_out_of_range_is_a_usage_error_in_one_line(window: str) -> None:
    done = run("play", f"--window={window}")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert "--window" in last and ("too large" in last or "too small" in last)


def art_copy(tmp_path: Path) -> Path:
    """The package's assets, copied, for a test to break."""
    root = tmp_path / "assets"
    shutil.copytree(ASSETS, root)
    return root


def test_the_list_names_every_shipped_asset_and_the_doctor_checks_them_all() -> None:
    listed = package_list()
    shipped = {p.relative_to(REPO / "assets") for p in (REPO / "assets").rglob("*")
               if p.is_file()}
    shipped.discard(Path("cards/contact-sheet.png"))  # every card on one page, for people
    assert {p.relative_to(ASSETS) for p in listed} == shipped  # nothing missing, nothing extra
    check = assets()
    assert check.ok and f"all {len(listed)}" in check.found


def test_the_doctor_names_a_missing_card_and_a_broken_sound(tmp_path: Path) -> None:
    root = art_copy(tmp_path)
    (root / "cards" / "1080p" / "logs-red-2.png").unlink()
    (root / "sounds" / "win.wav").write_bytes(b"<html>not found</html>")
    check = assets(root)
    assert not check.ok and check.found.startswith("2 of ")
    assert "logs-red-2.png (missing)" in check.found and "win.wav (not a WAV file)" in check.found
    assert "git checkout assets" in check.fix


@pytest.mark.parametrize("breakage", ["missing wagon", "garbage locomotive", "cut locomotive",
                                      "sound a device"])
def test_play_names_the_broken_asset_once_and_stops_with_a_usage_code(
        tmp_path: Path, breakage: str) -> None:
    root = art_copy(tmp_path)
    art = table_art("1080p", True, root)
    path = {"missing wagon": art.wagons[17], "garbage locomotive": art.locomotives["coal"],
            "cut locomotive": art.locomotives["coal"], "sound a device": art.sounds["win"]}[
        breakage]
    if breakage == "missing wagon":
        path.unlink()
    elif breakage == "garbage locomotive":
        path.write_bytes(b"GIF89a" + b"\0" * 100)
    elif breakage == "cut locomotive":  # a PNG's start, then nothing: passes the first look
        path.write_bytes(path.read_bytes()[:120])
    else:
        path.unlink()
        path.symlink_to("/dev/zero")
    done = run("play", "--window", "640x360", "--first-frame", "--input", "mouse",
               env={"SEIGNEURS_ASSETS": str(root)}, home=tmp_path)
    assert done.returncode == BROKEN_ASSETS and 64 <= BROKEN_ASSETS <= 78
    assert "Traceback" not in done.stderr
    assert done.stderr.count(str(path)) == 1, done.stderr[-2000:]
    line = next(line for line in done.stderr.splitlines() if str(path) in line)
    assert line.startswith("seigneurs play: error: ") and "restart cannot mend" in line


def test_play_looks_at_the_art_the_pi_profile_loads(tmp_path: Path) -> None:
    """Issue 27: the Pi profile draws 1080p cards whatever `resolution` says, so a broken
    2160p picture does not stop it (it did: the look at start read the setting), and a broken
    1080p one is what it names."""
    root = art_copy(tmp_path)
    (tmp_path / "config" / "seigneurs").mkdir(parents=True)
    (tmp_path / "config" / "seigneurs" / "config.toml").write_text(
        '[table]\nresolution = "2160p"\nprofile = "pi"\n')
    unused = table_art("2160p", True, root).back
    unused.unlink()
    args = ("play", "--window", "640x360", "--first-frame", "--input", "mouse")
    env = {"SEIGNEURS_ASSETS": str(root)}
    done = run(*args, env=env, home=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    used = table_art("1080p", True, root).back
    used.unlink()
    done = run(*args, env=env, home=tmp_path)
    assert done.returncode == BROKEN_ASSETS and done.stderr.count(str(used)) == 1


def test_kiosk_sh_by_hand_does_not_restart_a_missing_card(tmp_path: Path) -> None:
    """The real game under the real kiosk.sh: one run, the file named once, its code."""
    root = art_copy(tmp_path)
    missing = table_art("1080p", True, root).back
    missing.unlink()
    env = {**os.environ, "ARCADE_HEADLESS": "1", "SEIGNEURS_ASSETS": str(root),
           "SEIGNEURS_COMMAND": str(Path(sys.executable).parent / "seigneurs"),
           "SEIGNEURS_RESTART_DELAY": "0", "SEIGNEURS_REST": "0",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("SEIGNEURS_SESSION", None)
    done = subprocess.run([str(REPO / "kiosk.sh"), "--window", "640x360", "--input", "mouse"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == BROKEN_ASSETS
    assert done.stderr.count(str(missing)) == 1
    assert "not restarting" in done.stderr and "restarting in" not in done.stderr
