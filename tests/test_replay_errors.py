"""A damaged event log gets a clear error saying where (the admin moves the file aside and the
kiosk goes on): an empty log, a bad header, a bad action line, each named as such."""

from __future__ import annotations

import json

import pytest

from seigneurs.game import GameConfig, Whistle, new_game, replay


def lines() -> list[str]:
    game = new_game(GameConfig.for_players("lords", 2, 3))
    assert game.apply(Whistle(0, 0.5)).ok
    return game.record()


def test_an_empty_log_is_named_empty() -> None:
    with pytest.raises(ValueError, match=r"^empty event log$"):
        replay([])


@pytest.mark.parametrize("header, says", [
    ("not json", r"^event log header: Expecting value"),
    ('{"no": "config"}', r"^event log header: 'config'"),
    ('{"config": {"seats": 2}}', r"^not a game config: ")])
def test_a_bad_header_is_named_the_header(header: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        replay([header])


def test_a_bad_action_is_named_by_its_line_number() -> None:
    good = lines()
    with pytest.raises(ValueError, match=r"^event log line 3: pick needs fields"):
        replay([*good, '{"kind": "pick", "seat": 0}'])
    assert replay([*good, "", "  "]).log == replay(good).log  # blank lines are no actions
    assert json.loads(good[1])["kind"] == "whistle"


@pytest.mark.parametrize("line, says", [
    ('{"kind": "teleport", "seat": 0}', r"^event log line 3: not an action record: "
                                        r"\{'kind': 'teleport', 'seat': 0\}$"),
    ('[1, 2]', r"^event log line 3: not an action record: \[1, 2\]$")])
def test_a_line_that_is_no_action_at_all_is_named_and_shown(line: str, says: str) -> None:
    """A line of an unknown kind, or no record at all, is named as no action record and
    shown, so the admin sees what the damaged line holds."""
    with pytest.raises(ValueError, match=says):
        replay([*lines(), line])
