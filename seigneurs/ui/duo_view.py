"""Le Duo des Rails on the table: five locomotives down the middle, upright so both players
read them, each player's rows of whole cards to their right, as large as five rows of the table
allow, a pile, its revealed top card and the under button in each player's zone (R26-R31).

Lay a card by dragging a revealed top card onto a row (it is always that card's owner who
lays), or by tapping a row on one's own side; the arrow-into-pile button sends the top card
under the pile (R30). The session's controller decides all of it; this view draws its events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.game.duo import ROWS
from seigneurs.game.engine import Phase
from seigneurs.input.events import TouchEvent
from seigneurs.table import events
from seigneurs.table.geometry import LAMP
from seigneurs.table.session import DuoSession
from seigneurs.ui.base import BaseView, face, fit, zone_sprite
from seigneurs.ui.countdown import Countdown
from seigneurs.ui.counts import draw_marks
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host


class DuoView(BaseView):
    """One Duo game: seat 0 at the bottom, seat 1 at the top, facing each other (R26)."""

    def __init__(self, window: Host, session: DuoSession, seats: Sequence[SeatPlan]) -> None:
        """Draw `session` (a new deal, or a game resumed after a crash) at these seats."""
        super().__init__(window)
        self.session = session
        self.game = game = session.game
        self.seats = list(seats)
        layout, media = window.layout, window.media
        self.layout = layout
        self.geometry = geometry = session.geometry
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.panels: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.overlay: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.card_sprites = [fit(arcade.Sprite(media.back), geometry.row_card)
                             for _ in range(54)]
        for sprite in self.card_sprites:
            sprite.visible = False
            self.sprites.append(sprite)
        for row, loco in enumerate(game.locomotives):
            sprite = fit(arcade.Sprite(media.locomotive(loco.type)), geometry.row_card)
            sprite.position = (geometry.mid, geometry.row_y(row))  # upright: its two faces
            self.panels.append(sprite)  # read from both sides, as the wagons' do
        self.piles: list[arcade.Sprite] = []
        self.counts: list[arcade.Text] = []
        for seat, plan in enumerate(self.seats):
            place = plan.place
            zone = zone_sprite(place, plan.colour, 110)
            pile = fit(arcade.Sprite(media.back), layout.card_w)
            face(pile, place)
            pile.position = geometry.pile(seat)
            under = fit(arcade.Sprite(media.icons["under"]), layout.card_w * 1.1)
            face(under, place)
            under.position = geometry.under(seat).centre
            self.panels.extend((zone, pile, under))
            self.piles.append(pile)
            self.counts.append(arcade.Text(str(len(game.piles[seat])), *geometry.count(seat),
                                           arcade.color.WHITE, font_size=layout.card_w * 0.38,
                                           anchor_x="center", anchor_y="center",
                                           rotation=-place.angle, bold=True, batch=self.batch))
        self.countdown = Countdown(window, self.overlay, [geometry.lamps(s) for s in (0, 1)],
                                   layout.card_w * LAMP)
        self.physics = session.physics
        if game.phase is Phase.PLAYING:  # resumed after a crash
            self.countdown.hide()
            self.clock = session.clock
            for seat in (0, 1):
                for row in range(ROWS):
                    for card in game.rows[seat][row]:
                        self.card_sprites[card].texture = media.wagons[card]
                        self.card_sprites[card].visible = True
                    self._lay_out_row(seat, row, 0.0)
        self._draw_events()

    # Drawing what the session reports.

    def _draw_events(self) -> None:
        media = self.app.media
        for event in self.session.drain():
            match event:
                case events.Revealed(seat=seat, card=card):
                    self.counts[seat].text = str(len(self.game.piles[seat]))
                    self.piles[seat].visible = len(self.game.piles[seat]) > 1
                    if card is not None:
                        sprite = self.card_sprites[card]
                        sprite.texture = media.wagons[card]
                        sprite.visible = True
                        self.sprites.remove(sprite)
                        self.sprites.append(sprite)
                case events.Laid(seat=seat, row=row):
                    self._lay_out_row(seat, row, 0.18)
                    media.play("stack")
                case events.WentUnder(card=card):
                    self.card_sprites[card].visible = False
                    media.play("put-back")  # R30: under the pile
                case events.Refused():
                    self.refused(event)  # D8 assisted, R30: gently
                case events.Started():
                    self.countdown.hide()
                    media.play("whistle")

    def _lay_out_row(self, seat: int, row: int, duration: float) -> None:
        """Every card of a row at its slot, row-sized and facing its player (a longer row
        closes up only when it must)."""
        cards = self.game.rows[seat][row]
        for index, card in enumerate(cards):
            sprite = self.card_sprites[card]
            fit(sprite, self.geometry.row_card)
            sprite.angle = -self.seats[seat].place.angle
            spot = self.geometry.slot(seat, row, index, len(cards))
            if duration > 0:
                self.slide(sprite, spot, duration)
            else:
                sprite.position = spot

    # Touches and time.

    def touches(self, events: Sequence[TouchEvent]) -> None:
        self.session.touches(events)
        self._draw_events()

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.game.phase is Phase.READY:
            self.countdown.show(self.clock)
        self.session.tick(dt)
        self._draw_events()
        self.sync(self.card_sprites, self.physics)
        if self.session.finished:
            self.app.nav.show_results(self.game, self.seats)

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.sprites.draw()
        self.overlay.draw()
        self.batch.draw()
        draw_marks(self.counts)
