"""Every test renders headless, run alone or in the whole suite (the CI sets it too)."""

import json
import os
from pathlib import Path

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


@pytest.fixture(autouse=True)
def _sound_as_each_test_finds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A `play` run inside the test process decides once for the process that this machine has
    no sound device (the game then loads no sound at all); a later test's own window must
    still load its sounds, whatever ran before it in the same worker."""
    from seigneurs.ui import sound_output

    monkeypatch.setattr(sound_output, "_nothing_to_play_on", False)
    monkeypatch.delenv("ARCADE_SOUND_BACKENDS", raising=False)
