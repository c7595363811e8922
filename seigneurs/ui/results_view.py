"""The check, shown: each train laid out card by card from its locomotive, in each player's
zone, a cross where it breaks (R17, R21, R32); then the winners' trophies and the reason of any
tie-break as a picture (R18, R22, D3, D5); for Duo, who wins each locomotive (R33, R34).
A big 'again' button goes back to the lobby.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from seigneurs.game import DuoGame, RaceGame
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import DuoOutcome, RaceOutcome, TrainCheck, WinReason
from seigneurs.rules import check_order as checking_order
from seigneurs.table.layout import Place
from seigneurs.ui.base import BaseView, face, fit, hit, zone_sprite
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

CARD_EVERY = 0.16  # seconds between two cards of the check
REASON_ICONS = {WinReason.NOT_STOP_CALLER: "stop", WinReason.SHARED_NO_CALLER: "stop",
                WinReason.MOST_OF_TYPE: "loco", WinReason.SHARED: "trophy"}


@dataclass(slots=True)
class CheckRow:
    """One train (or Duo row) to reveal: its sprites in order and where it breaks."""

    seat: int
    sprites: list[arcade.Sprite]
    check: TrainCheck
    cross: arcade.Sprite
    label: arcade.Text
    revealed: int = 0


class ResultsView(BaseView):
    """Reveals the checks one card at a time, seat after seat (D9), then the winners."""

    def __init__(self, window: Host, game: RaceGame | DuoGame,
                 seats: Sequence[SeatPlan]) -> None:
        super().__init__(window)
        self.game = game
        self.seats = list(seats)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.panels: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.rows: list[CheckRow] = []
        self.trophies: list[arcade.Sprite] = []
        self.outcome: RaceOutcome | DuoOutcome
        for plan in self.seats:
            self.panels.append(zone_sprite(plan.place, plan.colour, 110))
        if isinstance(game, DuoGame):
            self.outcome = game.outcome()
            self._lay_out_duo(game, self.outcome)
        else:
            self.outcome = game.outcome()
            self._lay_out_race(game, self.outcome)
        layout = window.layout
        self.again = fit(arcade.Sprite(window.media.icons["again"]), layout.card_w * 1.7)
        self.again.position = layout.free.center
        self.again.visible = False
        self.sprites.append(self.again)
        self.current = 0
        self.next_card_at = 0.8
        self.done = False

    # Building the rows.

    def _row(self, seat: int, cards: Sequence[arcade.Texture], check: TrainCheck,
             at: Sequence[tuple[float, float]], angle: float, width: float,
             label_at: tuple[float, float]) -> None:
        media = self.app.media
        sprites = []
        for texture, position in zip(cards, at, strict=True):
            sprite = fit(arcade.Sprite(texture), width)
            sprite.position = position
            sprite.angle = angle
            sprite.visible = False
            sprites.append(sprite)
            self.sprites.append(sprite)
        cross = fit(arcade.Sprite(media.icons["cross"]), width * 0.9)
        cross.visible = False
        if check.first_error is not None:
            cross.position = sprites[check.first_error + 1].position
        self.sprites.append(cross)
        label = arcade.Text("", *label_at, arcade.color.WHITE, font_size=width * 0.5,
                            anchor_x="center", anchor_y="center", rotation=angle, bold=True,
                            batch=self.batch)
        self.rows.append(CheckRow(seat, sprites, check, cross, label))

    def _lay_out_race(self, game: RaceGame, outcome: RaceOutcome) -> None:
        layout, media = self.app.layout, self.app.media
        width = layout.card_w * 0.62
        for seat in checking_order(range(len(self.seats))):  # D9: the order players joined
            place = self.seats[seat].place
            textures = [media.locomotive(game.locomotives[seat].type),
                        *(media.wagons[c] for c in game.trains[seat])]
            long_side = max(place.zone.w, place.zone.h)
            span = long_side * 0.78 - width
            step = min(width * 0.75, span / max(1, len(textures) - 1))
            at = [place.local(-layout.card_h * 0.1, -long_side * 0.39 + width / 2 + k * step)
                  for k in range(len(textures))]
            label_at = place.local(layout.card_h * 0.55, long_side * 0.42)
            self._row(seat, textures, outcome.checks[seat], at, -place.angle, width, label_at)

    def _lay_out_duo(self, game: DuoGame, outcome: DuoOutcome) -> None:
        layout, media = self.app.layout, self.app.media
        free = layout.free
        mid, pitch = layout.width / 2, free.h / len(game.locomotives)
        width = layout.card_w * 0.62
        for row, result in enumerate(outcome.locomotives):
            y = free.y + free.h - (row + 0.5) * pitch
            loco = fit(arcade.Sprite(media.locomotive(result.locomotive.type)), width * 1.2)
            loco.position = (mid, y)
            loco.angle = 90
            self.panels.append(loco)
            for seat in (0, 1):
                cards = game.rows[seat][row]
                sign = 1 if seat == 0 else -1
                step = min(width * 0.7, (free.w / 2 - width * 2) / max(1, len(cards)))
                at = [(mid + sign * (width * 1.2 + k * step), y) for k in range(len(cards))]
                textures = [media.locomotive(result.locomotive.type),
                            *(media.wagons[c] for c in cards)]
                at = [(mid, y), *at]
                label_at = (mid + sign * (free.w / 2 + width * 0.3), y)
                place: Place = self.seats[seat].place
                self._row(seat, textures, result.checks[seat], at, -place.angle, width,
                          label_at)
                self.rows[-1].sprites[0].visible = False
                self.rows[-1].revealed = 1  # the locomotive is already drawn in the middle

    # Time: one card after another.

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.done and self.app.nav.demo and self.clock > self.next_card_at + 8:
            self.app.nav.show_lobby()  # the attract demo goes round again
            return
        if self.done or self.clock < self.next_card_at:
            return
        self.next_card_at = self.clock + CARD_EVERY
        while self.current < len(self.rows) and self._reveal_next(self.rows[self.current]):
            self.current += 1
            self.next_card_at = self.clock + CARD_EVERY * 3
            return
        if self.current >= len(self.rows):
            self._crown()

    def _reveal_next(self, row: CheckRow) -> bool:
        """Show the next card of `row`; True once the row is complete."""
        if row.revealed < len(row.sprites):
            sprite = row.sprites[row.revealed]
            sprite.visible = True
            kept = row.revealed - 1 < row.check.length  # card 0 is the locomotive
            if not kept:
                sprite.alpha = 90
                if row.revealed - 1 == row.check.first_error:
                    row.cross.visible = True
                    self.app.media.play("refuse")
            else:
                self.app.media.play("flip")
            row.revealed += 1
            return False
        row.label.text = str(row.check.length)
        return True

    def _crown(self) -> None:
        """The winners' trophies, the tie-break as a picture, then 'again'."""
        self.done = True
        media, layout = self.app.media, self.app.layout
        outcome = self.outcome
        for seat in outcome.winners:
            place = self.seats[seat].place
            long_side = max(place.zone.w, place.zone.h)
            trophy = fit(arcade.Sprite(media.icons["trophy"]), layout.card_w * 1.1)
            face(trophy, place, layout.card_h * 0.55, -long_side * 0.25)
            self.sprites.append(trophy)
            self.trophies.append(trophy)
            icon = REASON_ICONS.get(outcome.reason)
            if icon is None:
                continue
            texture = media.icons.get(icon)
            if icon == "loco" and isinstance(self.game, RaceGame):
                texture = media.locomotive(self.game.locomotives[seat].type)
            if texture is not None:
                badge = fit(arcade.Sprite(texture), layout.card_w * 0.6)
                face(badge, place, layout.card_h * 0.55, -long_side * 0.25 + layout.card_w)
                self.sprites.append(badge)
        if isinstance(outcome, DuoOutcome):
            self._duo_locomotive_winners(outcome)
        media.play("win")
        self.again.visible = True

    def _duo_locomotive_winners(self, outcome: DuoOutcome) -> None:
        layout = self.app.layout
        free = layout.free
        pitch = free.h / len(outcome.locomotives)
        for row, result in enumerate(outcome.locomotives):
            if result.winner is None:
                continue
            sign = 1 if result.winner == 0 else -1
            star = fit(arcade.Sprite(self.app.media.icons["tick"]), layout.card_w * 0.5)
            star.position = (layout.width / 2 + sign * layout.card_w * 0.75,
                             free.y + free.h - (row + 0.5) * pitch + layout.card_h * 0.35)
            self.sprites.append(star)

    def touches(self, events: Sequence[TouchEvent]) -> None:
        layout = self.app.layout
        for event in events:
            if event.phase is TouchPhase.DOWN and self.again.visible and hit(
                    self.again, event.x * layout.width, event.y * layout.height):
                self.app.nav.show_lobby()
                return

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.sprites.draw()
        self.batch.draw()

