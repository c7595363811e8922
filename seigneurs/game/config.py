"""How a game is set up: variant, seats (rule and assisted/classic per seat) and seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seigneurs.rules import Rule, Variant, variant


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """One seat's choices: its rule (R25; None = the variant's) and assisted mode (D8)."""

    rule: Rule | None = None
    assisted: bool | None = None

    def assisted_in(self, spec: Variant) -> bool:
        """Whether this seat is refused cards that do not fit (D8); by default as its rule's
        own variant plays (a Rois seat in a Kids game plays classic)."""
        return spec.assisted_for(self.rule or spec.rule) if self.assisted is None \
            else self.assisted


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Everything a game needs besides the actions: with them, it replays exactly."""

    variant: str
    seats: tuple[SeatConfig, ...]
    seed: int = 0

    def __post_init__(self) -> None:
        spec = variant(self.variant)
        if not spec.players_ok(len(self.seats)):
            raise ValueError(f"{spec.name} is for {spec.min_players}-{spec.max_players} players, "
                             f"not {len(self.seats)}")
        for number, seat in enumerate(self.seats):
            if seat.rule is not None and seat.rule not in spec.seat_rules:
                raise ValueError(f"seat {number}: rule {seat.rule} is not allowed in {spec.name}; "
                                 f"expected one of {', '.join(sorted(spec.seat_rules))}")

    @classmethod
    def for_players(cls, variant_name: str, players: int, seed: int = 0, *,
                    rules: Sequence[Rule] | None = None,
                    assisted: bool | None = None) -> GameConfig:
        """A config with `players` seats, optionally one rule per seat."""
        if rules is not None and len(rules) != players:
            raise ValueError(f"{len(rules)} rules given for {players} players")
        seat_rules: Sequence[Rule | None] = rules if rules is not None else [None] * players
        return cls(variant_name, tuple(SeatConfig(r, assisted) for r in seat_rules), seed)

    @property
    def spec(self) -> Variant:
        """The variant's rules as data."""
        return variant(self.variant)

    def seat_rule(self, seat: int) -> Rule:
        """The rule seat `seat` plays by."""
        return self.seats[seat].rule or self.spec.rule

    def seat_assisted(self, seat: int) -> bool:
        """Whether seat `seat` is refused cards that do not fit (D8)."""
        return self.seats[seat].assisted_in(self.spec)

    def to_json(self) -> dict[str, Any]:
        """A plain dict for the event log's header."""
        return {"variant": self.variant, "seed": self.seed,
                "seats": [{"rule": s.rule and str(s.rule), "assisted": s.assisted}
                          for s in self.seats]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        """Read `to_json`'s output back; a bad header raises ValueError."""
        try:
            seats = tuple(SeatConfig(Rule(s["rule"]) if s["rule"] else None, s["assisted"])
                          for s in data["seats"])
            return cls(str(data["variant"]), seats, int(data["seed"]))
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a game config: {data!r} ({error})") from None
