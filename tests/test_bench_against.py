"""`scripts/bench_against.py`: this checkout's bench played on a revision's own code (issue 27,
item 4: "half the update CPU" is a comparison across revisions, so it must be like for like)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "bench_against.py"
ISSUE_27 = "fc69fce"
"""The code issue 27 measured: older than the opcode bench, the render plan and the bench loop."""


def _git_answers() -> bool:
    if shutil.which("git") is None:
        return False
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                          check=False).returncode == 0


pytestmark = pytest.mark.skipif(not _git_answers(),
                                reason="needs git answering in a checkout (git archive)")


def against(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, check=False)


def runs_of(*args: str) -> list[dict[str, object]]:
    done = against(*args, "--json")
    assert done.returncode == 0, done.stderr
    runs: list[dict[str, object]] = json.loads(done.stdout)
    return runs


def test_a_revision_counted_twice_counts_the_same_opcodes_on_its_own_table() -> None:
    """The opcodes of a revision's update are the same run after run (each run a process of
    its own), so a difference between revisions is theirs; the table played is the archived
    revision's and the bench this checkout's."""
    runs = runs_of("HEAD", "--opcodes", "--frames", "4", "--fingers", "3", "--rounds", "2")
    assert [run["revision"] for run in runs] == ["HEAD", "HEAD"]
    assert runs[0]["p50"] == runs[1]["p50"] > 100 and runs[0]["p99"] == runs[1]["p99"]
    for run in runs:
        assert Path(str(run["bench_from"])) == ROOT
        assert Path(str(run["table_from"])).parent.name.startswith("bench-against-")


def test_the_issues_own_code_plays_this_checkouts_bench() -> None:
    """fc69fce has neither the opcode bench nor the bench loop nor the render plan: every one
    is this checkout's, put over it (issue 27)."""
    known = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{ISSUE_27}^{{commit}}"],
                           capture_output=True, check=False)
    if known.returncode != 0:
        pytest.skip(f"{ISSUE_27} is not in this clone's history (a shallow clone)")
    runs = runs_of(ISSUE_27, "HEAD", "--opcodes", "--frames", "30", "--fingers", "10",
                   "--rounds", "1")
    then, now = runs
    assert then["revision"] == ISSUE_27 and then["drawing"] == "(not said by this revision)"
    assert Path(str(then["bench_from"])) == ROOT != Path(str(then["table_from"]))
    assert then["p50"] != now["p50"]  # two tables played, not one twice


def test_an_unknown_revision_is_refused_with_its_name() -> None:
    done = against("no-such-revision-here", "--opcodes", "--frames", "2", "--rounds", "1")
    assert done.returncode != 0
    assert "no revision 'no-such-revision-here'" in done.stderr


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("bench_against", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_ratio_pairs_the_runs_of_one_round_so_a_drift_between_rounds_cancels() -> None:
    """A machine twice as slow in the second round slows both revisions: each round's ratio
    is its own, 0.5 in both, where a ratio of the medians would read (0.5 + 1) / (1 + 2)."""
    first = [{"p50": 1.0}, {"p50": 2.0}]
    later = [{"p50": 0.5}, {"p50": 1.0}]
    paired = _script().paired_ratios
    assert paired(later, first) == [0.5, 0.5]
    assert paired(first, first) == [1.0, 1.0]
    with pytest.raises(ValueError):  # rounds that do not pair are refused, not cut short
        paired(later[:1], first)


def test_callgrind_total_reads_the_summary_and_refuses_what_is_no_callgrind_file() -> None:
    read = _script().callgrind_total
    assert read("events: Ir\nfn=x\n0 5\nsummary: 1234\ntotals: 1234\n") == 1234
    assert read("events: Ir\ntotals: 77\n") == 77
    with pytest.raises(ValueError):
        read("Traceback (most recent call last):\n")


def _callgrind(program: str, out: Path) -> int:
    """The instructions callgrind counts inside operator.call while Python runs `program`."""
    subprocess.run(["valgrind", "--tool=callgrind", f"--toggle-collect={_script().TOGGLE}",
                    f"--callgrind-out-file={out}", sys.executable, "-c", program],
                   capture_output=True, check=True, timeout=300)
    total: int = _script().callgrind_total(out.read_text())
    return total


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_callgrind_counts_only_what_runs_inside_operator_call(tmp_path: Path) -> None:
    """--instructions counts the update alone: the work inside operator.call, none of the
    work around it, and the same work the same count."""
    inside = "import operator; operator.call(sum, range({}))"
    outside = "import operator; sum(range(200_000)); operator.call(sum, range(1_000))"
    small = _callgrind(inside.format(1_000), tmp_path / "small")
    if small == 0:
        pytest.skip(f"this Python ({sys.executable}) keeps no symbol table: callgrind cannot "
                    "find operator.call's C function")
    large = _callgrind(inside.format(200_000), tmp_path / "large")
    assert large > 100 * small
    assert _callgrind(outside, tmp_path / "outside") < 2 * small
    assert abs(_callgrind(inside.format(1_000), tmp_path / "again") - small) < small // 10


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_a_revisions_update_is_counted_in_machine_instructions(tmp_path: Path) -> None:
    """The whole --instructions path: the run under callgrind, its count read back as the
    mean a frame, on this checkout's table (minutes under valgrind: a few frames)."""
    runs = runs_of(".", "--instructions", "--frames", "3", "--fingers", "2", "--rounds", "1")
    [run] = runs
    assert Path(str(run["table_from"])) == ROOT
    assert 10_000 < float(run["mean"]) < 100_000_000  # a frame's update, C included
