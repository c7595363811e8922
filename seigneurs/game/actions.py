"""What seats do, and what the game answers: frozen actions, refusals with reasons (no exceptions).

Every action carries the seat that acts and `t`, seconds since the deal on the table's clock
(device timestamps where the input has them), so that simultaneous reaches are decided fairly.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from seigneurs.rules import WagonType


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: who acts and when."""

    kind: ClassVar[str] = ""
    free: ClassVar[tuple[str, ...]] = ()
    """Fields any value of which is accepted: `legal_actions` lists the action once for them."""
    seat: int
    t: float

    def to_json(self) -> dict[str, Any]:
        """A plain dict for the JSON-lines event log (`kind` plus the fields)."""
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True, slots=True)
class Whistle(Action):
    """Start a whistle game: every locomotive turns over at once (R14, R28)."""

    kind: ClassVar[str] = "whistle"


@dataclass(frozen=True, slots=True)
class TurnLocomotive(Action):
    """A seat turns its locomotive over; Kids and Rois start when all have (R23, R24)."""

    kind: ClassVar[str] = "turn-locomotive"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take a table card into the search hand: a face-down one is turned over (R9, R10, R12)."""

    kind: ClassVar[str] = "pick"
    card: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The search-hand card goes to seat `to`'s empty hand: a table that guesses whose hand a
    finger is heard the pick at the touch-down, and learnt later whose it was (R9: `to` must
    hold nothing)."""

    kind: ClassVar[str] = "pass"
    to: int


@dataclass(frozen=True, slots=True)
class Stack(Action):
    """Put the search-hand card on top of one's own train (R10, D8)."""

    kind: ClassVar[str] = "stack"


@dataclass(frozen=True, slots=True)
class PutBack(Action):
    """Lay the search-hand card back on the table at (x, y), face per the variant (R11); any
    position is accepted, kept on the table (listed once, where the card was taken from)."""

    kind: ClassVar[str] = "put-back"
    free: ClassVar[tuple[str, ...]] = ("x", "y")
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class CallStop(Action):
    """Training: end the game at once, allowed from 5 stacked wagons (R16)."""

    kind: ClassVar[str] = "call-stop"


@dataclass(frozen=True, slots=True)
class RemoveLocomotive(Action):
    """Duo set-up: take one locomotive out of the game, or None for a random one (R27, D6):
    the engine draws it and logs the action with the locomotive drawn."""

    kind: ClassVar[str] = "remove-locomotive"
    locomotive: WagonType | None


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Duo: lay the top card of one's pile at one's right of locomotive `row` (R28, R29)."""

    kind: ClassVar[str] = "lay"
    row: int


@dataclass(frozen=True, slots=True)
class Under(Action):
    """Duo: send the top card of one's pile under it (R30)."""

    kind: ClassVar[str] = "under"


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (Whistle, TurnLocomotive, Pick, Pass, Stack, PutBack, CallStop, RemoveLocomotive,
                Lay, Under)
}


def action_from_json(data: dict[str, Any]) -> Action:
    """Rebuild an action from `Action.to_json`; a bad record raises ValueError saying why."""
    try:
        cls = ACTIONS[data["kind"]]
    except (KeyError, TypeError):
        raise ValueError(f"not an action record: {data!r}") from None
    names = {f.name for f in fields(cls)}
    values = {k: v for k, v in data.items() if k != "kind"}
    if set(values) != names:
        raise ValueError(f"{cls.kind} needs fields {sorted(names)}, got {sorted(values)}")
    if cls is RemoveLocomotive and values["locomotive"] is not None:
        values["locomotive"] = WagonType(values["locomotive"])
    return cls(**values)


class Reason(StrEnum):
    """Why an action was refused; the UI turns each into a gentle picture or sound."""

    NO_SUCH_SEAT = "no such seat"
    NO_SUCH_CARD = "no such card"
    NO_SUCH_ROW = "no such row"
    NOT_IN_THIS_VARIANT = "not in this variant"
    NOT_STARTED = "the game has not started"
    ALREADY_STARTED = "the game has already started"
    GAME_OVER = "the game is over"
    ALREADY_TURNED = "this locomotive is already turned"
    HAND_FULL = "one card at a time in the search hand"  # R9
    HAND_EMPTY = "the search hand is empty"
    TAKEN = "taken"  # another seat got there first
    DOES_NOT_FIT = "does not fit the train"  # D8 assisted
    FITS_A_ROW = "this card fits a row: lay it"  # R30 assisted
    TOO_FEW_WAGONS = "stop needs at least 5 wagons"  # R16
    NOT_CHOSEN = "the removed locomotive is not chosen yet"  # D6


class EndReason(StrEnum):
    """Why a game ended."""

    STOP_CALLED = "stop-called"  # R16
    NO_FITTING_CARD = "no-fitting-card"  # R20, D4
    TABLE_EMPTY = "table-empty"  # D4
    PILE_EMPTY = "pile-empty"  # R31
    STALEMATE = "stalemate"  # D7


@dataclass(frozen=True, slots=True)
class Applied:
    """An accepted action: the card it moved (if any), whether that card fit, and the end."""

    action: Action
    card: int | None = None
    fits: bool | None = None
    ended: EndReason | None = None
    ok: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class NotApplied:
    """A refused action and why; nothing in the game changed. (What a table shows of it is
    `table.events.Refused`.)"""

    action: Action
    reason: Reason
    ok: ClassVar[bool] = False


Result = Applied | NotApplied
