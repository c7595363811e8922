"""Keeping a table: `config`, `history`, `soak`, `write-unit`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from seigneurs.cli.common import command, fail


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
        from seigneurs.kiosk.admin_lock import KEPT_FILE, remember
        from seigneurs.kiosk.paths import data_dir

        try:
            pin = set_pin(path, args.pin)
        except OSError as error:
            fail("config", f"cannot store the PIN in {path}: {error.strerror or error}")
        except ValueError as error:
            parser.error(str(error))
        if not remember(data_dir(), pin):  # the lock's copy, should the file ever break
            print(f"seigneurs config: the PIN is in {path}, but no copy could be kept in "
                  f"{data_dir() / KEPT_FILE}", file=sys.stderr)
        print(pin)
        return 0
    if args.file is None and not path.exists() and not path.is_symlink():
        print(f"no file at {path}: the table runs on the defaults "
              "(seigneurs config example prints them)")
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

    from seigneurs.kiosk.history import HISTORY_FILE, as_csv, listing
    from seigneurs.kiosk.paths import data_dir
    from seigneurs.kiosk.reserve import RESERVE, reserved

    if args.since is not None:
        try:
            date.fromisoformat(args.since[:10])
        except ValueError:
            parser.error(f"--since takes a date such as 2026-11-22, got {args.since!r}")
    path = args.database or data_dir() / HISTORY_FILE
    records, notes = listing(path, args.since)
    if kept := reserved(path.parent):
        notes.append(f"{path.parent / RESERVE}: {len(kept)} finished game(s) kept there wait "
                     "for the history; the table adds them at its next start with room")
    for note in notes:
        print(note, file=sys.stderr)
    if records is None:
        return 1
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


def _soak_args(parser: argparse.ArgumentParser) -> None:
    from seigneurs.tools import year
    from seigneurs.tools.soak import arguments

    arguments(parser)
    year.arguments(parser)


@command("soak", "kill a headless bots' table at random moments, restart it, check that no "
         "finished game is lost (--year: a year of games, and what it leaves behind)",
         _soak_args)
def _soak(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.year:
        from seigneurs.tools.year import main as year_main

        return year_main(args, parser)
    from seigneurs.tools.soak import main as soak_main

    return soak_main(args, parser)


def _unit_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--out", type=Path, required=True)


@command("write-unit", "write the systemd unit (used by ./kiosk.sh install)", _unit_args)
def _write_unit(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.kiosk.service import write_unit

    try:
        print(write_unit(args.out, args.repo.resolve(), args.user))
    except OSError as error:
        fail("write-unit", f"cannot write {args.out}: {error.strerror or error}")
    return 0


