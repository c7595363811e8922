"""A real table in a fleet, end to end: `seigneurs play` under the real kiosk.sh (which first
restarts a start that keeps crashing, five times: a crash loop in its notes), headless, bots
playing a Kids game, touched over real UDP by python-osc's TUIO sender, with `[fleet]`
pointing at a real PostgreSQL and serving metrics. Its games and kiosk.sh's restarts reach
the database, its metrics are scraped over HTTP (and by a real Prometheus where Debian's is
installed), every series the issue names is there and non-zero where the scene makes it so,
nothing else is served, and no line of its log shows the database password."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import pytest
from postgres_server import PASSWORD, PostgresServer, free_port, postgres
from prometheus_client.parser import text_string_to_metric_families
from tuio_client import Tuio2Tracker

REPO = Path(__file__).resolve().parent.parent
SERIES = {"seigneurs_games_finished_total", "seigneurs_frame_seconds_count",
          "seigneurs_crash_loops_total"}
"""What the real Prometheus must hold of the table."""
RESTARTS_PANEL = next(
    t["expr"] for panel in json.loads((REPO / "docs" / "grafana-fleet.json").read_text())
    ["panels"] for t in panel["targets"] if "seigneurs_restarts_total" in t.get("expr", ""))
"""The Grafana dashboard's restarts query, evaluated by the real Prometheus."""
T = TypeVar("T")
LIMIT = 240.0
"""Seconds for three adult bots to end a Kids game on a busy two-core machine (generous)."""


@pytest.fixture(scope="module")
def server() -> Iterator[PostgresServer]:
    with postgres() as started:
        yield started


def scrape(port: int, path: str = "/metrics") -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float | None:
    return found.get((name, tuple(sorted(labels.items()))))


def games_in_database(url: str) -> int:
    try:
        with psycopg.connect(url, connect_timeout=2) as connection:
            return int(connection.execute(
                "SELECT count(*) FROM seigneurs_games WHERE table_name = 'fleet-test'"
            ).fetchone()[0])
    except psycopg.Error:
        return 0  # the table has not made its tables yet


@pytest.mark.slow
def test_a_table_in_a_fleet_ships_its_games_and_serves_its_health(
        tmp_path: Path, server: PostgresServer) -> None:
    metrics_port, tuio_port = free_port(), free_port()
    config = tmp_path / "config.toml"
    url_file = tmp_path / "history-url"
    url_file.write_text(server.url() + "\n")
    url_file.chmod(0o600)
    config.write_text(f'[input]\ntuio = "127.0.0.1:{tuio_port}"\nmax_touches = 1\n'
                      f'[fleet]\nname = "fleet-test"\nhistory_url_file = "{url_file}"\n'
                      f'metrics = "127.0.0.1:{metrics_port}"\n')
    game = tmp_path / "game.sh"  # five starts crash (a crash loop), then the real game
    game.write_text(f"""#!/usr/bin/env bash
n=$(( $(cat {tmp_path / 'runs'} 2>/dev/null || echo 0) + 1 ))
echo "$n" > {tmp_path / 'runs'}
(( n <= 5 )) && exit 1
exec {sys.executable} -m seigneurs "$@"
""")
    game.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "SEIGNEURS_SESSION"}
    env.update(ARCADE_HEADLESS="1", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), SEIGNEURS_COMMAND=str(game),
               SEIGNEURS_RESTART_DELAY="0", SEIGNEURS_REST="0")
    log = tmp_path / "table.log"
    with log.open("w") as out:
        table = subprocess.Popen(
            [str(REPO / "kiosk.sh"), "--config", str(config), "--window",
             "480x270", "--variant", "kids", "--players", "3", "--bots", "3", "--level",
             "adult", "--input", "tuio"], env=env, stdout=out, stderr=subprocess.STDOUT,
            cwd=tmp_path)
        try:
            found = _play_until_shipped(table, metrics_port, tuio_port, server.url())
            assert scrape(metrics_port, "/")[0] == 404
            assert scrape(metrics_port, "/metrics/../admin")[0] == 404
            with _real_prometheus(tmp_path, metrics_port) as prometheus_port:
                prometheus = None if prometheus_port is None else _until(
                    lambda: _series(prometheus_port), lambda got: got.keys() >= SERIES,
                    "Prometheus scraped nothing from the table")
                # The game crashes (killed): kiosk.sh notes it and starts it again, which
                # serves one restart more and sends it to the database.
                os.kill(_game_of(table.pid), signal.SIGKILL)
                again = _until(lambda: samples(_scrape_or_empty(metrics_port)),
                               lambda got: value(got, "seigneurs_restarts_total") == 6,
                               "the restarted game served no sixth restart")
                _until(lambda: _restarts_in_database(server.url()), lambda n: n == (6, 1),
                       "the sixth restart did not reach the database")
                panel = None if prometheus_port is None else _until(
                    lambda: _values(prometheus_port, RESTARTS_PANEL),
                    lambda got: any(v >= 1 for v in got),
                    "the dashboard's restarts panel saw no restart")
            table.send_signal(signal.SIGTERM)  # kiosk.sh stops the game, then itself
            assert table.wait(30) == 0
        finally:
            if table.poll() is None:
                table.kill()
                table.wait(30)
    text = log.read_text()
    assert PASSWORD not in text, "the database password was written to the log"
    assert "a crash loop; resting 0 s" in text and "kiosk.sh: stopped by SIGTERM" in text
    assert "the game stopped with code 137; restarting" in text
    assert "stopped by SIGTERM: the game in progress stays resumable" in text
    assert value(found, "seigneurs_restarts_total") == 5
    assert value(found, "seigneurs_crash_loops_total") == value(again,
                                                                "seigneurs_crash_loops_total") == 1
    assert _restarts_in_database(server.url()) == (6, 1)
    assert "fleet: finished games also go to postgresql://table_user:***@" in text
    assert value(found, "seigneurs_table_info", table="fleet-test", version=_version()) == 1
    assert (value(found, "seigneurs_up_since_seconds") or 0) > time.time() - LIMIT - 60
    assert (value(found, "seigneurs_games_finished_total", variant="kids") or 0) >= 1
    assert value(found, "seigneurs_outbox_games") == 0
    assert (value(found, "seigneurs_last_game_end_seconds") or 0) > time.time() - LIMIT - 60
    assert (value(found, "seigneurs_data_free_bytes") or 0) > 0
    assert (value(found, "seigneurs_history_bytes") or 0) > 0
    assert (value(found, "seigneurs_frame_seconds_count") or 0) > 60
    tuio = f"tuio 127.0.0.1:{tuio_port}"
    for what in ("packets", "malformed", "storm_dropped"):
        assert (value(found, "seigneurs_touch_source_events_total", source=tuio, what=what)
                or 0) > 0, what
    # A stale touch replaced needs a silent tracker's ghost (the input tests make one); here
    # every finger is vouched for by its live tracker: the series is there, at 0.
    assert value(found, "seigneurs_touch_source_events_total", source=tuio,
                 what="stale_replaced") == 0
    if prometheus is not None:
        assert prometheus["seigneurs_games_finished_total"] >= 1
        assert prometheus["seigneurs_frame_seconds_count"] > 0
        assert prometheus["seigneurs_crash_loops_total"] == 1
        assert panel and max(panel) >= 1


def _play_until_shipped(table: subprocess.Popen[bytes], metrics_port: int, tuio_port: int,
                        url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Touch the table (two fresh fingers where one is allowed: the second waits, its events
    dropped; a datagram that is no OSC) until a game has ended and reached the database; the
    last scrape."""
    tracker = Tuio2Tracker("127.0.0.1", tuio_port)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as raw:
        deadline = time.monotonic() + LIMIT
        found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
        touching = 0  # frames with fingers down, counted once the table answers
        while time.monotonic() < deadline and table.poll() is None:
            tracker.frame({1: (0.2, 0.5, 0), 2: (0.8, 0.5, 0)} if 0 < touching < 5 else {})
            raw.sendto(b"not OSC at all", ("127.0.0.1", tuio_port))
            time.sleep(0.5)  # polling the table's state, not timing it
            status, text = (0, "")
            try:
                status, text = scrape(metrics_port)
            except OSError:
                continue  # not listening yet
            found = samples(text) if status == 200 else {}
            touching += bool(found)
            if games_in_database(url) and value(found, "seigneurs_outbox_games") == 0 and (
                    value(found, "seigneurs_games_finished_total", variant="kids") or 0) >= 1:
                assert all(line.startswith(("# HELP seigneurs_", "# TYPE seigneurs_",
                                            "seigneurs_"))
                           for line in text.splitlines() if line), "only the table's metrics"
                return found
    pytest.fail(f"no game reached the database within {LIMIT:.0f} s "
                f"(the table {'ended' if table.poll() is not None else 'ran'})")


def _version() -> str:
    from importlib.metadata import version

    return version("seigneurs")


@contextlib.contextmanager
def _real_prometheus(folder: Path, metrics_port: int) -> Iterator[int | None]:
    """Debian's Prometheus scraping the table each second; its query port. None (said in the
    output) where it is not installed."""
    binary = shutil.which("prometheus")
    if binary is None:
        print("Prometheus is not installed (apt-get install prometheus): scraped over HTTP only")
        yield None
        return
    store = Path(tempfile.mkdtemp(prefix="seigneurs-prom-", dir=folder))
    (store / "prometheus.yml").write_text(
        "global: {scrape_interval: 1s}\nscrape_configs:\n  - job_name: table\n"
        f"    static_configs: [{{targets: ['127.0.0.1:{metrics_port}']}}]\n")
    port = free_port()
    with (store / "log").open("w") as out:
        prometheus = subprocess.Popen(
            [binary, f"--config.file={store / 'prometheus.yml'}",
             f"--storage.tsdb.path={store / 'data'}", f"--web.listen-address=127.0.0.1:{port}"],
            stdout=out, stderr=subprocess.STDOUT)
        try:
            yield port
        finally:
            prometheus.terminate()
            prometheus.wait(30)


def _until(look: Callable[[], T], good: Callable[[T], bool], failing: str,
           limit: float = 120.0) -> T:
    """Look again every half second until `good` (a real server's state, not a timing)."""
    deadline = time.monotonic() + limit
    while True:
        found = look()
        if good(found):
            return found
        if time.monotonic() > deadline:
            pytest.fail(f"{failing} within {limit:.0f} s (last: {found!r:.500})")
        time.sleep(0.5)


def _query(port: int, query: str) -> list[dict[str, Any]]:
    try:
        with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/api/v1/query?query={urllib.request.quote(query)}",
                timeout=5) as answer:
            result: list[dict[str, Any]] = json.load(answer)["data"]["result"]
    except (OSError, KeyError, ValueError):
        return []
    return result


def _series(port: int) -> dict[str, float]:
    query = "{__name__=~\"" + "|".join(sorted(SERIES)) + "\"}"
    return {r["metric"]["__name__"]: float(r["value"][1]) for r in _query(port, query)}


def _values(port: int, query: str) -> list[float]:
    return [float(r["value"][1]) for r in _query(port, query)]


def _scrape_or_empty(port: int) -> str:
    try:
        status, text = scrape(port)
    except OSError:
        return ""  # the game between two runs: nothing listens
    return text if status == 200 else ""


def _game_of(kiosk: int) -> int:
    """The game kiosk.sh runs now (its one child)."""
    children = Path(f"/proc/{kiosk}/task/{kiosk}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def _restarts_in_database(url: str) -> tuple[int, int]:
    try:
        with psycopg.connect(url) as connection:
            found = connection.execute(
                "SELECT count(*), count(*) FILTER (WHERE crash_loop) FROM seigneurs_restarts "
                "WHERE table_name = 'fleet-test'").fetchone()
    except psycopg.Error:
        return (0, 0)
    assert found is not None
    return int(found[0]), int(found[1])
