"""Touch panels for the installer: `devices`, `touch-replay`, `touch-test`.

Every position they print is in the panel's own convention, the one the configuration's
`invert_x`, `invert_y` and `swap_axes` speak: origin top-left, x to the right, y down (as
evdev and TUIO send them), 0 to 1 across the surface.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from seigneurs.cli.common import (
    command,
    input_args,
    inputs,
    load_config,
    need_display,
    size,
)
from seigneurs.kiosk.service import show_logs

CONVENTION = "positions: 0 to 1, origin top-left, x to the right, y down"


def _devices_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true")


@command("devices", "list input devices and say which are usable touch panels", _devices_args)
def _devices(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.input.evdev_source import describe_devices

    rows = describe_devices()
    if args.json:
        print(json.dumps([{"path": p, "name": n, "usable": u, "why": w} for p, n, u, w in rows]))
        return 0
    if not rows:
        print("no input devices found (is /dev/input there, and readable?)")
    for path, name, usable, why in rows:
        print(f"{'yes' if usable else 'no ':3}  {path:22} {name:32} {why}")
    print(f"(touch-test and touch-replay show {CONVENTION})")
    return 0


def recording(name: str) -> Path:
    """A recording by file path, or by the name of one shipped in the package
    (`EP0430M09.4-finger-drag-down`), so the README's examples work from an installed wheel."""
    from seigneurs.input.evemu import RECORDINGS

    path = Path(name)
    if path.exists():
        return path
    shipped = RECORDINGS / (name if name.endswith(".events") else name + ".events")
    return shipped if shipped.is_file() else path


def shipped_names() -> list[str]:
    from seigneurs.input.evemu import RECORDINGS

    return sorted(p.stem for p in RECORDINGS.glob("*.events"))


def _replay_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="an evemu recording (evemu-record's text), or the name of "
                        "one shipped with the game: " + ", ".join(shipped_names()))
    parser.add_argument("--json", action="store_true")


@command("touch-replay", "decode an evemu recording and list its touches", _replay_args)
def _touch_replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.input.evdev_decode import EvdevDecoder
    from seigneurs.input.evemu import read_evemu
    from seigneurs.input.report import TouchLog

    path = recording(args.file)
    try:
        read = read_evemu(path)
        decoder = EvdevDecoder(read.info)
    except FileNotFoundError:
        parser.error(f"no recording {args.file!r}: give a file, or one of "
                     + ", ".join(shipped_names()))
    except OSError as error:
        parser.error(f"cannot read {path}: {error.strerror or error}")
    except (ValueError, UnicodeDecodeError) as error:
        parser.error(f"{path} is not an evemu recording ({error})")
    touches = TouchLog()
    for type_, code, value, t in read.events:
        touches.add(decoder.feed(type_, code, value, t))
    touches.finish()
    report = {"device": read.info.name, "protocol": str(decoder.protocol),
              "events": len(read.events), "skipped_lines": read.skipped_lines,
              **touches.to_json()}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{read.info.name} ({decoder.protocol}): {len(read.events)} events, "
          f"{len(touches.traces)} touches ({CONVENTION})")
    for trace in touches.traces.values():
        up = "never" if trace.up_t is None else f"{trace.up_t:.3f}"
        print(f"  touch {trace.id}: down {trace.down_t:.3f}  up {up}  "
              f"({trace.start[0]:.3f}, {trace.start[1]:.3f}) -> "
              f"({trace.end[0]:.3f}, {trace.end[1]:.3f})  {trace.moves} moves")
    for problem in touches.problems:
        print(f"  problem: {problem}")
    return 0


def _touch_test_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--window", type=size, default=None, metavar="WxH")
    parser.add_argument("--headless", action="store_true", help="no window: record and report")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds, with --headless")
    parser.add_argument("--json", action="store_true")
    input_args(parser)


@command("touch-test", "show every touch with its id, seat and trail (calibration check)",
         _touch_test_args)
def _touch_test(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.duration <= 0:
        parser.error("--duration must be positive")
    if not args.headless:
        need_display("touch-test")

    from seigneurs.input.setup import build_sources

    config, wrong = load_config(args)
    for mistake in wrong:
        print(f"seigneurs touch-test: {mistake} (using the default)", file=sys.stderr)
    chosen = inputs(args, parser, config.inputs)
    show_logs()  # where each source listens (the port chosen, for --tuio HOST:0)
    sources, problems = build_sources(chosen)
    if problems:
        for problem in problems:
            print(f"seigneurs touch-test: error: {problem}", file=sys.stderr)
        return 1
    from seigneurs.ui.run import touch_test

    report = touch_test(args.window, chosen, sources, args.headless, args.duration, config)
    if args.json:
        print(json.dumps(report))
    else:
        touches = report["touches"]
        assert isinstance(touches, list)
        print(f"{len(touches)} touches seen ({CONVENTION})")
        for trace in touches:
            print(f"  touch {trace['id']} seat {trace['seat']} user {trace['user']}: "
                  f"{trace['start']} -> {trace['end']}, {trace['moves']} moves")
    return 0
