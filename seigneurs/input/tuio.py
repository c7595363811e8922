"""TUIO over UDP: the socket a table listens on (127.0.0.1:3333 unless configured), each
datagram handed to the decoder (`tuio_decoder.TuioDecoder`) with its sender's address, the way
Kivy's TUIO provider sits on its OSC server. Time passing is handed on too (`tick`), so a dead
local tracker's touches end while nothing is sent.
"""

from __future__ import annotations

import logging
import socket
import struct
import sys
import time
from collections.abc import Callable

from seigneurs.input.events import TouchEvent
from seigneurs.input.tuio_decoder import TuioDecoder
from seigneurs.input.tuio_trackers import open_udp_ports

log = logging.getLogger(__name__)
DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 3333
SO_RXQ_OVFL = 40  # Linux: each datagram carries how many the socket has dropped so far
_DROPS = struct.Struct("=I")
MAX_DATAGRAM = 65536


class TuioSource:
    """Listens for TUIO on UDP (127.0.0.1:3333 unless configured); never holds a frame.

    A poll reads datagrams for at most `budget` seconds (2 ms) and leaves the rest in the socket
    for the next frame, so a flood slows touches down but never freezes the game. Datagrams the
    kernel had to drop because the socket was full are counted in `decoder.stats.dropped`.
    A port already taken is an OSError from the constructor (no silent sharing of the port).
    """

    BUDGET = 0.002

    def __init__(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 clock: Callable[[], float] = time.monotonic, budget: float = BUDGET,
                 ports: Callable[[], frozenset[int] | None] | None = open_udp_ports) -> None:
        """`ports` tells which local trackers are alive (None: never look, as for trackers
        on other machines)."""
        self.decoder = TuioDecoder(ports if sys.platform == "linux" else None)
        self.stats = self.decoder.stats
        self.budget = budget
        self.longest_poll = 0.0
        self._clock = clock
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            self.socket.bind((host, port))
        except OSError:
            self.socket.close()
            raise
        self.socket.setblocking(False)
        self._ancillary = 0
        if sys.platform == "linux":
            self.socket.setsockopt(socket.SOL_SOCKET, SO_RXQ_OVFL, 1)
            self._ancillary = socket.CMSG_SPACE(_DROPS.size)
        self.address = self.socket.getsockname()
        self._warned_drops = 0
        log.info("listening for TUIO on %s:%s", *self.address)

    def poll(self) -> list[TouchEvent]:
        clock = self._clock
        now = clock()
        out = self.decoder.tick(now)
        deadline = now + self.budget
        feed, receive, room = self.decoder.feed, self.socket.recvmsg, self._ancillary
        while True:
            try:
                data, ancillary, _flags, sender = receive(MAX_DATAGRAM, room)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                log.warning("TUIO socket error: %s", error)
                break
            if ancillary:
                self._count_drops(ancillary[0][2])
            out.extend(feed(data, now, f"{sender[0]}:{sender[1]}"))
            if clock() >= deadline:
                self.stats.polls_cut += 1  # the rest waits in the socket for the next frame
                break
        self.longest_poll = max(self.longest_poll, clock() - now)
        return out

    def _count_drops(self, data: bytes) -> None:
        (dropped,) = _DROPS.unpack_from(data)
        self.stats.dropped = max(self.stats.dropped, dropped)
        if dropped >= 2 * self._warned_drops + 1:
            log.warning("TUIO flood: the kernel has dropped %d datagrams (socket full)", dropped)
            self._warned_drops = dropped

    def close(self) -> None:
        self.socket.close()
