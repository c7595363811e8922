"""What the commands share: the registry, the argument readers that refuse in one line, the
configuration and touch-input options, and the display check."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from seigneurs.rules import Variant

if TYPE_CHECKING:
    from seigneurs.input.setup import InputSettings
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


def default_players(spec: Variant) -> int:
    """Seats when none are asked for: every seat the variant allows (the table's six, or
    Duo's two)."""
    return spec.max_players


def players_text(spec: Variant) -> str:
    """`duo is for exactly 2 players`, `kids is for 2 to 6 players`."""
    if spec.min_players == spec.max_players:
        return f"{spec.name} is for exactly {spec.min_players} players"
    return f"{spec.name} is for {spec.min_players} to {spec.max_players} players"


def check_players(parser: argparse.ArgumentParser, spec: Variant, players: int) -> None:
    if not spec.players_ok(players):
        parser.error(f"--players: {players_text(spec)}, not {players}")


LARGEST = 8192
"""The widest or tallest window asked for (an 8K screen is 7680 wide; GL's own limit is near)."""


def size(text: str) -> tuple[int, int]:
    """`--window`/`--size`: WIDTHxHEIGHT, from 320x240 to 8192x8192 (a usage error, exit 2,
    otherwise: a restart would only repeat it)."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got "
                                         f"{text[:40]!r}") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small (at least 320x240)")
    if width > LARGEST or height > LARGEST:
        raise argparse.ArgumentTypeError(f"{text} is too large (at most {LARGEST}x{LARGEST})")
    return width, height


def out_file(*suffixes: str) -> Callable[[str], Path]:
    """An output file: one of `suffixes`, in a folder that exists (nothing is made silently)."""
    def read(text: str) -> Path:
        path = Path(text)
        if path.suffix.lower() not in suffixes:
            raise argparse.ArgumentTypeError(
                f"{text!r} needs a file name ending in {' or '.join(suffixes)}")
        if not path.parent.is_dir():
            raise argparse.ArgumentTypeError(f"the folder {str(path.parent)!r} does not exist")
        if path.is_dir():
            raise argparse.ArgumentTypeError(f"{text!r} is a folder")
        return path
    return read


def host_port(text: str) -> tuple[str, int]:
    """`--tuio`: HOST:PORT, read as the configuration file reads it."""
    from seigneurs.kiosk.config import split_host_port

    try:
        return split_host_port(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"expected {error}") from None


def fail(name: str, words: str, code: int = 1) -> NoReturn:
    """One line on stderr, then leave with `code`."""
    print(f"seigneurs {name}: error: {words}", file=sys.stderr)
    raise SystemExit(code)


def load_config(args: argparse.Namespace,
                move_garbage: bool = False) -> tuple[TableSettings, list[Problem]]:
    """The `--config` file, else the default one if it exists, else the defaults."""
    from seigneurs.kiosk.config import load
    from seigneurs.kiosk.paths import default_config_file

    path = args.config or default_config_file()
    return load(path if args.config or path.exists() or path.is_symlink() else None,
                move_garbage)


def input_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, default=None,
                        help="the TOML configuration (default: ~/.config/seigneurs/config.toml)")
    parser.add_argument("--input", default="auto",
                        help="touch sources: auto (every evdev panel, TUIO, the mouse) or a "
                             "comma list of evdev, tuio, mouse")
    parser.add_argument("--evdev", action="append", default=[], metavar="PATH",
                        help="read this evdev device (repeatable; default: every usable panel)")
    parser.add_argument("--tuio", type=host_port, default=None, metavar="HOST:PORT",
                        help="where to listen for TUIO (default 127.0.0.1:3333)")


def inputs(args: argparse.Namespace, parser: argparse.ArgumentParser,
           base: InputSettings | None = None) -> InputSettings:
    """The configured inputs, with the command line's choices on top."""
    from dataclasses import replace

    from seigneurs.input.setup import InputSettings, parse_kinds

    base = base or InputSettings()
    try:
        kinds = parse_kinds(args.input) if args.input != "auto" else base.kinds
    except ValueError as error:
        parser.error(str(error))
    host, port = args.tuio or (base.tuio_host, base.tuio_port)
    return replace(base, kinds=kinds, evdev_paths=tuple(args.evdev) or base.evdev_paths,
                   tuio_host=host, tuio_port=port)


def need_display(command_name: str) -> None:
    """Stop with one clear line and NO_DISPLAY (no traceback) when no window can open."""
    from seigneurs.ui.display import NO_DISPLAY, display_problem, no_display_line

    problem = display_problem()
    if problem is not None:
        print(no_display_line(command_name, problem), file=sys.stderr)
        raise SystemExit(NO_DISPLAY)
