"""What happened at the table, for the views to draw and play: one small value per kind.

`touch` is the finger (a bot's virtual finger is negative; None for no finger); `bot` says a
bot did it (no refusal sound for a bot). Importing this module as `events` keeps the names
apart from the game's actions of the same names (`events.BackOnTable` vs the `PutBack` action).
"""

from __future__ import annotations

from dataclasses import dataclass

from seigneurs.game import EndReason, Reason


@dataclass(frozen=True, slots=True)
class Picked:
    """A finger (or a bot) took `card` at (x, y) for `seat` (a guess, unless a user id
    decided: the seat may change while it is carried, `SeatChanged`)."""

    seat: int
    card: int
    touch: int
    x: float
    y: float
    bot: bool = False


@dataclass(frozen=True, slots=True)
class SeatChanged:
    """A carried card's seat was re-decided."""

    seat: int
    card: int
    touch: int


@dataclass(frozen=True, slots=True)
class HandedOn:
    """The fingertip that carried `card` lifted while another fingertip of the same hand
    stays on the glass: `touch` carries it on (small children touch with several)."""

    seat: int
    card: int
    touch: int
    before: int
    """The fingertip that lifted."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A gentle no: `card` (if any) wiggles; a sound plays for a child."""

    seat: int | None
    card: int | None
    touch: int | None
    reason: Reason
    bot: bool = False


@dataclass(frozen=True, slots=True)
class Stacked:
    """`card` went onto `seat`'s train (R10)."""

    seat: int
    card: int
    touch: int
    bot: bool = False


@dataclass(frozen=True, slots=True)
class BackOnTable:
    """`card` was put back on the table at (x, y) for `seat` (R11): the game heard of it."""

    seat: int
    card: int
    touch: int
    x: float
    y: float
    bot: bool = False


@dataclass(frozen=True, slots=True)
class SlidHome:
    """`card` slid back to (x, y), where it was taken: the game never heard of it (a
    refusal, or a still card giving way)."""

    seat: int
    card: int
    touch: int | None
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Laid:
    """Duo: `card` went into `seat`'s `row` (R29)."""

    seat: int
    card: int
    row: int
    touch: int | None
    bot: bool = False


@dataclass(frozen=True, slots=True)
class WentUnder:
    """Duo: `card` went under `seat`'s pile (R30)."""

    seat: int
    card: int
    touch: int | None
    bot: bool = False


@dataclass(frozen=True, slots=True)
class Revealed:
    """Duo: `card` is `seat`'s new top card (None: the pile is empty, R28)."""

    seat: int
    card: int | None


@dataclass(frozen=True, slots=True)
class Turned:
    """`seat`'s locomotive turned over (R23)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Started:
    """The whistle: play begins (R14, R28)."""


@dataclass(frozen=True, slots=True)
class Stopped:
    """`seat` called stop (R16)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ended:
    """The game is over; the results follow after the end delay."""

    reason: EndReason


Event = (Picked | SeatChanged | HandedOn | Refused | Stacked | BackOnTable | SlidHome | Laid
         | WentUnder | Revealed | Turned | Started | Stopped | Ended)
"""Anything a view may draw."""
