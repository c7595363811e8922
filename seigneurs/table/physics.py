"""Cards as pymunk bodies on felt: dragged by fingers through pivot joints, flung, settling.

One kinematic body and one `PivotJoint` per touch (pymunk's constraints example), so a card
grabbed off-centre swings round and keeps its momentum when let go; the space's damping is the
felt. Cards pass over each other while played (as on a real table) and bump off the table's
edges; the deal (the game's own scatter, R13) lays them apart. Steps are fixed (1/120 s).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass

import pymunk

from seigneurs.rect import Rect
from seigneurs.table import chipmunk

STEP = 1 / 120
REST_SPEED = 1 / 64
"""Pixels a second under which a card let go counts as lying still (with REST_SPIN): the felt
would slide it under 1/200 px farther. The drawing stops asking where it is (`astir`), and
after SLEEP_S pymunk puts it to sleep (not stepped until a finger, a send or a joint wakes it)."""
SLEEP_S = 0.05
"""Seconds a card lies still (its energy as if it moved under REST_SPEED) before it sleeps."""
REST_SPIN = 1 / 4096
"""Radians a second under which a card let go counts as no longer turning (under 1/200 of a
degree more)."""
SPIN_GRIP = 80.0
"""How fast a fingertip pressing a card stops it spinning under it, per second: its free spin
falls to 1/e in 1/80 s (a torque of the card's moment times 80 per radian a second). The
card still turns to trail a finger that pulls it off-centre; without this grip a card
stopped dead after a fast drag turned its momentum into a spin of hundreds of turns a
second and whirled off its finger, farther at some frame rates than at others."""
_CARD = 0b01
_WALL = 0b10
_CARDS_ONLY = pymunk.ShapeFilter(mask=_CARD)


@dataclass(slots=True)
class _Grip:
    finger: pymunk.Body
    joint: pymunk.PivotJoint
    spin: pymunk.DampedRotarySpring
    card: int


class CardPhysics:
    """The cards' bodies; ids are the game's card ids."""

    def __init__(self, bounds: Rect, card_w: float, card_h: float) -> None:
        self.space = pymunk.Space()
        self.space.damping = 0.04  # felt: a flung card keeps 4% of its speed after a second
        self.space.idle_speed_threshold = REST_SPEED
        self.space.sleep_time_threshold = SLEEP_S
        self.card_w, self.card_h = card_w, card_h
        self.bodies: dict[int, pymunk.Body] = {}
        """By card, in the hit-test order: the card added or raised last is on top."""
        self._card_of: dict[int, int] = {}  # id(body) -> its card, for hit-tests
        self._astir: set[int] = set()
        self._grips: dict[int, _Grip] = {}
        self._homing: dict[int, tuple[float, float]] = {}
        self._spare = 0.0
        self._walls = self._box(bounds, _WALL, _CARD)

    def _box(self, rect: Rect, category: int, mask: int) -> list[pymunk.Segment]:
        corners = [(rect.x, rect.y), (rect.x + rect.w, rect.y), (rect.x + rect.w, rect.y + rect.h),
                   (rect.x, rect.y + rect.h)]
        walls = []
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            wall = pymunk.Segment(self.space.static_body, a, b, 4)
            wall.filter = pymunk.ShapeFilter(categories=category, mask=mask)
            wall.elasticity = 0.3
            walls.append(wall)
        self.space.add(*walls)
        return walls

    def add(self, card: int, x: float, y: float, angle: float = 0.0) -> None:
        """Put a card on the table at (x, y), turned `angle` radians counter-clockwise."""
        mass = 1.0
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, (self.card_w, self.card_h)))
        body.position = (x, y)
        body.angle = angle
        shape = pymunk.Poly.create_box(body, (self.card_w, self.card_h))
        shape.filter = pymunk.ShapeFilter(categories=_CARD, mask=_WALL)
        shape.elasticity = 0.3
        self.space.add(body, shape)
        self.bodies[card] = body
        self._card_of[id(body)] = card
        self._astir.add(card)

    def remove(self, card: int) -> None:
        """Take a card off the table (it went onto a train or into a row)."""
        for touch in [t for t, grip in self._grips.items() if grip.card == card]:
            self.release(touch)
        body = self.bodies.pop(card, None)
        self._homing.pop(card, None)
        self._astir.discard(card)
        if body is not None:
            del self._card_of[id(body)]
            self.space.remove(body, *body.shapes)

    @property
    def astir(self) -> Set[int]:
        """The cards that may have moved since the last step: held, sliding somewhere, or
        let go and not yet still (REST_SPEED, REST_SPIN); any other card lies where it lay
        (within 1/200 px), so the drawing need not ask where it is."""
        return self._astir

    def poses(self, cards: Iterable[int]) -> Iterator[tuple[int, float, float, float]]:
        """Each of `cards`' (card, x, y, angle in radians); cards off the table are left out."""
        bodies, pose = self.bodies, chipmunk.pose
        for card in cards:
            body = bodies.get(card)
            if body is not None:
                yield card, *pose(body)

    def grab(self, touch: int, card: int, x: float, y: float) -> None:
        """Finger `touch` takes hold of `card` at (x, y), wherever on the card that is.

        One finger per card: another finger holding it lets go (a second finger of the same
        player takes over its card).
        """
        self.release(touch)
        for other in [t for t, grip in self._grips.items() if grip.card == card]:
            self.release(other)
        body = self.bodies[card]
        self._homing.pop(card, None)
        self._astir.add(card)
        finger = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        finger.position = (x, y)
        joint = pymunk.PivotJoint(finger, body, (0, 0), body.world_to_local((x, y)))
        joint.max_force = 4e7  # strong enough to follow a fast finger within a frame
        joint.error_bias = 0.15 ** 60  # close 85% of the gap each 1/60 s
        spin = pymunk.DampedRotarySpring(finger, body, 0.0, 0.0, body.moment * SPIN_GRIP)
        self.space.add(finger, joint, spin)
        self._grips[touch] = _Grip(finger, joint, spin, card)

    def drag(self, touch: int, x: float, y: float) -> None:
        """Move finger `touch` to (x, y); its card follows at the next step."""
        grip = self._grips.get(touch)
        if grip is not None:
            chipmunk.set_position(grip.finger, x, y)

    def release(self, touch: int) -> int | None:
        """Let go; the card keeps its momentum and slides to rest. Returns the card."""
        grip = self._grips.pop(touch, None)
        if grip is None:
            return None
        self.space.remove(grip.joint, grip.spin, grip.finger)
        return grip.card

    def holding(self, touch: int) -> int | None:
        """The card finger `touch` holds, if any."""
        grip = self._grips.get(touch)
        return grip.card if grip else None

    def resting(self, card: int) -> bool:
        """Whether a card lies still where it is: no finger holds it, it slides nowhere."""
        return card not in self._homing and all(g.card != card for g in self._grips.values())

    def settles_at(self, card: int) -> tuple[float, float]:
        """Where a card comes to rest: where it slides to, else where it lies (the same at
        any frame rate, unlike where it is mid-slide)."""
        body = self.bodies[card]
        return self._homing.get(card, chipmunk.position(body))

    def send(self, card: int, x: float, y: float) -> None:
        """Slide a card by itself to (x, y) (a refused card going back, a bot's move)."""
        self._homing[card] = (x, y)
        self._astir.add(card)

    def card_at(self, x: float, y: float, among: int | None = None) -> int | None:
        """The topmost card under (x, y) (of those in the mask `among`, bit k: card k; a
        hit-test asks about the card or two under a finger, so no set of every loose card is
        built): the one added or moved last wins."""
        cards = set()
        for hit in self.space.point_query((x, y), 0, _CARDS_ONLY):
            card = self._card_of.get(id(hit.shape.body)) if hit.shape else None
            if card is not None and (among is None or among >> card & 1):
                cards.add(card)
        if len(cards) < 2:  # a touch-down asks: one card under a finger, mostly
            return next(iter(cards), None)
        return next(card for card in reversed(self.bodies) if card in cards)

    def clear_spot(self, card: int, x: float, y: float, area: Rect,
                   margin: float = 0.0) -> tuple[float, float]:
        """The nearest point to (x, y) inside `area` (`margin` in) where `card`, as it is
        turned now, would lie on no other card, at rest or on its way somewhere; (x, y)
        clamped if the table has no such room (issue 18: a card put back hides nothing)."""
        probe = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        probe.angle = chipmunk.angle(self.bodies[card])
        shape = pymunk.Poly.create_box(probe, (self.card_w, self.card_h))
        shape.filter = pymunk.ShapeFilter(categories=_CARD | _WALL, mask=_CARD)  # cards see it
        others = {id(b) for c, b in self.bodies.items() if c != card}
        heading = [target for c, target in self._homing.items() if c != card]
        apart = math.hypot(self.card_w, self.card_h)
        step = self.card_w * 0.5
        for ring in range(40):
            for k in range(max(1, ring * 6)):
                turn = 2 * math.pi * k / max(1, ring * 6)
                px, py = area.clamp(x + ring * step * math.cos(turn),
                                    y + ring * step * math.sin(turn), margin)
                probe.position = (px, py)
                shape.cache_bb()
                if any(math.dist((px, py), t) < apart for t in heading):
                    continue
                if not any(id(hit.shape.body) in others for hit in self.space.shape_query(shape)
                           if hit.shape is not None):
                    return px, py
        return area.clamp(x, y, margin)

    def raise_card(self, card: int) -> None:
        """Bring a card to the top of the hit-test order (it is drawn on top too)."""
        body = self.bodies.pop(card)
        self.bodies[card] = body

    def step(self, dt: float) -> int:
        """Advance by `dt` seconds in fixed steps; returns the number of steps taken."""
        self._spare += min(dt, 0.1)
        steps = 0
        while self._spare >= STEP:
            for card, (tx, ty) in list(self._homing.items()):
                body = self.bodies[card]
                px, py = chipmunk.position(body)
                dx, dy = tx - px, ty - py
                if dx * dx + dy * dy < 1.0:
                    del self._homing[card]
                    chipmunk.set_velocity(body, 0.0, 0.0)
                else:
                    chipmunk.set_velocity(body, dx * 12, dy * 12)
            self.space.step(STEP)
            self._spare -= STEP
            steps += 1
        if steps:
            self._still()
        return steps

    def _still(self) -> None:
        """Let the cards no finger holds that have come (nearly) to rest,
        or sleep (frozen with what little speed they had), out of `astir`."""
        held = {grip.card for grip in self._grips.values()}
        bodies, resting = self.bodies, chipmunk.resting
        for card in [c for c in self._astir if c not in held]:  # sent: faster than 12 px/s
            if resting(bodies[card], REST_SPEED, REST_SPIN):
                self._astir.discard(card)
