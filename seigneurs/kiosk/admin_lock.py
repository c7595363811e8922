"""The adults' door's lock: which PIN opens it, and how long the pad waits after wrong ones.

A configuration the table cannot use (garbage, a byte it cannot read, a refused `admin_pin`)
must never open the door with the PIN printed in the README. So every good PIN is also kept,
hashed, in the data folder (`admin-pin`), apart from the file that may break: read at start
whenever the configuration is sound, written by `config set-pin`. When the configuration
breaks, the lock keeps that last good PIN; with none kept, it refuses every PIN until an adult
sets one with `seigneurs config set-pin` (the kept copy is read at each try, so the running
table opens with it at once: the corners, then the new PIN).

No arcade here: the pad (`ui/admin_view.py`) asks `AdminLock.accepts` and tells `PinGuard`.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from seigneurs.bounded import KIB, read_text
from seigneurs.kiosk.config import DEFAULT_PIN, Problem, TableSettings, Trouble
from seigneurs.kiosk.i18n import Notice, Words

log = logging.getLogger(__name__)

KEPT_FILE = "admin-pin"
"""The last good PIN, hashed, in the data folder."""
ITERATIONS = 100_000
"""PBKDF2-SHA256 rounds: a kept copy read off a stolen disk is not the PIN at a glance."""
FREE_TRIES = 5
"""Wrong PINs before the pad makes anyone wait."""
FIRST_WAIT = 30.0
"""Seconds of the first wait; each wrong PIN after it doubles the wait, up to LONGEST_WAIT."""
LONGEST_WAIT = 30 * 60.0


class Source(StrEnum):
    """Where the PIN that opens the door comes from."""

    CONFIG = "config"  # the configuration's own
    KEPT = "kept"  # the configuration cannot be used (or names none): the last good one
    DEFAULT = "default"  # no PIN was ever set: the published default (a notice says so)
    NONE = "none"  # the configuration broke and none was ever kept: every PIN refused


def _digest(pin: str, salt: bytes, rounds: int) -> bytes:
    import hashlib  # here: it loads OpenSSL, which the first frame does not wait for

    return hashlib.pbkdf2_hmac("sha256", pin.encode("ascii", "replace"), salt, rounds)


@dataclass(frozen=True, slots=True)
class KeptPin:
    """The kept copy: `pbkdf2-sha256$ROUNDS$SALT$HASH` (hex) in one line."""

    rounds: int
    salt: bytes
    digest: bytes

    def matches(self, pin: str) -> bool:
        return hmac.compare_digest(_digest(pin, self.salt, self.rounds), self.digest)

    def line(self) -> str:
        return f"pbkdf2-sha256${self.rounds}${self.salt.hex()}${self.digest.hex()}\n"


def recall(folder: Path) -> KeptPin | None:
    """The kept PIN in `folder`, or None (none kept, or a copy that cannot be read: logged)."""
    path = folder / KEPT_FILE
    try:
        kind, rounds, salt, digest = read_text(path, KIB, "the kept admin PIN").strip().split("$")
        if kind != "pbkdf2-sha256":
            raise ValueError(f"unknown kind {kind[:20]!r}")
        return KeptPin(int(rounds), bytes.fromhex(salt), bytes.fromhex(digest))
    except (FileNotFoundError, NotADirectoryError):  # none kept (the folder's trouble is its own)
        return None
    except (OSError, ValueError, UnicodeDecodeError) as error:
        log.warning("%s cannot be used (%s)", path, error)
        return None


def remember(folder: Path, pin: str) -> bool:
    """Keep `pin` (hashed) in `folder`, replacing the file whole (a kill leaves the old copy
    or the new one); nothing is written when the kept copy is already this PIN. False when it
    could not be written (logged: the lock then has only the configuration)."""
    kept = recall(folder)
    if kept is not None and kept.matches(pin):
        return True
    salt = os.urandom(16)
    line = KeptPin(ITERATIONS, salt, _digest(pin, salt, ITERATIONS)).line()
    fresh = folder / (KEPT_FILE + ".new")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(line)
            out.flush()
            os.fsync(out.fileno())
        fresh.replace(folder / KEPT_FILE)
    except OSError as error:
        log.warning("the admin PIN could not be kept in %s (%s)", folder, error)
        with contextlib.suppress(OSError):
            fresh.unlink(missing_ok=True)
        return False
    return True


def pin_unusable(problems: list[Problem]) -> bool:
    """The configuration's PIN cannot be trusted: the file could not be used, or its
    `admin_pin` was refused (a full-width digit, a number without quotes)."""
    return any(p.trouble.file_unusable or (p.trouble is Trouble.VALUE
                                           and p.key.endswith(" admin_pin"))
               for p in problems)


@dataclass(frozen=True, slots=True)
class AdminLock:
    """Which PIN opens the door. `folder` holds the kept copy, read again at each try when the
    lock rests on it (so `config set-pin` on a running table opens it at once)."""

    source: Source
    pin: str | None = None  # the PIN in plain, when the configuration (or the default) gives it
    folder: Path | None = None

    def accepts(self, entered: str) -> bool:
        if self.pin is not None:
            return hmac.compare_digest(entered.encode(), self.pin.encode())
        kept = recall(self.folder) if self.folder is not None else None
        return kept is not None and kept.matches(entered)

    def line(self) -> str:
        """What the doctor and the log say about it."""
        return {
            Source.CONFIG: "the table's own, from the configuration",
            Source.KEPT: f"the configuration gives none it can use: the last good PIN, kept "
                         f"in {self.folder and self.folder / KEPT_FILE}",
            Source.DEFAULT: f"still the default {DEFAULT_PIN}",
            Source.NONE: "the configuration gives none it can use and no good PIN was ever "
                         "kept: every PIN is refused until one is set",
        }[self.source]


def opens(settings: TableSettings, entered: str) -> bool:
    """Whether `entered` opens the door of a table run with `settings` (its lock, or, where
    none was resolved (tests, the bench), its `admin_pin`)."""
    lock = settings.admin_lock or AdminLock(Source.CONFIG, settings.admin_pin)
    return lock.accepts(entered)


def keep_in_background(lock: AdminLock) -> None:
    """Keep the configuration's PIN (`remember`) in a thread: hashing it takes a tenth of a
    second that the first frame need not wait for."""
    if lock.source is Source.CONFIG and lock.pin is not None and lock.folder is not None:
        import threading

        threading.Thread(target=remember, args=(lock.folder, lock.pin), name="admin-pin",
                         daemon=True).start()


def start_notices(lock: AdminLock, problems: list[Problem]) -> tuple[Notice, ...]:
    """What the admin menu (and the log) tells an adult at start-up, most urgent first: the
    lock when it is not the configuration's own, then each problem of the file."""
    said = {Source.DEFAULT: Words("default_pin", DEFAULT_PIN), Source.KEPT: Words("pin_kept"),
            Source.NONE: Words("pin_none")}.get(lock.source)
    return (*((said,) if said else ()), *problems)


def broke_before(config: Path | None) -> bool:
    """Whether a configuration at `config` was moved aside as broken (by a start before this
    one): its PIN is lost, which must not make the next start fall back to the default."""
    if config is None:
        return False
    import glob

    return any(config.parent.glob(glob.escape(config.name) + ".broken-*"))


def resolve(settings: TableSettings, problems: list[Problem], folder: Path | None,
            config: Path | None = None) -> AdminLock:
    """The lock the table runs with (see the module's words), read from the configuration at
    `config`. No `folder` (tests, the bench): the configuration's PIN, or refusal when it
    cannot be used."""
    if not pin_unusable(problems) and settings.admin_pin != DEFAULT_PIN:
        return AdminLock(Source.CONFIG, settings.admin_pin, folder)
    if folder is not None and recall(folder) is not None:
        return AdminLock(Source.KEPT, None, folder)
    if pin_unusable(problems) or broke_before(config):
        return AdminLock(Source.NONE, None, folder)
    return AdminLock(Source.DEFAULT, DEFAULT_PIN, folder)


@dataclass(slots=True)
class PinGuard:
    """Wrong PINs make the pad wait: none for the first FREE_TRIES, then FIRST_WAIT seconds,
    doubling with each wrong PIN after (30 s, 1 min, 2 min … LONGEST_WAIT). `now` is the
    caller's clock (the window's frame clock; a test's own)."""

    wrong: int = 0
    until: float = 0.0
    length: float = 0.0  # the current wait, whole (the pad draws what is left of it)

    def refused(self, now: float) -> float:
        """A wrong PIN at `now`; the wait it starts (0: none yet)."""
        self.wrong += 1
        if self.wrong < FREE_TRIES:
            return 0.0
        self.length = min(FIRST_WAIT * 2 ** (self.wrong - FREE_TRIES), LONGEST_WAIT)
        self.until = now + self.length
        log.warning("%d wrong admin PINs: the pad waits %.0f s", self.wrong, self.length)
        return self.length

    def left(self, now: float) -> float:
        """Seconds still to wait (0: the pad takes digits)."""
        return max(0.0, self.until - now)

    def accepted(self) -> None:
        self.wrong = 0
        self.until = self.length = 0.0
