"""The kill soak: its checks catch a lost, doubled or damaged record and a wrong resume (each
measure can fail), and a hundred real SIGKILLs of a real headless table lose nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from played_records import REPO, SEATS, bot_game, can_have_own_mounts, records_at

from seigneurs.game.factory import new_game
from seigneurs.kiosk.journal import CURRENT
from seigneurs.tools.soak import SoakReport, _check_kept, _check_resume, look
from seigneurs.tools.soak_full_disk import FullDiskReport
from seigneurs.tools.year import YearReport


def folder_with_a_game(tmp_path: Path, finish: bool) -> str:
    """A data folder as the table leaves it: one game, over (recorded) or interrupted."""
    records = records_at(tmp_path)
    done = bot_game(50)
    game = new_game(done.config)
    records.started(game, SEATS, demo=False)
    for action in done.log[:None if finish else 30]:
        game.apply(action)
    records.close()
    journal = tmp_path / CURRENT
    if finish:
        db = sqlite3.connect(tmp_path / "history.sqlite3")
        game_id = str(db.execute("SELECT game_id FROM games").fetchone()[0])
        db.close()
        return game_id
    return str(json.loads(journal.read_text().splitlines()[0])["game"])


@pytest.mark.parametrize("report", [SoakReport(), FullDiskReport(), YearReport()])
def test_every_soak_report_gives_every_field_and_ends_its_line_with_its_losses(
        report: SoakReport | FullDiskReport | YearReport) -> None:
    assert not report.failed and report.summary().endswith("; losses: none")
    report.losses.extend(f"lost {n}" for n in range(7))
    assert report.failed
    assert report.summary().endswith("; losses: lost 0; lost 1; lost 2; lost 3; lost 4")
    assert list(report.to_json()) == [f.name for f in fields(report)]
    assert report.to_json()["losses"] == report.losses


def test_a_game_gone_from_the_history_is_a_loss(tmp_path: Path) -> None:
    game_id = folder_with_a_game(tmp_path, finish=True)
    report, finished = SoakReport(), set[str]()
    _check_kept(look(tmp_path, report), finished, report)
    assert finished == {game_id} and report.losses == [] and report.integrity_checks == 1
    db = sqlite3.connect(tmp_path / "history.sqlite3", isolation_level=None)
    db.execute("DELETE FROM games")
    db.close()
    _check_kept(look(tmp_path, report), finished, report)
    assert report.losses == [f"game {game_id} finished but is gone after kill 0"]


def test_a_history_killed_before_its_first_table_is_no_loss(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"")  # SQLite made the file, then the kill
    report = SoakReport()
    assert look(tmp_path, report).recorded == frozenset() and report.losses == []


def test_a_history_killed_mid_transaction_is_checked_as_the_next_table_finds_it(
        tmp_path: Path) -> None:
    """A writer killed mid-transaction leaves a hot journal: a read-only look cannot roll it
    back ("attempt to write a readonly database", once counted as a loss though nothing was
    lost); the soak checks a copy as the next table's open finds it, and leaves the folder as
    it was."""
    game_id = folder_with_a_game(tmp_path, finish=True)
    history = tmp_path / "history.sqlite3"
    writer = (  # a real process, really killed, its transaction spilled to the file
        "import os, signal, sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1])\n"
        "db.execute('PRAGMA journal_mode=DELETE'); db.execute('PRAGMA cache_size=1')\n"
        "db.execute('BEGIN'); db.execute('CREATE TABLE filler (x BLOB)')\n"
        "for _ in range(200): db.execute('INSERT INTO filler VALUES (zeroblob(4000))')\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n")
    subprocess.run([sys.executable, "-c", writer, str(history)], check=False)
    hot = history.with_name(history.name + "-journal")
    assert hot.exists() and hot.stat().st_size > 0
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        sqlite3.connect(f"{history.as_uri()}?mode=ro", uri=True).execute(
            "PRAGMA integrity_check").fetchone()
    before = hot.read_bytes(), history.read_bytes()
    report = SoakReport()
    assert look(tmp_path, report).recorded == frozenset({game_id})
    assert report.losses == [] and report.integrity_checks == 1
    assert (hot.read_bytes(), history.read_bytes()) == before


def test_a_game_recorded_twice_or_a_damaged_history_is_a_loss(tmp_path: Path) -> None:
    folder_with_a_game(tmp_path, finish=True)
    db = sqlite3.connect(tmp_path / "history.sqlite3", isolation_level=None)
    db.execute("DROP INDEX games_game_id")
    db.execute("INSERT INTO games SELECT NULL, finished_at, variant, seats, trains, winners,"
               " end_reason, duration, seed, game_id FROM games")
    db.execute("PRAGMA journal_mode=DELETE")  # all in the one file, for the damage below
    db.close()
    report = SoakReport()
    look(tmp_path, report)
    assert report.losses == ["a game recorded twice after kill 0"]
    path = tmp_path / "history.sqlite3"
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # a page of garbage, as a failing disk leaves
    path.write_bytes(bytes(data))
    report = SoakReport()
    look(tmp_path, report)
    assert report.losses and report.losses[0].startswith("integrity_check after kill 0")


def test_a_resume_at_another_action_is_a_loss(tmp_path: Path) -> None:
    game_id = folder_with_a_game(tmp_path, finish=False)
    seen = look(tmp_path, SoakReport())
    assert seen.current == game_id and len(seen.actions) == 30
    expect = (game_id, 30)
    line = f"2026-11-23 12:00:00,000 INFO seigneurs.kiosk.keeper: resumed game {game_id} at "
    report = SoakReport()
    assert _check_resume("the table was killed before it started", expect, report) == expect
    assert _check_resume(line + "action 30\n", expect, report) is None
    assert report.resumes == 1 and report.losses == []
    _check_resume(line + "action 29\n", expect, report)
    assert report.losses == [f"run 0 resumed {game_id} at action 29, expected {expect}"]


@pytest.mark.slow
@pytest.mark.timeout(1800)  # a busy machine makes it slower, never wrong: its kills follow play
def test_fifty_kills_of_a_real_table_lose_no_finished_game(tmp_path: Path) -> None:
    """Each kill comes at a moment of the table's own progress (after a number of journal
    actions, at a game's end, once it met the full or read-only disk), never at a time, so
    what is asserted holds on any machine: nothing lost, each finished game recorded once,
    every look at the history sound, and the planned kills made (ten at a game's end, each a
    different game). A full disk three runs in ten and a read-only one two in ten wherever the
    kernel gives us a mount namespace (else on the plain disk)."""
    full = ["--full-disk"] if can_have_own_mounts() else []
    done = subprocess.run([sys.executable, "-m", "seigneurs", "soak", "--kills", "50",
                           "--dir", str(tmp_path), "--json", *full],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["kills"] == 50 and report["losses"] == []
    assert report["kills_at_game_end"] == 10 <= report["games_finished"]
    assert report["games_recorded"] >= report["games_finished"]
    assert report["resumes"] > 0 and report["integrity_checks"] >= report["kills_at_game_end"]
    if full:
        assert report["full_disk_runs"] == 15 and report["read_only_runs"] == 10
        assert report["full_disk_met"] + report["read_only_met"] >= 25
