"""The screen's half of each game kind's entry (`game.kinds` holds the pure half, `table.kinds`
the table's): the view that draws its session, and how its results are presented.

Each opener imports its view when the first game of its kind is shown, not with this registry
(the lobby's first frame loads no game part, issue 11).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from seigneurs.rules import Variant
from seigneurs.rules.registry import lookup

if TYPE_CHECKING:
    from seigneurs.ui.base import BaseView
    from seigneurs.ui.host import Host
    from seigneurs.ui.seat import SeatPlan


@dataclass(frozen=True, slots=True)
class ViewKind:
    """How one kind of game is shown: in play, and its results."""

    name: str
    view: Callable[[Host, Any, Sequence[SeatPlan]], BaseView]
    """The view of a session of this kind."""
    results: Callable[[Host, Any, Sequence[SeatPlan]], BaseView]
    """The results of a finished game of this kind."""


def _race_view(host: Host, session: Any, seats: Sequence[SeatPlan]) -> BaseView:
    from seigneurs.ui.race_view import RaceView
    return RaceView(host, session, seats)


def _duo_view(host: Host, session: Any, seats: Sequence[SeatPlan]) -> BaseView:
    from seigneurs.ui.duo_view import DuoView
    return DuoView(host, session, seats)


def _race_results(host: Host, game: Any, seats: Sequence[SeatPlan]) -> BaseView:
    from seigneurs.ui.results_race import lay_out_race
    from seigneurs.ui.results_view import ResultsView
    return ResultsView(host, game, seats, lay_out_race)


def _duo_results(host: Host, game: Any, seats: Sequence[SeatPlan]) -> BaseView:
    from seigneurs.ui.results_duo import lay_out_duo
    from seigneurs.ui.results_view import ResultsView
    return ResultsView(host, game, seats, lay_out_duo)


VIEW_KINDS: dict[str, ViewKind] = {
    kind.name: kind
    for kind in (
        ViewKind("race", _race_view, _race_results),
        ViewKind("duo", _duo_view, _duo_results),
    )
}


def view_kind(spec: Variant) -> ViewKind:
    """The screen's part of the kind that plays `spec`."""
    return lookup(VIEW_KINDS, spec.engine, "game kind")
