"""No finished game is ever lost, whatever happens to the files the table keeps: the end is
recorded as it is applied, once; journals are never overwritten; damaged, locked, read-only and
full files are met with real files, real SQLite and real filesystems (no mocks)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from played_records import bot_game, in_own_mounts, play_through, records_at, stored

from seigneurs.cli import main
from seigneurs.game import Action
from seigneurs.kiosk.history import History
from seigneurs.kiosk.journal import CURRENT, read
from seigneurs.kiosk.trouble import Kind, Part

# The end, recorded when it happens, once.

def test_the_end_is_in_the_history_in_the_very_step_the_last_action_is_applied(
        tmp_path: Path) -> None:
    records = records_at(tmp_path)
    seen: list[int] = []
    game = play_through(records, 3, stop_before=1)
    assert records.kept.history is not None and records.kept.history.games() == []

    def after(action: Action) -> None:  # runs after the records' own observer
        assert records.kept.history is not None
        seen.append(len(records.kept.history.games()))

    game.observers.append(after)
    game.apply(bot_game(3).log[-1])
    assert game.over and seen == [1]
    assert not (tmp_path / CURRENT).exists()  # in the history, so the journal is forgotten
    record = records.kept.history.games()[0]
    assert record.seats[0]["bot"] == "adult" and record.seats[1]["bot"] is None
    records.close()


def test_a_journal_found_over_at_start_goes_into_the_history_exactly_once(
        tmp_path: Path) -> None:
    first = records_at(tmp_path)
    play_through(first, 4, stop_before=1)
    journal = tmp_path / CURRENT
    done = bot_game(4)
    with journal.open("a") as out:  # the last action reached the journal, then a kill
        out.write(json.dumps(done.log[-1].to_json()) + "\n")
    first.close()
    kept = journal.read_bytes()
    assert read(journal).game.over
    second = records_at(tmp_path)
    assert not journal.exists() and not second.resumable()
    second.close()
    journal.write_bytes(kept)  # a crash between the history's commit and the unlink
    third = records_at(tmp_path)
    third.close()
    game_id = read_id(kept)
    assert stored(tmp_path) == [game_id] and not journal.exists()


def read_id(journal: bytes) -> str:
    return str(json.loads(journal.splitlines()[0])["game"])


def test_a_new_game_moves_an_interrupted_journal_aside_dated(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    first = records_at(tmp_path)
    play_through(first, 5, stop_before=20)
    first.close()
    old = (tmp_path / CURRENT).read_bytes()
    second = records_at(tmp_path)
    assert second.resumable()
    play_through(second, 6, stop_before=20)  # dealt without resuming
    aside = tmp_path / f"{CURRENT}.interrupted-20261123-120000"
    assert aside.read_bytes() == old
    assert "kept as" in caplog.text and aside.name in caplog.text
    second.close()


def test_a_resumed_game_keeps_its_identity_and_ends_in_the_history_once(tmp_path: Path) -> None:
    first = records_at(tmp_path)
    play_through(first, 7, stop_before=5)
    first.close()
    game_id = read_id((tmp_path / CURRENT).read_bytes())
    second = records_at(tmp_path)
    pending = second.pending()
    assert pending is not None
    game, extra = pending
    second.started(game, extra, demo=False)
    for action in bot_game(7).log[-5:]:
        game.apply(action)
    assert game.over
    second.close()
    assert stored(tmp_path) == [game_id]


# A damaged, locked, or missing history: the table plays on and loses nothing it can keep.

def test_a_history_of_garbage_is_moved_aside_and_a_new_one_begun(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"not a database at all " * 200)
    database = str(tmp_path / "history.sqlite3")
    assert main(["history", "--database", database]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "file is not a database" in err and "Traceback" not in err
    records = records_at(tmp_path)
    heard: list[str] = []
    records.listen(lambda t: heard.append(t.notice("de")))
    assert [(t.part, t.kind) for t in records.troubles] == [(Part.HISTORY, Kind.BROKEN)]
    aside = tmp_path / "history.sqlite3.broken-20261123-120000"
    assert aside.read_bytes().startswith(b"not a database")  # kept, never deleted
    assert heard == [f"Verlauf beschädigt: beiseitegelegt ({aside.name}), ein neuer begonnen"]
    play_through(records, 8)
    records.close()
    assert len(stored(tmp_path)) == 1
    assert main(["history", "--database", database]) == 0
    out, err = capsys.readouterr()
    assert "lords" in out and f"{aside}: a damaged file, kept aside" in err


def test_a_truncated_history_is_caught_by_the_check_at_start(tmp_path: Path) -> None:
    records = records_at(tmp_path)
    for seed in range(10, 22):
        play_through(records, seed)
    records.close()
    path = tmp_path / "history.sqlite3"
    assert len(stored(tmp_path)) == 12
    data = path.read_bytes()
    assert len(data) > 3 * 4096
    path.write_bytes(data[:len(data) // 2])
    again = records_at(tmp_path)
    assert [t.kind for t in again.troubles] == [Kind.BROKEN]
    assert again.kept.history is not None and again.kept.history.check() == "ok"
    again.close()
    assert (tmp_path / "history.sqlite3.broken-20261123-120000").stat().st_size == len(data) // 2


def test_a_history_locked_by_another_program_keeps_the_end_until_it_lets_go(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = records_at(tmp_path)
    other = sqlite3.connect(tmp_path / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process's write lock
    first = play_through(records, 23)
    assert first.over and [t.kind for t in records.troubles] == [Kind.LOCKED]
    waiting = list(tmp_path.glob("unrecorded-*.jsonl"))
    assert len(waiting) == 1 and read(waiting[0]).game.over  # the end stays in its journal
    assert main(["history", "--database", str(tmp_path / "history.sqlite3")]) == 0
    assert "1 finished game(s) wait" in capsys.readouterr().err
    other.rollback()
    other.close()
    play_through(records, 24)  # the next game's end takes the waiting one too
    records.close()
    assert len(stored(tmp_path)) == 2 and not list(tmp_path.glob("unrecorded-*"))


def test_an_unreadable_journal_is_moved_aside_and_the_table_starts(tmp_path: Path) -> None:
    (tmp_path / CURRENT).write_bytes(b"\x00\xff garbage\n" * 40)
    records = records_at(tmp_path)
    assert [(t.part, t.kind) for t in records.troubles] == [(Part.JOURNAL, Kind.BROKEN)]
    assert not records.resumable() and records.pending() is None
    assert (tmp_path / f"{CURRENT}.broken-20261123-120000").exists()
    assert records.troubles[0].notice("fr").startswith("Partie interrompue illisible")
    play_through(records, 25)
    records.close()
    assert len(stored(tmp_path)) == 1


def test_a_journal_cut_mid_line_replays_to_its_last_whole_action(tmp_path: Path) -> None:
    lines = bot_game(5).record()
    cut = len(lines) // 2
    journal = tmp_path / CURRENT
    journal.write_text("\n".join(lines[:cut]) + '\n{"kind": "pick", "seat": 1}', "utf-8")
    assert len(read(journal).game.log) == cut - 1


def test_a_data_folder_that_cannot_be_made_still_plays(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    records = records_at(blocker / "seigneurs")
    assert records.kept.history is None
    assert {t.kind for t in records.troubles} == {Kind.READ_ONLY}
    game = play_through(records, 26)
    assert game.over
    assert {t.part for t in records.troubles} == {Part.HISTORY, Part.JOURNAL, Part.RESERVE,
                                                  Part.GAME}  # the end is said to be in memory
    assert records.unsaved and records.unsaved[0].game_id
    records.close()


# Real read-only and full filesystems, in a mount namespace of their own.


FULL = """
records = records_at(data)  # no game yet: the history's write-ahead log owns no room to reuse
game = play_through(records, 31, stop_before=1)
filler = (data / "filler").open("wb", buffering=0)
try:
    while True:
        filler.write(b"x" * 4096)
except OSError as error:
    out["filled"] = error.errno
game.apply(__import__("played_records").bot_game(31).log[-1])
out["over"] = game.over
out["troubles"] = [str(t.kind) for t in records.troubles]
out["in_history"] = len(records.kept.history.games()) if records.kept.history else None
filler.close()
(data / "filler").unlink()
play_through(records, 32)
records.close()
out["stored"] = len(stored(data))
records = records_at(data)
records.close()
out["after_restart"] = len(stored(data))
"""

READ_ONLY = """
records = records_at(data)
play_through(records, 40)
play_through(records, 41, stop_before=1)
records.close()
journal = data / "current-game.jsonl"
last = __import__("played_records").bot_game(41).log[-1]
with journal.open("a") as f:
    f.write(json.dumps(last.to_json()) + "\\n")
subprocess.run(["mount", "-o", "remount,ro", str(data)], check=True)
records = records_at(data)
out["troubles"] = sorted(f"{t.part} {t.kind}" for t in records.troubles)
out["journal_kept"] = journal.exists()
out["played"] = play_through(records, 42).over
records.close()
out["history_code"] = main(["history", "--database", str(data / "history.sqlite3")])
subprocess.run(["mount", "-o", "remount,rw", str(data)], check=True)
records = records_at(data)
records.close()
out["stored"] = len(stored(data))
out["journal_after"] = journal.exists()
records = records_at(data)
records.close()
out["after_restart"] = len(stored(data))
"""


def test_a_full_disk_at_the_end_keeps_the_game_until_there_is_room(tmp_path: Path) -> None:
    out = in_own_mounts(tmp_path, FULL, "256k")
    assert out["filled"] == 28  # ENOSPC: the disk really was full
    assert out["over"] and out["troubles"] == ["full"] and out["in_history"] == 0
    assert out["stored"] == 2 and out["after_restart"] == 2  # both, once each


def test_a_read_only_folder_keeps_the_end_in_the_journal_until_it_can_be_written(
        tmp_path: Path) -> None:
    out = in_own_mounts(tmp_path, READ_ONLY, "4m")
    assert out["troubles"] == ["history read-only", "reserve read-only"]
    assert out["journal_kept"]
    assert out["played"]  # the table plays on without history or journal
    assert out["history_code"] == 0  # `seigneurs history` still lists, read-only
    assert "cannot be written" in str(out["stderr"])
    assert out["stored"] == 2 and not out["journal_after"]  # the waiting end went in, once
    assert out["after_restart"] == 2


def test_every_trouble_is_told_in_every_language_of_the_table() -> None:
    from seigneurs.kiosk.i18n import LANGUAGES
    from seigneurs.kiosk.trouble import MEANING, Trouble

    for part, kind in MEANING:
        trouble = Trouble(part, kind, Path("history.sqlite3"), "why", Path("kept"))
        told = {trouble.notice(language) for language in LANGUAGES}
        assert len(told) == len(LANGUAGES) and all(len(t) <= 110 for t in told)
        assert trouble.line().count("\n") == 0


def test_a_finished_journal_of_an_older_table_goes_in_once_too(tmp_path: Path) -> None:
    (tmp_path / CURRENT).write_text("\n".join(bot_game(9).record()) + "\n", "utf-8")
    for _ in range(2):
        records_at(tmp_path).close()
        (tmp_path / CURRENT).write_text("\n".join(bot_game(9).record()) + "\n", "utf-8")
    ids = stored(tmp_path)
    assert len(ids) == 1 and ids[0] is not None  # named by its header: the same game, once


KILLED_WRITER = """
import os, sys
sys.path.insert(0, {tests!r})
from pathlib import Path
from played_records import play_through, records_at
records = records_at(Path({data!r}))
play_through(records, 40)
os.kill(os.getpid(), 9)  # killed with the game in the write-ahead log, never checkpointed
"""


def test_a_killed_tables_write_ahead_log_is_folded_in_at_the_next_start(tmp_path: Path) -> None:
    """A table killed mid-game leaves its write-ahead log behind; on a small disk it would grow
    with every kill until the disk is full. The next start folds it in, keeping every game."""
    tests = str(Path(__file__).resolve().parent)
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITER.format(tests=tests,
                                                                        data=str(tmp_path))])
    assert killed.returncode == -9
    wal = tmp_path / "history.sqlite3-wal"
    assert wal.stat().st_size > 0
    history = History(tmp_path / "history.sqlite3")
    try:
        assert wal.stat().st_size == 0
        assert len(history.games()) == 1
    finally:
        history.close()
