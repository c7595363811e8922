"""A real, throw-away PostgreSQL for the fleet's tests: Debian's server binaries, a cluster
made by initdb in a temporary folder, owned and run by an unprivileged user (nobody, when the
tests run as root), on a private port of 127.0.0.1 and a socket in that folder. The tests
that use it are skipped, with the reason, where the binaries are not installed
(`apt-get install postgresql`; CI installs it)."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest

BOUNDED = {"connect_timeout": "20", "options": "-c statement_timeout=60000",
           "keepalives_idle": "10", "keepalives_interval": "5", "keepalives_count": "3",
           "tcp_user_timeout": "60000"}
"""Waits of the tests' connections: 20 s to connect (a loaded machine), a minute a statement,
a dead peer noticed within a minute."""
PASSWORD = "hunter2-s3cret"
"""The table user's password: no log line may ever show it."""


def server_bin() -> Path | None:
    """Where Debian keeps the newest server's binaries (initdb, pg_ctl), if installed."""
    for base in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (base / "initdb").exists() and (base / "pg_ctl").exists():
            return base
    found = shutil.which("pg_ctl")
    return Path(found).parent if found and shutil.which("initdb") else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One cluster: `start`, `kill` (an immediate stop, as a crash: recovery at the next
    start), `url` for the table user."""

    def __init__(self, folder: Path, binaries: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.bin = binaries
        self.port = free_port()
        self.user: str | None = "nobody" if os.geteuid() == 0 else None
        folder.chmod(0o755)
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        (folder / "pw").write_text("postgres-admin\n")
        self._run("initdb", "-D", str(self.data), "-U", "admin", "--auth=scram-sha-256",
                  f"--pwfile={folder / 'pw'}", "-E", "UTF8", "--no-sync")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(f"listen_addresses = '127.0.0.1'\nport = {self.port}\n"
                       f"unix_socket_directories = '{folder}'\nfsync = off\n"
                       "shared_buffers = 16MB\nmax_connections = 20\n")

    def _run(self, program: str, *args: str) -> str:
        command = [str(self.bin / program), *args]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder,
                              timeout=120, env={**os.environ, "PGPASSWORD": "postgres-admin"})
        if done.returncode:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")
        return done.stdout

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-w",
                  "-t", "60", "start")

    def kill(self) -> None:
        """Stop as a crash would: no shutdown checkpoint, connections cut mid-word."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def admin(self, sql: str) -> str:
        return self._run("psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "admin",
                         "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-At", "-c", sql)

    def url(self, database: str = "fleet", **params: str) -> str:
        """The table user's URL; every connection made with it has bounded waits (a test
        never hangs on a server gone or a lock held): `params` add to, or replace, those."""
        query = urlencode({**BOUNDED, **params}, quote_via=quote)
        return f"postgresql://table_user:{PASSWORD}@127.0.0.1:{self.port}/{database}?{query}"


@contextlib.contextmanager
def postgres() -> Iterator[PostgresServer]:
    """A started cluster with a database `fleet` that `table_user` owns; stopped and removed
    at the end. Its folder is made in the system's temporary folder (pytest's own is root's
    alone, where the unprivileged server could not reach)."""
    binaries = server_bin()
    if binaries is None:
        pytest.skip("PostgreSQL's server is not installed (apt-get install postgresql): "
                    "the fleet's database tests need a real one")
    folder = Path(tempfile.mkdtemp(prefix="seigneurs-pg-"))
    try:
        server = PostgresServer(folder, binaries)
        server.start()
        try:
            server.admin(f"CREATE ROLE table_user LOGIN PASSWORD '{PASSWORD}'")
            server.admin("CREATE DATABASE fleet OWNER table_user")
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
