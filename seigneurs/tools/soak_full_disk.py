"""`seigneurs soak --full-disk`'s second part: a real headless bots' table on a tiny tmpfs of
the soak's own (256 KiB: the history's write-ahead log alone fills it in a few games), filled
to the last byte at a random moment of each run while the table plays, then stopped at
another random moment, by SIGKILL or by SIGTERM; the disk is emptied again before some starts
and left full for others. After each run the soak checks every end the table's log named
against the disk: a game said to be on disk (the history, a journal, the reserve) must be
there; one said to be only in memory is lost by the stop unless a later try saved it. A last
run with room must then fold every kept game into the history, each once.

The table's log is the list of games finished: each end is logged, every time. A finished game
the log never named is invisible here (the kill soak's checks of the folder see those).
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from seigneurs.kiosk.notify import STOPPED_BY_SIGTERM
from seigneurs.kiosk.reserve import RESERVE, reserved
from seigneurs.tools.soak_report import LossReport

SMALL_DISK = "256k"
"""Room for the history, the reserve and a game's journal, and little more."""
ENDED = re.compile(r"game (\w+)(?: ended|, only in memory until now): (.*)")
"""The table's line at each game's end (and when a game only in memory reaches the disk)."""


@dataclass(slots=True)
class FullDiskReport(LossReport):
    """What the runs on a disk filled at random moments saw; `losses` must be empty."""

    starts: int = 0
    fills: int = 0  # runs in which the soak filled the disk to the last byte while it played
    stops_by_sigterm: int = 0
    games_finished: int = 0  # ends the table's log named
    ended_in_history: int = 0
    ended_in_journal: int = 0
    ended_in_reserve: int = 0
    ended_in_memory: int = 0  # said to be only in memory at their end
    lost_said: int = 0  # not in the history at the end: only in memory at a stop, as said
    games_recorded: int = 0  # in the history after the last run, each once
    losses: list[str] = field(default_factory=list)  # a claim the disk belies, a silent loss

    def figures(self) -> str:
        return (f"{self.starts} starts on a {SMALL_DISK} disk filled at random moments "
                f"({self.fills} fills, {self.stops_by_sigterm} SIGTERM stops): "
                f"{self.games_finished} games finished (at their end: {self.ended_in_history} "
                f"in the history, {self.ended_in_journal} in a journal, {self.ended_in_reserve} "
                f"in the reserve, {self.ended_in_memory} only in memory), "
                f"{self.games_recorded} recorded, {self.lost_said} lost as the log said")


@dataclass(frozen=True, slots=True)
class Lent:
    """What the kill soak lends this part: its way to start a table that dies with the soak,
    to fill a disk to the last byte, to look at a dead table's folder (the games recorded,
    those in journals of finished games, and any problem: a damaged or doubled history), and
    to read the history while a table writes."""

    preexec: Callable[[], None]
    fill: Callable[[Path], None]
    look: Callable[[Path], tuple[set[str], set[str], list[str]]]
    recorded: Callable[[Path], set[str]]


def on_disk(folder: Path, lent: Lent, report: FullDiskReport) -> tuple[set[str], set[str]]:
    """The games the folder keeps (the table is dead; the folder is never written): in the
    history as the next start finds it, and waiting for it (journals, the reserve)."""
    history, journals, problems = lent.look(folder)
    report.losses += problems
    return history, journals | {str(r.game_id) for r in reserved(folder)}


def full_disk_starts(starts: int, workdir: Path, command: list[str], env: dict[str, str],
                     rng: random.Random, lent: Lent, mean_up: float = 6.0,
                     progress: Callable[[str], None] | None = None) -> FullDiskReport:
    """Start the table `starts` times on a tiny tmpfs (mounted here: run inside a mount
    namespace of the soak's own), fill it to the last byte at a random moment of each run,
    stop the run by SIGKILL or SIGTERM, and check the log's every end against the disk."""
    folder = workdir / "small" / "data" / "seigneurs"
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SMALL_DISK}", "tmpfs", str(folder)],
                   check=True)
    env = {**env, "XDG_DATA_HOME": str(folder.parent)}
    report = FullDiskReport()
    filler = folder / "filler"
    finished: set[str] = set()
    said_lost: set[str] = set()  # only in memory when their table stopped, as its log said
    log = workdir / "full-disk-table.log"  # every run's, one after the other
    log.unlink(missing_ok=True)
    try:
        while report.starts < starts:
            if filler.exists() and rng.random() < 0.5:
                filler.unlink()  # room again before this start
            life = rng.uniform(2.0, 2 * mean_up)
            fill_at = rng.uniform(0.0, life)
            with log.open("a") as out:
                out.write(f"--- start {report.starts + 1}\n")
                out.flush()
                offset = out.tell()
                table = subprocess.Popen(command, env=env, stdout=out,
                                         stderr=subprocess.STDOUT, preexec_fn=lent.preexec)
                began = time.monotonic()
                try:
                    table.wait(fill_at)
                except subprocess.TimeoutExpired:
                    lent.fill(filler)  # to the last byte, while it plays
                    report.fills += 1
                try:
                    table.wait(max(0.0, life - (time.monotonic() - began)))
                    report.losses.append(f"the table stopped by itself ({table.returncode})")
                except subprocess.TimeoutExpired:
                    gentle = rng.random() < 0.5
                    report.stops_by_sigterm += gentle
                    table.send_signal(signal.SIGTERM if gentle else signal.SIGKILL)
                    try:
                        code = table.wait(30)
                        if gentle and code != STOPPED_BY_SIGTERM:
                            report.losses.append(f"SIGTERM: the table exited {code}, not "
                                                 f"{STOPPED_BY_SIGTERM} (a clean close)")
                    except subprocess.TimeoutExpired:
                        report.losses.append("the table did not stop within 30 s")
                        table.kill()
                        table.wait()
            report.starts += 1
            with log.open("rb") as said:
                said.seek(offset)
                run = said.read().decode("utf-8", errors="replace")
            _check_run(run, folder, lent, report, finished, said_lost)
            if progress and report.starts % 5 == 0:
                progress(f"{report.starts} starts, {report.games_finished} games finished, "
                         f"{len(report.losses)} losses")
        filler.unlink(missing_ok=True)
        _last_run(command, env, log, folder, lent, finished, said_lost, report)
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=False)
    return report


def _check_run(said: str, folder: Path, lent: Lent, report: FullDiskReport,
               finished: set[str], said_lost: set[str]) -> None:
    """One run's ends against the disk it left."""
    history, waiting = on_disk(folder, lent, report)
    at_risk: set[str] = set()  # said only in memory, not said saved since
    for game_id, where in ENDED.findall(said):
        first = game_id not in finished
        finished.add(game_id)
        if where.startswith("only in memory"):
            report.ended_in_memory += first
            at_risk.add(game_id)
            continue
        at_risk.discard(game_id)
        if first:
            report.ended_in_history += where == "in the history"
            report.ended_in_reserve += where.startswith(f"on disk in {RESERVE}")
            report.ended_in_journal += where.startswith("on disk in") \
                and not where.startswith(f"on disk in {RESERVE}")
        if game_id not in history | waiting:
            report.losses.append(f"game {game_id}: the log said '{where}', the disk has it "
                                 "nowhere")
    said_lost |= at_risk - history - waiting  # the stop took them, as said
    report.games_finished = len(finished)


def _last_run(command: list[str], env: dict[str, str], log: Path, folder: Path, lent: Lent,
              finished: set[str], said_lost: set[str], report: FullDiskReport) -> None:
    """A run with room, until the history holds every kept game (or a minute passes)."""
    _, waiting = on_disk(folder, lent, report)
    with log.open("a") as out:
        out.write("--- the last start, with room\n")
        out.flush()
        table = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                 preexec_fn=lent.preexec)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and table.poll() is None \
                and not waiting <= lent.recorded(folder):
            time.sleep(0.25)
        table.send_signal(signal.SIGTERM)
        table.wait(30)
    history, _ = on_disk(folder, lent, report)
    report.games_recorded = len(history & finished)
    for game_id in sorted(waiting - history):
        report.losses.append(f"game {game_id} was kept on disk but never reached the history")
    lost = finished - history  # a game lost by one stop may come back: its journal resumed
    report.lost_said = len(lost & said_lost)
    for game_id in sorted(lost - said_lost):
        report.losses.append(f"game {game_id} finished, is not in the history, and no stop "
                             "was said to lose it")
