"""Every test renders headless, run alone or in the whole suite (the CI sets it too)."""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

import pytest


@pytest.fixture(autouse=True)
def _sound_decision_stays_in_its_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """`seigneurs play` run in-process decides this process' sound (no device here: silent);
    the next test starts undecided again, as a new process would."""
    from seigneurs.ui import sound_output

    monkeypatch.setattr(sound_output, "_nothing_to_play_on", False)
    monkeypatch.delenv("ARCADE_SOUND_BACKENDS", raising=False)
