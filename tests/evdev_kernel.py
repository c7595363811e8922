"""A touch panel as the kernel keeps it, for the evdev decoder's tests: every frame changes the
slot state, and frames marked lost never reach the reader."""

from __future__ import annotations

from seigneurs.input.evdev_device import (
    ABS_MT_POSITION_X,
    ABS_MT_POSITION_Y,
    ABS_MT_SLOT,
    ABS_MT_TRACKING_ID,
    BTN_TOUCH,
    EV_SYN,
    SYN_DROPPED,
    SYN_REPORT,
    AxisRange,
    DeviceInfo,
    KernelState,
)


def panel_b() -> DeviceInfo:
    return DeviceInfo("panel", {ABS_MT_SLOT: AxisRange(0, 9), ABS_MT_POSITION_X: AxisRange(0, 100),
                                ABS_MT_POSITION_Y: AxisRange(0, 100),
                                ABS_MT_TRACKING_ID: AxisRange(0, 65535)},
                      frozenset({BTN_TOUCH}), frozenset({1}))


class FakeKernel:
    """A panel as the kernel keeps it: every frame changes the slot state; frames marked lost
    never reach the reader, whose next read starts with SYN_DROPPED. (This machine has no
    /dev/input: the ioctl itself is not exercised, only the decoder behind the reader seam.)"""

    def __init__(self, frames: list[list[tuple[int, int, int]]], lost: set[int]) -> None:
        self.info = panel_b()
        self.frames, self.lost = frames, lost
        self.next = 0
        self.slot = 0
        self.tracking, self.x, self.y = [-1] * 10, [0] * 10, [0] * 10

    def _apply(self, frame: list[tuple[int, int, int]]) -> None:
        for _type, code, value in frame:
            if code == ABS_MT_SLOT:
                self.slot = value
            else:
                {ABS_MT_TRACKING_ID: self.tracking, ABS_MT_POSITION_X: self.x,
                 ABS_MT_POSITION_Y: self.y}[code][self.slot] = value

    def read_pending(self) -> list[tuple[int, int, int, float]]:
        dropped = False
        while self.next < len(self.frames) and self.next in self.lost:
            self._apply(self.frames[self.next])
            self.next, dropped = self.next + 1, True
        if self.next >= len(self.frames):
            return []
        frame = self.frames[self.next]
        self._apply(frame)
        t = self.next / 100
        self.next += 1
        head = [(EV_SYN, SYN_DROPPED, 0, t)] if dropped else []
        return [*head, *((a, b, c, t) for a, b, c in frame), (EV_SYN, SYN_REPORT, 0, t)]

    def kernel_state(self) -> KernelState:
        return KernelState(tuple(self.tracking), tuple(self.x), tuple(self.y), self.slot)

    def close(self) -> None:
        pass
