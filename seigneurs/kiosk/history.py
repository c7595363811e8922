"""Every finished game, in SQLite (WAL, synchronous=FULL): one transaction per game, so a
kill at any moment leaves either the whole record or none of it, never a torn one. Each game
carries its identity (UNIQUE), so recording it again after a crash adds nothing."""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import sqlite3
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from seigneurs.bounded import GIB, check_file
from seigneurs.game import Game
from seigneurs.game.kinds import kind as kind_playing
from seigneurs.kiosk.json_value import frozen, plain
from seigneurs.kiosk.trouble import Kind, Part, Trouble, kind_of, move_aside

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    finished_at TEXT NOT NULL,
    variant TEXT NOT NULL,
    seats TEXT NOT NULL,
    trains TEXT NOT NULL,
    winners TEXT NOT NULL,
    end_reason TEXT NOT NULL,
    duration REAL NOT NULL,
    seed INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_finished_at ON games (finished_at);
"""
HISTORY_FILE = "history.sqlite3"
"""The history's name in the data folder."""
IDENTITY = "CREATE UNIQUE INDEX IF NOT EXISTS games_game_id ON games (game_id)"
COLUMNS = ("id", "finished_at", "variant", "seats", "trains", "winners", "end_reason",
           "duration", "seed", "game_id")
HISTORY_LIMIT = 2 * GIB
"""The largest history opened: a year of games is a few megabytes (seigneurs soak --year)."""
BUSY_WAIT = 1.0
"""Seconds a write waits for another program's lock: the frame waits with it, so briefly."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game as the history keeps it."""

    finished_at: str
    variant: str
    seats: Sequence[Mapping[str, Any]]  # kept as tuples of read-only mappings: a value
    trains: Sequence[Mapping[str, Any]]
    winners: Sequence[int]
    end_reason: str
    duration: float
    seed: int
    id: int | None = None
    game_id: str | None = None  # the journal's identity of the game: recorded at most once

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", frozen(self.seats))
        object.__setattr__(self, "trains", frozen(self.trains))
        object.__setattr__(self, "winners", tuple(self.winners))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "finished_at": self.finished_at, "variant": self.variant,
                "seats": plain(self.seats), "trains": plain(self.trains),
                "winners": list(self.winners),
                "end_reason": self.end_reason, "duration": self.duration, "seed": self.seed,
                "game_id": self.game_id}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """A record written by `to_json` (the reserve keeps games this way)."""
        return cls(str(data["finished_at"]), str(data["variant"]), list(data["seats"]),
                   list(data["trains"]), [int(w) for w in data["winners"]],
                   str(data["end_reason"]), float(data["duration"]), int(data["seed"]),
                   data.get("id"), data.get("game_id"))


def record_of(game: Game, bots: Sequence[str | None],
              finished_at: datetime | None = None, game_id: str | None = None) -> GameRecord:
    """The history record of a finished game: seats and rules, checked trains, winners."""
    config = game.config
    seats = [{"seat": s, "rule": str(config.seat_rule(s)), "assisted": config.seat_assisted(s),
              "bot": bots[s] if s < len(bots) else None} for s in range(game.seat_count)]
    trains, winners = kind_playing(game.variant).record(game)
    when = (finished_at or datetime.now(UTC)).isoformat(timespec="seconds")
    return GameRecord(when, game.variant.name, seats, trains, winners,
                      str(game.end_reason or "unfinished"), round(game.clock, 2), config.seed,
                      game_id=game_id)


class History:
    """The match history database. Opening it runs SQLite's `quick_check`: a damaged file
    raises here, at start, rather than mid-game (see `open_history`)."""

    def __init__(self, path: Path, timeout: float = BUSY_WAIT) -> None:
        self.path = path
        self._fd: int | None = None  # the file itself, whatever happens to its name
        _sound_file(path)
        self.db = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        try:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA journal_size_limit=0")  # a reset log gives its room back
            found = self.db.execute("PRAGMA quick_check").fetchone()[0]
            if found != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {found}")
            self.db.executescript(SCHEMA)
            if "game_id" not in {row[1] for row in self.db.execute("PRAGMA table_info(games)")}:
                self.db.execute("ALTER TABLE games ADD COLUMN game_id TEXT")  # older files
            self.db.execute(IDENTITY)
            self._fold_wal()
            self._fd = os.open(path, os.O_RDONLY)
        except BaseException:
            self.db.close()
            raise

    def displaced(self) -> str | None:
        """What became of the file's name since it was opened, when it no longer names this
        file (moved or removed, or another file or a folder put in its place); None while
        it does. The table looks before every use: SQLite goes on writing the file it opened,
        and its write-ahead log by the old name, where the next start would not find them."""
        if self._fd is None:
            return None
        opened = os.fstat(self._fd)
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            return "removed or moved away"
        if (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino):
            return None
        return "replaced by a folder" if stat.S_ISDIR(now.st_mode) else "replaced by another file"

    def where(self) -> Path | None:
        """Where the opened file is now (Linux knows a moved file's new name), None when it
        was removed or it cannot be told."""
        if self._fd is None:
            return None
        try:
            name = os.readlink(f"/proc/self/fd/{self._fd}")
        except OSError:
            return None
        return None if name.endswith(" (deleted)") else Path(name)

    def _fold_wal(self) -> None:
        """Fold a killed table's write-ahead log into the file and empty it: a process killed
        mid-game never checkpoints, and on a small disk the log would grow until it is full.
        Failing here (a full disk) loses nothing: the log stays and SQLite reads through it."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.OperationalError as error:
            log.warning("%s: the write-ahead log could not be folded in (%s)", self.path, error)

    def add(self, record: GameRecord) -> int | None:
        """Store one game, committed before returning; its id, or None when a game of the
        same `game_id` is already there (a retry after a crash)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cursor = self.db.execute(
                "INSERT INTO games (finished_at, variant, seats, trains, winners, end_reason,"
                " duration, seed, game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (record.finished_at, record.variant, json.dumps(plain(record.seats)),
                 json.dumps(plain(record.trains)), json.dumps(list(record.winners)),
                 record.end_reason,
                 record.duration, record.seed, record.game_id))
        self._pass_wal_on()
        return int(cursor.lastrowid or 0) if cursor.rowcount > 0 else None

    def _pass_wal_on(self) -> None:
        """Copy the game just committed from the write-ahead log into the file, without
        waiting for anyone: the next write then starts the log afresh (its room given back),
        so the log never grows game after game until a small disk is full (SQLite's own
        checkpoint comes only at 4 MiB). A failure here (a full disk) loses nothing."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.OperationalError as error:
            log.info("%s: the write-ahead log is not folded in yet (%s)", self.path, error)

    def games(self, since: str | None = None, limit: int | None = None) -> list[GameRecord]:
        """Games finished at or after `since` (ISO date or time), newest first."""
        query = f"SELECT {', '.join(COLUMNS)} FROM games"
        params: list[Any] = []
        if since:
            query += " WHERE finished_at >= ?"
            params.append(since)
        query += " ORDER BY finished_at DESC, id DESC"
        if limit:
            query += f" LIMIT {int(limit)}"
        return [GameRecord(row[1], row[2], json.loads(row[3]), json.loads(row[4]),
                           json.loads(row[5]), row[6], row[7], row[8], row[0], row[9])
                for row in self.db.execute(query, params)]

    def check(self) -> str:
        """SQLite's own integrity check ('ok' when sound)."""
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        """Fold the write-ahead log into the file, then let go: the file is whole on its own
        wherever it now lies (moved under the table too)."""
        if self._fd is not None:  # opened for writing (not `read_only`)
            self._fold_wal()
        self.db.close()
        if self._fd is not None:  # only now: closing it earlier would drop SQLite's locks
            os.close(self._fd)
            self._fd = None


def _sound_file(path: Path) -> None:
    """Refuse (bounded.Refused, an OSError) a history that is a folder, a device (a link to
    /dev/zero reads as an endless disk error) or larger than HISTORY_LIMIT; none yet is fine."""
    if path.exists() or path.is_symlink():
        check_file(path, HISTORY_LIMIT, "the history")


def as_csv(records: Sequence[GameRecord]) -> str:
    """The records as CSV, one row per game (lists as JSON in their cells)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for r in records:
        data = r.to_json()
        writer.writerow([r.id, r.finished_at, r.variant, json.dumps(data["seats"]),
                         json.dumps(data["trains"]), json.dumps(data["winners"]), r.end_reason,
                         r.duration, r.seed, r.game_id])
    return out.getvalue()


def set_aside(path: Path, now: datetime) -> Path | None:
    """Move a damaged history aside, dated, its write-ahead log and shared memory first (a new
    database must never meet the old one's log); where it went, or None if it could not move."""
    return move_aside(path, now, companions=("-wal", "-shm"))


def leftover_log(path: Path, lies: Path | None, now: datetime) -> None:
    """After a history moved under the table was closed: a write-ahead log SQLite could not
    fold in (a full disk) still lies by the old name. It belongs to the moved file: it goes
    beside it, under its name, so that file opens whole; with no such file (removed) it is
    set aside, dated. Never left for a new history at `path` to meet."""
    wal = path.with_name(path.name + "-wal")
    if not wal.is_file():
        return
    own = lies.with_name(lies.name + "-wal") if lies is not None else None
    if own is not None and not own.exists():
        try:
            wal.replace(own)
            return
        except OSError as error:
            log.warning("%s could not join %s: %s", wal, lies, error)
    move_aside(wal, now, "broken")


def open_history(path: Path, now: datetime, timeout: float = BUSY_WAIT,
                 ) -> tuple[History | None, Trouble | None]:
    """The history at `path`, come what may: a damaged file is moved aside (dated) and a new
    one begun; a locked, read-only or full one gives None for now. The trouble, if any, says
    what happened (the caller logs it and tells the adults)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return History(path, timeout), None
    except (sqlite3.Error, OSError) as error:
        trouble = Trouble(Part.HISTORY, kind_of(error), path, str(error))
    if trouble.kind is not Kind.BROKEN:
        return None, trouble
    moved = set_aside(path, now)
    if moved is None:
        return None, trouble
    trouble = replace(trouble, moved_to=moved)
    try:
        return History(path, timeout), trouble
    except (sqlite3.Error, OSError) as error:  # the folder broke too: play without history
        return None, Trouble(Part.HISTORY, kind_of(error), path, str(error), moved)


def read_only(path: Path) -> History:
    """The history opened for reading only, whatever the folder allows (`seigneurs history`
    on a read-only disk); raises sqlite3.Error when the file is not a sound database."""
    _sound_file(path)
    history = History.__new__(History)
    history.path = path
    history._fd = None
    history.db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True,
                                 isolation_level=None)
    try:
        found = history.db.execute("PRAGMA quick_check").fetchone()[0]
        if found != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {found}")
        history.db.execute("SELECT game_id FROM games LIMIT 1")
    except BaseException:
        history.db.close()
        raise
    return history


SET_ASIDE = {"broken": "a damaged file, kept aside", "interrupted": "an interrupted game, set "
             "aside when a new one was dealt", "blocking": "something put where the history "
             "belongs, set aside"}
"""The labels `move_aside` gives, in words for `seigneurs history`."""


def listing(path: Path, since: str | None = None) -> tuple[list[GameRecord] | None, list[str]]:
    """The games for `seigneurs history` (None when the history cannot be read), and one line
    for each thing an adult should know: why it cannot be read, files kept aside in its
    folder, finished games waiting there for it. Never raises for a bad file."""
    notes = []
    folder = path.parent
    if folder.is_dir():
        for kept in sorted(folder.iterdir()):
            label = kept.name.rpartition(".")[2].split("-")[0]
            if label in SET_ASIDE and not kept.name.endswith(("-wal", "-shm")):
                notes.append(f"{kept}: {SET_ASIDE[label]}")
        waiting = len(list(folder.glob("unrecorded-*.jsonl")))
        if waiting:
            notes.append(f"{folder}: {waiting} finished game(s) wait for the history; the "
                         "table adds them at its next start or game's end")
    if not path.exists():
        return [], notes
    try:
        history = History(path)
    except (sqlite3.Error, OSError) as error:
        trouble = Trouble(Part.HISTORY, kind_of(error), path, str(error))
        if trouble.kind is Kind.BROKEN:
            return None, [*notes, f"{trouble.line()}: the table keeps it aside and begins a "
                                  "new one at its next start"]
        try:
            history = read_only(path)
        except sqlite3.Error:
            return None, [*notes, trouble.line()]
        notes.append(trouble.line())
    try:
        return history.games(since=since), notes
    finally:
        history.close()
