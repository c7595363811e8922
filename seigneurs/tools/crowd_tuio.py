"""The crowd over TUIO into the real window (`seigneurs crowd --over tuio`, issue 16): the same
children and the same scorer, but their fingers go out as TUIO 2.0 bundles over loopback UDP,
framed as the reference server frames them (`tools/tuio_send.py`), into a real `TuioSource`
behind the production filters (`input.setup.tuio_pipeline`, as `play --tuio` reads it), read
by the real `SeigneursWindow` showing the race or duo view of the game, which draws every frame.

What a tracker changes, and the direct path does not show:
- a finger is seen for at least one frame and leaves at the tracker's next frame: a tap that
  went down and up between two frames lasts one frame, and the lift is reported where the
  finger last was, a frame later;
- the contact's shape is what TUIO 2 can say: `ptr` carries one radius (a size, no axes) and a
  signed angle (0 where the tracker measures none); an axis-only reading goes as a `bnd`;
- user ids travel in `tu_id`'s high half, where 0 is nobody: the crowd's child k is user k + 1;
- the tracker sees the fingers it reports: a lift the simulated panel loses, or a ghost it never
  lifts, leaves the tracker's frames like any other (a lost lift is an evdev panel's fault);
- the table numbers touches its own way: the crowd matches each new touch the session reads to
  the finger it sent down there, and scores the session's events by those fingers.

Time is simulated (1/60 s a frame, no sleeping) unless `realtime`: then frames keep the wall
clock's pace and the TUIO source, the filters and the frames' time tags read the real clocks.
"""

from __future__ import annotations

import math
import os
import select
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from seigneurs.game import GameConfig
from seigneurs.input.events import DOWN, UP, TouchEvent
from seigneurs.input.setup import InputSettings, tuio_pipeline
from seigneurs.input.tuio import TuioSource
from seigneurs.table import events
from seigneurs.table.session import Seating, Session
from seigneurs.tools.crowd import FRAME, SIZE
from seigneurs.tools.tuio_send import Pointer, Tuio2Server, user_high

FINGER = 1
"""The `ptr` type id of every contact: a finger (the spec's 1, a right index finger; the
tracker does not tell which), so a `tu_id` read the wrong way round names user 1."""
WALL = 1.8e9
"""Unix seconds of the simulated table's first frame (the frames' time tags)."""
DELIVERY_TIMEOUT = 1.0
"""Seconds to wait for a frame's bundles to reach the socket: loopback takes microseconds."""
SAME_PLACE = 1e-4
"""A touch the table read this close (display fractions) to a finger sent down is that finger."""


def pointer(event: TouchEvent, user: int | None) -> Pointer:
    """The `ptr` a tracker sends for a finger's touch-down (TUIO: y down, angles from x towards
    y in radians, a radius half the contact's length): nothing measured is 0."""
    x, y, contact = event.x, 1.0 - event.y, event.contact
    who = 0 if user is None else user + 1
    if contact is None:
        return Pointer(x, y, who, FINGER)
    radius = contact.major / 2
    if contact.angle is None:
        return Pointer(x, y, who, FINGER, radius=radius)
    turned = math.radians(-contact.angle)
    if contact.signed:
        return Pointer(x, y, who, FINGER, angle=turned % math.tau, radius=radius)
    return Pointer(x, y, who, FINGER, radius=radius,
                   box=(turned % math.pi, contact.major, contact.minor))


class TuioTable:
    """One real window and one TUIO socket for all of a run's games (as a table stays on)."""

    over = "tuio"

    def __init__(self, visible: bool = False, realtime: bool = False,
                 tu_id: Callable[[int, int], int] = user_high,
                 size: tuple[int, int] = SIZE) -> None:
        if not visible:  # before Arcade loads: it picks its context at import
            os.environ.setdefault("ARCADE_HEADLESS", "1")
        from seigneurs.kiosk.config import TableSettings
        from seigneurs.ui.window import SeigneursWindow

        self.visible, self.realtime = visible, realtime
        self.clock = 0.0  # simulated seconds since the table opened
        clock = time.monotonic if realtime else self._now
        self.input = tuio_pipeline(InputSettings(kinds=("tuio",), tuio_port=0), clock)
        assert isinstance(self.input.source, TuioSource)
        self.tuio: TuioSource = self.input.source
        settings = TableSettings(idle_timeout=1e9, attract_after=1e9)  # no lobby, no demo
        self.window = SeigneursWindow(*size, visible=visible, settings=settings, mouse=False)
        self.window.attach([self.input])
        self.layout = self.window.layout
        host, port = self.tuio.address
        self.sender = Tuio2Server(host, port, source="crowd@127.0.0.1", dim=size,
                                  wall=time.time if realtime else lambda: WALL + self.clock,
                                  tu_id=tu_id)
        self.sessions: dict[int, int] = {}  # the crowd's finger -> its TUIO session id
        self.pointers: dict[int, Pointer] = {}  # session id -> the pointer the tracker sees
        self.leaving: list[int] = []  # sessions lifted: gone from the next frame
        self.next_session = 1
        self.waiting: list[tuple[int, float, float]] = []  # fingers sent down, not yet read
        self.fingers: dict[int, int] = {}  # the table's touch id -> the crowd's finger
        self.happened: list[events.Event] = []
        self.arrival = select.poll()  # poll, not select: a long run may hold fds past 1024
        self.arrival.register(self.tuio.socket, select.POLLIN)
        self.unmatched = 0
        self.undelivered = 0
        self.base = 0.0
        self.due = time.monotonic()

    def _now(self) -> float:
        return self.clock

    def open(self, seating: Seating, config: GameConfig) -> Session:
        """Deal as the navigator deals (the view players see), with the crowd's seats."""
        from seigneurs.ui.duo_view import DuoView
        from seigneurs.ui.race_view import RaceView
        from seigneurs.ui.seat import seat_plans

        window = self.window
        plans = seat_plans(self.layout, config.variant, len(seating.places), seating.bots)
        assert tuple(p.place for p in plans) == seating.places, "the crowd sits elsewhere"
        window.user_seats = {user + 1: seat for user, seat in seating.users.items()}
        window.nav.start_game(config, plans)
        view = window.scene
        assert isinstance(view, RaceView | DuoView)
        view.session.watcher = self
        self.base = self.clock  # the game's time 0
        self.sessions.clear()  # the last game's children left the table: gone next frame
        self.pointers.clear()
        self.waiting.clear()
        self.fingers.clear()
        return view.session

    def frame(self, touches: list[TouchEvent], now: float) -> tuple[list[events.Event], float]:
        """The fingers' events as one tracker frame, delivered; then one window frame, drawn."""
        for session in self.leaving:  # lifted last frame: not seen at this scan
            self.pointers.pop(session, None)
        self.leaving = []
        for event in touches:
            self._track(event)
        if self.realtime:
            self.due += FRAME
            time.sleep(max(0.0, self.due - time.monotonic()))
        else:
            self.clock = self.base + now
        before = self.sender.out.sent
        self.sender.frame(dict(self.pointers), self.clock)
        if self.sender.out.sent > before and not self.arrival.poll(DELIVERY_TIMEOUT * 1000):
            self.undelivered += 1
        started = time.process_time()  # the process: a software renderer draws in threads
        self.window.step(FRAME, draw=True)
        self.window.ctx.finish()  # the frame drawn now, not when the driver next flushes
        spent = (time.process_time() - started) * 1000
        happened, self.happened = self.happened, []
        return [self._ours(shown) for shown in happened], spent

    def _track(self, event: TouchEvent) -> None:
        """What the tracker sees of one of the crowd's events."""
        if event.phase is DOWN:
            session = self.sessions[event.id] = self.next_session
            self.next_session += 1
            self.pointers[session] = pointer(event, event.user)
            self.waiting.append((event.id, event.x, event.y))
            return
        session = self.sessions.get(event.id, 0)
        if session in self.pointers:
            self.pointers[session] = self.pointers[session]._replace(x=event.x, y=1.0 - event.y)
        if event.phase is UP:
            self.lost(event.id)

    def lost(self, finger: int) -> None:
        session = self.sessions.pop(finger, None)
        if session is not None:
            self.leaving.append(session)

    def finger(self, touch: int) -> int:
        return self.fingers.get(touch, 0)  # 0: no finger of the crowd's

    def _ours(self, shown: events.Event) -> events.Event:
        touch = getattr(shown, "touch", None)
        if touch is None or touch < 0:  # no finger, or a bot's
            return shown
        return replace(shown, touch=self.finger(touch))  # type: ignore[arg-type]

    # The session's watcher.

    def read(self, frame: Sequence[TouchEvent]) -> None:
        """The touches the session read: each new one is the finger sent down there."""
        for event in frame:
            if event.phase is not DOWN:
                continue
            match = next((w for w in self.waiting if abs(w[1] - event.x) < SAME_PLACE
                          and abs(w[2] - event.y) < SAME_PLACE), None)
            if match is None:
                self.unmatched += 1
                continue
            self.waiting.remove(match)
            self.fingers[event.id] = match[0]

    def reported(self, happened: Sequence[events.Event]) -> None:
        self.happened.extend(happened)

    def stats(self) -> dict[str, Any]:
        stats = self.tuio.stats
        return {"bundles_sent": self.sender.out.sent, "bundles_received": stats.packets,
                "bundles_refused": stats.malformed, "tuio_frames": stats.frames,
                "late_frames": stats.late_frames, "dropped": stats.dropped,
                "frames_undelivered": self.undelivered, "touches_unmatched": self.unmatched,
                "window": "visible" if self.visible else "headless",
                "realtime": self.realtime}

    def close(self) -> None:
        self.sender.shutdown()
        self.sender.out.close()
        self.window.close()
        self.tuio.close()
