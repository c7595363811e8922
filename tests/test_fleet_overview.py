"""`seigneurs fleet` and the doctor's fleet lines, against a real PostgreSQL: per table its
last seen time, games in the last day and games a day; the doctor reaches the server, counts
the outbox, finds the metrics endpoint bound or not, and never shows the password."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from postgres_server import PASSWORD, PostgresServer, free_port, postgres

from seigneurs.kiosk.config import parse
from seigneurs.kiosk.fleet import database
from seigneurs.kiosk.fleet.checks import fleet_checks
from seigneurs.kiosk.fleet.metrics import MetricsServer, TableCollector
from seigneurs.kiosk.fleet.outbox import Outbox
from seigneurs.kiosk.fleet.shipper import Shipper
from seigneurs.kiosk.history import HISTORY_FILE, GameRecord, History


@pytest.fixture(scope="module")
def server() -> Iterator[PostgresServer]:
    with postgres() as started:
        yield started


def played(folder: Path, when: list[datetime]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    history = History(folder / HISTORY_FILE)
    for n, at in enumerate(when):
        history.add(GameRecord(at.isoformat(timespec="seconds"), "kids", [], [], [0],
                               "train_complete", 60.0, n, game_id=f"{folder.name}-{n}"))
    history.close()


def test_fleet_shows_each_table_with_its_games_a_day(tmp_path: Path,
                                                     server: PostgresServer) -> None:
    now = datetime.now(UTC)
    played(tmp_path / "library", [now - timedelta(hours=1), now - timedelta(hours=2),
                                  now - timedelta(days=2)])
    played(tmp_path / "museum", [now - timedelta(days=3)])
    for name in ("library", "museum"):
        assert Shipper(server.url(), name, tmp_path / name, "0.1.0").one_pass().error is None
    command = [sys.executable, "-m", "seigneurs", "fleet", "--url", server.url(), "--days", "5"]
    shown = json.loads(subprocess.run([*command, "--json"], capture_output=True, text=True,
                                      check=True, timeout=120).stdout)
    tables = {t["table"]: t for t in shown["tables"]}
    assert (tables["library"]["games_last_day"], tables["library"]["games"]) == (2, 3)
    assert (tables["museum"]["games_last_day"], tables["museum"]["games"]) == (0, 1)
    assert sum(shown["games_a_day"]["library"].values()) == 3
    text = subprocess.run(command, capture_output=True, text=True, check=True,
                          timeout=120).stdout
    assert "2 tables in postgresql://table_user:***@" in text and PASSWORD not in text
    assert any(line.startswith("library") and " now " in line for line in text.splitlines())


def test_fleet_says_why_a_server_cannot_be_read(tmp_path: Path) -> None:
    url = f"postgresql://u:{PASSWORD}@127.0.0.1:{free_port()}/x"
    done = subprocess.run([sys.executable, "-m", "seigneurs", "fleet", "--url", url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 69 and "refused" in done.stderr.lower()
    assert PASSWORD not in done.stderr + done.stdout


def test_the_doctor_checks_the_fleet(tmp_path: Path, server: PostgresServer) -> None:
    played(tmp_path, [datetime.now(UTC)] * 2)
    Outbox(tmp_path).fill(tmp_path / HISTORY_FILE)  # two games waiting, none sent yet
    port = free_port()
    settings, _ = parse({"fleet": {"name": "doctor-table", "history_url": server.url(),
                                   "metrics": f"127.0.0.1:{port}"}})
    lines = {name: (ok, found) for name, ok, found, _fix in fleet_checks(settings, tmp_path)}
    assert lines["fleet database"][0] and "reached" in lines["fleet database"][1]
    assert lines["fleet outbox"] == (True, f"2 games waiting to be sent ({tmp_path}/"
                                           "outbox.sqlite3)")
    assert not lines["fleet metrics"][0] and "nothing answers" in lines["fleet metrics"][1]
    metrics = MetricsServer(TableCollector("doctor-table", "0.1.0", tmp_path, lambda: 2, list))
    metrics.serve("127.0.0.1", port)
    try:
        served = {name: ok for name, ok, _found, _fix in fleet_checks(settings, tmp_path)}
        assert served["fleet metrics"]
    finally:
        metrics.stop()
    wrong, _ = parse({"fleet": {"history_url": server.url().replace(PASSWORD, "guess")}})
    refused = {name: (ok, found) for name, ok, found, _ in fleet_checks(wrong, tmp_path)}
    assert not refused["fleet database"][0]
    assert "password authentication failed" in refused["fleet database"][1]
    assert all(PASSWORD not in found and "guess" not in found
               for _ok, found in [*lines.values(), *refused.values()])


def test_the_doctor_says_nothing_of_a_fleet_without_settings(tmp_path: Path) -> None:
    assert fleet_checks(parse({})[0], tmp_path) == []


def test_the_dashboards_sql_runs_on_the_fleets_schema(server: PostgresServer) -> None:
    """Every SQL query of docs/grafana-fleet.json runs on the schema the tables make (Grafana's
    time filter macro taken as true), so each column it names exists."""
    dashboard = json.loads((Path(__file__).parent.parent / "docs" / "grafana-fleet.json")
                           .read_text())
    queries = [t["rawSql"] for panel in dashboard["panels"] for t in panel["targets"]
               if "rawSql" in t]
    assert any("crash_loops_last_day" in sql for sql in queries)
    with database.connect(server.url()) as connection:
        database.make_schema(connection)
        for sql in queries:
            connection.execute(re.sub(r"\$__timeFilter\([^)]*\)", "TRUE", sql)).fetchall()
