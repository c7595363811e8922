"""What the `[fleet]` settings ask for, resolved once at start: the table's name, the database
URL (read from its 0600 file when given so) and the metrics address. A setting that cannot be
used is a `Refusal` with its reason, and that part of the fleet stays off: the table plays on
with its local history, exactly as a table with no fleet settings."""

from __future__ import annotations

import os
import socket
import stat
from dataclasses import dataclass
from pathlib import Path

from seigneurs.bounded import read_text
from seigneurs.kiosk.config import TableSettings, split_host_port
from seigneurs.kiosk.fleet.secrets import redact

URL_FILE_LIMIT = 4096
"""A database URL is a line; a bigger file is not one."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """A fleet setting that cannot be used, and why (said in the log and by the doctor)."""

    setting: str
    reason: str

    def __str__(self) -> str:
        return f"[fleet] {self.setting}: {self.reason}; the table keeps its local history only"


@dataclass(frozen=True, slots=True)
class FleetPlan:
    """The fleet parts to run: a database URL (None: no shipping), a metrics address (None:
    no endpoint), and what was refused."""

    table: str
    url: str | None = None
    metrics: tuple[str, int] | None = None
    refusals: tuple[Refusal, ...] = ()

    @property
    def wanted(self) -> bool:
        """Any fleet setting at all (else nothing of the fleet is loaded)."""
        return self.url is not None or self.metrics is not None or bool(self.refusals)

    def shown_url(self) -> str:
        return redact(self.url) if self.url else "(none)"


def plan(settings: TableSettings) -> FleetPlan:
    """Resolve the settings (reads the URL file, nothing else: no network here)."""
    refusals: list[Refusal] = []
    url: str | None = None
    if settings.history_url and settings.history_url_file:
        refusals.append(Refusal("history_url_file", "set together with history_url: keep "
                                "one (the file, to keep the password out of the config)"))
    elif settings.history_url:
        url = settings.history_url
    elif settings.history_url_file:
        url, refusal = read_url_file(Path(settings.history_url_file))
        if refusal is not None:
            refusals.append(refusal)
    metrics = None
    if settings.metrics:
        metrics = split_host_port(settings.metrics)
    return FleetPlan(settings.fleet_name or socket.gethostname(), url, metrics,
                     tuple(refusals))


def read_url_file(path: Path) -> tuple[str | None, Refusal | None]:
    """The URL in `path`, which must be a regular file that only its owner may read or write
    (0600 or 0400); else a refusal saying what to do."""
    name = "history_url_file"
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        return None, Refusal(name, f"{path} cannot be read ({error.strerror or error})")
    if not stat.S_ISREG(mode):
        return None, Refusal(name, f"{path} is not a file")
    if mode & 0o077:
        return None, Refusal(name, f"{path} may be read by others (mode "
                             f"{stat.S_IMODE(mode):04o}): chmod 600 {path}")
    try:
        text = read_text(path, URL_FILE_LIMIT, "the database URL").strip()
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return None, Refusal(name, f"{path} cannot be read ({type(error).__name__})")
    if not text.startswith(("postgresql://", "postgres://")) or "\n" in text:
        return None, Refusal(name, f"{path} does not hold one postgresql:// URL")
    return text, None
