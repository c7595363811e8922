"""One finger through the production path, counted file by file (issue 49): a TUIO 2 finger
goes down on a card, moves six times toward its child's zone and lifts there, sent as real UDP
bundles on loopback to the real TUIO source behind the production filters, read into a real
session (controller, attribution, game, physics) and drained as the view drains it.

Each frame's steps, as the window makes them one after another (read the sources through
their filters, hand the touches to the session, step it, drain its events), run under
`sys.setprofile`; the Python calls each step makes into the package's own files are walked in
order. A call from one file into another crosses into it; a crossing into a file the step
already left (entered before, and not the one calling) is a return to a file already left:
the path bending back, a callback or a second pass over a stage. Counted by file, not by
name, so the count holds however the stages are cut into modules.
"""

from __future__ import annotations

import math
import select
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import seigneurs
from seigneurs.game import GameConfig
from seigneurs.input.setup import InputSettings, tuio_pipeline
from seigneurs.table.controller import COUNTDOWN, RaceController
from seigneurs.table.events import Event
from seigneurs.table.kinds import open_session, table_kind
from seigneurs.table.layout import TableLayout
from seigneurs.table.session import RaceSession, Seating
from seigneurs.tools.tuio_send import Pointer, Tuio2Server

PACKAGE = Path(seigneurs.__file__).resolve().parent
SIZE = (1920, 1080)
FRAME = 1 / 60
MOVES = 6
WAIT_S = 1.0
"""Seconds to wait for a frame's bundle to reach the socket (loopback takes microseconds)."""
WALL = 1.8e9
"""Unix seconds of the first frame's time tag."""


@dataclass(frozen=True, slots=True)
class FrameCount:
    """What one frame crossed: `calls` into the package's files, the distinct `files`
    entered, the `returns` to a file already left, and the files in the order entered."""

    phase: str
    calls: int
    files: int
    returns: int
    path: tuple[str, ...]
    shown: tuple[str, ...] = ()
    """The events the frame drained for the view, by kind."""

    def to_json(self) -> dict[str, Any]:
        return {"phase": self.phase, "calls": self.calls, "files": self.files,
                "returns": self.returns, "path": list(self.path), "shown": list(self.shown)}


class FileWalk:
    """The package's files one frame's calls go through (a `sys.setprofile` hook)."""

    def __init__(self, root: Path = PACKAGE) -> None:
        self.root = str(root)
        self.own = str(Path(__file__).resolve())  # the trace's clock and hooks are no stage
        self.names: dict[str, str | None] = {}  # code file -> its name in the package, or None
        self.stack: list[str | None] = []
        self.calls = 0
        self.entered: list[str] = []
        self.crossed: list[str] = []  # every file entered, over the frame's steps
        self.returns = 0
        self.crossings: list[tuple[str | None, str]] = []

    def _name(self, filename: str) -> str | None:
        name = self.names.get(filename, "")
        if name == "":
            path = str(Path(filename).resolve())
            name = self.names[filename] = path[len(self.root) + 1:] \
                if path.startswith(self.root + "/") and path != self.own else None
        return name

    def __call__(self, frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            name = self._name(frame.f_code.co_filename)
            if not any(self.stack):  # one of the frame's steps begins: a path of its own
                self.entered.clear()
            here = next((f for f in reversed(self.stack) if f is not None), None)
            self.stack.append(name)
            if name is None:
                return
            self.calls += 1
            if name != here:
                self.crossings.append((here, name))
                if name not in self.entered:
                    self.entered.append(name)
                    if name not in self.crossed:
                        self.crossed.append(name)
                else:
                    self.returns += 1
        elif event == "return" and self.stack:
            self.stack.pop()


@contextmanager
def walked(walk: FileWalk) -> Iterator[FileWalk]:
    """Profile the block into `walk` (Python calls only: C calls are no file's)."""
    previous = sys.getprofile()
    sys.setprofile(walk)
    try:
        yield walk
    finally:
        sys.setprofile(previous)


def _card_and_zone(session: RaceSession) -> tuple[tuple[float, float], tuple[float, float]]:
    """A loose card seat 0's child would take (the nearest their zone but off it), and the
    middle of that zone, in pixels."""
    control = session.control
    anchor = session.geometry.anchors[0]
    zone = session.geometry.seats[0].place.zone
    spots = {c: control.physics.bodies[c].position for c in sorted(control.physics.bodies)
             if control.loose(c)}
    off_zone = [c for c, p in spots.items() if session.geometry.zone_at(p.x, p.y) is None]
    card = min(off_zone, key=lambda c: math.dist(spots[c], anchor))
    return (spots[card].x, spots[card].y), zone.center


def trace(variant: str = "kings", seed: int = 1) -> list[FrameCount]:
    """One finger down on a card, MOVES moves to seat 0's zone and a lift there, each frame
    counted (`FrameCount`); the game is the `variant` with two children, started first."""
    clock = [0.0]
    pipeline = tuio_pipeline(InputSettings(kinds=("tuio",), tuio_port=0), lambda: clock[0])
    tuio: Any = pipeline.source
    host, port = tuio.address
    sender = Tuio2Server(host, port, source="trace@127.0.0.1", dim=SIZE,
                         wall=lambda: WALL + clock[0])
    try:
        layout = TableLayout.build(*SIZE)
        config = GameConfig.for_players(variant, 2, seed)
        places = tuple(place for _colour, place in table_kind(config.spec).spread(layout, 2))
        session = open_session(layout, Seating(places, (None, None)), config)
        assert isinstance(session, RaceSession) and isinstance(session.control, RaceController)
        _start(session)
        (x0, y0), (x1, y1) = _card_and_zone(session)
        w, h = layout.width, layout.height
        path = [(x0 + (x1 - x0) * k / MOVES, y0 + (y1 - y0) * k / MOVES)
                for k in range(MOVES + 1)]
        counts = []
        for k, (x, y) in enumerate(path):
            phase = "down" if k == 0 else "move"
            counts.append(_frame(session, pipeline, tuio, sender, clock, phase,
                                 {1: Pointer(x / w, 1.0 - y / h, 0, 1)}))
        counts.append(_frame(session, pipeline, tuio, sender, clock, "up", {}))
        return counts
    finally:
        sender.out.close()
        tuio.close()


def _start(session: RaceSession) -> None:
    """Blow the whistle or turn every locomotive, so the game is in play."""
    from seigneurs.game import TurnLocomotive

    for seat in session.humans:
        session.game.apply(TurnLocomotive(seat, 0.0))
    session.tick(COUNTDOWN)
    session.drain()


def _frame(session: RaceSession, pipeline: Any, tuio: Any, sender: Tuio2Server,
           clock: list[float], phase: str, pointers: dict[int, Pointer]) -> FrameCount:
    """Send one tracker frame, wait for it at the socket, then count one table frame."""
    clock[0] += FRAME
    sender.frame(pointers, clock[0])
    select.select([tuio.socket], [], [], WAIT_S)
    walk = FileWalk()
    happened: list[Event] = []
    with walked(walk):
        touches = pipeline.poll()
        session.touches(touches)
        session.tick(FRAME)
        happened = session.drain()  # the view draws these: nothing goes back into the table
    return FrameCount(phase, walk.calls, len(walk.crossed), walk.returns, tuple(walk.crossed),
                      tuple(type(e).__name__ for e in happened))


def table(counts: list[FrameCount], write: Callable[[str], object] = print) -> None:
    """The counts as a table, a frame a line."""
    write(f"{'frame':<6} {'calls':>6} {'files':>6} {'returns':>8}  shown; files crossed")
    for k, c in enumerate(counts):
        write(f"{k}:{c.phase:<4} {c.calls:>6} {c.files:>6} {c.returns:>8}  "
              f"{' '.join(c.shown) or '-'}; {' '.join(c.path)}")
