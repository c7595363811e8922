#!/usr/bin/env python3
"""The busy-table bench of this checkout, run on other revisions' code, like for like.

    .venv/bin/python scripts/bench_against.py fc69fce HEAD --fingers 10,40 --rounds 3
    .venv/bin/python scripts/bench_against.py fc69fce . --opcodes       # . is the work tree
    .venv/bin/python scripts/bench_against.py fc69fce . --instructions  # under valgrind
    .venv/bin/python scripts/bench_against.py fc69fce HEAD --clip-pixels
    GALLIUM_NOOP=1 .venv/bin/python scripts/bench_against.py fc69fce HEAD   # Mesa's no-op driver

Why: "the update's CPU halved" compares code written months apart, whose own benches measured
differently (the wall clock, frames never ended). Here every revision plays this checkout's
bench (`seigneurs.tools.bench.play_busy_table`, and `opcode_bench.opcodes` with --opcodes) on
its own table code: each revision is taken out with `git archive` into a scratch folder, and a
process per run imports that revision's `seigneurs` with this checkout's bench loaded over it.
Every window is opened without multisampling, as the table opens its own where Mesa draws in
software (revisions before 2614b87 multisampled there, which costs the update's caches too).
Revisions alternate within each round, so a machine that drifts drifts for all of them.

It prints, for each revision and fingers' count, the rounds' range of the update's p50 and
p99 over all frames (thread CPU in ms, or opcodes a frame: their p99 is a touch-down frame's,
which `seigneurs bench --opcodes` shows apart) and its p50 over the first revision's in the
same round, the median and range of the rounds. The bench loop asks only for what the table
has had since fc69fce (issue 27).

--instructions counts the machine instructions of the update, C included (pymunk's step,
Arcade's and the driver's calls), under valgrind's callgrind: the same count run after run
(0.02 % apart here) and whatever else the machine does, where thread CPU moved a fifth between
rounds of the same code. Only the update is counted (callgrind collects inside
`operator.call`, which wraps it alone and which the table never calls), so it reads the mean a
frame over the run, not a p50; it needs valgrind and a Python whose libpython keeps its symbol
table (`_operator_call`: pyenv's does, a stripped one counts nothing and is refused). Its
frames are drawn by Mesa's no-op driver (GALLIUM_NOOP=1: llvmpipe's own machine code stops
valgrind, and the draw is not counted). Under valgrind a run takes about a minute and a half
plus half a second a frame.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import operator
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RUN_ONE = "--run-one"
TOGGLE = "_operator_call"
"""The C function of `operator.call` in libpython: callgrind counts only inside it."""
UNITS = {"cpu": "ms of thread CPU a frame", "opcodes": "opcodes a frame",
         "instructions": "machine instructions a frame (C included; the mean over the run)"}
"""The first argument of the process that makes one run (`run_one`)."""
Run = dict[str, float | str]


def main(argv: list[str] | None = None) -> int:
    """Take out the revisions, run the rounds, print the table (or every run as JSON)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [RUN_ONE]:
        return _run_one_here(argv[1:])
    sys.path.insert(0, str(ROOT))  # this checkout's argument types (a run's process must not)
    from seigneurs.cli.bench import finger_counts
    from seigneurs.cli.common import size

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("revisions", nargs="+", help="git revisions, '.' for the work tree")
    parser.add_argument("--fingers", type=finger_counts, default=(10, 40), metavar="N,N,...",
                        help="fingers' counts, comma-separated")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--size", type=size, default=(1920, 1080), metavar="WxH")
    parser.add_argument("--clip-pixels", action="store_true",
                        help="every draw call made, its pixels clipped to one (a stand-in for "
                             "a GPU; `seigneurs bench --clip-pixels`)")
    counted = parser.add_mutually_exclusive_group()
    counted.add_argument("--opcodes", action="store_true",
                         help="count the update's Python opcodes instead of its thread CPU")
    counted.add_argument("--instructions", action="store_true",
                         help="count the update's machine instructions, C included, under "
                              "valgrind (a mean a frame)")
    parser.add_argument("--json", action="store_true", help="print every run as JSON")
    args = parser.parse_args(argv)
    counts: tuple[int, ...] = args.fingers
    measured = "instructions" if args.instructions else "opcodes" if args.opcodes else "cpu"
    runs: dict[tuple[str, int], list[Run]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-against-") as scratch:
        trees = {revision: tree_of(revision, Path(scratch) / str(number))
                 for number, revision in enumerate(dict.fromkeys(args.revisions))}
        for _ in range(args.rounds):
            for fingers in counts:
                for revision, tree in trees.items():
                    runs.setdefault((revision, fingers), []).append(measure(
                        tree, args.frames, fingers, args.clip_pixels, measured, args.size))
    if args.json:
        print(json.dumps([{"revision": revision, "fingers": fingers, **run}
                          for (revision, fingers), each in runs.items() for run in each]))
        return 0
    unit = UNITS[measured]
    rounds = f"{args.rounds} round{'s' if args.rounds > 1 else ''}"
    drawing = runs[(args.revisions[-1], counts[0])][0]["drawing"]
    print(f"update, {unit}; {rounds} of {args.frames} frames at {args.size[0]}x{args.size[1]}; "
          f"drawn by {drawing} (every window opened without multisampling)")
    width_of_names = max(len(revision) for revision in trees)
    for fingers in counts:
        first = runs[(args.revisions[0], fingers)]
        for revision in trees:
            key = "mean" if measured == "instructions" else "p50"
            each = runs[(revision, fingers)]
            figures = [f"{name} {_span([float(run[name]) for run in each], measured)}"
                       for name in ((key,) if key == "mean" else ("p50", "p99"))]
            ratios = paired_ratios(each, first, key)
            print(f"{fingers:3} fingers  {revision:>{width_of_names}}  {'  '.join(figures)}  "
                  f"{key} / {args.revisions[0]}'s in the same round: median "
                  f"{statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")
    return 0


def paired_ratios(runs: list[Run], first: list[Run], key: str = "p50") -> list[float]:
    """Each round's `key` figure over the first revision's in that same round: the revisions
    of a round run one after the other, so a machine that drifts between rounds (this one
    moves a quarter) moves both sides of a ratio, where it would move a ratio of medians."""
    return [float(run[key]) / float(base[key]) for run, base in zip(runs, first, strict=True)]


def callgrind_total(out: str) -> int:
    """The instructions a callgrind output file counted (its `summary:` line, else
    `totals:`)."""
    found = {}
    for line in out.splitlines():
        name, _, value = line.partition(":")
        if name in ("summary", "totals") and value.strip().isdigit():
            found[name] = int(value)
    if not found:
        raise ValueError("no summary or totals line: not a callgrind output file")
    return found.get("summary", found.get("totals", 0))


def tree_of(revision: str, folder: Path) -> Path:
    """The folder holding `revision`'s code: the work tree for '.', else a `git archive` of
    the commit it names, taken out into `folder` (git archive | tar: Debian 12's Python 3.11.2
    has no tarfile filters)."""
    if revision == ".":
        return ROOT
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet",
                             f"{revision}^{{commit}}"], capture_output=True, text=True,
                            check=False)
    if commit.returncode != 0:
        sys.exit(f"bench_against: no revision {revision!r} in {ROOT}")
    folder.mkdir(parents=True)
    archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", commit.stdout.strip()],
                               stdout=subprocess.PIPE)
    untar = subprocess.run(["tar", "-x", "-C", str(folder)], stdin=archive.stdout, check=False)
    if archive.wait() != 0 or untar.returncode != 0:
        sys.exit(f"bench_against: {revision!r} could not be taken out into {folder}")
    if not (folder / "seigneurs" / "__init__.py").is_file():
        sys.exit(f"bench_against: {revision!r} holds no seigneurs package")
    return folder


def measure(tree: Path, frames: int, fingers: int, clip: bool, measured: str,
            size: tuple[int, int]) -> Run:
    """One run of this checkout's bench on `tree`'s code, in a process of its own (under
    callgrind for `instructions`); refused if its table came from anywhere else (an installed
    copy shadowing the tree)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "ARCADE_HEADLESS": "1"}
    command = [sys.executable, __file__, RUN_ONE, str(frames), str(fingers),
               "clip" if clip else "full", measured, str(size[0]), str(size[1])]
    with tempfile.TemporaryDirectory(prefix="bench-against-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        if measured == "instructions":
            if shutil.which("valgrind") is None:
                sys.exit("bench_against: --instructions needs valgrind (apt install valgrind)")
            env["PYTHONHASHSEED"] = "0"  # the same set and dict orders in every run
            env["GALLIUM_NOOP"] = "1"  # llvmpipe's own machine code stops valgrind (SIGILL)
            command = ["valgrind", "--tool=callgrind", f"--toggle-collect={TOGGLE}",
                       f"--callgrind-out-file={out}", *command]
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tree,
                              check=False)
        if done.returncode != 0:
            sys.exit(f"bench_against: the run on {tree} failed:\n{done.stderr[-3000:]}")
        result: Run = json.loads(done.stdout.strip().splitlines()[-1])
        if measured == "instructions":
            counted = callgrind_total(out.read_text())
            if counted == 0:
                sys.exit(f"bench_against: callgrind counted nothing inside {TOGGLE}: this "
                         f"Python ({sys.executable}) keeps no symbol table to find it by")
            result["mean"] = counted / frames
            del result["p50"], result["p99"]  # the update was counted, not timed
    if Path(str(result["table_from"])).resolve() != tree.resolve():
        sys.exit(f"bench_against: the run meant for {tree} played {result['table_from']}'s table")
    return result


def run_one(frames: int, fingers: int, clip: bool, measured: str,
            size: tuple[int, int]) -> Run:
    """In the run's own process, whose `seigneurs` is the revision's (PYTHONPATH): this
    checkout's bench modules put in place of the revision's, every window opened without
    multisampling, one bench run."""
    import arcade

    opened: Any = arcade.Window.__init__

    def without_multisampling(window: Any, *args: Any, **kwargs: Any) -> None:
        kwargs["antialiasing"] = False
        opened(window, *args, **kwargs)

    arcade.Window.__init__ = without_multisampling  # type: ignore[method-assign,assignment]
    import seigneurs.tools  # the revision's package, before this checkout's bench goes in it

    figures = _load("seigneurs.tools.figures")
    bench = _load("seigneurs.tools.bench")
    drawing = bench._drawing

    def who_drew(window: object, clip: bool) -> str:
        try:
            return str(drawing(window, clip))
        except AttributeError:  # a revision older than its render plan
            return "(not said by this revision)"

    bench._drawing = who_drew
    if measured == "instructions":  # callgrind counts the update alone, inside operator.call
        run = bench.play_busy_table(frames, size, fingers, _in_operator_call, clip=clip,
                                    draw_measure=bench.thread_cpu_ms)
    else:
        cost = _load("seigneurs.tools.opcode_bench").opcodes if measured == "opcodes" \
            else bench.thread_cpu_ms
        run = bench.play_busy_table(frames, size, fingers, cost, clip=clip)
    return {"p50": statistics.median(run.update), "p99": figures.p99(run.update),
            "draw_p50": statistics.median(run.draw), "drawing": run.drawing,
            "table_from": str(Path(seigneurs.__file__).parent.parent),
            "bench_from": str(Path(bench.__file__).parent.parent.parent)}


def _in_operator_call(work: Callable[[], object]) -> float:
    """Run `work` inside `operator.call`, where callgrind counts (TOGGLE); the count is read
    from callgrind's file afterwards."""
    operator.call(work)
    return 0.0


def _load(name: str) -> Any:
    """This checkout's module `name` (seigneurs/tools/*.py), put in sys.modules as `name`."""
    path = ROOT / "seigneurs" / "tools" / f"{name.rsplit('.', 1)[-1]}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _run_one_here(argv: list[str]) -> int:
    """`RUN_ONE`'s process: one run, its figures printed as JSON."""
    frames, fingers, drawn, measured, width, height = argv
    print(json.dumps(run_one(int(frames), int(fingers), drawn == "clip", measured,
                             (int(width), int(height)))))
    return 0


def _span(values: list[float], measured: str) -> str:
    """The rounds' range: whole opcodes or instructions, or ms to the microsecond."""
    low, high = min(values), max(values)
    return f"{low:.3f}-{high:.3f}" if measured == "cpu" else f"{low:,.0f}-{high:,.0f}"


if __name__ == "__main__":
    sys.exit(main())
