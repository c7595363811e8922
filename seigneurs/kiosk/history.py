"""Every finished game, in SQLite (WAL, synchronous=FULL): one transaction per game, so a
kill at any moment leaves either the whole record or none of it, never a torn one."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from seigneurs.game import DuoGame, RaceGame

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
COLUMNS = ("id", "finished_at", "variant", "seats", "trains", "winners", "end_reason",
           "duration", "seed")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game as the history keeps it."""

    finished_at: str
    variant: str
    seats: list[dict[str, Any]]
    trains: list[dict[str, Any]]
    winners: list[int]
    end_reason: str
    duration: float
    seed: int
    id: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "finished_at": self.finished_at, "variant": self.variant,
                "seats": self.seats, "trains": self.trains, "winners": self.winners,
                "end_reason": self.end_reason, "duration": self.duration, "seed": self.seed}


def record_of(game: RaceGame | DuoGame, bots: Sequence[str | None],
              finished_at: datetime | None = None) -> GameRecord:
    """The history record of a finished game: seats and rules, checked trains, winners."""
    config = game.config
    seats = [{"seat": s, "rule": str(config.seat_rule(s)), "assisted": config.seat_assisted(s),
              "bot": bots[s] if s < len(bots) else None} for s in range(game.seat_count)]
    trains: list[dict[str, Any]]
    if isinstance(game, DuoGame):
        duo = game.outcome()
        trains = [{"locomotive": str(r.locomotive), "lengths": [c.length for c in r.checks],
                   "winner": r.winner} for r in duo.details.locomotives]
        winners = list(duo.winners)
    else:
        race = game.outcome()
        trains = [{"locomotive": str(game.locomotives[s]),
                   "wagons": [str(c) for c in game.train_cards(s)],
                   "checked": race.details.checks[s].length} for s in range(game.seat_count)]
        winners = list(race.winners)
    when = (finished_at or datetime.now(UTC)).isoformat(timespec="seconds")
    return GameRecord(when, game.variant.name, seats, trains, winners,
                      str(game.end_reason or "unfinished"), round(game.clock, 2), config.seed)


class History:
    """The match history database."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(path, timeout=10, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def add(self, record: GameRecord) -> int:
        """Store one game, committed before returning; returns its id."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cursor = self.db.execute(
                "INSERT INTO games (finished_at, variant, seats, trains, winners, end_reason,"
                " duration, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (record.finished_at, record.variant, json.dumps(record.seats),
                 json.dumps(record.trains), json.dumps(record.winners), record.end_reason,
                 record.duration, record.seed))
        return int(cursor.lastrowid or 0)

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
                           json.loads(row[5]), row[6], row[7], row[8], row[0])
                for row in self.db.execute(query, params)]

    def check(self) -> str:
        """SQLite's own integrity check ('ok' when sound)."""
        return str(self.db.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        self.db.close()


def as_csv(records: Sequence[GameRecord]) -> str:
    """The records as CSV, one row per game (lists as JSON in their cells)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for r in records:
        writer.writerow([r.id, r.finished_at, r.variant, json.dumps(r.seats),
                         json.dumps(r.trains), json.dumps(r.winners), r.end_reason, r.duration,
                         r.seed])
    return out.getvalue()
