"""Le Duo des Rails on the table: five locomotives down the middle, each player's rows to
their right, a pile and its revealed top card in each player's zone (R26-R31).

Lay a card by dragging the top card onto a row, or by tapping the row itself on one's own
side; the arrow-into-pile button sends the top card under the pile (R30).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.game import Applied, DuoGame, Lay, RemoveLocomotive, Result, Under, Whistle
from seigneurs.game.bots import Bot, make_bot
from seigneurs.game.config import GameConfig
from seigneurs.game.duo import ROWS
from seigneurs.game.engine import Phase
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import WagonType
from seigneurs.table.layout import Rect
from seigneurs.table.physics import CardPhysics
from seigneurs.ui.base import (
    COUNTDOWN,
    BaseView,
    Countdown,
    face,
    fit,
    hit,
    seat_ownership,
    zone_sprite,
)
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.window import SeigneursWindow


class DuoView(BaseView):
    """One Duo game: seat 0 at the bottom, seat 1 at the top, facing each other (R26)."""

    def __init__(self, window: SeigneursWindow, config: GameConfig, seats: Sequence[SeatPlan],
                 removed: WagonType | None = None, game: DuoGame | None = None) -> None:
        """Deal a new Duo game, or show `game` (one resumed after a crash)."""
        super().__init__(window)
        resumed = game is not None
        if game is None:
            game = DuoGame(config)
            game.apply(RemoveLocomotive(0, 0.0, removed))  # D6: the lobby's choice, or random
        self.game = game
        self.seats = list(seats)
        layout, media = window.layout, window.media
        self.layout = layout
        self.physics = CardPhysics(Rect(0, 0, layout.width, layout.height), layout.card_w,
                                   layout.card_h)
        free = layout.free
        self.pitch = free.h / ROWS
        self.mid = layout.width / 2
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.panels: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.overlay: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.card_sprites = [fit(arcade.Sprite(media.back), layout.card_w * 0.9)
                             for _ in range(54)]
        for sprite in self.card_sprites:
            sprite.visible = False
            self.sprites.append(sprite)
        for row, loco in enumerate(game.locomotives):
            sprite = fit(arcade.Sprite(media.locomotive(loco.type)), layout.card_w * 0.9)
            sprite.position = (self.mid, self.row_y(row))
            sprite.angle = 90
            self.panels.append(sprite)
        self.piles: list[arcade.Sprite] = []
        self.unders: list[arcade.Sprite] = []
        self.counts: list[arcade.Text] = []
        for seat, plan in enumerate(self.seats):
            place = plan.place
            zone = zone_sprite(place, plan.colour, 110)
            long_side = max(place.zone.w, place.zone.h)
            pile = fit(arcade.Sprite(media.back), layout.card_w)
            face(pile, place, 0, -long_side * 0.32)
            under = fit(arcade.Sprite(media.icons["under"]), layout.card_w * 1.1)
            face(under, place, 0, long_side * 0.32)
            self.panels.extend((zone, pile, under))
            self.piles.append(pile)
            self.unders.append(under)
            x, y = place.local(0, -long_side * 0.32 - layout.card_w * 0.95)
            self.counts.append(arcade.Text(str(len(game.piles[seat])), x, y, arcade.color.WHITE,
                                           font_size=layout.card_w * 0.38, anchor_x="center",
                                           anchor_y="center", rotation=-place.angle, bold=True,
                                           batch=self.batch))
        between_rows = self.row_y(1) - self.pitch / 2  # not on a locomotive
        self.countdown = Countdown(window, self.overlay, (self.mid, between_rows),
                                   layout.card_w * 0.6, layout.card_w * 1.6)
        self.ownership = seat_ownership(window, [s.place for s in self.seats], self._side)
        rng = random.Random(~config.seed)
        self.bots: dict[int, Bot] = {s: make_bot(game, s, plan.bot, rng)
                                     for s, plan in enumerate(self.seats) if plan.bot}
        self.bot_due = {s: COUNTDOWN + bot.delay() for s, bot in self.bots.items()}
        self.shown: list[int | None] = [None, None]  # the revealed top card per seat
        self.ended_at: float | None = None
        if resumed and game.phase is Phase.PLAYING:
            self.countdown.hide()
            self.clock = game.clock
            for seat in (0, 1):
                for row in range(ROWS):
                    for index, card in enumerate(game.rows[seat][row]):
                        sprite = self.card_sprites[card]
                        sprite.texture = media.wagons[card]
                        sprite.angle = -self.seats[seat].place.angle
                        sprite.position = self.slot(seat, row, index)
                        sprite.visible = True
                self._reveal(seat)

    # Geometry.

    def row_y(self, row: int) -> float:
        free = self.layout.free
        return free.y + free.h - (row + 0.5) * self.pitch

    def reveal_spot(self, seat: int) -> tuple[float, float]:
        place = self.seats[seat].place
        return place.local(0, 0)

    def slot(self, seat: int, row: int, index: int) -> tuple[float, float]:
        """Where the `index`-th card of a row lies: to its player's right (R28)."""
        half = self.layout.width / 2 - self.layout.card_w * 1.2
        step = min(self.layout.card_w * 0.62, half / 27)
        offset = self.layout.card_w * 1.2 + index * step
        return (self.mid + offset if seat == 0 else self.mid - offset, self.row_y(row))

    def row_at(self, seat: int, x: float, y: float) -> int | None:
        """The row band under (x, y) on `seat`'s side of the locomotives, if any."""
        free = self.layout.free
        if not free.y <= y <= free.y + free.h:
            return None
        if (x > self.mid) != (seat == 0) or abs(x - self.mid) < self.layout.card_w * 0.45:
            return None
        return min(ROWS - 1, int((free.y + free.h - y) / self.pitch))

    def _side(self, nx: float, ny: float) -> int | None:
        """Touches among the rows belong to the side's player: right is seat 0's (R28)."""
        free = self.layout.free
        y = ny * self.layout.height
        if free.y <= y <= free.y + free.h:
            return 0 if nx * self.layout.width > self.mid else 1
        return None

    # Showing the piles.

    def _reveal(self, seat: int) -> None:
        """Turn the new top card of `seat`'s pile face up in its zone (R28)."""
        old = self.shown[seat]
        if old is not None and old in self.physics.bodies:
            self.physics.remove(old)
        card = self.game.top_card(seat)
        self.shown[seat] = card
        self.counts[seat].text = str(len(self.game.piles[seat]))
        self.piles[seat].visible = len(self.game.piles[seat]) > 1
        if card is None:
            return
        x, y = self.reveal_spot(seat)
        self.physics.add(card, x, y, math.radians(self.seats[seat].place.angle))
        sprite = self.card_sprites[card]
        sprite.texture = self.app.media.wagons[card]
        sprite.visible = True
        self.sprites.remove(sprite)
        self.sprites.append(sprite)

    def _laid(self, seat: int, row: int, card: int) -> None:
        self.physics.remove(card)
        sprite = self.card_sprites[card]
        index = len(self.game.rows[seat][row]) - 1
        sprite.angle = -self.seats[seat].place.angle
        self.slide(sprite, self.slot(seat, row, index), 0.18)
        self.shown[seat] = None
        self.app.media.play("stack")
        self._reveal(seat)

    def _after(self, result: Result) -> None:
        if isinstance(result, Applied) and result.ended and self.ended_at is None:
            self.ended_at = self.clock

    # Touches.

    def touches(self, events: Sequence[TouchEvent]) -> None:
        layout = self.layout
        for event in events:
            seat = self.ownership.owner(event)
            if seat is None or seat in self.bots:
                continue
            x, y = event.x * layout.width, event.y * layout.height
            if event.phase is TouchPhase.DOWN:
                self._down(event.id, seat, x, y)
            elif event.phase is TouchPhase.MOVE:
                self.physics.drag(event.id, x, y)
            else:
                self._up(event.id, seat, x, y)

    def _down(self, touch: int, seat: int, x: float, y: float) -> None:
        if self.game.phase is not Phase.PLAYING:
            return
        if hit(self.unders[seat], x, y):
            result = self.game.apply(Under(seat, self.clock))
            if isinstance(result, Applied) and result.card is not None:
                self.card_sprites[result.card].visible = False
                self._reveal(seat)
                self.app.media.play("put-back")  # R30: under the pile
            self._after(result)
            return
        card = self.shown[seat]
        if card is not None and hit(self.card_sprites[card], x, y, slack=0.9):
            self.physics.grab(touch, card, x, y)
            return
        row = self.row_at(seat, x, y)
        if row is not None:
            self._lay(seat, row)

    def _up(self, touch: int, seat: int, x: float, y: float) -> None:
        card = self.physics.release(touch)
        if card is None:
            return
        row = self.row_at(seat, x, y)
        if row is None or not self._lay(seat, row):
            self.physics.send(card, *self.reveal_spot(seat))

    def _lay(self, seat: int, row: int) -> bool:
        result = self.game.apply(Lay(seat, self.clock, row))
        if isinstance(result, Applied) and result.card is not None:
            self._laid(seat, row, result.card)
        elif not result.ok:
            self.app.media.play("refuse")  # D8 assisted: gently
        self._after(result)
        return result.ok

    # Time.

    def tick(self, dt: float) -> None:
        super().tick(dt)
        game = self.game
        if (game.phase is Phase.READY and self.countdown.show(self.clock)
                and game.apply(Whistle(0, self.clock)).ok):  # R28
            self.app.media.play("whistle")
            for seat in (0, 1):
                self._reveal(seat)
        for seat, bot in self.bots.items():
            if self.clock < self.bot_due[seat] or game.over or game.phase is not Phase.PLAYING:
                continue
            self.bot_due[seat] = self.clock + bot.delay()
            action = bot.next_action(self.clock)
            if isinstance(action, Lay):
                self._lay(seat, action.row)
            elif isinstance(action, Under):
                result = game.apply(action)
                if isinstance(result, Applied) and result.card is not None:
                    self.card_sprites[result.card].visible = False
                    self._reveal(seat)
                    self.app.media.play("put-back")
                self._after(result)
        self.physics.step(dt)
        for card, body in self.physics.bodies.items():
            sprite = self.card_sprites[card]
            sprite.position = body.position
            sprite.angle = -math.degrees(body.angle)
        if self.ended_at is not None and self.clock - self.ended_at > 1.2:
            self.app.show_results(game, self.seats)

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.sprites.draw()
        self.overlay.draw()
        self.batch.draw()
