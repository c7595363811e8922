"""Bots' hands on the race table: where their held cards travel, at a hand's speed, and what of
the table they see (their own side first, cards a child cannot reach). Bots are polite: a card
a child can use goes back on that child's side."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from seigneurs.game import RaceGame
from seigneurs.game.bots import BotLoop
from seigneurs.table import chipmunk
from seigneurs.table.attribution.guess import SeatGuesser
from seigneurs.table.geometry import Point, RaceGeometry
from seigneurs.table.physics import CardPhysics


def bot_finger(seat: int) -> int:
    """Bots' virtual fingers never collide with real touch ids (positive)."""
    return -1 - seat


class BotHands:
    """Moves the cards bots hold toward their targets; answers the bots' questions."""

    def __init__(self, game: RaceGame, geometry: RaceGeometry, physics: CardPhysics,
                 humans: Sequence[int], guesser: SeatGuesser, everyone: SeatGuesser,
                 loop: BotLoop) -> None:
        self.game = game
        self.loop = loop  # each bot's level: how fast its hand goes
        loop.carry = self.carry_cm
        self.geometry = geometry
        self.physics = physics
        self.humans = humans
        self.guesser = guesser  # the children's seats, with their reach
        self.everyone = everyone  # every seat, bots' too
        self.targets: dict[int, Point] = {}

    def pick(self, seat: int, card: int) -> Point:
        """`seat`'s bot takes `card` toward its zone; where the card was."""
        x, y = chipmunk.position(self.physics.bodies[card])
        self.physics.raise_card(card)
        self.physics.grab(bot_finger(seat), card, x, y)
        self.targets[seat] = self.geometry.seats[seat].pile  # onto its train
        return x, y

    def carry_cm(self, seat: int, card: int) -> float:
        """How far `seat`'s bot carries `card` to its pile: the bot waits until it is there."""
        at = chipmunk.position(self.physics.bodies[card])
        return math.dist(at, self.geometry.seats[seat].pile) / self.geometry.px_per_cm

    def let_go(self, seat: int) -> None:
        """`seat`'s bot stacked or puts back its card: the hand goes away."""
        self.targets.pop(seat, None)

    def put_back_spot(self, card: int) -> Point:
        """A card a child can use goes back on that child's side, never out of reach; and
        never onto another card, which it would hide (issue 18)."""
        x, y = chipmunk.position(self.physics.bodies[card])
        for seat in self.humans:
            if self.game.fits(seat, card):
                ax, ay = self.geometry.seats[seat].anchor
                cx, cy = self.geometry.free.center
                x, y = ax + (cx - ax) * 0.35, ay + (cy - ay) * 0.35
                break
        return self.physics.clear_spot(card, x, y, self.geometry.free, self.geometry.card_w * 0.3)

    def move(self, dt: float) -> None:
        """Bots' held cards travel to their targets at a hand's speed."""
        for seat, (tx, ty) in self.targets.items():
            finger = bot_finger(seat)
            card = self.physics.holding(finger)
            if card is None:
                continue
            x, y = chipmunk.position(self.physics.bodies[card])
            dx, dy = tx - x, ty - y
            distance = math.hypot(dx, dy)
            if distance > 1:
                speed = self.loop.bots[seat].level.hand_cm_s * self.geometry.px_per_cm
                reach = min(distance, speed * dt)
                self.physics.drag(finger, x + dx / distance * reach, y + dy / distance * reach)

    def near(self, seat: int) -> int:
        """The cards on `seat`'s side of the table, as a mask (a bot searches there first)."""
        mask = 0
        for card, body in self.physics.bodies.items():
            if self.everyone.nearest(*chipmunk.position(body)) == seat:
                mask |= 1 << card
        return mask

    def out_of_reach(self, loose: Callable[[], int]) -> int:
        """Cards a child needs but cannot reach from their seat, as a mask (bots fetch them)
        among the `loose` ones."""
        mask = 0
        reach, loose_mask = self.guesser.reach * 0.8, loose()
        for card, body in self.physics.bodies.items():
            if loose_mask >> card & 1 and any(
                    self.game.fits(s, card) and
                    self.guesser.distance(s, *chipmunk.position(body)) > reach
                    for s in self.humans):
                mask |= 1 << card
        return mask
