"""Guidance without words (issue 12): when nobody acts for a few seconds, a hand that taps
toward the next step and a soft ring pulsing round it, at each place with a step to take
(join, the whistle, turn your locomotive); and in assisted play, for a child still for a while,
a glow under a loose card that fits. Hints never cover cards (the hand waits beside its target,
the glow lies under the card) and vanish at the first touch; the view's clock drives them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import arcade

from seigneurs.ui.base import fit

FADE_IN = 0.6
"""Seconds a hint takes to appear: gentle, never a flash."""


@dataclass(frozen=True, slots=True)
class Target:
    """What a hint points at: a point, the target's radius, the angle of the place whose
    player should touch it, and where the hand waits, as a direction in that player's frame
    (forward, across): (-1, 0) on their side of it, (0, -1) to their left."""

    x: float
    y: float
    radius: float
    angle: float
    rest: tuple[float, float] = (-1.0, 0.0)


@dataclass(slots=True)
class Shown:
    target: Target
    hand: arcade.Sprite
    ring: arcade.Sprite


class Hints:
    """Hands and rings over the view (`over`), glows under its cards (`under`)."""

    def __init__(self, icons: Mapping[str, arcade.Texture], hand: float, after: float) -> None:
        self.icons = icons
        self.hand_size = hand
        self.after = after
        self.over: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.under: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.quiet_since = 0.0
        self.shown: list[Shown] = []
        self.glows: dict[int, arcade.Sprite] = {}

    def reach(self, radius: float) -> float:
        """How far from a target's centre (of `radius`) its hand can lie, however turned: what
        a view keeps clear round its targets, so a hand lies across nothing else."""
        texture = self.icons["hand"]
        length = math.hypot(1.0, texture.height / texture.width) * self.hand_size
        return radius + self.hand_size * (0.55 + 0.25) + length / 2

    @property
    def showing(self) -> bool:
        return bool(self.shown)

    def touched(self, clock: float) -> None:
        """Somebody acted: every hint goes, and the wait starts again (with none shown, the
        sprite list is left alone: clearing it rebuilds its GL buffers, at every touch-down)."""
        self.quiet_since = clock
        if self.shown:
            self.shown.clear()
            self.over.clear()

    def update(self, clock: float, targets: Callable[[], Sequence[Target]]) -> None:
        """Show the hints once the table has been quiet long enough, and move them."""
        quiet = clock - self.quiet_since - self.after
        if quiet < 0:
            return
        if not self.shown:
            for target in targets():
                hand = fit(arcade.Sprite(self.icons["hand"]), self.hand_size)
                ring = fit(arcade.Sprite(self.icons["ring"]), target.radius * 2.4)
                ring.position = (target.x, target.y)
                self.over.extend((ring, hand))
                self.shown.append(Shown(target, hand, ring))
        fade = min(1.0, quiet / FADE_IN)
        tap = 0.5 + 0.5 * math.sin(quiet * 5.0)  # the hand reaches toward it and back
        for shown in self.shown:
            target = shown.target
            forward, across = target.rest
            gap = target.radius + self.hand_size * (0.55 + 0.25 * tap)  # (`reach`: tap = 1)
            turn = math.radians(target.angle)
            dx = across * math.cos(turn) - forward * math.sin(turn)
            dy = across * math.sin(turn) + forward * math.cos(turn)
            shown.hand.position = (target.x + dx * gap, target.y + dy * gap)
            shown.hand.angle = -target.angle + math.degrees(math.atan2(-across, -forward))
            shown.hand.alpha = int(235 * fade)
            shown.ring.scale = target.radius * 2.4 / shown.ring.texture.width * (1 + 0.12 * tap)
            shown.ring.alpha = int(200 * fade * (0.6 + 0.4 * tap))

    def glow(self, clock: float, cards: Mapping[int, tuple[float, float, float, float]]) -> None:
        """A soft glow under each card of `cards` (card -> x, y, size, since when it is due),
        fading in from then; cards left out lose theirs."""
        for card in [c for c in self.glows if c not in cards]:
            self.under.remove(self.glows.pop(card))
        pulse = 0.75 + 0.25 * math.sin(clock * 3.0)
        for card, (x, y, size, since) in cards.items():
            sprite = self.glows.get(card)
            if sprite is None:
                sprite = fit(arcade.Sprite(self.icons["glow"]), size * 1.9)
                self.glows[card] = sprite
                self.under.append(sprite)
            sprite.position = (x, y)
            sprite.alpha = int(255 * min(1.0, max(0.0, (clock - since) / FADE_IN)) * pulse)
