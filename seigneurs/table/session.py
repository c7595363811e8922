"""A game in play: the game, its geometry, its controller (bots, clock, physics) and its
events, made in one place, so views only draw a session and forward its touches.

`table.kinds.open_session` is the one factory (a new deal from a configuration, or a game
replayed from a journal or an event log); it finds each kind's opener here. The table, the
crowd, the bench and the tests all make their games there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Protocol

from seigneurs.game import DuoGame, RaceGame
from seigneurs.game.bots import BotLevel
from seigneurs.game.duo import ROWS
from seigneurs.game.engine import Phase
from seigneurs.input.events import TouchEvent
from seigneurs.table import chipmunk
from seigneurs.table.controller import DuoController, RaceController
from seigneurs.table.events import Event
from seigneurs.table.geometry import DuoGeometry, Point, RaceGeometry
from seigneurs.table.layout import Place, TableLayout
from seigneurs.table.physics import CardPhysics


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: each seat's place, its bot level (None: a child), and the touch
    source's user ids mapped to seats (empty: seats are guessed)."""

    places: tuple[Place, ...]
    bots: tuple[BotLevel | None, ...]
    users: Mapping[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "users", MappingProxyType(dict(self.users)))  # a value: fixed

    @property
    def bot_levels(self) -> dict[int, BotLevel]:
        return {seat: level for seat, level in enumerate(self.bots) if level is not None}


class Watcher(Protocol):
    """Sees what a session reads and reports, as the view draws it (the crowd scores a game
    in the real window by this)."""

    def read(self, frame: Sequence[TouchEvent]) -> None: ...

    def reported(self, happened: Sequence[Event]) -> None: ...


class _Play:
    """What both kinds of session share: the controller's clock, touches, ticks and events."""

    control: RaceController | DuoController
    watcher: Watcher | None = None

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height

    @property
    def physics(self) -> CardPhysics:
        return self.control.physics

    @property
    def clock(self) -> float:
        return self.control.play.clock

    @property
    def humans(self) -> list[int]:
        """The seats children play (the others are bots')."""
        return self.control.play.humans

    @property
    def counting_down(self) -> bool:
        """Whether lamps count down to the whistle (R14, R28)."""
        return self.control.play.start_at is not None

    @property
    def finished(self) -> bool:
        """Whether the game ended long enough ago to show the results."""
        return self.control.finished

    def touches(self, events: Sequence[TouchEvent]) -> None:
        """A frame's touch events, oldest first, in display fractions, as the input's filter
        chain passed them (palms and sleeves already dropped), to the controller."""
        if self.watcher is not None:
            self.watcher.read(events)
        self.control.touches(events, self.width, self.height)

    def tick(self, dt: float) -> None:
        """Advance the table: the whistle when due, the bots, the physics."""
        self.control.tick(dt)

    def drain(self) -> list[Event]:
        """What happened since the last call, oldest first, for the view to draw."""
        happened = self.control.drain()
        if self.watcher is not None:
            self.watcher.reported(happened)
        return happened


class RaceSession(_Play):
    """Training, Seigneurs, Kids, Rois in play; knows which child has been still how long."""

    control: RaceController

    def __init__(self, game: RaceGame, geometry: RaceGeometry, control: RaceController) -> None:
        super().__init__(geometry.width, geometry.height)
        self.game, self.geometry, self.control = game, geometry, control
        self.still = {seat: control.play.clock for seat in control.play.humans}
        """When each child last did something (besides touching down, which the controller's
        attribution keeps): a fitting card glows for one still too long."""

    def drain(self) -> list[Event]:
        events = super().drain()
        for event in events:
            seat = getattr(event, "seat", None)  # a child's: `still` holds no bot's seat
            if seat in self.still:
                self.still[seat] = self.clock  # the frame's time: it only times a glow drawn
        return events

    def fitting_cards(self, wait: float) -> dict[int, tuple[Point, float]]:
        """For each child in assisted mode still for `wait` seconds with an empty hand: the
        loose face-up card that fits their train, nearest to them, with where it lies and
        since when it glows (none in classic, or with `wait` 0)."""
        game, control = self.game, self.control
        if wait <= 0 or game.phase is not Phase.PLAYING:
            return {}
        glowing = {}
        downs, clock = control.seats.downs, self.clock
        bodies = self.physics.bodies
        shown: list[int] | None = None  # the loose face-up cards, asked once a frame
        at: dict[int, Point] = {}  # where they lie, read from the physics once a frame
        for seat, done in self.still.items():
            since = max(done, downs.get(seat, done))
            if not game.assisted[seat] or clock - since < wait or control.hands.carrying(seat):
                continue
            if shown is None:  # a quiet table asks every frame: 54 cards once, not 54 x 6
                loose = control.loose_mask
                shown = [c for c in bodies if loose >> c & 1 and game.is_face_up(c)]
            fitting = [c for c in shown if game.fits(seat, c)]
            if fitting:
                for c in fitting:
                    if c not in at:
                        at[c] = chipmunk.position(bodies[c])
                card = min(fitting, key=lambda c: control.guesser.distance(seat, *at[c]))
                x, y = at[card]
                glowing[card] = ((x, y), since + wait)
        return glowing


class DuoSession(_Play):
    """Le Duo des Rails in play."""

    control: DuoController

    def __init__(self, game: DuoGame, geometry: DuoGeometry, control: DuoController) -> None:
        super().__init__(geometry.width, geometry.height)
        self.game, self.geometry, self.control = game, geometry, control


Session = RaceSession | DuoSession


def open_race(game: RaceGame, layout: TableLayout, seating: Seating) -> RaceSession:
    """The session of a race game: everyone's zone round one table."""
    race = RaceGeometry.build(layout, seating.places, stop=bool(game.variant.min_wagons_to_stop))
    return RaceSession(game, race, RaceController(game, race, seating.bot_levels,
                                                  seating.users, game.config.seed))


def open_duo(game: DuoGame, layout: TableLayout, seating: Seating) -> DuoSession:
    """The session of a Duo game: two facing places, the rows between them."""
    duo = DuoGeometry(layout.width, layout.height, layout.card_w, layout.card_h,
                      layout.px_per_cm, layout.free, (seating.places[0], seating.places[1]),
                      ROWS)
    return DuoSession(game, duo, DuoController(game, duo, seating.bot_levels, game.config.seed))
