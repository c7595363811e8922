"""The full-disk part of the soak: its checks catch a game the log says is on disk but is not,
and count a game said to be only in memory as lost by the stop (each measure can fail); a
real run on a tiny tmpfs filled at random moments loses nothing (slow)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from played_records import REPO, can_have_own_mounts, play_through, records_at

from seigneurs.tools import soak
from seigneurs.tools.soak_full_disk import FullDiskReport, Lent, _check_run

LENT = Lent(soak._die_with_parent, soak._fill, soak._look_from_outside, soak._recorded)


def recorded_game(folder: Path) -> str:
    records = records_at(folder)
    play_through(records, 80)
    assert records.kept.history is not None
    (game_id,) = [g.game_id for g in records.kept.history.games()]
    records.close()
    assert game_id is not None
    return game_id


def test_an_end_the_disk_confirms_is_counted_where_the_log_put_it(tmp_path: Path) -> None:
    game_id = recorded_game(tmp_path)
    report = FullDiskReport()
    _check_run(f"game {game_id} ended: in the history\n", tmp_path, LENT, report, set(), set())
    assert report.losses == [] and report.games_finished == 1 and report.ended_in_history == 1


def test_a_game_said_on_disk_but_found_nowhere_is_a_loss(tmp_path: Path) -> None:
    recorded_game(tmp_path)
    report = FullDiskReport()
    said = "game 0123abcd ended: on disk in reserve.bin, waiting for the history\n"
    _check_run(said, tmp_path, LENT, report, set(), set())
    assert report.ended_in_reserve == 1
    assert report.losses == ["game 0123abcd: the log said 'on disk in reserve.bin, waiting "
                             "for the history', the disk has it nowhere"]


def test_a_game_only_in_memory_at_the_stop_is_lost_as_said_unless_saved_later(
        tmp_path: Path) -> None:
    game_id = recorded_game(tmp_path)
    report = FullDiskReport()
    finished: set[str] = set()
    said_lost: set[str] = set()
    _check_run("game feed01 ended: only in memory (...)\n", tmp_path, LENT, report, finished,
               said_lost)
    assert report.ended_in_memory == 1 and said_lost == {"feed01"} and report.losses == []
    said = (f"game {game_id} ended: only in memory (...)\n"
            f"game {game_id}, only in memory until now: in the history\n")
    _check_run(said, tmp_path, LENT, report, finished, said_lost)
    assert said_lost == {"feed01"} and report.games_finished == 2


@pytest.mark.slow
def test_starts_on_a_tiny_disk_filled_at_random_moments_lose_no_finished_game(
        tmp_path: Path) -> None:
    """Two to three minutes: a kill soak of one kill, then twelve starts on a 256 KiB tmpfs."""
    if not can_have_own_mounts():
        pytest.skip("needs a mount namespace of its own (root or user namespaces) for a real "
                    "small tmpfs")
    done = subprocess.run([sys.executable, "-m", "seigneurs", "soak", "--kills", "1",
                           "--full-disk", "--starts", "12", "--dir", str(tmp_path), "--json"],
                          capture_output=True, text=True, timeout=600, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    small = json.loads(done.stdout.splitlines()[-1])["full_disk_starts"]
    assert small["starts"] == 12 and small["fills"] >= 6 and small["losses"] == []
    assert small["games_finished"] >= 1
    assert small["games_recorded"] + small["lost_said"] == small["games_finished"]
