"""The games waiting to be sent to the fleet's database: a small SQLite file beside the
history (`outbox.sqlite3`), filled from the history itself by the shipper's thread.

The history stays the one truth: the outbox keeps a cursor (the last history row copied, and
that row's game id) in the same transaction as the rows it copied, so a kill at any moment
copies each game once or not yet, and a history replaced under the table (set aside when
damaged) is read again from its start: the database's unique key, not luck, keeps each game
once there. The outbox is bounded (`LIMIT` games): a table offline for years stops copying
and catches up from the history when the server is back, so nothing is lost and the disk
does not fill.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from seigneurs.kiosk.restarts import Notes, Restart
from seigneurs.kiosk.trouble import move_aside

log = logging.getLogger(__name__)

OUTBOX_FILE = "outbox.sqlite3"
LIMIT = 50_000
"""Games the outbox holds at most: about 50 MB, years of a busy table offline."""
COPY_AT_ONCE = 500
"""History rows copied in one transaction (a short one: the table's own writes wait less)."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS waiting (
    seq INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cursor (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    history_row INTEGER NOT NULL,
    history_game TEXT
);
INSERT OR IGNORE INTO cursor VALUES (1, 0, NULL);
CREATE TABLE IF NOT EXISTS restarts (
    at_us INTEGER PRIMARY KEY,
    note TEXT NOT NULL,
    sent INTEGER NOT NULL DEFAULT 0
);
"""
HISTORY_COLUMNS = ("id", "game_id", "finished_at", "variant", "seats", "trains", "winners",
                   "end_reason", "duration", "seed")


@dataclass(frozen=True, slots=True)
class Waiting:
    """One game to send: its place in the outbox, its identity and its record."""

    seq: int
    game_id: str
    game: dict[str, Any]


class Outbox:
    """The outbox file, used by one thread (the shipper's)."""

    def __init__(self, folder: Path, now: datetime | None = None) -> None:
        self.path = folder / OUTBOX_FILE
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as error:
            moved = move_aside(self.path, now or datetime.now(), "broken", ("-wal", "-shm"))
            log.warning("%s is damaged (%s): moved aside to %s; the games are copied again "
                        "from the history", self.path, error, moved)
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # a lost tail is copied again
            found = db.execute("PRAGMA quick_check").fetchone()[0]
            if found != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {found}")
            db.executescript(SCHEMA)
        except BaseException:
            db.close()
            raise
        return db

    def __len__(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM waiting").fetchone()[0])

    def fill(self, history: Path) -> int:
        """Copy the history's games after the cursor (as many as there is room for); how
        many were new. A missing history copies nothing; sqlite3 errors go to the caller."""
        room = min(COPY_AT_ONCE, LIMIT - len(self))
        if room <= 0 or not history.exists():
            return 0
        source = sqlite3.connect(f"file:{history}?mode=ro", uri=True, timeout=1.0)
        try:
            row, game = self.db.execute(
                "SELECT history_row, history_game FROM cursor").fetchone()
            if row and source.execute("SELECT game_id FROM games WHERE id = ?",
                                      (row,)).fetchone() != (game,):
                log.warning("%s is not the history the outbox read last (replaced?): it is "
                            "read again from its start; the database keeps each game once",
                            history)
                row = 0
            rows = source.execute(
                f"SELECT {', '.join(HISTORY_COLUMNS)} FROM games WHERE id > ? "
                "ORDER BY id LIMIT ?", (row, room)).fetchall()
        finally:
            source.close()
        if not rows:
            return 0
        added = 0
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            for values in rows:
                record = dict(zip(HISTORY_COLUMNS, values, strict=True))
                if record["game_id"] is None:
                    record["game_id"] = content_id(values)
                for key in ("seats", "trains", "winners"):
                    record[key] = json.loads(record[key])
                added += self.db.execute(
                    "INSERT OR IGNORE INTO waiting (game_id, game) VALUES (?, ?)",
                    (record["game_id"], json.dumps(record))).rowcount
            self.db.execute("UPDATE cursor SET history_row = ?, history_game = ?",
                            (rows[-1][0], rows[-1][1]))
        return added

    def oldest(self, count: int) -> list[Waiting]:
        """The `count` games waiting longest, oldest first (the order they are sent in)."""
        return [Waiting(seq, game_id, json.loads(game)) for seq, game_id, game in
                self.db.execute("SELECT seq, game_id, game FROM waiting ORDER BY seq LIMIT ?",
                                (count,))]

    def sent(self, games: list[Waiting]) -> None:
        """These games are in the database (committed there): no longer waiting."""
        with self.db:
            self.db.executemany("DELETE FROM waiting WHERE seq = ?", [(g.seq,) for g in games])

    def note_restarts(self, notes: Notes) -> int:
        """Take kiosk.sh's restart notes not seen before (each keyed by its exact time), and
        forget those sent that the notes no longer hold (kiosk.sh keeps its last lines only:
        this table stays as small); how many were new."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            added = sum(self.db.execute(
                "INSERT OR IGNORE INTO restarts (at_us, note) VALUES (?, ?)",
                (r.at_us, json.dumps(asdict(r)))).rowcount for r in notes.restarts)
            if notes.restarts and notes.unreadable is None:
                self.db.execute("DELETE FROM restarts WHERE sent = 1 AND at_us < ?",
                                (notes.restarts[0].at_us,))
        return added

    def unsent_restarts(self) -> list[Restart]:
        """The restarts not yet in the database, in the order they happened."""
        return [Restart(**json.loads(note)) for (note,) in self.db.execute(
            "SELECT note FROM restarts WHERE sent = 0 ORDER BY at_us")]

    def restarts_sent(self, restarts: list[Restart]) -> None:
        with self.db:
            self.db.executemany("UPDATE restarts SET sent = 1 WHERE at_us = ?",
                                [(r.at_us,) for r in restarts])

    def close(self) -> None:
        self.db.close()


def content_id(values: tuple[Any, ...]) -> str:
    """The identity of a game a history kept before games had one (game_id NULL): made from
    what the history keeps of it, as stored (not its row number, which a history read again
    from a copy may change), so it is the same at every reading and the database's key keeps
    the game once."""
    kept = json.dumps([values[HISTORY_COLUMNS.index(name)] for name in HISTORY_COLUMNS
                       if name not in ("id", "game_id")])
    return "before-ids-" + hashlib.sha256(kept.encode()).hexdigest()[:32]

