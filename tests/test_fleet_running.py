"""Starting the fleet's parts beside the table: nothing without `[fleet]`; a part that cannot
start (a refused setting, an address taken) is one clear line in the log and stays off, and
the rest runs."""

from __future__ import annotations

import logging
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from seigneurs.kiosk.config import parse
from seigneurs.kiosk.fleet.running import start


def no_sources() -> list[dict[str, object]]:
    return []


def test_no_fleet_settings_start_nothing_and_import_no_driver() -> None:
    """A table with no fleet settings behaves as before: no thread, no port, no driver (in a
    fresh interpreter, where nothing else imported them)."""
    code = ("import sys, threading\n"
            "from seigneurs.kiosk.config import parse\n"
            "from seigneurs.kiosk.fleet.running import start\n"
            "fleet = start(parse({})[0], list)\n"
            "assert (fleet.shipper, fleet.metrics, fleet.problems, fleet.frame) == "
            "(None, None, (), None)\n"
            "print(sorted(m for m in ('psycopg', 'prometheus_client') if m in sys.modules),"
            " threading.active_count())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["[]", "1"]


def test_a_taken_metrics_address_is_said_and_the_rest_runs(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings, _ = parse({"fleet": {"metrics": f"127.0.0.1:{port}"}})
        fleet = start(settings, no_sources)
    assert fleet.metrics is None and f"127.0.0.1:{port} cannot be listened on" in caplog.text
    fleet.stop()


def test_a_refused_url_file_is_said_and_metrics_still_serve(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from dataclasses import replace

    secret = tmp_path / "url"
    secret.write_text("postgresql://t:pw@127.0.0.1/x\n")
    secret.chmod(0o640)
    settings, _ = parse({"fleet": {"history_url_file": str(secret), "metrics": "127.0.0.1:0"}})
    caplog.set_level(logging.INFO)
    fleet = start(replace(settings, data_dir=tmp_path), no_sources)
    try:
        assert fleet.shipper is None and "chmod 600" in caplog.text
        assert fleet.metrics is not None and fleet.metrics.address is not None
        port = fleet.metrics.address[1]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
            body = answer.read().decode()
        assert "seigneurs_table_info" in body and "seigneurs_outbox_games" not in body
        assert "pw@" not in caplog.text
    finally:
        fleet.stop()
