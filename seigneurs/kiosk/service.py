"""The systemd unit that boots the table into the game, and the table's log lines on stderr
(which the unit's journal keeps and the soaks read).

Recommended display stack: cage, a Wayland kiosk compositor, with Xwayland. It shows exactly
one full-screen application, has no desktop, panels or key bindings a child could find, and
quits when the application does (so systemd restarts the whole stack). pyglet draws through
Xwayland. Where cage is not installed, `kiosk.sh session` falls back to a bare X server
(xinit, no window manager).
"""

from __future__ import annotations

import logging
from pathlib import Path

UNIT_NAME = "seigneurs.service"


def show_logs() -> None:
    """What the table does, on stderr: the sources opened (where TUIO is heard), notices."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: "
                        "%(message)s")


def unit_text(repo: Path, user: str, tty: int = 1, watchdog_seconds: int = 30) -> str:
    """A system unit running `kiosk.sh session` as `user` on tty`tty`, restarted always."""
    return f"""\
[Unit]
Description=Seigneurs touch table (Les Seigneurs des Rails)
Documentation=file://{repo}/docs/kiosk.md
After=systemd-user-sessions.service plymouth-quit-wait.service
Conflicts=getty@tty{tty}.service

[Service]
Type=notify
NotifyAccess=all
User={user}
PAMName=login
TTYPath=/dev/tty{tty}
StandardInput=tty
StandardOutput=journal
StandardError=journal
WorkingDirectory={repo}
ExecStart={repo}/kiosk.sh session
Restart=always
RestartSec=3
WatchdogSec={watchdog_seconds}
TimeoutStartSec=300

[Install]
WantedBy=graphical.target
"""


def write_unit(path: Path, repo: Path, user: str) -> Path:
    """Write the unit file (the caller enables it with systemctl)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(unit_text(repo, user), encoding="utf-8")
    return path
