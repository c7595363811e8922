"""How the window draws: desktop OpenGL or OpenGL ES 3.1, multisampling, and the Pi profile.

Chosen once, before the window opens, from the settings (`render`, `multisampling`, `profile`)
and the machine (a Raspberry Pi names itself in the device tree). A Pi's GPU driver offers
desktop OpenGL only up to 3.1, so there the window is always ES, as Arcade itself insists;
elsewhere `render = "auto"` tries desktop OpenGL 3.3 and falls back to ES when it cannot be
had. Multisampling is off under ES: the card and glyph textures carry their own soft edges,
and a Pi's memory is better spent elsewhere (at 3840x2160 the 4x buffers were ~265 MB).

The Pi profile (README, "Raspberry Pi") is what keeps a Pi 4 at 60 frames a second by our
estimate: ES, no multisampling, 1080p card art, and a screen of at most 1920x1080.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import arcade
import pyglet

from seigneurs.kiosk.config import TableSettings
from seigneurs.ui.arcade_gles import mend

log = logging.getLogger(__name__)

SAMPLES = 4
"""Multisampling where it is on."""
PI_MODEL = Path("/proc/device-tree/model")
PI_SIZE = (1920, 1080)
"""The largest screen the Pi profile's estimate holds for (README, "Raspberry Pi")."""
PI_RESOLUTION = "1080p"


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
    may_fall_back: bool
    """Desktop GL may turn out missing: then ES (render = "auto")."""

    def window_options(self) -> dict[str, Any]:
        """`arcade.Window`'s keywords for this plan."""
        gles = self.api == "gles"
        return {"gl_api": "opengles" if gles else "opengl",
                "gl_version": (3, 1) if gles else (3, 3),
                "antialiasing": self.samples > 0, "samples": self.samples or SAMPLES}

    def as_gles(self) -> RenderPlan:
        """The same plan under OpenGL ES (no multisampling)."""
        return RenderPlan("gles", 0, self.resolution, self.profile, False)


def raspberry_pi(model_file: Path = PI_MODEL) -> str | None:
    """The Pi's model ("Raspberry Pi 4 Model B Rev 1.4"), or None on any other machine."""
    try:
        model = model_file.read_bytes().decode("utf-8", "replace").strip("\0\n ")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def choose(settings: TableSettings, pi: str | None) -> RenderPlan:
    """The plan for these settings on this machine (`pi`: its model, if a Raspberry Pi)."""
    profile = settings.profile if settings.profile != "auto" else ("pi" if pi else "full")
    api = "gles" if pi or settings.render == "gles" or profile == "pi" else "gl"
    samples = SAMPLES if settings.multisampling and api == "gl" else 0
    resolution = PI_RESOLUTION if profile == "pi" else settings.resolution
    return RenderPlan(api, samples, resolution, profile,
                      may_fall_back=api == "gl" and settings.render == "auto")


def open_window(window: arcade.Window, settings: TableSettings, *args: Any,
                model_file: Path = PI_MODEL, **options: Any) -> RenderPlan:
    """Open `window` (`arcade.Window.__init__` with `args` and `options`) as the settings and
    the machine ask; returns the plan in force, and says it in the log."""
    pi = raspberry_pi(model_file)
    plan = choose(settings, pi)
    mend()  # Arcade's two ES faults (a no-op under desktop GL)
    opened: Any = arcade.Window.__init__
    try:
        opened(window, *args, **{**options, **plan.window_options()})
    except (arcade.NoOpenGLException, pyglet.gl.ContextException) as error:
        if not plan.may_fall_back:
            raise
        log.warning("no desktop OpenGL 3.3 (%s): drawing through OpenGL ES", error)
        plan = plan.as_gles()
        opened(window, *args, **{**options, **plan.window_options()})
    info = pyglet.gl.gl_info
    log.info("drawing through %s (%s), %s, %s cards, %s profile%s",
             info.get_version_string(), info.get_renderer(),
             f"{plan.samples}x multisampling" if plan.samples else "no multisampling",
             plan.resolution, plan.profile, f" ({pi})" if pi else "")
    if plan.profile == "pi" and window.width * window.height > PI_SIZE[0] * PI_SIZE[1]:
        log.warning("the Pi profile holds 60 frames a second up to %dx%d; this screen is "
                    "%dx%d: set the display to 1920x1080", *PI_SIZE, window.width,
                    window.height)
    return plan


def close_window(window: arcade.Window) -> None:
    """Close `window` and give back what Arcade 3.3 and pyglet 2.1 leave behind on close: the
    pyglet clock still holds Arcade's frame dispatch (Arcade unschedules `_dispatch_updates`,
    a name it no longer schedules), which keeps the window, its views and its GL objects
    alive; and a headless window's EGL pbuffer is never destroyed (pyglet's headless window
    has no close of its own), ~35 MB at 1280x720 with multisampling. Both matter wherever
    windows come and go in one process: every test opens one, and a run of them grew to 8 GB.
    Arcade's close also forgets its current window even when that is another, open one: it
    is given back."""
    try:
        current: arcade.Window | None = arcade.get_window()
    except RuntimeError:  # none is current
        current = None
    arcade.Window.close(window)
    if current is not None and current is not window:
        arcade.set_window(current)
    pyglet.clock.unschedule(window._dispatch_frame)
    surface = getattr(window, "_egl_surface", None)
    if surface:
        from pyglet.libs.egl import egl  # only headless windows have one
        egl.eglDestroySurface(window._egl_display_connection, surface)
        window._egl_surface = None
