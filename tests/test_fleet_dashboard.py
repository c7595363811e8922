"""The Grafana dashboard in docs/ asks only for what the tables serve and the database holds:
each metric its Prometheus queries name is one the table exposes (with a game played and a
touch source, so every family is there), each view its SQL reads is declared in the fleet's
schema, and its PromQL parses (Debian's promtool, where installed)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from prometheus_client import generate_latest

from seigneurs.kiosk.fleet import database
from seigneurs.kiosk.fleet.metrics import MetricsServer, TableCollector
from seigneurs.kiosk.history import HISTORY_FILE, GameRecord, History

DASHBOARD = Path(__file__).parent.parent / "docs" / "grafana-fleet.json"
SUFFIXES = ("_bucket", "_count", "_sum", "_total", "_info")


def targets() -> list[dict[str, str]]:
    return [t for panel in json.loads(DASHBOARD.read_text())["panels"]
            for t in panel["targets"]]


def served(tmp_path: Path) -> set[str]:
    history = History(tmp_path / HISTORY_FILE)
    history.add(GameRecord("2026-11-24T10:00:00+00:00", "kids", [], [], [0], "train_complete",
                           60.0, 1, game_id="g"))
    history.close()
    report = {"kind": "tuio", "address": "127.0.0.1:3333", "packets": 3, "malformed": 1}
    server = MetricsServer(TableCollector("t", "0.1.0", tmp_path, lambda: 0, lambda: [report]))
    server.frame(0.016)
    text = generate_latest(server.registry).decode()
    return {line.split()[2] for line in text.splitlines() if line.startswith("# TYPE")}


def test_every_metric_the_dashboard_asks_for_is_served(tmp_path: Path) -> None:
    families = served(tmp_path)
    asked = {name for t in targets() if "expr" in t
             for name in re.findall(r"seigneurs_\w+", t["expr"])}
    assert asked
    for name in asked:
        family = next((name.removesuffix(s) for s in SUFFIXES if name.endswith(s)), name)
        assert name in families or family in families, name


def test_every_view_the_dashboard_reads_is_in_the_schema() -> None:
    read = {name for t in targets() if "rawSql" in t
            for name in re.findall(r"FROM (\w+)", t["rawSql"])}
    assert read == {"seigneurs_games_a_day", "seigneurs_fleet"}
    for name in read:
        assert f"VIEW {name} AS" in database.SCHEMA


def test_the_promql_parses(tmp_path: Path) -> None:
    promtool = shutil.which("promtool")
    if promtool is None:
        pytest.skip("promtool is not installed (apt-get install prometheus)")
    rules = {"groups": [{"name": "dashboard", "rules": [
        {"record": f"dashboard:query{n}", "expr": t["expr"]}
        for n, t in enumerate(t for t in targets() if "expr" in t)]}]}
    path = tmp_path / "rules.json"  # YAML is a superset of JSON
    path.write_text(json.dumps(rules))
    done = subprocess.run([promtool, "check", "rules", str(path)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
