"""What every filter is, and what a source may say of its touches for the filters to read.

Each filter takes a frame's events and returns the events to pass on; events carry normalised
display coordinates (0..1, y up, as drawn). A source's word (`Voices`) is data it keeps up to
date as it reads its device, read here as it stands: no filter calls back into a source.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from seigneurs.input.events import TouchEvent


class Filter(Protocol):
    """One processing step over a frame's events; `now` lets timers fire."""

    def __call__(self, events: list[TouchEvent], now: float) -> list[TouchEvent]: ...


class Voice(Protocol):
    """What a source last said of a touch (a TUIO tracker: of all its touches at once)."""

    @property
    def heard(self) -> float:
        """When it last sent a frame naming the touch: whether anybody is updating it."""
        ...

    @property
    def vouched(self) -> float:
        """When it last said the touch is down (named it, or held its port open while it
        rests): a still finger is not a stuck one."""
        ...


Voices = Mapping[int, Voice]
"""Touch id -> what its source last said of it, for the touches it holds (TUIO's alive lists)."""
