"""`seigneurs soak --year` (issue 28 item 7), small: a few days of games through the real
headless table, killed every few games, nights between days; nothing finished is lost, the
history's clock spans the days, and every figure of the report is measured (not zero)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from seigneurs.tools.year import GAMES_A_DAY, year_clock

REPO = Path(__file__).resolve().parent.parent


def test_the_year_clock_spreads_thirty_games_a_day_with_nights_between() -> None:
    assert year_clock(0).hour == 9 and year_clock(GAMES_A_DAY - 1).hour == 16
    assert (year_clock(GAMES_A_DAY) - year_clock(0)).days == 1
    assert year_clock(11_000).year == 2027  # a year of games


def test_a_few_days_of_games_lose_nothing_and_report_every_figure(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "seigneurs", "soak", "--year", "--games", "75",
                           "--kill-every", "8", "--long-run", "20", "--dir", str(tmp_path),
                           "--json"], capture_output=True, text=True, timeout=600, cwd=REPO,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["losses"] == [] and report["games"] >= 75
    assert report["recorded"] == report["games"]
    assert report["kills"] >= 4 and report["integrity_checks"] >= report["kills"]
    assert report["nights"] >= 2 and report["history_bytes"] > 0
    assert report["rss_kib"] and report["fds"] and report["log_bytes"] > 0
    assert report["history_command_seconds"] > 0 and report["admin_history_seconds"] > 0
    history = tmp_path / "data" / "seigneurs" / "history.sqlite3"
    if history.exists():  # not on the soak's own tmpfs (no mount namespace here)
        db = sqlite3.connect(history)
        days = {row[0][:10] for row in db.execute("SELECT finished_at FROM games")}
        db.close()
        assert len(days) >= 3  # the games spread over the days, nights between
