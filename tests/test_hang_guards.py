"""Issue 25, item 3: no test can hang. A test that loops for ever fails with its name, in the
suite (pytest-timeout's wall clock) and under a mutant (the conftest's CPU limit, since a
mutation run has no wall clock: a busy machine must not kill a slow mutant)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

LOOP = """
import conftest

conftest.CPU_LIMIT_S, conftest.CPU_LIMIT_TIMES = 0.5, 2.0


def test_quick() -> None:
    assert sum(range(1000)) == 499500


def test_loops_for_ever() -> None:
    n = 0
    while True:
        try:  # code that swallows errors is no way out
            n += 1
        except Exception:
            pass
"""


def pytest_in(folder: Path, *args: str, mutant: str = "") -> subprocess.CompletedProcess[str]:
    """A pytest run of `folder`'s tests, with the project's conftest, as its own process."""
    (folder / "tests").mkdir()
    shutil.copy(TESTS / "conftest.py", folder / "tests" / "conftest.py")
    (folder / "tests" / "test_loop.py").write_text(LOOP, encoding="utf-8")
    (folder / "mutmut-stats.json").write_text(json.dumps({"duration_by_test": {
        "tests/test_loop.py::test_quick": 0.01,
        "tests/test_loop.py::test_loops_for_ever": 0.1}}), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "MUTANT_UNDER_TEST"}
    if mutant:
        env["MUTANT_UNDER_TEST"] = mutant
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-n", "0", "--rootdir=.", *args, "tests/test_loop.py"],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=300,
                          check=False)


def test_item3_under_a_mutant_a_test_looping_for_ever_fails_by_name_on_its_cpu_time(
        tmp_path: Path) -> None:
    run = pytest_in(tmp_path, "--timeout=0", mutant="seigneurs.x.y__mutmut_1")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAILED tests/test_loop.py::test_loops_for_ever" in run.stdout
    assert "used 1 s of CPU under a mutant" in run.stdout  # 0.5 + 2 x 0.1 s
    assert "1 failed, 1 passed" in run.stdout


def test_item3_in_the_suite_a_test_looping_for_ever_fails_by_name_on_the_wall_clock(
        tmp_path: Path) -> None:
    """No mutant: the CPU limit is off, and pytest-timeout (600 s in pyproject.toml, 2 s
    here) stops the loop."""
    run = pytest_in(tmp_path, "--timeout=2")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAILED tests/test_loop.py::test_loops_for_ever" in run.stdout
    assert "Timeout" in run.stdout and "CPU under a mutant" not in run.stdout
