"""TUIO senders for the tests, over real UDP.

`Tuio2Tracker` and `Tuio1Tracker` send with python-osc's client. `RefTuio2Server` (the crowd's
sender, `seigneurs.tools.tuio_send`) and `RefTuio1Server` encode with an OSC writer of our own,
frame by frame the way the reference C++ servers do (TUIO20_CPP and TUIO11_CPP `TuioServer`,
read for this): frame ids from 0, the frame's timetag in `frm`, only changed pointers unless
full updates are on, an over-full frame split into bundles (TUIO 2: the early ones without
`alv`; TUIO 1.1: each with the full `alive` and the same `fseq`), periodic updates while nothing
changes, and the empty shutdown bundle.
"""

from __future__ import annotations

from pythonosc.osc_bundle_builder import IMMEDIATELY, OscBundleBuilder
from pythonosc.osc_message_builder import OscMessageBuilder
from pythonosc.udp_client import UDPClient

from seigneurs.tools.tuio_send import Pointer, Tuio2Server, UdpSender, osc_message


def message(address: str, *args: int | float | str) -> OscMessageBuilder:
    builder = OscMessageBuilder(address)
    for arg in args:
        builder.add_arg(arg)
    return builder


class Tuio2Tracker:
    """A TUIO 2.0 sender: `frame({session: (x, y, tu_id)})` sends frm, ptr..., alv."""

    def __init__(self, host: str, port: int, source: str = "test-table") -> None:
        self.client = UDPClient(host, port)
        self.source = source
        self.frame_id = 0

    def frame(self, pointers: dict[int, tuple[float, float, int]]) -> None:
        self.frame_id += 1
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(message("/tuio2/frm", self.frame_id, 0, 0, self.source).build())
        for session, (x, y, tu_id) in pointers.items():
            bundle.add_content(message("/tuio2/ptr", session, tu_id, 0, x, y, 0.0, 0.0, 0.01,
                                       0.5).build())
        bundle.add_content(message("/tuio2/alv", *pointers).build())
        self.client.send(bundle.build())


class Tuio1Tracker:
    """A TUIO 1.1 sender of /tuio/2Dcur bundles."""

    def __init__(self, host: str, port: int) -> None:
        self.client = UDPClient(host, port)
        self.fseq = 0

    def frame(self, cursors: dict[int, tuple[float, float]], fseq: int | None = None) -> None:
        self.fseq = self.fseq + 1 if fseq is None else fseq
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(message("/tuio/2Dcur", "source", "tracker@localhost").build())
        bundle.add_content(message("/tuio/2Dcur", "alive", *cursors).build())
        for session, (x, y) in cursors.items():
            bundle.add_content(message("/tuio/2Dcur", "set", session, x, y, 0.0, 0.0,
                                       0.0).build())
        bundle.add_content(message("/tuio/2Dcur", "fseq", self.fseq).build())
        self.client.send(bundle.build())


class RefTuio2Server(Tuio2Server):
    """TUIO 2.0 pointers as TUIO20_CPP's TuioServer sends them (`seigneurs.tools.tuio_send`),
    given as `{session: (x, y, user)}`: each a fingertip of radius 0.01 pressed at 0.5."""

    def frame(self, pointers: dict[int, tuple[float, float, int]],  # type: ignore[override]
              now: float, type_id: int = 0) -> None:
        super().frame({s: Pointer(x, y, user, type_id, radius=0.01, pressure=0.5)
                       for s, (x, y, user) in pointers.items()}, now)


CUR_MESSAGE_SIZE = 88  # the TUIO 1.1 server's


class RefTuio1Server:
    """TUIO 1.1 cursors as TUIO11_CPP's TuioServer sends them.

    It greets with the empty bundle (`alive` with nobody, `fseq -1`); `frame({session: (x, y)},
    now)` sends `source`, the full `alive`, a `set` for each cursor added or moved (each cursor
    with `full_update`) and `fseq`, split into several bundles with the same `fseq` when full; a
    frame with no change sends nothing unless `periodic` seconds passed. `shutdown()` is the
    empty bundle again. `source=None` sends no `source` at all (the reference server's default,
    unless told a name).
    """

    def __init__(self, host: str, port: int, source: str | None = "ref11@127.0.0.1",
                 packet_size: int = 4096, periodic: float | None = None,
                 full_update: bool = False) -> None:
        self.out = UdpSender(host, port, packet_size)
        self.source, self.periodic, self.full_update = source, periodic, full_update
        self.fseq = -1
        self.cursors: dict[int, tuple[float, float]] = {}
        self.updated_at = float("-inf")
        self.shutdown()

    def _name(self) -> list[bytes]:
        return [] if self.source is None else [osc_message("/tuio/2Dcur", "source", self.source)]

    def _start(self) -> list[bytes]:
        return [*self._name(), osc_message("/tuio/2Dcur", "alive", *self.cursors)]

    def _set(self, session: int) -> bytes:
        x, y = self.cursors[session]
        return osc_message("/tuio/2Dcur", "set", session, x, y, 0.0, 0.0, 0.0)

    def frame(self, cursors: dict[int, tuple[float, float]], now: float) -> None:
        self.fseq += 1
        changed = [s for s, c in cursors.items() if self.cursors.get(s) != c]
        removed = set(self.cursors) - set(cursors)
        self.cursors = dict(cursors)
        fseq = osc_message("/tuio/2Dcur", "fseq", self.fseq)
        if not changed and not removed:
            if self.periodic is not None and now - self.updated_at >= self.periodic:
                self.updated_at = now
                sets = [self._set(s) for s in self.cursors] if self.full_update else []
                self.out.send([*self._start(), *sets, fseq])
            return
        self.updated_at = now
        bundle = self._start()
        for session in self.cursors:
            if self.out.packet_size - self.out.size(bundle) < CUR_MESSAGE_SIZE:
                self.out.send([*bundle, fseq])  # a part of the frame, same fseq
                bundle = self._start()
            if self.full_update or session in changed:
                bundle.append(self._set(session))
        self.out.send([*bundle, fseq])

    def shutdown(self) -> None:
        self.out.send([*self._name(), osc_message("/tuio/2Dcur", "alive"),
                       osc_message("/tuio/2Dcur", "fseq", -1)])
