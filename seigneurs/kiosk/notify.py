"""systemd's notify protocol, by hand (no extra package): READY at start, WATCHDOG while the
frames keep coming, so a hung game is restarted by systemd."""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)

STOPPED_BY_SIGTERM = 143
"""The exit code of a table systemd stopped (SIGTERM), closed cleanly: what a death by that
signal gives (128 + 15), so `kiosk.sh` treats it as it always has."""


class Notifier:
    """Talks to $NOTIFY_SOCKET when systemd set one; otherwise does nothing."""

    def __init__(self) -> None:
        address = os.environ.get("NOTIFY_SOCKET")
        self.address = "\0" + address[1:] if address and address.startswith("@") else address
        usec = os.environ.get("WATCHDOG_USEC", "")
        self.interval = int(usec) / 1e6 / 3 if usec.isdigit() else None
        self._last: float | None = None

    def send(self, state: str) -> bool:
        if not self.address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.connect(self.address)
                sock.sendall(state.encode())
        except OSError as error:
            log.warning("systemd notify failed: %s", error)
            return False
        return True

    def ready(self) -> None:
        self.send("READY=1")

    def alive(self, now: float) -> None:
        """Called every frame with the frame clock (seconds); pets the watchdog at once, then
        at a third of its period: frames that stop coming stop the petting."""
        if self.interval is None:
            return
        if self._last is None or now - self._last >= self.interval:
            self._last = now
            self.send("WATCHDOG=1")
