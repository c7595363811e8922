"""R33: a Duo locomotive whose two rows are equally long goes to the row with more wagons of
the locomotive's type; equal there too, nobody wins it."""

from __future__ import annotations

from seigneurs.rules import Card, Colour, WagonType, WinReason, duo_outcome, locomotive_of

LOGS = locomotive_of(WagonType.LOGS)  # logs/blue/2


def test_r33_equal_rows_are_decided_by_wagons_of_the_locomotives_type() -> None:
    two_logs = [Card(WagonType.LOGS, Colour.RED, 3), Card(WagonType.LOGS, Colour.YELLOW, 4)]
    one_log = [Card(WagonType.LOGS, Colour.RED, 4), Card(WagonType.COAL, Colour.RED, 2)]
    for seat, rows in ((0, (two_logs, one_log)), (1, (one_log, two_logs))):
        outcome = duo_outcome({LOGS: rows})
        (result,) = outcome.details.locomotives
        assert [c.length for c in result.checks] == [2, 2]
        assert (result.winner, result.reason) == (seat, WinReason.MOST_OF_TYPE)
        assert outcome.winners == (seat,) and outcome.details.won[seat] == 1


def test_r33_r34_equal_length_and_type_count_wins_nobody_the_locomotive() -> None:
    row = [Card(WagonType.LOGS, Colour.RED, 3)]
    outcome = duo_outcome({LOGS: (row, [Card(WagonType.LOGS, Colour.YELLOW, 3)])})
    (result,) = outcome.details.locomotives
    assert (result.winner, result.reason) == (None, None)
    assert outcome.winners == (0, 1) and outcome.reason is WinReason.SHARED
