"""Every test renders headless, run alone or in the whole suite (the CI sets it too), in a
scratch HOME: no test reads or locks the configuration or data of a table on this machine."""

import atexit
import json
import os
import pwd
import shutil
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import pytest
from hypothesis import Phase, settings

if TYPE_CHECKING:
    from seigneurs.table.controller import RaceController

os.environ.setdefault("ARCADE_HEADLESS", "1")


def _real_folders() -> tuple[str, ...]:
    """The configuration and data folders of the user running the tests, as seigneurs/kiosk/paths
    resolves them (XDG, else the home's), for the account's home and $HOME alike."""
    homes = {pwd.getpwuid(os.getuid()).pw_dir, os.environ.get("HOME") or "/nonexistent"}
    bases = {f"{home}/.config" for home in homes} | {f"{home}/.local/share" for home in homes}
    bases |= {os.environ[name] for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME")
              if os.environ.get(name)}
    return tuple(sorted(str(Path(base, "seigneurs")) for base in bases))


REAL_FOLDERS = tuple(filter(None, os.environ.get("SEIGNEURS_TESTS_REAL_FOLDERS", "").split(
    os.pathsep))) or _real_folders()
"""No test reads or locks these: a table running on this machine holds table.lock there (a
test's `play` then stopped with exit 73), and its history and PIN are the library's. Read once
by the first process and handed on, so pytest-xdist's workers guard the same folders."""
os.environ["SEIGNEURS_TESTS_REAL_FOLDERS"] = os.pathsep.join(REAL_FOLDERS)

SCRATCH_HOME = Path(tempfile.mkdtemp(prefix="seigneurs-tests-home-"))
"""Every test's HOME, XDG_CONFIG_HOME and XDG_DATA_HOME (this process's and every subprocess's
it starts): one scratch folder per test process, removed at its end."""

os.environ.update(HOME=str(SCRATCH_HOME), XDG_CONFIG_HOME=str(SCRATCH_HOME / ".config"),
                  XDG_DATA_HOME=str(SCRATCH_HOME / ".local" / "share"))
atexit.register(shutil.rmtree, SCRATCH_HOME, True)

_PATH_EVENTS = frozenset({"open", "os.listdir", "os.scandir", "os.mkdir", "os.rename",
                          "os.remove", "os.rmdir", "os.chmod", "os.truncate", "sqlite3.connect",
                          "shutil.rmtree", "os.symlink", "os.link"})
touched_real_folders: list[str] = []
"""What this test process opened (or tried to) in REAL_FOLDERS; the guard below fails the test."""


def _refuse_the_real_folders(event: str, args: tuple[object, ...]) -> None:
    """An audit hook: an open, listing, change or SQLite connection under REAL_FOLDERS is
    refused and noted, whatever catches the error."""
    if event not in _PATH_EVENTS or not args or not isinstance(args[0], str | bytes | Path):
        return
    path = os.fsdecode(args[0])
    if any(path == real or path.startswith(real + "/") for real in REAL_FOLDERS):
        touched_real_folders.append(f"{event} {path}")
        raise PermissionError(f"a test touched the real folder {path}")


sys.addaudithook(_refuse_the_real_folders)


@pytest.fixture(autouse=True)
def _never_the_real_folders() -> Iterator[None]:
    """Fails any test that reached into the user's real configuration or data folder."""
    touched_real_folders.clear()
    yield
    if touched_real_folders:
        touched = sorted(set(touched_real_folders))
        touched_real_folders.clear()
        pytest.fail(f"touched the real folders {', '.join(REAL_FOLDERS)}: {'; '.join(touched)}")

# Mutation testing (scripts/mutation.py, `--hypothesis-profile=mutation`): the same examples for
# every mutant, so a verdict can be checked again, and no shrinking, which only makes the
# failure's report shorter and would cost minutes per killed mutant.
settings.register_profile("mutation", derandomize=True, phases=[Phase.explicit, Phase.generate])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first: with two workers, the kill soak runs beside everything else
    instead of alone at the end. For a mutant, the quickest first instead: mutmut stops at
    the first failure, so a mutant a unit test kills never waits for the end-to-end games."""
    took = _mutmut_durations()
    if took is not None:
        items.sort(key=lambda item: took.get(item.nodeid, 0.0))
    else:
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _mutmut_durations() -> dict[str, float] | None:
    """Each test's time in mutmut's stats run (mutants/mutmut-stats.json, its working
    directory), while mutmut tests one of its mutants; None otherwise."""
    stats = Path("mutmut-stats.json")
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", "") or not stats.exists():
        return None
    took: dict[str, float] = json.loads(stats.read_text(encoding="utf-8"))["duration_by_test"]
    return took


CPU_LIMIT_S = 30.0
"""Under a mutant, a test may use this much CPU time beyond..."""
CPU_LIMIT_TIMES = 5.0
"""...this many times its own time in mutmut's stats run, then it fails by name."""


@pytest.fixture(autouse=True)
def _no_mutant_hangs_a_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A mutant that loops a test for ever fails that test once it has used CPU_LIMIT_S plus
    CPU_LIMIT_TIMES its usual time: CPU time (the process's own, ITIMER_PROF), so a busy
    machine never fails a slow test, and per test, where mutmut's own limit (thirty times
    all the mutant's tests' time) let one hung test hold a worker for over an hour. Only
    under a mutant: the suite's own limit is pytest-timeout's."""
    took = _mutmut_durations()
    if took is None:
        yield
        return
    limit = CPU_LIMIT_S + CPU_LIMIT_TIMES * took.get(request.node.nodeid, CPU_LIMIT_S)

    def stop(signum: int, frame: FrameType | None) -> None:
        pytest.fail(f"{request.node.nodeid} used {limit:.0f} s of CPU under a mutant "
                    f"(it took {took.get(request.node.nodeid, 0.0):.1f} s unmutated)")

    before = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, before)


@pytest.fixture(autouse=True)
def _sound_as_each_test_finds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A `play` run inside the test process decides once for the process that this machine has
    no sound device (the game then loads no sound at all); a later test's own window must
    still load its sounds, whatever ran before it in the same worker."""
    from seigneurs.ui import sound_output

    monkeypatch.setattr(sound_output, "_nothing_to_play_on", False)
    monkeypatch.delenv("ARCADE_SOUND_BACKENDS", raising=False)


@pytest.fixture
def control() -> "RaceController":
    """Three children at a lords table in play, nobody touching yet."""
    from seigneurs.game import GameConfig, RaceGame, Whistle
    from seigneurs.table.controller import RaceController
    from seigneurs.table.kinds import open_session
    from seigneurs.table.layout import TableLayout
    from seigneurs.table.session import Seating
    layout = TableLayout.build(1920, 1080)
    places = tuple(layout.places[i] for i in layout.spread(3))
    session = open_session(layout, Seating(places, (None, None, None)),
                           GameConfig.for_players("lords", 3, 5))
    assert isinstance(session.control, RaceController) and isinstance(session.game, RaceGame)
    assert session.game.apply(Whistle(0, 0.0)).ok
    return session.control
