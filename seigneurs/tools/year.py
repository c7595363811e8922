"""`seigneurs soak --year`: a year of a library's table (30 games a day, ~11,000 games) in
about an hour, on the real table with its real persistence, and what that year leaves behind.

The table is the real one, headless: `SeigneursWindow` with its navigator, keeper, journal and
SQLite history on a real data folder (locked as `play` locks it). Each game is dealt by the
navigator as a lobby deal would, and played to its end by the engine's bots' moves applied to
that very game (so every action goes through the journal and the end into the history in the
same step as at a table); no touch path, no drawing (frames are stepped undrawn). The history's
clock jumps: 30 games a day from 9:00, then a night (the table goes idle: the attract demo
starts, as it would, and the next morning's first game ends it). A power cut (SIGKILL, at a
random moment) comes every ~50 games; the next start resumes the interrupted game where its
journal was and goes on. With a mount namespace (root, or user namespaces) the data folder is a
tmpfs of its own, filled to the last byte now and then for a run.

After every kill the folder is checked: the history passes `integrity_check` and every game
seen finished is in it or waits in a journal. The last stretch runs without kills and samples
the table's RSS and open descriptors. At the end: the history's size, the logs' size, the time
`seigneurs history` takes, and the time the admin history screen takes to open.
"""

from __future__ import annotations

import argparse
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
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any

from seigneurs.tools.soak_report import LossReport

GAMES_A_DAY = 30
MINUTES_APART = 16  # 30 games from 9:00 to 17:00
VARIANT, PLAYERS, LEVEL = "kids", 3, "adult"
FIRST_DAY = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
TMPFS_SIZE = "64m"
"""The soak's own data disk: room for a year's history (about 10 MB) and its logs."""


@dataclass(slots=True)
class YearReport(LossReport):
    """What a year left behind; `losses` must be empty."""

    games: int = 0  # finished and seen (in the history, or waiting in a journal)
    recorded: int = 0  # in the history at the end, each once
    kills: int = 0
    resumes: int = 0
    nights: int = 0
    full_disk_runs: int = 0
    integrity_checks: int = 0
    history_bytes: int = 0
    log_bytes: int = 0  # every run's log, added up
    log_bytes_per_game_first: float = 0.0
    log_bytes_per_game_last: float = 0.0
    rss_kib: list[int] = field(default_factory=list)  # the last stretch, every 100 games
    fds: list[int] = field(default_factory=list)
    history_command_seconds: float = 0.0
    admin_history_seconds: float = 0.0
    admin_history_cpu_seconds: float = 0.0
    seconds: float = 0.0
    losses: list[str] = field(default_factory=list)

    def figures(self) -> str:
        rss = f"{self.rss_kib[0] // 1024}→{self.rss_kib[-1] // 1024} MiB" if self.rss_kib else "-"
        fds = f"{self.fds[0]}→{self.fds[-1]}" if self.fds else "-"
        return (f"{self.games} games ({self.recorded} recorded) over {self.nights} nights in "
                f"{self.seconds:.0f} s; {self.kills} kills, {self.resumes} resumes, "
                f"{self.full_disk_runs} runs on a full disk, {self.integrity_checks} integrity "
                f"checks ok; history {self.history_bytes / 1e6:.1f} MB; logs "
                f"{self.log_bytes / 1e6:.1f} MB ({self.log_bytes_per_game_first:.0f} then "
                f"{self.log_bytes_per_game_last:.0f} bytes a game); last stretch RSS {rss}, "
                f"fds {fds}; seigneurs history {self.history_command_seconds:.2f} s; admin "
                f"history screen {self.admin_history_seconds:.3f} s")


# The table's side: a child process, killed at random by the year's side.

def year_clock(index: int) -> datetime:
    """When game `index` of the year ends: 30 a day, 16 minutes apart, from 9:00."""
    day, slot = divmod(index, GAMES_A_DAY)
    return FIRST_DAY + timedelta(days=day, minutes=slot * MINUTES_APART)


def _resource(pid: int) -> tuple[int, int]:
    """A process's resident memory (KiB) and open descriptors, from /proc."""
    rss = 0
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    return rss, len(os.listdir(f"/proc/{pid}/fd"))


def table(folder: Path, first: int, last: int) -> int:
    """Play games `first` to `last` - 1 of the year on a real headless table, saying on stdout
    when each starts and ends; resume an interrupted game first."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.kiosk.keeper import Screen
    from seigneurs.kiosk.service import show_logs
    from seigneurs.kiosk.table_lock import hold
    from seigneurs.ui.window import SeigneursWindow

    show_logs()
    held = hold(folder)
    index = first
    settings = TableSettings(data_dir=folder, volume=0.0, locked=True)
    window = SeigneursWindow(480, 270, visible=False, settings=settings, mouse=False)
    window.keeper.records.now = lambda: year_clock(index)  # the table's wall clock: the year's
    window.media.load_all()
    while index < last:
        resumed = window.nav.resume()
        if not resumed:
            if index % GAMES_A_DAY == 0 and index > first:
                _night(window, Screen)
            window.nav.deal(VARIANT, [None] * PLAYERS, seed=index)
        game = window.scene.session.game  # type: ignore[attr-defined]
        print(f"started {index} {'resumed' if resumed else 'dealt'}", flush=True)
        began = time.perf_counter()
        _play_to_the_end(game, random.Random(index * 1009 + len(game.log)))
        playing = time.perf_counter() - began
        for _ in range(3):
            window.step(draw=False)
        rss, fds = _resource(os.getpid())
        print(f"done {index} {rss} {fds} {playing:.4f}", flush=True)
        index += 1
    window.close()
    held.release()
    return 0


def _play_to_the_end(game: Any, rng: random.Random) -> None:
    """The engine's bots play every seat from where the game stands (dealt, or resumed with
    its held cards put back) to its end; each move applied to the table's own game is
    journaled as it is applied, and the last one goes into the history."""
    from seigneurs.game.bots import BOT_LEVELS, BotLoop
    from seigneurs.game.kinds import make_bot

    loop = BotLoop({seat: make_bot(game, seat, BOT_LEVELS[LEVEL], rng)
                    for seat in range(game.seat_count)}, start=game.clock)
    while not game.over:
        due = loop.next_due()
        if due > game.clock + 3600:
            raise RuntimeError(f"game {game.config.seed} did not end")
        for action in loop.actions(due):
            game.apply(action)


def _night(window: Any, screen: Any) -> None:
    """The library closes: nobody touches the table, it goes back to the lobby and the attract
    demo starts (a real one, on the frame clock); the morning's first deal ends it."""
    window.nav.show_lobby()
    window.clock += window.settings.attract_after  # the night: no frame, no touch, for hours
    window.step(draw=False)
    assert window.nav.screen is screen.DEMO, "the idle table did not start its demo"


# The year's side.

def _history_ids(path: Path, report: YearReport) -> set[str]:
    """The games in the history, checked as the next table will find it (a copy, where SQLite
    replays the write-ahead log as it opens: the folder itself is never written)."""
    if not path.exists():
        return set()
    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(scratch) / path.name
        for suffix in ("", "-wal"):
            if path.with_name(path.name + suffix).exists():
                shutil.copyfile(path.with_name(path.name + suffix),
                                copy.with_name(copy.name + suffix))
        db = sqlite3.connect(copy)
        try:
            check = db.execute("PRAGMA integrity_check").fetchone()[0]
            ids = [row[0] for row in db.execute("SELECT game_id FROM games")]
        except sqlite3.Error as error:
            check, ids = str(error), []
        finally:
            db.close()
    if check != "ok":
        report.losses.append(f"integrity_check after kill {report.kills}: {check}")
    else:
        report.integrity_checks += 1
    if len(ids) != len(set(ids)):
        report.losses.append(f"a game recorded twice after kill {report.kills}")
    return set(ids)


def _waiting(folder: Path) -> set[str]:
    """Finished games still in journals (the history could not take them yet)."""
    from seigneurs.game.factory import replay
    from seigneurs.kiosk.journal import CURRENT, WAITING

    found = set()
    for journal in [*folder.glob(WAITING.format("*")), folder / CURRENT]:
        if journal.exists():
            data = journal.read_text(encoding="utf-8")
            lines = data[:data.rfind("\n") + 1].splitlines()
            if lines and replay(lines).over:
                found.add(json.loads(lines[0])["game"])
    return found


def _fill(path: Path) -> None:
    """The data disk, full to the last byte."""
    with path.open("ab", buffering=0) as out:
        for block in (65536, 1):
            try:
                while True:
                    out.write(b"\0" * block)
            except OSError:
                pass


def _run(command: list[str], env: dict[str, str], log: IO[str], stop_after: int | None,
         rng: random.Random, report: YearReport, samples: bool) -> tuple[int, int]:
    """One run of the table: until it has ended `stop_after` games (then a kill at a random
    moment of the next one), or until it ends by itself. Returns (games ended, resumed)."""
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=log, text=True)
    ended = resumed = 0
    playing = 0.01  # how long the moves of a game take to apply: the kill lands in there
    assert child.stdout is not None
    for line in child.stdout:
        words = line.split()
        if words[:1] == ["started"] and words[-1] == "resumed":
            resumed += 1
        elif words[:1] == ["done"]:
            ended += 1
            playing = float(words[4])
            if samples and ended % 100 == 1:
                report.rss_kib.append(int(words[2]))
                report.fds.append(int(words[3]))
        if stop_after is not None and ended >= stop_after and words[:1] == ["started"]:
            time.sleep(rng.uniform(0.0, playing))  # somewhere in that game's moves
            child.send_signal(signal.SIGKILL)
            report.kills += 1
            break
    child.wait()
    return ended, resumed


def year(games: int, workdir: Path, kill_every: int = 50, long_run: int = 1000, seed: int = 1,
         own_disk: bool = False, progress: Any = None) -> YearReport:
    """Play `games` games as above; the last `long_run` without kills."""
    from seigneurs.kiosk.history import HISTORY_FILE

    rng = random.Random(seed)
    report = YearReport()
    folder = workdir / "data" / "seigneurs"
    folder.mkdir(parents=True, exist_ok=True)
    if own_disk:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE}", "tmpfs",
                        str(folder)], check=True)
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_DATA_HOME": str(workdir / "data"),
           "XDG_CONFIG_HOME": str(workdir / "config")}
    logs = workdir / "logs"
    logs.mkdir(exist_ok=True)
    began = time.monotonic()
    finished: set[str] = set()
    runs = 0
    filler = folder / "filler"
    while True:
        done = len(finished)
        if done >= games:
            break
        last_stretch = games - done <= long_run
        full = own_disk and not last_stretch and runs % 10 == 7
        if full:
            _fill(filler)
            report.full_disk_runs += 1
        command = [sys.executable, "-m", "seigneurs.tools.year", "--table", str(folder),
                   "--first", str(done), "--last", str(games)]
        stop = None if last_stretch else rng.randint(kill_every // 2, kill_every * 3 // 2)
        run_log = logs / f"run-{runs:04d}.log"
        with run_log.open("w") as log:
            ended, resumed = _run(command, env, log, stop, rng, report, last_stretch)
        runs += 1
        report.resumes += resumed
        if filler.exists():
            filler.unlink()
        size = run_log.stat().st_size
        if ended:
            per_game = size / ended
            report.log_bytes_per_game_first = report.log_bytes_per_game_first or per_game
            report.log_bytes_per_game_last = per_game
        report.log_bytes += size
        recorded = _history_ids(folder / HISTORY_FILE, report)
        seen = recorded | _waiting(folder)
        for game_id in sorted(finished - seen):
            report.losses.append(f"game {game_id} finished but is gone after run {runs}")
        if last_stretch and ended == 0 and not full:
            report.losses.append(f"the last run played no game; see {run_log}")
            break
        finished |= seen
        report.recorded = len(recorded)
        if progress:
            progress(f"run {runs}: {len(finished)} games, {report.kills} kills, "
                     f"{len(report.losses)} losses, {time.monotonic() - began:.0f} s")
    report.games = len(finished)
    report.nights = max(0, (report.games - 1) // GAMES_A_DAY)
    history = folder / HISTORY_FILE
    report.history_bytes = sum(p.stat().st_size for p in folder.glob(HISTORY_FILE + "*"))
    start = time.perf_counter()
    listed = subprocess.run([sys.executable, "-m", "seigneurs", "history", "--database",
                             str(history)], env=env, capture_output=True, text=True,
                            check=False)
    report.history_command_seconds = time.perf_counter() - start
    if listed.returncode != 0 or len(listed.stdout.splitlines()) != report.recorded:
        report.losses.append(f"seigneurs history listed {len(listed.stdout.splitlines())} "
                             f"games of {report.recorded}: {listed.stderr[-300:]}")
    screen = subprocess.run([sys.executable, "-m", "seigneurs.tools.year", "--admin-history",
                             str(folder)], env=env, capture_output=True, text=True, check=False)
    timing = json.loads(screen.stdout.splitlines()[-1]) if screen.returncode == 0 else {}
    if not timing:
        report.losses.append(f"the admin history screen did not open: {screen.stderr[-300:]}")
    report.admin_history_seconds = timing.get("seconds", 0.0)
    report.admin_history_cpu_seconds = timing.get("cpu_seconds", 0.0)
    report.seconds = time.monotonic() - began
    if own_disk:
        subprocess.run(["umount", str(folder)], check=False)
    return report


def admin_history(folder: Path) -> dict[str, float]:
    """How long the adults' history screen takes to open on this data folder: from the button
    to its first frame drawn (wall and this thread's CPU)."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.ui.admin_view import HistoryView
    from seigneurs.ui.window import SeigneursWindow

    window = SeigneursWindow(1280, 720, visible=False, mouse=False,
                             settings=TableSettings(data_dir=folder, volume=0.0))
    window.step()
    wall, cpu = time.perf_counter(), time.thread_time()
    view = HistoryView(window)
    window.show_view(view)
    window.step()
    window.ctx.finish()
    timing = {"seconds": time.perf_counter() - wall, "cpu_seconds": time.thread_time() - cpu,
              "lines": float(len(view.lines))}
    window.close()
    return timing


def arguments(parser: argparse.ArgumentParser) -> None:
    """`seigneurs soak --year`'s own options (it shares --dir, --seed and --json)."""
    parser.add_argument("--year", action="store_true",
                        help="a year of games instead of the kill soak: --games games, a "
                             "SIGKILL every ~--kill-every, the history's clock jumping nights")
    parser.add_argument("--games", type=int, default=11_000, help="--year: games (11,000)")
    parser.add_argument("--kill-every", type=int, default=50, help="--year: games between kills")
    parser.add_argument("--long-run", type=int, default=1000,
                        help="--year: the last games, played without a kill (RSS and fds)")


def main(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run the year (in a mount namespace of its own where it can, for the full-disk runs);
    exit 0 when nothing was lost."""
    from seigneurs.tools.soak import in_own_mounts, unshare_mounts

    if args.games < 1 or args.kill_every < 2 or args.long_run < 0:
        parser.error("--games at least 1, --kill-every at least 2, --long-run 0 or more")
    own = os.environ.get("SEIGNEURS_SOAK_NS") == "1"
    if not own and shutil.which("unshare") and subprocess.run(
            [*unshare_mounts(), "true"], capture_output=True, check=False).returncode == 0:
        again = in_own_mounts([sys.executable, "-m", "seigneurs", "soak", *sys.argv[2:]])
        assert again is not None
        return subprocess.run(again, check=False).returncode
    with tempfile.TemporaryDirectory(prefix="seigneurs-year-") as scratch:
        report = year(args.games, args.dir or Path(scratch), args.kill_every, args.long_run,
                      args.seed, own_disk=own,
                      progress=lambda line: print(line, file=sys.stderr, flush=True))
    print(json.dumps(report.to_json()) if args.json else report.summary())
    return 1 if report.failed else 0


def _child(argv: list[str]) -> int:
    """The table's and the screen timer's processes (`python -m seigneurs.tools.year`)."""
    parser = argparse.ArgumentParser(prog="seigneurs.tools.year")
    parser.add_argument("--table", type=Path)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=0)
    parser.add_argument("--admin-history", type=Path)
    args = parser.parse_args(argv)
    if args.admin_history is not None:
        print(json.dumps(admin_history(args.admin_history)))
        return 0
    return table(args.table, args.first, args.last)


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1:]))
