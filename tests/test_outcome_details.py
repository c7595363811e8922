"""What an outcome carries besides its winners (R17, R18, R33, R34): every seat's checked
train, the stop caller, each Duo locomotive with its result, and the reasons the results
view draws."""

from __future__ import annotations

import pytest

from seigneurs.rules import (
    Card,
    Colour,
    RaceDetails,
    WagonType,
    WinReason,
    duo_outcome,
    locomotive_of,
    race_outcome,
)

COACH, LOGS = locomotive_of(WagonType.COACH), locomotive_of(WagonType.LOGS)
TWO = [Card(WagonType.COACH, Colour.BLUE, 2), Card(WagonType.TANKER, Colour.BLUE, 4)]


def test_r17_one_longest_train_keeps_every_seats_check_and_the_stop_caller() -> None:
    outcome = race_outcome("training", [(COACH, TWO[:1]), (LOGS, [])], stop_caller=1)
    assert outcome.winners == (0,) and outcome.reason is WinReason.LONGEST
    assert outcome.lengths == (1, 0)
    assert [c.length for c in outcome.details.checks] == [1, 0]
    assert outcome.details.stop_caller == 1 and outcome.details.tied == ()


def test_r22_a_tie_keeps_every_seats_check_for_the_results_view() -> None:
    logs = [Card(WagonType.LOGS, Colour.RED, 3)]
    outcome = race_outcome("lords", [(COACH, TWO[:1]), (LOGS, logs)])
    assert outcome.details.tied == (0, 1)
    assert [c.of_type for c in outcome.details.checks] == [1, 1]


def test_a_race_nobody_sat_at_is_a_shared_nothing() -> None:
    outcome = race_outcome("training", [], stop_caller=2)
    assert outcome == type(outcome)((), WinReason.SHARED, (), RaceDetails((), stop_caller=2))


def test_a_duo_game_is_not_decided_as_a_race() -> None:
    with pytest.raises(ValueError, match=r"^duo games are decided by duo_outcome$"):
        race_outcome("duo", [(COACH, []), (LOGS, [])])


@pytest.mark.parametrize("longer", [0, 1])
def test_r33_the_longer_row_wins_its_locomotive_on_either_side(longer: int) -> None:
    rows = (TWO, TWO[:1]) if longer == 0 else (TWO[:1], TWO)
    outcome = duo_outcome({COACH: rows})
    (result,) = outcome.details.locomotives
    assert result.locomotive == COACH
    assert (result.winner, result.reason) == (longer, WinReason.LONGEST)
    assert outcome.winners == (longer,) and outcome.reason is WinReason.LONGEST
    assert outcome.lengths == ((2, 1) if longer == 0 else (1, 2))


def test_r34_a_shared_duo_keeps_each_locomotive_and_both_lengths() -> None:
    outcome = duo_outcome({COACH: (TWO[:1], [Card(WagonType.COACH, Colour.YELLOW, 3)])})
    (result,) = outcome.details.locomotives
    assert result.locomotive == COACH and result.winner is None
    assert outcome.winners == (0, 1) and outcome.lengths == (1, 1)
