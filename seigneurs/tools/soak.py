"""`seigneurs soak`: a real headless table playing bots' games, killed with SIGKILL at random
moments and started again as the service would, over and over; after every kill the data
folder is checked: the history passes SQLite's integrity_check, every game seen finished is in
the history exactly once (or still waits in its journal for it), and an interrupted game
resumes at the very action its journal had reached.

With `full_disk`, the data folder is a small tmpfs of the soak's own (a mount namespace, so
root or a user namespace is needed) that, between a kill and the restart, is now and then
filled to the last byte (emptied a few runs later) or made read-only (writable two runs later),
so games are played and end on a full or read-only disk too.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from seigneurs.game.factory import replay
from seigneurs.kiosk.history import HISTORY_FILE
from seigneurs.kiosk.journal import CURRENT, WAITING
from seigneurs.rules import VARIANTS
from seigneurs.tools.soak_full_disk import FullDiskReport, Lent, full_disk_starts
from seigneurs.tools.soak_report import LossReport

RESUMED = "resumed game "
"""How the table's log says it resumed a game (keeper.GameRecords.pending)."""
FULL_DISK_SIZE = "16m"
"""Room for a long soak's history and its write-ahead log (SQLite lets it grow to 4 MiB)."""
PR_SET_PDEATHSIG = 1  # Linux prctl: a signal for the child when its parent dies
END_EVERY = 5
"""One kill in this many comes as soon as a game's end is seen: between the end and the
history, the moment a finished game is likeliest to be lost."""
STALL_S = 300.0
"""A table whose journal has not moved for this long is stuck (a guard against a hang, far
beyond any pace: a table on a busy machine starts in well under a minute)."""
LOOK_EVERY_S = 0.01
"""How often the soak reads the table's journal while it runs."""


class Moment(StrEnum):
    """When a run is killed, besides after a number of actions."""

    GAME_END = "at a game's end"
    DISK_TROUBLE = "once the table met the full or read-only disk"


class Reached(StrEnum):
    """How a run's wait for its kill ended."""

    YES = "reached its moment"
    STOPPED = "stopped by itself"
    STUCK = f"made no progress for {STALL_S:.0f} s"


@dataclass(slots=True)
class SoakReport(LossReport):
    """What a soak saw; `losses` must be empty."""

    kills: int = 0
    games_finished: int = 0  # seen over (in a journal) or in the history
    games_recorded: int = 0  # in the history at the end, each once
    resumes: int = 0  # interrupted games the table resumed at the action their journal had
    integrity_checks: int = 0
    full_disk_runs: int = 0
    full_disk_met: int = 0  # runs whose table logged a write refused for want of room
    read_only_runs: int = 0
    read_only_met: int = 0  # runs whose table logged a write refused by a read-only disk
    kills_at_game_end: int = 0  # kills as soon as a game's end was seen (one in END_EVERY)
    seconds: float = 0.0
    losses: list[str] = field(default_factory=list)

    def figures(self) -> str:
        return (f"{self.kills} kills ({self.kills_at_game_end} at a game's end) in "
                f"{self.seconds:.0f} s: {self.games_finished} games "
                f"finished, {self.games_recorded} recorded, {self.resumes} resumes, "
                f"{self.integrity_checks} integrity checks ok, "
                f"{self.full_disk_runs} runs on a full disk ({self.full_disk_met} met it), "
                f"{self.read_only_runs} on a read-only one ({self.read_only_met} met it)")


@dataclass(frozen=True, slots=True)
class Seen:
    """The data folder while the table lies dead."""

    recorded: frozenset[str]
    waiting: frozenset[str]  # finished games still in journals
    current: str | None  # the interrupted game's identity
    actions: tuple[str, ...]  # its journal's whole action lines


def look(folder: Path, report: SoakReport) -> Seen:
    """Check the folder (the table is dead, nothing writes): the history's integrity and
    uniqueness, and which games wait in journals. A history killed before its first table was
    made is sound and empty."""
    recorded: frozenset[str] = frozenset()
    path = folder / HISTORY_FILE
    if path.exists():
        try:
            with _as_the_next_table_finds(path) as db:
                check = db.execute("PRAGMA integrity_check").fetchone()[0]
                begun = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone()
                ids = [row[0] for row in db.execute("SELECT game_id FROM games")] if begun \
                    else []
        except sqlite3.Error as error:
            check, ids = str(error), []
        if check == "ok":
            report.integrity_checks += 1
        else:
            report.losses.append(f"integrity_check after kill {report.kills}: {check}")
        if len(ids) != len(set(ids)):
            report.losses.append(f"a game recorded twice after kill {report.kills}")
        recorded = frozenset(ids)
    waiting: set[str] = set()
    current: str | None = None
    actions: tuple[str, ...] = ()
    for journal in [*folder.glob(WAITING.format("*")), folder / CURRENT]:
        if not journal.exists():
            continue
        data = journal.read_text(encoding="utf-8")
        lines = data[:data.rfind("\n") + 1].splitlines()  # whole lines only
        game_id = json.loads(lines[0])["game"]
        if replay(lines).over:
            waiting.add(game_id)
        elif journal.name == CURRENT:
            current, actions = game_id, tuple(lines[1:])
    return Seen(recorded, frozenset(waiting), current, actions)


def table_command(variant: str, players: int, speed: int) -> list[str]:
    return [sys.executable, "-m", "seigneurs", "play", "--window", "480x270", "--variant",
            variant, "--players", str(players), "--bots", str(players), "--level", "adult",
            "--soak", str(speed), "--input", "mouse"]


def soak(kills: int, workdir: Path, variant: str = "kids", players: int = 3, speed: int = 16,
         mean_actions: int = 20, seed: int = 1, full_disk: bool = False,
         progress: Callable[[str], None] | None = None) -> SoakReport:
    """Start, kill and restart the table `kills` times, checking the data folder after each
    kill; a last clean run settles what waits, and the history must then hold every game seen
    finished, once. When to kill is read from the table's own progress, never from the clock
    (a busy machine only makes the soak slower): one kill in END_EVERY as soon as a game's end
    is seen, the others after a random 0 to 2 `mean_actions` actions of its journal (0: while
    it starts), and on a full or read-only disk once the table has met it."""
    rng = random.Random(seed)
    workdir.mkdir(parents=True, exist_ok=True)
    folder = workdir / "data" / "seigneurs"
    folder.mkdir(parents=True, exist_ok=True)
    if full_disk:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={FULL_DISK_SIZE}", "tmpfs",
                        str(folder)], check=True)
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_DATA_HOME": str(workdir / "data"),
           "XDG_CONFIG_HOME": str(workdir / "config")}
    command = table_command(variant, players, speed)
    report = SoakReport()
    finished: set[str] = set()
    expect: tuple[str, int] | None = None  # the interrupted game, and where it was
    began = time.monotonic()
    log = workdir / "table.log"
    filler = folder / "filler"
    read_only = False
    while report.kills < kills:
        if full_disk and report.kills % 10 == 5:
            _fill(filler)  # full for three runs in ten
        elif filler.exists() and report.kills % 10 == 8:
            filler.unlink()
        report.full_disk_runs += filler.exists()
        if full_disk and report.kills % 10 in (2, 4):  # read-only for two runs in ten
            read_only = report.kills % 10 == 2
            _remount(folder, "ro" if read_only else "rw")
        report.read_only_runs += read_only
        at_end = report.kills % END_EVERY == END_EVERY - 1
        moment = Moment.DISK_TROUBLE if read_only or filler.exists() else \
            Moment.GAME_END if at_end else rng.randint(0, 2 * mean_actions)
        with log.open("w") as out:
            table = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                     preexec_fn=_die_with_parent)
            reached = _run_until(table, folder, log, moment)
            table.send_signal(signal.SIGKILL)
            table.wait()
        if reached is not Reached.YES:
            report.losses.append(f"the table {reached.value} before run {report.kills}'s kill "
                                 f"({moment}); see {log}")
            break
        report.kills_at_game_end += moment is Moment.GAME_END
        report.kills += 1
        said = log.read_text(encoding="utf-8", errors="replace")
        full, read_only_met = _met_disk_trouble(said)
        report.full_disk_met += full
        report.read_only_met += read_only_met
        expect = _check_resume(said, expect, report)
        seen = look(folder, report)
        _check_kept(seen, finished, report)
        expect = None if seen.current is None else (seen.current, len(seen.actions))
        if progress and report.kills % 10 == 0:
            progress(f"{report.kills} kills, {len(finished)} games finished, "
                     f"{report.resumes} resumes, {len(report.losses)} losses")
    if full_disk:
        _remount(folder, "rw")
    if filler.exists():
        filler.unlink()
    _settle(command, env, log, folder, finished, report)
    report.seconds = time.monotonic() - began
    if full_disk:
        subprocess.run(["umount", str(folder)], check=False)
    return report


def _run_until(table: subprocess.Popen[bytes], folder: Path, log: Path,
               moment: Moment | int) -> Reached:
    """Let the table run until `moment`: that many more actions in its journal, a game's end
    seen (its journal replays over, or is gone into the history or a waiting journal), or its log
    telling of a write the disk refused. The table's own progress decides, not the clock; the
    clock only catches a table stuck for STALL_S (no journal line, no log line)."""
    if moment == 0:
        return Reached.YES  # killed while it starts
    game, lines = _journal_now(folder)
    ended = game if lines and replay(lines).over else None  # before this run: not its end
    applied, over, said = 0, False, ""
    moved_at = time.monotonic()
    while table.poll() is None:
        now_game, now_lines = _journal_now(folder)
        if now_game is not None and now_game == ended:
            now_game, now_lines = None, []
        now_said = log.read_text(encoding="utf-8", errors="replace")
        if now_game != game or len(now_lines) != len(lines):
            new = len(now_lines) - len(lines) if now_game == game else len(now_lines) - 1
            applied += max(0, new)
            over = over or (game is not None and now_game != game and _settled(folder, game)) \
                or (bool(now_lines) and replay(now_lines).over)
            game, lines, moved_at = now_game, now_lines, time.monotonic()
        elif len(now_said) != len(said):
            moved_at = time.monotonic()
        elif time.monotonic() - moved_at > STALL_S:
            return Reached.STUCK
        said = now_said
        if moment is Moment.DISK_TROUBLE:
            reached = any(_met_disk_trouble(said))
        else:
            reached = over if moment is Moment.GAME_END else applied >= moment
        if reached:
            return Reached.YES
        time.sleep(LOOK_EVERY_S)
    return Reached.STOPPED


def _settled(folder: Path, game: str) -> bool:
    """Whether a game whose journal is gone went into the history or waits for it (ended),
    rather than being replaced by a new deal."""
    return game in _recorded(folder) or (folder / WAITING.format(game)).exists()


def _journal_now(folder: Path) -> tuple[str | None, list[str]]:
    """The game in the table's journal now and the journal's whole lines (header first)."""
    try:
        data = (folder / CURRENT).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None, []
    lines = data[:data.rfind("\n") + 1].splitlines()
    try:
        return str(json.loads(lines[0])["game"]), lines
    except (IndexError, ValueError, KeyError, TypeError):
        return None, []


def _met_disk_trouble(said: str) -> tuple[bool, bool]:
    """Whether the table's log tells of a write refused for want of room, and by a read-only
    disk."""
    return ("No space left" in said or "disk is full" in said,
            "Read-only file system" in said or "readonly" in said)


def _check_resume(log: str, expect: tuple[str, int] | None, report: SoakReport
                  ) -> tuple[str, int] | None:
    """The run just killed resumed the interrupted game at the action it had reached?"""
    said = [line.split(RESUMED, 1)[1].split() for line in log.splitlines() if RESUMED in line]
    if not said:
        return expect  # killed before it could: the same game waits for the next start
    game_id, _at, _action, count = said[0][:4]
    if expect is None or (game_id, int(count)) != expect:
        report.losses.append(f"run {report.kills} resumed {game_id} at action {count}, "
                             f"expected {expect}")
    else:
        report.resumes += 1
    return None


def _check_kept(seen: Seen, finished: set[str], report: SoakReport) -> None:
    """Every game seen finished is recorded or waits in a journal, never neither."""
    for game_id in sorted(finished - seen.recorded - seen.waiting):
        report.losses.append(f"game {game_id} finished but is gone after kill {report.kills}")
    finished |= seen.recorded | seen.waiting
    report.games_finished = len(finished)


def _settle(command: list[str], env: dict[str, str], log: Path, folder: Path,
            finished: set[str], report: SoakReport) -> None:
    """A last run, until the history holds every game seen finished (those that waited in
    journals go in at its start; a table stuck for STALL_S gives up); then the final count."""
    with log.open("w") as out:
        table = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                 preexec_fn=_die_with_parent)
        deadline = time.monotonic() + STALL_S
        while time.monotonic() < deadline and table.poll() is None \
                and not finished <= _recorded(folder):
            time.sleep(LOOK_EVERY_S)
        table.send_signal(signal.SIGKILL)
        table.wait()
    seen = look(folder, report)
    _check_kept(seen, finished, report)
    for game_id in sorted(finished - seen.recorded):
        report.losses.append(f"game {game_id} never reached the history")
    report.games_recorded = len(seen.recorded)


def _recorded(folder: Path) -> set[str]:
    """The games in the history now (read while the table may write: WAL lets it)."""
    path = folder / HISTORY_FILE
    if not path.exists():
        return set()
    db = _reader(path)
    try:
        return {row[0] for row in db.execute("SELECT game_id FROM games")}
    except sqlite3.Error:
        return set()
    finally:
        db.close()


def _die_with_parent() -> None:
    """In the table's process: SIGKILL it when the soak dies (its loop never ends alone)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _remount(folder: Path, mode: str) -> None:
    """The soak's own tmpfs read-only or writable again (nothing writes: the table is dead)."""
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


@contextmanager
def _as_the_next_table_finds(path: Path) -> Iterator[sqlite3.Connection]:
    """The history as the next table's open will find it: a writable copy of the file with its
    -wal and -journal, where SQLite replays the WAL or rolls back a hot journal as it opens (a
    read-only look cannot: after a kill mid-transaction it fails with "attempt to write a
    readonly database" though nothing is lost). The folder itself is never written."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / path.name
        for suffix in ("", "-wal", "-journal"):
            source = path.with_name(path.name + suffix)
            if source.exists():
                shutil.copyfile(source, copy.with_name(copy.name + suffix))
        db = sqlite3.connect(copy)
        try:
            yield db
        finally:
            db.close()


def _reader(path: Path) -> sqlite3.Connection:
    """A read-only connection: the soak looks, never writes."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _fill(filler: Path) -> None:
    """Fill the data folder's little disk to the last byte."""
    with filler.open("ab", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError:
            pass
    with filler.open("ab", buffering=0) as out:
        try:
            while True:
                out.write(b"\0")
        except OSError:
            pass


def unshare_mounts() -> list[str]:
    """The `unshare` prefix that runs a command in a mount namespace of its own (through a
    user namespace when not root), where it may mount tmpfs without touching the machine's."""
    own = ["--mount", "--propagation", "private"]
    if os.geteuid() != 0:
        own = ["--user", "--map-root-user", *own]
    return ["unshare", *own]


def in_own_mounts(argv: list[str]) -> list[str] | None:
    """The command that runs `argv` in a mount namespace of its own (a private tmpfs for the
    full-disk soak), or None when already in one."""
    if os.environ.get("SEIGNEURS_SOAK_NS") == "1":
        return None
    return [*unshare_mounts(), "env", "SEIGNEURS_SOAK_NS=1", *argv]


def arguments(parser: argparse.ArgumentParser) -> None:
    """`seigneurs soak`'s options."""
    parser.add_argument("--kills", type=int, default=100, help="how many SIGKILLs (default 100)")
    parser.add_argument("--dir", type=Path, default=None,
                        help="where the table keeps its data (default: a new temporary folder)")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="kids")
    parser.add_argument("--players", type=int, default=3, help="bots at the table")
    parser.add_argument("--speed", type=int, default=16,
                        help="table frames per 60th of a second (games go this much faster)")
    parser.add_argument("--mean-actions", type=int, default=20,
                        help="mean actions a run plays before its kill (random, 0 to twice it; "
                             "one kill in 5 comes at a game's end instead)")
    parser.add_argument("--seed", type=int, default=1, help="of the random kill moments")
    parser.add_argument("--full-disk", action="store_true",
                        help="data on a small tmpfs, now and then full to the last byte or "
                             "read-only (needs root or user namespaces); then --starts runs "
                             "on a tiny one filled at random moments while the table plays")
    parser.add_argument("--starts", type=int, default=10,
                        help="with --full-disk: starts on the tiny disk (default 10)")
    parser.add_argument("--json", action="store_true")


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run the soak; exit 0 when nothing was lost, 1 otherwise."""
    if args.kills < 1 or args.speed < 1 or args.mean_actions < 1:
        parser.error("--kills, --speed and --mean-actions must be at least 1")
    if args.full_disk and (again := in_own_mounts(
            [sys.executable, "-m", "seigneurs", "soak", *sys.argv[2:]])) is not None:
        return subprocess.run(again, check=False).returncode
    with tempfile.TemporaryDirectory(prefix="seigneurs-soak-") as scratch:
        report = soak(args.kills, args.dir or Path(scratch), args.variant, args.players,
                      args.speed, args.mean_actions, args.seed, args.full_disk,
                      progress=lambda line: print(line, file=sys.stderr, flush=True))
        small = full_disk_part(args, args.dir or Path(scratch)) if args.full_disk else None
    if args.json:
        print(json.dumps({**report.to_json(), "full_disk_starts": small and small.to_json()}))
    else:
        print(report.summary() + (f"\n{small.summary()}" if small else ""))
    return 1 if report.failed or (small and small.failed) else 0


FULL_DISK_LIFE = 10.0
"""Mean seconds a run on the tiny disk lives before its stop. Wall time here on purpose: a
table on a full disk may be stalled, so its journal's progress cannot time the stop; what the
part asserts (no loss, each end where the log said) holds whatever the pace."""


def full_disk_part(args: argparse.Namespace, workdir: Path) -> FullDiskReport:
    """`--full-disk`'s starts on a tiny disk filled while the table plays."""
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_CONFIG_HOME": str(workdir / "config")}
    lent = Lent(_die_with_parent, _fill, _look_from_outside, _recorded)
    return full_disk_starts(args.starts, workdir, table_command(args.variant, args.players,
                                                                args.speed), env,
                            random.Random(args.seed), lent, FULL_DISK_LIFE,
                            progress=lambda line: print(line, file=sys.stderr, flush=True))


def _look_from_outside(folder: Path) -> tuple[set[str], set[str], list[str]]:
    """`look` for the full-disk part: recorded, waiting in journals, problems."""
    checked = SoakReport()
    seen = look(folder, checked)
    return set(seen.recorded), set(seen.waiting), checked.losses
