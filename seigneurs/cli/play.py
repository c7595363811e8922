"""`play`: the table itself, as ./kiosk.sh and the boot service run it."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from seigneurs.art.assets import BROKEN_ASSETS, AssetError, asset_trouble, table_art
from seigneurs.cli.common import (
    check_players,
    command,
    default_players,
    fail,
    input_args,
    inputs,
    load_config,
    need_display,
    size,
)
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.kiosk.service import show_logs
from seigneurs.rules import VARIANTS, variant


def _play_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--window", type=size, default=None, metavar="WxH",
                        help="a window of this size instead of full screen")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default=None,
                        help="skip the lobby and deal this variant")
    parser.add_argument("--players", type=int, default=None,
                        help="with --variant: seats (default: 6, or 2 for duo)")
    parser.add_argument("--bots", type=int, default=None,
                        help="with --variant: how many of those seats are bots (default 0)")
    parser.add_argument("--level", choices=list(BOT_LEVELS), default=None,
                        help="with --bots: how well the bots play (default: the "
                             "configuration's bot_level)")
    parser.add_argument("--locked", action="store_true",
                        help="kiosk mode: no key leaves; adults hold two opposite corners 3 s")
    parser.add_argument("--first-frame", action="store_true",
                        help="draw the lobby's first frame, print its peak memory and CPU, and "
                             "exit (a check of a new install)")
    parser.add_argument("--soak", type=int, default=0, help=argparse.SUPPRESS)  # seigneurs soak
    input_args(parser)


@command("play", "open the table and play (what ./kiosk.sh runs)", _play_args)
def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    players, bots = args.players, args.bots or 0
    if args.variant is None:
        if args.players is not None or args.bots is not None:
            parser.error("--players and --bots go with --variant (they skip the lobby, "
                         "where children choose otherwise)")
    else:
        spec = variant(args.variant)
        players = players if players is not None else default_players(spec)
        check_players(parser, spec, players)
        if not 0 <= bots <= players:
            parser.error(f"--bots must be between 0 and {players}")
    need_display("play")
    from seigneurs.kiosk.paths import data_dir
    from seigneurs.kiosk.table_lock import ALREADY_RUNS, AlreadyRuns, hold

    show_logs()
    log_signals()
    try:
        held = hold(data_dir())  # first: a second table must touch nothing of the first's
    except AlreadyRuns as error:
        fail("play", str(error), ALREADY_RUNS)
    try:
        return _play_held(args, parser, players, bots)
    finally:
        held.release()


def _play_held(args: argparse.Namespace, parser: argparse.ArgumentParser, players: int | None,
               bots: int) -> int:
    """`play` once the data folder is this table's."""
    import logging
    from dataclasses import replace

    from seigneurs.kiosk.admin_lock import keep_in_background, resolve, start_notices
    from seigneurs.kiosk.paths import data_dir, default_config_file
    from seigneurs.ui.sound_output import choose_sound_output

    choose_sound_output()  # before Arcade loads pyglet's audio: no device, no ALSA noise
    from seigneurs.ui.run import play

    settings, problems = load_config(args, move_garbage=True)
    lock = resolve(settings, problems, data_dir(), args.config or default_config_file())
    keep_in_background(lock)
    notices = start_notices(lock, problems)
    for notice in notices:
        logging.getLogger("seigneurs.kiosk.config").warning("%s", notice)
    settings = replace(settings, locked=args.locked, data_dir=data_dir(), notices=notices,
                       admin_lock=lock)
    first_frame: Callable[[], None] | None = None
    if args.first_frame:  # a start timed by `bench --startup`
        from seigneurs.tools.first_frame import report_first_frame as first_frame
    from seigneurs.ui.render_plan import NO_OPENGL, NoOpenGL, art_here

    check_art(art_here(settings), settings.colour_marks)

    try:
        return play(args.window, args.variant, players, bots, args.level,
                    inputs(args, parser, settings.inputs), settings, first_frame, args.soak)
    except AssetError as error:  # a picture that passed the look at start but would not load
        fail("play", f"{error}; {MEND_ASSETS}", BROKEN_ASSETS)
    except NoOpenGL as error:  # neither desktop OpenGL nor ES: nothing can be drawn
        fail("play", str(error), NO_OPENGL)


def log_signals() -> None:
    """SIGINT (Ctrl+C), SIGTERM (systemd, kiosk.sh) and SIGHUP (a closed terminal) end the
    table with one line in the log and code 128+N, no traceback. The game in progress is left
    as a kill leaves it (every action is in its journal): resumable at the next start."""
    import logging
    import signal
    from types import FrameType

    def stop(signum: int, _frame: FrameType | None) -> None:
        logging.getLogger("seigneurs.play").warning(
            "stopped by %s: the game in progress stays resumable", signal.Signals(signum).name)
        raise SystemExit(128 + signum)

    for caught in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(caught, stop)


MEND_ASSETS = ("a restart cannot mend that: put the file back (git checkout assets, or "
               "seigneurs make-assets); seigneurs doctor checks every asset")


def check_art(resolution: str, marks: bool) -> None:
    """Stop in one line, naming the first file, when an asset this table loads is missing or
    broken (a look at each file's size and first bytes: a millisecond)."""
    for path in table_art(resolution, marks).every():
        why = asset_trouble(path)
        if why is not None:
            fail("play", f"{path}: {why}; {MEND_ASSETS}", BROKEN_ASSETS)
