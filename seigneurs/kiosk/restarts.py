"""The restart notes `kiosk.sh` keeps in the data folder (`restarts.log`): one JSON line per
restart of the game (when, its exit status, why, whether it was a crash loop), read here for
the metrics, the fleet's database and the doctor.

kiosk.sh writes them because it alone sees a run end; the game only reads. The file is small
(kiosk.sh keeps its last lines only) and read whole with a limit; a line that does not read
(a power cut mid-write, a hand edit) is skipped and counted, never an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path

from seigneurs.bounded import KIB, read_bytes

RESTARTS_FILE = "restarts.log"
"""Its name in the data folder (kiosk.sh's `notes_file` names the same)."""
NOTES_LIMIT = 256 * KIB
"""kiosk.sh keeps at most 400 lines of about 100 bytes."""
LAST_MOMENT_US = 253_402_300_800 * 1_000_000
"""The end of year 9999: a later time is not a restart's."""
KINDS = ("crash", "asked", "refused", "no-display")
"""Why the game was started again (kiosk.sh's run_loop decides, by the exit status)."""


@dataclass(frozen=True, slots=True)
class Restart:
    """One restart: `n` restarts and `loops` crash loops noted so far (running counts, so a
    shortened file keeps them), when (microseconds since 1970, exact: the fleet's key), the
    game's exit status, why, and how long the run had lasted."""

    n: int
    loops: int
    at_us: int
    code: int
    kind: str
    crash_loop: bool
    ran: int

    @property
    def at(self) -> datetime:
        return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=self.at_us)


@dataclass(frozen=True, slots=True)
class Notes:
    """What the notes file says: its restarts in the order written, the lines skipped, and
    why the file could not be read at all (None when it could, or is not there)."""

    restarts: tuple[Restart, ...] = ()
    skipped: int = 0
    unreadable: str | None = None

    @property
    def restarts_total(self) -> int:
        """Restarts noted since the file began (the last line's running count)."""
        return self.restarts[-1].n if self.restarts else 0

    @property
    def crash_loops_total(self) -> int:
        return self.restarts[-1].loops if self.restarts else 0

    def since(self, moment: datetime) -> tuple[Restart, ...]:
        start = round((moment - datetime(1970, 1, 1, tzinfo=UTC)) / timedelta(microseconds=1))
        return tuple(r for r in self.restarts if r.at_us >= start)


def parse_line(line: str) -> Restart | None:
    """One note, or None when the line is not one."""
    try:
        fields = json.loads(line, parse_float=Decimal)
        at = Decimal(fields["at"])
        restart = Restart(fields["n"], fields["loops"], int(at * 1_000_000), fields["code"],
                          fields["kind"], fields["crash_loop"], fields["ran"])
    except (ValueError, TypeError, KeyError, InvalidOperation, ArithmeticError):
        return None
    whole = (restart.n, restart.loops, restart.code, restart.ran)
    if not all(type(value) is int and value >= 0 for value in whole) or \
            type(restart.crash_loop) is not bool or restart.kind not in KINDS or \
            not 0 < restart.at_us < LAST_MOMENT_US:
        return None
    return restart


def read_notes(folder: Path) -> Notes:
    """The notes in `folder` (none when there is no file yet)."""
    path = folder / RESTARTS_FILE
    try:
        raw = read_bytes(path, NOTES_LIMIT, "kiosk.sh's restart notes")
    except FileNotFoundError:
        return Notes()
    except OSError as error:
        return Notes(unreadable=f"{path}: {error.strerror or error}")
    restarts: list[Restart] = []
    skipped = 0
    for line in raw.decode("utf-8", errors="replace").splitlines():
        if not line.strip():
            continue
        restart = parse_line(line)
        if restart is None:
            skipped += 1
        else:
            restarts.append(restart)
    return Notes(tuple(restarts), skipped)


class NotesWatch:
    """The notes in `folder`, read again only when the file changed (its time or size):
    kiosk.sh writes them between runs of the game, so a running table reads them once, and
    each later look (a scrape, a shipper's pass) costs one stat. (Reading a full file costs
    about 5 ms of CPU.)"""

    def __init__(self, folder: Path) -> None:
        self.path = folder / RESTARTS_FILE
        self.stamp: tuple[int, int] | None = None
        """The file's (mtime in ns, size) at the last reading; None: no file."""
        self._notes: Notes | None = None

    def read(self) -> Notes:
        try:
            found = self.path.stat()
            stamp: tuple[int, int] | None = (found.st_mtime_ns, found.st_size)
        except OSError:
            stamp = None
        notes = self._notes
        if notes is None or stamp != self.stamp:
            notes = read_notes(self.path.parent)
            self._notes, self.stamp = notes, stamp
        return notes
