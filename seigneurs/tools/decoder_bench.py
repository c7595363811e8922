"""Decoder speed: evdev events per second (the recordings, replayed) and TUIO bundles per second
(ten-finger frames), each per second of the thread's CPU (a loaded machine's other work is not
counted). Used by `seigneurs bench --decoders`; with
`--against-kivy`, our TUIO 1.1 path against Kivy's (oscpy's parser and Kivy's TUIO provider)
on the same pre-encoded bundles, in one process. Kivy is only for that measurement: the
optional `kivy-compare` extra."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pythonosc.osc_bundle_builder import IMMEDIATELY, OscBundleBuilder
from pythonosc.osc_message_builder import OscMessageBuilder

from seigneurs.input.evdev_decode import EvdevDecoder
from seigneurs.input.evemu import read_evemu
from seigneurs.input.linux_input import EVENT, read_events
from seigneurs.input.tuio_decoder import TuioDecoder


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
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        for recording in loaded:
            feed = EvdevDecoder(recording.info).feed
            for type_, code, value, t in recording.events:
                feed(type_, code, value, t)
            events += len(recording.events)
    return events / (time.thread_time() - start), events


def kernel_read_rate(recordings: list[Path], seconds: float = 1.0) -> float:
    """Events per second of thread CPU read from the kernel's records (struct input_event),
    as a panel's node hands them out: the recordings' events, written so into a file, then
    read back through `linux_input.read_events` (the read the table does every frame)."""
    records = b"".join(EVENT.pack(int(t), int(t % 1 * 1e6), type_, code, value)
                       for path in recordings
                       for type_, code, value, t in read_evemu(path).events)
    with tempfile.TemporaryFile() as file:
        file.write(records)
        file.flush()
        fd = file.fileno()
        events = 0
        start = time.thread_time()
        while time.thread_time() - start < seconds:
            os.lseek(fd, 0, os.SEEK_SET)
            while got := read_events(fd):
                events += len(got)
        return events / (time.thread_time() - start)


def tuio_rate(seconds: float = 1.0, fingers: int = 10) -> tuple[float, int]:
    """TUIO bundles of `fingers` pointers decoded per second."""
    frames = tuio_frames(1000, fingers)
    decoder = TuioDecoder()
    bundles = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        decoder = TuioDecoder()
        for datagram in frames:
            decoder.feed(datagram, 0.0)
        bundles += len(frames)
    return bundles / (time.thread_time() - start), bundles


def tuio1_frames(count: int, fingers: int = 10) -> list[bytes]:
    """`count` TUIO 1.1 bundles (source, alive, a `set` per cursor, fseq) of moving cursors."""
    frames = []
    for frame in range(1, count + 1):
        bundle = OscBundleBuilder(IMMEDIATELY)
        bundle.add_content(_message("/tuio/2Dcur", "source", "bench").build())
        bundle.add_content(_message("/tuio/2Dcur", "alive", *range(1, fingers + 1)).build())
        for finger in range(1, fingers + 1):
            bundle.add_content(_message("/tuio/2Dcur", "set", finger, 0.02 + 0.09 * finger,
                                        (frame % 500) / 600 + 0.05, 0.0, 0.0, 0.0).build())
        bundle.add_content(_message("/tuio/2Dcur", "fseq", frame).build())
        frames.append(bundle.build().dgram)
    return frames


def _rate(run: Callable[[list[bytes]], int], frames: list[bytes], seconds: float) -> float:
    """Bundles per second of `run` over `frames`, repeated for `seconds`."""
    bundles = 0
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        run(frames)
        bundles += len(frames)
    return bundles / (time.thread_time() - start)


def our_path(frames: list[bytes]) -> int:
    """Our TUIO path, fresh: every bundle decoded; returns the touch events made."""
    decoder = TuioDecoder()
    return sum(len(decoder.feed(datagram, 0.0)) for datagram in frames)


def kivy_path() -> Callable[[list[bytes]], int] | None:
    """Kivy's TUIO path without its socket thread, fresh each run: oscpy's `read_packet`, the
    callbacks its server would call, then the provider's `update`; returns the touch events it
    dispatched. None if Kivy or oscpy is not installed."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="seigneurs-kivy-"))
    try:
        from functools import partial

        from kivy.input.providers.tuio import TuioMotionEventProvider
        from oscpy.parser import read_packet
    except ImportError:
        return None

    def run(frames: list[bytes]) -> int:
        provider = TuioMotionEventProvider("tuio", "127.0.0.1:3333")
        callbacks = {}
        for path in TuioMotionEventProvider.__handlers__:
            provider.touches[path] = {}
            callbacks[path] = partial(provider._osc_tuio_cb, path)
        dispatched: list[Any] = []

        def dispatch(kind: str, touch: Any) -> None:
            dispatched.append(touch)

        for datagram in frames:
            for address, _tags, values, _offset in read_packet(datagram):
                callback = callbacks.get(address)
                if callback is not None:
                    callback(*values)
            provider.update(dispatch)
        return len(dispatched)

    return run


def kivy_comparison(seconds: float = 2.0, fingers: int = 10) -> tuple[float, float] | None:
    """(ours, Kivy's) TUIO 1.1 bundles per second on the same bundles; None without Kivy."""
    kivy = kivy_path()
    if kivy is None:
        return None
    frames = tuio1_frames(1000, fingers)
    return _rate(our_path, frames, seconds), _rate(kivy, frames, seconds)
