"""`seigneurs fleet`: every table of a fleet from its central database."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from seigneurs.cli.common import command, load_config


def _fleet_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, default=None,
                        help="the TOML configuration (default: ~/.config/seigneurs/config.toml)")
    parser.add_argument("--url", default=None,
                        help="the database (default: the configuration's [fleet] history_url "
                             "or history_url_file)")
    parser.add_argument("--days", type=int, default=7, help="games a day over this many days")
    parser.add_argument("--sql", action="store_true",
                        help="print the tables and views (for a database the tables may not "
                             "change: run it there as its owner) and stop")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


@command("fleet", "every table of a fleet from its database: last seen, games a day, "
         "crash loops",
         _fleet_args)
def _fleet(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.kiosk.fleet import database

    if args.sql:
        print(database.SCHEMA.strip())
        return 0
    if not 1 <= args.days <= 366:
        parser.error("--days: from 1 to 366")
    url = args.url
    if url is None:
        from seigneurs.kiosk.fleet.plan import plan

        settings, _problems = load_config(args)
        wanted = plan(settings)
        for refusal in wanted.refusals:
            print(f"seigneurs fleet: {refusal}", file=sys.stderr)
        url = wanted.url
    if not url:
        parser.error("no database: give --url, or set [fleet] history_url in the configuration")
    return _show(url, args.days, args.json)


def _show(url: str, days: int, as_json: bool) -> int:
    try:
        import psycopg

        from seigneurs.kiosk.fleet.overview import overview
    except ImportError:
        print("seigneurs fleet: the PostgreSQL driver is not installed: pip install "
              "'seigneurs[fleet]'", file=sys.stderr)
        return 69
    from seigneurs.kiosk.fleet.secrets import redact, scrub

    try:
        tables, per_day = overview(url, days)
    except psycopg.Error as error:
        print(f"seigneurs fleet: {redact(url)}: {scrub(str(error).strip(), url)}",
              file=sys.stderr)
        return 69
    if as_json:
        print(json.dumps({"tables": [t.to_json() for t in tables],
                          "games_a_day": {table: {str(d): n for d, n in days_.items()}
                                          for table, days_ in per_day.items()}}))
        return 0
    now = datetime.now(UTC)
    today = now.date()
    span = [today - timedelta(days=n) for n in range(days - 1, -1, -1)]
    print(f"{len(tables)} tables in {redact(url)}; games a day from {span[0]} to {today}")
    print(f"{'table':<20} {'version':<9} {'last seen':<16} {'last game':<16} "
          f"{'24 h':>5} {'all':>6} {'restarts':>8} {'crash loops':>11}  games a day")
    for line in tables:
        ago = now - line.last_seen
        seen = "now" if ago < timedelta(minutes=2) else _ago(ago)
        last = _ago(now - line.last_game) if line.last_game else "never"
        counts = " ".join(f"{per_day.get(line.table, {}).get(day, 0):>3}" for day in span)
        print(f"{line.table[:20]:<20} {line.version[:9]:<9} {seen:<16} {last:<16} "
              f"{line.games_last_day:>5} {line.games:>6} {line.restarts_last_day:>8} "
              f"{line.crash_loops_last_day:>11}  {counts}")
    print("24 h, restarts and crash loops: in the last 24 hours (restarts and crash loops as "
          "kiosk.sh noted them)")
    return 0


def _ago(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    if minutes < 120:
        return f"{minutes} min ago"
    if minutes < 48 * 60:
        return f"{minutes // 60} h ago"
    return f"{minutes // 1440} days ago"
