"""The history is opened by what it is, not by its name: moved, removed or replaced under a
running table (real files, real renames, real SQLite), it is noticed before the next write,
closed whole where it lies, and the next game goes where the next start looks."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from played_records import bot_game, play_through, records_at, stored

from seigneurs.kiosk.history import HISTORY_FILE, listing
from seigneurs.kiosk.trouble import Kind, Part


def games_alone(path: Path, scratch: Path) -> list[str]:
    """The games a history file holds by itself (copied without any -wal beside it), after
    SQLite's integrity check: proof it was left whole."""
    scratch.mkdir()
    copy = scratch / path.name
    shutil.copyfile(path, copy)
    db = sqlite3.connect(copy)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return [row[0] for row in db.execute("SELECT game_id FROM games ORDER BY id")]
    finally:
        db.close()


def test_a_history_moved_mid_game_is_closed_whole_and_the_next_game_starts_a_new_one(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    records = records_at(tmp_path)
    play_through(records, 70)
    assert records.kept.history is not None
    first = [g.game_id for g in records.kept.history.games()]
    path = tmp_path / HISTORY_FILE
    assert (tmp_path / f"{HISTORY_FILE}-wal").stat().st_size > 0  # the game is in the log yet
    game = play_through(records, 71, stop_before=5)
    moved = tmp_path / "history-backup.sqlite3"
    path.rename(moved)  # an adult's backup, mid-game, the -wal left behind under the old name
    for action in bot_game(71).log[-5:]:
        game.apply(action)
    assert game.over
    trouble = records.troubles[-1]
    assert (trouble.part, trouble.kind) == (Part.HISTORY, Kind.MOVED)
    assert str(moved) in trouble.detail  # the log says where the old file is now
    assert games_alone(moved, tmp_path / "a") == first  # whole on its own, its log folded in
    second = stored(tmp_path)
    assert len(second) == 1 and second[0] not in first  # the new game, where a start looks
    assert f"game {second[0]} ended: in the history" in caplog.text
    records.close()
    records = records_at(tmp_path)
    records.close()
    assert stored(tmp_path) == second  # the next start finds it, once


def test_a_history_removed_and_a_folder_put_in_its_place_is_set_aside_dated(
        tmp_path: Path) -> None:
    records = records_at(tmp_path)
    play_through(records, 72)
    path = tmp_path / HISTORY_FILE
    os.remove(path)
    path.mkdir()  # the scene: a directory where the history was
    (path / "inside").write_text("someone's files")
    game = play_through(records, 73)
    assert game.over
    trouble = records.troubles[-1]
    assert (trouble.part, trouble.kind) == (Part.HISTORY, Kind.MOVED)
    assert "folder" in trouble.detail and trouble.moved_to is not None
    assert (trouble.moved_to / "inside").read_text() == "someone's files"  # set aside, whole
    assert trouble.moved_to.name.startswith(f"{HISTORY_FILE}.blocking-")
    recorded = stored(tmp_path)
    assert len(recorded) == 1
    records.close()
    games, notes = listing(path)
    assert games is not None and [g.game_id for g in games] == recorded
    assert any("where the history belongs" in note for note in notes)
    records = records_at(tmp_path)
    records.close()
    assert stored(tmp_path) == recorded


def test_a_history_replaced_by_another_file_gets_the_next_game(tmp_path: Path) -> None:
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    other = records_at(elsewhere)
    play_through(other, 74)
    other.close()
    theirs = stored(elsewhere)
    records = records_at(tmp_path)
    play_through(records, 75)
    ours = stored(tmp_path)
    path = tmp_path / HISTORY_FILE
    copied = tmp_path / "incoming.sqlite3"
    shutil.copyfile(elsewhere / HISTORY_FILE, copied)
    copied.replace(path)  # another history put in its place (an adult restoring a copy)
    play_through(records, 76)
    assert (records.troubles[-1].part, records.troubles[-1].kind) == (Part.HISTORY, Kind.MOVED)
    now = stored(tmp_path)  # newest first
    assert now[1:] == theirs and len(now) == 2 and now[0] not in ours
    records.close()
