"""Room set aside at start for finished games that nothing else can take: `reserve.bin`, a
file of zeros made whole while the disk has room and from then on only overwritten in place,
never grown or truncated. Writing into blocks a file already owns needs no new ones, so when
the disk is full to the last byte (or the history and the journal fail for any other reason)
a game that ends still reaches the disk here, one JSON line per game, fsynced. The next start
with room folds them into the history (each once: the history refuses a game id twice) and
zeroes the lines it took, in place.

A copy-on-write filesystem (btrfs, zfs) does need new blocks to overwrite: there the reserve
fails like the rest and the table says the game is only in memory.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from pathlib import Path

from seigneurs.kiosk.history import GameRecord
from seigneurs.kiosk.journal import sync_folder
from seigneurs.kiosk.trouble import Part, Trouble, kind_of

log = logging.getLogger(__name__)

RESERVE = "reserve.bin"
RESERVE_BYTES = 32 * 1024
"""About twenty finished games (a six-seat record is some 1.3 KB of JSON)."""


class Reserve:
    """The reserved file, open for overwriting in place."""

    def __init__(self, folder: Path, size: int = RESERVE_BYTES) -> None:
        self.path = folder / RESERVE
        self.size = size
        self._fd: int | None = None

    def make(self) -> Trouble | None:
        """Open the reserve, making it whole first if there is none (written as a new file,
        fsynced, then renamed into place: a kill leaves no half reserve under its name).
        An existing one keeps its size and its games. The trouble when there is no room."""
        if self._fd is not None:
            return None
        try:
            if not self.path.is_file():
                fresh = self.path.with_name(RESERVE + ".new")
                try:
                    with fresh.open("wb") as out:
                        out.write(bytes(self.size))
                        out.flush()
                        os.fsync(out.fileno())
                    fresh.replace(self.path)
                finally:
                    with contextlib.suppress(OSError):
                        fresh.unlink(missing_ok=True)
                sync_folder(self.path.parent)
            self._fd = os.open(self.path, os.O_RDWR)
            self.size = os.fstat(self._fd).st_size
        except OSError as error:
            return Trouble(Part.RESERVE, kind_of(error), self.path, str(error))
        return None

    def games(self) -> list[GameRecord]:
        """The games kept here, oldest first (a line a power cut tore is left out)."""
        if self._fd is None:
            return []
        try:
            data = self._read()
        except OSError as error:
            log.warning("%s could not be read: %s", self.path, error)
            return []
        return games_in(data, self.path)

    def keep(self, record: GameRecord) -> bool:
        """Write one finished game into the reserve, fsynced; False when there is no reserve,
        no room left in it, or the write fails."""
        if self._fd is None:
            return False
        line = (json.dumps(record.to_json(), separators=(",", ":")) + "\n").encode()
        try:
            used = self._used()
            if used + len(line) > self.size:
                log.warning("%s is full: %d bytes of %d used", self.path, used, self.size)
                return False
            os.pwrite(self._fd, line, used)
            os.fsync(self._fd)
        except OSError as error:
            log.warning("%s could not be written: %s", self.path, error)
            return False
        return True

    def clear(self) -> None:
        """Every game here is in the history: zero the written part, in place (a power cut
        midway leaves games the history already has, refused a second time)."""
        if self._fd is None:
            return
        try:
            used = len(self._read().partition(b"\0")[0])
            if used:
                os.pwrite(self._fd, bytes(used), 0)
                os.fsync(self._fd)
        except OSError as error:
            log.warning("%s could not be cleared: %s", self.path, error)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _read(self) -> bytes:
        assert self._fd is not None
        return os.pread(self._fd, self.size, 0)

    def _used(self) -> int:
        """Where the next game goes: after the last whole line (over a torn one)."""
        data = self._read().partition(b"\0")[0]
        return data.rfind(b"\n") + 1


def games_in(data: bytes, path: Path) -> list[GameRecord]:
    """The games in a reserve's bytes: its whole lines before the zeros."""
    whole = data.partition(b"\0")[0]
    whole = whole[:whole.rfind(b"\n") + 1]
    found = []
    for line in whole.decode("utf-8", errors="replace").splitlines():
        try:
            found.append(GameRecord.from_json(json.loads(line)))
        except (ValueError, KeyError, TypeError) as error:
            log.warning("%s: a line that is not a game is left out (%s)", path, error)
    return found


def reserved(folder: Path) -> list[GameRecord]:
    """The games a folder's reserve keeps, read without opening it for writing (a look from
    outside: `seigneurs history`, the soak)."""
    path = folder / RESERVE
    try:
        return games_in(path.read_bytes(), path) if path.is_file() else []
    except OSError:
        return []
