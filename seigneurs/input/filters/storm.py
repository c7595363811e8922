"""Touch storms: palms, a sleeve, a faulty panel or a dead tracker's ghosts at the touch cap."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from seigneurs.input.events import DOWN, MOVE, UP, TouchEvent
from seigneurs.input.filters.base import Voices

log = logging.getLogger(__name__)


@dataclass(slots=True)
class StormGuard:
    """At most `max_touches` at once (palms, a sleeve, a faulty panel), and a frame passes at
    most `max_events` events, so nothing stalls.

    At the cap a new finger takes the place of the stalest touch, the one that has not moved
    nor been named by its source (`voices`: a frame of its tracker) the longest, if that is
    `stale_after` seconds or more (a dead tracker's ghosts, a lift the panel lost, a finger
    resting on a tracker that sends nothing while it rests): the stale touch ends, as a lift,
    so the table lets its card go. Otherwise (every touch fresh: a palm, a sleeve) the new
    touch waits. A touch turned away (waiting, or ended for a newcomer) is asked again at each
    of its moves and comes back as a new touch when there is room, so no living finger is lost
    for good; its lift while away is dropped.
    """

    max_touches: int = 20
    max_events: int = 2000
    voices: Voices | None = None
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
        voice = self.voices.get(touch) if self.voices is not None else None
        return heard if voice is None else max(heard, voice.heard)

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
