"""The doctor tells the truth about every scene of issue 28 (item 4), each built for real: a
history replaced by a folder or linked to /dev/zero (and the table then really moves it aside,
as the doctor says), a data folder 100 % full (a real tmpfs in a mount namespace of its own), a
configuration broken (and what the admin lock does then), and, run by root, the table user's
files rather than root's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from seigneurs.kiosk.admin_lock import remember
from seigneurs.kiosk.doctor import configuration, data_folder, history, whose
from seigneurs.kiosk.history import HISTORY_FILE
from seigneurs.kiosk.keeper import GameRecords
from seigneurs.tools.soak import unshare_mounts

NOW = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)


def doctor(home: Path, *args: str,
           env: dict[str, str] | None = None) -> dict[str, dict[str, object]]:
    """`seigneurs doctor --json` for the table whose config and data live under `home`."""
    done = subprocess.run(
        [sys.executable, "-m", "seigneurs", "doctor", "--json", *args], capture_output=True,
        text=True, timeout=120, check=False,
        env={**os.environ, "XDG_CONFIG_HOME": str(home / "config"),
             "XDG_DATA_HOME": str(home / "data"), "SEIGNEURS_UNIT_DIR": str(home / "units"),
             **(env or {})})
    assert done.stderr == "" and done.returncode in (0, 1), done.stderr
    return {c["check"]: c for c in json.loads(done.stdout)}


@pytest.mark.parametrize("scene", ["a folder", "a link to /dev/zero"])
def test_a_history_that_is_not_a_file_is_named_and_really_moved_aside(
        tmp_path: Path, scene: str) -> None:
    data = tmp_path / "data" / "seigneurs"
    data.mkdir(parents=True)
    path = data / HISTORY_FILE
    if scene == "a folder":
        path.mkdir()
    else:
        path.symlink_to("/dev/zero")
    check = doctor(tmp_path)["history"]
    assert not check["ok"], check
    assert ("is a folder" if scene == "a folder" else "not a regular file") in str(check["found"])
    assert "moves it aside" in str(check["fix"])
    records = GameRecords(data, clock=lambda: NOW)  # the table's start: what the doctor said
    try:
        (trouble,) = records.troubles
        assert trouble.moved_to is not None and records.kept.history is not None
        assert path.is_file() and not path.is_symlink()
    finally:
        records.close()
    assert doctor(tmp_path)["history"]["ok"]


def test_a_full_data_folder_is_not_called_writable(tmp_path: Path) -> None:
    """A real 256 KiB tmpfs filled to the last byte, in a mount namespace of its own."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        pytest.skip("needs unshare and mount (util-linux) for a real full disk")
    data = tmp_path / "data"
    data.mkdir()
    probe = subprocess.run([*unshare_mounts(), "mount", "-t", "tmpfs", "tmpfs", str(data)],
                           capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"the kernel refuses a mount namespace here: {probe.stderr.strip()}")
    script = f"""
set -e
mount -t tmpfs -o size=256k tmpfs {data}
mkdir -p {data}/seigneurs
dd if=/dev/zero of={data}/seigneurs/filler bs=4k 2>/dev/null || true
df --output=avail {data} | tail -1 >&2
{sys.executable} -m seigneurs doctor --json || true
rm {data}/seigneurs/filler
dd if=/dev/zero of={data}/seigneurs/filler bs=4k count=16 2>/dev/null
{sys.executable} -m seigneurs doctor --json || true
"""
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(data), "SEIGNEURS_UNIT_DIR": str(tmp_path / "units")}
    done = subprocess.run([*unshare_mounts(), "bash", "-c", script], capture_output=True,
                          text=True, timeout=180, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[0].strip() == "0"  # the disk really was full
    full, nearly = (json.loads(line) for line in done.stdout.splitlines())
    check = next(c for c in full if c["check"] == "data folder")
    assert not check["ok"] and "is full" in check["found"] and "df -h" in check["fix"]
    check = next(c for c in nearly if c["check"] == "data folder")  # 190 KiB free: too little
    assert not check["ok"] and "KiB free" in check["found"]


def test_the_data_folder_check_on_a_roomy_disk(tmp_path: Path) -> None:
    check = data_folder(tmp_path / "data", whose().name)
    assert check.ok and "MiB free" in check.found
    assert not (tmp_path / "data" / ".doctor-probe").exists()  # the probe is gone


def test_a_broken_configuration_is_named_with_what_the_lock_does(tmp_path: Path) -> None:
    config = tmp_path / "config" / "seigneurs" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[kiosk]\nadmin_pin = "482913"\nadmin_pin = "1"\n')  # a repeated key
    checks = doctor(tmp_path)
    assert not checks["configuration"]["ok"]
    assert "is not valid TOML" in str(checks["configuration"]["found"])
    assert "keeps the last good PIN" in str(checks["configuration"]["found"])
    assert "every PIN is refused" in str(checks["admin PIN"]["found"])  # none was ever kept
    remember(tmp_path / "data" / "seigneurs", "482913")  # a good start before it broke
    checks = doctor(tmp_path)
    assert "the last good PIN" in str(checks["admin PIN"]["found"])
    assert "2580" not in str(checks["admin PIN"]["found"])
    problem = configuration(config, [])
    assert problem.ok  # the same check, with nothing wrong: the file's own word counts


def test_an_unreadable_history_is_not_called_intact(tmp_path: Path) -> None:
    path = tmp_path / HISTORY_FILE
    path.write_bytes(b"SQLite format 3\x00" + b"\x07" * 900)
    assert not history(path).ok


@pytest.mark.skipif(os.geteuid() != 0, reason="checking another user's table needs root")
def test_run_by_root_it_checks_the_table_users_files_and_says_whose(tmp_path: Path) -> None:
    """The unit's user (here `nobody`, whose home does not exist) is checked, not root."""
    units = tmp_path / "units"
    units.mkdir()
    (units / "seigneurs.service").write_text("[Service]\nUser=nobody\n")
    done = subprocess.run([sys.executable, "-m", "seigneurs", "doctor"], capture_output=True,
                          text=True, timeout=120, check=False,
                          env={**os.environ, "SEIGNEURS_UNIT_DIR": str(units)})
    header, *lines = done.stdout.splitlines()
    home = whose("nobody").home
    assert header == (f"checking nobody's table ({home}/.config/seigneurs/config.toml, "
                      f"{home}/.local/share/seigneurs)")
    checks = {line[2:].split(":")[0]: line for line in lines[:-1]}
    assert checks["table user"].startswith("✓ table user: nobody: checked by root")
    assert checks["data folder"].startswith("✗") and "cannot be written by nobody" in \
        checks["data folder"]
    assert str(home) in checks["configuration"]
    assert not (home / ".local").exists()  # root made nothing in the user's home
    mine = subprocess.run([sys.executable, "-m", "seigneurs", "doctor", "--user", "root"],
                          capture_output=True, text=True, timeout=120, check=False,
                          env={**os.environ, "SEIGNEURS_UNIT_DIR": str(units)})
    assert "running as root" in mine.stdout
