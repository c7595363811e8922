"""What can go wrong with the files the table keeps (the history, the game in progress), said
once: which kind of trouble an error is, moving a bad file aside (dated, never deleted), and
the one line for the log, the admin menu and `seigneurs history`."""

from __future__ import annotations

import errno
import logging
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from seigneurs.bounded import Refused
from seigneurs.kiosk.i18n import text

log = logging.getLogger(__name__)


class Kind(StrEnum):
    """Why a kept file could not be used as it is."""

    BROKEN = "broken"  # garbage, truncated, not a database: moved aside, a new one begun
    LOCKED = "locked"  # another program holds it: kept until it lets go
    READ_ONLY = "read-only"  # the file or its folder cannot be written
    FULL = "full"  # no room left on the disk
    MOVED = "moved"  # moved, removed or replaced under the running table


class Part(StrEnum):
    """Which kept file."""

    HISTORY = "history"
    JOURNAL = "journal"
    RESERVE = "reserve"  # the room set aside at start for games nothing else can take
    GAME = "game"  # a finished game that reached no file at all


@dataclass(frozen=True, slots=True)
class Trouble:
    """A kept file that could not be used as it is, and what was done about it."""

    part: Part
    kind: Kind
    path: Path
    detail: str  # the error's own words, for the log
    moved_to: Path | None = None

    def line(self) -> str:
        """One line for the log and `seigneurs history`."""
        kept = f"; kept aside as {self.moved_to.name}" if self.moved_to else ""
        return f"{self.path}: {MEANING[self.part, self.kind]} ({self.detail}){kept}"

    def notice(self, language: str) -> str:
        """The adult's notice, in the table's language."""
        return text(language, f"{self.part}_{self.kind}").format(
            detail=self.moved_to.name if self.moved_to else self.path.name)


MEANING = {
    (Part.HISTORY, Kind.BROKEN): "the history was damaged; a new one was begun",
    (Part.HISTORY, Kind.LOCKED): "the history is held by another program; it takes no game "
                                 "until it lets go (each game's end says where it is kept)",
    (Part.HISTORY, Kind.READ_ONLY): "the history cannot be written; it takes no game until it "
                                    "can (each game's end says where it is kept)",
    (Part.HISTORY, Kind.FULL): "the disk is full; the history takes no game until there is "
                               "room (each game's end says where it is kept)",
    (Part.HISTORY, Kind.MOVED): "the history was moved, removed or replaced while the table "
                                "ran; it was closed whole and a new one is begun in its place",
    (Part.JOURNAL, Kind.BROKEN): "the interrupted game's file was damaged; it cannot be resumed",
    (Part.JOURNAL, Kind.READ_ONLY): "the game in progress cannot be saved (read-only); a power "
                                    "cut would lose it",
    (Part.JOURNAL, Kind.FULL): "the game in progress cannot be saved (disk full); a power cut "
                               "would lose it",
    (Part.RESERVE, Kind.READ_ONLY): "no room could be set aside for games that end when "
                                    "nothing else can be written (read-only)",
    (Part.RESERVE, Kind.FULL): "no room could be set aside for games that end when nothing "
                               "else can be written (disk full)",
    (Part.GAME, Kind.READ_ONLY): "a finished game could not be written anywhere (read-only): "
                                 "it is only in memory and lost if the table stops",
    (Part.GAME, Kind.FULL): "a finished game could not be written anywhere (disk full): it "
                            "is only in memory and lost if the table stops",
}
"""What each trouble means for the table, in words for the log (a journal is never locked:
only the table writes it)."""


def kind_of(error: BaseException) -> Kind:
    """Which kind of trouble an OSError or SQLite error is."""
    if isinstance(error, Refused):
        return Kind.BROKEN  # a folder, a device or a giant in the file's place: set aside
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return Kind.FULL
        return Kind.READ_ONLY  # EROFS, EACCES, EPERM, a folder that cannot be made
    words = str(error).lower()
    if "full" in words:
        return Kind.FULL
    if "locked" in words or "busy" in words:
        return Kind.LOCKED
    if "readonly" in words or "read-only" in words or "unable to open" in words:
        return Kind.READ_ONLY
    if isinstance(error, sqlite3.OperationalError) and "disk i/o" in words:
        return Kind.READ_ONLY
    return Kind.BROKEN  # not a database, malformed, a failed quick_check


def dated(path: Path, now: datetime, label: str) -> Path:
    """Where a bad or set-aside file goes: beside it, its name dated and labelled."""
    stamp = now.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    return candidate


def move_aside(path: Path, now: datetime, label: str = "broken",
               companions: tuple[str, ...] = ()) -> Path | None:
    """Rename `path` (and its `companions` suffixes, such as SQLite's -wal) to a dated name
    beside it; never deletes. None when it cannot be moved (a read-only folder). The
    companions go first: a new database must never meet the old one's write-ahead log."""
    target = dated(path, now, label)
    try:
        for suffix in companions:
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                extra.replace(target.with_name(target.name + suffix))
        path.replace(target)
    except OSError as error:
        log.warning("%s could not be moved aside: %s", path, error)
        return None
    return target
