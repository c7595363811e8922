"""The fleet's PostgreSQL: its tables and views (declared here once; `seigneurs fleet --sql`
prints them for a database the tables may not change), and sending games to it.

psycopg 3: the driver PostgreSQL's own community keeps, typed (mypy), with libpq's full
connection-string support (so every TLS setting, sslmode, sslrootcert, sslcert, passes through
the URL untouched) and a binary wheel that carries libpq, so a table needs no compiler or
Debian package for it. It is imported only when a URL is configured.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from seigneurs.kiosk.fleet.outbox import Waiting
from seigneurs.kiosk.restarts import Restart

if TYPE_CHECKING:
    import psycopg

CONNECT_TIMEOUT = 10
"""Seconds a connection may take (unless the URL says connect_timeout itself)."""
STATEMENT_TIMEOUT_MS = 30_000
"""A statement the server has not finished by then is cancelled: the worker backs off."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS seigneurs_games (
    table_name text NOT NULL,
    game_id text NOT NULL,
    started_at timestamptz NOT NULL,
    finished_at timestamptz NOT NULL,
    duration_s double precision NOT NULL,
    variant text NOT NULL,
    seats jsonb NOT NULL,
    trains jsonb NOT NULL,
    winners jsonb NOT NULL,
    end_reason text NOT NULL,
    seed bigint NOT NULL,
    arrival bigint GENERATED ALWAYS AS IDENTITY,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_name, game_id)
);
CREATE TABLE IF NOT EXISTS seigneurs_tables (
    table_name text PRIMARY KEY,
    version text NOT NULL,
    started_at timestamptz NOT NULL,
    last_seen timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS seigneurs_restarts (
    table_name text NOT NULL,
    at timestamptz NOT NULL,
    code integer NOT NULL,
    kind text NOT NULL,
    crash_loop boolean NOT NULL,
    ran_s integer NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_name, at)
);
CREATE OR REPLACE VIEW seigneurs_games_a_day AS
    SELECT table_name, (finished_at AT TIME ZONE 'UTC')::date AS day, count(*) AS games
    FROM seigneurs_games GROUP BY 1, 2;
CREATE OR REPLACE VIEW seigneurs_fleet AS
    SELECT t.table_name, t.version, t.started_at, t.last_seen,
           (SELECT max(g.finished_at) FROM seigneurs_games g
             WHERE g.table_name = t.table_name) AS last_game,
           (SELECT count(*) FROM seigneurs_games g WHERE g.table_name = t.table_name
             AND g.finished_at > now() - interval '1 day') AS games_last_day,
           (SELECT count(*) FROM seigneurs_games g
             WHERE g.table_name = t.table_name) AS games,
           (SELECT count(*) FROM seigneurs_restarts r WHERE r.table_name = t.table_name
             AND r.at > now() - interval '1 day') AS restarts_last_day,
           (SELECT count(*) FROM seigneurs_restarts r WHERE r.table_name = t.table_name
             AND r.crash_loop AND r.at > now() - interval '1 day') AS crash_loops_last_day,
           (SELECT max(r.at) FROM seigneurs_restarts r WHERE r.table_name = t.table_name
             AND r.crash_loop) AS last_crash_loop
    FROM seigneurs_tables t;
"""
INSERT = """
INSERT INTO seigneurs_games (table_name, game_id, started_at, finished_at, duration_s, variant,
                             seats, trains, winners, end_reason, seed)
VALUES (%s, %s, %s::timestamptz - make_interval(secs => %s), %s, %s, %s, %s, %s, %s, %s, %s)
ON CONFLICT (table_name, game_id) DO NOTHING
"""
RESTART = """
INSERT INTO seigneurs_restarts (table_name, at, code, kind, crash_loop, ran_s)
VALUES (%s, %s, %s, %s, %s, %s)
ON CONFLICT (table_name, at) DO NOTHING
"""
SEEN = """
INSERT INTO seigneurs_tables (table_name, version, started_at, last_seen)
VALUES (%s, %s, %s, now())
ON CONFLICT (table_name) DO UPDATE
SET version = excluded.version, started_at = excluded.started_at, last_seen = now()
"""


def connect(url: str, timeout: int = CONNECT_TIMEOUT) -> psycopg.Connection[Any]:
    """A connection by the URL as given (TLS settings and all), with bounded waits: `timeout`
    seconds to connect, a statement cut after `STATEMENT_TIMEOUT_MS`."""
    import psycopg

    extra: dict[str, Any] = {"application_name": "seigneurs"}
    # A server gone mid-answer (no reset ever comes) must not hold the worker for ever: TCP
    # keepalives and a send timeout end the wait; the URL's own values win.
    for name, value in (("connect_timeout", timeout), ("keepalives_idle", 30),
                        ("keepalives_interval", 10), ("keepalives_count", 3),
                        ("tcp_user_timeout", 60_000)):
        if name not in url:
            extra[name] = value
    connection = psycopg.connect(url, autocommit=False, **extra)
    connection.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
    connection.commit()
    return connection


def make_schema(connection: psycopg.Connection[Any]) -> None:
    """The tables and views, where missing (one transaction: all or none)."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(hashtext('seigneurs_schema'))")
        connection.execute(SCHEMA)


def send(connection: psycopg.Connection[Any], table: str, games: Sequence[Waiting]) -> int:
    """Insert these games in one transaction, in order; how many were new (the others were
    there already: sent before a kill took the outbox's note of it)."""
    from psycopg.types.json import Jsonb

    new = 0
    with connection.transaction(), connection.cursor() as cursor:
        for waiting in games:
            game = waiting.game
            cursor.execute(INSERT, (
                table, waiting.game_id, game["finished_at"], float(game["duration"]),
                game["finished_at"], float(game["duration"]), game["variant"],
                Jsonb(game["seats"]), Jsonb(game["trains"]), Jsonb(game["winners"]),
                game["end_reason"], int(game["seed"])))
            new += cursor.rowcount
    return new


def send_restarts(connection: psycopg.Connection[Any], table: str,
                  restarts: Sequence[Restart]) -> int:
    """kiosk.sh's restart notes, in one transaction; how many were new (the key, the table and
    the restart's exact time, keeps each once)."""
    new = 0
    with connection.transaction(), connection.cursor() as cursor:
        for restart in restarts:
            cursor.execute(RESTART, (table, restart.at, restart.code, restart.kind,
                                     restart.crash_loop, restart.ran))
            new += cursor.rowcount
    return new


def seen(connection: psycopg.Connection[Any], table: str, version: str,
         started_at: str) -> None:
    """The table is up: its last-seen time (and version) in `seigneurs_tables`."""
    with connection.transaction():
        connection.execute(SEEN, (table, version, started_at))

