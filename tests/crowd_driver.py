"""The crowd's children moved by hand: a table of six whose fingers go only where a test sends
them, through the real path (scripted touches -> production filters -> controller)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace

from seigneurs.game import GameConfig, Phase
from seigneurs.input.events import Contact, TouchPhase
from seigneurs.table import events
from seigneurs.table.controller import RaceController
from seigneurs.tools.crowd import Child, Crowd, CrowdSettings
from seigneurs.tools.crowd_scorer import Score


def step_until(crowd: Crowd, done: Callable[[Crowd], bool], limit_s: float = 1800.0) -> None:
    """Let the crowd play until `done`, failing (never hanging) if half an hour of its time goes
    by first: a broken rule that stops a game from starting or ending fails here."""
    until = crowd.now + limit_s
    while not done(crowd):
        assert crowd.now < until, f"not done after {limit_s:.0f} s of the crowd's time"
        crowd.step()


def table(variant: str = "lords", **settings: object) -> Crowd:
    """Six children at a `variant` table, nobody acting on their own, 6 s into play (past the
    rush); the test moves their hands."""
    crowd = Crowd(GameConfig.for_players(variant, 6, 3),
                  CrowdSettings(adult=False, ghosts=False, **settings),  # type: ignore[arg-type]
                  random.Random(3), Score())
    crowd.people = []
    step_until(crowd, lambda c: c.game.phase is Phase.PLAYING and c.now - c.playing_since >= 6)
    for someone in crowd.children:  # their hands move, but only where the test sends them
        someone.next_at = math.inf
        someone.age = replace(someone.age, lost_lift=0.0)  # and never slip
    crowd.people = list(crowd.children)
    return crowd


def frames(crowd: Crowd, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        crowd.step()


def control(crowd: Crowd) -> RaceController:
    assert isinstance(crowd.control, RaceController)
    return crowd.control


def cards_near(crowd: Crowd, seat: int, taken: set[int] = frozenset()) -> list[int]:  # type: ignore[assignment]
    """Loose cards by distance from `seat`'s zone."""
    ctrl = control(crowd)
    anchor = crowd.race.anchors[seat]
    return sorted((c for c in ctrl.physics.bodies if ctrl.loose(c) and c not in taken),
                  key=lambda c: math.dist(ctrl.physics.bodies[c].position, anchor))


def where(crowd: Crowd, card: int) -> tuple[float, float]:
    x, y = control(crowd).physics.bodies[card].position
    return x, y


def child(crowd: Crowd, seat: int) -> Child:
    return next(c for c in crowd.children if c.seat == seat)


def ghosts_on_every_seat(crowd: Crowd) -> set[int]:
    """A ghost contact lies on the card nearest each seat: every seat now carries a card."""
    held: set[int] = set()
    for seat in range(6):
        card = cards_near(crowd, seat, held)[0]
        held.add(card)
        finger = crowd._finger(None)
        crowd._event(finger, TouchPhase.DOWN, *where(crowd, card))
    frames(crowd, 0.1)
    return held


def beside(crowd: Crowd, gap_cm: float = 2.8) -> tuple[tuple[float, float], tuple[float, float]]:
    """Two points on two different loose cards, `gap_cm` or less apart (cards overlap)."""
    ctrl = control(crowd)
    step = crowd.px_per_cm * 0.25
    bodies = ctrl.physics.bodies
    for a in cards_near(crowd, 0):
        for b in cards_near(crowd, 0):
            ax, ay = bodies[a].position
            bx, by = bodies[b].position
            apart = math.dist((ax, ay), (bx, by))
            if a == b or apart > crowd.race.card_w * 3:
                continue
            points = [(ax + (bx - ax) * k * step / apart, ay + (by - ay) * k * step / apart)
                      for k in range(int(apart / step) + 1)]
            on_a = [p for p in points if ctrl.card_under(*p) == a]
            on_b = [p for p in points if ctrl.card_under(*p) == b]
            if on_a and on_b and math.dist(on_a[-1], on_b[0]) <= gap_cm * crowd.px_per_cm:
                return on_a[-1], on_b[0]
    raise AssertionError("no two cards lie that close")


def happened(crowd: object) -> list[events.Event]:
    """Every event the table emits from now on (the crowd still scores them)."""
    seen: list[events.Event] = []
    judge = crowd.judge  # type: ignore[attr-defined]

    def spy(batch: list[events.Event]) -> None:
        seen.extend(batch)
        judge(batch)
    crowd.judge = spy  # type: ignore[attr-defined]
    return seen


def land(crowd: Crowd, who: Child, card: int, intent: int | None, user: int | None = None,
         contact: Contact | None = None) -> int:
    """A finger of `who` lands on `card` now (meaning to drop it for `intent`); no frame yet."""
    finger = crowd._finger(who)
    crowd.main.add(finger)
    crowd.intent[finger] = intent
    crowd._event(finger, TouchPhase.DOWN, *where(crowd, card), contact, user)
    return finger


def finger_down(crowd: Crowd, who: Child, card: int, intent: int | None,
                user: int | None = None, contact: Contact | None = None) -> int:
    """A finger of `who` lands on `card` (meaning to drop it for `intent`), a tenth of a
    second ago."""
    finger = land(crowd, who, card, intent, user, contact)
    frames(crowd, 0.1)
    return finger


def carry(crowd: Crowd, who: Child, card: int, zone: int | None, user: int | None = None,
          fling: bool = False, hold: float = 0.0) -> int:
    """A finger of `who` takes `card` (with user id `user`) and carries it onto `zone`'s
    middle (placed, or flicked the last stretch), or holds it still for `hold` seconds."""
    finger = finger_down(crowd, who, card, zone, user)
    start = where(crowd, card)
    if zone is None:
        frames(crowd, hold)
        return finger
    end = crowd.race.anchors[zone]
    path = crowd.path(who, start, end, fling)
    for x, y in path:
        crowd._event(finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    crowd._event(finger, TouchPhase.UP, *end)
    crowd.down.discard(finger)
    frames(crowd, 0.1)
    return finger


def beside_my_zone(crowd: Crowd) -> tuple[int, int]:
    """The card nearest the inside of seat 0's zone (this child's), and the next card nearest
    seat 0 (the one a neighbour takes)."""
    mine = min(cards_near(crowd, 0), key=lambda c: math.dist(where(crowd, c), in_zone(crowd, c)))
    return mine, next(c for c in cards_near(crowd, 0) if c != mine)


def in_zone(crowd: Crowd, card: int) -> tuple[float, float]:
    """The point well inside seat 0's zone nearest `card`."""
    zone = crowd.race.seats[0].place.zone
    x, y = where(crowd, card)
    return (min(max(x, zone.x + 10), zone.x + zone.w - 10),
            min(max(y, zone.y + 10), zone.y + zone.h - 10))


def put_on_my_zone(crowd: Crowd, me: Child, finger: int, card: int) -> None:
    """`finger` drags `card` onto seat 0's zone and lifts there."""
    for x, y in crowd.path(me, where(crowd, card), in_zone(crowd, card), False):
        crowd._event(finger, TouchPhase.MOVE, x, y)
        frames(crowd, 1 / 60)
    crowd._event(finger, TouchPhase.UP, *in_zone(crowd, card))
    crowd.down.discard(finger)
    frames(crowd, 0.1)
