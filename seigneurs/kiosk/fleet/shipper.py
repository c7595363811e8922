"""The worker that sends finished games to the fleet's database: its own thread, so a server
that refuses, times out or is gone never slows a frame.

Each pass copies the history's new games into the outbox, then sends the oldest waiting ones
in one transaction and only then notes them sent: a kill between the two sends them again,
and the database's unique key (table name, game id) keeps one. Games go in the order they
ended. After a failure the worker waits 1, 2, 4 ... up to 5 minutes (with a little jitter, so
ten tables do not knock together), then tries again; every message names the server by its
URL with the password hidden.
"""

from __future__ import annotations

import logging
import random
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seigneurs.kiosk.fleet import database
from seigneurs.kiosk.fleet.outbox import Outbox
from seigneurs.kiosk.fleet.secrets import redact, scrub
from seigneurs.kiosk.history import HISTORY_FILE
from seigneurs.kiosk.restarts import NotesWatch

if TYPE_CHECKING:
    import psycopg

log = logging.getLogger(__name__)

BATCH = 100
"""Games sent in one transaction."""
POLL = 5.0
"""Seconds between looks at the history while all is well (a game reaches the server within)."""
FIRST_DELAY = 1.0
LONGEST_DELAY = 300.0


@dataclass(frozen=True, slots=True)
class Pass:
    """What one pass did: games sent (new to the server), still waiting, and the error that
    stopped it (password hidden), if any."""

    sent: int
    waiting: int
    error: str | None = None


class Shipper:
    """Sends one table's games. `run` in a thread (`start`); tests call `one_pass`."""

    def __init__(self, url: str, table: str, folder: Path, version: str,
                 connect: Callable[[str], psycopg.Connection[Any]] = database.connect,
                 rng: random.Random | None = None, first_delay: float = FIRST_DELAY,
                 poll: float = POLL, batch: int = BATCH) -> None:
        self.url = url
        self.table = table
        self.folder = folder
        self.version = version
        self.started_at = datetime.now(UTC).isoformat()
        self._connect = connect
        self._rng = rng or random.Random()
        self.first_delay, self.poll, self.batch = first_delay, poll, batch
        self._connection: psycopg.Connection[Any] | None = None
        self._outbox: Outbox | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.failures = 0
        self.waiting = 0
        """Games in the outbox after the last pass (the metrics read it)."""
        self.last_error: str | None = None
        self.failing_since: datetime | None = None
        """When the server was first missed in the current run of failures (the admin's
        notice: "unreachable since ...")."""
        self.last_sent_at: datetime | None = None
        """When a game last reached the server (this run)."""
        self.restarts_sent = 0
        self._notes = NotesWatch(folder)
        self._notes_taken: tuple[int, int] | None = None

    @property
    def shown(self) -> str:
        return redact(self.url)

    def one_pass(self, batches: int | None = None) -> Pass:
        """Copy from the history, then send until the outbox is empty (or `batches` were
        sent: the tests stop mid-backlog) or the server fails."""
        try:
            outbox = self._open_outbox()
            outbox.fill(self.folder / HISTORY_FILE)
            self._take_notes(outbox)
            connection = self._connected()
            database.seen(connection, self.table, self.version, self.started_at)
            if restarts := outbox.unsent_restarts():
                self.restarts_sent += database.send_restarts(connection, self.table, restarts)
                outbox.restarts_sent(restarts)
            sent = 0
            while (batches is None or batches > 0) and (games := outbox.oldest(self.batch)):
                sent += database.send(connection, self.table, games)
                outbox.sent(games)
                outbox.fill(self.folder / HISTORY_FILE)
                batches = None if batches is None else batches - 1
            self.waiting = len(outbox)
            return self._went_well(sent)
        except sqlite3.Error as error:  # the outbox or the history: the disk, not the server
            return self._failed(f"the outbox or history cannot be read or written ({error})")
        except Exception as error:  # the driver's errors (and any other): logged, retried
            self._drop_connection()
            return self._failed(f"{type(error).__name__}: {error}")

    def _take_notes(self, outbox: Outbox) -> None:
        """kiosk.sh's restart notes into the outbox when they changed since last taken."""
        notes = self._notes.read()
        if self._notes.stamp != self._notes_taken:
            outbox.note_restarts(notes)
            self._notes_taken = self._notes.stamp

    def _went_well(self, sent: int) -> Pass:
        if self.failures:
            log.warning("fleet: %s reached again", self.shown)
        if sent:
            log.info("fleet: %d games sent to %s", sent, self.shown)
        if sent:
            self.last_sent_at = datetime.now(UTC)
        self.failures = 0
        self.last_error = None
        self.failing_since = None
        return Pass(sent, self.waiting)

    def _failed(self, what: str) -> Pass:
        self.failures += 1
        if self.failing_since is None:
            self.failing_since = datetime.now(UTC)
        self.last_error = scrub(what.strip().replace("\n", " "), self.url)
        self.waiting = self._count_waiting()
        log.warning("fleet: %s: %s; %d games wait in %s, next try in %.0f s", self.shown,
                    self.last_error, self.waiting, self.folder / "outbox.sqlite3",
                    self.delay())
        return Pass(0, self.waiting, self.last_error)

    def delay(self) -> float:
        """Seconds to wait before the next pass: `POLL` while all is well, else the back-off
        (1, 2, 4 ... 300 s, with up to a quarter more at random)."""
        if not self.failures:
            return self.poll
        base = min(LONGEST_DELAY, self.first_delay * 2 ** (self.failures - 1))
        return float(base * (1 + self._rng.random() / 4))

    def _open_outbox(self) -> Outbox:
        if self._outbox is None:
            self._outbox = Outbox(self.folder)
            self.waiting = len(self._outbox)
        return self._outbox

    def _count_waiting(self) -> int:
        try:
            return len(self._outbox) if self._outbox is not None else self.waiting
        except sqlite3.Error:
            return self.waiting

    def _connected(self) -> psycopg.Connection[Any]:
        if self._connection is None or self._connection.closed:
            self._connection = self._connect(self.url)
            database.make_schema(self._connection)
        return self._connection

    def _drop_connection(self) -> None:
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:  # a connection already broken: nothing more to close
                log.debug("fleet: closing a broken connection failed", exc_info=True)
            self._connection = None

    # The thread.

    def start(self) -> None:
        log.warning("fleet: finished games also go to %s as table %r", self.shown, self.table)
        self._thread = threading.Thread(target=self.run, name="fleet-shipper", daemon=True)
        self._thread.start()

    def run(self) -> None:
        while not self._stop.is_set():
            self.one_pass()
            self._stop.wait(self.delay())

    def stop(self, wait: float = 5.0) -> None:
        """Ask the thread to end and wait for it a little (a pass in a slow server's hands
        may outlast that: the thread is a daemon, and the outbox keeps what it had)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(wait)
            if self._thread.is_alive():
                return  # still in the driver: it ends with the process
        self._drop_connection()
        if self._outbox is not None:
            self._outbox.close()
            self._outbox = None
