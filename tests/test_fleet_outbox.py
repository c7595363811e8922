"""The outbox on its own (real SQLite files): copied from the history once per game, bounded,
and a damaged outbox moved aside, never deleted, its games copied again from the history."""

from __future__ import annotations

from pathlib import Path

import pytest

from seigneurs.kiosk.fleet import outbox as outbox_module
from seigneurs.kiosk.fleet.outbox import OUTBOX_FILE, Outbox
from seigneurs.kiosk.history import HISTORY_FILE, GameRecord, History


def played(folder: Path, count: int, first: int = 0, game_ids: bool = True) -> None:
    history = History(folder / HISTORY_FILE)
    for n in range(first, first + count):
        history.add(GameRecord("2026-11-24T10:00:00+00:00", "kids", [], [], [0],
                               "train_complete", 60.0, n,
                               game_id=f"g{n}" if game_ids else None))
    history.close()


def test_each_history_game_is_copied_once_in_order(tmp_path: Path) -> None:
    played(tmp_path, 3)
    box = Outbox(tmp_path)
    assert box.fill(tmp_path / HISTORY_FILE) == 3
    assert box.fill(tmp_path / HISTORY_FILE) == 0  # the cursor moved on
    played(tmp_path, 2, first=3)
    assert box.fill(tmp_path / HISTORY_FILE) == 2
    assert [w.game_id for w in box.oldest(10)] == ["g0", "g1", "g2", "g3", "g4"]
    box.sent(box.oldest(2))
    assert len(box) == 3 and box.oldest(1)[0].game_id == "g2"
    box.close()


def test_the_outbox_is_bounded_and_the_rest_waits_in_the_history(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outbox_module, "LIMIT", 4)
    played(tmp_path, 10)
    box = Outbox(tmp_path)
    assert box.fill(tmp_path / HISTORY_FILE) == 4 and len(box) == 4
    box.sent(box.oldest(3))
    assert box.fill(tmp_path / HISTORY_FILE) == 3
    assert [w.game_id for w in box.oldest(10)] == ["g3", "g4", "g5", "g6"]
    box.close()


def test_games_kept_before_games_had_an_identity_get_one_from_their_content(
        tmp_path: Path) -> None:
    """An old history's games (game_id NULL) are sent too, each under an identity made from
    what the history keeps of it: the same at every reading (a new outbox, a history read
    again from its start), so the database's key keeps each once; two different games never
    share one."""
    played(tmp_path, 2, game_ids=False)
    played(tmp_path, 1, first=5)
    box = Outbox(tmp_path)
    assert box.fill(tmp_path / HISTORY_FILE) == 3
    first = [w.game_id for w in box.oldest(10)]
    box.close()
    assert first[2] == "g5" and len(set(first)) == 3
    assert all(game_id.startswith("before-ids-") for game_id in first[:2])
    (tmp_path / OUTBOX_FILE).unlink()
    again = Outbox(tmp_path)
    again.fill(tmp_path / HISTORY_FILE)
    assert [w.game_id for w in again.oldest(10)] == first
    again.close()


def test_a_damaged_outbox_is_moved_aside_and_filled_again(tmp_path: Path) -> None:
    played(tmp_path, 2)
    (tmp_path / OUTBOX_FILE).write_bytes(b"this is no database" * 100)
    box = Outbox(tmp_path)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("outbox") and
            p.name != OUTBOX_FILE and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is no database")
    assert box.fill(tmp_path / HISTORY_FILE) == 2
    box.close()
