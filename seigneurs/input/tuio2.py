"""TUIO 2.0's messages (`/tuio2/frm`, `ptr`, `bnd`, `tok`, `alv`) read and checked into parts of
frames: a frame is its `frm`, its pointers and bounds, and its `alv`; an over-full frame comes
as bundles without `alv`, then the rest with it (the parts without `alv` wait in their tracker).

- `frm` f_id time dim source, each but the first optional; the time a timetag (an int from
  senders that cannot write one, such as python-osc: no time), dim an int, source a string;
  a field of another type is ignored and counted, the frame still read;
- `tu_id` is user << 16 | type (the spec's 0x00020005 is type 5, user 2, and the reference
  server sends it so; the reference client reads it the other way round, against both); user
  0 is nobody;
- `ptr` is s_id tu_id c_id x y angle shear radius press, its angle (radians, 0..2 pi) the way
  the pointer points; a tracker sends 0 for what it does not measure, so an angle of exactly 0
  is no orientation (else every finger would point the same way), and a pointer with angle,
  shear and radius 0 has no shape; `bnd` is s_id x y angle width height area, a box whose
  angle gives only an axis. Sizes are fractions of the surface (a radius is half a size);
- tokens (tagged tangibles) are no fingers: only their numbers are checked.
"""

from __future__ import annotations

import math
from typing import Any

from seigneurs.input.events import Contact
from seigneurs.input.tuio_checks import TAU, box, clip, degrees, fits, sound
from seigneurs.input.tuio_parts import Part, Reading, TuioStats, shapes_of

_FRM_TAGS = frozenset({"i", "it", "iti", "itis", "ii", "iii", "iiis"})


class Tuio2Reader:
    """Reads one datagram's TUIO 2.0 messages into `reading`'s parts (one per `frm`)."""

    def __init__(self, stats: TuioStats, reading: Reading) -> None:
        self.stats = stats
        self.reading = reading  # its `frame`: the frame being read

    def frm(self, tags: str, args: tuple[Any, ...]) -> None:
        if not tags.startswith("i"):
            self.stats.reject("tuio2 frm without a frame id")
            return
        if tags not in _FRM_TAGS:
            self.stats.reject("tuio2 frm with a field of the wrong type (ignored)")
        reading = self.reading
        if tags[3:] == "s":
            reading.source = args[3]
        part = reading.frame = Part("2", reading.source, args[0],
                                    args[1] if tags[1:2] == "t" else 0)
        reading.parts.append(part)  # without its alv, it waits in its tracker for the rest

    def ptr(self, tags: str, args: tuple[Any, ...]) -> None:
        part = self.reading.frame
        if part is None:
            self.stats.reject("tuio2 ptr without a frm")
            return
        if not tags.startswith("iiiff"):
            self.stats.reject("tuio2 ptr with missing or wrong arguments")
            return
        x, y = args[3], args[4]
        if not (-0.001 <= x <= 1.001 and -0.001 <= y <= 1.001):
            self.stats.reject("tuio2 ptr with coordinates off the surface or not finite")
            return
        user = args[1] >> 16 & 0xFFFF
        part.positions[args[0]] = (x if 0.0 <= x <= 1.0 else clip(x),  # a call saved a finger
                                   y if 0.0 <= y <= 1.0 else clip(y), user or None)
        if not sound(args, tags, 3):
            self.stats.reject("tuio2 ptr with a shape or speed not a finite float (ignored)")
        if tags.startswith("iiifffff"):
            angle, shear, radius = args[5], args[6], args[7]
            if not (-TAU <= angle <= TAU and -TAU <= shear <= TAU and 0.0 <= radius <= 0.5):
                if math.isfinite(angle + shear + radius):
                    self.stats.reject("tuio2 ptr with a shape beyond the surface (ignored)")
            elif angle or shear or radius:  # all 0: a tracker that measures no shape
                pointers = part.pointers
                if pointers is None:
                    pointers = part.pointers = {}
                pointers[args[0]] = Contact(2 * radius, 2 * radius,
                                            degrees(angle) if angle else None, bool(angle),
                                            math.degrees(shear))

    def bnd(self, tags: str, args: tuple[Any, ...]) -> None:
        part = self.reading.frame
        if part is None:
            return
        if not tags.startswith("iffffff"):
            self.stats.reject("tuio2 bnd with missing or wrong arguments")
            return
        fitting = fits(args[3], args[4], args[5])
        if not (fitting and sound(args, tags, 1)):
            self.stats.reject("tuio2 bnd not finite or beyond the surface (ignored)")
            if not fitting:
                return
        bounds = part.bounds = shapes_of(part.bounds)
        bounds[args[0]] = box(args[3], args[4], args[5])

    def tok(self, tags: str, args: tuple[Any, ...]) -> None:
        if not (tags.startswith("iii") and sound(args, tags, 3)):
            self.stats.reject("tuio2 tok with a field not a finite number or of a wrong type")

    def alv(self, tags: str, args: tuple[Any, ...]) -> None:
        part = self.reading.frame
        if part is None:
            self.stats.reject("tuio2 alv without a frm")
            return
        if tags.count("i") != len(tags):
            self.stats.reject("tuio2 alv with non-integer ids")
            return
        part.alive = list(args)
        self.reading.frame = None
