"""Two faults of Arcade's OpenGL ES path, mended in one place until Arcade mends them.

Needed by Arcade 3.3.0 to 3.3.3 (3.3.3 is the newest release on PyPI as of 2026-11-24;
Arcade's development source read then still had both faults). `tests/test_gles.py` checks
that the installed Arcade still has each fault: when an upgrade fixes one, that test fails,
saying to delete its half here (and this module with the second).

1. `Context.__init__` sets the primitive restart index before the OpenGL subclass has
   recorded that it is GLES, so `glPrimitiveRestartIndex` (desktop GL only) is called on an
   ES context: GLException 0x1282 in `arcade/gl/backends/opengl/context.py`. GLES needs no
   call at all (it enables GL_PRIMITIVE_RESTART_FIXED_INDEX), so the setter asks the live
   context which API it is.
2. Arcade declares only `precision mediump float;` in GLES shaders; GLSL ES has no default
   precision for integer samplers, so the sprite geometry shader, which reads its index
   texture through an `isampler2D`, does not compile ("No precision specified in this scope
   for type 'isampler2D'"). A default precision for it is declared after Arcade's, and
   `highp` for floats too (the later declaration wins): mediump texture coordinates (16-bit
   floats, which Mesa's llvmpipe and a Pi's V3D both use) shifted card art by up to a texel,
   14 % of a results screen's pixels against desktop GL; with highp, 0.03 %.
"""

from __future__ import annotations

from typing import Any

import pyglet
from arcade.gl.backends.opengl import context as gl_context
from arcade.gl.backends.opengl import glsl

_ARCADE_PRECISION = "precision mediump float;"
PRECISIONS = ["precision highp float;", "precision highp isampler2D;"]
_mended = False


def _restart_index(self: Any, value: int) -> None:
    self._primitive_restart_index = value
    live: Any = pyglet.gl.current_context  # the context being made is already current
    if live.config.opengl_api == "gl":
        pyglet.gl.glPrimitiveRestartIndex(value)


def _with_precisions(init: Any) -> Any:
    def mended(self: Any, ctx: Any, *args: Any, **kwargs: Any) -> None:
        init(self, ctx, *args, **kwargs)
        if ctx.gl_api == "opengles" and PRECISIONS[-1] not in self._lines:
            after = precisions_at(self._lines)
            self._lines[after:after] = PRECISIONS
    return mended


def precisions_at(lines: list[str]) -> int:
    """Where the precisions go in an ES shader's lines: after Arcade's own float precision
    (ours, later, wins), else, should an Arcade of the pinned series word or move that line,
    after the directives the source opens with (`#version`, `#extension`), which must stay
    first: a shader that compiles rather than a table that cannot start."""
    if _ARCADE_PRECISION in lines:
        return lines.index(_ARCADE_PRECISION) + 1
    directives = 0
    while directives < len(lines) and lines[directives].lstrip().startswith("#"):
        directives += 1
    return directives


def mend() -> None:
    """Apply both mends (once; harmless under desktop GL, which takes the same path)."""
    global _mended
    if not _mended:
        _mended = True
        mend_restart_index()
        glsl.ShaderSource.__init__ = _with_precisions(  # type: ignore[method-assign]
            glsl.ShaderSource.__init__)


def mend_restart_index() -> None:
    """The first mend alone (the test that the second fault is still Arcade's uses it)."""
    opengl = gl_context.OpenGLContext
    opengl.primitive_restart_index = (  # type: ignore[method-assign]
        opengl.primitive_restart_index.setter(_restart_index))
