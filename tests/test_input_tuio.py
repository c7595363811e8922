"""TUIO 1.1 and 2.0 over real loopback UDP, and malformed input (issue: multi-touch)."""

from __future__ import annotations

import socket
import struct
import time
from collections.abc import Iterator

import pytest
from helpers import assert_paired
from hypothesis import given, settings
from hypothesis import strategies as st
from pythonosc.osc_packet import OscPacket
from tuio_client import Tuio1Tracker, Tuio2Tracker, message

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.osc import OscError, parse_packet
from seigneurs.input.tuio import TuioDecoder, TuioSource


@pytest.fixture
def source() -> Iterator[TuioSource]:
    src = TuioSource("127.0.0.1", 0)  # an ephemeral port on loopback
    yield src
    src.close()


def receive(source: TuioSource, expect: int = 1) -> list[TouchEvent]:
    events: list[TouchEvent] = []
    deadline = time.monotonic() + 2.0
    while time.monotonic() < deadline:
        events += source.poll()
        if source.decoder.stats.packets >= expect:
            break
        time.sleep(0.005)
    return events


def test_default_binding_is_loopback_3333() -> None:
    from seigneurs.input.tuio import DEFAULT_HOST, DEFAULT_PORT

    assert (DEFAULT_HOST, DEFAULT_PORT) == ("127.0.0.1", 3333)


def test_tuio_1_cursor_down_move_up(source: TuioSource) -> None:
    tracker = Tuio1Tracker(*source.address)
    tracker.frame({7: (0.25, 0.75)})
    tracker.frame({7: (0.30, 0.70)})
    tracker.frame({})
    events = receive(source, 3)
    assert [e.phase for e in events] == [TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP]
    assert events[0].x == pytest.approx(0.25) and events[0].y == pytest.approx(0.25)  # y up
    assert len({e.id for e in events}) == 1


def test_tuio_1_late_and_repeated_frames_are_dropped(source: TuioSource) -> None:
    tracker = Tuio1Tracker(*source.address)
    tracker.frame({1: (0.5, 0.5)}, fseq=10)
    tracker.frame({1: (0.6, 0.5)}, fseq=12)
    tracker.frame({1: (0.9, 0.9)}, fseq=12)  # repeated
    tracker.frame({1: (0.1, 0.1)}, fseq=11)  # late
    events = receive(source, 4)
    assert [round(e.x, 2) for e in events] == [0.5, 0.6]
    assert source.decoder.stats.late_frames == 2


def test_tuio_2_pointers_carry_their_users(source: TuioSource) -> None:
    tracker = Tuio2Tracker(*source.address)
    tracker.frame({1: (0.2, 0.2, 3), 2: (0.8, 0.8, (5 << 16) | 4)})  # type 5, user 4
    tracker.frame({2: (0.7, 0.8, (5 << 16) | 4)})
    events = receive(source, 2)
    downs = {e.id: e for e in events if e.phase is TouchPhase.DOWN}
    assert sorted(e.user for e in downs.values()) == [3, 4]
    assert [e.phase for e in events[2:]] == [TouchPhase.UP, TouchPhase.MOVE]


def test_two_trackers_never_share_ids(source: TuioSource) -> None:
    a, b = Tuio2Tracker(*source.address, "a"), Tuio2Tracker(*source.address, "b")
    a.frame({1: (0.1, 0.1, 0)})
    b.frame({1: (0.9, 0.9, 0)})
    events = receive(source, 2)
    assert len({e.id for e in events}) == 2


def test_malformed_packets_are_dropped_counted_and_survived(source: TuioSource) -> None:
    host, port = source.address
    raw = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    bad = [b"random bytes", b"#bundle\x00" + b"\x00" * 4,
           message("/tuio/2Dcur", "set", "seven", 0.5, 0.5).build().dgram,  # wrong type
           message("/tuio2/ptr", 1, 0).build().dgram,  # missing arguments
           message("/tuio/2Dcur", "set", 1, 7.5, -3.0, 0.0, 0.0, 0.0).build().dgram,  # off
           message("/tuio2/alv", 1.5).build().dgram]
    for packet in bad:
        raw.sendto(packet, (host, port))
    Tuio2Tracker(host, port).frame({1: (0.5, 0.5, 0)})  # good input still gets through
    events = receive(source, len(bad) + 1)
    assert [e.phase for e in events] == [TouchPhase.DOWN]
    assert source.decoder.stats.malformed >= 5


def test_osc_reader_agrees_with_python_osc() -> None:
    packet = message("/tuio2/ptr", 1, 2, 3, 0.5, 0.25, 0.0, 0.1, 0.2, 0.3).build().dgram
    (address, tags, args), = parse_packet(packet)
    theirs = OscPacket(packet).messages[0].message
    assert address == theirs.address and tags == "iiiffffff"
    assert args == pytest.approx(tuple(theirs.params))
    with pytest.raises(OscError):
        parse_packet(packet[:-4])


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_fuzzed_bytes_never_crash_the_decoder(data: bytes) -> None:
    decoder = TuioDecoder()
    decoder.feed(data, 0.0)
    decoder.feed(b"#bundle\x00" + bytes(8) + struct.pack(">i", len(data) // 4 * 4)
                 + data[:len(data) // 4 * 4], 0.0)
    assert decoder.stats.packets == 2


osc_text = st.text(st.characters(min_codepoint=1, max_codepoint=0x7E), max_size=8)
osc_args = st.lists(st.one_of(st.integers(-(2**31), 2**31 - 1), st.floats(width=32),
                              osc_text), max_size=10)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["/tuio/2Dcur", "/tuio2/frm", "/tuio2/ptr",
                                           "/tuio2/alv", "/other"]), osc_args), max_size=12))
def test_fuzzed_tuio_messages_keep_touches_paired(messages: list[tuple[str, list]]) -> None:
    decoder = TuioDecoder()
    events = [event for address, args in messages
              for event in decoder.feed(message(address, *args).build().dgram, 0.0)]
    assert_paired(events, every_touch_ended=False)
