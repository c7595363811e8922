"""Finished games reach a real PostgreSQL (Debian's, a throw-away cluster): each exactly once,
in the order they ended, through the outbox, across a server killed mid-backlog and a
shipper killed between the server's commit and its own note. Skipped, with the reason, where
the server is not installed."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from postgres_server import PASSWORD, PostgresServer, postgres

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.config import GameConfig
from seigneurs.kiosk.fleet import database
from seigneurs.kiosk.fleet.outbox import Outbox
from seigneurs.kiosk.fleet.shipper import Shipper
from seigneurs.kiosk.history import HISTORY_FILE, GameRecord, History, record_of
from seigneurs.tools.simulate import play_bot_game


@pytest.fixture(scope="module")
def server() -> Iterator[PostgresServer]:
    with postgres() as started:
        yield started


@pytest.fixture
def url(server: PostgresServer) -> Iterator[str]:
    yield server.url()
    with psycopg.connect(server.url(), autocommit=True) as connection:
        connection.execute("DROP TABLE IF EXISTS seigneurs_games, seigneurs_tables, "
                           "seigneurs_restarts CASCADE")


def finished_games(folder: Path, count: int, first: int = 0) -> list[str]:
    """`count` finished games in the table's real history file; their ids, in order."""
    history = History(folder / HISTORY_FILE)
    ids = []
    try:
        for n in range(first, first + count):
            game_id = f"game-{n:05d}"
            history.add(GameRecord(f"2026-11-{1 + n % 28:02d}T10:{n % 60:02d}:00+00:00",
                                   "lords", [{"seat": 0, "rule": "lords", "assisted": True,
                                              "bot": None}], [], [0], "train_complete",
                                   120.5, n, game_id=game_id))
            ids.append(game_id)
    finally:
        history.close()
    return ids


def rows(url: str, table: str = "table-1") -> list[str]:
    with psycopg.connect(url) as connection:
        return [row[0] for row in connection.execute(
            "SELECT game_id FROM seigneurs_games WHERE table_name = %s ORDER BY arrival",
            (table,))]


def test_a_real_game_arrives_with_its_record(tmp_path: Path, url: str) -> None:
    """A bot game played through the engine, recorded as the table records it, is one row
    with the table's name, variant, seats, results, duration and start time."""
    game = play_bot_game(GameConfig.for_players("lords", 3, 7), [BOT_LEVELS["adult"]] * 3)
    history = History(tmp_path / HISTORY_FILE)
    history.add(record_of(game, ["adult"] * 3, game_id="real-1"))
    history.close()
    shipper = Shipper(url, "table-1", tmp_path, "0.1.0")
    done = shipper.one_pass()
    assert (done.sent, done.waiting, done.error) == (1, 0, None)
    with psycopg.connect(url) as connection:
        variant, seats, winners, duration, started, finished = connection.execute(
            "SELECT variant, seats, winners, duration_s, started_at, finished_at "
            "FROM seigneurs_games WHERE game_id = 'real-1'").fetchone()
        seen = connection.execute("SELECT table_name, version FROM seigneurs_tables").fetchall()
    assert variant == "lords" and len(seats) == 3 and winners
    assert duration == pytest.approx(round(game.clock, 2))
    assert (finished - started).total_seconds() == pytest.approx(duration, abs=1e-3)
    assert seen == [("table-1", "0.1.0")]
    shipper.stop()


def test_killed_mid_backlog_every_game_arrives_once_in_order(
        tmp_path: Path, url: str, server: PostgresServer,
        caplog: pytest.LogCaptureFixture) -> None:
    """A week offline: 250 games wait. One batch goes, the server is killed (an immediate
    stop, as a crash), passes fail and keep the games; the server comes back and the rest go,
    each game once, in the order they ended; no line ever shows the password."""
    caplog.set_level(logging.DEBUG)
    ids = finished_games(tmp_path, 250)
    shipper = Shipper(url, "table-1", tmp_path, "0.1.0", batch=100)
    first = shipper.one_pass(batches=1)
    assert (first.sent, first.waiting) == (100, 150)
    server.kill()
    try:
        down = shipper.one_pass()
        assert down.sent == 0 and down.waiting == 150 and down.error
        ids += finished_games(tmp_path, 5, first=250)  # the table plays on meanwhile
        assert shipper.one_pass().error and shipper.failures == 2
    finally:
        server.start()
    back = shipper.one_pass()
    assert (back.sent, back.waiting, back.error) == (155, 0, None)
    assert rows(url) == ids
    assert PASSWORD not in caplog.text and "***" in caplog.text
    shipper.stop()


def test_a_kill_between_the_servers_commit_and_the_outbox_note_sends_nothing_twice(
        tmp_path: Path, url: str) -> None:
    """The shipper dies after the server committed a batch but before the outbox noted it:
    the next start sends that batch again and the unique key keeps one of each."""
    ids = finished_games(tmp_path, 30)
    outbox = Outbox(tmp_path)
    outbox.fill(tmp_path / HISTORY_FILE)
    with database.connect(url) as connection:
        database.make_schema(connection)
        assert database.send(connection, "table-1", outbox.oldest(20)) == 20
    outbox.close()  # ... and the process is gone: nothing was noted as sent
    shipper = Shipper(url, "table-1", tmp_path, "0.1.0")
    again = shipper.one_pass()
    assert (again.sent, again.waiting) == (10, 0)
    assert rows(url) == ids
    shipper.stop()


def test_two_tables_share_one_server_and_game_ids_stay_apart(tmp_path: Path, url: str) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        finished_games(tmp_path / name, 3)
        shipper = Shipper(url, name, tmp_path / name, "0.1.0")
        shipper.one_pass()
        shipper.stop()
    assert rows(url, "a") == rows(url, "b") == ["game-00000", "game-00001", "game-00002"]


def test_a_replaced_history_is_read_again_and_the_key_keeps_each_once(
        tmp_path: Path, url: str) -> None:
    """The history set aside (damaged) and begun anew: the outbox notices, reads it from its
    start, and the database keeps one row per game."""
    finished_games(tmp_path, 4)
    shipper = Shipper(url, "table-1", tmp_path, "0.1.0")
    assert shipper.one_pass().sent == 4
    (tmp_path / HISTORY_FILE).rename(tmp_path / "history.broken.sqlite3")
    finished_games(tmp_path, 2, first=2)  # games 2 and 3 again (kept elsewhere), then new
    finished_games(tmp_path, 1, first=10)
    assert shipper.one_pass().sent == 1
    assert len(rows(url)) == 5
    shipper.stop()


def test_games_kept_before_games_had_an_id_arrive_once(tmp_path: Path, url: str) -> None:
    """An old history's games (game_id NULL) are sent under an identity made from their
    content: sent again from a new outbox (the old one lost), the key keeps each once."""
    history = History(tmp_path / HISTORY_FILE)
    for n in range(3):
        history.add(GameRecord(f"2025-06-0{n + 1}T10:00:00+00:00", "kids", [], [], [0],
                               "train_complete", 60.0, n, game_id=None))
    history.close()
    shipper = Shipper(url, "table-1", tmp_path, "0.1.0")
    assert shipper.one_pass().sent == 3
    shipper.stop()
    (tmp_path / "outbox.sqlite3").unlink()
    again = Shipper(url, "table-1", tmp_path, "0.1.0")
    assert again.one_pass().sent == 0
    again.stop()
    sent = rows(url)
    assert len(sent) == 3 and all(game_id.startswith("before-ids-") for game_id in sent)


def test_the_thread_waits_for_a_server_that_is_not_there_yet(tmp_path: Path,
                                                             server: PostgresServer) -> None:
    """The worker thread starts while the server is down, backs off, and sends every game
    once it is up; a frame never waits for it (it runs in its own thread)."""
    ids = finished_games(tmp_path, 12)
    server.kill()
    try:
        shipper = Shipper(server.url(), "table-1", tmp_path, "0.1.0", first_delay=0.05,
                          poll=0.05)
        shipper.start()
        until = time.monotonic() + 60
        while shipper.failures < 2 and time.monotonic() < until:
            threading.Event().wait(0.05)
        assert shipper.failures >= 2 and shipper.waiting == 12
    finally:
        server.start()
    until = time.monotonic() + 60
    while shipper.waiting and time.monotonic() < until:
        threading.Event().wait(0.05)
    shipper.stop()
    assert rows(server.url()) == ids
    with psycopg.connect(server.url(), autocommit=True) as connection:
        connection.execute("DROP TABLE seigneurs_games, seigneurs_tables, seigneurs_restarts "
                           "CASCADE")


def test_tls_settings_pass_through_the_url(tmp_path: Path, server: PostgresServer) -> None:
    """sslmode reaches libpq as written: this server speaks no TLS, so `require` is refused
    by the driver, and the error is kept (password hidden) while the games wait."""
    finished_games(tmp_path, 1)
    shipper = Shipper(server.url(sslmode="require"), "table-1", tmp_path, "0.1.0")
    failed = shipper.one_pass()
    assert failed.error and "SSL" in failed.error and failed.waiting == 1
    assert PASSWORD not in failed.error
    shipper.stop()


def test_a_server_that_never_answers_times_out(tmp_path: Path) -> None:
    """A port that accepts and then says nothing: the pass ends after connect_timeout with the
    error, and the games wait (in the worker's thread: no frame waits for it)."""
    finished_games(tmp_path, 1)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        shipper = Shipper(f"postgresql://u:{PASSWORD}@127.0.0.1:{port}/x?connect_timeout=2",
                          "table-1", tmp_path, "0.1.0")
        failed = shipper.one_pass()
    assert failed.error and "timeout" in failed.error.lower() and failed.waiting == 1
    assert PASSWORD not in failed.error
    shipper.stop()


def test_a_wrong_password_is_refused_without_showing_it(tmp_path: Path,
                                                        server: PostgresServer) -> None:
    finished_games(tmp_path, 1)
    wrong = server.url().replace(PASSWORD, "not-the-Pa55word")
    failed = Shipper(wrong, "table-1", tmp_path, "0.1.0").one_pass()
    assert failed.error and "password authentication failed" in failed.error
    assert "not-the-Pa55word" not in failed.error
