"""`seigneurs doctor`: is everything a table needs there? One check per line, each saying what
it found and, when something is wrong, what to type to mend it.

Each check looks at the real thing (the programs on PATH, the devices, the port, the files);
none changes what the table keeps (the data folder is made if missing, as the game would), so
the doctor can run on a table in use.
"""

from __future__ import annotations

import ctypes.util
import errno
import os
import shutil
import socket
import sqlite3
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from seigneurs.kiosk.admin_lock import AdminLock, Source, resolve
from seigneurs.kiosk.config import Problem, TableSettings, load, split_host_port
from seigneurs.kiosk.service import UNIT_NAME


@dataclass(frozen=True, slots=True)
class Check:
    """One thing the table needs, what was found, and the fix when it is wrong."""

    name: str
    ok: bool
    found: str
    fix: str = ""

    def line(self) -> str:
        fix = f" — fix: {self.fix}" if not self.ok and self.fix else ""
        return f"{'✓' if self.ok else '✗'} {self.name}: {self.found}{fix}"

    def to_json(self) -> dict[str, object]:
        return {"check": self.name, "ok": self.ok, "found": self.found, "fix": self.fix}


def _user() -> str:
    import pwd

    return pwd.getpwuid(os.geteuid()).pw_name


def table_user(euid: int, name: str) -> Check:
    if euid == 0:
        return Check("table user", False, "running as root (cage refuses root)",
                     "run the table as its own user: sudo ./kiosk.sh install --user table")
    return Check("table user", True, name)


def compositor() -> Check:
    if shutil.which("cage"):
        return Check("display", True, "cage, the kiosk compositor")
    if shutil.which("xinit"):
        return Check("display", True, "no cage: a bare X server (xinit) will be used",
                     "sudo apt install cage xwayland")
    return Check("display", False, "neither cage nor xinit is installed",
                 "sudo apt install cage xwayland")


def xwayland() -> Check:
    found = shutil.which("Xwayland")
    if found:
        return Check("Xwayland", True, found)
    return Check("Xwayland", False, "not installed (the game draws through X, also under cage)",
                 "sudo apt install xwayland")


def touch_panels(rows: list[tuple[str, str, bool, str]], user: str) -> Check:
    usable = [f"{name} ({path})" for path, name, ok, _why in rows if ok]
    if usable:
        return Check("touch panels", True, ", ".join(usable))
    denied = [path for path, _name, _ok, why in rows if "input" in why and "group" in why]
    if denied:
        return Check("touch panels", False, f"{len(denied)} device(s) this user may not read",
                     f"sudo usermod -aG input {user}, then start the table again")
    return Check("touch panels", False, "no touch panel found",
                 "plug the panel in (seigneurs devices says why each device is left out); "
                 "a TUIO tracker shows in seigneurs touch-test")


def tuio_port(settings: TableSettings) -> Check:
    if "tuio" not in settings.sources:
        return Check("TUIO port", True, "TUIO not read ([input] sources)")
    host, port = split_host_port(settings.tuio)
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.bind((host, port))
    except OSError as error:
        taken = error.errno == errno.EADDRINUSE
        return Check("TUIO port", False, f"{host}:{port} " + (
            "is taken" if taken else f"cannot be used ({error.strerror})"),
            "is the game already running? (sudo systemctl stop seigneurs) — or set another "
            "[input] tuio in the configuration")
    finally:
        probe.close()
    return Check("TUIO port", True, f"{host}:{port} free")


def configuration(path: Path, problems: list[Problem]) -> Check:
    if not path.exists() and not path.is_symlink():
        return Check("configuration", True, f"no file at {path}: the defaults")
    if problems:
        return Check("configuration", False, f"{len(problems)} problem(s) in {path}",
                     f"seigneurs config check {path}")
    return Check("configuration", True, f"{path}: ok")


def data_folder(folder: Path, user: str) -> Check:
    probe = folder / ".doctor-probe"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        return Check("data folder", False, f"{folder} cannot be written "
                     f"({error.strerror or error})", f"sudo chown -R {user} {folder}")
    return Check("data folder", True, f"{folder} writable")


def history(path: Path) -> Check:
    if not path.exists():
        return Check("history", True, "no games recorded yet")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=2)
        try:
            (verdict,) = db.execute("PRAGMA quick_check").fetchone()
        finally:
            db.close()
    except sqlite3.Error as error:
        verdict = str(error)
    if verdict == "ok":
        return Check("history", True, f"{path}: intact")
    return Check("history", False, f"{path}: {verdict}",
                 "the table moves it aside (dated) at its next start and begins a new one")


def sound(device_folder: Path, user: str) -> Check:
    library = ctypes.util.find_library("openal") or ctypes.util.find_library("pulse")
    if library is None:
        return Check("sound", False, "no OpenAL or PulseAudio library: the game plays silent",
                     "sudo apt install libopenal1")
    cards = sorted(p.name for p in device_folder.glob("pcm*")) if device_folder.is_dir() else []
    if not cards:
        return Check("sound", False, f"{library}, but no sound device in {device_folder}",
                     "plug in or switch on the speakers (check with aplay -l)")
    if not os.access(device_folder / cards[0], os.R_OK | os.W_OK):
        return Check("sound", False, f"{library}; {device_folder} is not this user's",
                     f"sudo usermod -aG audio {user}")
    return Check("sound", True, f"{library}, {len(cards)} device(s) in {device_folder}")


def assets(root: Path | None = None) -> Check:
    """Every card picture and sound the package ships, against its list (each resolution,
    marked and plain): there, a file, not too large, of its kind."""
    from seigneurs.art.assets import asset_trouble, package_list

    listed = package_list(root)
    wrong = [(path, why) for path in listed if (why := asset_trouble(path)) is not None]
    if not wrong:
        return Check("assets", True, f"all {len(listed)} card pictures and sounds")
    named = "; ".join(f"{path} ({why})" for path, why in wrong[:3])
    more = f" and {len(wrong) - 3} more" if len(wrong) > 3 else ""
    return Check("assets", False, f"{len(wrong)} of {len(listed)} missing or broken: {named}"
                 f"{more}", "put them back: git checkout assets (a clone), or seigneurs "
                 "make-assets (draws them all again)")


def admin_pin(lock: AdminLock) -> Check:
    if lock.source is Source.CONFIG:
        return Check("admin PIN", True, lock.line())
    fix = {Source.DEFAULT: "sudo ./kiosk.sh install (sets one), or seigneurs config set-pin",
           Source.KEPT: "mend the configuration (seigneurs config check), or seigneurs config "
                        "set-pin",
           Source.NONE: "seigneurs config set-pin (as the table's user): the running table "
                        "then opens with it (two corners, then that PIN)"}[lock.source]
    return Check("admin PIN", False, lock.line(), fix)


def service(run: Callable[[list[str]], str | None]) -> Check:
    """`run` gives a command's output, or None when it cannot run (no systemd here)."""
    enabled = run(["systemctl", "is-enabled", UNIT_NAME])
    if enabled is None:
        return Check("service", False, "systemd is not running here",
                     "the table boots into the game through systemd (Debian's default)")
    if enabled not in ("enabled", "static"):
        return Check("service", False, f"{UNIT_NAME} is {enabled or 'not installed'}",
                     "sudo ./kiosk.sh install")
    active = run(["systemctl", "is-active", UNIT_NAME]) or "unknown"
    return Check("service", active == "active", f"{UNIT_NAME} enabled, {active}",
                 "sudo systemctl start seigneurs (journalctl -u seigneurs says why it stopped)")


def _systemctl(argv: list[str]) -> str | None:
    if shutil.which(argv[0]) is None or not Path("/run/systemd/system").is_dir():
        return None
    done = subprocess.run(argv, capture_output=True, text=True, timeout=10)
    return done.stdout.strip()


def examine(config_path: Path, data: Path) -> list[Check]:
    """Every check, in the order an installer mends them."""
    from seigneurs.input.evdev_source import describe_devices

    user = _user()
    settings, problems = load(config_path if config_path.exists() else None)
    return [table_user(os.geteuid(), user), compositor(), xwayland(),
            touch_panels(describe_devices(), user), tuio_port(settings),
            assets(), configuration(config_path, problems), data_folder(data, user),
            history(data / "history.sqlite3"), sound(Path("/dev/snd"), user),
            admin_pin(resolve(settings, problems, data, config_path)), service(_systemctl)]
