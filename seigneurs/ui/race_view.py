"""The race table (Training, Seigneurs, Kids, Rois): every seat searches at once (R9-R25).

The data path of one touch: window polls the sources -> the session's controller hit-tests,
attributes the touch to a seat and applies game actions -> physics moves the card -> this view
draws the session's events and syncs sprites before the frame is drawn. The view holds no
rules and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.game import CallStop, RaceGame
from seigneurs.game.engine import Phase
from seigneurs.input.events import DOWN, TouchEvent
from seigneurs.rules import Start
from seigneurs.table import events
from seigneurs.table.geometry import LAMP
from seigneurs.table.session import RaceSession
from seigneurs.ui.base import BaseView, face, fit, zone_sprite
from seigneurs.ui.countdown import Countdown
from seigneurs.ui.counts import draw_marks
from seigneurs.ui.hints import Hints, Target
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host


class RaceView(BaseView):
    """One race game on the table."""

    def __init__(self, window: Host, session: RaceSession, seats: Sequence[SeatPlan]) -> None:
        """Draw `session` (a new deal, or a game resumed after a crash) at these seats."""
        super().__init__(window)
        self.session = session
        self.game: RaceGame = session.game
        game = self.game
        self.seats = list(seats)
        layout = window.layout
        self.layout = layout
        media = window.media
        self.geometry = session.geometry
        self.physics = session.physics
        self.card_sprites: list[arcade.Sprite] = []
        self.cards: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        for card in range(len(game.positions)):
            texture = media.wagons[card] if game.is_face_up(card) else media.back
            sprite = fit(arcade.Sprite(texture), layout.card_w)
            sprite.visible = card in self.physics.bodies
            self.card_sprites.append(sprite)
            self.cards.append(sprite)
        self.panels: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.overlay: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.locos: list[arcade.Sprite] = []
        self.piles: list[arcade.Sprite] = []
        self.stops: list[arcade.Sprite | None] = []
        self.counts: list[arcade.Text] = []
        self._build_panels()
        self.countdown = Countdown(window, self.overlay, [s.lamps for s in self.geometry.seats],
                                   layout.card_w * LAMP) if session.counting_down else None
        self._turn_locomotives()
        for seat, train in enumerate(game.trains):
            if train:
                self._show_train(seat)
        self.clock = session.clock
        self.hints = Hints(media.icons, layout.card_w * 1.1, window.settings.hint_after)
        self.hints.touched(self.clock)

    # Building the seat panels, each turned to face its player.

    def _build_panels(self) -> None:
        media, layout = self.app.media, self.layout
        for plan, spots in zip(self.seats, self.geometry.seats, strict=True):
            place = plan.place
            self.panels.append(zone_sprite(place, plan.colour, 110))
            loco = fit(arcade.Sprite(media.back), layout.card_w)
            face(loco, place)
            loco.position = spots.locomotive.centre
            pile = fit(arcade.Sprite(media.back), layout.card_w)
            face(pile, place)
            pile.position = spots.pile
            pile.visible = False
            self.locos.append(loco)
            self.piles.append(pile)
            self.panels.extend((loco, pile))
            self.stops.append(None)
            if spots.stop is not None:
                stop = fit(arcade.Sprite(media.icons["stop"]), layout.card_w * 1.2)
                face(stop, place)
                stop.position = spots.stop.centre
                stop.alpha = 70
                self.panels.append(stop)
                self.stops[-1] = stop
            if plan.bot is not None:
                badge = fit(arcade.Sprite(media.icons[f"bot-{plan.bot.name}"]),
                            layout.card_w * 0.55)
                face(badge, place)
                badge.position = spots.badge
                self.panels.append(badge)
            self.counts.append(arcade.Text("0", *spots.count, arcade.color.WHITE,
                                           font_size=layout.card_w * 0.42, anchor_x="center",
                                           anchor_y="center", rotation=-place.angle,
                                           bold=True, batch=self.batch))

    # Touches: all to the controller; then draw what it reports.

    def touches(self, events: Sequence[TouchEvent]) -> None:
        if any(event.phase is DOWN for event in events):
            self.hints.touched(self.clock)  # hints go at the first touch
        self.session.touches(events)
        self._draw_events()

    def _draw_events(self) -> None:
        media = self.app.media
        for event in self.session.drain():
            match event:
                case events.Picked(card=card):
                    sprite = self.card_sprites[card]
                    sprite.texture = media.wagons[card]
                    self.cards.remove(sprite)
                    self.cards.append(sprite)
                    media.play("flip")
                case events.Refused():
                    self.refused(event)
                case events.Stacked(seat=seat, card=card):
                    self.slide(self.card_sprites[card], self.piles[seat].position, 0.18,
                               hide=True)
                    self._show_train(seat)
                    media.play("stack")
                case events.BackOnTable(card=card) | events.SlidHome(card=card):
                    if not self.game.is_face_up(card):  # Training: face down again (R11)
                        self.card_sprites[card].texture = media.back
                    media.play("put-back")
                case events.Turned():
                    self._turn_locomotives()
                    media.play("flip")  # a locomotive turned over (R23)
                case events.Started():
                    self._turn_locomotives()
                    if self.countdown is not None:
                        self.countdown.hide()
                        self.countdown = None
                        media.play("whistle")
                case events.Stopped():
                    media.play("stop")

    def _show_train(self, seat: int) -> None:
        game, media = self.game, self.app.media
        train = game.trains[seat]
        pile = self.piles[seat]
        pile.texture = media.wagons[train[-1]]
        pile.visible = True
        self.counts[seat].text = str(len(train))
        stop = self.stops[seat]
        if stop is not None:  # lit once a stop call would be accepted (R16)
            stop.alpha = 255 if game.can(CallStop(seat, game.clock)) else 70

    def _turn_locomotives(self) -> None:
        for seat, turned in enumerate(self.game.turned):
            if turned:
                self.locos[seat].texture = self.app.media.locomotive(
                    self.game.locomotives[seat].type)

    # Time.

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.countdown is not None:
            self.countdown.show(self.clock)
        self.session.tick(dt)
        self._draw_events()
        self.sync(self.card_sprites, self.physics)
        self.hints.update(self.clock, self.next_steps)
        self.hints.glow(self.clock, {
            card: (*at, self.layout.card_h, since)
            for card, (at, since) in self.session.fitting_cards(
                self.app.settings.fit_glow_after).items()})
        if self.session.finished:
            self.app.nav.show_results(self.game, self.seats)

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.hints.under.draw()
        self.cards.draw()
        self.overlay.draw()
        self.hints.over.draw()
        self.batch.draw()
        draw_marks(self.counts)

    # Guidance without words (issue 12).

    def next_steps(self) -> list[Target]:
        """Kids and Rois before the start: each child's locomotive to turn over (R23)."""
        game = self.game
        if game.phase is not Phase.READY or game.variant.start is not Start.LOCOMOTIVES_TURNED:
            return []
        return [Target(*self.locos[seat].position, self.layout.card_h / 2,
                       self.seats[seat].place.angle, rest=(0.0, -1.0))
                for seat in self.session.humans if not game.turned[seat]]


