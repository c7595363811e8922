"""Who sits where: a seat's place at the table and, for a bot, its level."""

from __future__ import annotations

from dataclasses import dataclass

from seigneurs.game.bots import BotLevel
from seigneurs.table.layout import Place


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat of a game: its place (zone), its colour index, and a bot level or None."""

    place: Place
    colour: int
    bot: BotLevel | None = None
