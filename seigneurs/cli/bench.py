"""`seigneurs bench`: a busy table's cost per frame, the decoders' speed, the cold start;
`seigneurs trace`: the files one touch crosses."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from seigneurs.cli.common import command, size


def _bench_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--size", type=size, default=(1280, 720), metavar="WxH")
    parser.add_argument("--fingers", type=int, default=10,
                        help="fingers dragging cards at once (1 to 60)")
    parser.add_argument("--fingers-sweep", type=finger_counts, default=None, metavar="N,N,...",
                        help="one run per fingers' count (such as 1,5,10,20,40): the cost "
                             "against the fingers, one line each")
    parser.add_argument("--clip-pixels", action="store_true",
                        help="make every draw call but clip its pixels to one: a stand-in for "
                             "a GPU, where a software renderer would rasterise on the table's "
                             "own cores and slow its update too (the clear and the GL calls "
                             "still run: an overestimate)")
    parser.add_argument("--opcodes", action="store_true",
                        help="count the Python opcodes of each frame instead of its CPU time "
                             "(the same in a busy machine; C work such as the physics step "
                             "not counted): move-only frames and frames with a touch-down "
                             "apart")
    parser.add_argument("--decoders", action="store_true",
                        help="measure the evdev and TUIO decoders instead of the table")
    parser.add_argument("--startup", action="store_true",
                        help="measure cold start and peak memory against a bare Arcade window, "
                             "paired (each a fresh process drawing one 1920x1080 frame)")
    parser.add_argument("--repeats", type=int, default=5, help="pairs of runs for --startup")
    parser.add_argument("--recordings", type=Path, default=None,
                        help="evemu recordings to replay for --decoders (default: the ones "
                             "shipped in the package)")
    parser.add_argument("--against-kivy", action="store_true",
                        help="with --decoders: our TUIO 1.1 path against Kivy's on the same "
                             "bundles (needs the kivy-compare extra)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def finger_counts(text: str) -> tuple[int, ...]:
    """Fingers' counts from 1 to 60, comma-separated (`--fingers-sweep`, bench_against)."""
    try:
        counts = tuple(int(part) for part in text.split(","))
    except ValueError:
        counts = ()
    if not counts or not all(1 <= count <= 60 for count in counts):
        raise argparse.ArgumentTypeError(
            f"expected fingers' counts from 1 to 60 separated by commas, got {text!r}")
    return counts


def _bench_decoders(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        from seigneurs.tools.decoder_bench import (
            evdev_rate,
            kernel_read_rate,
            kivy_comparison,
            tuio_rate,
        )
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] != "pythonosc":
            raise
        print("seigneurs bench --decoders: sending TUIO needs python-osc, which is not "
              "installed; install it with: pip install 'seigneurs[bench]' (or pip install "
              "python-osc)", file=sys.stderr)
        return 1

    from seigneurs.input.evemu import RECORDINGS

    folder = args.recordings or RECORDINGS
    files = sorted(folder.glob("*.events"))
    if not files:
        parser.error(f"no *.events recordings in {folder}")
    evdev, events = evdev_rate(files, 2.0)
    kernel_read = kernel_read_rate(files, 2.0)
    tuio = {fingers: tuio_rate(2.0, fingers)[0] for fingers in (1, 2, 10)}
    report: dict[str, object] = {
        "evdev_events_per_second": round(evdev), "evdev_events": events,
        "kernel_records_read_per_second": round(kernel_read),
        **{f"tuio_bundles_per_second_{k}_fingers": round(v) for k, v in tuio.items()}}
    against = kivy_comparison() if args.against_kivy else None
    if against is not None:
        report.update(tuio1_bundles_per_second_10_cursors=round(against[0]),
                      kivy_tuio1_bundles_per_second_10_cursors=round(against[1]),
                      faster_than_kivy=round(against[0] / against[1], 2))
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"evdev: {evdev:,.0f} events/s ({len(files)} recordings replayed)")
    print(f"kernel records read (linux_input): {kernel_read:,.0f} events/s of thread CPU")
    for fingers, rate in tuio.items():
        print(f"TUIO 2: {rate:,.0f} bundles/s of {fingers} finger(s)")
    if against is not None:
        print(f"TUIO 1.1, 10 cursors a bundle: {against[0]:,.0f} bundles/s; Kivy (oscpy + its "
              f"TUIO provider) {against[1]:,.0f}: {against[0] / against[1]:.1f}x faster")
    elif args.against_kivy:
        print("Kivy comparison skipped: Kivy and oscpy are not installed "
              "(pip install -e '.[kivy-compare]')")
    return 0


def _bench_startup(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    from seigneurs.tools.startup import measure_startup

    report = measure_startup(args.repeats)
    if args.json:
        print(json.dumps(report.to_json()))
        return 0
    print(f"cold start to the first 1920x1080 frame, {report.repeats} pairs of fresh processes "
          "(headless), medians:")
    print(f"bare Arcade window: {report.bare_s:.3f} s, {report.bare_mib:.0f} MiB peak")
    print(f"Seigneurs lobby:    {report.table_s:.3f} s, {report.table_mib:.0f} MiB peak")
    print(f"time ratio (median of the pairs) {report.ratio:.2f}x (target <= 1.3x); memory "
          f"+{report.extra_mib:.0f} MiB (target <= +40 MiB)")
    print(f"CPU to the first frame: bare {report.bare_cpu_s:.3f} s, Seigneurs "
          f"{report.table_cpu_s:.3f} s, ratio {report.cpu_ratio:.2f}x")
    return 0


def _bench_opcodes(args: argparse.Namespace) -> int:
    from seigneurs.tools.opcode_bench import count_opcodes

    counts = args.fingers_sweep or (args.fingers,)
    reports = [count_opcodes(args.frames, args.size, count) for count in counts]
    if args.json:
        print(json.dumps([report.to_json() for report in reports]))
        return 0
    print(f"{args.frames} frames at {args.size[0]}x{args.size[1]} for each count, 6 seats, "
          "54 cards; Python opcodes per frame (C work not counted), mean / median / p99")
    print(f"{'':9}{'update, moves only':32}{'update, with a touch-down':32}draw")
    print("fingers     mean  median     p99 frames     mean  median     p99 frames"
          "     mean  median     p99")
    for r in reports:
        line = f"{r.fingers:7}"
        for spread in (r.update_moves, r.update_downs, r.draw):
            line += f"  {spread.mean:7.0f} {spread.median:7.0f} {spread.p99:7.0f}"
            line += f" {spread.frames:6}" if spread is not r.draw else ""
        print(line)
    return 0


@command("bench", "measure a busy six-seat table headless (CPU per frame, draws, memory)",
         _bench_args)
def _bench(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.clip_pixels and (args.decoders or args.startup or args.opcodes):
        parser.error("--clip-pixels measures the busy table's thread CPU: not with --decoders, "
                     "--startup or --opcodes (opcodes are the same clipped)")
    if args.decoders:
        return _bench_decoders(args, parser)
    if args.startup:
        return _bench_startup(args, parser)
    if args.frames < 60:
        parser.error("--frames must be at least 60")
    if not 1 <= args.fingers <= 60:
        parser.error("--fingers must be from 1 to 60")
    from seigneurs.tools.bench import run_bench
    from seigneurs.ui.sound_output import no_sound

    no_sound()  # measured silent (volume 0 before): no device opened, no ALSA noise
    if args.opcodes:
        return _bench_opcodes(args)
    if args.fingers_sweep is not None:
        reports = [run_bench(args.frames, args.size, count, clip=args.clip_pixels)
                   for count in args.fingers_sweep]
        if args.json:
            print(json.dumps([report.to_json() for report in reports]))
            return 0
        print(f"{args.frames} frames at {args.size[0]}x{args.size[1]} for each count, 6 seats, "
              f"54 cards, drawn by {reports[0].drawing}; thread CPU per frame in ms")
        print("fingers  update p50  update p99  draw p50  draw p99  draw calls")
        for r in reports:
            print(f"{r.fingers:7}  {r.update_cpu_ms_p50:10.3f}  {r.update_cpu_ms_p99:10.3f}  "
                  f"{r.draw_cpu_ms_p50:8.3f}  {r.draw_cpu_ms_p99:8.3f}  "
                  f"{r.draw_calls_per_frame:10}")
        return 0
    report = run_bench(args.frames, args.size, args.fingers, clip=args.clip_pixels)
    if args.json:
        print(json.dumps(report.to_json()))
        return 0
    print(f"{report.frames} frames at {report.size[0]}x{report.size[1]}, 6 seats, 54 cards, "
          f"{report.fingers} fingers, drawn by {report.drawing}")
    print(f"update, thread CPU per frame (input+game+physics+sync): p50 "
          f"{report.update_cpu_ms_p50} ms, p99 {report.update_cpu_ms_p99} ms")
    print(f"draw submission, thread CPU per frame: p50 {report.draw_cpu_ms_p50} ms, "
          f"p99 {report.draw_cpu_ms_p99} ms")
    print(f"draw calls per frame: {report.draw_calls_per_frame}")
    print(f"textures created after start-up: {report.textures_created_after_start}")
    print(f"GL objects left to free at the end: {report.gl_objects_left_to_free}")
    print(f"frames drawn per second: {report.fps_drawn}")
    print(f"peak memory: {report.peak_memory_mb} MB")
    print(f"held cards moved in the same frame as their finger: "
          f"{report.moves_shown_next_frame:.2%}")
    return 0


def _trace_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@command("trace", "one TUIO finger through the production path: files crossed per frame",
         _trace_args)
def _trace(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.tools.trace import table, trace

    counts = trace()
    if args.json:
        print(json.dumps([count.to_json() for count in counts]))
    else:
        table(counts)
    return 0
