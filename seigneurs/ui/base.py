"""What every view shares: touches in, a tick, placing things to face a seat, little tweens."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from seigneurs.game import Reason
from seigneurs.input.events import TouchEvent
from seigneurs.table.layout import Place
from seigneurs.table.physics import CardPhysics
from seigneurs.ui.seat import SeatColour

if TYPE_CHECKING:  # the lobby's first frame needs none of the table's parts
    from seigneurs.table import events
    from seigneurs.ui.host import Host

WIGGLE = 0.35
"""Seconds a refused card wiggles."""
STILL_PX = 1 / 256
"""A card sprite within this many pixels of its body is left where it is (a sub-pixel step,
finer than a rasteriser draws): a card slid to rest creeps on for seconds by ever smaller
steps, and setting all 54 sprites every frame was a quarter of a frame's update."""
STILL_DEGREES = 1 / 512
"""...and within this many degrees of its turn (a card's corner moves under 1/256 px)."""
ROLL = 2
"""Cards at rest whose sprites the sync checks each frame, in turn (54 cards: each within half
a second)."""


def face(sprite: arcade.Sprite, place: Place, forward: float = 0.0, across: float = 0.0,
         turn: float = 0.0) -> None:
    """Put `sprite` in `place`'s zone, upright for that place's player."""
    sprite.position = place.local(forward, across)
    sprite.angle = -(place.angle + turn)  # arcade turns clockwise, places counter-clockwise


def fit(sprite: arcade.Sprite, width: float) -> arcade.Sprite:
    """Scale `sprite` to `width` pixels wide (keeping its shape)."""
    sprite.scale = width / sprite.texture.width
    return sprite


def zone_sprite(place: Place, colour: SeatColour, alpha: int) -> arcade.SpriteSolidColor:
    """A place's zone, tinted with its seat colour."""
    zone = arcade.SpriteSolidColor(int(place.zone.w), int(place.zone.h),
                                   color=(*colour.rgb, alpha))
    zone.position = place.zone.center
    return zone


def hit(sprite: arcade.Sprite, x: float, y: float, slack: float = 1.15) -> bool:
    """Whether (x, y) falls on `sprite` (a circle test, generous for small fingers)."""
    if not sprite.visible:
        return False
    radius = max(sprite.width, sprite.height) / 2 * slack
    return math.hypot(x - sprite.center_x, y - sprite.center_y) <= radius


@dataclass(slots=True)
class Tween:
    """Slide a sprite to a point over `duration` seconds (ease-out); hide it at the end if asked."""

    sprite: arcade.Sprite
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    hide: bool = False
    elapsed: float = 0.0

    def step(self, dt: float) -> bool:
        """Advance; True while still running."""
        self.elapsed = min(self.duration, self.elapsed + dt)
        k = 1 - (1 - self.elapsed / self.duration) ** 3
        self.sprite.position = (self.start[0] + (self.end[0] - self.start[0]) * k,
                                self.start[1] + (self.end[1] - self.start[1]) * k)
        if self.elapsed >= self.duration:
            if self.hide:
                self.sprite.visible = False
            return False
        return True


class BaseView(arcade.View):
    """A view fed by the window: `touches` with each frame's events, then `tick`."""

    def __init__(self, window: Host) -> None:
        super().__init__()  # arcade's current window: the one `window` is
        self.app = window
        self.clock = 0.0
        self.tweens: list[Tween] = []
        self.wiggles: dict[int, float] = {}
        self._synced: CardPhysics | None = None  # the physics `sync` drew last
        self._roll = 0  # where `sync`'s turn among the cards at rest is

    def touches(self, events: Sequence[TouchEvent]) -> None:
        """This frame's touch events, oldest first."""

    def tick(self, dt: float) -> None:
        """Advance by `dt` seconds (animations, bots, physics)."""
        self.clock += dt
        self.tweens = [tween for tween in self.tweens if tween.step(dt)]

    def wiggle(self, card: int) -> None:
        """A gentle no: the card shakes a little (issue 9: refusals are gentle)."""
        self.wiggles[card] = WIGGLE

    def refused(self, event: events.Refused) -> None:
        """The card wiggles; a child hears a soft no (a bot, or a touch before the start,
        does not)."""
        if event.card is not None:
            self.wiggle(event.card)
        if not event.bot and event.reason is not Reason.NOT_STARTED:
            self.app.media.play("refuse")

    def sync(self, sprites: Sequence[arcade.Sprite], physics: CardPhysics) -> None:
        """Copy each body's place to its card's sprite, wiggles added (the one sprite sync,
        the last step before drawing). Only the cards that may have moved are asked (the
        physics' `astir`, the wiggling ones) and ROLL more a frame in turn, so that a sprite
        set by anything else is put back within a second; a sprite already within STILL_PX
        and STILL_DEGREES of its body is not set again (its sprite lists are not touched)."""
        if self._synced is not physics:  # a view's first frame: every card
            self._synced = physics
            cards: set[int] = set(physics.bodies)
        else:
            cards = {*physics.astir, *self.wiggles}
            order = list(physics.bodies)
            if order:
                self._roll %= len(order)
                cards.update(order[self._roll:self._roll + ROLL])
                self._roll += ROLL
        wiggles = self.wiggles
        for card, x, y, turn in physics.poses(cards):
            sprite = sprites[card]
            angle = -math.degrees(turn)
            left = wiggles.get(card)
            if left is not None:
                left -= 1 / 60
                if left <= 0:
                    del wiggles[card]
                else:
                    wiggles[card] = left
                    angle += math.sin(left * 40) * 9
            sx, sy = sprite.position
            if abs(sx - x) > STILL_PX or abs(sy - y) > STILL_PX:
                sprite.position = (x, y)
            if abs(sprite.angle - angle) > STILL_DEGREES:
                sprite.angle = angle

    def slide(self, sprite: arcade.Sprite, to: tuple[float, float], duration: float = 0.2,
              hide: bool = False) -> None:
        """Start a tween of `sprite` to `to`."""
        self.tweens = [t for t in self.tweens if t.sprite is not sprite]
        self.tweens.append(Tween(sprite, (sprite.center_x, sprite.center_y), to, duration, hide))
