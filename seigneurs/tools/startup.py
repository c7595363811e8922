"""`seigneurs bench --startup`: cold start and peak memory of the table against a bare Arcade
window, each a fresh process that draws one 1920x1080 frame (issue 11's yardstick).

Runs are paired and their order alternates, so a machine that drifts between fast and slow
phases weighs on both sides alike. Both run headless, with an empty configuration and data
folder, so the figures do not depend on a display or on this machine's table settings.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

FIRST_FRAME = "first frame drawn; peak KiB:"
BARE = ("import arcade\n"
        "window = arcade.Window(1920, 1080, 'bare')\n"
        "window.clear()\n"
        "window.ctx.finish()\n"
        "from seigneurs.tools.startup import report_first_frame\n"
        "report_first_frame()\n")
TABLE = ("-m", "seigneurs", "play", "--window", "1920x1080", "--first-frame")


@dataclass(frozen=True, slots=True)
class StartupReport:
    """Medians over the pairs: seconds to the first frame, peak resident memory, ratio."""

    repeats: int
    bare_s: float
    table_s: float
    bare_mib: float
    table_mib: float
    ratio: float
    """The median of each pair's table/bare time: a slow phase of the machine cancels out."""

    @property
    def extra_mib(self) -> float:
        return self.table_mib - self.bare_mib

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "extra_mib": round(self.extra_mib, 1)}


def report_first_frame() -> None:
    """Said by a measured process once its first frame is drawn, with its own peak resident
    memory (VmHWM: unlike a child's ru_maxrss, it does not inherit the parent's peak)."""
    status = Path("/proc/self/status").read_text(encoding="ascii")
    peak = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))
    print(FIRST_FRAME, peak, flush=True)


def first_frame(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Start `python args`, wait for its first frame; returns (seconds, peak MiB)."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    seconds = time.perf_counter() - started
    process.stdout.read()
    code = process.wait()
    marker, _, peak = line.strip().rpartition(" ")
    if marker != FIRST_FRAME or not peak.isdigit() or code != 0:
        raise RuntimeError(f"{' '.join(args)} did not draw its first frame "
                           f"(exit {code}, said {line.strip()!r})")
    return seconds, int(peak) / 1024


def measure_startup(repeats: int = 5) -> StartupReport:
    """`repeats` pairs of fresh runs, bare window and table in alternating order.

    Both as installed: Arcade's modules come byte-compiled from their wheel, so ours may write
    their bytecode too (PYTHONDONTWRITEBYTECODE is dropped: with it, every start compiled all of
    our modules, about 0.13 s that no installed table pays), and one unmeasured run of each
    writes it and warms the file cache."""
    bare: list[tuple[float, float]] = []
    table: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_CONFIG_HOME": f"{home}/config",
               "XDG_DATA_HOME": f"{home}/data"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        first_frame(["-c", BARE], env)
        first_frame(list(TABLE), env)
        for pair in range(repeats):
            runs = [(bare, ["-c", BARE]), (table, list(TABLE))]
            for into, args in runs if pair % 2 == 0 else runs[::-1]:
                into.append(first_frame(args, env))
    return StartupReport(repeats, statistics.median(s for s, _ in bare),
                         statistics.median(s for s, _ in table),
                         statistics.median(m for _, m in bare),
                         statistics.median(m for _, m in table),
                         statistics.median(t[0] / b[0] for b, t in zip(bare, table, strict=True)))
