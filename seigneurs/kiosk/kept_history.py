"""The history as the running table holds it: opened at its first use, checked before every
use against what its name points at now, and set aside when damaged under the table.

Apart from `GameRecords` (which decides where each finished game goes) because this is one
job of its own: keeping one SQLite file open by what it is, not by its path. A history moved,
removed or replaced while the table runs is closed whole where it lies, and the next use
begins a new one at the name, where the next start looks.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from seigneurs.kiosk.history import (
    GameRecord,
    History,
    leftover_log,
    open_history,
    set_aside,
)
from seigneurs.kiosk.trouble import Kind, Part, Trouble, kind_of, move_aside


class KeptHistory:
    """One history file for a table's life; troubles go to `tell` (logged and shown there)."""

    def __init__(self, path: Path | None, now: Callable[[], datetime],
                 tell: Callable[[Trouble | None], None]) -> None:
        self.path = path  # None: nothing is kept (tests, the benchmark)
        self.now = now
        self.tell = tell
        self.history: History | None = None

    def open(self) -> None:
        """Open it when it is not open (a damaged file is set aside and a new one begun)."""
        if self.history is None and self.path is not None:
            self.history, trouble = open_history(self.path, self.now())
            self.tell(trouble)

    def record(self, record: GameRecord) -> bool:
        """Into the history (at most once per game); False when it cannot take it now."""
        self._check_moved()
        self.open()
        if self.history is None:
            return False
        try:
            self.history.add(record)
            return True
        except sqlite3.Error as error:
            self._failed(error)
        return False

    def recent(self, limit: int) -> list[GameRecord]:
        """The last `limit` games, newest first, for the adults' history screen; a history
        that cannot be read now is a trouble like a failed write (a damaged one is set aside),
        and the screen shows none rather than stopping the table."""
        self._check_moved()
        self.open()
        if self.history is None:
            return []
        try:
            return self.history.games(limit=limit)
        except sqlite3.Error as error:
            self._failed(error)
        return []

    def close(self) -> None:
        if self.history is not None:
            self.history.close()
            self.history = None

    def _check_moved(self) -> None:
        """The history file is no longer at its name (moved, removed, or something else put
        there): close it whole where it lies, set aside what stands in its place, and let the
        next use begin a new one at the name, where the next start looks."""
        if self.history is None:
            return
        change = self.history.displaced()
        if change is None:
            return
        lies, path = self.history.where(), self.history.path
        self.history.close()  # its write-ahead log folded into it, wherever it is now
        self.history = None
        leftover_log(path, lies, self.now())
        aside = None
        if path.exists() and not path.is_file():
            aside = move_aside(path, self.now(), "blocking")
        detail = f"{change}; the file is {f'now {lies}' if lies else 'gone'}"
        self.tell(Trouble(Part.HISTORY, Kind.MOVED, path, detail, aside))

    def _failed(self, error: sqlite3.Error) -> None:
        """The history refused a read or a write: said, and set aside when damaged under us
        (a new one is begun at the next use)."""
        assert self.history is not None
        trouble = Trouble(Part.HISTORY, kind_of(error), self.history.path, str(error))
        if trouble.kind is Kind.BROKEN:
            self.history.close()
            self.history = None
            trouble = replace(trouble, moved_to=set_aside(trouble.path, self.now()))
        self.tell(trouble)
