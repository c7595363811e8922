"""The game's pictures, for the README and reviews: `screenshot`, `record-game`,
`make-assets`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from seigneurs.cli.common import check_players, command, fail, out_file, size
from seigneurs.kiosk.config.schema import LAYOUTS, RENDERS, TableSettings
from seigneurs.rules import VARIANTS, variant


def _screenshot_args(parser: argparse.ArgumentParser) -> None:
    from seigneurs.tools.scenarios import SCENARIOS
    from seigneurs.tools.screenshot import VIEWS

    parser.add_argument("view", choices=VIEWS)
    parser.add_argument("--out", type=out_file(".png"), required=True, metavar="FILE.png")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default=None,
                        help="the lobby's chosen variant, or the table's (default: the "
                        "setting default_variant's own default, kids: a picture never "
                        "depends on this machine's configuration)")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=size, default=(1920, 1080), metavar="WxH")
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), default=None,
                        help="results only: a finished game that shows a Training tie after "
                             "a stop call, Duo locomotives won (one on a tie-break), or a "
                             "Seigneurs or a Kids tie decided by the locomotives' types")
    parser.add_argument("--render", choices=RENDERS, default="auto",
                        help="desktop OpenGL or OpenGL ES (the setting of the same name)")
    parser.add_argument("--diagonal", type=inches, default=TableSettings().diagonal_inches,
                        metavar="INCHES", help="the panel's diagonal ([table] diagonal_inches): "
                        "how large cards and buttons are on it")
    parser.add_argument("--layout", choices=LAYOUTS, default=TableSettings().layout,
                        help="the seats ([table] layout)")


def inches(text: str) -> float:
    """`--diagonal`: what [table] diagonal_inches accepts."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected inches such as 32, got {text[:40]!r}") \
            from None
    if not 10 <= value <= 200:
        raise argparse.ArgumentTypeError(f"{text} inches: from 10 to 200, as diagonal_inches")
    return value


@command("screenshot", "render a view headless to a PNG", _screenshot_args)
def _screenshot(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    settings = TableSettings(render=args.render, diagonal_inches=args.diagonal,
                             layout=args.layout)
    chosen = args.variant or settings.default_variant
    if args.view in ("table", "results"):
        check_players(parser, variant(chosen), args.players)
    if args.scenario is not None and args.view != "results":
        parser.error("--scenario goes with the results view")
    from seigneurs.tools.screenshot import screenshot
    from seigneurs.ui.sound_output import no_sound

    no_sound()  # a picture plays nothing: no device opened, no ALSA noise
    try:
        path = screenshot(args.view, args.out, chosen, args.players, args.seed, args.size,
                          settings, scenario=args.scenario)
    except OSError as error:
        fail("screenshot", f"cannot write {args.out}: {error.strerror or error}")
    print(f"wrote {path}")
    return 0


def _record_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=out_file(".gif"), default=Path("docs/game.gif"),
                        metavar="FILE.gif")
    parser.add_argument("--variant", choices=sorted(n for n in VARIANTS if n != "duo"),
                        default="kids")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--size", type=size, default=(1280, 720), metavar="WxH",
                        help="the table rendered headless, before --scale")
    parser.add_argument("--scale", type=float, default=0.75, help="GIF size / table size")


@command("record-game", "record a whole bot game (lobby, play, results) as a looping GIF",
         _record_args)
def _record_game(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not 0.1 <= args.scale <= 1:
        parser.error("--scale must be between 0.1 and 1")
    if not args.out.parent.is_dir():
        parser.error(f"the folder {str(args.out.parent)!r} does not exist")
    import os

    os.environ.setdefault("ARCADE_HEADLESS", "1")  # before Arcade loads: it picks its context
    from seigneurs.tools.record import MAX_GIF_BYTES, record_game

    try:
        made = record_game(args.out, args.variant, seed=args.seed, size=args.size,
                           scale=args.scale)
    except OSError as error:
        fail("record-game", f"cannot write {args.out}: {error.strerror or error}")
    print(f"wrote {made.path}: {made.frames} frames, {made.seconds:.1f} s, "
          f"{made.size_bytes / 1e6:.2f} MB, winners {list(made.winners)}")
    if made.size_bytes > MAX_GIF_BYTES:
        print(f"too big for the README (over {MAX_GIF_BYTES / 1e6:.0f} MB): try a smaller "
              "--scale", file=sys.stderr)
        return 1
    return 0


def _make_assets_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=None,
                        help="folder to write cards/ and sounds/ into (default: ./assets)")


@command("make-assets", "rebuild the card images and sounds from code", _make_assets_args)
def _make_assets(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.art.assets import ASSETS, make_assets

    folder = args.out or ASSETS
    try:
        written = make_assets(folder)
    except OSError as error:
        fail("make-assets", f"cannot write under {folder}: {error.strerror or error}")
    print(f"wrote {len(written)} files under {folder}")
    return 0
