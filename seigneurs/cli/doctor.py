"""`seigneurs doctor`: one line per thing a table needs, ✓ or ✗ with the fix."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from seigneurs.cli.common import command


def _doctor_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, default=None,
                        help="the TOML configuration (default: ~/.config/seigneurs/config.toml)")
    parser.add_argument("--json", action="store_true", help="print one JSON list")


@command("doctor", "check everything the table needs here: one line each, with the fix",
         _doctor_args)
def _doctor(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from seigneurs.kiosk.doctor import examine
    from seigneurs.kiosk.paths import data_dir, default_config_file

    checks = examine(args.config or default_config_file(), data_dir())
    if args.json:
        print(json.dumps([c.to_json() for c in checks]))
    else:
        for check in checks:
            print(check.line())
        wrong = sum(not c.ok for c in checks)
        print(f"{wrong} thing(s) to mend" if wrong else "all good")
    return 0 if all(c.ok for c in checks) else 1
