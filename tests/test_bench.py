"""`seigneurs bench` runs headless and its non-timing promises hold (issue: the touch table)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable

import pytest

from seigneurs.cli import main
from seigneurs.tools.bench import peak_memory


def test_bench_busy_table_draws_in_few_calls_and_makes_no_textures(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--frames", "120", "--json"]) == 0
    after = peak_mib()
    report = json.loads(capsys.readouterr().out)
    assert report["frames"] == 120 and report["fingers"] == 10
    assert report["textures_created_after_start"] == 0
    assert 1 <= report["draw_calls_per_frame"] <= 8
    assert report["moves_shown_next_frame"] == 1.0  # a finger's card moves in that frame
    # Every frame ended as play ends it: nothing the views let go of waits to be freed
    # (without SeigneursWindow.end_frame, 155 objects were left after 300 frames).
    assert report["gl_objects_left_to_free"] == 0
    # The run's own peak, in MiB: a window with its textures, not over the process's peak
    # (VmHWM and getrusage read the kernel's per-CPU page counters, each as it stands: they
    # may differ by a few hundred KiB, 0.17 MiB seen)
    assert 40 <= report["peak_memory_mb"] <= after + 2
    # Thread CPU, update and draw apart: half the frames took at least the medians, and the
    # thread cannot have spent more than the whole run's time (fps_drawn).
    for part in ("update", "draw"):
        p50, p99 = report[f"{part}_cpu_ms_p50"], report[f"{part}_cpu_ms_p99"]
        assert 0 < p50 <= p99
    spent = (report["update_cpu_ms_p50"] + report["draw_cpu_ms_p50"]) * 120 / 2
    assert spent <= 1000 * 120 / report["fps_drawn"] * 1.01


def test_bench_sweeps_the_fingers_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: one report per fingers' count, each naming its count; a lone finger's card
    moves in its frame too."""
    assert main(["bench", "--frames", "60", "--fingers-sweep", "1,7", "--json"]) == 0
    reports = json.loads(capsys.readouterr().out)
    assert [r["fingers"] for r in reports] == [1, 7]
    assert all(r["moves_shown_next_frame"] == 1.0 and r["gl_objects_left_to_free"] == 0
               for r in reports)
    assert main(["bench", "--frames", "60", "--fingers", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 fingers" in out and "update, thread CPU per frame" in out
    assert "draw submission, thread CPU per frame" in out


def test_bench_counts_opcodes_growing_with_the_fingers(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: `--opcodes` counts each frame's Python work (the same on a busy machine),
    move-only frames and frames with a touch-down apart: seven fingers' moves cost more than
    one finger's, and so do their touch-downs."""
    assert main(["bench", "--opcodes", "--frames", "60", "--fingers-sweep", "1,7",
                 "--json"]) == 0
    one, seven = json.loads(capsys.readouterr().out)
    assert (one["fingers"], seven["fingers"]) == (1, 7)
    # frame 0 lands every finger; finger f lifts and lands again at frame 11 f
    assert (one["update_downs"]["frames"], seven["update_downs"]["frames"]) == (1, 6)
    assert one["update_moves"]["frames"] + 1 == seven["update_moves"]["frames"] + 6 == 60
    for kind in ("update_moves", "update_downs"):
        assert 0 < one[kind]["mean"] < seven[kind]["mean"]
        assert 0 < one[kind]["median"] <= one[kind]["p99"]
    assert 0 < seven["draw"]["median"] <= seven["draw"]["p99"]
    assert main(["bench", "--opcodes", "--frames", "60", "--fingers", "2"]) == 0
    assert "Python opcodes per frame" in capsys.readouterr().out


def test_bench_opcodes_are_the_same_run_after_run() -> None:
    """Issue 27: a count, unlike a time, is the same when the command is run again, each run
    its own process as at the command line. (Inside one process, what earlier code left warm
    moves a touch-down frame's count a little: after a bench at another size, 16,191 opcodes
    against 16,205; the suite's other tests in the same worker did so on CI.)"""
    command = [sys.executable, "-m", "seigneurs", "bench", "--opcodes", "--frames", "60",
               "--fingers", "7", "--json"]
    env = dict(os.environ, ARCADE_HEADLESS="1")
    first, second = (subprocess.run(command, env=env, capture_output=True, text=True,
                                    timeout=300, check=True).stdout for _ in range(2))
    assert json.loads(first)[0]["update_downs"]["mean"] > 0
    assert first == second


@pytest.mark.parametrize("args", [["--fingers", "0"], ["--fingers-sweep", "1,x"],
                                  ["--fingers-sweep", "5,61"], ["--fingers-sweep", ""]])
def test_bench_refuses_a_fingers_count_out_of_range(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["bench", *args])
    assert stop.value.code == 2 and "1 to 60" in capsys.readouterr().err


def peak_mib() -> float:
    """This process's peak resident memory so far, in MiB (Linux counts ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


CAN_RESET_PEAK = os.access("/proc/self/clear_refs", os.W_OK)


@pytest.mark.skipif(not CAN_RESET_PEAK, reason="the peak is reset through Linux's clear_refs")
def test_each_run_of_a_sweep_reports_its_own_peak_memory(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: a sweep's later counts reported the highest peak of the runs before them: the
    peak is reset at each run's start (Linux), so 300 MiB held and freed before a run is not
    that run's peak, and what is taken after the reset is."""
    with_ballast = _touched_and_freed(300)
    since = peak_memory()
    at_reset = since()
    assert at_reset / 1024 < with_ballast - 250
    _resident(100)  # held, then freed
    assert since() / 1024 >= at_reset / 1024 + 95  # the peak after the reset is seen
    # and the bench's own run: 800 MiB before it are no part of its peak
    with_ballast = _touched_and_freed(800)
    assert main(["bench", "--frames", "60", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["peak_memory_mb"] < with_ballast - 400


def _touched_and_freed(mib: int) -> float:
    """The process's peak in MiB (getrusage) with `mib` MiB more resident, then freed."""
    ballast = _resident(mib)
    peak = peak_mib()
    del ballast
    return peak


def _resident(mib: int) -> bytearray:
    """`mib` MiB with every page touched: resident, not only reserved."""
    block = bytearray(mib * 1024 * 1024)
    block[::4096] = b"\x01" * len(block[::4096])
    return block


@pytest.mark.parametrize("other", ["--decoders", "--startup", "--opcodes"])
def test_bench_refuses_clipped_pixels_where_they_mean_nothing(
        other: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A flag that would change nothing is refused, not ignored."""
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--clip-pixels", other])
    assert stop.value.code == 2 and "--clip-pixels" in capsys.readouterr().err


def test_bench_rejects_too_few_frames(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["bench", "--frames", "5"])
    assert stop.value.code == 2 and "at least 60" in capsys.readouterr().err


def test_decoder_bench_without_python_osc_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: python-osc is only in the `bench` and `test` extras; without it the decoder
    benchmark names the extra to install instead of failing with a traceback."""
    import sys

    for name in [n for n in sys.modules if n.split(".")[0] == "pythonosc"] + ["pythonosc"]:
        monkeypatch.setitem(sys.modules, name, None)  # importing it raises, as if absent
    monkeypatch.delitem(sys.modules, "seigneurs.tools.decoder_bench", raising=False)
    assert main(["bench", "--decoders"]) == 1
    err = capsys.readouterr().err
    assert "python-osc" in err and "pip install 'seigneurs[bench]'" in err


def test_p99_is_the_nearest_rank_both_tools_report() -> None:
    """One reading of p99 for the bench and the crowd: 99 of 100 frames do not exceed it."""
    from seigneurs.tools.figures import p99
    assert p99([float(v) for v in range(100, 0, -1)]) == 99.0
    assert p99([float(v) for v in range(1, 151)]) == 149.0  # rank ceil(148.5) = 149
    assert p99([0.5]) == 0.5 and p99([]) == 0.0


def test_bench_clipped_makes_the_same_draw_calls_and_shows_one_pixel(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27: `--clip-pixels` stands in for a GPU: every draw call is still made (as many
    as in a run drawn in full), but in no frame does a pixel outside the CLIP_BOX show anything
    but the clear colour; drawn in full, every frame shows the table."""
    import arcade

    from seigneurs.tools.bench import CLIP_BOX, play_busy_table

    frames = 60

    def colours_shown(clip: bool) -> tuple[list[int], list[int], str]:
        """How many colours each frame shows outside CLIP_BOX (65: more than 64), each
        frame's draw calls, and who drew."""
        colours: list[int] = []
        measured = [0]

        def measure(work: Callable[[], object]) -> float:
            work()
            measured[0] += 1
            if measured[0] % 2 == 0:  # a draw (each frame's update, then its draw)
                window = arcade.get_window()
                frame = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
                x, y, w, h = CLIP_BOX  # the image's rows run top down, GL's bottom up
                frame.paste((0, 0, 0), (x, window.height - y - h, x + w, window.height - y))
                found = frame.getcolors(maxcolors=64)
                colours.append(65 if found is None else len(found))
            return 0.0

        run = play_busy_table(frames, (320, 180), 10, measure, clip=clip)
        return colours, run.calls, run.drawing

    full, full_calls, full_drawing = colours_shown(clip=False)
    clipped, clipped_calls, clipped_drawing = colours_shown(clip=True)
    assert len(full) == len(clipped) == frames
    assert min(full) > 64  # the table, every frame
    assert max(clipped) <= 2  # the clear colour, and black where CLIP_BOX was
    assert clipped_calls == full_calls and min(full_calls) >= 1
    assert "clipped" in clipped_drawing and "clipped" not in full_drawing
    assert main(["bench", "--frames", "60", "--fingers", "2", "--clip-pixels", "--json"]) == 0
    assert "clipped" in json.loads(capsys.readouterr().out)["drawing"]


def test_a_separate_draw_measure_takes_every_draw_and_no_update() -> None:
    """`bench_against.py --instructions` counts the update alone: with `draw_measure`, each
    frame's update goes to `measure` and its draw (the view's `on_draw`, which sets GL state)
    to `draw_measure`, never the other way round."""
    from seigneurs.tools.bench import play_busy_table

    frames = 20
    updates: list[bool] = []
    draws: list[bool] = []

    def drawing_now(work: Callable[[], object], seen: list[bool]) -> float:
        name = getattr(work, "__name__", "")
        seen.append(name == "on_draw")
        work()
        return float(len(seen))

    run = play_busy_table(frames, (320, 180), 3, lambda work: drawing_now(work, updates),
                          draw_measure=lambda work: drawing_now(work, draws))
    assert len(updates) == len(draws) == frames
    assert not any(updates) and all(draws)
    assert run.update == [float(n) for n in range(1, frames + 1)] == run.draw
