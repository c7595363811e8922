"""The table's health for Prometheus: an exposition endpoint, off unless `[fleet] metrics`
names an address, serving the metrics alone (`/metrics`; every other path is 404, every
method but GET and HEAD 405).

Everything is read when scraped, in the server's thread: the frame pays only the frame-time
histogram's one observation. The touch counters are the sources' own, read as they stand.
No personal data: counts, times, sizes, the table's name and version.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Histogram, make_wsgi_app
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, InfoMetricFamily
from prometheus_client.registry import Collector

from seigneurs.kiosk.history import HISTORY_FILE
from seigneurs.kiosk.restarts import NotesWatch

log = logging.getLogger(__name__)

FRAME_BUCKETS = (0.010, 0.014, 0.017, 0.020, 0.025, 0.034, 0.050, 0.100, 0.250, 1.0)
"""Seconds between frames: 60 a second is 0.0167; one missed frame 0.033."""
Reports = Callable[[], Sequence[dict[str, Any]]]
"""The touch sources' reports (`input.report.source_report`), read at each scrape."""


class TableCollector(Collector):
    """The table's state, read at each scrape."""

    def __init__(self, table: str, version: str, folder: Path | None,
                 outbox: Callable[[], int | None], sources: Reports) -> None:
        self.table, self.version, self.folder = table, version, folder
        self.outbox, self.sources = outbox, sources
        self.up_since = time.time()
        self._notes = NotesWatch(folder) if folder is not None else None

    def collect(self) -> Iterator[Any]:
        yield InfoMetricFamily("seigneurs_table", "the table's name and version",
                               value={"table": self.table, "version": self.version})
        yield GaugeMetricFamily("seigneurs_up_since_seconds",
                                "when this run of the table started (Unix time)",
                                value=self.up_since)
        yield from self._history()
        yield from self._restarts()
        waiting = self.outbox()
        if waiting is not None:
            yield GaugeMetricFamily("seigneurs_outbox_games",
                                    "finished games waiting to be sent to the fleet database",
                                    value=waiting)
        touches = CounterMetricFamily("seigneurs_touch_source_events",
                                      "what each touch source received and dropped",
                                      labels=["source", "what"])
        for report in self.sources():
            source = str(report.get("address") or report.get("path") or report["kind"])
            name = f"{report['kind']} {source}" if source != report["kind"] else source
            for what, count in report.items():
                if isinstance(count, int) and not isinstance(count, bool):
                    touches.add_metric([name, what], count)
        yield touches

    def _history(self) -> Iterable[Any]:
        if self.folder is None:
            return
        yield GaugeMetricFamily("seigneurs_data_free_bytes", "free space in the data folder",
                                value=shutil.disk_usage(self.folder).free)
        path = self.folder / HISTORY_FILE
        size = sum(p.stat().st_size for p in (path, path.with_name(path.name + "-wal"))
                   if p.exists())
        yield GaugeMetricFamily("seigneurs_history_bytes", "the local history's size",
                                value=size)
        games = CounterMetricFamily("seigneurs_games_finished", "finished games in the local "
                                    "history, by variant", labels=["variant"])
        last = None
        if path.exists():
            try:
                db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.5)
                try:
                    for variant, count in db.execute(
                            "SELECT variant, count(*) FROM games GROUP BY variant"):
                        games.add_metric([variant], count)
                    last = db.execute("SELECT max(finished_at) FROM games").fetchone()[0]
                finally:
                    db.close()
            except sqlite3.Error as error:
                log.info("metrics: the history cannot be read now (%s)", error)
        yield games
        if last:
            yield GaugeMetricFamily("seigneurs_last_game_end_seconds", "when the last "
                                    "finished game ended (Unix time)",
                                    value=datetime.fromisoformat(last).timestamp())


    def _restarts(self) -> Iterable[Any]:
        """From kiosk.sh's notes: running counts, so a shortened file never lowers them."""
        if self._notes is None:
            return
        notes = self._notes.read()
        if notes.unreadable:
            log.info("metrics: the restart notes cannot be read now (%s)", notes.unreadable)
        yield CounterMetricFamily("seigneurs_restarts", "restarts of the game by kiosk.sh "
                                  "(crashes, the admin menu's restart)",
                                  value=notes.restarts_total)
        yield CounterMetricFamily("seigneurs_crash_loops", "crash loops kiosk.sh rested "
                                  "after (five crashes within two minutes)",
                                  value=notes.crash_loops_total)
        yield GaugeMetricFamily("seigneurs_restart_notes_skipped", "lines of kiosk.sh's "
                                "restart notes that could not be read", value=notes.skipped)
        if notes.restarts:
            yield GaugeMetricFamily("seigneurs_last_restart_seconds", "when kiosk.sh last "
                                    "restarted the game (Unix time)",
                                    value=notes.restarts[-1].at_us / 1e6)


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Scrapes are not logged: one a few seconds would drown the table's own lines."""


class _Threading(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class MetricsServer:
    """The endpoint: a registry of the table's metrics, served at `/metrics` only."""

    def __init__(self, collector: TableCollector) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.registry.register(collector)
        self.frames = Histogram("seigneurs_frame_seconds", "time between frames",
                                buckets=FRAME_BUCKETS, registry=self.registry)
        self._app = make_wsgi_app(self.registry)
        self._server: WSGIServer | None = None
        self.address: tuple[str, int] | None = None

    def frame(self, seconds: float) -> None:
        """One frame's time (the window's clock calls this each frame)."""
        self.frames.observe(seconds)

    def app(self, environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != "/metrics":
            start("404 Not Found", [("Content-Type", "text/plain")])
            return [b"only /metrics is served here\n"]
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            start("405 Method Not Allowed", [("Allow", "GET, HEAD")])
            return [b""]
        result: Iterable[bytes] = self._app(environ, start)
        return result

    def serve(self, host: str, port: int) -> tuple[str, int]:
        """Listen (OSError when the address cannot be had); the address bound."""
        self._server = make_server(host, port, self.app, _Threading, _Quiet)
        self.address = (host, self._server.server_address[1])
        threading.Thread(target=self._server.serve_forever, name="fleet-metrics",
                         daemon=True).start()
        log.warning("fleet: metrics at http://%s:%d/metrics", *self.address)
        return self.address

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
