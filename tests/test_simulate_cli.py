"""`seigneurs simulate`: deterministic, JSON output, clear usage errors (exit 2)."""

from __future__ import annotations

import json

import pytest

from seigneurs.cli import main
from seigneurs.game import replay
from seigneurs.game.bots import BOT_LEVELS, random_bit
from seigneurs.game.config import GameConfig
from seigneurs.rules import Rule
from seigneurs.tools.simulate import play_bot_game, summarise


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant, players", [("lords", 6), ("training", 3), ("kids", 2),
                                              ("kings", 4), ("duo", 2)])
def test_same_seed_same_results(capsys: pytest.CaptureFixture[str], variant: str,
                                players: int) -> None:
    args = ("--variant", variant, "--players", str(players), "--games", "5", "--seed", "42")
    first, second = run_json(capsys, *args), run_json(capsys, *args)
    assert first["results"] == second["results"]
    assert first["games"] == 5 and float(first["games_per_second"]) > 0  # type: ignore[arg-type]
    for result in first["results"]:  # type: ignore[attr-defined]
        assert set(result) >= {"winners", "lengths", "end_reason"}
        assert len(result["lengths"]) == players


def test_mixed_rules_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    """Each seat plays by its own rule: the games are those of a config with these rules, and
    not those the variant's own rule would have made."""
    report = run_json(capsys, "--variant", "kids", "--players", "3", "--rules",
                      "kids,kings,exactly-one", "--games", "4")
    mixed = [Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE, Rule.EXACTLY_ONE]

    def games(rules: list[Rule] | None) -> list[dict[str, object]]:
        configs = [GameConfig.for_players("kids", 3, seed, rules=rules) for seed in range(4)]
        return [summarise(play_bot_game(c, [BOT_LEVELS["adult"]] * 3)).to_json()
                for c in configs]

    assert report["players"] == 3 and report["results"] == games(mixed) != games(None)


@pytest.mark.parametrize("args, says", [
    (["--variant", "poker"], "invalid choice"),
    (["--players", "9"], "2 to 6 players"),
    (["--rules", "kids,kings", "--players", "3"], "2 rules given for 3 players"),
    (["--rules", "chess,kids"], "unknown rule"),
    (["--variant", "lords", "--players", "2", "--rules", "kings,kings"], "not allowed in lords"),
    (["--games", "0"], "at least 1"),
    (["--level", "wizard"], "unknown bot level"),
])
def test_bad_arguments_exit_2_with_a_clear_message(capsys: pytest.CaptureFixture[str],
                                                   args: list[str], says: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", *args])
    assert stop.value.code == 2
    assert says in capsys.readouterr().err


def test_human_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "wins per seat" in out


def test_event_log_is_json_lines_that_replay() -> None:
    game = play_bot_game(GameConfig.for_players("lords", 4, 8), [BOT_LEVELS["child"]] * 4)
    lines = game.record()
    assert all(isinstance(json.loads(line), dict) for line in lines)
    assert replay(lines).log == game.log
    with pytest.raises(ValueError, match="line 3"):
        replay([lines[0], lines[1], '{"kind": "pick", "seat": 0}'])
    with pytest.raises(ValueError, match="empty"):
        replay([])


def test_random_bit_only_returns_set_bits() -> None:
    import random
    rng = random.Random(1)
    mask = 0b1010_0100_0001
    seen = {random_bit(mask, rng) for _ in range(200)}
    assert seen == {0, 6, 9, 11}
