"""The fleet's parts started beside the table, as the `[fleet]` settings ask: the shipper's
thread, the metrics endpoint. Whatever cannot start (a refused setting, the drivers not
installed, the address taken) is one clear line in the log and that part stays off; the
table plays on with its local history. With no fleet settings nothing here is imported."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from seigneurs.kiosk.config import TableSettings
from seigneurs.kiosk.fleet.plan import FleetPlan, plan
from seigneurs.kiosk.i18n import Notice, Words, text

if TYPE_CHECKING:
    from seigneurs.kiosk.fleet.metrics import MetricsServer, Reports
    from seigneurs.kiosk.fleet.shipper import Shipper

log = logging.getLogger(__name__)

INSTALL = ("install the fleet's drivers: .venv/bin/pip install -e '.[fleet]' in the table's "
           "repository (or pip install 'seigneurs[fleet]')")


def table_version() -> str:
    """The installed version (read only when a fleet part starts: it costs a start ~10 ms)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("seigneurs")
    except PackageNotFoundError:
        return "unknown"


@dataclass(slots=True)
class Fleet:
    """The parts running: each None when off."""

    plan: FleetPlan
    shipper: Shipper | None = None
    metrics: MetricsServer | None = None
    problems: tuple[str, ...] = ()

    @property
    def frame(self) -> Callable[[float], None] | None:
        """What the window calls with each frame's time, when metrics are served."""
        return self.metrics.frame if self.metrics is not None else None

    def notice(self, language: str) -> str:
        """The fleet's state for the admin menu, said when shown (so it is the state now):
        games waiting, the last game sent, the server unreachable since when, the metrics
        endpoint bound or not. Names no URL: the password cannot be in it."""
        shipper = self.shipper
        if shipper is None:  # not sending (no URL, or a problem that follows this notice)
            parts = [text(language, "fleet_table").format(table=self.plan.table)]
        else:  # each of the worker's values read once: it may change them meanwhile
            sent, failing = shipper.last_sent_at, shipper.failing_since
            parts = [text(language, "fleet_waiting").format(table=self.plan.table,
                                                            count=shipper.waiting),
                     text(language, "fleet_sent").format(when=_when(language, sent))
                     if sent else text(language, "fleet_none_sent")]
            if failing is not None:
                parts.append(text(language, "fleet_unreachable").format(
                    when=_when(language, failing)))
        if self.plan.metrics is not None:
            bound = self.metrics.address if self.metrics is not None else None
            parts.append(text(language, "fleet_metrics").format(
                address=f"{bound[0]}:{bound[1]}") if bound else text(language, "fleet_no_metrics"))
        return " · ".join(parts)

    def notices(self) -> list[Notice]:
        """What the admin menu shows of the fleet (nothing without `[fleet]`): its state,
        then each problem met at start."""
        if not self.plan.wanted:
            return []
        return [self, *(Words("fleet_problem", problem) for problem in self.problems)]

    def stop(self) -> None:
        if self.shipper is not None:
            self.shipper.stop()
        if self.metrics is not None:
            self.metrics.stop()


def _when(language: str, moment: datetime) -> str:
    """A moment in this machine's time, as the admin menu writes dates."""
    return moment.astimezone().strftime(text(language, "when"))


def start(settings: TableSettings, sources: Reports) -> Fleet:
    """Start what the settings ask for; problems are logged, and kept (the doctor's words)."""
    wanted = plan(settings)
    fleet = Fleet(wanted)
    if not wanted.wanted:
        return fleet
    problems = [str(refusal) for refusal in wanted.refusals]
    folder = settings.data_dir
    if wanted.url is not None and folder is None:
        problems.append("[fleet] history_url: this run keeps no history (no data folder): "
                        "nothing to send")
    elif wanted.url is not None and folder is not None:
        try:
            import psycopg  # noqa: F401 - only to know it is there before the thread starts

            from seigneurs.kiosk.fleet.shipper import Shipper
        except ImportError:
            problems.append(f"[fleet] history_url: the PostgreSQL driver is not installed: "
                            f"{INSTALL}; the table keeps its local history only")
        else:
            fleet.shipper = Shipper(wanted.url, wanted.table, folder, table_version())
            fleet.shipper.start()
    if wanted.metrics is not None:
        fleet.metrics, problem = _serve(wanted, folder, fleet, sources)
        if problem:
            problems.append(problem)
    for problem in problems:
        log.error("fleet: %s", problem)
    fleet.problems = tuple(problems)
    return fleet


def _serve(wanted: FleetPlan, folder: Path | None, fleet: Fleet, sources: Reports
           ) -> tuple[MetricsServer | None, str | None]:
    assert wanted.metrics is not None
    try:
        from seigneurs.kiosk.fleet.metrics import MetricsServer, TableCollector
    except ImportError:
        return None, f"[fleet] metrics: prometheus_client is not installed: {INSTALL}"

    def waiting() -> int | None:
        return fleet.shipper.waiting if fleet.shipper is not None else None

    server = MetricsServer(TableCollector(wanted.table, table_version(), folder, waiting,
                                          sources))
    host, port = wanted.metrics
    try:
        server.serve(host, port)
    except OSError as error:
        return None, (f"[fleet] metrics: {host}:{port} cannot be listened on "
                      f"({error.strerror or error}); no metrics are served")
    return server, None
