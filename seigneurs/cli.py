"""The `seigneurs` command: each sub-command registers a parser builder and a runner."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from seigneurs.game.bots import BOT_LEVELS, bot_level
from seigneurs.game.config import GameConfig
from seigneurs.input.setup import InputSettings
from seigneurs.rules import VARIANTS, Rule, variant

if TYPE_CHECKING:
    from seigneurs.kiosk.config import Problem, TableSettings

Runner = Callable[[argparse.Namespace, argparse.ArgumentParser], int]
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Runner]] = {}


def command(name: str, help_text: str,
            build: Callable[[argparse.ArgumentParser], None]) -> Callable[[Runner], Runner]:
    """Register a sub-command: its help, how to build its arguments, and its runner."""
    def register(run: Runner) -> Runner:
        COMMANDS[name] = (help_text, build, run)
        return run
    return register


def _rule_token(token: str) -> Rule:
    """A seat rule by rule name (`exactly-one`) or by the variant that uses it (`kings`)."""
    token = token.strip()
    if token in VARIANTS:
        return variant(token).rule
    try:
        return Rule(token)
    except ValueError:
        names = sorted({*VARIANTS, *Rule})
        raise ValueError(f"unknown rule {token!r}; expected one of {', '.join(names)}") from None


def _simulate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="lords", choices=sorted(VARIANTS))
    parser.add_argument("--players", type=int, default=None,
                        help="number of seats (default: 6, or 2 for duo)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; then +1")
    parser.add_argument("--rules", default=None,
                        help="one rule per seat, comma-separated (e.g. kids,kings,kids)")
    parser.add_argument("--mode", choices=("assisted", "classic"), default=None,
                        help="refuse cards that do not fit (assisted) or check at the end (D8)")
    parser.add_argument("--level", default="adult",
                        help=f"bot level per seat, comma-separated ({', '.join(BOT_LEVELS)})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@command("simulate", "play bot games headless and report results and speed", _simulate_args)
def _simulate(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    spec = variant(args.variant)
    players = args.players if args.players is not None else min(6, spec.max_players)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        rules = [_rule_token(t) for t in args.rules.split(",")] if args.rules else None
        level_names = args.level.split(",")
        if len(level_names) not in (1, players):
            raise ValueError(f"--level needs 1 or {players} levels, got {len(level_names)}")
        levels = [bot_level(n.strip()) for n in level_names] * (players // len(level_names))
        assisted = None if args.mode is None else args.mode == "assisted"
        configs = [GameConfig.for_players(spec.name, players, args.seed + i, rules=rules,
                                          assisted=assisted) for i in range(args.games)]
    except ValueError as error:
        parser.error(str(error))
    from seigneurs.tools.simulate import play_bot_game, summarise

    started = time.perf_counter()
    summaries = [summarise(play_bot_game(config, levels)) for config in configs]
    seconds = time.perf_counter() - started
    report = {"variant": spec.name, "players": players, "games": len(summaries),
              "seed": args.seed, "seconds": round(seconds, 4),
              "games_per_second": round(len(summaries) / seconds, 1),
              "results": [s.to_json() for s in summaries]}
    if args.json:
        print(json.dumps(report))
        return 0
    wins = Counter(seat for s in summaries for seat in s.winners)
    ends = Counter(s.end_reason for s in summaries)
    mean_length = [sum(s.lengths[i] for s in summaries) / len(summaries) for i in range(players)]
    print(f"{len(summaries)} {spec.title} games, {players} players: {seconds:.2f} s, "
          f"{report['games_per_second']} games/s")
    print("wins per seat:   " + "  ".join(f"{i}:{wins[i]}" for i in range(players)))
    print("checked length:  " + "  ".join(f"{i}:{m:.1f}" for i, m in enumerate(mean_length)))
    print("end reasons:     " + "  ".join(f"{k}:{v}" for k, v in sorted(ends.items())))
    return 0


def _crowd_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="kids", choices=sorted(VARIANTS))
    parser.add_argument("--players", type=int, default=None,
                        help="seats, children and bots (default: 6, or 2 for duo)")
    parser.add_argument("--bots", type=int, default=0, help="how many seats are bots (the last)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; then +1")
    parser.add_argument("--user-ids", action="store_true",
                        help="the touch source knows whose hand each finger is (TUIO 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@command("crowd", "simulated children play whole games through the real touch path",
         _crowd_args)
def _crowd(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.table.crowd import run_crowd

    spec = variant(args.variant)
    players = args.players if args.players is not None else min(6, spec.max_players)
    if not spec.players_ok(players):
        parser.error(f"{spec.name} is for {spec.min_players}-{spec.max_players} players")
    if not 0 <= args.bots < players:
        parser.error("--bots must leave at least one child at the table")
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.perf_counter()
    report = run_crowd(spec.name, players, args.bots, args.games, args.seed, args.user_ids)
    report["wall_seconds"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(report))
        return 0
    for key, value in report.items():
        print(f"{key:>28}: {value}")
    return 0


def _make_assets_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=None,
                        help="folder to write cards/ and sounds/ into (default: ./assets)")


@command("make-assets", "rebuild the card images and sounds from code", _make_assets_args)
def _make_assets(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.art.assets import ASSETS, make_assets

    written = make_assets(args.out or ASSETS)
    print(f"wrote {len(written)} files under {args.out or ASSETS}")
    return 0


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}"
                                         ) from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small (at least 320x240)")
    return width, height


def _play_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--window", type=_size, default=None, metavar="WxH",
                        help="a window of this size instead of full screen")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default=None,
                        help="skip the lobby and deal this variant")
    parser.add_argument("--players", type=int, default=None, help="seats when skipping the lobby")
    parser.add_argument("--bots", type=int, default=0, help="how many of those seats are bots")
    parser.add_argument("--level", choices=list(BOT_LEVELS), default="child")
    parser.add_argument("--locked", action="store_true",
                        help="kiosk mode: no key leaves; adults hold two opposite corners 3 s")
    parser.add_argument("--first-frame", action="store_true", help=argparse.SUPPRESS)
    _input_args(parser)


def _load_config(args: argparse.Namespace) -> tuple[TableSettings, list[Problem]]:
    """The `--config` file, else the default one if it exists, else the defaults."""
    from seigneurs.kiosk.config import load
    from seigneurs.kiosk.paths import default_config_file

    path = args.config or default_config_file()
    return load(path if args.config or path.exists() else None)


def _input_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, default=None,
                        help="the TOML configuration (default: ~/.config/seigneurs/config.toml)")
    parser.add_argument("--input", default="auto",
                        help="touch sources: auto (every evdev panel, TUIO, the mouse) or a "
                             "comma list of evdev, tuio, mouse")
    parser.add_argument("--evdev", action="append", default=[], metavar="PATH",
                        help="read this evdev device (repeatable; default: every usable panel)")
    parser.add_argument("--tuio", default=None, metavar="HOST:PORT",
                        help="where to listen for TUIO (default 127.0.0.1:3333)")


def _inputs(args: argparse.Namespace, parser: argparse.ArgumentParser,
            base: InputSettings | None = None) -> InputSettings:
    """The configured inputs, with the command line's choices on top."""
    from dataclasses import replace

    from seigneurs.input.setup import parse_kinds

    base = base or InputSettings()
    try:
        changes: dict[str, object] = {}
        if args.input != "auto":
            changes["kinds"] = parse_kinds(args.input)
        if args.evdev:
            changes["evdev_paths"] = tuple(args.evdev)
        if args.tuio is not None:
            host, _, port = args.tuio.rpartition(":")
            changes["tuio_host"], changes["tuio_port"] = host or "127.0.0.1", int(port)
        return replace(base, **changes)  # type: ignore[arg-type]
    except ValueError as error:
        parser.error(str(error))


def _need_display(command_name: str) -> None:
    """Stop with one clear line and NO_DISPLAY (no traceback) when no window can open."""
    from seigneurs.ui.display import NO_DISPLAY, display_problem, no_display_line

    problem = display_problem()
    if problem is not None:
        print(no_display_line(command_name, problem), file=sys.stderr)
        raise SystemExit(NO_DISPLAY)


@command("play", "open the table and play", _play_args)
def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.variant is not None:
        spec = variant(args.variant)
        players = args.players or min(6, spec.max_players)
        if not spec.min_players <= players <= spec.max_players:
            parser.error(f"{spec.name} is for {spec.min_players}-{spec.max_players} players")
        if not 0 <= args.bots <= players:
            parser.error(f"--bots must be between 0 and {players}")
    _need_display("play")
    import logging
    from dataclasses import replace

    from seigneurs.kiosk.config import start_notices
    from seigneurs.kiosk.paths import data_dir
    from seigneurs.ui.run import play

    _show_logs()
    settings, problems = _load_config(args)
    notices = start_notices(settings, problems)
    for notice in notices:
        logging.getLogger("seigneurs.kiosk.config").warning("%s", notice)
    settings = replace(settings, locked=args.locked, data_dir=data_dir(), notices=notices)
    first_frame: Callable[[], None] | None = None
    if args.first_frame:  # a start timed by `bench --startup`
        from seigneurs.tools.first_frame import report_first_frame as first_frame
    return play(args.window, args.variant, args.players, args.bots, args.level,
                _inputs(args, parser, settings.inputs), settings, first_frame)


def _screenshot_args(parser: argparse.ArgumentParser) -> None:
    from seigneurs.tools.scenarios import SCENARIOS
    from seigneurs.ui import VIEWS

    parser.add_argument("view", choices=VIEWS)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--variant", choices=sorted(n for n in VARIANTS if n != "duo"),
                        default="lords")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=_size, default=(1920, 1080), metavar="WxH")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default=None,
                        help="results only: a finished game that shows a Training tie after "
                             "a stop call, or Duo locomotives won (one on a tie-break)")


@command("screenshot", "render a view headless to a PNG", _screenshot_args)
def _screenshot(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    spec = variant(args.variant)
    if not spec.players_ok(args.players):
        parser.error(f"{spec.name} is for {spec.min_players}-{spec.max_players} players")
    if args.scenario is not None and args.view != "results":
        parser.error("--scenario goes with the results view")
    from seigneurs.tools.screenshot import screenshot

    path = screenshot(args.view, args.out, args.variant, args.players, args.seed, args.size,
                      scenario=args.scenario)
    print(f"wrote {path}")
    return 0


def _record_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("docs/game.gif"))
    parser.add_argument("--variant", choices=sorted(n for n in VARIANTS if n != "duo"),
                        default="kids")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                        help="the table rendered headless, before --scale")
    parser.add_argument("--scale", type=float, default=0.75, help="GIF size / table size")


@command("record-game", "record a whole bot game (lobby, play, results) as a looping GIF",
         _record_args)
def _record_game(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not 0.1 <= args.scale <= 1:
        parser.error("--scale must be between 0.1 and 1")
    import os

    os.environ.setdefault("ARCADE_HEADLESS", "1")  # before Arcade loads: it picks its context
    from seigneurs.tools.record import MAX_GIF_BYTES, record_game

    made = record_game(args.out, args.variant, seed=args.seed, size=args.size,
                       scale=args.scale)
    print(f"wrote {made.path}: {made.frames} frames, {made.seconds:.1f} s, "
          f"{made.size_bytes / 1e6:.2f} MB, winners {list(made.winners)}")
    if made.size_bytes > MAX_GIF_BYTES:
        print(f"too big for the README (over {MAX_GIF_BYTES / 1e6:.0f} MB): try a smaller "
              "--scale", file=sys.stderr)
        return 1
    return 0


def _bench_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH")
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


def _bench_decoders(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        from seigneurs.tools.decoder_bench import evdev_rate, kivy_comparison, tuio_rate
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
    tuio = {fingers: tuio_rate(2.0, fingers)[0] for fingers in (1, 2, 10)}
    report: dict[str, object] = {
        "evdev_events_per_second": round(evdev), "evdev_events": events,
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


@command("bench", "measure a busy six-seat table headless (CPU per frame, draws, memory)",
         _bench_args)
def _bench(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.decoders:
        return _bench_decoders(args, parser)
    if args.startup:
        return _bench_startup(args, parser)
    if args.frames < 60:
        parser.error("--frames must be at least 60")
    from seigneurs.tools.bench import run_bench

    report = run_bench(args.frames, args.size)
    if args.json:
        print(json.dumps(report.to_json()))
        return 0
    print(f"{report.frames} frames at {report.size[0]}x{report.size[1]}, 6 seats, 54 cards, "
          "10 fingers")
    print(f"CPU per frame (input+game+physics+sync): p50 {report.cpu_ms_p50} ms, "
          f"p99 {report.cpu_ms_p99} ms")
    print(f"draw calls per frame: {report.draw_calls_per_frame}")
    print(f"textures created after start-up: {report.textures_created_after_start}")
    print(f"frames drawn per second: {report.fps_drawn}")
    print(f"peak memory: {report.peak_memory_mb} MB")
    print(f"held cards moved in the same frame as their finger: "
          f"{report.moves_shown_next_frame:.2%}")
    return 0


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
    return 0


def _replay_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="an evemu recording (evemu-record's text)")
    parser.add_argument("--json", action="store_true")


@command("touch-replay", "decode an evemu recording and list its touches", _replay_args)
def _touch_replay(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.input.evdev_decode import EvdevDecoder
    from seigneurs.input.evemu import read_evemu
    from seigneurs.input.report import TouchLog

    try:
        recording = read_evemu(args.file)
        decoder = EvdevDecoder(recording.info)
    except OSError as error:
        parser.error(f"cannot read {args.file}: {error.strerror or error}")
    except ValueError as error:
        parser.error(str(error))
    touches = TouchLog()
    for type_, code, value, t in recording.events:
        touches.add(decoder.feed(type_, code, value, t))
    touches.finish()
    report = {"device": recording.info.name, "protocol": str(decoder.protocol),
              "events": len(recording.events), "skipped_lines": recording.skipped_lines,
              **touches.to_json()}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{recording.info.name} ({decoder.protocol}): {len(recording.events)} events, "
          f"{len(touches.traces)} touches")
    for trace in touches.traces.values():
        up = "never" if trace.up_t is None else f"{trace.up_t:.3f}"
        print(f"  touch {trace.id}: down {trace.down_t:.3f}  up {up}  "
              f"({trace.start[0]:.3f}, {trace.start[1]:.3f}) -> "
              f"({trace.end[0]:.3f}, {trace.end[1]:.3f})  {trace.moves} moves")
    for problem in touches.problems:
        print(f"  problem: {problem}")
    return 0


def _show_logs() -> None:
    """What the table does, on stderr: the sources opened (where TUIO is heard), notices."""
    import logging

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: "
                        "%(message)s")


def _touch_test_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--window", type=_size, default=None, metavar="WxH")
    parser.add_argument("--headless", action="store_true", help="no window: record and report")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds, with --headless")
    parser.add_argument("--json", action="store_true")
    _input_args(parser)


@command("touch-test", "show every touch with its id, seat and trail (calibration check)",
         _touch_test_args)
def _touch_test(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.duration <= 0:
        parser.error("--duration must be positive")
    if not args.headless:
        _need_display("touch-test")

    from seigneurs.input.setup import build_sources

    config, wrong = _load_config(args)
    for mistake in wrong:
        print(f"seigneurs touch-test: {mistake} (using the default)", file=sys.stderr)
    inputs = _inputs(args, parser, config.inputs)
    _show_logs()  # where each source listens (the port chosen, for --tuio HOST:0)
    sources, problems = build_sources(inputs)
    if problems:
        for problem in problems:
            print(f"seigneurs touch-test: error: {problem}", file=sys.stderr)
        return 1
    from seigneurs.ui.run import touch_test

    report = touch_test(args.window, inputs, sources, args.headless, args.duration, config)
    if args.json:
        print(json.dumps(report))
    else:
        touches = report["touches"]
        assert isinstance(touches, list)
        print(f"{len(touches)} touches seen")
        for trace in touches:
            print(f"  touch {trace['id']} seat {trace['seat']} user {trace['user']}: "
                  f"{trace['start']} -> {trace['end']}, {trace['moves']} moves")
    return 0


def _config_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("check", "example", "set-pin"),
                        help="check a file, print an example with every key, or store a new "
                             "admin PIN in the file (random unless --pin)")
    parser.add_argument("file", type=Path, nargs="?", default=None,
                        help="default: ~/.config/seigneurs/config.toml")
    parser.add_argument("--pin", default=None, help="set-pin: this PIN instead of a random one")


@command("config", "check the configuration file, print a commented example, or set the PIN",
         _config_args)
def _config(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.kiosk.config import example, load, set_pin
    from seigneurs.kiosk.paths import default_config_file

    if args.action == "example":
        print(example(), end="")
        return 0
    path = args.file or default_config_file()
    if args.action == "set-pin":
        try:
            pin = set_pin(path, args.pin)
        except (OSError, ValueError) as error:
            parser.error(str(error))
        print(pin)
        return 0
    problems = load(path)[1]
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {path}; the game would start with the defaults "
              "for these keys.")
        return 1
    print(f"{path}: ok")
    return 0


def _history_args(parser: argparse.ArgumentParser) -> None:
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true")
    form.add_argument("--csv", action="store_true")
    parser.add_argument("--since", default=None, help="only games from this date (YYYY-MM-DD)")
    parser.add_argument("--database", type=Path, default=None, help=argparse.SUPPRESS)


@command("history", "list the finished games", _history_args)
def _history(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from datetime import date

    from seigneurs.kiosk.history import History, as_csv
    from seigneurs.kiosk.paths import data_dir

    if args.since is not None:
        try:
            date.fromisoformat(args.since[:10])
        except ValueError:
            parser.error(f"--since takes a date such as 2026-11-22, got {args.since!r}")
    history = History(args.database or data_dir() / "history.sqlite3")
    records = history.games(since=args.since)
    history.close()
    if args.json:
        print(json.dumps([r.to_json() for r in records]))
    elif args.csv:
        print(as_csv(records), end="")
    else:
        if not records:
            print("no games yet")
        for r in records:
            checked = [t.get("checked", t.get("lengths")) for t in r.trains]
            print(f"{r.finished_at}  {r.variant:8}  seats {len(r.seats)}  checked {checked}  "
                  f"winners {r.winners}  {r.end_reason}  {r.duration:.0f} s")
    return 0


def _unit_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--out", type=Path, required=True)


@command("write-unit", "write the systemd unit (used by ./kiosk.sh install)", _unit_args)
def _write_unit(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.kiosk.service import write_unit

    print(write_unit(args.out, args.repo.resolve(), args.user))
    return 0


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The full argument parser and each command's own parser (for its usage errors)."""
    parser = argparse.ArgumentParser(prog="seigneurs", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    parsers = {}
    for name, (help_text, build, _run) in COMMANDS.items():
        parsers[name] = sub.add_parser(name, help=help_text, description=help_text)
        build(parsers[name])
    return parser, parsers


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `seigneurs` console script; argument errors exit with code 2."""
    parser, parsers = build_parser()
    args = parser.parse_args(argv)
    _help, _build, run = COMMANDS[args.command]
    return run(args, parsers[args.command])


if __name__ == "__main__":
    sys.exit(main())
