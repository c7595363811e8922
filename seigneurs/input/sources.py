"""Touch sources behind one interface: `poll()` returns the events since the last call.

`TouchMux` merges several sources and gives every touch an id unique across all of them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

from seigneurs.input.events import DOWN, EVENT_TIME, MOVE, UP, TouchEvent, TouchPhase


class TouchSource(Protocol):
    """Anything that yields touch events when polled (never blocks)."""

    def poll(self) -> list[TouchEvent]:
        """Events since the last poll, oldest first."""
        ...


class ScriptedSource:
    """Touches written by a test or a demo: push them, the game polls them."""

    def __init__(self) -> None:
        self._queue: list[TouchEvent] = []

    def push(self, event: TouchEvent) -> None:
        """Queue one event for the next poll."""
        self._queue.append(event)

    def down(self, touch: int, x: float, y: float, t: float, user: int | None = None) -> None:
        self.push(TouchEvent(touch, DOWN, x, y, t, user))

    def move(self, touch: int, x: float, y: float, t: float, user: int | None = None) -> None:
        self.push(TouchEvent(touch, MOVE, x, y, t, user))

    def up(self, touch: int, x: float, y: float, t: float, user: int | None = None) -> None:
        self.push(TouchEvent(touch, UP, x, y, t, user))

    def poll(self) -> list[TouchEvent]:
        events, self._queue = self._queue, []
        return events


class MouseSource:
    """The mouse as touches, for desktops and trying things out.

    The left button is one finger. A right-click pins an extra simulated touch where it is
    (it stays down); left-dragging a pin moves it; right-clicking a pin lifts it. So several
    fingers can be tried with one mouse. The window calls `press`, `drag` and `release` with
    pixel positions; events come out normalised to the window size.
    """

    FINGER = 0
    PIN_RADIUS = 18.0  # pixels

    def __init__(self, size: Callable[[], tuple[int, int]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._size = size
        self._clock = clock
        self._queue: list[TouchEvent] = []
        self._active: int | None = None  # the touch the left button is moving
        self.pins: dict[int, tuple[float, float]] = {}
        self._next_pin = 1

    def _event(self, touch: int, phase: TouchPhase, x: float, y: float) -> None:
        width, height = self._size()
        self._queue.append(TouchEvent(touch, phase, x / width, y / height, self._clock()))

    def _pin_at(self, x: float, y: float) -> int | None:
        for pin, (px, py) in self.pins.items():
            if (px - x) ** 2 + (py - y) ** 2 <= self.PIN_RADIUS ** 2:
                return pin
        return None

    def press(self, x: float, y: float, right: bool = False) -> None:
        """A button went down at pixel (x, y)."""
        pin = self._pin_at(x, y)
        if right:
            if pin is not None:  # lift the pin
                del self.pins[pin]
                self._event(pin, UP, x, y)
            else:
                pin = self._next_pin = self._next_pin + 1
                self.pins[pin] = (x, y)
                self._event(pin, DOWN, x, y)
            return
        if self._active is not None and self._active == self.FINGER:  # a lost release
            self._event(self.FINGER, UP, x, y)
        if pin is not None:
            self._active = pin
            return
        self._active = self.FINGER
        self._event(self.FINGER, DOWN, x, y)

    def drag(self, x: float, y: float) -> None:
        """The pointer moved with the left button held."""
        if self._active is None:
            return
        if self._active in self.pins:
            self.pins[self._active] = (x, y)
        self._event(self._active, MOVE, x, y)

    def release(self, x: float, y: float) -> None:
        """The left button went up."""
        if self._active == self.FINGER:
            self._event(self.FINGER, UP, x, y)
        self._active = None

    def poll(self) -> list[TouchEvent]:
        events, self._queue = self._queue, []
        return events


class TouchMux:
    """Polls every source; renumbers touches so ids never collide between sources.

    The `mouse`, if any, is ignored while another source has a touch down (unless
    `mouse_during_touch`): X11 and Xwayland also turn the first finger on a panel into the mouse,
    and a finger read twice grabs two cards. Like Kivy's mouse provider with
    `disable_on_activity`, a mouse press during a touch is dropped; and since the mouse's echo
    may come a frame before the panel's touch, a mouse touch already down when a touch begins is
    ended then, before that touch (it was its echo), and its later events dropped until it lifts.
    """

    def __init__(self, sources: Sequence[TouchSource], mouse: TouchSource | None = None,
                 mouse_during_touch: bool = False) -> None:
        self.sources = list(sources)
        self.mouse = mouse
        self.mouse_during_touch = mouse_during_touch
        self._ids: dict[tuple[int, int], int] = {}
        self._next = 1
        self._touching: set[tuple[int, int]] = set()  # live touches of the other sources
        self._mouse_down: dict[int, TouchEvent] = {}  # the mouse's id -> its touch as passed on
        self._muted: set[int] = set()  # the mouse's own ids of touches dropped until they lift

    def _global(self, key: tuple[int, int], event: TouchEvent) -> TouchEvent:
        """`event` of the touch `key` (source number, the source's id), with its global id."""
        phase = event.phase
        global_id = self._ids.get(key)
        if global_id is None or phase is DOWN:  # new, or an id come again
            global_id = self._next
            self._next += 1
            if phase is not UP:
                self._ids[key] = global_id
        elif phase is UP:
            del self._ids[key]
        return TouchEvent(global_id, *event[1:])  # _replace's keywords cost 3x, per event

    def poll(self) -> list[TouchEvent]:
        """Every source's events, each with a globally unique id, sorted by time."""
        out = []
        touching = self._touching
        began = False
        for number, source in enumerate(self.sources):
            for event in source.poll():
                key = (number, event.id)
                if event.phase is UP:
                    touching.discard(key)
                else:
                    began = began or event.phase is DOWN
                    touching.add(key)
                out.append(self._global(key, event))
        if self.mouse is not None:
            echoes = self._mouse(began or bool(touching), out)
            out = echoes + out
        out.sort(key=EVENT_TIME)
        return out

    def _mouse(self, touching: bool, out: list[TouchEvent]) -> list[TouchEvent]:
        """Adds the mouse's events to `out`; returns the echoes it ends (to go first)."""
        assert self.mouse is not None
        events = self.mouse.poll()
        if self.mouse_during_touch:
            out.extend(self._global((-1, event.id), event) for event in events)
            return []
        echoes = []
        if touching and self._mouse_down:
            first = min((e.t for e in out), default=0.0)
            for own, last in self._mouse_down.items():
                echoes.append(last._replace(phase=UP, t=min(last.t, first)))
                del self._ids[(-1, own)]
                self._muted.add(own)
            self._mouse_down.clear()
        for event in events:
            if event.id in self._muted or (touching and event.phase is DOWN):
                if event.phase is UP:
                    self._muted.discard(event.id)
                else:
                    self._muted.add(event.id)
                continue
            mapped = self._global((-1, event.id), event)
            if event.phase is UP:
                self._mouse_down.pop(event.id, None)
            else:
                self._mouse_down[event.id] = mapped
            out.append(mapped)
        return echoes
