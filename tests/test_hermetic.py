"""No test reads or locks the real configuration or data folder (issue 51 item 5): with a table
running on the machine, tests/test_cli_args.py stopped with exit 73, "another table already
runs on ~/.local/share/seigneurs". Each check runs pytest itself, in a stand-in for the real
HOME (a folder of the test's own: this test never touches the real one either)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def pytest_in(home: Path, *args: str, workers: str = "0",
              **more: str) -> subprocess.CompletedProcess[str]:
    """pytest run with `home` as the user's real HOME (no XDG folders set, as on a table)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "PYTEST_XDIST_WORKER",
                        "SEIGNEURS_TESTS_REAL_FOLDERS")}
    env.update(HOME=str(home), ARCADE_HEADLESS="1", SEIGNEURS_STANDIN_HOME=str(home), **more)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", workers, "-p",
                           "no:cacheprovider", *args], env=env, cwd=REPO, capture_output=True,
                          text=True, timeout=600)


def test_the_tests_pass_while_a_real_table_holds_the_real_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    data = home / ".local" / "share" / "seigneurs"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from seigneurs.kiosk import table_lock, paths; "
         "table_lock.hold(paths.data_dir()); print('held', flush=True); sys.stdin.read()"],
        env={**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / ".local" / "share")},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        ran = pytest_in(home, "tests/test_cli_args.py")
        assert ran.returncode == 0, ran.stdout[-3000:]  # 5 if nothing ran, 1 if one failed
        assert sorted(p.name for p in data.iterdir()) == ["table.lock"]
    finally:
        holder.kill()
        holder.wait()


GUARDED = '''
import os
from pathlib import Path

def test_reads_the_real_configuration():
    real = Path(os.environ["SEIGNEURS_STANDIN_HOME"], ".config", "seigneurs", "config.toml")
    try:
        real.read_text()
    except OSError:
        pass  # swallowing the refusal does not hide the touch


def test_writes_its_own_scratch_data_folder():
    from seigneurs.kiosk import paths
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    (paths.data_dir() / "history.sqlite3").write_text("")
    assert not str(paths.data_dir()).startswith(os.environ["SEIGNEURS_STANDIN_HOME"])
'''


@pytest.mark.parametrize("workers", ["0", "2"])  # xdist's workers guard the same folders
def test_a_test_that_touches_the_real_folder_fails_and_one_in_its_scratch_home_passes(
        tmp_path: Path, workers: str) -> None:
    home = tmp_path / "home"
    config = home / ".config" / "seigneurs" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[kiosk]\nadmin_pin = "482913"\n')
    sample = tmp_path / "test_guarded.py"
    sample.write_text(GUARDED)
    ran = pytest_in(home, "-p", "conftest", "--rootdir", str(tmp_path), str(sample),
                    workers=workers, PYTHONPATH=str(REPO / "tests"))
    assert ran.returncode == 1, ran.stdout[-3000:]
    assert "2 passed, 1 error" in ran.stdout  # the guard fails the test at its teardown
    assert "ERROR at teardown of test_reads_the_real_configuration" in ran.stdout
    assert "touched the real folders" in ran.stdout and f"open {config}" in ran.stdout
    assert not (home / ".local").exists()
