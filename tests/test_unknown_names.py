"""An unknown name in a registry (a variant in a config file, a command line) is refused with
the list of the known ones, so an adult setting up the table sees what to write instead."""

from __future__ import annotations

import pytest

from seigneurs.rules import variant


def test_an_unknown_variant_names_every_known_one() -> None:
    with pytest.raises(ValueError, match=r"^unknown variant 'rails'; expected one of training, "
                                         r"lords, kids, kings, duo$"):
        variant("rails")
