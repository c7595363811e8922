"""`seigneurs crowd --fps` (issue 32, clause 3): the children against a table that draws fewer
frames, each frame bringing the touches stamped since the last."""

from __future__ import annotations

import json

import pytest

from seigneurs.cli import main
from seigneurs.game import GameConfig
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table.kinds import table_kind
from seigneurs.table.session import Seating
from seigneurs.tools.crowd import DirectTable


def test_issue32_a_table_at_20_fps_reads_three_steps_of_touches_in_one_frame() -> None:
    table = DirectTable(fps=20)
    config = GameConfig.for_players("kids", 2, 3)
    places = tuple(place for _c, place in table_kind(config.spec).spread(table.layout, 2))
    session = table.open(Seating(places, (None, None)), config)
    read: list[list[TouchEvent]] = []
    touches = session.touches
    session.touches = lambda frame: (read.append(list(frame)), touches(frame))[1]  # type: ignore[method-assign]
    steps = [TouchEvent(1, phase, 0.4 + n / 10, 0.5, n / 60) for n, phase in enumerate(
        (TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP), 1)]
    spent = [table.frame([event], event.t)[1] for event in steps]
    assert spent[0] is None and spent[1] is None and spent[2] is not None
    assert [[(e.phase, e.t) for e in frame] for frame in read] == [
        [(e.phase, e.t) for e in steps]]  # one frame, each event with its own time
    assert session.clock == pytest.approx(3 / 60)


def test_issue32_a_crowd_at_20_fps_plays_its_games_through(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["crowd", "--variant", "kids", "--players", "4", "--games", "1", "--seed", "2",
                 "--fps", "20", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["fps"] == 20 and report["finished"] == 1 and report["picks"] > 0


@pytest.mark.parametrize(("args", "says"), [
    (["--fps", "7"], "--fps must divide 60"),
    (["--fps", "0"], "--fps must divide 60"),
    (["--fps", "20", "--over", "tuio"], "--fps goes with --over direct"),
])
def test_issue32_a_frame_rate_the_crowd_cannot_step_is_a_clear_error(
        capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["crowd", *args])
    assert stop.value.code == 2 and says in capsys.readouterr().err
