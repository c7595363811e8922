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


def test_r22_a_kids_tie_decided_by_the_type_names_the_wagons_a_screen_lifts() -> None:
    """Issue 52: level trains, the one with more wagons of its locomotive's type wins (R22,
    D5); the outcome says so as a value, with the counted wagons' ids and their count for
    each tied seat, so the results view only draws it."""
    coach_red, coach_blue = Card(WagonType.COACH, Colour.RED, 2), Card(WagonType.COACH,
                                                                       Colour.BLUE, 2)
    tanker = Card(WagonType.TANKER, Colour.BLUE, 3)
    logs_red, coal = Card(WagonType.LOGS, Colour.RED, 3), Card(WagonType.COAL, Colour.RED, 4)
    mine = [coach_red, coach_blue, tanker]  # after a coach locomotive: two coaches
    theirs = [logs_red, coal, Card(WagonType.COAL, Colour.BLUE, 4)]  # after logs: one log
    outcome = race_outcome("kids", [(COACH, mine), (LOGS, theirs)])
    assert outcome.lengths == (3, 3) and outcome.winners == (0,)
    assert outcome.reason is WinReason.MOST_OF_TYPE
    broken = outcome.details.of_type
    assert broken is not None and broken.rule == "R22" and broken.seats == (0, 1)
    assert broken.wagons == ((coach_red.index, coach_blue.index), (logs_red.index,))
    assert broken.positions == ((0, 1), (0,)) and broken.winners == (0,)
    assert (broken.count(0), broken.count(1)) == (2, 1)


def test_r22_no_tie_and_training_name_no_wagons_of_the_type() -> None:
    """Only a tie the type breaks carries one: a longest train does not, nor Training's
    tie, which R18 breaks by the stop call."""
    longest = race_outcome("kids", [(COACH, TWO), (LOGS, [])])
    assert longest.details.of_type is None
    training = race_outcome("training", [(COACH, TWO[:1]), (LOGS, [Card(WagonType.LOGS,
                                                                         Colour.RED, 3)])],
                            stop_caller=0)
    assert training.details.tied == (0, 1) and training.details.of_type is None


def test_r33_a_duo_locomotive_tied_on_length_names_the_wagons_of_its_type() -> None:
    """Issue 52, Duo: rows of two beside the coach locomotive, one with two coaches, one
    with one: R33 gives it to the first, and says which wagons counted."""
    coach_red, coach_blue = Card(WagonType.COACH, Colour.RED, 2), Card(WagonType.COACH,
                                                                       Colour.BLUE, 3)
    first = [coach_red, coach_blue]
    second = [Card(WagonType.COACH, Colour.YELLOW, 2), Card(WagonType.TANKER, Colour.YELLOW, 2)]
    (result,) = duo_outcome({COACH: (first, second)}).details.locomotives
    assert (result.winner, result.reason) == (0, WinReason.MOST_OF_TYPE)
    broken = result.of_type
    assert broken is not None and broken.rule == "R33" and broken.winners == (0,)
    assert broken.wagons == ((coach_red.index, coach_blue.index), (second[0].index,))
    assert (broken.count(0), broken.count(1)) == (2, 1)
    (longer,) = duo_outcome({COACH: (first, second[:1])}).details.locomotives
    assert longer.of_type is None  # decided by length: no tie-break to show
