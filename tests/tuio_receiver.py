"""TUIO read as the table reads it, on the test's clock: polls that wait on the socket (never
sleep), the production filter chain behind a source, and the trackers' scenes several files
play."""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Callable

from seigneurs.input.events import TouchEvent
from seigneurs.input.filters import Pipeline
from seigneurs.input.setup import InputSettings, production_filters
from seigneurs.input.tuio import TuioSource
from seigneurs.input.tuio_trackers import open_udp_ports

FRAME = 1 / 60


Ports = Callable[[], frozenset[int] | None] | None


class Clock:
    """The game's clock, moved by the test; `step` advances it at every reading."""

    def __init__(self, now: float = 100.0, step: float = 0.0) -> None:
        self.now, self.step = now, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def wait_readable(sock: socket.socket, seconds: float = 0.5) -> None:
    """Wait for a datagram (poll, not select: a long test run holds file descriptors past 1024,
    which select cannot watch)."""
    waiting = select.poll()
    waiting.register(sock, select.POLLIN)
    waiting.poll(seconds * 1000)


def receive(source: TuioSource, expect: int = 1,
            poll: Callable[[], list[TouchEvent]] | None = None) -> list[TouchEvent]:
    """Poll until `expect` datagrams in all were read (waiting on the socket, never sleeping)."""
    events: list[TouchEvent] = []
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline:
        events += (poll or source.poll)()
        if source.stats.packets >= expect:
            break
        wait_readable(source.socket)
    return events


def chain(source: TuioSource, clock: Clock) -> Pipeline:
    """The production filter chain behind the source, on the test's clock."""
    settings = InputSettings()
    chain = production_filters(settings, settings.tuio_transform, source.decoder.voices)
    return Pipeline(source, chain, clock=clock)


def open_source(clock: Clock, ports: Ports = open_udp_ports) -> TuioSource:
    return TuioSource("127.0.0.1", 0, clock=clock, ports=ports)


class Run:
    """The table's side of a scene: polls the chain, keeps everything it passed on."""

    def __init__(self, source: TuioSource, clock: Clock) -> None:
        self.source, self.clock = source, clock
        self.pipeline = chain(source, clock)
        self.events: list[TouchEvent] = []

    def read(self, datagrams: int) -> list[TouchEvent]:
        """Poll until the source has read `datagrams` in all."""
        got = receive(self.source, datagrams, self.pipeline.poll)
        self.events += got
        return got

    def wait(self, seconds: float, step: float = 0.1) -> list[TouchEvent]:
        """Time passes with nothing sent; the table polls every `step`."""
        got: list[TouchEvent] = []
        end = self.clock.now + seconds
        while self.clock.now < end - 1e-9:
            self.clock.now = min(end, self.clock.now + step)
            got += self.pipeline.poll()
        self.events += got
        return got
