"""`seigneurs doctor`: is everything a table needs there? One check per line, each saying what
it found and, when something is wrong, what to type to mend it.

Each check looks at the real thing (the programs on PATH, the devices, the port, the files);
none changes what the table keeps (the data folder is made if missing, as the game would), so
the doctor can run on a table in use. Run by root, it checks the table's user's files, groups
and devices (the user of the installed unit, or `--user`), by their owners and modes, and
changes nothing there.
"""

from __future__ import annotations

import contextlib
import ctypes.util
import errno
import os
import shutil
import socket
import sqlite3
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from seigneurs.kiosk.admin_lock import AdminLock, Source, resolve
from seigneurs.kiosk.card_size import ASSUMED, SmallCards, panel_mode, tenths
from seigneurs.kiosk.config import Problem, TableSettings, load, split_host_port
from seigneurs.kiosk.service import UNIT_NAME
from seigneurs.table.layout import MIN_CARD_CM, TableLayout


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


@dataclass(frozen=True, slots=True)
class Whose:
    """The user whose table is checked: the one running the doctor, or (run by root) the
    table's user, whose files and devices are judged by their owners and modes."""

    name: str
    uid: int
    gids: frozenset[int]
    home: Path

    @property
    def other(self) -> bool:
        """Checked on that user's behalf (by root), not as that user."""
        return self.uid != os.geteuid()

    def may(self, path: Path, want: int) -> bool:
        """Whether this user may read (4), write (2) or both (6) `path`, by its mode bits."""
        if not self.other:
            return os.access(path, (os.R_OK if want & 4 else 0) | (os.W_OK if want & 2 else 0))
        info = path.stat()
        shift = 6 if info.st_uid == self.uid else 3 if info.st_gid in self.gids else 0
        return self.uid == 0 or (info.st_mode >> shift) & want == want


def whose(name: str | None = None) -> Whose:
    """`name`'s (default: this process's user) identity, groups and home."""
    import pwd

    entry = pwd.getpwnam(name) if name else pwd.getpwuid(os.geteuid())
    gids = frozenset(os.getgrouplist(entry.pw_name, entry.pw_gid))
    return Whose(entry.pw_name, entry.pw_uid, gids, Path(entry.pw_dir))


def unit_user(unit: Path) -> str | None:
    """The `User=` of the installed unit (the table's user), if there is one."""
    from seigneurs.bounded import KIB, read_text

    try:
        text = read_text(unit, 64 * KIB, "the unit")
    except (OSError, UnicodeDecodeError):
        return None
    return next((line.split("=", 1)[1].strip() for line in text.splitlines()
                 if line.startswith("User=")), None)


def table_user(euid: int, name: str, checked: Whose | None = None) -> Check:
    if checked is not None and checked.other:
        return Check("table user", checked.uid != 0, f"{checked.name}: checked by root for "
                     f"that user (files under {checked.home})",
                     "sudo ./kiosk.sh install --user table")
    if euid == 0:
        return Check("table user", False, "running as root, and no table user found to check "
                     "for: these are root's own files (cage refuses root)",
                     "run the table as its own user: sudo ./kiosk.sh install --user table (then "
                     "sudo seigneurs doctor checks that user's), or seigneurs doctor --user NAME")
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


def touch_panels(rows: list[tuple[str, str, bool, str]], user: str,
                 checked: Whose | None = None) -> Check:
    if checked is not None and checked.other:  # root saw them all: may the user read them?
        denied = [path for path, _name, ok, _why in rows if ok and not checked.may(Path(path), 4)]
        if denied:
            return Check("touch panels", False, f"{len(denied)} panel(s) {user} may not read",
                         f"sudo usermod -aG input {user}, then start the table again")
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


def card_size(settings: TableSettings, mode: tuple[int, int] | None = None) -> Check:
    """A card's size on the configured panel, by the layout the game draws with, at the
    panel's own picture (`mode`, read from the kernel) or, when unknown, 1920x1080. A panel
    too small for MIN_CARD_CM cards gets smaller ones (`table.layout`): the check then fails,
    with the panel that gives them (docs/kiosk.md, "Cards for small fingers")."""
    width, height = mode or ASSUMED
    layout = TableLayout.build(width, height, settings.diagonal_inches, settings.layout)
    cm = layout.px_per_cm
    room = layout.free.w * layout.free.h / (layout.card_w * layout.card_h)
    picture = f"{width}x{height}" + ("" if mode else " assumed (no display connected)")
    found = (f"a card is {tenths(layout.card_w / cm):.1f} by {tenths(layout.card_h / cm):.1f} "
             f"cm on the {settings.diagonal_inches:g}-inch panel at {picture}, the middle holds "
             f"{room:.0f} cards side by side")
    small = SmallCards.of(layout, settings.diagonal_inches)
    if small is not None:
        return Check("card size", False, f"{found}: under the {MIN_CARD_CM:g} cm research "
                     "advises for three-year-olds' fingers", f"a panel of {small.panel} inches "
                     "or more, or check [table] diagonal_inches")
    return Check("card size", True, found)


def configuration(path: Path, problems: list[Problem]) -> Check:
    from seigneurs.kiosk.admin_lock import broke_before

    if not path.exists() and not path.is_symlink():
        moved = " (a broken one was moved aside beside it)" if broke_before(path) else ""
        return Check("configuration", not moved, f"no file at {path}{moved}: the defaults",
                     f"seigneurs config example > {path}, then set-pin")
    whole = [p for p in problems if p.trouble.file_unusable]
    if whole:
        return Check("configuration", False, f"{whole[0].message[:300]}",
                     f"mend or move away {path} (seigneurs config check {path})")
    if problems:
        return Check("configuration", False, f"{len(problems)} problem(s) in {path}",
                     f"seigneurs config check {path}")
    return Check("configuration", True, f"{path}: ok")


ROOM = 4 * 1024 * 1024
"""Free bytes the data folder needs: a game's journal and history row are a few kilobytes, a
year of games a few megabytes (seigneurs soak --year); less than this is full in all but name."""


def _free(folder: Path) -> int:
    info = os.statvfs(folder)
    return info.f_bavail * info.f_frsize


def data_folder(folder: Path, user: str, checked: Whose | None = None) -> Check:
    """Writable, with room: a probe of 64 KiB is written and synced (an empty file fits on a
    full disk), and the free space is read. For another user (root checking), by the modes."""
    fix = f"sudo chown -R {user} {folder}"
    if checked is not None and checked.other:
        existing = next(p for p in (folder, *folder.parents) if p.exists())
        if not existing.is_dir() or not checked.may(existing, 2 | 1):
            return Check("data folder", False, f"{existing} cannot be written by {user}", fix)
        free = _free(existing)
    else:
        probe = folder / ".doctor-probe"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with probe.open("wb") as out:
                out.write(b"\0" * 65536)
                out.flush()
                os.fsync(out.fileno())
            free = _free(folder)
        except OSError as error:
            if error.errno in (errno.ENOSPC, errno.EDQUOT):
                return Check("data folder", False, f"{folder} is full: no room for a game",
                             f"free some room on its disk (df -h {folder})")
            return Check("data folder", False, f"{folder} cannot be written "
                         f"({error.strerror or error})", fix)
        finally:
            with contextlib.suppress(OSError):
                probe.unlink()
    if free < ROOM:
        return Check("data folder", False, f"{folder} has only {free // 1024} KiB free: games "
                     "would wait for room", f"free some room on its disk (df -h {folder})")
    return Check("data folder", True, f"{folder} writable, {free // (1024 * 1024)} MiB free")


def history(path: Path) -> Check:
    from seigneurs.bounded import Refused, check_file
    from seigneurs.kiosk.history import HISTORY_LIMIT

    moves = "the table moves it aside (dated) at its next start and begins a new one"
    if not path.exists() and not path.is_symlink():
        return Check("history", True, "no games recorded yet")
    try:
        check_file(path, HISTORY_LIMIT, "the history")
    except Refused as error:
        return Check("history", False, f"{path}: {error.strerror}", moves)
    except OSError as error:
        return Check("history", False, f"{path} cannot be read ({error.strerror or error})",
                     "seigneurs history says why; the finished games wait in the data folder")
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
    return Check("history", False, f"{path}: {verdict}", moves)


def sound(device_folder: Path, user: str, checked: Whose | None = None) -> Check:
    library = ctypes.util.find_library("openal") or ctypes.util.find_library("pulse")
    if library is None:
        return Check("sound", False, "no OpenAL or PulseAudio library: the game plays silent",
                     "sudo apt install libopenal1")
    cards = sorted(p.name for p in device_folder.glob("pcm*")) if device_folder.is_dir() else []
    if not cards:
        return Check("sound", False, f"{library}, but no sound device in {device_folder}",
                     "plug in or switch on the speakers (check with aplay -l)")
    if not (checked or whose()).may(device_folder / cards[0], 6):
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


def restarts(data: Path, now: datetime) -> Check:
    """kiosk.sh's restart notes: a crash loop in the last day is something to look into."""
    from seigneurs.kiosk.restarts import RESTARTS_FILE, read_notes

    notes = read_notes(data)
    if notes.unreadable:
        return Check("restarts", False, f"the notes cannot be read ({notes.unreadable})",
                     f"move {data / RESTARTS_FILE} aside: kiosk.sh begins new ones")
    if not notes.restarts:
        return Check("restarts", True, "none noted" + (
            f" ({notes.skipped} line(s) of {RESTARTS_FILE} unreadable, skipped)"
            if notes.skipped else ""))
    day = notes.since(now - timedelta(days=1))
    loops = [r for r in day if r.crash_loop]
    found = (f"{len(day)} in the last 24 h, {notes.restarts_total} noted in all; last "
             f"{notes.restarts[-1].at.astimezone():%Y-%m-%d %H:%M} (code "
             f"{notes.restarts[-1].code}, {notes.restarts[-1].kind})")
    if notes.skipped:
        found += f"; {notes.skipped} unreadable line(s) skipped"
    if loops:
        return Check("restarts", False, f"{len(loops)} crash loop(s) in the last 24 h, the "
                     f"last at {loops[-1].at.astimezone():%H:%M}; {found}",
                     "journalctl -u seigneurs (or the log kiosk.sh writes to) says why the "
                     "game stopped")
    return Check("restarts", True, found)


def _systemctl(argv: list[str]) -> str | None:
    if shutil.which(argv[0]) is None or not Path("/run/systemd/system").is_dir():
        return None
    done = subprocess.run(argv, capture_output=True, text=True, timeout=10)
    return done.stdout.strip()


def examine(config_path: Path, data: Path, checked: Whose | None = None) -> list[Check]:
    """Every check, in the order an installer mends them, of `checked`'s table (default: this
    user's)."""
    from seigneurs.input.evdev_source import describe_devices
    from seigneurs.kiosk.fleet.checks import fleet_checks

    checked = checked or whose()
    user = checked.name
    exists = config_path.exists() or config_path.is_symlink()
    settings, problems = load(config_path if exists else None)
    return [table_user(os.geteuid(), user, checked), compositor(), xwayland(),
            touch_panels(describe_devices(), user, checked), tuio_port(settings),
            assets(), configuration(config_path, problems), card_size(settings, panel_mode()),
            data_folder(data, user, checked),
            history(data / "history.sqlite3"), sound(Path("/dev/snd"), user, checked),
            admin_pin(resolve(settings, problems, data, config_path)), service(_systemctl),
            restarts(data, datetime.now(UTC)),
            *(Check(*line) for line in fleet_checks(settings, data))]
