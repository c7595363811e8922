"""TUIO 1.1 and 2.0 over real loopback UDP, and malformed input (issues: multi-touch, 10).

Issue 10's table, row by row: each case is sent by `RefTuio2Server`/`RefTuio1Server`, which
encode frames the way the reference C++ servers do, and must come out as the reference client
reads it.
"""

from __future__ import annotations

import dataclasses
import socket
import struct
import time
from collections.abc import Iterator

import pytest
from helpers import assert_paired
from hypothesis import given, settings
from hypothesis import strategies as st
from pythonosc.osc_packet import OscPacket
from tuio_client import (
    RefTuio1Server,
    RefTuio2Server,
    Tuio1Tracker,
    Tuio2Tracker,
    message,
)
from tuio_receiver import Clock, chain, receive, wait_readable

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import Pipeline
from seigneurs.input.osc import OscError, parse_packet
from seigneurs.input.setup import InputSettings, build_sources
from seigneurs.input.tuio import TuioSource
from seigneurs.input.tuio_decoder import MAX_BUNDLE, TuioDecoder
from seigneurs.input.tuio_trackers import RESTART_AFTER
from seigneurs.tools.tuio_send import osc_bundle, osc_message

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def source(clock: Clock) -> Iterator[TuioSource]:
    src = TuioSource("127.0.0.1", 0, clock=clock)  # an ephemeral port on loopback
    yield src
    src.close()


def test_by_default_tuio_is_heard_on_loopback_only_at_the_standard_port() -> None:
    """Trackers send to UDP 3333 unless told otherwise (the TUIO 1.1 and 2.0 specifications),
    and the table listens on loopback only, so nobody on the network touches it: the source
    the default settings open is asked where it listens and a tracker reaches it there (port 0
    in place of 3333, so as not to clash with a table running on this machine)."""
    settings = InputSettings(kinds=("tuio",))
    assert settings.tuio_port == 3333
    sources, problems = build_sources(dataclasses.replace(settings, tuio_port=0))
    (pipeline,) = sources
    try:
        assert problems == [] and isinstance(pipeline, Pipeline)
        source = pipeline.source
        assert isinstance(source, TuioSource)
        host, port = source.address
        assert host == "127.0.0.1" and port != 0
        Tuio1Tracker(host, port).frame({7: (0.5, 0.5)})
        assert [e.phase for e in receive(source)] == [TouchPhase.DOWN]
    finally:
        pipeline.source.close()


def test_tuio_1_cursor_down_move_up(source: TuioSource) -> None:
    tracker = Tuio1Tracker(*source.address)
    tracker.frame({7: (0.25, 0.75)})
    tracker.frame({7: (0.30, 0.70)})
    tracker.frame({})
    events = receive(source, 3)
    assert [e.phase for e in events] == [D, M, U]
    assert events[0].x == pytest.approx(0.25) and events[0].y == pytest.approx(0.25)  # y up
    assert len({e.id for e in events}) == 1


def test_tuio_1_late_frames_dropped_but_a_repeated_fseq_is_more_of_its_frame(
        source: TuioSource) -> None:
    """Issue 10: TUIO 1.1 splits a frame into bundles sharing one fseq (TUIO11_CPP's server,
    and its client accepts fseq >= the last); only an older fseq is late."""
    tracker = Tuio1Tracker(*source.address)
    tracker.frame({1: (0.5, 0.5)}, fseq=10)
    tracker.frame({1: (0.6, 0.5)}, fseq=12)
    tracker.frame({1: (0.9, 0.9)}, fseq=12)  # another part of frame 12
    tracker.frame({1: (0.1, 0.1)}, fseq=11)  # late
    events = receive(source, 4)
    assert [round(e.x, 2) for e in events] == [0.5, 0.6, 0.9]
    assert source.stats.late_frames == 1


def test_tuio_2_user_is_the_high_half_of_tu_id(source: TuioSource) -> None:
    """Issue 10 row 1: tu_id = user << 16 | type; the spec's 0x00020005 is type 5, user 2."""
    tracker = Tuio2Tracker(*source.address)
    tracker.frame({1: (0.2, 0.2, 0x00020005), 2: (0.8, 0.8, 3), 3: (0.5, 0.5, (4 << 16) | 1)})
    tracker.frame({1: (0.2, 0.3, 0x00020005)})
    events = receive(source, 2)
    users = {e.id: e.user for e in events if e.phase is D}
    assert sorted(users.values(), key=str) == [2, 4, None]  # type 3 alone is user 0: nobody
    assert [e.phase for e in events[3:]] == [U, U, M]


def test_a_sender_built_on_the_reference_clients_reading_names_no_child_or_its_type(
        source: TuioSource) -> None:
    """TUIO20_CPP's client reads tu_id the other way round (type = tu_id >> 16, user = the low
    half), against the spec's text, its 0x00020005 example and the reference server
    (user << 16 | type). We follow the senders; a sender that packed its ids for that client
    (type << 16 | user) shows: with type 0, no user at all (every touch is guessed, never
    given to a wrong child); with a type, that type as everybody's user (so such a panel's
    `users` must map its type, or stay empty)."""
    tracker = Tuio2Tracker(*source.address)
    tracker.frame({1: (0.2, 0.2, (0 << 16) | 2), 2: (0.8, 0.8, (5 << 16) | 2),
                   3: (0.5, 0.5, (5 << 16) | 3)})
    events = receive(source, 3)
    assert [(e.id, e.user) for e in events] == [(1, None), (2, 5), (3, 5)]


def test_reference_server_users_1_2_3_come_out_as_users_1_2_3(source: TuioSource) -> None:
    """Issue 10 row 1, sent as TUIO20_CPP's server does (type 5 for every finger)."""
    server = RefTuio2Server(*source.address)
    server.frame({10: (0.2, 0.5, 1), 11: (0.5, 0.5, 2), 12: (0.8, 0.5, 3)}, 0.0, type_id=5)
    events = receive(source, server.out.sent)
    assert [(e.phase, e.user) for e in events] == [(D, 1), (D, 2), (D, 3)]


def test_over_full_tuio_2_frame_split_without_alv_keeps_every_pointer(
        source: TuioSource) -> None:
    """Issue 10 row 2: 16 pointers over a 1,500-byte path: bundles without alv, then the rest
    with it; all 16 come through, as with the reference client."""
    server = RefTuio2Server(*source.address, packet_size=1500)
    fingers = {s: (0.05 + 0.05 * s, 0.5, 0) for s in range(16)}
    server.frame(fingers, 0.0)
    assert server.out.sent >= 2  # the frame really was split
    events = receive(source, server.out.sent)
    assert [e.phase for e in events] == [D] * 16
    server.frame({}, 0.1)
    assert [e.phase for e in receive(source, server.out.sent)] == [U] * 16


def test_tuio_1_frame_in_two_bundles_sharing_fseq_keeps_every_cursor(source: TuioSource) -> None:
    """Issue 10 row 3: 25 cursors in two bundles sharing one fseq: 25 of 25."""
    server = RefTuio1Server(*source.address, packet_size=1500)
    server.frame({s: (0.02 + 0.038 * s, 0.5) for s in range(25)}, 0.0)
    assert server.out.sent >= 3  # the greeting, then the frame in two parts
    events = receive(source, server.out.sent)
    assert [e.phase for e in events] == [D] * 25
    assert source.stats.late_frames == 0


def test_tuio_2_shutdown_ends_touches_at_once(source: TuioSource) -> None:
    """Issue 10 row 4: `frm 0` and an empty `alv` end every touch in that very poll."""
    server = RefTuio2Server(*source.address)
    server.frame({1: (0.3, 0.3, 0), 2: (0.6, 0.6, 0)}, 0.0)
    server.frame({1: (0.31, 0.3, 0), 2: (0.6, 0.61, 0)}, 0.02)
    assert [e.phase for e in receive(source, 2)] == [D, D, M, M]
    server.shutdown()
    assert [e.phase for e in receive(source, 3)] == [U, U]
    assert source.stats.late_frames == 0


@pytest.mark.parametrize("how", ["frame 0 first", "timetag a second newer", "silence"])
def test_a_restarted_tracker_is_read_and_its_old_touches_end(
        source: TuioSource, clock: Clock, how: str) -> None:
    """Issue 10 row 5: the same tracker started again on the same port (one bound to a fixed
    port), without a shutdown: frame ids from 0 (the reference server's first), or from 1 with
    a timetag a second newer, or after a second of silence; the old touches end at once and
    the new run's touches all come through."""
    wall = Clock(1.8e9)
    old = RefTuio2Server(*source.address, wall=wall)
    for frame in range(50):
        old.frame({1: (0.3, 0.3 + frame / 1000, 0)}, frame / 60)
    assert [e.phase for e in receive(source, 50)][:1] == [D]
    new = RefTuio2Server(*source.address, wall=wall)  # same source name, frame ids from 0
    new.out = old.out  # the same port
    if how != "frame 0 first":
        new.frame_id = 0  # its first frame (0) was lost: the run starts at 1
    if how == "timetag a second newer":
        wall.now += 1.0
    if how == "silence":
        clock.now += RESTART_AFTER + 0.1
    new.frame({1: (0.7, 0.7, 0), 2: (0.8, 0.8, 0)}, 0.0)
    events = receive(source, 51)
    assert [e.phase for e in events] == [U, D, D]
    assert events[0].id not in {e.id for e in events[1:]}
    assert source.stats.resets == 1 and source.stats.late_frames == 0


def test_a_restart_within_a_second_is_read_once_the_second_is_over(
        source: TuioSource, clock: Clock) -> None:
    """Issue 10 row 5, the hardest case: a new run from the same address (a tracker bound to a
    fixed port) whose ids are below the old ones, sent at once and with the same clock: late
    for at most a second, then read."""
    old = RefTuio2Server(*source.address)
    for frame in range(100):
        old.frame({1: (0.3, 0.3 + frame / 1000, 0)}, frame / 60)
    receive(source, 100)
    new = RefTuio2Server(*source.address)
    new.out = old.out  # the same socket: the same sender address
    new.frame_id = 49  # ids 50, 51, ...: below the old run's 99, within a second's worth
    new.frame({5: (0.5, 0.5, 0)}, 0.0)
    assert receive(source, 101) == [] and source.stats.late_frames == 1
    clock.now += RESTART_AFTER + 0.1
    new.frame({5: (0.5, 0.6, 0)}, 0.1)
    assert [e.phase for e in receive(source, 102)] == [U, D]


def test_a_restart_from_a_new_address_is_read_at_once(source: TuioSource) -> None:
    """The same tracker started again (a new process, so a new port: the old one's is closed)
    with ids below the old run's: its old touches end at once, no late second."""
    old = RefTuio2Server(*source.address)
    for frame in range(100):
        old.frame({1: (0.3, 0.3 + frame / 1000, 0)}, frame / 60)
    receive(source, 100)
    old.out.close()  # the old process is gone
    new = RefTuio2Server(*source.address)
    new.frame_id = 49
    new.frame({5: (0.5, 0.5, 0)}, 0.0)
    assert [e.phase for e in receive(source, 101)] == [U, D]
    assert source.stats.late_frames == 0 and source.stats.gone == 1


def test_two_tuio_2_trackers_with_one_source_name_are_kept_apart(source: TuioSource) -> None:
    """Issue 17: two identical tables' trackers (or a cloned configuration) announce the same
    name from two addresses: each one's fingers are its own, neither ends the other's."""
    first = RefTuio2Server(*source.address, source="table")
    for frame in range(10):
        first.frame({1: (0.2, 0.2 + frame / 100, 0)}, frame / 60)
    receive(source, 10)
    second = RefTuio2Server(*source.address, source="table")
    second.frame_id = 19  # running for a while already: its ids continue above the first's
    events: list[TouchEvent] = []
    for frame in range(10, 20):
        first.frame({1: (0.2, 0.2 + frame / 100, 0)}, frame / 60)
        second.frame({1: (0.8, 0.8 - frame / 100, 0)}, frame / 60)
    events = receive(source, 30)
    assert [e.phase for e in events if e.phase is not M] == [D]  # the second's finger only
    assert {round(e.x, 1) for e in events} == {0.2, 0.8} and source.stats.resets == 0
    assert len({e.id for e in events}) == 2  # session 1 of each: two touches, not one


def test_still_fingers_with_periodic_full_updates_are_held(source: TuioSource,
                                                            clock: Clock) -> None:
    """Issue 10 row 6: TUIO 1.1 fingers held still for 10 s, the server repeating a full
    update every second: held all along, and the real lift comes through."""
    pipeline = chain(source, clock)
    server = RefTuio1Server(*source.address, periodic=1.0, full_update=True)
    fingers = {0: (0.4, 0.5), 1: (0.6, 0.5)}
    server.frame(fingers, 0.0)
    assert [e.phase for e in receive(source, 2, pipeline.poll)] == [D, D]
    for tick in range(1, 601):  # 10 s at 60 frames a second, nothing moving
        server.frame(fingers, tick / 60)
        clock.now += 1 / 60
        if tick % 60 == 0:
            assert receive(source, server.out.sent, pipeline.poll) == []
    assert server.out.sent == 12  # greeting, first frame, ten periodic updates
    server.frame({}, 10.1)
    assert [e.phase for e in receive(source, 13, pipeline.poll)] == [U, U]


def test_a_dead_tuio_1_trackers_ghosts_give_way_to_living_fingers_at_once(
        source: TuioSource, clock: Clock) -> None:
    """Issue 17: a TUIO 1.1 tracker dies (its port closes) with 19 fingers down; another
    tracker's 3 fingers a second later all come through at once, after the ghosts' ends."""
    pipeline = chain(source, clock)
    dying = RefTuio1Server(*source.address, source="dying@127.0.0.1")
    dying.frame({s: (0.05 * s + 0.02, 0.5) for s in range(19)}, 0.0)
    ghosts = receive(source, dying.out.sent, pipeline.poll)
    assert [e.phase for e in ghosts] == [D] * 19
    dying.out.close()
    clock.now += 1.0
    other = RefTuio2Server(*source.address, source="other")
    other.frame({1: (0.3, 0.3, 0), 2: (0.5, 0.5, 0), 3: (0.7, 0.7, 0)}, 0.0)
    arrived = receive(source, dying.out.sent + 1, pipeline.poll)
    assert [e.phase for e in arrived] == [U] * 19 + [D] * 3
    clock.now += 8.0
    assert pipeline.poll() == []  # nothing left to release
    assert_paired([*ghosts, *arrived], every_touch_ended=False)  # 3 still down


def test_a_dead_trackers_touches_are_released_and_new_fingers_come_through(
        source: TuioSource, clock: Clock) -> None:
    """Issue 10 row 7: a tracker dies with 19 fingers down; after the stuck release another
    tracker's 3 fingers all come through, and later ones too."""
    pipeline = chain(source, clock)
    dying = RefTuio2Server(*source.address, source="dying")
    dying.frame({s: (0.05 * s + 0.02, 0.5, 0) for s in range(19)}, 0.0)
    assert [e.phase for e in receive(source, 1, pipeline.poll)] == [D] * 19
    dying.out.close()
    clock.now += 8.5
    released = pipeline.poll()
    assert [e.phase for e in released] == [U] * 19
    other = RefTuio2Server(*source.address, source="other")
    other.frame({1: (0.3, 0.3, 0), 2: (0.5, 0.5, 0), 3: (0.7, 0.7, 0)}, 0.0)
    assert [e.phase for e in receive(source, 2, pipeline.poll)] == [D, D, D]
    other.frame({s: (0.04 * s + 0.02, 0.4, 0) for s in range(1, 21)}, 0.1)
    arrived = receive(source, 3, pipeline.poll)
    assert [e.phase for e in arrived].count(D) == 17  # 20 at once, the storm guard's limit


def test_a_flood_never_holds_a_poll_beyond_its_budget() -> None:
    """Issue 10 row 8: bundles without end. A poll reads for its budget only (the clock
    advances 1 ms a reading here) and leaves the rest for the next frame; what the kernel had
    to drop is counted; a 1,000-cursor datagram is refused unread, so no one datagram holds a
    frame either."""
    clock = Clock(step=0.001)
    source = TuioSource("127.0.0.1", 0, clock=clock, budget=0.002)
    try:
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

        def bundle(cursors: range, fseq: int) -> bytes:
            return osc_bundle([osc_message("/tuio/2Dcur", "alive", *cursors)]
                              + [osc_message("/tuio/2Dcur", "set", s, (s % 100) / 100, 0.5,
                                             0.0, 0.0, 0.0) for s in cursors]
                              + [osc_message("/tuio/2Dcur", "fseq", fseq)])

        huge = bundle(range(1, 1001), 1)
        assert len(huge) > MAX_BUNDLE
        sender.sendto(huge, source.address)
        for fseq in range(2, 400):  # 60 cursors a bundle, far more than the socket holds
            sender.sendto(bundle(range(1, 61), fseq), source.address)
        first = source.poll()
        assert source.stats.packets == 2 and source.stats.polls_cut == 1
        assert [e.phase for e in first] == [D] * 60
        assert source.stats.reasons == {f"datagram over {MAX_BUNDLE} bytes (a flood?)": 1}
        clock.step = 0.0  # the flood is over; the next polls read the rest
        sender.sendto(osc_bundle([osc_message("/tuio/2Dcur", "alive"),
                                  osc_message("/tuio/2Dcur", "fseq", 1000)]), source.address)
        ended: list[TouchEvent] = []
        deadline = time.monotonic() + 5.0
        while not ended and time.monotonic() < deadline:
            wait_readable(source.socket)
            ended = source.poll()
        assert [e.phase for e in ended] == [U] * 60
        assert 0 < source.stats.dropped < 399  # counted, not silent
    finally:
        source.close()


def test_a_taken_port_is_an_error_with_its_reason() -> None:
    """Issue 10: a TUIO port already taken is an error, not a silently shared port; the table
    is told why (play shows it in the admin menu, touch-test exits with it)."""
    first = TuioSource("127.0.0.1", 0)
    try:
        with pytest.raises(OSError):
            TuioSource(*first.address)
        sources, problems = build_sources(InputSettings(kinds=("tuio",),
                                                        tuio_port=first.address[1]))
        assert sources == [] and len(problems) == 1
        assert f"127.0.0.1:{first.address[1]}" in problems[0]
        assert "another TUIO client" in problems[0]
    finally:
        first.close()


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


@pytest.mark.parametrize("args", [(1, 2, 3, 0.5, 0.25, 0.0, 0.1, 0.2, 0.3),  # a TUIO 2 ptr
                                  ("set", 7, 0.5, 0.25, 0.0, 0.0, 0.0),  # a TUIO 1.1 set
                                  ("alive",), ("source", "a@b"), ("fseq", -1)])
def test_osc_reader_agrees_with_python_osc(args: tuple[int | float | str, ...]) -> None:
    packet = message("/tuio/x", *args).build().dgram
    (address, _tags, ours), = parse_packet(packet)
    theirs = OscPacket(packet).messages[0].message
    assert address == theirs.address
    assert ours == pytest.approx(tuple(theirs.params))
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
@given(st.lists(st.tuples(st.sampled_from(["/tuio/2Dcur", "/tuio/2Dblb", "/tuio/2Dobj",
                                           "/tuio2/frm", "/tuio2/ptr", "/tuio2/bnd",
                                           "/tuio2/tok", "/tuio2/alv", "/other"]), osc_args),
                max_size=12))
def test_fuzzed_tuio_messages_keep_touches_paired(messages: list[tuple[str, list]]) -> None:
    decoder = TuioDecoder()
    events = [event for address, args in messages
              for event in decoder.feed(message(address, *args).build().dgram, 0.0)]
    assert_paired(events, every_touch_ended=False)


def test_the_kivy_comparison_gives_both_paths_the_same_work() -> None:
    """Issue 10's speed comparison is fair: on the same bundles, Kivy's path (oscpy + its TUIO
    provider) and ours make the same touches. Skipped where Kivy is not installed (it is only
    the `kivy-compare` extra)."""
    from seigneurs.tools.decoder_bench import kivy_path, our_path, tuio1_frames

    kivy = kivy_path()
    if kivy is None:
        pytest.skip("Kivy and oscpy are not installed (the kivy-compare extra)")
    frames = tuio1_frames(50)
    assert our_path(frames) == kivy(frames) == 10 * 50  # 10 downs, then 10 moves a frame
