"""Which touch sources a table reads, and the filters each gets, from plain settings.

By default: every usable evdev panel, TUIO on 127.0.0.1:3333, and the mouse (ignored while a
touch is down: X11 echoes the first finger as the mouse).
"""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from types import MappingProxyType

from seigneurs.input.filters import (
    Dejitter,
    Filter,
    IgnorePalms,
    IgnoreRegions,
    Pipeline,
    ReleaseStuck,
    StormGuard,
    Transform,
    Voices,
    palm_longest,
    rim,
)
from seigneurs.input.sources import TouchSource
from seigneurs.input.tuio import DEFAULT_HOST, DEFAULT_PORT, TuioSource
from seigneurs.rect import Rect

log = logging.getLogger(__name__)
KINDS = ("evdev", "tuio", "mouse")


@dataclass(frozen=True, slots=True)
class DeviceSettings:
    """One evdev panel's own corrections."""

    transform: Transform = field(default_factory=Transform)
    x_range: tuple[int, int] | None = None
    y_range: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class InputSettings:
    """What to read and how to clean it up."""

    kinds: tuple[str, ...] = KINDS
    evdev_paths: tuple[str, ...] = ()  # empty: every usable panel (--input auto)
    tuio_host: str = DEFAULT_HOST
    tuio_port: int = DEFAULT_PORT
    devices: Mapping[str, DeviceSettings] = field(default_factory=dict)  # read-only once made
    tuio_transform: Transform = field(default_factory=Transform)
    jitter: float = 0.002
    ignore_rim: float = 0.0
    ignore: tuple[Rect, ...] = ()  # display fractions
    stuck_after: float = 8.0
    max_touches: int = 20
    orientation: int = 0  # how the whole touch surface is turned to the picture
    diagonal_inches: float = 55.0
    """The panel's diagonal ([table] diagonal_inches passes by its name): how long a palm is."""
    screen: tuple[int, int] = (1920, 1080)
    """The picture's pixels, whose shape is the panel's (both table resolutions are 16:9)."""
    mouse_during_touch: bool = False
    """Read the mouse even while another source has a touch down (X11 and Xwayland echo the
    first finger on a panel as the mouse, so by default the mouse waits)."""
    grab: bool = False
    """Take evdev panels for the game alone (EVIOCGRAB): the desktop sees no touch, so no echo."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "devices", MappingProxyType(dict(self.devices)))
        unknown = [k for k in self.kinds if k not in KINDS]
        if unknown:
            raise ValueError(f"unknown input {', '.join(unknown)}; expected {', '.join(KINDS)}")


def parse_kinds(text: str) -> tuple[str, ...]:
    """`--input auto` (everything) or a comma list such as `tuio,mouse`."""
    if text.strip() == "auto":
        return KINDS
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise ValueError(f"--input takes auto or a list of {', '.join(KINDS)}, got {text!r}")
    return kinds


def production_filters(settings: InputSettings, transform: Transform,
                       voices: Voices | None = None) -> list[Filter]:
    """One source's chain, in its one order; `voices`, what the source says of its touches
    (TUIO). ReleaseStuck comes first, so every filter that keeps per-touch state sees every
    end, whatever made it (a lift, a tracker's restart, a stuck release, an unplug); palms go
    before the cap, so a leaning hand takes no finger's place."""
    regions = [*settings.ignore, *(rim(settings.ignore_rim) if settings.ignore_rim else [])]
    steps: list[Filter] = [ReleaseStuck(settings.stuck_after, voices), transform]
    if settings.orientation:
        steps.append(Transform(rotation=settings.orientation))
    steps.append(IgnorePalms(palm_longest(settings.diagonal_inches, *settings.screen)))
    steps.append(StormGuard(settings.max_touches, voices=voices))
    if regions:
        steps.append(IgnoreRegions(regions))
    if settings.jitter > 0:
        steps.append(Dejitter(settings.jitter))
    return steps


def tuio_pipeline(settings: InputSettings,
                  clock: Callable[[], float] = time.monotonic) -> Pipeline:
    """The TUIO socket behind its filters, both on `clock` (the crowd's simulated time, or the
    wall); OSError if the port cannot be had."""
    tuio = TuioSource(settings.tuio_host, settings.tuio_port, clock)
    chain = production_filters(settings, settings.tuio_transform, tuio.decoder.voices)
    return Pipeline(tuio, chain, clock)


def build_sources(settings: InputSettings) -> tuple[list[TouchSource], list[str]]:
    """The device sources (not the mouse, which the window owns), each behind its filters, and
    what could not be opened at all (a TUIO port already taken), in a sentence each."""
    sources: list[TouchSource] = []
    problems: list[str] = []
    if "evdev" in settings.kinds:
        # Here, not at the top: the window's first frame needs the settings, not the driver.
        from seigneurs.input.evdev_device import AxisRange
        from seigneurs.input.evdev_source import EvdevSource, LinuxDevice, find_touch_devices

        opener = partial(LinuxDevice, grab=True) if settings.grab else LinuxDevice
        paths = settings.evdev_paths or tuple(find_touch_devices())
        for path in paths:
            own = settings.devices.get(path, DeviceSettings())
            overrides = {}
            if own.x_range:
                overrides[0x35] = overrides[0x00] = AxisRange(*own.x_range)
            if own.y_range:
                overrides[0x36] = overrides[0x01] = AxisRange(*own.y_range)
            sources.append(Pipeline(EvdevSource(path, opener, axis_overrides=overrides),
                                    production_filters(settings, own.transform)))
        if not paths:
            log.info("no evdev touch panel found")
    if "tuio" in settings.kinds:
        try:
            sources.append(tuio_pipeline(settings))
        except OSError as error:
            taken = error.errno == errno.EADDRINUSE
            problem = (f"cannot listen for TUIO on {settings.tuio_host}:{settings.tuio_port}: "
                       f"{error.strerror or error}"
                       f"{' (is the game or another TUIO client running?)' if taken else ''}")
            log.warning("%s", problem)
            problems.append(problem)
    return sources, problems


def wants_mouse(settings: InputSettings) -> bool:
    return "mouse" in settings.kinds


__all__ = ["DeviceSettings", "InputSettings", "build_sources", "parse_kinds",
           "production_filters", "tuio_pipeline", "wants_mouse"]
