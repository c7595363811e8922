"""Who sits where: a seat's place at the table and, for a bot, its level."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from seigneurs.game.bots import BotLevel
from seigneurs.rules import variant
from seigneurs.table.kinds import table_kind
from seigneurs.table.layout import Place, TableLayout


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat of a game: its place (zone), its colour index, and a bot level or None."""

    place: Place
    colour: int
    bot: BotLevel | None = None


def seat_plans(layout: TableLayout, variant_name: str, players: int,
               bots: Sequence[BotLevel | None]) -> list[SeatPlan]:
    """Seats for a game started without the lobby: places spread round the table."""
    seats = table_kind(variant(variant_name)).spread(layout, players)
    return [SeatPlan(place, colour, bot) for (colour, place), bot in zip(seats, bots, strict=False)]
