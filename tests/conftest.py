"""Every test renders headless, run alone or in the whole suite (the CI sets it too)."""

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest
from hypothesis import Phase, settings

os.environ.setdefault("ARCADE_HEADLESS", "1")

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
