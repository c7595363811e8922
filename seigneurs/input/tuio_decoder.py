"""TUIO 1.1 cursors (`/tuio/2Dcur`) and 2.0 pointers (`/tuio2/frm`, `ptr`, `alv`) to touch
events, with the contact's shape where sent (2.0 `ptr` angle, shear and radius, 2.0 `bnd` and
1.1 `/tuio/2Dblb` bounds of the same session id). Pure: datagrams in, touch events out.

Each datagram goes through the stages once, in order, each handing its whole output on:
OSC (`osc.parse_packet`), the messages of each version read and checked into parts of frames
(`tuio1`, `tuio2`), the trackers they are from and which trackers are dead (`tuio_trackers`),
then frame assembly (`tuio_frames`), which makes the touches. None calls back into another.

Anything malformed (not OSC, wrong argument types, missing arguments, coordinates off the
surface) is dropped, counted and logged once per kind; so is a datagram over MAX_BUNDLE bytes,
which only a flood sends (the reference servers split frames at 4,096), so that no single
datagram can hold a frame for long. A number that is not finite (NaN, infinity) is malformed
wherever it is: in an id or a position the message is dropped (the touch keeps its last
place); in a shape, a speed or a name, that field alone is ignored and counted, so a finger
still moves its card and only the shape (optional evidence for the seat guess) is lost. A
shape out of range (a size beyond the surface, an angle beyond a turn) is ignored the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from seigneurs.input.events import TouchEvent
from seigneurs.input.osc import OscError, parse_packet
from seigneurs.input.tuio1 import Tuio1Reader
from seigneurs.input.tuio2 import Tuio2Reader
from seigneurs.input.tuio_frames import TuioFrames
from seigneurs.input.tuio_parts import Reading, Tracker, TuioStats
from seigneurs.input.tuio_trackers import TuioTrackers

MAX_BUNDLE = 8192  # bytes: twice the largest datagram the reference servers send


class TuioDecoder:
    """TUIO 1.1 and 2.0 datagrams to touch events, through the stages in order."""

    def __init__(self, ports: Callable[[], frozenset[int] | None] | None = None) -> None:
        """`ports`: this machine's open UDP ports (`tuio_trackers.open_udp_ports`), to tell a
        local tracker's death; None, no such look (the decoder stays pure)."""
        self.stats = stats = TuioStats()
        self.reading = reading = Reading()
        self.one, self.two = Tuio1Reader(stats, reading), Tuio2Reader(stats, reading)
        self.trackers = TuioTrackers(stats, ports)
        self.frames = TuioFrames(stats)
        one, two = self.one, self.two
        self._readers = {"/tuio/2Dcur": one.cursor, "/tuio/2Dblb": one.blob,
                         "/tuio/2Dobj": one.object, "/tuio2/frm": two.frm,
                         "/tuio2/ptr": two.ptr, "/tuio2/bnd": two.bnd, "/tuio2/tok": two.tok,
                         "/tuio2/alv": two.alv}

    @property
    def voices(self) -> Mapping[int, Tracker]:
        """Each live touch's tracker, whose `heard` and `vouched` the filters read."""
        return self.frames.voices

    def feed(self, datagram: bytes, t: float, sender: str = "") -> list[TouchEvent]:
        """One UDP datagram; returns the touch events of the frames it completes."""
        stats = self.stats
        stats.packets += 1
        if len(datagram) > MAX_BUNDLE:
            stats.reject(f"datagram over {MAX_BUNDLE} bytes (a flood?)")
            return []
        try:
            messages = parse_packet(datagram)
        except OscError as error:
            stats.reject(f"not an OSC packet ({error})")
            return []
        trackers, reading = self.trackers, self.reading
        reading.source = trackers.named.get(sender, "")  # bundles may omit the source
        parts = reading.parts
        parts.clear()  # the last datagram's, read through
        reading.cursors = reading.frame = None
        readers = self._readers
        for address, tags, args in messages:
            reader = readers.get(address)
            if reader is not None:
                reader(tags, args)
        if reading.cursors is not None:
            self.one.finish()
        trackers.take(reading, sender, t)
        ended = trackers.ended
        if ended:
            trackers.ended = []
        frames = self.frames
        return frames.take(parts, frames.end(ended, t) if ended else [], t)

    def tick(self, t: float) -> list[TouchEvent]:
        """Time passes without a datagram: dead local trackers' touches end."""
        trackers = self.trackers
        trackers.tick(t)
        ended, trackers.ended = trackers.ended, []
        return self.frames.end(ended, t)
