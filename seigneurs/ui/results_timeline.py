"""The check's timeline, apart from how it is drawn: the rows revealed card by card, group
after group (D9), what each step sounds like, the reasons shown once a group is checked, and
the winners' celebration in motion. `ResultsView` lays the rows out and plays what this says."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import arcade

from seigneurs.rules import TrainCheck

FIRST_AT = 0.8  # seconds before the first card
CARD_EVERY = 0.32  # between two kept cards: time to count along
LOST_EVERY = 0.12  # between two lost cards, after the break
ROW_PAUSE = 0.8  # after a train (or a Duo locomotive) is checked


@dataclass(slots=True)
class CheckRow:
    """One train (or Duo row) to reveal: its sprites from the locomotive, where it breaks,
    and the big running count beside it."""

    seat: int
    sprites: list[arcade.Sprite]
    check: TrainCheck
    cross: arcade.Sprite
    disc: arcade.Sprite
    count: arcade.Text
    revealed: int = 0

    def step(self) -> str | None:
        """Show the next card; what it sounds like ('count', 'refuse' at the break, '' for a
        lost card), or None once the row is complete."""
        if self.revealed >= len(self.sprites):
            return None
        sprite = self.sprites[self.revealed]
        sprite.visible = True
        wagon = self.revealed - 1  # card 0 is the locomotive
        self.revealed += 1
        if wagon < 0:
            return ""
        if wagon < self.check.length:
            self.count.text = str(wagon + 1)
            return "count"
        sprite.alpha = 80
        if wagon == self.check.first_error:
            self.cross.visible = True
            return "refuse"
        return ""

    @property
    def complete(self) -> bool:
        return self.revealed >= len(self.sprites)

    @property
    def counted(self) -> int:
        """The count shown so far (what the next beat's pitch climbs from)."""
        return int(self.count.text or 0)


@dataclass(slots=True)
class TieLift:
    """A tie broken by the wagons of the locomotive's type, replayed for one tied row (R22,
    R33): the locomotive's picture appears and the other wagons dim; then one counted wagon
    after another lifts (up, as its player sees it, within the gap to the next line: issue
    12's cards stay uncovered) and glows in a gold frame, and a dot lights
    beside the picture for each, so a child sees which and how many without reading."""

    row: CheckRow
    wagons: list[arcade.Sprite]
    """The row's counted wagons of the type, from the locomotive (the rules name them)."""
    glows: list[tuple[arcade.Sprite, ...]]
    """What lights under each counted wagon as it lifts (a soft glow, a gold frame)."""
    dots: list[arcade.Sprite]
    picture: arcade.Sprite
    lift: tuple[float, float]
    """How far a lifted wagon moves on the table (up, for its player)."""
    lifted: int = -1  # -1: the moment has not begun

    def step(self) -> str | None:
        """The next beat: the picture and the dimming (silent), then a wagon lifted with a
        'count'; None once every counted wagon is up."""
        if self.lifted >= len(self.wagons):
            return None
        if self.lifted < 0:
            self.picture.visible = True
            Dimmer(self.row).visible = True
            self.lifted = 0
            return ""
        wagon, glow, dot = (self.wagons[self.lifted], self.glows[self.lifted],
                            self.dots[self.lifted])
        wagon.position = (wagon.center_x + self.lift[0], wagon.center_y + self.lift[1])
        for light in glow:
            light.position, light.visible = wagon.position, True
        dot.visible = True
        self.lifted += 1
        return "count"

    @property
    def complete(self) -> bool:
        return self.lifted >= len(self.wagons)

    @property
    def counted(self) -> int:
        return max(0, self.lifted)


@dataclass(slots=True)
class Group:
    """Rows checked side by side (a Duo locomotive's two rows), then the tie-break's lifts
    (R22, R33) if the wagons of the type decided, what appears once they are done (the
    reason of that locomotive), and what happens then."""

    rows: list[CheckRow]
    reasons: list[Shown] = field(default_factory=list)
    then: Callable[[], None] | None = None
    lifts: list[TieLift] = field(default_factory=list)


@dataclass(slots=True)
class Dimmer:
    """Shown with a tie-break: the wagons not of the locomotive's type dim (R22, R33)."""

    row: CheckRow

    @property
    def visible(self) -> bool:
        return False

    @visible.setter
    def visible(self, shown: bool) -> None:
        counted = set(self.row.check.of_type_at)
        for index, sprite in enumerate(self.row.sprites[1:]):
            if shown and index not in counted and sprite.alpha == 255:
                sprite.alpha = 120


Shown = arcade.Sprite | arcade.Text | Dimmer
"""Something that appears with the winners' reason."""


@dataclass(slots=True)
class Piece:
    """A bit of confetti: where it goes and how long it lives."""

    sprite: arcade.Sprite
    vx: float
    vy: float
    gx: float
    gy: float
    life: float


@dataclass(slots=True)
class Party:
    """The winners' celebration: trophies that bounce in and sway, confetti, pulsing bands."""

    trophies: list[tuple[arcade.Sprite, float, float]] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    bands: list[arcade.Sprite] = field(default_factory=list)
    since: float = 0.0

    def step(self, clock: float, dt: float) -> None:
        age = clock - self.since
        grow = min(1.0, age / 0.6)
        bounce = 1 + 2.7 * (grow - 1) ** 3 + 1.7 * (grow - 1) ** 2  # ease-out-back
        for sprite, scale, angle in self.trophies:
            sprite.scale = scale * max(0.01, bounce)
            sprite.angle = angle + 9 * math.sin(age * 3.2)
        for band in self.bands:
            band.alpha = int(130 + 80 * math.sin(age * 4.0))
        for piece in self.pieces:
            piece.life -= dt
            piece.vx += piece.gx * dt
            piece.vy += piece.gy * dt
            piece.sprite.center_x += piece.vx * dt
            piece.sprite.center_y += piece.vy * dt
            piece.sprite.angle += 300 * dt
            piece.sprite.visible = piece.life > 0


@dataclass(frozen=True, slots=True)
class Beat:
    """What one step of the check sounds like: 'count' (at `pitch`) or 'refuse' at a break."""

    sound: str
    pitch: float = 1.0


@dataclass(slots=True)
class Timeline:
    """The groups to check, one card at a time; `advance` says what the step now sounds like,
    and `checked` once every group is."""

    groups: list[Group]
    current: int = 0
    next_at: float = FIRST_AT

    @property
    def checked(self) -> bool:
        return self.current >= len(self.groups)

    def advance(self, clock: float) -> Beat | None:
        """Reveal what is due at `clock`: the next card of the current group's rows, then the
        next wagon its tie-break lifts, or, the group done, its reasons (and what follows
        it) after a pause."""
        if clock < self.next_at or self.checked:
            return None
        group = self.groups[self.current]
        rows = group.rows
        sounds = [s for row in rows if (s := row.step()) is not None]
        if not sounds and all(row.complete for row in rows):
            sounds = [s for lift in group.lifts if (s := lift.step()) is not None]
        if not sounds:
            self.current += 1
            self.next_at = clock + ROW_PAUSE
            for shown in group.reasons:
                shown.visible = True
            if group.then is not None:
                group.then()
            return None
        self.next_at = clock + (CARD_EVERY if "count" in sounds else LOST_EVERY)
        if "refuse" in sounds:
            return Beat("refuse")
        if "count" in sounds:
            counted = max([row.counted for row in rows] + [lift.counted for lift in group.lifts])
            return Beat("count", min(2.0, 1 + 0.05 * counted))
        return None

    def due(self, clock: float) -> bool:
        """Whether the next step is due (the crown comes once all is `checked`)."""
        return clock >= self.next_at
