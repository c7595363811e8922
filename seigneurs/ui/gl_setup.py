"""Opening the window as its `render_plan` says, else through the other API, and closing it
cleanly.

A window that cannot be opened as asked (`render = "gl"` on a machine with ES only, ES where
only desktop OpenGL is) is opened through the other one, and the log names the setting: a
table that draws beats a dark one. With neither, `NoOpenGL`, which `seigneurs play` says in
one line.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import arcade
import pyglet

from seigneurs.kiosk.config import TableSettings
from seigneurs.ui.arcade_gles import mend
from seigneurs.ui.render_plan import (
    DEVICES,
    NAMES,
    PI_MODEL,
    PI_SIZE,
    NoOpenGL,
    RenderPlan,
    plan_here,
)

log = logging.getLogger(__name__)

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast", "SwiftShader", "GDI Generic")
"""What a software rasteriser calls itself in GL_RENDERER."""
UNOPENED = (arcade.NoOpenGLException, pyglet.gl.ContextException)
"""What Arcade and pyglet raise when a window cannot have the OpenGL it asks for."""


def open_window(window: arcade.Window, settings: TableSettings, *args: Any,
                model_file: Path = PI_MODEL, devices: Path = DEVICES,
                **options: Any) -> RenderPlan:
    """Open `window` (`arcade.Window.__init__` with `args` and `options`) as the settings and
    the machine ask, else through the other API; returns the plan in force, and says it in
    the log. NoOpenGL when neither opens."""
    plan = plan_here(settings, model_file, devices)
    mend()  # Arcade's two ES faults (a no-op under desktop GL)
    opened: Any = arcade.Window.__init__
    try:
        opened(window, *args, **{**options, **plan.window_options()})
    except UNOPENED as error:
        other = plan.other()
        if other is None:
            raise NoOpenGL(f"this machine gives no OpenGL the table can draw with: "
                           f"{NAMES[plan.api]}: {error}, and {plan.asked_by} opens no other "
                           f"(is its GPU driver, Mesa's libgl1-mesa-dri, installed?)"
                           ) from error
        log.warning("%s", plan.missing(error, other))
        try:
            opened(window, *args, **{**options, **other.window_options()})
        except UNOPENED as second:
            raise NoOpenGL(f"this machine gives no OpenGL the table can draw with: "
                           f"{NAMES[plan.api]}: {error}; {NAMES[other.api]}: {second} "
                           f"(is Mesa's libgl1-mesa-dri installed, or the GPU's driver?)"
                           ) from second
        plan = other
    info = pyglet.gl.gl_info
    renderer = info.get_renderer()
    log.info("drawing through %s (%s), %s, %s cards, %s profile%s",
             info.get_version_string(), renderer,
             plan.sampling,
             plan.resolution, plan.profile, f" ({plan.pi})" if plan.pi else "")
    if plan.samples and any(name in renderer for name in SOFTWARE_RENDERERS):
        log.warning("drawing in software (%s) with %dx multisampling, which a software "
                    "rasteriser pays for at every sample: set multisampling = false in the "
                    "[table] settings for about twice the frames a second", renderer,
                    plan.samples)
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
