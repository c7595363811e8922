"""Restarts and crash loops from kiosk.sh's own notes (issue 30, item 2): the real kiosk.sh
restarts a game that keeps failing, notes each restart in the data folder (bounded; a torn
line skipped and counted), the metrics endpoint serves the counts, and each restart reaches a
real PostgreSQL once, so `seigneurs fleet` shows the table's crash loop."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from postgres_server import PostgresServer, postgres
from prometheus_client.parser import text_string_to_metric_families

from seigneurs.kiosk.doctor import Check, restarts
from seigneurs.kiosk.fleet.metrics import MetricsServer, TableCollector
from seigneurs.kiosk.fleet.shipper import Shipper
from seigneurs.kiosk.restarts import (
    RESTARTS_FILE,
    Notes,
    NotesWatch,
    parse_line,
    read_notes,
)

REPO = Path(__file__).resolve().parent.parent
TORN = '{"n":3,"loops":0,"at":17955'
"""A note cut by a power failure mid-write."""


def run_kiosk(home: Path, body: str) -> subprocess.CompletedProcess[str]:
    """The real kiosk.sh, its game a script that counts its runs ($n) then runs `body`; the
    data folder in `home`."""
    counter, game = home / "runs", home / "game.sh"
    counter.unlink(missing_ok=True)
    game.write_text(f"""#!/usr/bin/env bash
n=$(( $(cat {counter} 2>/dev/null || echo 0) + 1 ))
echo "$n" > {counter}
{body}
""")
    game.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "SEIGNEURS_SESSION"}
    env.update(SEIGNEURS_COMMAND=str(game), SEIGNEURS_RESTART_DELAY="0", SEIGNEURS_REST="0",
               XDG_DATA_HOME=str(home / "data"))
    return subprocess.run([str(REPO / "kiosk.sh")], env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def notes_file(home: Path) -> Path:
    return home / "data" / "seigneurs" / RESTARTS_FILE


def scrape(collector: TableCollector) -> dict[str, float]:
    server = MetricsServer(collector)
    host, port = server.serve("127.0.0.1", 0)
    try:
        with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=10) as answer:
            text = answer.read().decode()
    finally:
        server.stop()
    return {sample.name: sample.value for family in text_string_to_metric_families(text)
            for sample in family.samples}


def test_kiosk_sh_notes_each_restart_and_the_crash_loop(tmp_path: Path) -> None:
    """Run 2 asks for a restart (75); runs 1, 3-7 crash (code 3), the fifth crash within two
    minutes is a crash loop; run 4 finds a torn line at the file's end (a power cut mid-write):
    kiosk.sh counts on from the last whole line, the reader skips it and counts it."""
    done = run_kiosk(tmp_path, f"""(( n == 2 )) && exit 75
(( n == 4 )) && printf '%s\\n' '{TORN}' >> {notes_file(tmp_path)}
(( n < 8 )) && exit 3
exit 0""")
    assert done.returncode == 0, done.stderr
    notes = read_notes(tmp_path / "data" / "seigneurs")
    assert notes.skipped == 1 and notes.unreadable is None
    assert [(r.n, r.code, r.kind, r.crash_loop) for r in notes.restarts] == [
        (1, 3, "crash", False), (2, 75, "asked", False), (3, 3, "crash", False),
        (4, 3, "crash", False), (5, 3, "crash", False), (6, 3, "crash", True),
        (7, 3, "crash", False)]
    assert (notes.restarts_total, notes.crash_loops_total) == (7, 1)
    assert all(a.at_us < b.at_us for a, b in zip(notes.restarts, notes.restarts[1:],
                                                     strict=False))
    assert "a crash loop; resting 0 s" in done.stderr


def test_the_notes_stay_bounded_and_their_counts_never_fall(tmp_path: Path) -> None:
    """422 notes already kept (just under 40,000 bytes): the next restart passes the cap and
    the file keeps its last 200 lines; the running counts go on (a Prometheus counter must
    never fall)."""
    path = notes_file(tmp_path)
    path.parent.mkdir(parents=True)
    start = datetime(2026, 11, 1, tzinfo=UTC).timestamp()
    path.write_text("".join(
        f'{{"n":{n},"loops":{n // 100},"at":{start + n:.6f},"code":1,"kind":"crash",'
        f'"crash_loop":false,"ran":30}}\n' for n in range(1, 423)))
    assert 39_900 < path.stat().st_size <= 40_000
    done = run_kiosk(tmp_path, "(( n < 3 )) && exit 1; exit 0")
    assert done.returncode == 0, done.stderr
    notes = read_notes(path.parent)
    assert len(path.read_text().splitlines()) == len(notes.restarts) == 201
    assert notes.restarts[0].n == 224 and notes.restarts_total == 424
    assert notes.crash_loops_total == 4


def test_a_notes_file_that_is_a_link_to_a_device_is_left_alone(tmp_path: Path) -> None:
    """A link to /dev/zero in the notes' place would never end a read: not read, not
    written, one log line a restart, and the game restarted all the same."""
    path = notes_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    done = run_kiosk(tmp_path, "(( n < 3 )) && exit 1; exit 0")
    assert done.returncode == 0 and int((tmp_path / "runs").read_text()) == 3
    assert done.stderr.count("is not a regular file: this restart is not noted") == 2
    assert read_notes(path.parent).unreadable


def test_a_notes_folder_that_cannot_be_written_costs_one_log_line(tmp_path: Path) -> None:
    """The data folder's place is a file: the note cannot be written; the game is restarted
    all the same."""
    (tmp_path / "data").write_text("not a folder")
    done = run_kiosk(tmp_path, "(( n < 2 )) && exit 1; exit 0")
    assert done.returncode == 0 and int((tmp_path / "runs").read_text()) == 2
    assert done.stderr.count("could not note this restart") == 1


@pytest.mark.parametrize("line", [
    TORN, "", "garbage", "[]", '{"n":1}', '{"n":-1,"loops":0,"at":1,"code":1,"kind":"crash",'
    '"crash_loop":false,"ran":0}', '{"n":1,"loops":0,"at":1e40,"code":1,"kind":"crash",'
    '"crash_loop":false,"ran":0}', '{"n":1,"loops":0,"at":"NaN","code":1,"kind":"crash",'
    '"crash_loop":false,"ran":0}', '{"n":true,"loops":0,"at":1,"code":1,"kind":"crash",'
    '"crash_loop":false,"ran":0}', '{"n":1,"loops":0,"at":1,"code":1,"kind":"boom",'
    '"crash_loop":false,"ran":0}'])
def test_a_line_that_is_not_a_note_is_refused(line: str) -> None:
    assert parse_line(line) is None


def test_notes_bigger_than_kiosk_sh_keeps_are_not_read(tmp_path: Path) -> None:
    (tmp_path / RESTARTS_FILE).write_bytes(b"x" * 300_000)
    notes = read_notes(tmp_path)
    assert notes.restarts == () and notes.unreadable and "restart notes" in notes.unreadable
    assert read_notes(tmp_path / "nowhere") == Notes()


def test_the_metrics_serve_the_restarts_from_the_notes(tmp_path: Path) -> None:
    run_kiosk(tmp_path, f"""(( n == 4 )) && printf '%s\\n' '{TORN}' >> {notes_file(tmp_path)}
(( n < 7 )) && exit 1; exit 0""")
    served = scrape(TableCollector("t", "0.1.0", tmp_path / "data" / "seigneurs",
                                   lambda: None, list))
    assert served["seigneurs_restarts_total"] == 6
    assert served["seigneurs_crash_loops_total"] == 1
    assert served["seigneurs_restart_notes_skipped"] == 1
    last = read_notes(tmp_path / "data" / "seigneurs").restarts[-1]
    assert served["seigneurs_last_restart_seconds"] == pytest.approx(last.at_us / 1e6)


def test_the_notes_are_read_again_only_when_kiosk_sh_changed_them(tmp_path: Path) -> None:
    """A running table's scrapes and passes cost a stat: the same reading until kiosk.sh
    notes another restart."""
    watch = NotesWatch(tmp_path / "data" / "seigneurs")
    assert watch.read() == Notes() and watch.stamp is None
    run_kiosk(tmp_path, "(( n < 3 )) && exit 1; exit 0")
    first = watch.read()
    assert first.restarts_total == 2 and watch.read() is first
    run_kiosk(tmp_path, "(( n < 2 )) && exit 1; exit 0")
    assert watch.read().restarts_total == 3


def test_a_table_that_never_restarted_serves_zero_restarts(tmp_path: Path) -> None:
    served = scrape(TableCollector("t", "0.1.0", tmp_path, lambda: None, list))
    assert served["seigneurs_restarts_total"] == served["seigneurs_crash_loops_total"] == 0
    assert "seigneurs_last_restart_seconds" not in served


def test_the_doctor_names_a_crash_loop_of_the_last_day(tmp_path: Path) -> None:
    """The doctor reads the same notes: a crash loop in the last 24 h is a line to mend, with
    where to look; a day later it is only counted."""
    data = tmp_path / "data" / "seigneurs"
    assert restarts(data, datetime.now(UTC)) == Check("restarts", True, "none noted")
    run_kiosk(tmp_path, "(( n < 7 )) && exit 1; exit 0")
    now = datetime.now(UTC)
    loop = restarts(data, now)
    assert not loop.ok and "1 crash loop(s) in the last 24 h" in loop.found
    assert "6 in the last 24 h, 6 noted in all" in loop.found and "journalctl" in loop.fix
    later = restarts(data, now + timedelta(days=2))
    assert later.ok and later.found.startswith("0 in the last 24 h, 6 noted in all")
    notes_file(tmp_path).write_bytes(b"\xff" * 300_000)
    assert not restarts(data, now).ok


@pytest.fixture(scope="module")
def server() -> Iterator[PostgresServer]:
    with postgres() as started:
        yield started


def test_each_restart_reaches_the_database_once_and_fleet_shows_the_crash_loop(
        tmp_path: Path, server: PostgresServer) -> None:
    """The restarts go through the outbox to `seigneurs_restarts`, keyed by (table, time): a
    second pass, and a second crash loop noted after the first pass, add only the new ones;
    `seigneurs fleet` counts the table's crash loops of the last day."""
    url = server.url()
    data = tmp_path / "data" / "seigneurs"
    run_kiosk(tmp_path, "(( n < 7 )) && exit 1; exit 0")
    shipper = Shipper(url, "library-1", data, "0.1.0")
    try:
        assert shipper.one_pass().error is None and shipper.restarts_sent == 6
        assert shipper.one_pass().error is None and shipper.restarts_sent == 6
        run_kiosk(tmp_path, "(( n < 6 )) && exit 1; exit 0")  # a second crash loop
        assert shipper.one_pass().error is None and shipper.restarts_sent == 11
    finally:
        shipper.stop()
    with psycopg.connect(url) as connection:
        kept = connection.execute(
            "SELECT at, code, kind, crash_loop FROM seigneurs_restarts "
            "WHERE table_name = 'library-1' ORDER BY at").fetchall()
    notes = read_notes(data)
    assert [(r.at, r.code, r.kind, r.crash_loop) for r in notes.restarts] == [
        tuple(row) for row in kept]
    assert sum(row[3] for row in kept) == 2
    shown = subprocess.run([sys.executable, "-m", "seigneurs", "fleet", "--url", url,
                            "--json"], capture_output=True, text=True, timeout=120, check=True)
    table = {t["table"]: t for t in json.loads(shown.stdout)["tables"]}["library-1"]
    assert (table["restarts_last_day"], table["crash_loops_last_day"]) == (11, 2)
    last_loop = [r for r in notes.restarts if r.crash_loop][-1]
    assert datetime.fromisoformat(table["last_crash_loop"]) == last_loop.at
    text = subprocess.run([sys.executable, "-m", "seigneurs", "fleet", "--url", url],
                          capture_output=True, text=True, timeout=120, check=True).stdout
    assert "crash loops" in text.splitlines()[1]
    line = next(x for x in text.splitlines() if x.startswith("library-1"))
    assert line.split()[6:8] == ["11", "2"]  # after: version, now, never, 24 h, all
