"""`seigneurs fleet`: the fleet seen from its database, per table: version, last seen, games
in the last day, games a day, the last game, restarts and crash loops (kiosk.sh's notes).
Read with the same URL the tables write with (a reader's own URL works as well: the views are
plain SELECTs)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from seigneurs.kiosk.fleet import database


@dataclass(frozen=True, slots=True)
class TableLine:
    table: str
    version: str
    last_seen: datetime
    last_game: datetime | None
    games_last_day: int
    games: int
    restarts_last_day: int
    crash_loops_last_day: int
    last_crash_loop: datetime | None

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "version": self.version,
                "last_seen": self.last_seen.isoformat(),
                "last_game": self.last_game.isoformat() if self.last_game else None,
                "games_last_day": self.games_last_day, "games": self.games,
                "restarts_last_day": self.restarts_last_day,
                "crash_loops_last_day": self.crash_loops_last_day,
                "last_crash_loop": self.last_crash_loop.isoformat()
                if self.last_crash_loop else None}


def overview(url: str, days: int) -> tuple[list[TableLine], dict[str, dict[date, int]]]:
    """Each table's line, and its games a day over the last `days` days."""
    with database.connect(url) as connection:
        database.make_schema(connection)
        tables = [TableLine(*row) for row in connection.execute(
            "SELECT table_name, version, last_seen, last_game, games_last_day, games, "
            "restarts_last_day, crash_loops_last_day, last_crash_loop "
            "FROM seigneurs_fleet ORDER BY table_name")]
        per_day: dict[str, dict[date, int]] = {}
        for table, day, games in connection.execute(
                "SELECT table_name, day, games FROM seigneurs_games_a_day "
                "WHERE day > current_date - %s ORDER BY table_name, day", (days,)):
            per_day.setdefault(table, {})[day] = games
    return tables, per_day
