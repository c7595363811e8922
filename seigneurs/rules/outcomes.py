"""Who wins: the race variants (R18, R21, R22, D3, D5) and Duo (R33, R34), as one `Outcome`
whose `details` hold what only that kind of game has."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from seigneurs.rules.cards import Card
from seigneurs.rules.checking import TrainCheck, check_train
from seigneurs.rules.matching import Rule
from seigneurs.rules.variants import TieBreak, variant


class WinReason(StrEnum):
    """Why the winners won; the results view shows it as a picture."""

    LONGEST = "longest"  # R18/R21: one longest train
    NOT_STOP_CALLER = "not-stop-caller"  # R18
    SHARED_NO_CALLER = "shared-no-caller"  # D3
    MOST_OF_TYPE = "most-of-type"  # R22/D5
    SHARED = "shared"  # D5 still tied; R34 tie


@dataclass(frozen=True, slots=True)
class OfType:
    """A tie broken by the wagons of the locomotive's type (R22 and D5 in a race, R33 at a
    Duo locomotive): which rule, and for each tied seat the wagons that count, so a results
    screen can lift exactly those and show how many, deciding nothing itself."""

    rule: str
    """The rule that broke the tie: "R22" or "R33"."""
    seats: tuple[int, ...]
    """The tied seats, in seat order."""
    positions: tuple[tuple[int, ...], ...]
    """For each tied seat, where its counted wagons of the type are in its train (or row)."""
    wagons: tuple[tuple[int, ...], ...]
    """...and those wagons' card ids (`Card.index`)."""
    winners: tuple[int, ...]
    """Who the wagons of the type decide for: one seat, or every tied seat still level."""

    def count(self, seat: int) -> int:
        """How many wagons of the type count for `seat`."""
        return len(self.wagons[self.seats.index(seat)])


def of_type(rule: str, seats: Sequence[int], checks: Sequence[TrainCheck],
            wagons: Sequence[Sequence[Card]]) -> OfType:
    """The tie-break of the tied `seats` by their counted wagons of the locomotive's type
    (`checks` and `wagons` are every seat's): the most win, equal ones share."""
    positions = tuple(checks[s].of_type_at for s in seats)
    ids = tuple(tuple(wagons[s][k].index for k in at) for s, at in zip(seats, positions,
                                                                         strict=True))
    best = max(len(at) for at in positions)
    winners = tuple(s for s, at in zip(seats, positions, strict=True) if len(at) == best)
    return OfType(rule, tuple(seats), positions, ids, winners)


@dataclass(frozen=True, slots=True)
class RaceDetails:
    """What a race outcome adds: each seat's checked train and how a tie was broken."""

    checks: tuple[TrainCheck, ...]
    tied: tuple[int, ...] = ()
    """The seats that tied for the longest train, when a tie-break was needed."""
    stop_caller: int | None = None
    """Training: the seat that called stop (R16), None when the game ended by itself."""
    of_type: OfType | None = None
    """Where the wagons of the type broke (or tried to break) the tie (R22, D5), else None."""


@dataclass(frozen=True, slots=True)
class LocomotiveResult:
    """One Duo locomotive: both players' checked rows beside it and who wins it (R33)."""

    locomotive: Card
    checks: tuple[TrainCheck, TrainCheck]
    winner: int | None
    reason: WinReason | None
    of_type: OfType | None = None
    """Where the rows tied on length and the wagons of the type decided (R33), else None."""


@dataclass(frozen=True, slots=True)
class DuoDetails:
    """What a Duo outcome adds: each locomotive's result and how many each seat won (R33)."""

    locomotives: tuple[LocomotiveResult, ...]
    won: tuple[int, int]


Details = TypeVar("Details", bound=RaceDetails | DuoDetails, covariant=True)


@dataclass(frozen=True, slots=True)
class Outcome(Generic[Details]):
    """How any game came out: winners are seat indices (several = a shared win), `lengths`
    each seat's checked wagons (Duo: over all its rows), `details` the variant's own."""

    winners: tuple[int, ...]
    reason: WinReason
    lengths: tuple[int, ...]
    details: Details


RaceOutcome = Outcome[RaceDetails]
"""A race game's outcome (Training, Seigneurs, Kids, Rois)."""
DuoOutcome = Outcome[DuoDetails]
"""A Duo game's outcome."""


Train = tuple[Card, Sequence[Card]]
_Breaker = Callable[[tuple[int, ...], tuple[TrainCheck, ...], int | None],
                    tuple[tuple[int, ...], WinReason]]


def _not_stop_caller(tied: tuple[int, ...], _checks: tuple[TrainCheck, ...],
                     stop_caller: int | None) -> tuple[tuple[int, ...], WinReason]:
    others = tuple(s for s in tied if s != stop_caller)
    if len(others) == 1:
        return others, WinReason.NOT_STOP_CALLER
    return others, WinReason.SHARED_NO_CALLER


def _most_of_type(tied: tuple[int, ...], checks: tuple[TrainCheck, ...],
                  _stop_caller: int | None) -> tuple[tuple[int, ...], WinReason]:
    best = max(checks[s].of_type for s in tied)
    top = tuple(s for s in tied if checks[s].of_type == best)
    return top, WinReason.MOST_OF_TYPE if len(top) == 1 else WinReason.SHARED


_BREAKERS: dict[TieBreak, _Breaker] = {
    TieBreak.NOT_STOP_CALLER: _not_stop_caller,
    TieBreak.MOST_OF_TYPE: _most_of_type,
}


def race_outcome(variant_name: str, trains: Sequence[Train], *,
                 rules: Sequence[Rule] | None = None,
                 stop_caller: int | None = None) -> RaceOutcome:
    """Check every seat's train and name the winners (R17, R18, R21, R22, D3, D5)."""
    spec = variant(variant_name)
    if spec.duo:
        raise ValueError("duo games are decided by duo_outcome")
    if rules is not None and len(rules) != len(trains):
        raise ValueError(f"{len(rules)} rules for {len(trains)} trains")
    seat_rules = tuple(rules) if rules is not None else (spec.rule,) * len(trains)
    checks = tuple(check_train(rule, loco, wagons)
                   for rule, (loco, wagons) in zip(seat_rules, trains, strict=True))
    lengths = tuple(c.length for c in checks)
    if not lengths:
        return Outcome((), WinReason.SHARED, (), RaceDetails((), stop_caller=stop_caller))
    longest = max(lengths)
    tied = tuple(s for s, n in enumerate(lengths) if n == longest)
    if len(tied) == 1:
        return Outcome(tied, WinReason.LONGEST, lengths,
                       RaceDetails(checks, stop_caller=stop_caller))
    winners, reason = _BREAKERS[spec.tie_break](tied, checks, stop_caller)
    broken = (of_type("R22", tied, checks, [wagons for _loco, wagons in trains])
              if spec.tie_break is TieBreak.MOST_OF_TYPE else None)
    return Outcome(winners, reason, lengths, RaceDetails(checks, tied, stop_caller, broken))


def _locomotive_result(loco: Card, rows: tuple[Sequence[Card], Sequence[Card]]
                       ) -> LocomotiveResult:
    checks = (check_train(Rule.AT_LEAST_ONE, loco, rows[0]),
              check_train(Rule.AT_LEAST_ONE, loco, rows[1]))  # R29, R32
    if checks[0].length != checks[1].length:
        return LocomotiveResult(loco, checks, 0 if checks[0].length > checks[1].length else 1,
                                WinReason.LONGEST)
    broken = of_type("R33", (0, 1), checks, rows)
    if len(broken.winners) == 1:
        return LocomotiveResult(loco, checks, broken.winners[0], WinReason.MOST_OF_TYPE, broken)
    return LocomotiveResult(loco, checks, None, None)


def duo_outcome(rows: Mapping[Card, tuple[Sequence[Card], Sequence[Card]]]) -> DuoOutcome:
    """Decide each locomotive (R33), then the game: more locomotives wins, a tie is shared (R34)."""
    results = tuple(_locomotive_result(loco, pair) for loco, pair in rows.items())
    won = (sum(r.winner == 0 for r in results), sum(r.winner == 1 for r in results))
    lengths = tuple(sum(r.checks[seat].length for r in results) for seat in (0, 1))
    details = DuoDetails(results, won)
    if won[0] == won[1]:
        return Outcome((0, 1), WinReason.SHARED, lengths, details)
    return Outcome((0 if won[0] > won[1] else 1,), WinReason.LONGEST, lengths, details)


def check_order(joined: Sequence[int], ages: Mapping[int, float] | None = None) -> tuple[int, ...]:
    """The order in which seats' trains are checked: youngest first when ages are known,
    otherwise the order players joined (D9). Seats without an age follow, in joining order."""
    if not ages:
        return tuple(joined)
    with_age = sorted((s for s in joined if s in ages), key=lambda s: ages[s])
    return (*with_age, *(s for s in joined if s not in ages))
