"""Who sits where: a seat's place at the table, its colour and, for a bot, its level."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from seigneurs.game.bots import BotLevel
from seigneurs.rules import variant
from seigneurs.table.kinds import table_kind
from seigneurs.table.layout import Place, TableLayout


class SeatColour(IntEnum):
    """A seat's colour, from the Okabe-Ito set (told apart by colour-blind eyes too). Its
    number is the place it was first given to, and what a journal writes."""

    ORANGE = 0
    SKY_BLUE = 1
    GREEN = 2
    PINK = 3
    YELLOW = 4
    VERMILION = 5

    @property
    def rgb(self) -> tuple[int, int, int]:
        return _RGB[self]


_RGB = {SeatColour.ORANGE: (230, 159, 0), SeatColour.SKY_BLUE: (86, 180, 233),
        SeatColour.GREEN: (0, 158, 115), SeatColour.PINK: (204, 121, 167),
        SeatColour.YELLOW: (240, 228, 66), SeatColour.VERMILION: (213, 94, 0)}


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat of a game: its place (zone), its colour, and a bot level or None."""

    place: Place
    colour: SeatColour
    bot: BotLevel | None = None


def seat_plans(layout: TableLayout, variant_name: str, players: int,
               bots: Sequence[BotLevel | None]) -> list[SeatPlan]:
    """Seats for a game started without the lobby: places spread round the table."""
    seats = table_kind(variant(variant_name)).spread(layout, players)
    return [SeatPlan(place, SeatColour(colour), bot)
            for (colour, place), bot in zip(seats, bots, strict=False)]
