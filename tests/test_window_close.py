"""A closed window gives back all it held: tests open hundreds of windows in one process, and a
kiosk's tools open and close them too, so each close must free the window, its views and its
drawing surface (Arcade 3.3 and pyglet 2.1 each leave one of them behind; see gl_setup)."""

from __future__ import annotations

import ctypes
import gc
import weakref

from table_driver import Driver


def test_a_closed_window_and_its_views_are_freed() -> None:
    table = Driver()
    table.frames(3, draw=True)
    window, scene = weakref.ref(table.window), weakref.ref(table.scene)
    table.close()
    del table
    gc.collect()
    assert window() is None and scene() is None


def test_a_closed_headless_windows_drawing_surface_is_destroyed() -> None:
    from pyglet.libs.egl import egl

    table = Driver()
    table.frames(1, draw=True)
    display, surface = table.window._egl_display_connection, table.window._egl_surface
    width = egl.EGLint()
    assert egl.eglQuerySurface(display, surface, egl.EGL_WIDTH, ctypes.byref(width))
    assert width.value == table.window.width  # the query reads a live surface
    table.close()
    assert not egl.eglQuerySurface(display, surface, egl.EGL_WIDTH, ctypes.byref(width))
    assert egl.eglGetError() == egl.EGL_BAD_SURFACE



def test_a_closed_window_freed_later_leaves_the_open_one_current() -> None:
    """pyglet closes a window again when it is collected, and Arcade's close forgets its
    current window even when that is another: the table opened since must keep drawing."""
    import arcade

    old = Driver()
    old.close()
    table = Driver()
    del old
    gc.collect()  # the first window freed while the table runs
    assert arcade.get_window() is table.window
    table.frames(3, draw=True)
    table.close()
