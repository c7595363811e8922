"""The check, shown so a child can follow it: each train laid out whole from its locomotive,
large enough to count (`results_layout`), revealed card by card with a 'tock' and a count that
climbs in big digits, a cross where it breaks (R17, R21, R32). Then the winners celebrated
(trophy, confetti, the win sound) and the reason as pictures and numbers, all read from the
rules' outcome: the counts; the wagons of the locomotive's type in a tie (R22, D5); in
Training the stop caller's stop sign beside a trophy for the winner (R18, D3). Duo: each
locomotive goes to the player who won it, with its count and why (R33, R34).
'Again' buttons lie where no card is, one in the middle and one at each child's place: a tap by
anyone deals the same table again; beside it the child's face, touched to leave, as in the lobby.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import arcade

from seigneurs.art.palette import INK
from seigneurs.game import AnyGame
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import DuoOutcome, RaceOutcome, TrainCheck
from seigneurs.ui.base import SEAT_COLOURS, BaseView, fit, hit
from seigneurs.ui.results_layout import MIN_RESULT_CARD_CM, Band
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

FIRST_AT = 0.8  # seconds before the first card
CARD_EVERY = 0.32  # between two kept cards: time to count along
LOST_EVERY = 0.12  # between two lost cards, after the break
ROW_PAUSE = 0.8  # after a train (or a Duo locomotive) is checked
BIGGEST = 1.4
"""Results cards at most this many times the table's card width: big, to count along."""


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




@dataclass(slots=True)
class Group:
    """Rows checked side by side (a Duo locomotive's two rows), what appears once they are
    (the reason of that locomotive), and what happens then."""

    rows: list[CheckRow]
    reasons: list[Shown] = field(default_factory=list)
    then: Callable[[], None] | None = None


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


@dataclass(slots=True)
class TypeCount:
    """Shown with a Duo tie-break: the row's count becomes its wagons of the type (R33)."""

    row: CheckRow

    @property
    def visible(self) -> bool:
        return self.row.count.text == str(self.row.check.of_type)

    @visible.setter
    def visible(self, shown: bool) -> None:
        if shown:
            self.row.count.text = str(self.row.check.of_type)


Shown = arcade.Sprite | arcade.Text | Dimmer | TypeCount
"""Something that appears with the winners' reason."""
LayOut = Callable[["ResultsView", Any], RaceOutcome | DuoOutcome]
"""A kind's results presentation: lays its game's check out on the view, returns the outcome."""


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


class ResultsView(BaseView):
    """Reveals the checks one card at a time, seat after seat (D9), then the winners."""

    def __init__(self, window: Host, game: AnyGame, seats: Sequence[SeatPlan],
                 lay_out: LayOut) -> None:
        super().__init__(window)
        self.game = game
        self.seats = list(seats)
        layout = window.layout
        self.smallest = MIN_RESULT_CARD_CM * layout.px_per_cm
        self.column = layout.card_w * 1.15
        self.panels: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.marks: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.rows: list[CheckRow] = []
        self.groups: list[Group] = []
        self.bands: list[Band] = []
        self.band_sprites: list[arcade.Sprite] = []
        self.trophies: list[arcade.Sprite] = []
        self.reasons: list[Shown] = []
        """The reason's badges and numbers, shown with the winners."""
        self.again: list[arcade.Sprite] = []
        self.faces: dict[int, arcade.Sprite] = {}
        """A child's face at their place: touched, the child leaves the next game."""
        self.leaving: set[int] = set()
        self.won_counts: list[arcade.Text] = []
        """Duo: how many locomotives each player has won so far."""
        self.crowned: list[CheckRow] = []
        """The rows whose count lights up with the winners (a race's winning trains)."""
        self.party = Party()
        self.outcome: RaceOutcome | DuoOutcome = lay_out(self, game)
        self.current = 0
        self.next_at = FIRST_AT
        self.done = False

    # Shared pieces.

    def band(self, band: Band, colour: int) -> None:
        area = band.rect()
        panel = arcade.SpriteSolidColor(int(area.w), int(area.h),
                                        color=(*SEAT_COLOURS[colour], 110))
        panel.position = area.center
        self.panels.append(panel)
        self.bands.append(band)
        self.band_sprites.append(panel)

    def icon(self, texture: arcade.Texture, width: float, at: tuple[float, float],
              angle: float, visible: bool = False) -> arcade.Sprite:
        sprite = fit(arcade.Sprite(texture), width)
        sprite.position = at
        sprite.angle = angle
        sprite.visible = visible
        self.marks.append(sprite)
        return sprite

    def number(self, at: tuple[float, float], size: float, angle: float,
                text: str = "") -> tuple[arcade.Sprite, arcade.Text]:
        """A disc with big digits, upright for the player at `angle`."""
        disc = self.icon(self.app.media.icons["dark"], size, at, angle, visible=True)
        label = arcade.Text(text, *at, arcade.color.WHITE, font_size=size * 0.42,
                            anchor_x="center", anchor_y="center", rotation=angle, bold=True,
                            batch=self.batch)
        return disc, label

    def row(self, seat: int, textures: Sequence[arcade.Texture], check: TrainCheck,
             at: Sequence[tuple[float, float]], angle: float, width: float,
             count_at: tuple[float, float]) -> CheckRow:
        sprites = []
        for texture, position in zip(textures, at, strict=True):
            sprite = fit(arcade.Sprite(texture), width)
            sprite.position = position
            sprite.angle = angle
            sprite.visible = False
            sprites.append(sprite)
            self.sprites.append(sprite)
        cross = self.icon(self.app.media.icons["cross"], width * 0.95, (0, 0), angle)
        if check.first_error is not None:
            cross.position = sprites[check.first_error + 1].position
        disc, count = self.number(count_at, self.column * 0.95, angle, "0")
        row = CheckRow(seat, sprites, check, cross, disc, count)
        self.rows.append(row)
        return row

    def again_and_face(self, seat: int, band: Band, angle: float, middle: float) -> float:
        """A child's 'again' and face at the far end of their band, `middle` forward, facing
        them; how much of the band's width they take (none for a bot's seat)."""
        if self.seats[seat].bot is not None:
            return 0.0
        media, column = self.app.media, self.column
        self.again.append(self.icon(media.icons["again"], column * 1.1,
                                     band.point(middle, band.width - column * 0.65), angle))
        self.faces[seat] = self.icon(media.icons["child"], column * 1.0,
                                      band.point(middle, band.width - column * 1.95), angle)
        return column * 2.6

    def trophy(self, at: tuple[float, float], angle: float, band: int) -> None:
        trophy = self.icon(self.app.media.icons["trophy"], self.column * 1.1, at, angle)
        self.trophies.append(trophy)
        self.party.trophies.append((trophy, trophy.scale_x, angle))
        self.party.bands.append(self.band_sprites[band])

    # Time: one card after another.

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.done:
            self.party.step(self.clock, dt)
            if self.app.nav.demo and self.clock > self.party.since + 8:
                self.app.nav.show_lobby()  # the attract demo goes round again
            return
        if self.clock < self.next_at:
            return
        if self.current >= len(self.groups):
            self._crown()
            return
        group = self.groups[self.current]
        rows = group.rows
        sounds = [s for row in rows if (s := row.step()) is not None]
        if all(row.complete for row in rows) and not sounds:
            self.current += 1
            self.next_at = self.clock + ROW_PAUSE
            for shown in group.reasons:
                shown.visible = True
            if group.then is not None:
                group.then()
            return
        media = self.app.media
        if "refuse" in sounds:
            media.play("refuse")
        elif "count" in sounds:
            counted = max(int(row.count.text or 0) for row in rows)
            media.play("count", pitch=min(2.0, 1 + 0.05 * counted))
        self.next_at = self.clock + (CARD_EVERY if "count" in sounds else LOST_EVERY)

    def _crown(self) -> None:
        """The winners: trophies, confetti, the reason's badges and numbers, then 'again'."""
        self.done = True
        media = self.app.media
        self.party.since = self.clock
        for shown in self.reasons:
            shown.visible = True
        for row in self.crowned:
            row.disc.texture = media.icons["light"]
            row.count.color = (*INK, 255)
        for trophy in self.trophies:
            trophy.visible = True
            self._confetti(trophy)
        for again in [*self.again, *self.faces.values()]:
            again.visible = True
        media.play("win")

    def _confetti(self, trophy: arcade.Sprite) -> None:
        rng = random.Random(len(self.party.pieces))
        speed = self.column * 4
        turn = math.radians(-trophy.angle)
        up = (-math.sin(turn), math.cos(turn))  # the player's forward, on the table
        for k in range(28):
            colour = SEAT_COLOURS[k % len(SEAT_COLOURS)]
            piece = arcade.SpriteSolidColor(int(self.column * 0.16), int(self.column * 0.09),
                                            color=(*colour, 255))
            piece.position = trophy.position
            spread = rng.uniform(-1, 1)
            push = rng.uniform(0.6, 1.2)
            vx = (up[0] * push + up[1] * spread) * speed
            vy = (up[1] * push - up[0] * spread) * speed
            self.party.pieces.append(Piece(piece, vx, vy, -up[0] * speed * 1.6,
                                           -up[1] * speed * 1.6, rng.uniform(1.2, 2.2)))
            self.marks.append(piece)

    def touches(self, events: Sequence[TouchEvent]) -> None:
        layout = self.app.layout
        for event in events:
            if event.phase is not TouchPhase.DOWN or not self.done:
                continue
            x, y = event.x * layout.width, event.y * layout.height
            if any(hit(again, x, y) for again in self.again):
                self.app.nav.again(self.game, self.seats, self.leaving)
                return
            for seat, face in self.faces.items():
                if hit(face, x, y):
                    self.leaving ^= {seat}  # touched again: staying after all
                    face.alpha = 90 if seat in self.leaving else 255
                    self.app.media.play("flip")

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.sprites.draw()
        self.marks.draw()
        self.batch.draw()
