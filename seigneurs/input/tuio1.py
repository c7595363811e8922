"""TUIO 1.1's messages (`/tuio/2Dcur`, `/tuio/2Dblb`, `/tuio/2Dobj`) read and checked into parts
of frames: a cursor frame is its `alive`, its `set`s and its `fseq`; a blob's `set` gives the
shape (`tuio_checks.box`) of the cursor with its session id (the blob profile's own alive and
fseq are its own, not the cursors'); objects (tagged tangibles) are no fingers, only checked,
so that a broken tracker shows in the counts. Every message of a kind that is wrong is
dropped and counted; a speed that is not a finite float is counted and the cursor kept.
"""

from __future__ import annotations

from typing import Any

from seigneurs.input.tuio_checks import box, clip, fits, sound
from seigneurs.input.tuio_parts import Part, Reading, TuioStats, shapes_of


class Tuio1Reader:
    """Reads one datagram's TUIO 1.1 messages into `reading`'s parts (one per `fseq`)."""

    def __init__(self, stats: TuioStats, reading: Reading) -> None:
        self.stats = stats
        self.reading = reading  # its `cursors`: the cursor frame being read

    def finish(self) -> None:
        """The datagram's end, or a new source: a frame without its `fseq` waits in its
        tracker for the rest."""
        reading = self.reading
        part = reading.cursors
        if part is not None and (part.positions or part.alive is not None or part.bounds):
            reading.parts.append(part)
        reading.cursors = None

    def _current(self) -> Part:
        reading = self.reading
        part = reading.cursors
        if part is None:
            part = reading.cursors = Part("1", reading.source)
        return part

    def cursor(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("s"):
            self.stats.reject("2Dcur message without a command")
            return
        command = args[0]
        if command == "set":
            if not tags.startswith("siff"):
                self.stats.reject("2Dcur set with missing or wrong arguments")
                return
            x, y = args[2], args[3]
            if not (-0.001 <= x <= 1.001 and -0.001 <= y <= 1.001):
                self.stats.reject("2Dcur set with coordinates off the surface or not finite")
                return
            if not sound(args[1:], tags[1:], 1):
                self.stats.reject("2Dcur set with a speed not a finite float (ignored)")
            self._current().positions[args[1]] = (x if 0.0 <= x <= 1.0 else clip(x),
                                                   y if 0.0 <= y <= 1.0 else clip(y), None)
        elif command == "alive":
            if tags.count("i") != len(tags) - 1:
                self.stats.reject("2Dcur alive with non-integer ids")
                return
            self._current().alive = list(args[1:])
        elif command == "fseq":
            if tags != "si":
                self.stats.reject("2Dcur fseq without a frame number")
                return
            part = self._current()
            part.frame = args[1]
            self.reading.parts.append(part)
            self.reading.cursors = None
        elif command == "source":
            self._name(tags, args, "2Dcur")
        else:
            self.stats.reject(f"unknown 2Dcur command {command!r}")

    def _name(self, tags: str, args: tuple[Any, ...], profile: str) -> None:
        """A `source`: the name of the tracker whose messages follow."""
        if tags != "ss":
            self.stats.reject(f"{profile} source that is not one string (ignored)")
            return
        self.finish()
        self.reading.source = args[1]

    def blob(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("s"):
            self.stats.reject("2Dblb message without a command")
            return
        if args[0] == "source":
            self._name(tags, args, "2Dblb")
        if args[0] != "set":
            return
        if not tags.startswith("sifffff"):
            self.stats.reject("2Dblb set with missing or wrong arguments")
            return
        fitting = fits(args[4], args[5], args[6])
        if not (fitting and sound(args[1:], tags[1:], 1)):
            self.stats.reject("2Dblb set not finite or beyond the surface (ignored)")
            if not fitting:
                return
        part = self._current()
        bounds = part.bounds = shapes_of(part.bounds)
        bounds[args[1]] = box(args[4], args[5], args[6])

    def object(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("s"):
            self.stats.reject("2Dobj message without a command")
        elif args[0] == "source":
            self._name(tags, args, "2Dobj")
        elif args[0] == "set" and not (tags.startswith("sii") and sound(args[1:], tags[1:], 2)):
            self.stats.reject("2Dobj set with a field not a finite number or of a wrong type")
