"""The race table (Training, Seigneurs, Kids, Rois): every seat searches at once (R9-R25).

The data path of one touch: window polls the sources -> the `RaceController` hit-tests,
attributes the touch to a seat and applies game actions -> physics moves the card -> this view
draws what the controller reports (`Shown`) and syncs sprites before the frame is drawn. The
view holds no rules and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.game import CallStop, RaceGame, Reason, new_game
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Phase
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import Start
from seigneurs.table.controller import RaceController, Shown, What
from seigneurs.table.geometry import LAMP, RaceGeometry
from seigneurs.ui.base import BaseView, Countdown, face, fit, zone_sprite
from seigneurs.ui.hints import Hints, Target
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host


class RaceView(BaseView):
    """One race game on the table."""

    def __init__(self, window: Host, config: GameConfig,
                 seats: Sequence[SeatPlan], game: RaceGame | None = None) -> None:
        """Deal a new game of `config`, or show `game` (one resumed after a crash)."""
        super().__init__(window)
        if game is None:
            dealt = new_game(config)
            assert isinstance(dealt, RaceGame)
            game = dealt
        self.game: RaceGame = game
        self.seats = list(seats)
        layout = window.layout
        self.layout = layout
        media = window.media
        self.geometry = RaceGeometry.build(layout, [s.place for s in self.seats],
                                           stop=bool(game.variant.min_wagons_to_stop))
        self.control = RaceController(game, self.geometry,
                                      {s: p.bot for s, p in enumerate(self.seats) if p.bot},
                                      window.user_seats, config.seed)
        self.physics = self.control.physics
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
                                   layout.card_w * LAMP) if self.control.start_at else None
        self._turn_locomotives()
        for seat, train in enumerate(game.trains):
            if train:
                self._show_train(seat)
        self.clock = self.control.clock
        self.hints = Hints(media.icons, layout.card_w * 1.1, window.settings.hint_after)
        self.hints.touched(self.clock)
        self.still = {seat: self.clock for seat in self.control.humans}
        """When each child last did something: a fitting card glows for one still too long."""

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
            pile.position = spots.pile.centre
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
        for event in events:
            if event.phase is TouchPhase.DOWN:  # hints go at the first touch
                self.hints.touched(self.clock)
                if self.still:  # the nearest child is not still any more
                    x, y = event.x * self.layout.width, event.y * self.layout.height
                    self.still[self.control.seats.nearest(x, y)] = self.clock
        self.control.touches(events, self.layout.width, self.layout.height)
        self._draw_shows()

    def _draw_shows(self) -> None:
        media = self.app.media
        for shown in self.control.drain():
            card = shown.card
            if shown.seat in self.still and not shown.bot:
                self.still[shown.seat] = self.clock
            if shown.what is What.PICKED and card is not None:
                sprite = self.card_sprites[card]
                sprite.texture = media.wagons[card]
                self.cards.remove(sprite)
                self.cards.append(sprite)
                media.play("flip")
            elif shown.what is What.REFUSED:
                self._refused(shown)
            elif shown.what is What.STACKED and card is not None and shown.seat is not None:
                self.slide(self.card_sprites[card], self.piles[shown.seat].position, 0.18,
                           hide=True)
                self._show_train(shown.seat)
                media.play("stack")
            elif shown.what is What.PUT_BACK and card is not None:
                if not self.game.is_face_up(card):  # Training: face down again (R11)
                    self.card_sprites[card].texture = media.back
                media.play("put-back")
            elif shown.what in (What.TURNED, What.STARTED):
                self._turn_locomotives()
                if shown.what is What.TURNED:
                    media.play("flip")  # a locomotive turned over (R23)
                if shown.what is What.STARTED and self.countdown is not None:
                    self.countdown.hide()
                    self.countdown = None
                    media.play("whistle")
            elif shown.what is What.STOPPED:
                media.play("stop")

    def _refused(self, shown: Shown) -> None:
        if shown.card is not None:
            self.wiggle(shown.card)
        if not shown.bot and shown.reason is not Reason.NOT_STARTED:
            self.app.media.play("refuse")

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
        self.control.tick(dt)
        self._draw_shows()
        self.sync(self.card_sprites, self.physics)
        self.hints.update(self.clock, self.next_steps)
        self.hints.glow(self.clock, self._glowing())
        if self.control.finished:
            self.app.nav.show_results(self.game, self.seats)

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.hints.under.draw()
        self.cards.draw()
        self.overlay.draw()
        self.hints.over.draw()
        self.batch.draw()

    # Guidance without words (issue 12).

    def next_steps(self) -> list[Target]:
        """Kids and Rois before the start: each child's locomotive to turn over (R23)."""
        game = self.game
        if game.phase is not Phase.READY or game.variant.start is not Start.LOCOMOTIVES_TURNED:
            return []
        return [Target(*self.locos[seat].position, self.layout.card_h / 2,
                       self.seats[seat].place.angle, rest=(0.0, -1.0))
                for seat in self.control.humans if not game.turned[seat]]

    def _glowing(self) -> dict[int, tuple[float, float, float, float]]:
        """For each child in assisted mode still for `fit_glow_after` seconds with an empty
        hand: the loose face-up card that fits their train, nearest to them (off in classic)."""
        game, wait = self.game, self.app.settings.fit_glow_after
        if wait <= 0 or game.phase is not Phase.PLAYING:
            return {}
        glowing = {}
        for seat, since in self.still.items():
            if (not game.assisted[seat] or self.clock - since < wait
                    or self.control.holds(seat)):
                continue
            bodies = self.physics.bodies
            fitting = [c for c in bodies
                       if self.control.loose(c) and game.is_face_up(c) and game.fits(seat, c)]
            if not fitting:
                continue
            distance = self.control.seats.distance
            card = min(fitting, key=lambda c: distance(seat, *bodies[c].position))
            x, y = bodies[card].position
            glowing[card] = (x, y, self.layout.card_h, since + wait)
        return glowing


