"""The `seigneurs` command: a touch-table card game for small children, and the tools to set
up and keep the table. Each command lives beside its printing, one module per topic."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any, NoReturn

from seigneurs.cli.common import COMMANDS

TOPICS = ("play", "doctor", "touch", "keeping", "fleet", "games", "pictures", "bench")
"""The command modules, in the order `--help` lists them: the table and setting it up first,
the tools for developers last. Each registers its commands when imported."""
for _topic in TOPICS:
    import_module(f"seigneurs.cli.{_topic}")

ABOUT = """\
Les Seigneurs des Rails on a touch table, for children from age 3.

Setting up a table (see docs/kiosk.md):
  seigneurs doctor                 is everything the table needs there? one line per check
  seigneurs devices                which touch panels are found, and which are usable
  seigneurs touch-test             touch the table: every finger drawn with its seat
  seigneurs config example         every setting with its default and meaning
  seigneurs config check           is the configuration file right?
  seigneurs play --window 1280x720 try the game in a window (./kiosk.sh runs it full screen)
Keeping it: seigneurs history lists the finished games; seigneurs fleet, a fleet's tables.
"""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("seigneurs")
    except PackageNotFoundError:
        return "unknown (not installed)"


class _Version(argparse.Action):
    """`--version`, looked up only when asked: reading the installed metadata costs every
    start about 10 ms (importlib.metadata loads the email parser)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"seigneurs {_version()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, with where to read more (no usage block to wade through)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see: {self.prog} --help)\n")


def build_parser(chosen: str | None = None) -> tuple[argparse.ArgumentParser,
                                                     dict[str, argparse.ArgumentParser]]:
    """The full argument parser and each command's own parser (for its usage errors). Given
    the `chosen` command, only its arguments are built: the table's start need not build the
    other commands' (nor import the tools their choices come from)."""
    parser: argparse.ArgumentParser = _Parser(prog="seigneurs", description=ABOUT,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                title="commands (seigneurs COMMAND --help for each)")
    parsers: dict[str, argparse.ArgumentParser] = {}
    for name, (help_text, build, _run) in COMMANDS.items():
        parsers[name] = sub.add_parser(name, help=help_text, description=help_text)
        if chosen in (None, name):
            build(parsers[name])
    return parser, parsers


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `seigneurs` console script; argument errors exit with code 2."""
    argv = sys.argv[1:] if argv is None else list(argv)
    words = [word for word in argv if not word.startswith("-")]
    parser, parsers = build_parser(words[0] if words and words[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    _help, _build, run = COMMANDS[args.command]
    return run(args, parsers[args.command])

