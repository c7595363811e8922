"""The evdev decoder on real panels' recordings, edge cases and fuzz (issue: multi-touch)."""

from __future__ import annotations

import errno
import json
from collections import defaultdict

import pytest
from evdev_kernel import FakeKernel, panel_b
from helpers import assert_paired
from hypothesis import given, settings
from hypothesis import strategies as st

from seigneurs.cli import main
from seigneurs.input.evdev_decode import EvdevDecoder
from seigneurs.input.evdev_device import (
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TRACKING_ID,
    ABS_X,
    ABS_Y,
    BTN_TOUCH,
    EV_ABS,
    EV_KEY,
    EV_SYN,
    SYN_DROPPED,
    SYN_MT_REPORT,
    SYN_REPORT,
    AxisRange,
    DeviceInfo,
    KernelState,
    Protocol,
)
from seigneurs.input.evdev_source import EvdevSource
from seigneurs.input.evemu import RECORDINGS, parse_evemu, read_evemu
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.input.filters import Transform
from seigneurs.input.linux_input import eviocgmtslots, read_mt_slots

D, M, U = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP

EXPECTED = {  # file: (protocol, touches)
    "EP0430M09.2-fingers-touch-release.events": (Protocol.B, 2),
    "EP0430M09.4-finger-drag-down.events": (Protocol.B, 4),
    "ELAN CANDO Windows7.1-finger-drag-up-down.events": (Protocol.B, 1),
    "N-Trig MultiTouch.2-fingers-touch-release.events": (Protocol.A, 2),
}


def decode(decoder: EvdevDecoder, events: list[tuple[int, int, int, float]]) -> list[TouchEvent]:
    out = []
    for type_, code, value, t in events:
        out.extend(decoder.feed(type_, code, value, t))
    return out


def assert_clean(events: list[TouchEvent]) -> dict[int, list[TouchEvent]]:
    """Every touch: one down first, one up last, only moves between, positions in 0..1."""
    per: dict[int, list[TouchEvent]] = defaultdict(list)
    for event in events:
        per[event.id].append(event)
        assert 0.0 <= event.x <= 1.0 and 0.0 <= event.y <= 1.0
    for touch, trace in per.items():
        phases = [e.phase for e in trace]
        assert phases[0] is TouchPhase.DOWN and phases[-1] is TouchPhase.UP, touch
        assert all(p is TouchPhase.MOVE for p in phases[1:-1]), touch
    return per


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recordings_decode_to_clean_touches(name: str) -> None:
    recording = read_evemu(RECORDINGS / name)
    protocol, touches = EXPECTED[name]
    decoder = EvdevDecoder(recording.info)
    assert decoder.protocol is protocol and recording.skipped_lines == 0
    per = assert_clean(decode(decoder, recording.events))
    assert len(per) == touches


def test_four_fingers_drag_along_y_and_invert_y_makes_it_downwards() -> None:
    """This panel reports its 'drag down' with raw y falling: mounted the other way up,
    which is what a per-device `invert_y` is for."""
    recording = read_evemu(RECORDINGS / "EP0430M09.4-finger-drag-down.events")
    per = assert_clean(decode(EvdevDecoder(recording.info), recording.events))
    flip = Transform(invert_y=True)
    for trace in per.values():
        assert abs(trace[-1].y - trace[0].y) > 0.2 > abs(trace[-1].x - trace[0].x)
        start, end = flip([trace[0], trace[-1]], 0.0)
        assert end.y < start.y - 0.2  # y is up in our coordinates: down lowers it


def test_positions_are_normalised_with_y_up() -> None:
    recording = read_evemu(RECORDINGS / "EP0430M09.2-fingers-touch-release.events")
    first = decode(EvdevDecoder(recording.info), recording.events)[0]
    assert first.x == pytest.approx(404 / 1279) and first.y == pytest.approx(1 - 409 / 767)


def test_syn_dropped_ends_touches_then_resynchronises() -> None:
    decoder = EvdevDecoder(panel_b())
    events = decode(decoder, [
        (EV_ABS, ABS_MT_TRACKING_ID, 5, 0.0), (EV_ABS, ABS_MT_POSITION_X, 10, 0.0),
        (EV_ABS, ABS_MT_POSITION_Y, 10, 0.0), (EV_ABS, ABS_MT_SLOT, 1, 0.0),
        (EV_ABS, ABS_MT_TRACKING_ID, 6, 0.0), (EV_ABS, ABS_MT_POSITION_X, 50, 0.0),
        (EV_SYN, SYN_REPORT, 0, 0.0),
        (EV_SYN, SYN_DROPPED, 0, 0.1), (EV_ABS, ABS_MT_POSITION_X, 99, 0.1),
        (EV_SYN, SYN_REPORT, 0, 0.1),  # resync: both touches end
        (EV_ABS, ABS_MT_SLOT, 0, 0.2), (EV_ABS, ABS_MT_POSITION_X, 20, 0.2),
        (EV_SYN, SYN_REPORT, 0, 0.2),  # slot 0 still has a finger: a new touch
    ])
    phases = [(e.id, e.phase) for e in events]
    assert phases[:2] == [(1, TouchPhase.DOWN), (2, TouchPhase.DOWN)]
    assert set(phases[2:4]) == {(1, TouchPhase.UP), (2, TouchPhase.UP)}
    assert phases[4] == (3, TouchPhase.DOWN) and decoder.stats.dropped_reports == 1


def test_syn_dropped_resynchronises_from_the_kernels_slots() -> None:
    """Issue 10: after SYN_DROPPED the slots are read back from the kernel: a contact still in
    its slot goes on (the same touch, moved), one gone ends, a new one begins; an event the
    state already holds (its tracking id) is not a new contact."""
    kernel = KernelState(tracking=(5, -1, 7), x=(30, 0, 70), y=(10, 0, 70), slot=2)
    decoder = EvdevDecoder(panel_b(), lambda: kernel)
    events = decode(decoder, [
        (EV_ABS, ABS_MT_TRACKING_ID, 5, 0.0), (EV_ABS, ABS_MT_POSITION_X, 10, 0.0),
        (EV_ABS, ABS_MT_POSITION_Y, 10, 0.0), (EV_ABS, ABS_MT_SLOT, 1, 0.0),
        (EV_ABS, ABS_MT_TRACKING_ID, 6, 0.0), (EV_ABS, ABS_MT_POSITION_X, 50, 0.0),
        (EV_SYN, SYN_REPORT, 0, 0.0),
        (EV_SYN, SYN_DROPPED, 0, 0.1), (EV_ABS, ABS_MT_POSITION_X, 99, 0.1),
        (EV_SYN, SYN_REPORT, 0, 0.1),  # resync from `kernel`
        (EV_ABS, ABS_MT_TRACKING_ID, 7, 0.2), (EV_ABS, ABS_MT_POSITION_Y, 80, 0.2),
        (EV_ABS, ABS_MT_SLOT, 0, 0.2), (EV_ABS, ABS_MT_POSITION_X, 35, 0.2),
        (EV_SYN, SYN_REPORT, 0, 0.2),
    ])
    phases = [(e.id, e.phase, round(e.x, 2)) for e in events]
    assert phases[:2] == [(1, D, 0.1), (2, D, 0.5)]
    assert phases[2:5] == [(1, M, 0.3), (2, U, 0.5), (3, D, 0.7)]
    assert phases[5:] == [(1, M, 0.35), (3, M, 0.7)]
    assert_paired([*events, *decoder.release_all(1.0)])


def test_a_childs_drag_goes_on_across_syn_dropped() -> None:
    """Issue 10: two fingers drag while the reader falls behind twice (the kernel drops events
    and says SYN_DROPPED); one lifts during a drop. The other stays one touch from down to up."""
    frames = [[(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, 40),
               (EV_ABS, ABS_MT_POSITION_X, 10), (EV_ABS, ABS_MT_POSITION_Y, 50),
               (EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, ABS_MT_TRACKING_ID, 41),
               (EV_ABS, ABS_MT_POSITION_X, 90), (EV_ABS, ABS_MT_POSITION_Y, 50)]]
    frames += [[(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_POSITION_X, 10 + step)]
               for step in range(1, 60)]
    frames[30] = [*frames[30], (EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, ABS_MT_TRACKING_ID, -1)]
    frames.append([(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, -1)])
    device = FakeKernel(frames, lost={12, 13, 14, 29, 30, 31})
    source = EvdevSource("/dev/input/event9", opener=lambda path: device, clock=lambda: 0.0)
    events: list[TouchEvent] = []
    while device.next < len(frames):
        events += source.poll()
    assert source.connected and not source.last_error
    per = assert_clean(events)
    assert len(per) == 2  # no touch was cut in two
    drag = next(trace for trace in per.values() if trace[0].x < 0.5)
    assert [e.x for e in drag[1:-1]] == sorted(e.x for e in drag[1:-1])  # it went on, rightwards
    assert drag[-2].x == pytest.approx(0.69)


def test_protocol_a_touches_go_on_across_syn_dropped() -> None:
    """Issue 10: a protocol A report lists every contact, so after a drop the next one is
    matched to the touches as always: nothing ends."""
    info = DeviceInfo("a", {ABS_MT_POSITION_X: AxisRange(0, 10), ABS_MT_POSITION_Y:
                            AxisRange(0, 10), ABS_MT_TRACKING_ID: AxisRange(0, 9)})
    decoder = EvdevDecoder(info)

    def report(x: int, t: float) -> list[tuple[int, int, int, float]]:
        return [(EV_ABS, ABS_MT_TRACKING_ID, 3, t), (EV_ABS, ABS_MT_POSITION_X, x, t),
                (EV_ABS, ABS_MT_POSITION_Y, 5, t), (EV_SYN, SYN_MT_REPORT, 0, t),
                (EV_SYN, SYN_REPORT, 0, t)]

    events = decode(decoder, [*report(1, 0.0), (EV_SYN, SYN_DROPPED, 0, 0.1),
                              *report(2, 0.1), *report(3, 0.2)])
    assert [(e.id, e.phase) for e in events] == [(1, D), (1, M)]


def test_single_touch_panel_resynchronises_from_the_kernel() -> None:
    info = DeviceInfo("s", {ABS_X: AxisRange(0, 100), ABS_Y: AxisRange(0, 100)},
                      frozenset({BTN_TOUCH}))
    state = [KernelState((0,), (60,), (40,))]
    decoder = EvdevDecoder(info, lambda: state[0])
    events = decode(decoder, [(EV_KEY, BTN_TOUCH, 1, 0.0), (EV_ABS, ABS_X, 20, 0.0),
                              (EV_ABS, ABS_Y, 40, 0.0), (EV_SYN, SYN_REPORT, 0, 0.0),
                              (EV_SYN, SYN_DROPPED, 0, 0.1), (EV_SYN, SYN_REPORT, 0, 0.1)])
    state[0] = KernelState((-1,), (60,), (40,))
    events += decode(decoder, [(EV_SYN, SYN_DROPPED, 0, 0.2), (EV_SYN, SYN_REPORT, 0, 0.2)])
    assert [(e.id, e.phase, e.x) for e in events] == [(1, D, 0.2), (1, M, 0.6), (1, U, 0.6)]


def test_the_slot_query_is_linux_evdev_s_ioctl() -> None:
    """EVIOCGMTSLOTS(44) as linux/input.h defines it (0x802c450a, printed by a C program built
    against the kernel headers); on anything but an evdev node the query fails cleanly."""
    assert eviocgmtslots(44) == 0x802C450A
    import os

    read, write = os.pipe()
    try:
        with pytest.raises(OSError):
            read_mt_slots(read, ABS_MT_TRACKING_ID, 10)
    finally:
        os.close(read)
        os.close(write)


def test_protocol_a_with_tracking_ids() -> None:
    info = DeviceInfo("a", {ABS_MT_POSITION_X: AxisRange(0, 10), ABS_MT_POSITION_Y:
                            AxisRange(0, 10), ABS_MT_TRACKING_ID: AxisRange(0, 9)})
    decoder = EvdevDecoder(info)
    frame = [(EV_ABS, ABS_MT_TRACKING_ID, 3, 0.0), (EV_ABS, ABS_MT_POSITION_X, 1, 0.0),
             (EV_ABS, ABS_MT_POSITION_Y, 1, 0.0), (EV_SYN, SYN_MT_REPORT, 0, 0.0),
             (EV_ABS, ABS_MT_TRACKING_ID, 4, 0.0), (EV_ABS, ABS_MT_POSITION_X, 9, 0.0),
             (EV_ABS, ABS_MT_POSITION_Y, 9, 0.0), (EV_SYN, SYN_MT_REPORT, 0, 0.0),
             (EV_SYN, SYN_REPORT, 0, 0.0)]
    swapped = [frame[4], frame[5], frame[6], frame[7], frame[0], frame[1], frame[2], frame[3],
               frame[8]]
    events = decode(decoder, frame + swapped + [(EV_SYN, SYN_MT_REPORT, 0, 1.0),
                                                 (EV_SYN, SYN_REPORT, 0, 1.0)])
    assert [e.phase for e in events[:2]] == [TouchPhase.DOWN] * 2
    assert [e.phase for e in events[2:4]] == [TouchPhase.MOVE] * 2  # same ids, any order
    assert {e.id for e in events[2:4]} == {e.id for e in events[:2]}
    assert [e.phase for e in events[4:]] == [TouchPhase.UP] * 2


def test_single_touch_panel() -> None:
    info = DeviceInfo("single", {ABS_X: AxisRange(0, 4095), ABS_Y: AxisRange(0, 4095)},
                      frozenset({BTN_TOUCH}), frozenset({1}))
    decoder = EvdevDecoder(info)
    assert decoder.protocol is Protocol.SINGLE
    events = decode(decoder, [
        (EV_ABS, ABS_X, 100, 0.0), (EV_ABS, ABS_Y, 200, 0.0), (EV_KEY, BTN_TOUCH, 1, 0.0),
        (EV_SYN, SYN_REPORT, 0, 0.0), (EV_ABS, ABS_X, 300, 0.1), (EV_SYN, SYN_REPORT, 0, 0.1),
        (EV_KEY, BTN_TOUCH, 0, 0.2), (EV_SYN, SYN_REPORT, 0, 0.2)])
    assert [e.phase for e in events] == [TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP]


def test_keyboards_mice_and_touchpads_are_not_touch_panels() -> None:
    keyboard = DeviceInfo("kbd", {}, frozenset({30, 31}))
    mouse = DeviceInfo("mouse", {ABS_X: AxisRange(0, 1), ABS_Y: AxisRange(0, 1)},
                       frozenset({BTN_TOUCH}), has_relative=True)
    touchpad = DeviceInfo("pad", panel_b().axes, frozenset({BTN_TOUCH}), frozenset({0}))
    assert not keyboard.verdict()[0] and not mouse.verdict()[0] and not touchpad.verdict()[0]
    assert panel_b().verdict() == (True, "touch panel, multitouch-b")
    with pytest.raises(ValueError, match="not a touch panel"):
        EvdevDecoder(keyboard)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([EV_SYN, EV_KEY, EV_ABS, 0x02, 0x04, 0x11]),
                          st.one_of(st.sampled_from([0, 1, 2, 3, 0x2F, 0x35, 0x36, 0x39,
                                                     0x14A, 0x1D]), st.integers(0, 0x2FF)),
                          st.integers(-(2**31), 2**31 - 1)), max_size=300),
       st.sampled_from(sorted(EXPECTED)))
def test_fuzzed_event_streams_never_crash_or_break_pairs(
        raw: list[tuple[int, int, int]], name: str) -> None:
    decoder = EvdevDecoder(read_evemu(RECORDINGS / name).info)
    events = decode(decoder, [(a, b, c, i * 0.01) for i, (a, b, c) in enumerate(raw)])
    events += decoder.release_all(10.0)
    assert_paired(events)


GOOD_LINES = ["E: 0.010000 0003 0035 1200", "E: 0.020000 0003 0036 800",
              "E: 0.030000 0000 0000 0000"]
GOOD_EVENTS = [(3, 0x35, 1200, 0.01), (3, 0x36, 800, 0.02), (0, 0, 0, 0.03)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(max_size=60), min_size=3, max_size=3))
def test_fuzzed_evemu_text_is_parsed_or_skipped(noise: list[str]) -> None:
    """Bad input loses nothing: well-formed event lines between random text all come through,
    in order, and no more lines are skipped than the noise holds."""
    text = "\n".join(line for pair in zip(noise, GOOD_LINES, strict=True) for line in pair)
    recording = parse_evemu(text)
    events = iter(recording.events)
    assert all(good in events for good in GOOD_EVENTS), recording.events  # in order
    assert recording.skipped_lines <= sum(len(line.splitlines()) for line in noise)


def test_a_malformed_bitmask_line_is_skipped_and_the_rest_still_counts() -> None:
    """Bad input loses nothing (found by the fuzz test above: a bare `B` line)."""
    recording = parse_evemu("B\nB: 01 zz\nB: 03\nB: 01 00 04\n")
    assert recording.skipped_lines == 2
    assert recording.info.keys == frozenset({10})  # byte 1, bit 2 of the EV_KEY bitmask


class ReplayDevice:
    """An input device node played back from a recording, that can be unplugged mid-read."""

    def __init__(self, name: str, unplug_after: int) -> None:
        self.recording = read_evemu(RECORDINGS / name)
        self.info = self.recording.info
        self.position = 0
        self.unplug_after = unplug_after

    def read_pending(self) -> list[tuple[int, int, int, float]]:
        if self.position >= self.unplug_after:
            raise OSError(errno.ENODEV, "No such device")
        chunk = self.recording.events[self.position:self.position + 8]
        self.position += 8
        return chunk

    def kernel_state(self) -> KernelState | None:
        return None  # a recording has no kernel to ask

    def close(self) -> None:
        self.position = len(self.recording.events)


def test_device_vanishing_mid_read_ends_touches_and_is_reopened_with_back_off() -> None:
    now = [0.0]
    opened: list[ReplayDevice] = []

    def opener(path: str) -> ReplayDevice:
        if len(opened) == 1 and now[0] < 0.5:
            raise OSError(errno.ENOENT, "gone")
        device = ReplayDevice("EP0430M09.4-finger-drag-down.events", unplug_after=200)
        opened.append(device)
        return device

    source = EvdevSource("/dev/input/event7", opener=opener, clock=lambda: now[0])
    events: list[TouchEvent] = []
    for _ in range(40):
        events += source.poll()
    assert not source.connected and "went away" in (source.last_error or "")
    downs = {e.id for e in events if e.phase is TouchPhase.DOWN}
    ups = {e.id for e in events if e.phase is TouchPhase.UP}
    assert downs and downs == ups  # every touch was ended when the device vanished
    assert source.poll() == []  # backing off: no reopen yet
    now[0] = 5.0
    source.poll()
    assert source.connected and len(opened) == 2


def test_no_permission_names_the_input_group() -> None:
    def opener(path: str) -> ReplayDevice:
        raise PermissionError(errno.EACCES, "Permission denied")

    source = EvdevSource("/dev/input/event3", opener=opener)
    assert "'input' group" in (source.last_error or "")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_touch_replay_command(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["touch-replay", str(RECORDINGS / name), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["touches"]) == EXPECTED[name][1] and report["problems"] == []
    for touch in report["touches"]:
        assert touch["up"] >= touch["down"] and all(0 <= v <= 1 for v in touch["start"])


def test_touch_replay_of_a_missing_file_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["touch-replay", "/nonexistent.events"])
    assert stop.value.code == 2 and "no recording" in capsys.readouterr().err


def test_devices_command_reports_without_crashing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), list)
