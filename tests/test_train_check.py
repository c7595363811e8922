"""R22, D5, R33: the wagons that count for the tie-break are those of the locomotive's own
type, whatever the card before them was."""

from __future__ import annotations

from seigneurs.rules import Card, Colour, Rule, WagonType, check_train, locomotive_of

COACH = locomotive_of(WagonType.COACH)  # coach/red/3


def test_r22_of_type_counts_wagons_like_the_locomotive_not_like_the_previous_card() -> None:
    wagons = [Card(WagonType.COACH, Colour.BLUE, 2),  # a coach: counts
              Card(WagonType.TANKER, Colour.BLUE, 4),  # shares blue with the coach
              Card(WagonType.TANKER, Colour.RED, 4)]  # like the card before it, not a coach
    check = check_train(Rule.AT_LEAST_ONE, COACH, wagons)
    assert (check.length, check.first_error) == (3, None)
    assert check.of_type_at == (0,) and check.of_type == 1


def test_r7_a_wagon_after_the_cut_counts_for_nothing() -> None:
    wagons = [Card(WagonType.COACH, Colour.BLUE, 2),
              Card(WagonType.LOGS, Colour.YELLOW, 4),  # shares nothing with coach/blue/2
              Card(WagonType.COACH, Colour.YELLOW, 4)]
    check = check_train(Rule.AT_LEAST_ONE, COACH, wagons)
    assert (check.length, check.first_error, check.of_type_at) == (1, 1, (0,))
