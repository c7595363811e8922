"""`seigneurs bench`: a busy six-seat table, measured headless.

Textures are counted from the moment the window stands (media loaded), so the lobby, the deal
and the play all count.

Fingers (ten unless told) drag cards around for a while (each finger belongs to a seat through
a user id, seat = finger mod 6, so six hold a card and the others are refused, as on a real
crowded table); every so often a finger lifts and touches another card. Per frame it measures
the thread's own CPU time (`time.thread_time`: what this thread spent, whatever else runs on
the machine) of the update (touch input, game actions, physics, sprite sync) and, apart, of the
draw submission (the view's `on_draw`: the GL calls handed to the driver, whose rendering is
not waited for), the draw calls, the textures created after start-up, and whether every moved
finger's card moved in that same frame; each frame ends as play ends it
(`SeigneursWindow.end_frame`: flushed, freed GL objects released), then the frames per second
drawn and the run's own peak memory (`peak_memory`).

With `clip` (`--clip-pixels`), every draw call is still made but its pixels are clipped to one
(a 1x1 scissor): a stand-in for a GPU. Where Mesa draws in software, its rasteriser runs on the
same cores as the table and leaves the update's data out of the caches, the more so the larger
the frame (docs/measurements.md); a GPU, as on a Raspberry Pi, rasterises off the CPU. The clear
still fills the whole frame and the GL calls still run here, so a clipped figure is still over
what a GPU machine would spend.
"""

from __future__ import annotations

import math
import os
import resource
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from seigneurs.tools.figures import p99

FINGERS = 10
CLIP_BOX = (0, 0, 1, 1)
"""The scissor box (x, y, width, height) a `clip` run draws through: one pixel."""
SWEEP = (1, 5, 10, 20, 40)
"""The fingers' counts `seigneurs bench --fingers-sweep` measures unless told."""
PROC_SELF = Path("/proc/self")


@dataclass(frozen=True, slots=True)
class BenchReport:
    """The figures `seigneurs bench` prints (and docs/measurements.md quotes)."""

    frames: int
    fingers: int
    update_cpu_ms_p50: float
    update_cpu_ms_p99: float
    draw_cpu_ms_p50: float
    draw_cpu_ms_p99: float
    """The draw submission's thread CPU (the software renderer's own threads not counted)."""
    draw_calls_per_frame: float
    gl_objects_left_to_free: int
    """GL objects let go of but not yet freed when the run ended (0: every frame ended)."""
    textures_created_after_start: int
    fps_drawn: float
    peak_memory_mb: float
    """The process's peak resident memory over this run (`peak_memory`)."""
    moves_shown_next_frame: float
    size: tuple[int, int]
    drawing: str
    """Who drew the frames, and with how many samples (the figures depend on it: a software
    renderer's memory traffic is the update's cache misses too)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@contextmanager
def counting_draw_calls() -> Iterator[list[int]]:
    """Count glDraw*/glMultiDraw* calls made by arcade and by pyglet's text batches."""
    import pyglet.gl
    import pyglet.graphics
    import pyglet.graphics.vertexdomain

    counter = [0]
    patched: list[tuple[Any, str, Callable[..., Any]]] = []
    modules: tuple[Any, ...] = (pyglet.gl, pyglet.graphics, pyglet.graphics.vertexdomain)
    for module in modules:
        for name in dir(module):
            if name.startswith(("glDraw", "glMultiDraw")):
                original = getattr(module, name)

                def counted(*args: Any, _original: Callable[..., Any] = original) -> Any:
                    counter[0] += 1
                    return _original(*args)

                setattr(module, name, counted)
                patched.append((module, name, original))
    try:
        yield counter
    finally:
        for module, name, original in patched:
            setattr(module, name, original)


@dataclass(frozen=True, slots=True)
class Played:
    """One bench run's frames, as measured (update and draw apart), before any summary."""

    update: list[float]
    draw: list[float]
    downs: list[bool]
    """Whether a finger touched down in that frame (a lift and a new card's hit-test)."""
    calls: list[int]
    moved: int
    shown: int
    seconds: float
    objects_left: int
    textures_created: int
    drawing: str


Measure = Callable[[Callable[[], object]], float]
"""How a bench run measures a frame's update and its draw: runs the work, returns its cost."""


def thread_cpu_ms(work: Callable[[], object]) -> float:
    """The thread's own CPU time `work` took, in ms (other work on the machine not counted)."""
    begin = time.thread_time()
    work()
    return (time.thread_time() - begin) * 1000


def peak_memory(proc: Path = PROC_SELF) -> Callable[[], int]:
    """Start the process's peak resident memory afresh and return how to read it, in KiB,
    from then on. On Linux the peak is reset (5 into clear_refs, then VmHWM), so each run of a
    `--fingers-sweep` reports its own peak, not the highest of the runs before it (what it
    reported before; getrusage's ru_maxrss also keeps the peak any thread that ended saw,
    such as a closed window's renderer threads); where it cannot be reset, the process's peak
    so far."""
    try:
        (proc / "clear_refs").write_text("5")
    except OSError:
        return lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

    def since() -> int:
        for line in (proc / "status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return since


def run_bench(frames: int = 900, size: tuple[int, int] = (1280, 720),
              fingers_down: int = FINGERS, clip: bool = False) -> BenchReport:
    """Play `frames` frames of a busy table with `fingers_down` fingers and measure them
    (`clip`: the pixels clipped to one, a stand-in for a GPU)."""
    peak = peak_memory()
    run = play_busy_table(frames, size, fingers_down, thread_cpu_ms, clip=clip)
    return BenchReport(
        frames=frames,
        fingers=fingers_down,
        update_cpu_ms_p50=round(statistics.median(run.update), 3),
        update_cpu_ms_p99=p99(run.update),
        draw_cpu_ms_p50=round(statistics.median(run.draw), 3),
        draw_cpu_ms_p99=p99(run.draw),
        draw_calls_per_frame=round(statistics.mean(run.calls), 2),
        gl_objects_left_to_free=run.objects_left,
        textures_created_after_start=run.textures_created,
        fps_drawn=round(frames / run.seconds, 1),
        peak_memory_mb=round(peak() / 1024, 1),
        moves_shown_next_frame=round(run.shown / run.moved, 4) if run.moved else 0.0,
        size=size,
        drawing=run.drawing,
    )


def play_busy_table(frames: int, size: tuple[int, int], fingers_down: int,
                    measure: Measure, clip: bool = False,
                    draw_measure: Measure | None = None) -> Played:
    """Play `frames` frames of a busy table with `fingers_down` fingers, each frame's update
    and draw measured by `measure` (the draw by `draw_measure` where given: a count of the
    update alone; `clip`: drawn through the CLIP_BOX scissor)."""
    measure_draw = measure if draw_measure is None else draw_measure
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from seigneurs.input.sources import ScriptedSource
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.table.controller import COUNTDOWN
    from seigneurs.ui.race_view import RaceView
    from seigneurs.ui.window import SeigneursWindow

    source = ScriptedSource()
    users = {finger: finger % 6 for finger in range(fingers_down)}
    window = SeigneursWindow(*size, visible=False, sources=[source],
                             settings=TableSettings(user_seats=users, volume=0.0), seed=1)
    window.media.load_all()  # what loads while the lobby stands; the bench deals at once
    textures_at_start = window.ctx.stats.texture[0]
    try:
        window.nav.deal("kids", [None] * 6, seed=1)
        view = window.scene
        assert isinstance(view, RaceView)
        for _ in range(int(COUNTDOWN * 60) + 2):
            window.step()
        for seat in range(6):  # Kids starts when every locomotive is turned (R23)
            source.down(100 + seat, *_norm(window, view.locos[seat].position), 0.0, seat)
            source.up(100 + seat, *_norm(window, view.locos[seat].position), 0.0, seat)
        window.step()
        ctx = window.ctx
        if clip:  # the view's clear lifts the box for itself: it still fills the frame
            ctx.scissor = CLIP_BOX
        update: list[float] = []
        draw: list[float] = []
        downs: list[bool] = []
        calls: list[int] = []
        shown = moved = 0
        t = 0.0
        fingers: dict[int, int] = {}  # finger -> its current touch id
        next_touch = 1000
        started = time.perf_counter()
        with counting_draw_calls() as draws:
            for frame in range(frames):
                t += 1 / 60
                down = False
                for finger in range(fingers_down):
                    if frame % 120 == finger * 11 % 120 or finger not in fingers:
                        if finger in fingers:
                            source.up(fingers[finger], *_finger(window, finger, t), t, finger)
                        cards = [c for c in view.physics.bodies
                                 if view.game.table_mask >> c & 1]
                        card = cards[(frame + finger * 7) % len(cards)]
                        x, y = view.physics.bodies[card].position
                        fingers[finger] = next_touch
                        source.down(next_touch, *_norm(window, (x, y)), t, finger)
                        next_touch += 1
                        down = True
                    else:
                        source.move(fingers[finger], *_finger(window, finger, t), t, finger)
                downs.append(down)
                before = {f: _held_position(view, f) for f in range(6)}
                update.append(measure(lambda: window.on_update(1 / 60)))
                for seat, position in before.items():
                    after = _held_position(view, seat)
                    if position is not None and after is not None:
                        moved += 1
                        shown += position != after
                draws[0] = 0
                draw.append(measure_draw(window.scene.on_draw))
                calls.append(draws[0])
                window.end_frame()
        ctx.finish()  # the last frames rendered too, so the rate counts whole frames
        return Played(update, draw, downs, calls, moved, shown, time.perf_counter() - started,
                      len(ctx.objects), ctx.stats.texture[0] - textures_at_start,
                      _drawing(window, clip))
    finally:
        window.close()


def _drawing(window: Any, clip: bool) -> str:
    import pyglet

    clipped = ", pixels clipped to one (a stand-in for a GPU)" if clip else ""
    return f"{pyglet.gl.gl_info.get_renderer()}, {window.render_plan.sampling}{clipped}"


def _norm(window: Any, point: tuple[float, float]) -> tuple[float, float]:
    return point[0] / window.width, point[1] / window.height


def _finger(window: Any, finger: int, t: float) -> tuple[float, float]:
    """A finger's path: a slow Lissajous loop over the middle of the table."""
    return (0.5 + 0.3 * math.sin(t * (0.7 + finger * 0.11) + finger),
            0.5 + 0.22 * math.sin(t * (0.9 + finger * 0.07) + finger * 2))


def _held_position(view: Any, seat: int) -> tuple[float, float] | None:
    card = view.session.control.hands.carried(seat)
    if card is None:
        return None
    sprite = view.card_sprites[card]
    return (round(sprite.center_x, 3), round(sprite.center_y, 3))
