"""The deck: 54 wagons and the wagons the 6 locomotives show (R1-R3, D1, D2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class WagonType(StrEnum):
    """The six wagon types (D1); the order is the deck's order."""

    COACH = "coach"
    TANKER = "tanker"
    COAL = "coal"
    LOGS = "logs"
    BOXCAR = "boxcar"
    ANIMALS = "animals"


class Colour(StrEnum):
    """The three wagon colours (D1)."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"


WHEELS: tuple[int, ...] = (2, 3, 4)
_TYPES = tuple(WagonType)
_COLOURS = tuple(Colour)


@dataclass(frozen=True, slots=True)
class Card:
    """One wagon (or the wagon a locomotive shows): three features, R2."""

    type: WagonType
    colour: Colour
    wheels: int
    index: int = field(init=False, repr=False, compare=False)
    """Position of this feature combination in `WAGONS` (0-53): card ids and bitmasks use it."""

    def __post_init__(self) -> None:
        if not isinstance(self.type, WagonType) or not isinstance(self.colour, Colour):
            raise ValueError(f"a card needs a WagonType and a Colour, got {self.type!r}, "
                             f"{self.colour!r}")
        if self.wheels not in WHEELS:
            raise ValueError(f"wheels must be one of {WHEELS}, got {self.wheels!r}")
        index = _TYPES.index(self.type) * 9 + _COLOURS.index(self.colour) * 3 + self.wheels - 2
        object.__setattr__(self, "index", index)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read `type/colour/wheels`, e.g. `coach/red/2` (the inverse of `str`)."""
        parts = token.strip().split("/")
        if len(parts) != 3:
            raise ValueError(f"expected 'type/colour/wheels' such as 'coach/red/2', got {token!r}")
        type_, colour, wheels = parts
        try:
            wagon_type = WagonType(type_)
        except ValueError:
            raise ValueError(f"unknown wagon type {type_!r} in {token!r}; expected one of "
                             f"{', '.join(_TYPES)}") from None
        try:
            wagon_colour = Colour(colour)
        except ValueError:
            raise ValueError(f"unknown colour {colour!r} in {token!r}; expected one of "
                             f"{', '.join(_COLOURS)}") from None
        if wheels not in {str(w) for w in WHEELS}:
            raise ValueError(f"wheels must be 2, 3 or 4 in {token!r}, got {wheels!r}")
        return cls(wagon_type, wagon_colour, int(wheels))

    @property
    def token(self) -> str:
        """File-name form, e.g. `coach-red-2`."""
        return f"{self.type}-{self.colour}-{self.wheels}"

    def __str__(self) -> str:
        return f"{self.type}/{self.colour}/{self.wheels}"


WAGONS: tuple[Card, ...] = tuple(
    Card(t, c, w) for t in WagonType for c in Colour for w in WHEELS
)
"""The 54 wagons, every type x colour x wheels exactly once (D1), indexed by `Card.index`."""

LOCOMOTIVES: tuple[Card, ...] = (
    Card(WagonType.COACH, Colour.RED, 3),
    Card(WagonType.TANKER, Colour.YELLOW, 4),
    Card(WagonType.COAL, Colour.BLUE, 3),
    Card(WagonType.LOGS, Colour.BLUE, 2),
    Card(WagonType.BOXCAR, Colour.RED, 4),
    Card(WagonType.ANIMALS, Colour.YELLOW, 2),
)
"""What locomotive i shows: a wagon of type i; each colour and wheel count twice (D2)."""


def locomotive_of(wagon_type: WagonType) -> Card:
    """The locomotive that shows `wagon_type` (D2)."""
    return LOCOMOTIVES[_TYPES.index(wagon_type)]
