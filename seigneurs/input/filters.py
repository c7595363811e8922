"""What sits between a device and the game: orientation and calibration, jitter, ignored
regions (the rim where small wrists rest), stuck touches, and touch storms.

Each filter takes a frame's events and returns the events to pass on; `Pipeline` chains them
behind one source. Events carry normalised display coordinates (0..1, y up, as drawn); what an
installer configures (invert, swap, rotation, calibration) speaks the panel's convention, as
evdev, TUIO and libinput do: origin top-left, y down.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from seigneurs.input.events import DOWN, MOVE, UP, TouchEvent
from seigneurs.input.sources import TouchSource
from seigneurs.rect import Rect

log = logging.getLogger(__name__)

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


class Filter(Protocol):
    """One processing step over a frame's events; `now` lets timers fire."""

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]: ...


@dataclass(frozen=True, slots=True)
class Transform:
    """Turns a panel's coordinates into the display's: swap, invert, rotate, then calibrate,
    all in the panel's convention (origin top-left, y down), so the numbers mean what
    `touch-test`, `touch-replay` and libinput's documentation say they mean.

    `rotation` turns clockwise by quarter turns (90: libinput's matrix 0 -1 1 1 0 0).
    `calibration` is libinput's 3x2 matrix (a, b, c, d, e, f): x' = a x + b y + c,
    y' = d x + e y + f, applied to the already oriented coordinates.
    """

    rotation: int = 0
    invert_x: bool = False
    invert_y: bool = False
    swap_axes: bool = False
    calibration: Matrix = IDENTITY

    def __post_init__(self) -> None:
        if self.rotation not in (0, 90, 180, 270):
            raise ValueError(f"rotation must be 0, 90, 180 or 270, got {self.rotation}")

    def apply(self, x: float, y: float) -> tuple[float, float]:
        """A point in the panel's convention (y down), corrected."""
        if self.swap_axes:
            x, y = y, x
        if self.invert_x:
            x = 1 - x
        if self.invert_y:
            y = 1 - y
        for _ in range(self.rotation // 90):  # a quarter turn clockwise (y down)
            x, y = 1 - y, x
        a, b, c, d, e, f = self.calibration
        return a * x + b * y + c, d * x + e * y + f

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        if self == Transform():
            return events
        out = []
        for event in events:  # events are y up: into the panel's convention and back
            x, y = self.apply(event.x, 1.0 - event.y)
            contact = event.contact
            if contact is not None and contact.angle is not None:
                contact = contact.turned(*self.direction(contact.angle))
            out.append(event._replace(x=x, y=1.0 - y, contact=contact))
        return out

    def direction(self, degrees: float) -> tuple[float, float]:
        """Where the direction `degrees` (y up) points once swapped, mirrored and turned like
        positions, as a vector (y up; calibration, a small correction, leaves it)."""
        dx, dy = math.cos(math.radians(degrees)), -math.sin(math.radians(degrees))  # y down
        if self.swap_axes:
            dx, dy = dy, dx
        if self.invert_x:
            dx = -dx
        if self.invert_y:
            dy = -dy
        for _ in range(self.rotation // 90):
            dx, dy = -dy, dx
        return dx, -dy


@dataclass(slots=True)
class Dejitter:
    """Drops moves smaller than `threshold` (in display fractions) from the last one passed."""

    threshold: float = 0.002
    _last: dict[int, tuple[float, float]] = field(default_factory=dict)

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        out = []
        for event in events:
            if event.phase is MOVE:
                last = self._last.get(event.id)
                if last is not None and abs(event.x - last[0]) < self.threshold and abs(
                        event.y - last[1]) < self.threshold:
                    continue
            if event.phase is UP:
                self._last.pop(event.id, None)
            else:
                self._last[event.id] = (event.x, event.y)
            out.append(event)
        return out


PALM_CM = 4.0
"""A contact this long is a palm or a sleeve, not a fingertip (a child's fingertip is 1-2 cm,
an adult's thumb 2.5): it takes nothing and is ignored (only where the panel gives sizes)."""


@dataclass(slots=True)
class IgnorePalms:
    """Drops the touches of palms and sleeves, from their touch-down to their lift: a contact
    whose long axis is over `longest` (a fraction of the display's width; `PALM_CM` on the
    table) when it lands. A hand leaning on the glass takes no card."""

    longest: float
    _palms: set[int] = field(default_factory=set)

    def __call__(self, events: Sequence[TouchEvent], now: float = 0.0) -> list[TouchEvent]:
        palms, kept = self._palms, []
        for event in events:
            if event.phase is DOWN:
                large = event.contact is not None and event.contact.major > self.longest
                (palms.add if large else palms.discard)(event.id)
            if event.id in palms:
                if event.phase is UP:
                    palms.discard(event.id)
                continue
            kept.append(event)
        return kept


def rim(width: float) -> list[Rect]:
    """Four strips `width` deep along the edges, where wrists rest (display fractions)."""
    return [Rect(0, 0, 1, width), Rect(0, 1 - width, 1, width), Rect(0, 0, width, 1),
            Rect(1 - width, 0, width, 1)]


@dataclass(slots=True)
class IgnoreRegions:
    """Touches that begin in an ignored region (display fractions) are dropped for their whole
    life."""

    regions: Sequence[Rect]
    _ignored: set[int] = field(default_factory=set)

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        out = []
        for event in events:
            if event.phase is DOWN:  # a down always starts afresh, ids may come again
                if any(r.contains(event.x, event.y) for r in self.regions):
                    self._ignored.add(event.id)
                else:
                    self._ignored.discard(event.id)
            if event.id in self._ignored:
                if event.phase is UP:
                    self._ignored.discard(event.id)
                continue
            out.append(event)
        return out


Vouch = Callable[[int], float | None]
"""A source's word on a touch: when it last said the touch is still down (TUIO's alive list)."""


class Vouching(Protocol):
    """What a source can say of its touches where its protocol lets it (TUIO's alive lists)."""

    def vouched(self, touch: int) -> float | None:
        """When it last said the touch is down: a still finger is not a stuck one."""
        ...

    def heard(self, touch: int) -> float | None:
        """When it last sent a frame naming the touch: at the cap, a touch nobody updates is
        silent, however sure the source is that it is down."""
        ...


@dataclass(slots=True)
class ReleaseStuck:
    """A touch with no news for `timeout` seconds is released (a lost touch-up, a dead tracker).

    News is an event of the touch or, where the source can tell (`vouch`), the source saying the
    touch is still down: a finger held still is not stuck. It runs first in the chain and passes
    on a well-formed stream whatever it gets, so every later filter sees every end: a down always
    starts a new touch (a live touch of the same id ends first: its lift was lost and the source
    has started again); a released touch that moves again was a finger held still all along
    (a panel or tracker that sends nothing for it): it comes back as a new touch; its late lift,
    and moves or lifts of touches never seen, are dropped. The released ids remembered are the
    last RECALL.
    """

    RECALL = 256
    timeout: float = 8.0
    vouch: Vouch | None = None
    released: int = 0
    _seen: dict[int, TouchEvent] = field(default_factory=dict)
    _released: dict[int, None] = field(default_factory=dict)  # in release order

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        out = []
        seen = self._seen
        for event in events:
            touch, phase = event.id, event.phase
            if phase is DOWN:
                lost = seen.get(touch)
                if lost is not None:
                    out.append(lost._replace(phase=UP, t=event.t))
                seen[touch] = event._replace(t=now)
                self._released.pop(touch, None)
            elif touch not in seen:  # a released touch's late news, or a touch never seen
                if touch in self._released:
                    del self._released[touch]
                    if phase is MOVE:  # it was down all along: a new touch
                        event = event._replace(phase=DOWN)
                        seen[touch] = event._replace(t=now)
                        out.append(event)
                continue
            elif phase is UP:
                del seen[touch]
            else:
                seen[touch] = event._replace(t=now)
            out.append(event)
        for touch, last in list(seen.items()):
            if now - last.t <= self.timeout:
                continue
            vouched = self.vouch(touch) if self.vouch is not None else None
            if vouched is not None and now - vouched <= self.timeout:
                seen[touch] = last._replace(t=vouched)
                continue
            del seen[touch]
            self.released += 1
            self._released[touch] = None
            if len(self._released) > self.RECALL:
                del self._released[next(iter(self._released))]
            log.warning("touch %s had no update for %.0f s: released", touch, self.timeout)
            out.append(last._replace(phase=UP, t=now))
        return out


@dataclass(slots=True)
class StormGuard:
    """At most `max_touches` at once (palms, a sleeve, a faulty panel), and a frame passes at
    most `max_events` events, so nothing stalls.

    At the cap a new finger takes the place of the stalest touch, the one that has not moved
    nor been named by its source (`vouch`: a frame of its tracker) the longest, if that is
    `stale_after` seconds or more (a dead tracker's ghosts, a lift the panel lost, a finger
    resting on a tracker that sends nothing while it rests): the stale touch ends, as a lift,
    so the table lets its card go. Otherwise (every
    touch fresh: a palm, a sleeve) the new touch waits. A touch turned away (waiting, or ended
    for a newcomer) is asked again at each of its moves and comes back as a new touch when
    there is room, so no living finger is lost for good; its lift while away is dropped.
    """

    max_touches: int = 20
    max_events: int = 2000
    vouch: Vouch | None = None
    stale_after: float = 0.25  # a few frames of any tracker that is updating a touch
    dropped: int = 0
    replaced: int = 0
    _live: dict[int, tuple[TouchEvent, float]] = field(default_factory=dict)
    """touch -> (its last event, when it last had news)"""
    _blocked: set[int] = field(default_factory=set)

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]:
        out: list[TouchEvent] = []
        live, blocked = self._live, self._blocked
        crowded = False  # none was stale enough at `now`: no need to look again this frame
        for event in events:
            touch = event.id
            if event.phase is DOWN:  # a down always starts afresh
                blocked.discard(touch)
                live.pop(touch, None)
                if len(live) < self.max_touches or (
                        not crowded and self._make_room(event, now, out)):
                    live[touch] = (event, now)
                else:
                    crowded = True
                    blocked.add(touch)
            if touch in blocked:
                if event.phase is MOVE and (len(live) < self.max_touches or (
                        not crowded and self._make_room(event, now, out))):
                    blocked.discard(touch)  # room at last: it comes back as a new touch
                    event = event._replace(phase=DOWN)
                    live[touch] = (event, now)
                    out.append(event)
                    continue
                crowded = crowded or event.phase is MOVE
                self.dropped += 1
                if event.phase is UP:
                    blocked.discard(touch)
                continue
            if event.phase is UP:
                live.pop(touch, None)
            elif event.phase is MOVE:
                if len(out) >= self.max_events:
                    self.dropped += 1
                    continue  # moves may be skipped in a flood; downs and ups never are
                live[touch] = (event, now)
            out.append(event)
        return out

    def _news(self, touch: int, heard: float) -> float:
        vouched = self.vouch(touch) if self.vouch is not None else None
        return heard if vouched is None else max(heard, vouched)

    def _make_room(self, newcomer: TouchEvent, now: float, out: list[TouchEvent]) -> bool:
        """End the stalest touch for `newcomer` if it is stale enough; whether it was."""
        stalest = min(self._live, key=lambda touch: self._news(touch, self._live[touch][1]))
        last, heard = self._live[stalest]
        if now - self._news(stalest, heard) < self.stale_after:
            return False
        del self._live[stalest]
        self._blocked.add(stalest)
        self.replaced += 1
        log.info("touch %s, silent for %.1f s, gave its place to a new finger", stalest,
                 now - self._news(stalest, heard))
        out.append(last._replace(phase=UP, t=newcomer.t))
        return True


class Pipeline:
    """A source with its filters, itself a source."""

    def __init__(self, source: TouchSource, filters: Sequence[Filter],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.source = source
        self.filters = list(filters)
        self._clock = clock

    def poll(self) -> list[TouchEvent]:
        events = self.source.poll()
        now = self._clock()
        for step in self.filters:
            events = step(events, now)
        return events
