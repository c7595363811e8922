"""Is there a display to open the table's window on? Asked before anything else starts, so a
machine without one gets one clear line instead of a traceback from deep inside pyglet."""

from __future__ import annotations

import os

NO_DISPLAY = 69
"""Exit code (sysexits' EX_UNAVAILABLE): kiosk.sh retries it only where a display may still
come (the boot session), and stops at once when run by hand."""

HEADLESS_COMMANDS = "screenshot, bench, touch-test --headless"


def display_problem() -> str | None:
    """Why no window can be opened here (None when one can, or when running headless)."""
    if os.environ.get("ARCADE_HEADLESS"):
        return None
    import pyglet

    try:
        pyglet.display.get_display()  # pyglet keeps it: the window reuses this connection
    except Exception as error:  # each platform raises its own class: any failure means none
        name = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        return (f"cannot connect to display {name!r} ({type(error).__name__})" if name
                else "no display is set (neither DISPLAY nor WAYLAND_DISPLAY)")
    return None


def no_display_line(command: str, problem: str) -> str:
    """The one line printed when `command` needs a window and there is no display."""
    return (f"seigneurs {command}: no display to open the table on: {problem}. Run it in a "
            "desktop session, or boot the table into its own with `./kiosk.sh session` (what "
            "`./kiosk.sh install` sets up); the headless commands "
            f"({HEADLESS_COMMANDS}) run anywhere with ARCADE_HEADLESS=1.")
