"""The table's half of each game kind's entry (`game.kinds` holds the pure half, `ui.kinds`
the screen's): where its seats sit, and the session that plays it.

A kind's session (geometry, controller, physics) is imported when the first game of it opens,
not with this registry: the lobby reads the places from here, and its first frame loads no
game part (issue 11's cold start).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from seigneurs.game import Game, GameConfig
from seigneurs.game.kinds import deal, kind_of
from seigneurs.rules import Variant, WagonType
from seigneurs.rules.registry import lookup
from seigneurs.table.layout import Place, TableLayout, duo_places

if TYPE_CHECKING:
    from seigneurs.table.session import Seating, Session

Seats = tuple[tuple[int, Place], ...]
"""Each seat's colour (the index of the place it was laid out from) and place."""


@dataclass(frozen=True, slots=True)
class TableKind:
    """Where one kind of game seats its players, and how its session is made."""

    name: str
    places: Callable[[TableLayout], tuple[Place, ...]]
    """The places the lobby offers, by index."""
    spread: Callable[[TableLayout, int], Seats]
    """The seats of a table dealt without the lobby, spread round it."""
    open: Callable[[Any, TableLayout, Seating], Session]
    """The session of a dealt (or replayed) game: its geometry, controller and physics."""


def _all_places(layout: TableLayout) -> tuple[Place, ...]:
    return layout.places


def _spread_round(layout: TableLayout, players: int) -> Seats:
    return tuple((i, layout.places[i]) for i in layout.spread(players))


def _face_to_face(layout: TableLayout, _players: int) -> Seats:
    bottom, top = duo_places(layout)
    return (0, bottom), (3, top)  # the long sides' middles: places 0 and 3's colours


def _open_race(game: Any, layout: TableLayout, seating: Seating) -> Session:
    from seigneurs.table.session import open_race
    return open_race(game, layout, seating)


def _open_duo(game: Any, layout: TableLayout, seating: Seating) -> Session:
    from seigneurs.table.session import open_duo
    return open_duo(game, layout, seating)


TABLE_KINDS: dict[str, TableKind] = {
    kind.name: kind
    for kind in (
        TableKind("race", _all_places, _spread_round, _open_race),
        TableKind("duo", duo_places, _face_to_face, _open_duo),
    )
}


def table_kind(spec: Variant) -> TableKind:
    """The table's part of the kind that plays `spec`."""
    return lookup(TABLE_KINDS, spec.engine, "game kind")


def open_session(layout: TableLayout, seating: Seating, config: GameConfig | None = None,
                 removed: WagonType | None = None, game: Game | None = None) -> Session:
    """A session of a new deal of `config` (Duo: without the `removed` locomotive, D6; None:
    one at random), or of `game` replayed from a journal or a log, its held cards put back
    where they were taken (R11: nobody's hand stays full of a finger that went away)."""
    if game is None:
        assert config is not None, "a session needs a configuration or a game"
        game = deal(config, removed)
    else:
        kind_of(game).resumed(game)
    return table_kind(game.variant).open(game, layout, seating)
