"""Issue 26, item 5: what the evdev decoder counts (reports the kernel dropped, events it
ignored) is reported with the source, for `touch-test --json`, not only counted."""

from __future__ import annotations

from evdev_kernel import FakeKernel

from seigneurs.input.evdev_device import (
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TRACKING_ID,
    EV_ABS,
)
from seigneurs.input.evdev_source import EvdevSource
from seigneurs.input.report import source_report

EV_MSC, MSC_SCAN = 4, 4


class ScanningKernel(FakeKernel):
    """The fake panel, also sending a scan code with its frames (as some panels do): events
    the decoder has no use for."""

    def _apply(self, frame: list[tuple[int, int, int]]) -> None:
        super()._apply([event for event in frame if event[0] == EV_ABS])


def test_dropped_reports_and_ignored_events_are_in_the_source_report() -> None:
    frames = [[(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, 40),
               (EV_ABS, ABS_MT_POSITION_X, 10), (EV_ABS, ABS_MT_POSITION_Y, 50)]]
    frames += [[(EV_ABS, ABS_MT_POSITION_X, 10 + step), (EV_MSC, MSC_SCAN, step)]
               for step in range(1, 6)]
    frames.append([(EV_ABS, ABS_MT_TRACKING_ID, -1)])
    device = ScanningKernel(frames, lost={2, 3})
    source = EvdevSource("/dev/input/event9", opener=lambda path: device, clock=lambda: 0.0)
    while device.next < len(frames):
        source.poll()
    report = source_report(source)
    assert report["kind"] == "evdev" and report["touches"] == 1
    assert report["dropped_reports"] == 1  # frames 2 and 3 lost: one SYN_DROPPED
    assert report["ignored"] == 2  # the scans of frames 1 and 5 (4 came while resynchronising)
    assert report["events"] > 0 and report["malformed"] == 0
