"""The five ways to play, as data in a registry looked up by name (R13-R34, D8)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from seigneurs.rules.matching import Rule
from seigneurs.rules.registry import lookup


class Start(StrEnum):
    """How a game begins."""

    WHISTLE = "whistle"  # R14, R28
    LOCOMOTIVES_TURNED = "locomotives-turned"  # R23, R24


class Ending(StrEnum):
    """What ends a game (besides nobody being able to go on, D4, D7)."""

    STOP_CALL = "stop-call"  # R16
    NO_FITTING_CARD = "no-fitting-card"  # R20, D4
    PILE_EMPTY = "pile-empty"  # R31


class TieBreak(StrEnum):
    """How tied longest trains are separated."""

    NOT_STOP_CALLER = "not-stop-caller"  # R18, D3
    MOST_OF_TYPE = "most-of-type"  # R22, D5


@dataclass(frozen=True, slots=True)
class Variant:
    """Everything that differs between variants, so the engine never asks for a name."""

    name: str
    title: str
    rule: Rule
    seat_rules: frozenset[Rule]
    """Rules a seat may choose instead of `rule` (mixed Kids/Rois games, R25)."""
    start: Start
    ending: Ending
    tie_break: TieBreak
    deal_face_up: bool
    put_back_face_up: bool
    assisted_by_default: bool
    min_players: int
    max_players: int
    engine: str = "race"
    """Which engine plays it: "race" (everyone searches one table) or "duo" (two piles)."""
    min_wagons_to_stop: int = 0

    @property
    def duo(self) -> bool:
        """Whether this is Le Duo des Rails (two piles, rows, no shared table)."""
        return self.engine == "duo"

    def players_ok(self, players: int) -> bool:
        """Whether this many players may play it."""
        return self.min_players <= players <= self.max_players

    def assisted_for(self, rule: Rule) -> bool:
        """The assisted/classic default for a seat playing `rule` here (D8): the default of
        the variant whose own rule it is, so a Rois seat in a Kids game plays classic."""
        for other in VARIANTS.values():
            if other.rule == rule and other.seat_rules == self.seat_rules:
                return other.assisted_by_default
        return self.assisted_by_default


_KIDS_OR_KINGS = frozenset({Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE})

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("training", "Entraînement", Rule.TYPE_ONLY, frozenset({Rule.TYPE_ONLY}),
                Start.WHISTLE, Ending.STOP_CALL, TieBreak.NOT_STOP_CALLER,
                deal_face_up=False, put_back_face_up=False, assisted_by_default=False,
                min_players=2, max_players=6, min_wagons_to_stop=5),
        Variant("lords", "Les Seigneurs des Rails", Rule.AT_LEAST_ONE,
                frozenset({Rule.AT_LEAST_ONE}), Start.WHISTLE, Ending.NO_FITTING_CARD,
                TieBreak.MOST_OF_TYPE, deal_face_up=False, put_back_face_up=True,
                assisted_by_default=False, min_players=2, max_players=6),
        Variant("kids", "Les Kids des Rails", Rule.AT_LEAST_ONE, _KIDS_OR_KINGS,
                Start.LOCOMOTIVES_TURNED, Ending.NO_FITTING_CARD, TieBreak.MOST_OF_TYPE,
                deal_face_up=True, put_back_face_up=True, assisted_by_default=True,
                min_players=2, max_players=6),
        Variant("kings", "Les Rois des Rails", Rule.EXACTLY_ONE, _KIDS_OR_KINGS,
                Start.LOCOMOTIVES_TURNED, Ending.NO_FITTING_CARD, TieBreak.MOST_OF_TYPE,
                deal_face_up=True, put_back_face_up=True, assisted_by_default=False,
                min_players=2, max_players=6),
        Variant("duo", "Le Duo des Rails", Rule.AT_LEAST_ONE, frozenset({Rule.AT_LEAST_ONE}),
                Start.WHISTLE, Ending.PILE_EMPTY, TieBreak.MOST_OF_TYPE,
                deal_face_up=False, put_back_face_up=False, assisted_by_default=False,
                min_players=2, max_players=2, engine="duo"),
    )
}


def variant(name: str) -> Variant:
    """Look a variant up by name, with a clear error listing the known ones."""
    return lookup(VARIANTS, name, "variant")
