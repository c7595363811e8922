"""One table per data folder (issue 28 item 5): a real table holds an fcntl lock on its data
folder; a second one on the same folder says so in one line, touches nothing of the first's
(its live journal used to be moved aside as "interrupted") and exits with a code kiosk.sh does
not restart; once the first is killed, the next start takes the folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from seigneurs.kiosk.journal import CURRENT
from seigneurs.kiosk.table_lock import ALREADY_RUNS, LOCK_FILE, hold
from seigneurs.tools.soak import table_command

REPO = Path(__file__).resolve().parent.parent


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "ARCADE_HEADLESS": "1", "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config")}


@pytest.fixture
def first_table(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A real headless table dealing bots' games on tmp_path's data folder, until its journal
    stands (a game is under way)."""
    table = subprocess.Popen(table_command("kids", 3, 4), env=environment(tmp_path),
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    journal = tmp_path / "data" / "seigneurs" / CURRENT
    deadline = time.monotonic() + 60
    while not journal.exists():  # a real start: waited for, not timed
        assert table.poll() is None and time.monotonic() < deadline
        time.sleep(0.05)
    yield table
    table.kill()
    table.wait()


def test_a_second_table_on_the_same_folder_stops_in_one_line(
        tmp_path: Path, first_table: subprocess.Popen[bytes]) -> None:
    folder = tmp_path / "data" / "seigneurs"
    second = subprocess.run([sys.executable, "-m", "seigneurs", "play", "--window", "480x270",
                             "--first-frame", "--input", "mouse"], env=environment(tmp_path),
                            capture_output=True, text=True, timeout=120, check=False)
    assert second.returncode == ALREADY_RUNS and 64 <= ALREADY_RUNS <= 78
    assert "Traceback" not in second.stderr
    (line,) = [line for line in second.stderr.splitlines() if "another table" in line]
    assert f"pid {first_table.pid}" in line and str(folder) in line
    assert (folder / CURRENT).exists()  # the first's live journal is where it was
    assert not list(folder.glob("*.interrupted-*")) and first_table.poll() is None
    first_table.send_signal(signal.SIGKILL)  # a power cut: the kernel lets go of the lock
    first_table.wait()
    third = subprocess.run([sys.executable, "-m", "seigneurs", "play", "--window", "480x270",
                            "--first-frame", "--input", "mouse"], env=environment(tmp_path),
                           capture_output=True, text=True, timeout=120, check=False)
    assert third.returncode == 0, third.stderr[-2000:]


def test_kiosk_sh_does_not_restart_the_second_table(
        tmp_path: Path, first_table: subprocess.Popen[bytes]) -> None:
    env = {**environment(tmp_path), "SEIGNEURS_COMMAND": str(Path(sys.executable).parent /
                                                             "seigneurs"),
           "SEIGNEURS_RESTART_DELAY": "0", "SEIGNEURS_REST": "0"}
    env.pop("SEIGNEURS_SESSION", None)
    done = subprocess.run([str(REPO / "kiosk.sh"), "--window", "480x270", "--input", "mouse"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == ALREADY_RUNS
    assert done.stderr.count("another table already runs") == 1
    assert "not restarting" in done.stderr


def test_the_lock_is_the_kernels_and_a_folder_that_cannot_hold_one_plays_unlocked(
        tmp_path: Path) -> None:
    held = hold(tmp_path)
    assert (tmp_path / LOCK_FILE).read_text().strip() == str(os.getpid())
    probe = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                            "from seigneurs.kiosk.table_lock import hold; hold(Path(sys.argv[1]))",
                            str(tmp_path)], capture_output=True, text=True, check=False)
    assert probe.returncode != 0 and "AlreadyRuns" in probe.stderr
    held.release()
    again = hold(tmp_path)  # let go: the next one takes it
    again.release()
    (tmp_path / "file").write_text("not a folder")
    unlocked = hold(tmp_path / "file")
    assert unlocked.fd is None
