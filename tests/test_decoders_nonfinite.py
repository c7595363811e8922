"""Issue 31, item 5: every non-finite number is malformed, in every field a decoder reads or
skips, and never reaches a touch, a contact's shape or the seat guess; wrong OSC types
likewise; the names of trackers are kept only while those trackers live.

The OSC here is written by a small encoder of this file's own (not the table's reader, nor
the crowd's sender), since neither python-osc nor our sender writes doubles or bad types on
purpose.
"""

from __future__ import annotations

import math
import struct
import tracemalloc
from typing import Any

from helpers import assert_paired
from hypothesis import given, settings
from hypothesis import strategies as st
from tuio_receiver import Clock, receive, wait_readable

from seigneurs.input.evdev_decode import EvdevDecoder
from seigneurs.input.evdev_device import (
    ABS_MT_ORIENTATION,
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TOUCH_MAJOR,
    ABS_MT_TOUCH_MINOR,
    ABS_MT_TRACKING_ID,
    ABS_MT_WIDTH_MAJOR,
    EV_ABS,
    EV_SYN,
    SYN_REPORT,
    AxisRange,
    DeviceInfo,
)
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.tuio import TuioSource
from seigneurs.input.tuio_decoder import TuioDecoder
from seigneurs.input.tuio_trackers import MAX_TRACKERS
from seigneurs.table.attribution import SeatGuesser

Field = tuple[str, Any]  # an OSC type tag and its value
NAN, INF = float("nan"), float("inf")


def _text(value: str) -> bytes:
    raw = value.encode() + b"\x00"
    return raw + b"\x00" * (-len(raw) % 4)


def encode(address: str, fields: list[Field]) -> bytes:
    packers = {"i": ">i", "f": ">f", "d": ">d", "t": ">Q"}
    data = b"".join(_text(v) if tag == "s" else struct.pack(packers[tag], v)
                    for tag, v in fields)
    return _text(address) + _text("," + "".join(tag for tag, _ in fields)) + data


def bundle(messages: list[bytes]) -> bytes:
    return b"#bundle\x00" + struct.pack(">Q", 1) + b"".join(
        struct.pack(">i", len(m)) + m for m in messages)


def tuio2(frame: int, x: float, bad: tuple[str, int, Field] | None = None,
          source: str = "table") -> bytes:
    """A TUIO 2 frame of one pointer (session 1) with its bounds and a token, as the reference
    server writes them; `bad` puts one field of one message out of order."""
    messages = {
        "/tuio2/frm": [("i", frame), ("t", 3_000_000_000 << 32 | frame), ("i", 640 << 16 | 480),
                       ("s", source)],
        "/tuio2/ptr": [("i", 1), ("i", 2 << 16 | 5), ("i", 0), ("f", x), ("f", 0.5),
                       ("f", 1.0), ("f", 0.1), ("f", 0.02), ("f", 0.5), ("f", 0.1), ("f", 0.0),
                       ("f", 0.0), ("f", 0.0), ("f", 0.0)],
        "/tuio2/bnd": [("i", 1), ("f", x), ("f", 0.5), ("f", 0.5), ("f", 0.03), ("f", 0.02),
                       ("f", 0.0006), ("f", 0.0), ("f", 0.0), ("f", 0.0), ("f", 0.0),
                       ("f", 0.0)],
        "/tuio2/tok": [("i", 9), ("i", 0), ("i", 3), ("f", 0.9), ("f", 0.9), ("f", 1.0)],
        "/tuio2/alv": [("i", 1), ("i", 9)],
    }
    if bad is not None:
        address, index, field = bad
        messages[address][index] = field
    return bundle([encode(address, fields) for address, fields in messages.items()])


def tuio1(frame: int, x: float, bad: tuple[str, int, Field] | None = None) -> bytes:
    """A TUIO 1.1 frame of one cursor (session 1), its blob, and an object: source, alive,
    set, fseq of each profile, as the reference server writes them."""
    name = [("s", "source"), ("s", "ref11@127.0.0.1")]
    messages = [
        ("/tuio/2Dcur", name), ("/tuio/2Dcur", [("s", "alive"), ("i", 1)]),
        ("/tuio/2Dcur", [("s", "set"), ("i", 1), ("f", x), ("f", 0.5), ("f", 0.1), ("f", 0.0),
                         ("f", 0.0)]),
        ("/tuio/2Dcur", [("s", "fseq"), ("i", frame)]),
        ("/tuio/2Dblb", name), ("/tuio/2Dblb", [("s", "alive"), ("i", 1)]),
        ("/tuio/2Dblb", [("s", "set"), ("i", 1), ("f", x), ("f", 0.5), ("f", 0.5), ("f", 0.03),
                         ("f", 0.02), ("f", 0.0006), ("f", 0.0), ("f", 0.0), ("f", 0.0),
                         ("f", 0.0), ("f", 0.0)]),
        ("/tuio/2Dblb", [("s", "fseq"), ("i", frame)]),
        ("/tuio/2Dobj", name),
        ("/tuio/2Dobj", [("s", "set"), ("i", 4), ("i", 7), ("f", 0.9), ("f", 0.9), ("f", 1.0),
                         ("f", 0.0), ("f", 0.0), ("f", 0.0), ("f", 0.0), ("f", 0.0)]),
        ("/tuio/2Dobj", [("s", "fseq"), ("i", frame)]),
    ]
    if bad is not None:
        address, index, field = bad
        position = int(address.split("#")[1])  # which message: "/tuio/2Dcur#2"
        messages[position] = (messages[position][0], list(messages[position][1]))
        messages[position][1][index] = field
    return bundle([encode(address, fields) for address, fields in messages])


NON_FINITE = [("f", NAN), ("f", INF), ("f", -INF), ("d", NAN), ("d", INF), ("d", -INF)]
HUGE = [("f", 3.4e38), ("f", -3.4e38), ("d", 1e300), ("d", -1e300)]
WRONG = [("s", "seven"), ("i", 7), ("f", 0.5), ("d", 0.5)]

TUIO2_FIELDS = [(address, index) for address, count in
                [("/tuio2/frm", 4), ("/tuio2/ptr", 14), ("/tuio2/bnd", 12), ("/tuio2/tok", 6),
                 ("/tuio2/alv", 2)] for index in range(count)]
TUIO1_FIELDS = [(f"{profile}#{position}", index)
                for profile, position, count in
                [("/tuio/2Dcur", 0, 2), ("/tuio/2Dcur", 1, 2), ("/tuio/2Dcur", 2, 7),
                 ("/tuio/2Dcur", 3, 2), ("/tuio/2Dblb", 6, 13), ("/tuio/2Dobj", 8, 2),
                 ("/tuio/2Dobj", 9, 11)]
                for index in range(1, count)]  # the command itself (index 0) stays


def finite_everywhere(events: list[TouchEvent]) -> None:
    """No number a touch carries is NaN or infinite, nor is the seat guess's reading of it."""
    guesser = SeatGuesser([(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)], [0, 1, 2, 3])
    for event in events:
        assert math.isfinite(event.x) and math.isfinite(event.y) and math.isfinite(event.t)
        if event.contact is not None:
            c = event.contact
            assert all(math.isfinite(v) for v in (c.major, c.minor, c.shear))
            assert c.angle is None or math.isfinite(c.angle)
            assert 0.0 <= c.major <= 1.0 and 0.0 <= c.minor <= 1.0
        if event.phase is TouchPhase.DOWN:
            arms = [guesser.arm(seat, event.x, event.y, event.contact) for seat in range(4)]
            assert all(math.isfinite(arm) for arm in arms)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["2.0", "1.1"]), st.data(),
       st.sampled_from(NON_FINITE + HUGE + WRONG))
def test_no_bad_number_in_any_field_reaches_a_touch_and_non_finite_is_counted(
        version: str, data: st.DataObject, value: Field) -> None:
    """Issue 31: a good frame, a frame with one field of one message replaced (NaN, infinity,
    a huge number, a double, a string or an int where the other is due), a good frame again:
    the touch stays well formed, no number it carries is non-finite, and a non-finite number
    or a wrong type is counted as malformed wherever it was."""
    fields = TUIO2_FIELDS if version == "2.0" else TUIO1_FIELDS
    address, index = data.draw(st.sampled_from(fields))
    frame = tuio2 if version == "2.0" else tuio1
    decoder = TuioDecoder()
    events = decoder.feed(frame(1, 0.3), 0.0)
    assert [e.phase for e in events] == [TouchPhase.DOWN] and decoder.stats.malformed == 0
    events += decoder.feed(frame(2, 0.4, (address, index, value)), 0.1)
    events += decoder.feed(frame(3, 0.5), 0.2)
    finite_everywhere(events)
    assert_paired(events, every_touch_ended=False)
    due = _tag(version, address, index)
    wrong_type = value[0] != due and not (due == "t" and value[0] == "i")  # python-osc's
    if value in NON_FINITE or wrong_type:
        assert decoder.stats.malformed >= 1
    assert events[-1].phase is not TouchPhase.UP  # the finger was never lost


def _tag(version: str, address: str, index: int) -> str:
    """The type tag a frame has in that place when nothing is wrong."""
    if version == "2.0":
        return {"/tuio2/frm": "itis", "/tuio2/ptr": "iii" + "f" * 11,
                "/tuio2/bnd": "i" + "f" * 11, "/tuio2/tok": "iiifff",
                "/tuio2/alv": "ii"}[address][index]
    return {0: "ss", 1: "si", 2: "siffff" + "f", 3: "si", 6: "si" + "f" * 11,
            8: "ss", 9: "sii" + "f" * 8}[int(address.split("#")[1])][index]


def test_a_nan_angle_over_udp_is_counted_and_the_finger_still_moves() -> None:
    """The issue's scene, over real UDP: a `ptr` whose angle is NaN. Before, the NaN reached
    the seat guess, which then named seat 0 for every finger; now the shape is ignored and
    counted, the finger still moves, and its seat is guessed from where it is."""
    clock = Clock()
    source = TuioSource("127.0.0.1", 0, clock=clock)
    try:
        import socket

        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sender.sendto(tuio2(1, 0.3, ("/tuio2/ptr", 5, ("f", NAN))), source.address)
        sender.sendto(tuio2(2, 0.4, ("/tuio2/ptr", 5, ("f", NAN))), source.address)
        events = receive(source, 2)
        assert [e.phase for e in events] == [TouchPhase.DOWN, TouchPhase.MOVE]
        finite_everywhere(events)
        assert source.stats.malformed == 2
        assert any("not a finite" in reason for reason in source.stats.reasons)
        sender.close()
    finally:
        source.close()


def test_a_source_sent_as_an_int_is_counted_and_ignored() -> None:
    """A 1.1 `source` whose name is an int, and a TUIO 2 `frm` whose source is one: counted as
    malformed; the frames are still read (the name alone is ignored)."""
    decoder = TuioDecoder()
    events = decoder.feed(tuio1(1, 0.3, ("/tuio/2Dcur#0", 1, ("i", 7))), 0.0)
    events += decoder.feed(tuio2(1, 0.3, ("/tuio2/frm", 3, ("i", 7))), 0.0)
    assert [e.phase for e in events] == [TouchPhase.DOWN, TouchPhase.DOWN]
    assert decoder.stats.malformed == 2  # the 2Dcur source, and the frm's
    assert "2Dcur source that is not one string (ignored)" in decoder.stats.reasons


def test_forty_thousand_source_names_do_not_grow_memory() -> None:
    """Issue 31: 40,000 names (each frame a new one, each with a finger): the trackers and
    names kept stay within their bounds and memory stays flat from the 4,000th name on
    (before: +25 MiB, every name kept for good). Fed to the decoder itself (the real path is
    the next test's), so that memory tracing stays quick."""
    decoder = TuioDecoder()
    template = tuio2(1, 0.5, source="table-00000")
    frames = [template.replace(b"table-00000", b"table-%05d" % n) for n in range(40_000)]
    for n, datagram in enumerate(frames[:4000]):
        decoder.feed(datagram, n / 1000)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for n, datagram in enumerate(frames[4000:], start=4000):
        decoder.feed(datagram, n / 1000)
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert decoder.stats.frames == 40_000
    assert len(decoder.trackers.trackers) <= MAX_TRACKERS
    assert len(decoder.trackers.named) <= 4 * MAX_TRACKERS
    assert grown < 256 * 1024, grown


def test_source_names_over_udp_are_kept_only_while_their_trackers_live() -> None:
    """2,000 names over real UDP from one sender: the trackers past the bound were forgotten
    with their names; once the sender is gone (its port closed), all of them."""
    clock = Clock()
    source = TuioSource("127.0.0.1", 0, clock=clock, budget=1.0)
    import socket

    sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        def send(first: int, count: int) -> None:
            for n in range(first, first + count):
                sender.sendto(tuio2(n, 0.5, source=f"table-{n}"), source.address)
                if n % 100 == 0:  # read as a table would, so the socket never overflows
                    clock.now += 0.01
                    source.poll()
            wait_readable(source.socket, 0.05)
            source.poll()

        send(1, 2000)
        assert source.stats.packets >= 1900
        assert len(source.decoder.trackers.trackers) <= MAX_TRACKERS
        assert len(source.decoder.trackers.named) <= 4 * MAX_TRACKERS
        sender.close()
        clock.now += 2.0
        ended = source.poll()
        assert len(ended) == len({e.id for e in ended}) <= MAX_TRACKERS
        assert source.decoder.trackers.trackers == {} and source.decoder.trackers.named == {}
    finally:
        sender.close()
        source.close()


def panel(x_range: tuple[int, int], y_range: tuple[int, int],
          orientation: tuple[int, int]) -> DeviceInfo:
    return DeviceInfo("panel", {ABS_MT_SLOT: AxisRange(0, 9),
                                ABS_MT_POSITION_X: AxisRange(*x_range),
                                ABS_MT_POSITION_Y: AxisRange(*y_range),
                                ABS_MT_TRACKING_ID: AxisRange(0, 65535),
                                ABS_MT_TOUCH_MAJOR: AxisRange(0, 255),
                                ABS_MT_TOUCH_MINOR: AxisRange(0, 255),
                                ABS_MT_WIDTH_MAJOR: AxisRange(0, 255),
                                ABS_MT_ORIENTATION: AxisRange(*orientation)})


S32 = st.one_of(st.integers(-(2**31), 2**31 - 1),
                st.sampled_from([-(2**31), 2**31 - 1, 0, -1, 1]))
AXES = [ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TOUCH_MAJOR, ABS_MT_TOUCH_MINOR,
        ABS_MT_WIDTH_MAJOR, ABS_MT_ORIENTATION]


@settings(max_examples=300, deadline=None)
@given(st.tuples(S32, S32), st.tuples(S32, S32), st.tuples(S32, S32),
       st.lists(st.tuples(st.sampled_from(AXES), S32), min_size=1, max_size=12))
def test_evdev_absolute_axes_at_their_extremes_give_finite_touches(
        x_range: tuple[int, int], y_range: tuple[int, int], orientation: tuple[int, int],
        values: list[tuple[int, int]]) -> None:
    """The kernel's absolute axes are 32-bit ints, declared over any range (even empty or
    upside down): whatever a panel reports, positions stay on 0..1 and every shape number is
    finite (evdev has no NaN, but a division could make one)."""
    decoder = EvdevDecoder(panel(x_range, y_range, orientation))
    events = decoder.feed(EV_ABS, ABS_MT_TRACKING_ID, 5, 0.0)
    for code, value in values:
        events += decoder.feed(EV_ABS, code, value, 0.0)
    events += decoder.feed(EV_SYN, SYN_REPORT, 0, 0.0)
    for code, value in reversed(values):
        events += decoder.feed(EV_ABS, code, value // 2, 0.01)
    events += decoder.feed(EV_SYN, SYN_REPORT, 0, 0.01)
    assert events and events[0].phase is TouchPhase.DOWN
    assert_paired(events, every_touch_ended=False)
    for event in events:
        assert math.isfinite(event.x) and math.isfinite(event.y)
        if event.contact is not None:
            c = event.contact
            assert all(math.isfinite(v) for v in (c.major, c.minor, c.shear))
            assert c.angle is None or math.isfinite(c.angle)
