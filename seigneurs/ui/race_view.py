"""The race table (Training, Seigneurs, Kids, Rois): every seat searches at once (R9-R25).

The data path of one touch: window polls the sources -> `touches` finds the seat (ownership)
and what was touched -> a game action (accepted, or refused with a reason) -> physics moves
the card -> its sprite is synced before the frame is drawn. The view holds no rules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.game import (
    Action,
    Applied,
    CallStop,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    Refused,
    Result,
    Stack,
    TurnLocomotive,
    Whistle,
    new_game,
)
from seigneurs.game.bots import Bot, make_bot
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Phase
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import Start
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

WIGGLE = 0.35
BOT_REACH_SPEED = 1400.0  # pixels per second a bot's hand travels


def _bot_finger(seat: int) -> int:
    return -1 - seat  # bots' virtual fingers never collide with real touch ids (positive)


class RaceView(BaseView):
    """One race game on the table."""

    def __init__(self, window: SeigneursWindow, config: GameConfig,
                 seats: Sequence[SeatPlan], game: RaceGame | None = None) -> None:
        """Deal a new game of `config`, or show `game` (one resumed after a crash)."""
        super().__init__(window)
        resumed = game is not None
        if game is None:
            dealt = new_game(config)
            assert isinstance(dealt, RaceGame)
            game = dealt
        self.game: RaceGame = game
        self.seats = list(seats)
        layout = window.layout
        self.layout = layout
        media = window.media
        self.physics = CardPhysics(Rect(0, 0, layout.width, layout.height), layout.card_w,
                                   layout.card_h)
        free = layout.free
        for card, (nx, ny) in enumerate(game.positions):
            if game.table_mask >> card & 1:
                self.physics.add(card, *free.at(nx, ny))
        if not resumed:
            self.physics.scatter(free, random.Random(config.seed))
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
        self.ownership = seat_ownership(window, [s.place for s in self.seats])
        rng = random.Random(~config.seed)
        self.bots: dict[int, Bot] = {s: make_bot(game, s, plan.bot, rng)
                                     for s, plan in enumerate(self.seats) if plan.bot}
        self.bot_due = {s: COUNTDOWN + bot.delay() for s, bot in self.bots.items()}
        self.bot_targets: dict[int, tuple[float, float]] = {}
        self.picked_from: dict[int, tuple[float, float]] = {}
        self.wiggles: dict[int, float] = {}
        self.ended_at: float | None = None
        whistle_due = game.variant.start is Start.WHISTLE and game.phase is Phase.READY
        self.countdown = Countdown(window, self.overlay, free.center, layout.card_w * 0.8,
                                   layout.card_w) if whistle_due else None
        if resumed:
            self._turn_locomotives()
            for seat, train in enumerate(game.trains):
                if train:
                    self.piles[seat].texture = media.wagons[train[-1]]
                    self.piles[seat].visible = True
                    self.counts[seat].text = str(len(train))
            self.clock = game.clock

    # Building the seat panels, each turned to face its player.

    def _build_panels(self) -> None:
        media, layout, game = self.app.media, self.layout, self.game
        for plan in self.seats:
            place = plan.place
            self.panels.append(zone_sprite(place, plan.colour, 110))
            long_side = max(place.zone.w, place.zone.h)
            loco = fit(arcade.Sprite(media.back), layout.card_w)
            face(loco, place, 0, -long_side * 0.3)
            self.locos.append(loco)
            pile = fit(arcade.Sprite(media.back), layout.card_w)
            face(pile, place, 0, -long_side * 0.3 + layout.card_w * 1.25)
            pile.visible = False
            self.piles.append(pile)
            self.panels.extend((loco, pile))
            if game.variant.min_wagons_to_stop:
                stop = fit(arcade.Sprite(media.icons["stop"]), layout.card_w * 1.2)
                face(stop, place, 0, long_side * 0.3)
                stop.alpha = 70
                self.panels.append(stop)
                self.stops.append(stop)
            else:
                self.stops.append(None)
            if plan.bot is not None:
                badge = fit(arcade.Sprite(media.icons[f"bot{_level_pips(plan)}"]),
                            layout.card_w * 0.55)
                face(badge, place, layout.card_h * 0.3, -long_side * 0.3 - layout.card_w * 0.9)
                self.panels.append(badge)
            x, y = place.local(0, -long_side * 0.3 + layout.card_w * 2.1)
            self.counts.append(arcade.Text("0", x, y, arcade.color.WHITE,
                                           font_size=layout.card_w * 0.42, anchor_x="center",
                                           anchor_y="center", rotation=-place.angle,
                                           bold=True, batch=self.batch))

    # Touches.

    def touches(self, events: Sequence[TouchEvent]) -> None:
        if not events:
            return
        latest = max(e.t for e in events)
        downs: list[tuple[TouchEvent, int, Action]] = []
        for event in events:
            seat = self.ownership.owner(event)
            if seat is None or seat in self.bots:
                continue
            t = self.clock + min(0.0, event.t - latest)  # keeps the frame's order in game time
            x, y = event.x * self.layout.width, event.y * self.layout.height
            if event.phase is TouchPhase.DOWN:
                action = self._action_for_down(seat, x, y, t)
                if action is not None:
                    downs.append((event, seat, action))
            elif event.phase is TouchPhase.MOVE:
                self.physics.drag(event.id, x, y)
            else:
                self._drop(event.id, seat, x, y, t)
        if downs:  # simultaneous reaches decided by time, fairly (engine policy)
            results = self.game.apply_batch([action for _e, _s, action in downs])
            for (event, _seat, _action), result in zip(downs, results, strict=True):
                self._show(result, event.id, event.x * self.layout.width,
                           event.y * self.layout.height)

    def _action_for_down(self, seat: int, x: float, y: float, t: float) -> Action | None:
        game = self.game
        stop = self.stops[seat]
        if stop is not None and hit(stop, x, y):
            return CallStop(seat, t)
        if hit(self.locos[seat], x, y, slack=0.8) and game.phase is Phase.READY:
            return TurnLocomotive(seat, t)
        table = {c for c in range(len(self.card_sprites)) if game.table_mask >> c & 1}
        held = game.hands[seat]
        if held >= 0:
            table.add(held)
        card = self.physics.card_at(x, y, among=table)
        if card is None:
            return None
        return Pick(seat, t, card)  # on one's own held card: refused, and re-grabbed in _show

    def _show(self, result: Result, touch: int, x: float, y: float) -> None:
        """Make an action's result visible: move, flip, sound, or a gentle refusal."""
        action = result.action
        media = self.app.media
        if isinstance(result, Refused):
            if isinstance(action, Pick):
                if action.card == self.game.hands[action.seat]:  # re-grab of one's own card
                    self.physics.grab(touch, action.card, x, y)
                    return
                self.wiggles[action.card] = WIGGLE
            if result.reason is not Reason.NOT_STARTED:
                media.play("refuse")
            return
        if isinstance(action, Pick):
            card = action.card
            px, py = self.physics.bodies[card].position
            self.picked_from[card] = (px, py)
            self.physics.raise_card(card)
            self.physics.grab(touch, card, x, y)
            sprite = self.card_sprites[card]
            sprite.texture = media.wagons[card]
            self.cards.remove(sprite)
            self.cards.append(sprite)
            media.play("flip")
        elif isinstance(action, TurnLocomotive | Whistle):
            self._turn_locomotives()
            media.play("flip")  # a locomotive turned over (R14, R23)
        elif isinstance(action, CallStop):
            media.play("stop")
        self._after(result)

    def _drop(self, touch: int, seat: int, x: float, y: float, t: float) -> None:
        card = self.physics.release(touch)
        if card is None or self.game.hands[seat] != card:
            return
        body = self.physics.bodies[card]
        place = self.seats[seat].place
        if place.zone.contains(x, y) or place.zone.contains(*body.position):
            result = self.game.apply(Stack(seat, t))
            if result.ok:
                self._stacked(seat, card)
                self._after(result)
                return
            self.app.media.play("refuse")  # D8: refused gently, the card slides back
            x, y = self.picked_from.get(card, self.layout.free.center)
        self._put_back(seat, card, x, y, t)

    def _put_back(self, seat: int, card: int, x: float, y: float, t: float) -> None:
        free = self.layout.free
        x, y = free.clamp(x, y, margin=self.layout.card_w * 0.3)
        result = self.game.apply(PutBack(seat, t, *free.fraction(x, y)))
        if result.ok:
            self._show_put_back(card, x, y)
        self._after(result)

    def _show_put_back(self, card: int, x: float, y: float) -> None:
        """The card slides to (x, y) on the table, face down again in Training (R11)."""
        self.physics.send(card, x, y)
        if not self.game.is_face_up(card):
            self.card_sprites[card].texture = self.app.media.back
        self.app.media.play("put-back")

    def _stacked(self, seat: int, card: int) -> None:
        self.physics.remove(card)
        sprite = self.card_sprites[card]
        pile = self.piles[seat]
        self.slide(sprite, pile.position, 0.18, hide=True)
        pile.texture = self.app.media.wagons[card]
        pile.visible = True
        self.counts[seat].text = str(len(self.game.trains[seat]))
        stop = self.stops[seat]
        if stop is not None:
            enough = len(self.game.trains[seat]) >= self.game.variant.min_wagons_to_stop
            stop.alpha = 255 if enough else 70
        self.app.media.play("stack")

    def _turn_locomotives(self) -> None:
        for seat, turned in enumerate(self.game.turned):
            if turned:
                self.locos[seat].texture = self.app.media.locomotive(
                    self.game.locomotives[seat].type)

    def _after(self, result: Result) -> None:
        if isinstance(result, Applied) and result.ended and self.ended_at is None:
            self.ended_at = self.clock

    # Time.

    def tick(self, dt: float) -> None:
        super().tick(dt)
        game = self.game
        if self.countdown is not None and self.countdown.show(self.clock):
            self.countdown = None
            if game.apply(Whistle(0, self.clock)).ok:  # R14
                self.app.media.play("whistle")
                self._turn_locomotives()
        self._run_bots()
        self._move_bot_hands(dt)
        self.physics.step(dt)
        self._sync()
        if self.ended_at is not None and self.clock - self.ended_at > 1.2:
            self.app.show_results(game, self.seats)

    def _run_bots(self) -> None:
        for seat, bot in self.bots.items():
            if self.clock < self.bot_due[seat] or self.game.over:
                continue
            self.bot_due[seat] = self.clock + bot.delay()
            action = bot.next_action(self.clock)
            if action is None:
                continue
            finger = _bot_finger(seat)
            result = self.game.apply(action)
            if not isinstance(result, Applied):
                continue
            if isinstance(action, Pick):
                body = self.physics.bodies[action.card]
                self._show(result, finger, body.position.x, body.position.y)
                self.bot_targets[seat] = self.seats[seat].place.zone.center
            elif isinstance(action, Stack) and result.card is not None:
                self._stacked(seat, result.card)  # removing the card lets the finger go
                self.bot_targets.pop(seat, None)
                self._after(result)
            elif isinstance(action, PutBack) and result.card is not None:
                self.physics.release(finger)
                self.bot_targets.pop(seat, None)
                self._show_put_back(result.card, *self.layout.free.at(action.x, action.y))
                self._after(result)
            else:
                self._show(result, finger, 0, 0)

    def _move_bot_hands(self, dt: float) -> None:
        for seat, (tx, ty) in self.bot_targets.items():
            card = self.physics.holding(_bot_finger(seat))
            if card is None:
                continue
            body = self.physics.bodies[card]
            dx, dy = tx - body.position.x, ty - body.position.y
            distance = math.hypot(dx, dy)
            reach = min(distance, BOT_REACH_SPEED * dt)
            if distance > 1:
                self.physics.drag(_bot_finger(seat), body.position.x + dx / distance * reach,
                                  body.position.y + dy / distance * reach)

    def _sync(self) -> None:
        """Copy each moving body's place to its sprite (the last step before drawing)."""
        sprites = self.card_sprites
        for card, body in self.physics.bodies.items():
            sprite = sprites[card]
            angle = -math.degrees(body.angle)
            if card in self.wiggles:
                left = self.wiggles[card] - 1 / 60
                angle += math.sin(left * 40) * 9
                if left <= 0:
                    del self.wiggles[card]
                else:
                    self.wiggles[card] = left
            sprite.position = body.position
            sprite.angle = angle

    def on_draw(self) -> None:
        self.clear()
        self.panels.draw()
        self.cards.draw()
        self.overlay.draw()
        self.batch.draw()


def _level_pips(plan: SeatPlan) -> int:
    from seigneurs.game.bots import BOT_LEVELS

    return list(BOT_LEVELS).index(plan.bot.name) + 1 if plan.bot else 0
