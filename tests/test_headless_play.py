"""Headless play plays: `seigneurs play` with no screen runs the window's own frame (touches,
the keeper, the game), not only the view's, so a bots' game reaches the history. A real
process, a real headless window, a real SQLite file; the test ends the process itself."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from seigneurs.kiosk.notify import STOPPED_BY_SIGTERM

LIMIT = 240.0
"""Generous: three adult bots end a Kids game in well under a minute on a shared machine."""


def games_in(history: Path) -> int:
    """How many games the history holds now (read-only, while the table writes)."""
    if not history.exists():
        return 0
    try:
        db = sqlite3.connect(f"{history.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    try:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return 0  # not made yet
    finally:
        db.close()


def test_headless_play_with_bots_records_a_finished_game(tmp_path: Path) -> None:
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    history = tmp_path / "data" / "seigneurs" / "history.sqlite3"
    log = tmp_path / "table.log"
    with log.open("w") as out:
        table = subprocess.Popen(
            [sys.executable, "-m", "seigneurs", "play", "--window", "480x270", "--variant",
             "kids", "--players", "3", "--bots", "3", "--level", "adult", "--input", "mouse"],
            env=env, stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
        try:
            deadline = time.monotonic() + LIMIT
            while time.monotonic() < deadline and table.poll() is None \
                    and games_in(history) == 0:
                time.sleep(0.5)  # polling the file, not waiting for behaviour
            recorded = games_in(history)
            exited = table.poll()
            stopped = None
            if exited is None:
                table.send_signal(signal.SIGTERM)  # as systemd stops it
                stopped = table.wait(30)
        finally:
            if table.poll() is None:
                table.kill()
                table.wait()
    said = log.read_text(errors="replace")
    assert exited is None, f"the table stopped by itself ({exited}):\n{said[-2000:]}"
    assert recorded == 1, (f"no game reached the history within {LIMIT:.0f} s of headless "
                           f"play:\n{said[-2000:]}")
    assert "ended: in the history" in said  # the log says where the game is
    assert stopped == STOPPED_BY_SIGTERM  # closed at a frame's edge, not killed
    assert "stopped by SIGTERM: the game in progress stays resumable" in said
