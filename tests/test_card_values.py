"""A card is three features (R2): one that is not a wagon type, a colour and 2-4 wheels is
refused with a message naming what was expected, so a bad recording or scenario says why."""

from __future__ import annotations

import pytest

from seigneurs.rules import Card, Colour, WagonType


@pytest.mark.parametrize("features", [(WagonType.COACH, "red", 2), ("coach", Colour.RED, 2)])
def test_r2_a_card_needs_a_wagon_type_and_a_colour(features: tuple[object, object, int]) -> None:
    with pytest.raises(ValueError, match="a card needs a WagonType and a Colour, got "):
        Card(*features)  # type: ignore[arg-type]


def test_r2_wheels_are_two_three_or_four() -> None:
    with pytest.raises(ValueError, match=r"wheels must be one of \(2, 3, 4\), got 5"):
        Card(WagonType.COACH, Colour.RED, 5)


def test_an_unknown_type_or_colour_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"expected one of coach, tanker, coal, logs, boxcar, "
                                         r"animals$"):
        Card.parse("bus/red/2")
    with pytest.raises(ValueError, match=r"expected one of red, blue, yellow$"):
        Card.parse("coach/green/2")
