"""Issue 24: touch panels are read through the kernel's evdev interface with the standard
library (no `evdev` package, so no compiler on a stock Debian). The request numbers and record
sizes below are linux/input.h's, printed once by a C program built against the kernel headers
(`printf("%#x", EVIOCGNAME(256))` ...), not computed by our own code."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

from seigneurs.input.evdev_device import (
    ABS_MT_POSITION_X,
    ABS_MT_SLOT,
    EV_ABS,
    EV_KEY,
    EV_SYN,
    SYN_REPORT,
)
from seigneurs.input.evdev_source import LinuxDevice, describe_devices
from seigneurs.input.linux_input import (
    ABSINFO,
    EV_MAX,
    EVENT,
    EVIOCGRAB,
    KEY_MAX,
    bits,
    eviocgabs,
    eviocgbit,
    eviocgkey,
    eviocgname,
    eviocgprop,
    parse_events,
    read_events,
)


def test_the_requests_are_linux_input_h_s() -> None:
    assert eviocgname(256) == 0x81004506
    assert eviocgprop(4) == 0x80044509
    assert eviocgkey(KEY_MAX // 8 + 1) == 0x80604518
    assert eviocgbit(0, EV_MAX // 8 + 1) == 0x80044520
    assert eviocgbit(EV_KEY, 96) == 0x80604521
    assert eviocgbit(EV_ABS, 8) == 0x80084523
    assert eviocgabs(ABS_MT_SLOT) == 0x8018456F
    assert EVIOCGRAB == 0x40044590


def test_the_records_have_the_kernel_s_size() -> None:
    """struct input_event is two C longs and 8 bytes (24 on a 64-bit system, 16 on 32-bit)."""
    assert EVENT.size == 2 * struct.calcsize("@l") + 8
    assert ABSINFO.size == 24


def test_a_bitmask_names_its_set_bits() -> None:
    """EVIOCGBIT's answer: bit n of byte k is number 8k + n."""
    assert bits(bytes([0b1011, 0, 0x80])) == {0, 1, 3, 23}
    assert bits(bytes(8)) == frozenset()


def _record(seconds: int, micro: int, kind: int, code: int, value: int) -> bytes:
    return struct.pack("@llHHi", seconds, micro, kind, code, value)


def test_events_written_as_the_kernel_writes_them_are_read_whole_and_without_blocking() -> None:
    read, write = os.pipe()
    os.set_blocking(read, False)
    try:
        assert read_events(read) == []
        frames = [(EV_ABS, ABS_MT_POSITION_X, -5), (EV_SYN, SYN_REPORT, 0)] * 100
        os.write(write, b"".join(_record(1_700_000_000, 250_000 + i, *event)
                                 for i, event in enumerate(frames)))
        got = read_events(read)
        assert [(k, c, v) for k, c, v, _t in got] == frames  # more than one read's batch
        assert got[1][3] == pytest.approx(1_700_000_000.250001)
        assert read_events(read) == []
    finally:
        os.close(read)
        os.close(write)


def test_a_torn_record_is_not_decoded() -> None:
    whole = _record(1, 0, EV_KEY, 0x14A, 1)
    assert parse_events(whole + whole[:5]) == [(EV_KEY, 0x14A, 1, 1.0)]


def test_a_node_that_is_no_input_device_is_refused_cleanly(tmp_path: Path) -> None:
    """/dev/null answers no evdev ioctl: an OSError, the file closed, and the doctor's row says
    it cannot be read instead of a traceback."""
    before = len(os.listdir("/proc/self/fd"))
    with pytest.raises(OSError):
        LinuxDevice("/dev/null")
    assert len(os.listdir("/proc/self/fd")) == before
    missing = str(tmp_path / "event9")
    rows = describe_devices(["/dev/null", missing])
    assert [usable for _p, _n, usable, _w in rows] == [False, False]
    assert "not there" in rows[1][3]


def test_the_read_benchmark_reads_every_recorded_event() -> None:
    """`seigneurs bench --decoders`' kernel-record figure reads real records back."""
    from seigneurs.input.evemu import RECORDINGS
    from seigneurs.tools.decoder_bench import kernel_read_rate

    assert kernel_read_rate(sorted(RECORDINGS.glob("*.events")), 0.05) > 10_000
