"""Issue 49, item 3: one TUIO finger through the production path (real UDP on loopback, the
real decoder and filters, session, controller, game, physics, events), counted file by file:
the files each frame crosses, and how often the path goes back into a file it left."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest

from seigneurs.tools.trace import MOVES, FileWalk, trace, walked

RETURNS_AT_MOST = 8
"""The issue's target: a return to a file already left at most this often a frame."""


def test_one_finger_goes_down_the_production_path_and_its_card_is_stacked() -> None:
    counts = trace()
    assert [c.phase for c in counts] == ["down", *["move"] * MOVES, "up"]
    assert counts[0].shown == ("Picked",) and counts[-1].shown == ("Stacked",)
    for count in counts:  # from the decoder to the game, every frame
        assert {"input/tuio.py", "table/session.py", "table/controller.py"} <= set(count.path)
        assert count.files == len(count.path) and count.calls > count.files
    assert "game/engine.py" in counts[0].path and "game/race.py" in counts[-1].path


def test_a_carried_cards_moves_go_straight_down_the_path() -> None:
    """What the target holds today: the moves of a carried card (the down and the lift are
    not there yet: docs, "the path of one touch")."""
    for count in trace()[1:-1]:
        assert count.returns <= RETURNS_AT_MOST, count


def _module(root: Path, name: str, text: str) -> Any:
    (root / f"{name}.py").write_text(text)
    return importlib.import_module(name)


def test_a_callback_into_a_file_already_left_is_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure can fail: a stage that calls a helper which calls back into the stage's
    file returns to it each time; the same work kept in one file never does."""
    monkeypatch.syspath_prepend(str(tmp_path))
    _module(tmp_path, "trace_helper", "def twice(f):\n    return f() + f()\n")
    stage = _module(tmp_path, "trace_stage",
                    "import trace_helper\n"
                    "def one():\n    return 1\n"
                    "def bent():\n    return trace_helper.twice(one)\n"
                    "def straight():\n    return one() + one()\n")
    walk = FileWalk(tmp_path)
    with walked(walk):
        assert stage.bent() == 2
    assert (walk.returns, walk.crossed) == (2, ["trace_stage.py", "trace_helper.py"])
    walk = FileWalk(tmp_path)
    with walked(walk):
        assert stage.straight() == 2
    assert (walk.returns, walk.crossed) == (0, ["trace_stage.py"])
