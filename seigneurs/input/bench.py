"""Decoder speed: evdev events per second (the recordings, replayed) and TUIO bundles per second
(ten-finger frames), each on one core. Used by `seigneurs bench --decoders`."""

from __future__ import annotations

import time
from pathlib import Path

from pythonosc.osc_bundle_builder import IMMEDIATELY, OscBundleBuilder
from pythonosc.osc_message_builder import OscMessageBuilder

from seigneurs.input.evdev_decode import EvdevDecoder
from seigneurs.input.evemu import read_evemu
from seigneurs.input.tuio import TuioDecoder


def _message(address: str, *args: int | float | str) -> OscMessageBuilder:
    builder = OscMessageBuilder(address)
    for arg in args:
        builder.add_arg(arg)
    return builder


def tuio_frames(count: int, fingers: int = 10) -> list[bytes]:
    """`count` TUIO 2 bundles of `fingers` moving pointers each (what a busy table sends)."""
    frames = []
    for frame in range(1, count + 1):
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(_message("/tuio2/frm", frame, 0, 0, "bench").build())
        for finger in range(fingers):
            x = 0.1 + 0.08 * finger
            y = (frame % 500) / 600 + 0.05
            bundle.add_content(_message("/tuio2/ptr", finger + 1, finger % 6, 0, x, y, 0.0,
                                        0.0, 0.01, 0.5).build())
        bundle.add_content(_message("/tuio2/alv", *range(1, fingers + 1)).build())
        frames.append(bundle.build().dgram)
    return frames


def evdev_rate(recordings: list[Path], seconds: float = 1.0) -> tuple[float, int]:
    """Events decoded per second, replaying the recordings through fresh decoders."""
    loaded = [read_evemu(path) for path in recordings]
    events = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for recording in loaded:
            feed = EvdevDecoder(recording.info).feed
            for type_, code, value, t in recording.events:
                feed(type_, code, value, t)
            events += len(recording.events)
    return events / (time.perf_counter() - start), events


def tuio_rate(seconds: float = 1.0, fingers: int = 10) -> tuple[float, int]:
    """TUIO bundles of `fingers` pointers decoded per second."""
    frames = tuio_frames(1000, fingers)
    decoder = TuioDecoder()
    bundles = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        decoder = TuioDecoder()
        for datagram in frames:
            decoder.feed(datagram, 0.0)
        bundles += len(frames)
    return bundles / (time.perf_counter() - start), bundles
