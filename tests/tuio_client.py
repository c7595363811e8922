"""Sends TUIO over real UDP with python-osc's client, as a touch table's tracker would."""

from __future__ import annotations

from pythonosc.osc_bundle_builder import IMMEDIATELY, OscBundleBuilder
from pythonosc.osc_message_builder import OscMessageBuilder
from pythonosc.udp_client import UDPClient


def message(address: str, *args: int | float | str) -> OscMessageBuilder:
    builder = OscMessageBuilder(address)
    for arg in args:
        builder.add_arg(arg)
    return builder


class Tuio2Tracker:
    """A TUIO 2.0 sender: `frame({session: (x, y, user)})` sends frm, ptr..., alv."""

    def __init__(self, host: str, port: int, source: str = "test-table") -> None:
        self.client = UDPClient(host, port)
        self.source = source
        self.frame_id = 0

    def frame(self, pointers: dict[int, tuple[float, float, int]]) -> None:
        self.frame_id += 1
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(message("/tuio2/frm", self.frame_id, 0, 0, self.source).build())
        for session, (x, y, user) in pointers.items():
            bundle.add_content(message("/tuio2/ptr", session, user, 0, x, y, 0.0, 0.0, 0.01,
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
