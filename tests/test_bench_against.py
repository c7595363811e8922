"""`scripts/bench_against.py`: this checkout's bench played on a revision's own code (issue 27,
item 4: "half the update CPU" is a comparison across revisions, so it must be like for like)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "bench_against.py"
pytestmark = pytest.mark.skipif(not (ROOT / ".git").exists() or shutil.which("git") is None,
                                reason="needs git and a git checkout (git archive)")


def against(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600, check=False)


def test_a_revision_counted_twice_counts_the_same_opcodes_and_its_own_code_is_run() -> None:
    """The opcodes of a revision's update are the same run after run (each run a process of
    its own), so a difference between revisions is theirs; and the code run is the archived
    revision's, not this work tree's (the run says which tree its table came from)."""
    done = against("HEAD", "--opcodes", "--frames", "4", "--fingers", "3", "--rounds", "2",
                   "--json")
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)
    assert [run["revision"] for run in runs] == ["HEAD", "HEAD"]
    assert runs[0]["p50"] == runs[1]["p50"] > 100 and runs[0]["p99"] == runs[1]["p99"]
    assert all(Path(run["table_from"]) != ROOT for run in runs)


def test_an_unknown_revision_is_refused_with_its_name() -> None:
    done = against("no-such-revision-here", "--opcodes", "--frames", "2", "--rounds", "1")
    assert done.returncode != 0
    assert "no revision 'no-such-revision-here'" in done.stderr
