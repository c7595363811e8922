"""Issue 27: the table draws through OpenGL ES 3.1 (Mesa's EGL here: OpenGL ES 3.2 through
llvmpipe, the GLSL ES compiler a Pi's V3D driver shares) and every view looks as it does
through desktop OpenGL; Arcade's ES faults are mended in one place, for as long as Arcade
has them."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from seigneurs.kiosk.config import TableSettings
from seigneurs.tools.screenshot import VIEWS, screenshot
from seigneurs.ui.arcade_gles import precisions_at
from seigneurs.ui.gl_setup import SOFTWARE_RENDERERS
from seigneurs.ui.render_plan import (
    NO_OPENGL,
    PI_RESOLUTION,
    art_here,
    choose,
    raspberry_pi,
    software_only,
)

SIZE = (1280, 720)
BLOCK = 8
"""Pixels averaged into one block before comparing: multisampling changes a shape's edge by
a pixel or two, which a block's mean hardly sees; a card changed or missing it sees at once."""
MOST_BLOCK_DIFFERENCE = 50
"""Out of 255, per colour channel, of any 8x8 block's mean (measured: up to 28 on the cards;
45 on the admin screen, whose text is scaled to fit the window and anti-aliased a little
differently by each API; a recoloured card is 59, a hidden one 120)."""
MOST_PIXELS_OFF = 0.02
"""The share of pixels allowed to differ by more than 48 in a channel (measured: under 1 %)."""

Hook = Callable[[object], None]


def render(view: str, out: Path, api: str, before: Hook | None = None) -> Image.Image:
    settings = TableSettings(render=api, volume=0.0)
    screenshot(view, out / f"{view}-{api}.png", "lords", 6, 1, SIZE, settings,
               before=before)  # type: ignore[arg-type]
    return Image.open(out / f"{view}-{api}.png").convert("RGB")


def differences(a: Image.Image, b: Image.Image) -> tuple[int, float]:
    """(the largest block-mean difference, the share of pixels more than 48 apart)."""
    blocks = ImageChops.difference(a.reduce(BLOCK), b.reduce(BLOCK))
    largest = max(high for _low, high in blocks.getextrema())
    pixels = ImageChops.difference(a, b)
    off = sum(pixels.point(lambda v: 255 if v > 48 else 0).convert("L").point(
        lambda v: 1 if v else 0).histogram()[1:])
    return largest, off / (a.width * a.height)


def alike(a: Image.Image, b: Image.Image) -> bool:
    largest, off = differences(a, b)
    return largest <= MOST_BLOCK_DIFFERENCE and off <= MOST_PIXELS_OFF


@pytest.mark.parametrize("view", VIEWS)
def test_every_view_through_gles_looks_as_through_desktop_gl(view: str, tmp_path: Path) -> None:
    gl = render(view, tmp_path, "gl")
    gles = render(view, tmp_path, "gles")
    assert gl.size == gles.size == SIZE
    assert len(gl.getcolors(1 << 16) or range(1 << 16)) > 20  # a real scene, not a blank one
    assert alike(gl, gles), differences(gl, gles)


def _one_card(change: Callable[[object], None]) -> Hook:
    """Change one card that no other card overlaps (a fault the comparison must see)."""
    def before(window: object) -> None:
        cards = [s for s in window.scene.card_sprites if s.visible]  # type: ignore[attr-defined]
        change(next(card for card in cards if not any(
            other is not card and abs(other.center_x - card.center_x) < card.width
            and abs(other.center_y - card.center_y) < card.height for other in cards)))
    return before


def _hide(sprite: object) -> None:
    sprite.visible = False  # type: ignore[attr-defined]


def _tint(sprite: object) -> None:
    sprite.color = (255, 140, 140, 255)  # type: ignore[attr-defined]


@pytest.mark.parametrize("fault", [_hide, _tint], ids=["a missing card", "a card recoloured"])
def test_the_comparison_fails_on_a_missing_or_recoloured_card(
        fault: Callable[[object], None], tmp_path: Path) -> None:
    gl = render("table", tmp_path, "gl")
    assert not alike(gl, render("table", tmp_path, "gles", _one_card(fault)))


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "ARCADE_HEADLESS": "1", **env})


ES_WINDOW = ("import arcade\n{mend}\n"
             "arcade.Window(64, 64, visible=False, gl_api='opengles', gl_version=(3, 1), "
             "antialiasing=False)\nprint('opened')")


def test_arcade_still_has_the_restart_index_fault() -> None:
    """When this fails, the installed Arcade opens ES windows by itself: delete
    `mend_restart_index` in seigneurs/ui/arcade_gles.py."""
    done = _python(ES_WINDOW.format(mend=""))
    assert done.returncode != 0 and "0x1282" in done.stderr, done.stderr[-800:]


def test_arcade_still_has_the_integer_sampler_fault() -> None:
    """When this fails, the installed Arcade's ES shaders compile by themselves: delete the
    precision mend in seigneurs/ui/arcade_gles.py (keep the highp float if the views still
    differ from desktop GL)."""
    mend = "from seigneurs.ui.arcade_gles import mend_restart_index; mend_restart_index()"
    done = _python(ES_WINDOW.format(mend=mend))
    assert done.returncode != 0 and "isampler2D" in done.stderr, done.stderr[-800:]
    mended = _python(ES_WINDOW.format(mend="from seigneurs.ui.arcade_gles import mend; mend()"))
    assert mended.returncode == 0 and "opened" in mended.stdout, mended.stderr[-800:]


WINDOW = ("import logging; logging.basicConfig(level=logging.INFO)\n"
          "from seigneurs.kiosk.config import TableSettings\n"
          "from seigneurs.ui.window import SeigneursWindow\n"
          "w = SeigneursWindow(320, 200, visible=False, settings=TableSettings("
          "render={render!r}, volume=0.0))\n"
          "print(w.ctx.gl_api, w.render_plan.samples)")


def test_without_desktop_gl_the_table_draws_through_gles_and_says_which_setting_asked() -> None:
    """Mesa made to offer desktop OpenGL 3.0 only (too old for Arcade), as on a machine
    whose driver has only ES: `auto` opens the table through ES; so does `gl`, whose log line
    names the setting that asked for what the machine cannot give (a dark table helps
    nobody)."""
    auto = _python(WINDOW.format(render="auto"), MESA_GL_VERSION_OVERRIDE="3.0")
    assert auto.returncode == 0, auto.stderr[-800:]
    assert auto.stdout.split() == ["opengles", "0"]
    assert "no desktop OpenGL 3.3" in auto.stderr and "OpenGL ES" in auto.stderr
    assert "asks for" not in auto.stderr
    forced = _python(WINDOW.format(render="gl"), MESA_GL_VERSION_OVERRIDE="3.0")
    assert forced.returncode == 0, forced.stderr[-800:]
    assert forced.stdout.split() == ["opengles", "0"]
    assert 'which render = "gl" asks for: drawing through OpenGL ES 3.1' in forced.stderr


def test_without_gles_an_es_setting_draws_through_desktop_gl() -> None:
    """ES made to stop at 2.0 (no 3.1): `render = "gles"` opens the table through desktop
    OpenGL, and says why."""
    done = _python(WINDOW.format(render="gles"), MESA_GLES_VERSION_OVERRIDE="2.0")
    assert done.returncode == 0, done.stderr[-800:]
    assert done.stdout.split() == ["opengl", "0"]
    assert 'no OpenGL ES 3.1' in done.stderr and 'which render = "gles" asks for' in done.stderr


def test_with_neither_opengl_the_table_stops_in_one_line_naming_both(tmp_path: Path) -> None:
    """Neither desktop OpenGL 3.3 nor ES 3.1: `seigneurs play` says so in one line, each
    API's reason in it, and leaves with NO_OPENGL (kiosk.sh restarts no such run by hand);
    no traceback."""
    neither = {"MESA_GL_VERSION_OVERRIDE": "3.0", "MESA_GLES_VERSION_OVERRIDE": "2.0",
               "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "seigneurs", "play", "--window", "320x240",
                           "--first-frame"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "ARCADE_HEADLESS": "1", **neither})
    assert done.returncode == NO_OPENGL, done.stderr[-800:]
    assert "Traceback" not in done.stderr
    line = next(line for line in done.stderr.splitlines() if "no OpenGL the table" in line)
    assert line.startswith("seigneurs play: error: ")
    assert "desktop OpenGL 3.3:" in line and "OpenGL ES 3.1:" in line


PI_WINDOW = ("import arcade.application, sys\nfrom pathlib import Path\n"
             "from seigneurs.kiosk.config import TableSettings\n"
             "from seigneurs.ui.gl_setup import NoOpenGL, open_window\n"
             "arcade.application.is_raspberry_pi = lambda: True  # as Arcade finds a Pi\n"
             "w = arcade.Window.__new__(arcade.Window)\n"
             "try:\n"
             "    open_window(w, TableSettings(), 64, 64, visible=False,"
             " model_file=Path({model!r}))\n"
             "except NoOpenGL as error:\n"
             "    print(error); sys.exit(3)\n"
             "print('opened', w.ctx.gl_api)")


def test_on_a_pi_without_gles_the_table_stops_naming_es_alone(tmp_path: Path) -> None:
    """Arcade opens ES on a Pi whatever it is asked, so a second try "through desktop
    OpenGL" was ES again, and the line said desktop OpenGL had failed too (a Pi 3's VC4 gives
    ES 2.0 only, as Mesa is made to here): the table stops at once, naming ES and the Pi."""
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 3 Model B Rev 1.2\0")
    done = _python(PI_WINDOW.format(model=str(model)), MESA_GLES_VERSION_OVERRIDE="2.0")
    assert done.returncode == 3, done.stderr[-800:]
    assert "OpenGL ES 3.1:" in done.stdout and "a Raspberry Pi (Raspberry Pi 3" in done.stdout
    assert "desktop OpenGL" not in done.stdout + done.stderr
    opened = _python(PI_WINDOW.format(model=str(model)))
    assert opened.stdout.split() == ["opened", "opengles"], opened.stderr[-800:]


def test_play_looks_at_the_pi_profiles_art_before_any_window_library_loads(
        tmp_path: Path) -> None:
    """The card art `seigneurs play` looks at first is the one the window will load, told
    without Arcade (a broken picture stops the table before it loads its libraries)."""
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    assert art_here(TableSettings(resolution="2160p"), model) == PI_RESOLUTION
    assert art_here(TableSettings(resolution="2160p", profile="full"), model) == "2160p"
    assert art_here(TableSettings(resolution="2160p", profile="pi"), tmp_path / "none") == \
        PI_RESOLUTION
    assert art_here(TableSettings(resolution="2160p"), tmp_path / "none") == "2160p"
    done = _python("import sys\nimport seigneurs.ui.render_plan\n"
                   "print(sorted(m for m in ('arcade', 'pyglet') if m in sys.modules))")
    assert done.stdout.split() == ["[]"], done.stderr[-800:]


def test_multisampling_is_on_for_desktop_gl_and_off_by_the_setting() -> None:
    assert choose(TableSettings(), None).samples == 4
    assert choose(TableSettings(multisampling=False), None).samples == 0
    assert choose(TableSettings(render="gles"), None).samples == 0


def test_multisampling_is_off_where_mesa_draws_in_software() -> None:
    software = choose(TableSettings(), None, software=True)
    assert (software.api, software.samples, software.profile) == ("gl", 0, "full")


def test_drawing_in_software_is_told_by_the_gpu_devices_and_mesa_settings(
        tmp_path: Path) -> None:
    """A Linux machine with no DRM node and no NVIDIA device draws in Mesa's llvmpipe, as one
    told to by LIBGL_ALWAYS_SOFTWARE or GALLIUM_DRIVER does."""
    assert software_only(tmp_path, {})
    (tmp_path / "dri").mkdir()
    assert software_only(tmp_path, {})  # the folder alone: no device in it
    (tmp_path / "dri" / "renderD128").touch()
    assert not software_only(tmp_path, {})
    assert software_only(tmp_path, {"LIBGL_ALWAYS_SOFTWARE": "1"})
    assert software_only(tmp_path, {"LIBGL_ALWAYS_SOFTWARE": "true"})
    assert not software_only(tmp_path, {"LIBGL_ALWAYS_SOFTWARE": "0"})
    assert software_only(tmp_path, {"GALLIUM_DRIVER": "llvmpipe"})
    assert not software_only(tmp_path, {"GALLIUM_DRIVER": "iris"})
    nvidia = tmp_path / "nvidia"
    nvidia.mkdir()
    (nvidia / "nvidia0").touch()
    assert not software_only(nvidia, {})


def test_a_device_folder_that_cannot_be_listed_leaves_multisampling_as_set(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The window still opens: the GPU is taken to be there, and the log says why."""
    unreadable = tmp_path / ("d" * 300)  # a name the file system refuses (ENAMETOOLONG)
    assert not software_only(unreadable, {})
    assert "could not list" in caplog.text and "multisampling stays as set" in caplog.text


PROBE = ("import logging, sys; logging.basicConfig(level=logging.INFO)\n"
         "from ctypes import byref\nfrom pathlib import Path\nimport arcade, pyglet\n"
         "from seigneurs.kiosk.config import TableSettings\n"
         "from seigneurs.ui.gl_setup import close_window, open_window\n"
         "w = arcade.Window.__new__(arcade.Window)\n"
         "plan = open_window(w, TableSettings(), 64, 64, visible=False,\n"
         "                   devices=Path({devices!r}))\n"
         "n = pyglet.gl.GLint(); pyglet.gl.glGetIntegerv(pyglet.gl.GL_SAMPLES, byref(n))\n"
         "print(plan.samples, n.value, pyglet.gl.gl_info.get_renderer())\nclose_window(w)")


def test_a_real_window_multisamples_only_where_a_gpu_device_is(tmp_path: Path) -> None:
    """The framebuffer itself has the samples the plan chose: none with no GPU device; 4
    with one, and where Mesa draws in software all the same (here: llvmpipe, as in a VM whose
    display has no 3D driver), the log tells the adults to turn multisampling off."""
    none = _python(PROBE.format(devices=str(tmp_path)))
    assert none.returncode == 0, none.stderr[-800:]
    assert none.stdout.split()[:2] == ["0", "0"]
    assert "set multisampling = false" not in none.stderr
    (tmp_path / "dri").mkdir()
    (tmp_path / "dri" / "renderD128").touch()
    gpu = _python(PROBE.format(devices=str(tmp_path)))
    assert gpu.returncode == 0, gpu.stderr[-800:]
    samples, framebuffer, renderer = gpu.stdout.split(maxsplit=2)
    assert (samples, framebuffer) == ("4", "4")
    software = any(name in renderer for name in SOFTWARE_RENDERERS)
    assert ("set multisampling = false" in gpu.stderr) == software


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Pi runs Linux")
def test_a_pi_is_told_by_its_device_tree(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\0")
    assert raspberry_pi(model) == "Raspberry Pi 4 Model B Rev 1.4"
    model.write_bytes(b"Pine64 RockPro64 v2.1\0")
    assert raspberry_pi(model) is None
    assert raspberry_pi(tmp_path / "absent") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Pi runs Linux")
@pytest.mark.parametrize("text", [b"Raspberry Pi 5 Model B Rev 1.0\0",
                                  b"Raspberry Pi Compute Module 4 Rev 1.1\0",
                                  b"raspberry pi 400 rev 1.0\0", b"Pine64 RockPro64 v2.1\0",
                                  b"QEMU Virt Machine (Raspberry Pi lookalike)\0", b"\0",
                                  b"Raspberry Pi \xff\0"])
def test_a_pi_is_told_as_arcade_tells_it(tmp_path: Path, text: bytes,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Arcade opens OpenGL ES on whatever it takes for a Pi, asked or not: a machine we took
    for no Pi would get ES with the desktop plan's multisampling and log. Both read one file
    here, by Arcade's own function."""
    import arcade.utils

    model = tmp_path / "model"
    model.write_bytes(text)
    monkeypatch.setattr(arcade.utils, "Path", lambda _path: model)
    arcade_says, _arch, arcade_model = arcade.utils.get_raspberry_pi_info()
    ours = raspberry_pi(model)
    assert (ours is not None) == arcade_says
    assert ours is None or ours == arcade_model.strip("\0")


def test_the_pi_profile_is_chosen_on_a_pi_and_by_the_setting() -> None:
    pi = "Raspberry Pi 5 Model B Rev 1.0"
    on_pi = choose(TableSettings(resolution="2160p"), pi)
    assert (on_pi.api, on_pi.samples, on_pi.resolution, on_pi.profile) == (
        "gles", 0, PI_RESOLUTION, "pi")
    assert on_pi.asked_by == f"a Raspberry Pi ({pi})"  # said should ES fail there
    full_on_pi = choose(TableSettings(resolution="2160p", profile="full"), pi)
    assert (full_on_pi.api, full_on_pi.resolution) == ("gles", "2160p")  # a Pi is ES always
    asked = choose(TableSettings(profile="pi"), None)
    assert (asked.api, asked.samples, asked.profile) == ("gles", 0, "pi")
    desktop = choose(TableSettings(resolution="2160p"), None)
    assert (desktop.api, desktop.samples, desktop.resolution, desktop.profile) == (
        "gl", 4, "2160p", "full")
    assert desktop.asked_by == ""  # auto's desktop GL: its fallback to ES is no surprise
    assert choose(TableSettings(render="gl"), None).asked_by == 'render = "gl"'
    assert asked.asked_by == 'profile = "pi"'
    assert choose(TableSettings(render="gles"), None).asked_by == 'render = "gles"'


def test_the_file_chooses_render_multisampling_and_profile(tmp_path: Path) -> None:
    """The three keys read from a real file; a wrong one falls back to its default, named."""
    from seigneurs.kiosk.config import load

    path = tmp_path / "config.toml"
    path.write_text('[table]\nrender = "gles"\nmultisampling = false\nprofile = "pi"\n',
                    encoding="utf-8")
    settings, problems = load(path)
    assert (settings.render, settings.multisampling, settings.profile) == ("gles", False, "pi")
    assert problems == []
    path.write_text('[table]\nrender = "vulkan"\nprofile = "pi"\n', encoding="utf-8")
    settings, problems = load(path)
    assert (settings.render, settings.profile) == ("auto", "pi")
    assert len(problems) == 1 and "render" in str(problems[0])
    assert "gles" in str(problems[0])


def test_the_precisions_go_after_arcades_own_else_after_the_opening_directives() -> None:
    """Should a release of the pinned Arcade series word its float precision otherwise, the
    mend still declares the integer sampler's precision where GLSL ES allows it (after
    `#version` and `#extension`), instead of failing every shader at start."""
    arcade_header = ["#version 310 es", "#extension GL_EXT_geometry_shader : require",
                     "precision mediump float;", "uniform isampler2D index;"]
    assert precisions_at(arcade_header) == 3
    reworded = ["#version 310 es", "#extension GL_EXT_geometry_shader : require",
                "precision lowp float; // reworded", "void main() {}"]
    assert precisions_at(reworded) == 2
    assert precisions_at(["  #version 310 es", "void main() {}"]) == 1
    assert precisions_at(["#version 310 es"]) == 1


def test_es_shaders_compile_with_arcades_precision_line_reworded() -> None:
    """The same, in a real ES window: Arcade's header line altered as a new release might, the
    mended shaders compile and the window opens."""
    reword = ("from arcade.gl.backends.opengl import glsl\n"
              "init = glsl.ShaderSource.__init__\n"
              "def reworded(self, ctx, *a, **k):\n"
              "    init(self, ctx, *a, **k)\n"
              "    self._lines = [l.replace('precision mediump float;', "
              "'precision mediump float; // 3.3.x') for l in self._lines]\n"
              "glsl.ShaderSource.__init__ = reworded\n"
              "from seigneurs.ui.arcade_gles import mend; mend()")
    done = _python(ES_WINDOW.format(mend=reword))
    assert done.returncode == 0 and "opened" in done.stdout, done.stderr[-800:]
