"""A finished game is on disk before anything else happens, or the table says it is not: a real
tmpfs filled to the last byte (in a mount namespace of its own), real SQLite, real journals.
The end goes to the reserve made at start when neither the history nor the journal can take
it; with no reserve either it is said to be in memory, tried again, and no journal of it is
ever deleted (idle, new deal, stop)."""

from __future__ import annotations

from pathlib import Path

from played_records import in_own_mounts

FILL = """
import logging
logging.basicConfig(level=logging.INFO, format="%(message)s")
from seigneurs.game.factory import new_game
from seigneurs.kiosk.journal import CURRENT
from seigneurs.kiosk.reserve import Reserve
from played_records import SEATS, bot_game
def fill():
    with (data / "filler").open("ab", buffering=0) as out:
        for size in (4096, 1):
            try:
                while True:
                    out.write(bytes(size))
            except OSError as error:
                code = error.errno
    return code
def reserved():
    reserve = Reserve(data)
    assert reserve.make() is None
    try:
        return [r.game_id for r in reserve.games()]
    finally:
        reserve.close()
def deal(records, seed):
    done = bot_game(seed)
    game = new_game(done.config)
    records.started(game, SEATS, demo=False)
    return game, done.log
journal = data / CURRENT
"""

RESERVE_TAKES_IT = FILL + """
records = records_at(data)
game, actions = deal(records, 50)
for action in actions[:len(actions) - 80]:
    game.apply(action)
out["filled"] = fill()
for action in actions[len(actions) - 80:]:
    game.apply(action)
out["over"] = game.over
out["troubles"] = sorted(f"{t.part} {t.kind}" for t in records.troubles)
out["reserved"] = reserved()
out["partial_journal_left"] = journal.exists()
records.abandoned()  # back to the lobby after the idle time: nothing of it is lost
records.close()
records = records_at(data)  # a start on the full disk: it stays in the reserve
records.close()
out["reserved_after_full_start"] = reserved()
out["history_code"] = main(["history", "--database", str(data / "history.sqlite3")])
(data / "filler").unlink()
records = records_at(data)  # a start with room: into the history, the reserve emptied
records.close()
out["stored"] = stored(data)
out["reserved_after"] = reserved()
records = records_at(data)
records.close()
out["after_restart"] = stored(data)
"""


def test_a_game_ending_on_a_disk_full_to_the_last_byte_is_kept_in_the_reserve(
        tmp_path: Path) -> None:
    out = in_own_mounts(tmp_path, RESERVE_TAKES_IT, "256k")
    assert out["filled"] == 28 and out["over"]  # ENOSPC: full to the last byte
    assert out["troubles"] == ["history full", "journal full"]  # both really failed
    (game_id,) = out["reserved"]  # type: ignore[misc]
    said = [line for line in str(out["stderr"]).splitlines() if "ended:" in line]
    assert said == [f"game {game_id} ended: on disk in reserve.bin, waiting for the history"]
    assert not out["partial_journal_left"]  # it would offer a finished game to resume
    assert out["reserved_after_full_start"] == [game_id]
    assert out["history_code"] == 0  # `seigneurs history` names the game waiting there
    assert "reserve.bin: 1 finished game(s) kept there wait" in str(out["stderr"])
    assert out["stored"] == [game_id] and out["reserved_after"] == []
    assert out["after_restart"] == [game_id]  # folded in exactly once
    assert "only in memory" not in str(out["stderr"])
    assert "wait in the data folder" not in str(out["stderr"])


IN_MEMORY_ONLY = FILL + """
(data / "reserve.bin").mkdir()  # something in the reserve's place: no room set aside
records = records_at(data)
game, actions = deal(records, 60)
for action in actions[:len(actions) - 80]:
    game.apply(action)
out["filled"] = fill()
for action in actions[len(actions) - 80:]:
    game.apply(action)
game_id = records.unsaved[0].game_id
out["game"] = game_id
out["told"] = sorted(f"{t.part} {t.kind}" for t in records.troubles)
out["journal_at_end"] = journal.exists()
records.abandoned()  # idle back to the lobby
out["journal_after_idle"] = journal.exists()
records.retry()  # the frame's try every few seconds, still full
out["unsaved_still"] = len(records.unsaved)
game2, actions2 = deal(records, 61)  # a new deal on the full disk
out["set_aside"] = sorted(p.name.rpartition(".")[2].split("-")[0]
                         for p in data.glob(CURRENT + ".*"))
out["kept_header"] = [__import__("json").loads(p.read_text().splitlines()[0])["game"]
                      for p in data.glob(CURRENT + ".interrupted-*")]
(data / "filler").unlink()  # room again
records.retry()
out["unsaved_after"] = len(records.unsaved)
records.close()
out["stored"] = stored(data)
"""


def test_with_no_reserve_the_end_is_said_to_be_in_memory_and_its_journal_is_never_deleted(
        tmp_path: Path) -> None:
    out = in_own_mounts(tmp_path, IN_MEMORY_ONLY, "256k")
    assert out["filled"] == 28
    game_id = out["game"]
    log = str(out["stderr"])
    assert f"game {game_id} ended: only in memory" in log
    assert "game full" in out["told"]  # type: ignore[operator]  # the adults' notice
    assert out["journal_at_end"] and out["journal_after_idle"]  # idle deletes nothing
    assert out["unsaved_still"] == 1
    assert out["set_aside"] == ["interrupted"] and out["kept_header"] == [game_id]
    assert out["unsaved_after"] == 0
    assert f"game {game_id}, only in memory until now: in the history" in log
    assert out["stored"] == [game_id]
    assert "wait in the data folder" not in log


STOPPED_WHILE_IN_MEMORY = FILL + """
(data / "reserve.bin").mkdir()
records = records_at(data)
game, actions = deal(records, 62)
for action in actions[:len(actions) - 80]:
    game.apply(action)
fill()
for action in actions[len(actions) - 80:]:
    game.apply(action)
out["game"] = records.unsaved[0].game_id
records.close()  # the table stops (SIGTERM closes it so) with the disk still full
out["journal_kept"] = journal.exists()
"""


def test_a_stop_while_a_game_is_only_in_memory_says_it_is_lost_and_keeps_the_journal(
        tmp_path: Path) -> None:
    out = in_own_mounts(tmp_path, STOPPED_WHILE_IN_MEMORY, "256k")
    assert f"game {out['game']} is lost: it was only in memory" in str(out["stderr"])
    assert out["journal_kept"]


def test_the_histories_write_ahead_log_does_not_grow_game_after_game(tmp_path: Path) -> None:
    """On a small disk a log that grows with every game fills it by itself (SQLite folds it
    in only at 4 MiB): each game is passed on into the file, and the next write starts the
    log afresh."""
    from played_records import play_through, records_at

    records = records_at(tmp_path)
    sizes = []
    for seed in range(90, 98):
        play_through(records, seed)
        sizes.append((tmp_path / "history.sqlite3-wal").stat().st_size)
    records.close()
    assert max(sizes) <= 2 * min(sizes), sizes
