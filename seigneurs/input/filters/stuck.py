"""Stuck touches: a lost touch-up, a dead tracker, released after a while without news."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from seigneurs.input.events import DOWN, MOVE, UP, TouchEvent
from seigneurs.input.filters.base import Voices

log = logging.getLogger(__name__)


@dataclass(slots=True)
class ReleaseStuck:
    """A touch with no news for `timeout` seconds is released (a lost touch-up, a dead tracker).

    News is an event of the touch or, where the source can tell (`voices`), the source saying the
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
    voices: Voices | None = None
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
            voice = self.voices.get(touch) if self.voices is not None else None
            if voice is not None and now - voice.vouched <= self.timeout:
                seen[touch] = last._replace(t=voice.vouched)
                continue
            del seen[touch]
            self.released += 1
            self._released[touch] = None
            if len(self._released) > self.RECALL:
                del self._released[next(iter(self._released))]
            log.warning("touch %s had no update for %.0f s: released", touch, self.timeout)
            out.append(last._replace(phase=UP, t=now))
        return out
