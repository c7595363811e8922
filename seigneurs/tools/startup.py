"""`seigneurs bench --startup`: cold start and peak memory of the table against a bare Arcade
window, each a fresh process that draws one 1920x1080 frame (issue 11's yardstick).

Runs are paired and their order alternates, so a machine that drifts between fast and slow
phases weighs on both sides alike. Both run headless, with an empty configuration and data
folder, so the figures do not depend on a display or on this machine's table settings.
"""

from __future__ import annotations

import inspect
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from seigneurs.tools.first_frame import report_first_frame


def bare_source(multisampling: bool, gles: bool = False) -> str:
    """The yardstick: Arcade's window, multisampled as the table's is on this machine (none
    where Mesa draws in software) and through the same API (ES on a Pi), and one cleared
    frame, then the same report as the table's, from its source. The bare process imports
    nothing of ours but, under ES, the mends of Arcade's own two ES faults, without which an
    Arcade window does not open there at all."""
    mends = "from seigneurs.ui.arcade_gles import mend; mend()\n" if gles else ""
    es = ", gl_api='opengles', gl_version=(3, 1)" if gles else ""
    return ("import arcade\n" + mends
            + f"window = arcade.Window(1920, 1080, 'bare', antialiasing={multisampling}{es})\n"
            "window.clear()\n"
            "window.ctx.finish()\n"
            + inspect.getsource(report_first_frame) + "report_first_frame()\n")


TABLE = ("-m", "seigneurs", "play", "--window", "1920x1080", "--first-frame")


@dataclass(frozen=True, slots=True)
class Start:
    """One fresh process up to its first frame."""

    seconds: float
    """Wall time from starting the process to reading its report."""
    mib: float
    """Its peak resident memory."""
    cpu_s: float
    """CPU seconds it had used by then (all its threads)."""


@dataclass(frozen=True, slots=True)
class StartupReport:
    """Medians over the pairs: seconds to the first frame, peak resident memory, ratios."""

    repeats: int
    bare_s: float
    table_s: float
    bare_mib: float
    table_mib: float
    ratio: float
    """The median of each pair's table/bare time: a slow phase of the machine cancels out."""
    bare_cpu_s: float
    table_cpu_s: float
    cpu_ratio: float
    """The median of each pair's table/bare CPU time: what a busy machine's wall clock blurs."""

    @property
    def extra_mib(self) -> float:
        return self.table_mib - self.bare_mib

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "extra_mib": round(self.extra_mib, 1)}


def time_start(args: list[str], env: dict[str, str]) -> Start:
    """Start `python args` and wait for its first frame."""
    name = "the bare window" if args[0] == "-c" else " ".join(args)
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    seconds = time.perf_counter() - started
    process.stdout.read()
    code = process.wait()
    said = line.split()
    if code != 0 or said[:5] != ["first", "frame", "drawn;", "peak", "KiB:"] or len(said) != 9:
        raise RuntimeError(f"{name} did not draw its first frame "
                           f"(exit {code}, said {line.strip()!r})")
    return Start(seconds, int(said[5].rstrip(";")) / 1024, float(said[8]))


def measure_startup(repeats: int = 5) -> StartupReport:
    """`repeats` pairs of fresh runs, bare window and table in alternating order.

    Both as installed: Arcade's modules come byte-compiled from their wheel, so ours may write
    their bytecode too (PYTHONDONTWRITEBYTECODE is dropped: with it, every start compiled all of
    our modules, about 0.13 s that no installed table pays), and one unmeasured run of each
    writes it and warms the file cache."""
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.ui.render_plan import plan_here

    plan = plan_here(TableSettings())  # the table's own, with nothing set
    source = bare_source(plan.samples > 0, plan.api == "gles")
    bare: list[Start] = []
    table: list[Start] = []
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_CONFIG_HOME": f"{home}/config",
               "XDG_DATA_HOME": f"{home}/data"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        time_start(["-c", source], env)
        time_start(list(TABLE), env)
        for pair in range(repeats):
            runs = [(bare, ["-c", source]), (table, list(TABLE))]
            for into, args in runs if pair % 2 == 0 else runs[::-1]:
                into.append(time_start(args, env))
    return report_of(bare, table)


def report_of(bare: Sequence[Start], table: Sequence[Start]) -> StartupReport:
    """The report of paired runs, bare and table in pair order."""
    pairs = list(zip(bare, table, strict=True))
    return StartupReport(len(pairs), statistics.median(s.seconds for s in bare),
                         statistics.median(s.seconds for s in table),
                         statistics.median(s.mib for s in bare),
                         statistics.median(s.mib for s in table),
                         statistics.median(t.seconds / b.seconds for b, t in pairs),
                         statistics.median(s.cpu_s for s in bare),
                         statistics.median(s.cpu_s for s in table),
                         statistics.median(t.cpu_s / b.cpu_s for b, t in pairs))
