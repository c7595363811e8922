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
    parser.add_argument("--user", default=None,
                        help="(root) check this user's table: their configuration, data, "
                             "groups (default: the user of the installed unit)")


@command("doctor", "check everything the table needs here: one line each, with the fix",
         _doctor_args)
def _doctor(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    import os

    from seigneurs.kiosk.doctor import examine, unit_user, whose
    from seigneurs.kiosk.paths import data_dir, default_config_file
    from seigneurs.kiosk.service import UNIT_NAME

    unit = Path(os.environ.get("SEIGNEURS_UNIT_DIR", "/etc/systemd/system")) / UNIT_NAME
    name = args.user or (unit_user(unit) if os.geteuid() == 0 else None)
    try:
        checked = whose(name)
    except KeyError:
        parser.error(f"--user: no user called {name!r} here")
    config, data = args.config or default_config_file(), data_dir()
    if checked.other:  # root, for the table's user: their own files, not root's
        config = args.config or checked.home / ".config" / "seigneurs" / "config.toml"
        data = checked.home / ".local" / "share" / "seigneurs"
    if not args.json:
        print(f"checking {checked.name}'s table ({config}, {data})")
    checks = examine(config, data, checked)
    if args.json:
        print(json.dumps([c.to_json() for c in checks]))
    else:
        for check in checks:
            print(check.line())
        wrong = sum(not c.ok for c in checks)
        print(f"{wrong} thing(s) to mend" if wrong else "all good")
    return 0 if all(c.ok for c in checks) else 1
