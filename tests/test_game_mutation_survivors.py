"""Behaviours of `seigneurs/game` that a mutation run (scripts/mutation.py game) found unguarded
by the package's own tests: each test names what it holds and failed on its mutant."""

from __future__ import annotations

import random
from collections import Counter

from seigneurs.game.bots import random_bit


def test_a_bot_picks_each_candidate_card_alike() -> None:
    """A bot's pick among its candidate cards (a bit mask) is uniform over the set bits: every
    card comes, each about as often (a cleared bit other than the lowest would never pick some)."""
    rng = random.Random(7)
    for mask in (0b11, 0b111, 0b1010_0100_0001, 0b1011_0000):
        bits = [i for i in range(mask.bit_length()) if mask >> i & 1]
        drawn = Counter(random_bit(mask, rng) for _ in range(400 * len(bits)))
        assert set(drawn) == set(bits), (bin(mask), drawn)
        assert all(300 <= drawn[b] <= 500 for b in bits), (bin(mask), drawn)
