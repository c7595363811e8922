"""How the window will draw, decided before anything is opened or loaded: desktop OpenGL or
OpenGL ES 3.1, multisampling, the card art and the Pi profile (`gl_setup` opens the window as
this plan says; no arcade here, so `seigneurs play` can look at the art this plan loads
before the window's libraries load).

Chosen from the settings (`render`, `multisampling`, `profile`) and the machine (a Raspberry
Pi names itself in the device tree; a Linux machine with no GPU device draws in software). A
Pi's GPU driver offers desktop OpenGL only up to 3.1, so there the window is always ES, as
Arcade itself insists; elsewhere `render = "auto"` tries desktop OpenGL 3.3 and falls back to
ES when it cannot be had. Multisampling is off under ES: the card and glyph textures carry
their own soft edges, and a Pi's memory is better spent elsewhere (at 3840x2160 the 4x
buffers were ~265 MB). It is off where Mesa draws in software too (llvmpipe, on a PC whose
GPU has no driver): a software rasteriser pays for every sample, and at 1920x1080 on two
cores 4x multisampling held the busy table at 49-70 frames a second, where 120-155 were
drawn without it (`seigneurs bench --frames 600 --size 1920x1080`, issue 27).

The Pi profile (docs/measurements.md, "Raspberry Pi estimate") is what keeps a Pi 4 at 60
frames a second by our estimate: ES, no multisampling, 1080p card art, and a screen of at most
1920x1080.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seigneurs.kiosk.config import TableSettings

log = logging.getLogger(__name__)

SAMPLES = 4
"""Multisampling where it is on."""
PI_MODEL = Path("/sys/firmware/devicetree/base/model")
"""Where a Pi names its model: the file Arcade 3.3 reads (/proc/device-tree links to it)."""
PI_SIZE = (1920, 1080)
"""The largest screen the Pi profile's estimate holds for (docs/measurements.md, "Raspberry Pi
estimate")."""
PI_RESOLUTION = "1080p"
DEVICES = Path("/dev")
NO_OPENGL = 71
"""`play`'s exit code when the machine gives neither desktop OpenGL 3.3 nor OpenGL ES 3.1
(EX_OSERR: kiosk.sh does not restart it when run by hand; the boot session rests and tries
again, as after a driver is mended)."""
NAMES = {"gl": "desktop OpenGL 3.3", "gles": "OpenGL ES 3.1"}


class NoOpenGL(RuntimeError):
    """Neither desktop OpenGL 3.3 nor OpenGL ES 3.1 could open the window (both reasons said)."""


@dataclass(frozen=True, slots=True)
class RenderPlan:
    """What the window asks of the GPU."""

    api: str
    """"gl" (desktop OpenGL 3.3) or "gles" (OpenGL ES 3.1)."""
    samples: int
    """Multisampling samples; 0 for none."""
    resolution: str
    """The card art the table loads."""
    profile: str
    """"full" or "pi"."""
    asked_by: str
    """What chose `api` ('render = "gl"', a Raspberry Pi...), said if it cannot be had; ""
    for `render = "auto"`'s desktop OpenGL, whose fallback to ES is no surprise."""
    pi: str | None
    """The Pi's model, where this machine is one."""

    def window_options(self) -> dict[str, Any]:
        """`arcade.Window`'s keywords for this plan."""
        gles = self.api == "gles"
        return {"gl_api": "opengles" if gles else "opengl",
                "gl_version": (3, 1) if gles else (3, 3),
                "antialiasing": self.samples > 0, "samples": self.samples or SAMPLES}

    @property
    def sampling(self) -> str:
        """The multisampling, in words (the log's and the bench's)."""
        return f"{self.samples}x multisampling" if self.samples else "no multisampling"

    def other(self) -> RenderPlan | None:
        """The same plan through the other API, should this one not open (no multisampling);
        None on a Raspberry Pi, where Arcade opens ES whatever it is asked (a second try
        would be ES again, and say desktop OpenGL failed)."""
        if self.pi:
            return None
        return RenderPlan("gl" if self.api == "gles" else "gles", 0, self.resolution,
                          self.profile, "", None)

    def missing(self, error: Exception, other: RenderPlan) -> str:
        """The log's line when this plan's API cannot be had and `other` is tried."""
        asked = f", which {self.asked_by} asks for" if self.asked_by else ""
        return f"no {NAMES[self.api]} ({error}){asked}: drawing through {NAMES[other.api]}"


def raspberry_pi(model_file: Path = PI_MODEL) -> str | None:
    """The Pi's model ("Raspberry Pi 4 Model B Rev 1.4"), or None on any other machine, told
    as Arcade 3.3 tells it (Linux, the model naming a Raspberry Pi in any case), because on a
    Pi Arcade opens OpenGL ES whatever it is asked: the plan must know it will."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        model = model_file.read_bytes().decode("utf-8").strip("\0\n ")
    except (OSError, UnicodeDecodeError):  # Arcade's no Pi either
        return None
    return model if "raspberry pi" in model.lower() else None


def software_only(devices: Path = DEVICES,
                  environ: Mapping[str, str] = os.environ) -> bool:
    """Whether Mesa will draw in software on this Linux machine: no GPU device to draw with
    (no DRM node in `devices`/dri, no NVIDIA device), or asked to (LIBGL_ALWAYS_SOFTWARE, or
    GALLIUM_DRIVER naming a software driver). Told before the window opens, which is when
    multisampling is chosen; a GPU without a 3D driver (a VM's 2D-only display) is only seen
    once it is open (`open_window` says so in the log)."""
    if not sys.platform.startswith("linux"):
        return False
    if environ.get("LIBGL_ALWAYS_SOFTWARE", "0").lower() not in ("", "0", "false"):
        return True
    if environ.get("GALLIUM_DRIVER") in ("llvmpipe", "softpipe"):
        return True
    dri = devices / "dri"
    try:
        gpu = (dri.is_dir() and any(dri.iterdir())) or any(devices.glob("nvidia[0-9]*"))
    except OSError as error:  # a device folder we may not read: take the GPU to be there
        log.warning("could not list %s (%s): multisampling stays as set", devices, error)
        return False
    return not gpu


def choose(settings: TableSettings, pi: str | None, software: bool = False) -> RenderPlan:
    """The plan for these settings on this machine (`pi`: its model, if a Raspberry Pi;
    `software`: whether it draws without a GPU)."""
    profile = settings.profile if settings.profile != "auto" else ("pi" if pi else "full")
    if pi:
        api, asked_by = "gles", f"a Raspberry Pi ({pi})"
    elif settings.render == "gles":
        api, asked_by = "gles", 'render = "gles"'
    elif profile == "pi":
        api, asked_by = "gles", 'profile = "pi"'
    else:
        api, asked_by = "gl", 'render = "gl"' if settings.render == "gl" else ""
    samples = SAMPLES if settings.multisampling and api == "gl" and not software else 0
    resolution = PI_RESOLUTION if profile == "pi" else settings.resolution
    return RenderPlan(api, samples, resolution, profile, asked_by, pi)


def art_here(settings: TableSettings, model_file: Path = PI_MODEL) -> str:
    """The card art the window will load on this machine: the Pi profile's where it is in
    force, not the `resolution` setting's (what `seigneurs play` looks at before it starts)."""
    return choose(settings, raspberry_pi(model_file)).resolution


def plan_here(settings: TableSettings, model_file: Path = PI_MODEL,
              devices: Path = DEVICES) -> RenderPlan:
    """The plan for these settings on this machine, as read from it (a Pi's device tree, its
    GPU devices): the window's plan, and the startup bench's yardstick window's, which must
    draw alike."""
    return choose(settings, raspberry_pi(model_file), software_only(devices))
