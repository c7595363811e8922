"""The doctor's fleet lines: the settings, the database reached, the outbox's length, the
metrics endpoint bound. None when no `[fleet]` setting is there (the doctor says what it
always said). Each line is (name, ok, found, fix), made into the doctor's `Check` there."""

from __future__ import annotations

import sqlite3
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seigneurs.kiosk.config import TableSettings
from seigneurs.kiosk.fleet import database
from seigneurs.kiosk.fleet.outbox import OUTBOX_FILE
from seigneurs.kiosk.fleet.plan import plan
from seigneurs.kiosk.fleet.secrets import scrub

if TYPE_CHECKING:
    import psycopg

Line = tuple[str, bool, str, str]
INSTALL = ".venv/bin/pip install -e '.[fleet]' in the table's repository"
DOCTOR_TIMEOUT = 5


def fleet_checks(settings: TableSettings, data: Path) -> list[Line]:
    wanted = plan(settings)
    if not wanted.wanted:
        return []
    lines: list[Line] = [("fleet settings", False, str(r), "mend it in the configuration")
                         for r in wanted.refusals]
    if wanted.url is not None:
        lines.append(_database(wanted.url, wanted.table))
        lines.append(_outbox(data / OUTBOX_FILE))
    if wanted.metrics is not None:
        lines.append(_metrics(*wanted.metrics))
    return lines


def _database(url: str, table: str) -> Line:
    from seigneurs.kiosk.fleet.secrets import redact

    shown = redact(url)
    try:
        import psycopg
    except ImportError:
        return ("fleet database", False, f"{shown}: the PostgreSQL driver is not installed",
                INSTALL)
    try:
        with database.connect(url, DOCTOR_TIMEOUT) as connection:
            server = connection.info.server_version
            games = connection.execute(
                "SELECT count(*) FROM seigneurs_games WHERE table_name = %s",
                (table,)).fetchone() if _has_games(connection) else None
    except psycopg.Error as error:
        said = " ".join(str(error).split())  # libpq's errors run over several lines
        return ("fleet database", False, f"{shown}: {scrub(said, url)}",
                "check the URL, that the server runs and that this machine may reach it")
    count = f", {games[0]} games of table {table!r} there" if games else \
        ", no games there yet"
    return ("fleet database", True, f"{shown} reached (PostgreSQL {server // 10000}){count}",
            "")


def _has_games(connection: psycopg.Connection[Any]) -> bool:
    found = connection.execute("SELECT to_regclass('seigneurs_games')").fetchone()
    return found is not None and found[0] is not None


def _outbox(path: Path) -> Line:
    if not path.exists():
        return ("fleet outbox", True, "empty (not made yet: the table has not run with it)", "")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1.0)
        try:
            waiting = int(db.execute("SELECT count(*) FROM waiting").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error as error:
        return ("fleet outbox", False, f"{path} cannot be read ({error})",
                "the table sets a damaged outbox aside itself at its next start")
    return ("fleet outbox", True, f"{waiting} games waiting to be sent ({path})", "")


def _metrics(host: str, port: int) -> Line:
    where = f"http://{host}:{port}/metrics"
    if port == 0:
        return ("fleet metrics", True, f"{host}:0: the table picks a port (its log says which)",
                "")
    try:
        with urllib.request.urlopen(where, timeout=DOCTOR_TIMEOUT) as answer:
            ok = answer.status == 200 and b"seigneurs_table_info" in answer.read()
    except (OSError, urllib.error.URLError) as error:
        return ("fleet metrics", False, f"nothing answers at {where} ({error})",
                "start the table; if it runs, its log says why the address could not be had")
    return ("fleet metrics", ok, f"served at {where}" if ok else
            f"{where} answers, but not with the table's metrics (another program?)",
            "choose a free port for [fleet] metrics")
