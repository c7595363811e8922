"""A configuration that cannot be used never stops the table (issue 17 item 1, the
configuration's part): garbage is moved aside with a dated name and the table starts on the
defaults; a file it cannot read is left where it is; a file with one bad key keeps working.
Each: one line in the log, a notice for the admin menu."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from seigneurs.kiosk.config import TableSettings, Trouble, load

NOW = datetime(2026, 11, 23, 10, 34, 55)


@pytest.mark.parametrize("garbage", [b"\xff\xfe\x00garbage", b"[kiosk\nvolume = = 3\n"])
def test_garbage_is_moved_aside_dated_and_the_defaults_run(tmp_path: Path,
                                                          garbage: bytes) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(garbage)
    settings, (problem,) = load(path, move_garbage=True, now=NOW)
    assert settings == TableSettings() and problem.trouble is Trouble.GARBAGE
    kept = tmp_path / "config.toml.broken-20261123-103455"
    assert problem.moved_to == kept and kept.read_bytes() == garbage and not path.exists()
    assert "moved aside to" in str(problem) and kept.name in problem.notice("en")
    path.write_bytes(garbage)  # broken again the same second: a second name, nothing lost
    assert load(path, move_garbage=True, now=NOW)[1][0].moved_to == tmp_path / (
        "config.toml.broken-20261123-103455-2")


def test_checking_moves_nothing_and_one_bad_key_keeps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("not = [toml")
    assert load(path)[1][0].trouble is Trouble.GARBAGE and path.exists()  # config check
    path.write_text('[kiosk]\nvolume = 7\nadmin_pin = "4711"\n')
    settings, (problem,) = load(path, move_garbage=True, now=NOW)
    assert problem.trouble is Trouble.VALUE and path.exists()
    assert settings.admin_pin == "4711" and settings.volume == TableSettings().volume


def test_a_folder_where_the_file_should_be_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.mkdir()
    settings, (problem,) = load(path, move_garbage=True, now=NOW)
    assert settings == TableSettings() and problem.trouble is Trouble.UNREADABLE
    assert path.is_dir() and problem.moved_to is None and "cannot be read" in str(problem)


def test_garbage_that_cannot_be_moved_still_gives_the_defaults(tmp_path: Path) -> None:
    """/proc refuses a rename even to root: the file stays, is refused again next time."""
    settings, (problem,) = load(Path("/proc/self/status"), move_garbage=True, now=NOW)
    assert settings == TableSettings() and problem.trouble is Trouble.GARBAGE
    assert problem.moved_to is None and "is damaged" in problem.notice("en")


def test_the_table_starts_on_a_garbage_configuration_and_says_so_once(tmp_path: Path) -> None:
    """The real start: `seigneurs play` with a garbage file where the table looks for it."""
    folder = tmp_path / "config" / "seigneurs"
    folder.mkdir(parents=True)
    (folder / "config.toml").write_bytes(b"\x00\x01 not a configuration \xff")
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-m", "seigneurs", "play", "--window", "640x360",
                             "--first-frame", "--input", "mouse"], env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("first frame drawn")
    (kept,) = folder.glob("config.toml.broken-*")
    assert kept.read_bytes().startswith(b"\x00\x01") and not (folder / "config.toml").exists()
    said = [line for line in result.stderr.splitlines() if "config.toml" in line]
    assert len(said) == 1 and "not text (UTF-8)" in said[0] and kept.name in said[0]
