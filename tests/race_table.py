"""A race or Duo table driven directly, without a window: sessions from the factory, fingers by
number, carries set up by hand, and the scenes the table's tests share."""

from __future__ import annotations

import math

from seigneurs.game import GameConfig, Pick, RemoveLocomotive, TurnLocomotive, Whistle, new_game
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.rules import WagonType
from seigneurs.table.attribution.hands import Carry
from seigneurs.table.controller import RaceController
from seigneurs.table.kinds import open_session
from seigneurs.table.layout import TableLayout, duo_places
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
