"""The game in progress, written down action by action, so a crash loses nothing: on the next
start the lobby offers to resume it by replaying its event log (the engine is deterministic),
and a journal whose game is over goes into the history.

The header carries the game's identity, so the history can refuse it twice. A finished game the
history could not take waits as `unrecorded-<id>.jsonl` until it can."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from seigneurs.bounded import MIB, read_bytes
from seigneurs.game import Action, replay
from seigneurs.game.factory import AnyGame
from seigneurs.kiosk.json_value import frozen, plain
from seigneurs.kiosk.trouble import Part, Trouble, kind_of, move_aside

log = logging.getLogger(__name__)

CURRENT = "current-game.jsonl"
WAITING = "unrecorded-{}.jsonl"
"""A finished game the history could not take yet, by its identity."""
JOURNAL_LIMIT = 16 * MIB
"""The largest journal read back: a whole game is tens of kilobytes."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A journal read back: its game replayed to its last whole action."""

    path: Path
    game: AnyGame
    game_id: str
    extra: Mapping[str, Any]  # the table's own notes: the seats (read-only, all the way down)
    written_at: datetime  # when its last action was written (the end, for a finished game)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", frozen(self.extra))

    @property
    def bots(self) -> list[str | None]:
        return bots_of(self.extra)


def bots_of(table: Mapping[str, Any]) -> list[str | None]:
    """Each seat's bot level (None: a child), from the table's notes the journal keeps."""
    return [seat.get("bot") for seat in table.get("seats", [])]


def read(path: Path) -> Pending:
    """Replay the journal at `path`; a line cut short by a crash is dropped. Raises OSError or
    ValueError when it cannot be read."""
    data = read_bytes(path, JOURNAL_LIMIT, "the game's journal").decode("utf-8")
    if not data.endswith("\n"):
        data = data[:data.rfind("\n") + 1]  # the crash cut the last line short
    lines = data.splitlines()
    if not lines:
        raise ValueError("empty journal")
    try:
        header = json.loads(lines[0])
        extra = header.get("table", {})
        game_id = str(header.get("game") or hashlib.sha1(lines[0].encode()).hexdigest())
    except (json.JSONDecodeError, AttributeError) as error:
        raise ValueError(f"journal header: {error}") from None
    when = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    return Pending(path, replay(lines), game_id, extra if isinstance(extra, dict) else {}, when)


def journal_game(path: Path) -> str | None:
    """The identity of the game a journal keeps (its header's), None when it has none."""
    try:
        with path.open("rb") as journal:
            header = json.loads(journal.readline())
    except (OSError, ValueError):
        return None
    game = header.get("game") if isinstance(header, dict) else None
    return str(game) if game else None


class Journal:
    """One file, `current-game.jsonl`: the header (config, identity, seats), then every action
    as it happens, each flushed at once so a killed process still leaves it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / CURRENT
        self._file: IO[str] | None = None
        self.trouble: Trouble | None = None  # why the game in progress is not being kept

    def start(self, game: AnyGame, game_id: str, extra: Mapping[str, Any]) -> Trouble | None:
        """Begin journaling `game` (its actions so far); the file is replaced whole, so a crash
        here leaves the old journal or the new one. The caller moves any other game aside."""
        self.close()
        header = json.loads(game.record()[0])
        header["game"] = game_id
        header["table"] = plain(extra)  # a resumed game's notes come back frozen
        fresh = self.path.with_name(CURRENT + ".new")
        try:
            with fresh.open("w", encoding="utf-8") as out:
                out.write(json.dumps(header) + "\n")
                out.writelines(json.dumps(a.to_json()) + "\n" for a in game.log)
                out.flush()
                os.fsync(out.fileno())
            fresh.replace(self.path)
            self._file = self.path.open("a", encoding="utf-8")
        except OSError as error:
            with contextlib.suppress(OSError):
                fresh.unlink(missing_ok=True)
            return self._failed(error)
        self.trouble = None
        return None

    def reopen(self) -> Trouble | None:
        """Append again after `close` (the adults' screens covered the game, which goes on)."""
        if self._file is not None or self.trouble is not None or not self.path.exists():
            return None
        try:
            self._file = self.path.open("a", encoding="utf-8")
        except OSError as error:
            return self._failed(error)
        return None

    def write(self, action: Action) -> Trouble | None:
        """Append one action, flushed at once; a failed write stops the journal (the game
        plays on) and says why, once."""
        if self._file is None:
            return None
        try:
            self._file.write(json.dumps(action.to_json()) + "\n")
            self._file.flush()
        except OSError as error:
            return self._failed(error)
        return None

    def _failed(self, error: OSError) -> Trouble:
        self.close()
        self.trouble = Trouble(Part.JOURNAL, kind_of(error), self.path, str(error))
        return self.trouble

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError as error:  # the last buffered bytes could not be written
                log.warning("%s: %s", self.path, error)
            self._file = None

    def finish(self) -> None:
        """The game ended (and is in the history) or was walked away from: forget it."""
        self.close()
        self.forget(self.path)

    def forget(self, path: Path) -> None:
        """Remove a journal whose game is settled (in the history, or walked away from)."""
        try:
            path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("%s could not be removed: %s", path, error)

    def keep_unrecorded(self, game_id: str) -> Path | None:
        """The game ended but the history cannot take it: keep its journal, under its
        identity, for the next try; where it is kept (the current name if it cannot be
        renamed), or None when it could not be made sure on the disk itself (a full disk
        can refuse even that: the caller keeps the game another way)."""
        self.close()
        try:
            with self.path.open("rb") as kept:
                os.fsync(kept.fileno())
        except OSError as error:
            log.warning("%s could not be made sure on disk: %s", self.path, error)
            return None
        target = self.folder / WAITING.format(game_id)
        try:
            self.path.replace(target)
        except OSError as error:
            log.warning("%s stays as it is: %s", self.path, error)
            return self.path
        try:
            sync_folder(self.folder)
        except OSError as error:
            log.warning("%s: the new name may not survive a power cut: %s", target, error)
        return target

    def waiting(self) -> list[Path]:
        """Journals of finished games the history has yet to take, oldest first."""
        found = [p for p in self.folder.glob(WAITING.format("*")) if p.is_file()]
        return sorted(found, key=lambda p: p.stat().st_mtime)

    def set_aside(self, path: Path, now: datetime, label: str) -> Path | None:
        """Move a journal out of the way under a dated name (never deleted)."""
        if path == self.path:
            self.close()
        return move_aside(path, now, label)


def sync_folder(folder: Path) -> None:
    """A rename on the disk itself (it lives in the folder)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
