"""`seigneurs crowd` (issue 9, clause 7): simulated children play whole games through the real
touch path (scripted touches -> production input filters -> controller -> game -> physics)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from seigneurs.cli import main
from seigneurs.rules import VARIANTS

FIELDS = {"games", "finished", "stalled", "stuck_hands", "refused_empty_handed",
          "longest_refused_run", "second_cards_stacked", "wrong_train", "gifts", "first_wagon_s",
          "fairness_refusals", "fairness_first_wagon", "fairness_refusals_by_chance",
          "fairness_first_wagon_by_chance", "touch_down_accuracy", "extra_cards",
          "refusals", "frame_cpu_ms_p50", "frame_cpu_ms_p99", "picks", "per_seat"}


def crowd(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["crowd", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_clause7_a_small_crowd_finishes_every_game_per_variant(
        capsys: pytest.CaptureFixture[str], name: str) -> None:
    players = "2" if VARIANTS[name].duo else "4"
    report = crowd(capsys, "--variant", name, "--players", players, "--bots", "1",
                   "--games", "2", "--seed", "5")
    assert set(report) >= FIELDS
    assert report["games"] == report["finished"] == 2
    assert report["stalled"] == 0 and report["stuck_hands"] == 0
    assert int(report["picks"]) > 0  # type: ignore[call-overload]


def test_clause3_r28_duo_children_tapping_with_flat_hands_lay_one_card_a_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Duo children sometimes tap a row or the under button with two or three fingertips
    (more than two fingers down between two children); each hand still lays one card."""
    report = crowd(capsys, "--variant", "duo", "--games", "4", "--seed", "1")
    assert int(report["fingers_down_max"]) > 2  # type: ignore[call-overload]
    assert report["extra_cards"] == 0 and report["finished"] == 4


def test_issue16_the_arm_trackers_ids_are_evidence_not_truth(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Ids from a tracker that errs: the table's touch-down guesses are better with them, but
    not always right (a wrong or swapped id, or none)."""
    args = ("--variant", "kids", "--players", "6", "--games", "2", "--seed", "2")
    without, tracked = crowd(capsys, *args), crowd(capsys, *args, "--user-ids")
    assert tracked["user_ids"] is True and tracked["finished"] == 2
    assert float(without["touch_down_accuracy"]) < float(tracked["touch_down_accuracy"]) < 1.0  # type: ignore[arg-type]


def test_issue16_children_who_are_not_the_tables_model_help_and_try(
        capsys: pytest.CaptureFixture[str]) -> None:
    """They drop cards on a neighbour's zone to help (gifts) and try cards that do not fit
    (the assisted table says so); an adult and ghost contacts play along."""
    report = crowd(capsys, "--variant", "kids", "--players", "6", "--games", "2", "--seed", "4")
    assert int(report["gifts"]) > 0  # type: ignore[call-overload]
    assert int(report["refusals"]["does not fit the train"]) > 0  # type: ignore[index]
    assert report["finished"] == 2 and report["stuck_hands"] == 0


def test_clause7_the_same_seed_plays_the_same_crowd(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--variant", "kings", "--players", "3", "--games", "1", "--seed", "9")
    first, second = crowd(capsys, *args), crowd(capsys, *args)
    for key in ("picks", "refused_empty_handed", "refusals", "game_seconds", "per_seat"):
        assert first[key] == second[key]


def test_clause7_the_same_seed_plays_the_same_crowd_in_another_process() -> None:
    """Every stream of the children's choices comes from the seed alone: nothing of the
    process (Python 3.11's hash of None is its address) may choose which fingertip lifts, or
    two runs of one seed could not compare two rules."""
    run = ("import json, sys; from seigneurs.cli import main; "
           "main(['crowd', '--variant', 'kids', '--age', '3', '--games', '2', '--seed', '3', "
           "'--json'])")
    reports = [json.loads(subprocess.run([sys.executable, "-c", run], capture_output=True,
                                         text=True, check=True).stdout) for _ in range(3)]
    for key in ("picks", "taken_from_hand", "second_cards_stacked", "game_seconds"):
        assert reports[0][key] == reports[1][key] == reports[2][key], key


@pytest.mark.parametrize("args, says", [
    (["--variant", "duo", "--players", "3"], "duo is for exactly 2 players"),
    (["--players", "3", "--bots", "3"], "--bots must leave at least one child"),
    (["--games", "0"], "--games must be at least 1"),
    (["--age", "4"], "invalid choice: '4'"),
    (["--panel", "magic"], "invalid choice: 'magic'"),
])
def test_clause7_bad_arguments_get_a_clear_error(capsys: pytest.CaptureFixture[str],
                                                 args: list[str], says: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["crowd", *args])
    assert exit_info.value.code == 2 and says in capsys.readouterr().err


def test_clause7_six_children_rushing_put_twelve_fingers_down_and_the_cpu_is_measured_there(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The frame CPU target is for 12 fingers down: at the start six children grab with both
    hands, some with several fingertips, so such frames happen and are measured apart."""
    report = crowd(capsys, "--variant", "lords", "--players", "6", "--games", "2", "--seed", "3",
                   "--age", "8")
    assert int(report["fingers_down_max"]) >= 12  # type: ignore[call-overload]
    assert int(report["frames_12_fingers"]) > 0  # type: ignore[call-overload]
    assert report["frame_cpu_ms_p50_12_fingers"] is not None
    assert report["frame_cpu_ms_p99_12_fingers"] is not None
