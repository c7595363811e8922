"""One table per data folder: `play` holds a lock (fcntl.flock) on `table.lock` in the data folder
for as long as it runs. A second table on the same folder would take the first one's live
journal for an interrupted game and move it aside; instead it stops in one line, naming the
process that holds the folder, with ALREADY_RUNS (kiosk.sh does not restart it).

The kernel lets go of the lock when the process ends however it ends (a SIGKILL, a power
cut's reboot), so a crashed table never locks out the next start."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

LOCK_FILE = "table.lock"
ALREADY_RUNS = 73
"""`play`'s exit code when another table holds the data folder (sysexits' EX_CANTCREAT: in
kiosk.sh's 64-78, never restarted by hand)."""


@dataclass(frozen=True, slots=True)
class Held:
    """The data folder is this process's while `fd` stays open."""

    path: Path
    fd: int | None  # None: the folder could not take a lock file (the table plays unkept)

    def release(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)


class AlreadyRuns(Exception):
    """Another table holds the data folder."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(f"another table already runs on {path.parent} ({holder}): one table "
                         "per data folder; stop that one first (sudo systemctl stop seigneurs)")


def hold(folder: Path) -> Held:
    """Take the data folder for this process, or raise AlreadyRuns. A folder that cannot hold
    a lock file (read-only, not a folder) is the journal's and history's trouble, said by
    them: the table plays without the lock there."""
    path = folder / LOCK_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as error:
        log.warning("%s: no lock for this table (%s)", path, error.strerror or error)
        return Held(path, None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the open file's: no other fd drops it
    except OSError:
        holder = _holder(fd)
        os.close(fd)
        raise AlreadyRuns(path, holder) from None
    with contextlib.suppress(OSError):  # who holds it, for the second table's line
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return Held(path, fd)


def _holder(fd: int) -> str:
    """`pid N` of the process holding the lock, as it wrote it (or as the kernel says)."""
    with contextlib.suppress(OSError, ValueError):
        written = os.pread(fd, 32, 0).decode("ascii").strip()
        if written.isdigit():
            return f"pid {int(written)}"
    return "a process that holds its lock"
