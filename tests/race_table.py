"""A race or Duo table driven directly, without a window: sessions from the factory, fingers by
number, carries set up by hand, and the scenes the table's tests share."""

from __future__ import annotations

import math

from helpers import pick, started_race

from seigneurs.game import (
    GameConfig,
    Pick,
    RemoveLocomotive,
    Stack,
    TurnLocomotive,
    Whistle,
    new_game,
)
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import WagonType
from seigneurs.table import events
from seigneurs.table.attribution.hands import Carry, Hands
from seigneurs.table.controller import RaceController
from seigneurs.table.geometry import Point
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import Place, TableLayout, duo_places
from seigneurs.table.session import DuoSession, RaceSession, Seating

FINGER, NEW_FINGER, DROPPING = 11, 12, 13


LAYOUT = TableLayout.build(1280, 720)


def held(control: RaceController, seat: int, decided: bool, finger: int = FINGER,
         at: tuple[float, float] | None = None, moved_at: float = 10.0, card: int = 0,
         **kw: object) -> Carry:
    """A finger holding `card` for `seat` by its centre, moved last at `moved_at` to `at` (the
    finger's events say where a carried card is; the body goes there too), in the seat's
    search hand if the game lets it have the card (R9)."""
    body = control.physics.bodies[card]
    home = (body.position.x, body.position.y)
    carry = Carry(card, seat, decided, home, moved_at, **kw)  # type: ignore[arg-type]
    carry.held = control.game.apply(Pick(seat, moved_at, card)).ok
    control.hands.carries[finger] = carry
    if at is not None:
        carry.trail.append((moved_at, *at))
        body.position = at
    return carry


def toward(start: tuple[float, float], end: tuple[float, float],
           distance: float) -> tuple[float, float]:
    """The point `distance` from `start` straight toward `end`."""
    d = math.dist(start, end)
    return (start[0] + (end[0] - start[0]) * distance / d,
            start[1] + (end[1] - start[1]) * distance / d)


def controller(players: int, bots: int, seed: int, users: bool) -> RaceController:
    """A Kids table from the session factory, the children's locomotives already turned."""
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(players))
    levels = tuple(None if s < players - bots else BOT_LEVELS["expert"] for s in range(players))
    session = open_session(LAYOUT, Seating(places, levels, {u: u for u in range(players)}
                                           if users else {}),
                           GameConfig.for_players("kids", players, seed))
    assert isinstance(session, RaceSession)
    for seat in range(players - bots):
        session.game.apply(TurnLocomotive(seat, 0.0))
    return session.control


def playing_duo() -> DuoSession:
    game = new_game(GameConfig.for_players("duo", 2, seed=3))
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    assert game.apply(Whistle(0, 0.5)).ok
    session = open_session(LAYOUT, Seating(duo_places(LAYOUT), (None, None)), game=game)
    assert isinstance(session, DuoSession)
    return session


def kids(variant: str = "lords") -> RaceController:
    """Three children at a lords table (or `variant`'s) in play; the touch source's user ids
    0, 1 and 2 name seats 0, 1 and 2 (a touch without one is guessed)."""
    layout = TableLayout.build(1920, 1080)
    places = tuple(layout.places[i] for i in layout.spread(3))
    session = open_session(layout, Seating(places, (None, None, None), {0: 0, 1: 1, 2: 2}),
                           GameConfig.for_players(variant, 3, 5))
    assert isinstance(session.control, RaceController)
    assert session.game.apply(Whistle(0, 0.0)).ok
    return session.control


def cards_nearest(control: RaceController, seat: int) -> list[int]:
    """The loose cards whose nearest seat is `seat`, nearest first."""
    guesser, bodies = control.guesser, control.physics.bodies
    return sorted((c for c in bodies if guesser.nearest(*bodies[c].position) == seat),
                  key=lambda c: guesser.distance(seat, *bodies[c].position))


def spot(control: RaceController, card: int) -> Point:
    """Where `card` lies."""
    x, y = control.physics.bodies[card].position
    return x, y


STRAIGHT_START, STRAIGHT_END = (0.0, 0.0), (60.0, 80.0)
"""A carry of 100: from 87 to 17 of (60, 63) (heading exactly 0.7 = HEADING); (-100, 0) it
leaves behind."""


def landed(hands: Hands, *tips: tuple[int, float, float, float]) -> None:
    """Fingertips (touch, x, y, time) land on the glass, in that order."""
    for finger, x, y, t in tips:
        hands.track(TouchEvent(finger, TouchPhase.DOWN, 0.0, 0.0, t), x, y, t)


def moved(hands: Hands, touch: int, x: float, y: float, t: float) -> None:
    hands.track(TouchEvent(touch, TouchPhase.MOVE, 0, 0, t), x, y, t)


def assisted_duo(layout: TableLayout = LAYOUT) -> DuoSession:
    """A Duo of two children in assisted play (D8: a card is laid only where it fits), on a
    table of `layout`."""
    game = new_game(GameConfig.for_players("duo", 2, seed=3, assisted=True))
    assert game.apply(RemoveLocomotive(0, 0.0, WagonType.COAL)).ok
    assert game.apply(Whistle(0, 0.5)).ok
    session = open_session(layout, Seating(duo_places(layout), (None, None)), game=game)
    assert isinstance(session, DuoSession)
    return session


def pulled_toward(control: RaceController, card: int, seat: int) -> list[events.Event]:
    """FINGER takes `card` and carries it 70 % of the way to `seat`'s anchor in 14 moves
    (30 a second); what the view was told meanwhile."""
    start = tuple(control.physics.bodies[card].position)
    anchor = control.geometry.anchors[seat]
    w, h = control.geometry.width, control.geometry.height
    control.drain()
    control.touches([TouchEvent(FINGER, TouchPhase.DOWN, start[0] / w, start[1] / h, 10.0)], w, h)
    for step in range(1, 15):
        x, y = toward(start, anchor, math.dist(start, anchor) * 0.05 * step)
        control.touches([TouchEvent(FINGER, TouchPhase.MOVE, x / w, y / h, 10.0 + step / 30)],
                        w, h)
    return control.drain()


def training_table(wagons: int) -> RaceSession:
    """A Training race of two children in play, seat 0's train `wagons` long."""
    game = started_race("training", 2, seed=2)
    for t in range(wagons):
        pick(game, 0, fits=True, t=float(t))
        assert game.apply(Stack(0, t + 0.5)).ok
    places = tuple(LAYOUT.places[i] for i in LAYOUT.spread(2))
    session = open_session(LAYOUT, Seating(places, (None, None)), game=game)
    assert isinstance(session, RaceSession)
    session.drain()
    return session


def across(place: Place, point: tuple[float, float]) -> float:
    """How far `point` lies to the right of the zone's middle, as its player sees it."""
    a = math.radians(place.angle)
    cx, cy = place.zone.center
    return (point[0] - cx) * math.cos(a) + (point[1] - cy) * math.sin(a)
