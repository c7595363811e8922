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
from typing import TYPE_CHECKING, Any

import arcade

from seigneurs.art.palette import GOLD, INK
from seigneurs.game import AnyGame
from seigneurs.input.events import DOWN, TouchEvent
from seigneurs.rules import DuoOutcome, RaceOutcome, TrainCheck
from seigneurs.ui.base import BaseView, fit, hit
from seigneurs.ui.counts import draw_marks
from seigneurs.ui.results_layout import MIN_RESULT_CARD_CM, Band
from seigneurs.ui.results_timeline import (
    CheckRow,
    Group,
    Party,
    Piece,
    Shown,
    TieLift,
    Timeline,
)
from seigneurs.ui.seat import SeatColour, SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

BIGGEST = 1.4
"""Results cards at most this many times the table's card width: big, to count along."""
DIGITS = 0.42
"""A count's font size, as a share of the disc it sits on."""
DOT = 0.3
"""A tie-break's dot (one per counted wagon of the type), as a share of a results column."""
LIFT_BY = 0.06
"""How far a tie-break lifts a wagon (up, for its player), as a share of the card's width:
less than the gap between two lines of cards (CARD_GAP), so it covers none."""
FRAME = 1.16
"""The gold frame under a lifted wagon, as a share of the card's width (drawn beneath the
cards, so a neighbour hides it rather than it a neighbour)."""
DOTS_A_LINE = 3
"""Dots side by side before the next line: nine (the most of one type) make a square."""


def dot_spots(count: int, pitch: float) -> list[tuple[float, float]]:
    """Offsets (along, across) of `count` dots in lines of DOTS_A_LINE, `pitch` apart,
    centred on (0, 0): a count a child takes in at a glance, as on a die."""
    lines = max(1, -(-count // DOTS_A_LINE))
    spots = []
    for k in range(count):
        line, place = divmod(k, DOTS_A_LINE)
        in_line = min(DOTS_A_LINE, count - line * DOTS_A_LINE)
        spots.append(((place - (in_line - 1) / 2) * pitch, ((lines - 1) / 2 - line) * pitch))
    return spots
LayOut = Callable[["ResultsView", Any], RaceOutcome | DuoOutcome]
"""A kind's results presentation: lays its game's check out on the view, returns the outcome."""


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
        self.glows: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        """The light under the wagons a tie-break lifts (R22, R33), drawn beneath the cards."""
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
        self.numbers: list[arcade.Text] = []  # every count shown, underlined where it turns
        """Duo: how many locomotives each player has won so far."""
        self.crowned: list[CheckRow] = []
        """The rows whose count lights up with the winners (a race's winning trains)."""
        self.party = Party()
        self.outcome: RaceOutcome | DuoOutcome = lay_out(self, game)
        self.timeline = Timeline(self.groups)
        self.done = False

    # Shared pieces.

    def band(self, band: Band, colour: SeatColour) -> None:
        area = band.rect()
        panel = arcade.SpriteSolidColor(int(area.w), int(area.h),
                                        color=(*colour.rgb, 110))
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
        label = arcade.Text(text, *at, arcade.color.WHITE, font_size=size * DIGITS,
                            anchor_x="center", anchor_y="center", rotation=angle, bold=True,
                            batch=self.batch)
        self.numbers.append(label)
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

    def tie_lift(self, row: CheckRow, positions: Sequence[int], picture: arcade.Sprite,
                 dots_at: Sequence[tuple[float, float]], lift: tuple[float, float]) -> TieLift:
        """The tie-break replayed on `row` (R22, R33): its wagons at `positions` (the rules'
        counted wagons of the type) lift by `lift` and glow, one dot each at `dots_at`."""
        wagons = [row.sprites[1 + k] for k in positions]
        glows: list[tuple[arcade.Sprite, ...]] = []
        for wagon in wagons:
            glow = fit(arcade.Sprite(self.app.media.icons["glow"]), wagon.width * 2.4)
            frame = arcade.SpriteSolidColor(int(wagon.width * FRAME),
                                            int(wagon.height + wagon.width * (FRAME - 1)),
                                            color=(*GOLD, 255))
            frame.angle = wagon.angle
            for light in (glow, frame):
                light.visible = False
                self.glows.append(light)
            glows.append((glow, frame))
        size = self.column * DOT
        dots = [self.icon(self.app.media.icons["light"], size, at, 0) for at in dots_at]
        return TieLift(row, wagons, glows, dots, picture, lift)

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
        if self.timeline.checked and self.timeline.due(self.clock):
            self._crown()
            return
        beat = self.timeline.advance(self.clock)
        if beat is not None:
            self.app.media.play(beat.sound, pitch=beat.pitch)

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
            colour = SeatColour(k % len(SeatColour)).rgb
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
            if event.phase is not DOWN or not self.done:
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
        self.glows.draw()
        self.sprites.draw()
        self.marks.draw()
        self.batch.draw()
        draw_marks(self.numbers, disc=1 / DIGITS)
