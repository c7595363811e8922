"""Issue 19, item 7: the table's first frame loads what the lobby shows and no more (a game's
parts, the tools and the touch panels' drivers come after); nothing is collected while it starts,
and what it imported is frozen, so no full collection scans it again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

LATER = ("seigneurs.table.controller", "seigneurs.table.session", "seigneurs.table.events",
         "seigneurs.ui.race_view", "seigneurs.ui.duo_view", "seigneurs.ui.results_view",
         "seigneurs.ui.admin_view", "seigneurs.ui.countdown", "seigneurs.input.evdev_source",
         "seigneurs.input.evdev_decode", "seigneurs.tools.simulate", "seigneurs.tools.scenarios",
         "secrets")
"""Modules a game, the results, the admin menu, the touch panels (opened in a thread once the
lobby stands), the tools or a new PIN need, which the lobby's first frame does not."""

FIRST_FRAME = """
import gc, sys
from seigneurs.cli import main
main(["play", "--window", "640x360", "--first-frame", "--input", "mouse"])
print(gc.get_freeze_count(), gc.isenabled())
print(" ".join(sorted(name for name in sys.modules if name.startswith(("seigneurs.", "secrets")))))
"""


def test_the_first_frame_loads_no_game_part_and_freezes_its_imports(tmp_path: Path) -> None:
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, capture_output=True,
                         text=True, check=False)
    assert out.returncode == 0, out.stderr
    said, collecting, modules = out.stdout.splitlines()
    frozen, enabled = collecting.split()
    loaded = set(modules.split())
    assert said.startswith("first frame drawn")
    assert {"seigneurs.ui.lobby_view", "seigneurs.ui.window"} <= loaded  # really listed
    assert sorted(loaded & set(LATER)) == []
    assert int(frozen) > 10_000  # arcade's and our modules, at least
    assert enabled == "True"  # collecting again once the lobby stands


def test_the_startup_yardstick_opens_through_the_tables_api_on_a_pi_too() -> None:
    """`bench --startup`'s bare Arcade window draws as the table does: on a Pi through ES, where
    a plain Arcade window dies of Arcade's own ES faults (GLException 0x1282), so the bare
    process takes only their mends; under desktop GL it imports nothing of ours."""
    from seigneurs.tools.startup import bare_source

    desktop = bare_source(False)
    assert "seigneurs" not in desktop.split("def report_first_frame")[0]
    for source in (desktop, bare_source(False, gles=True)):
        done = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True,
                              timeout=300, env={**os.environ, "ARCADE_HEADLESS": "1"})
        assert done.returncode == 0 and "first frame drawn" in done.stdout, done.stderr[-800:]
    unmended = bare_source(False, gles=True).replace(
        "from seigneurs.ui.arcade_gles import mend; mend()\n", "")
    died = subprocess.run([sys.executable, "-c", unmended], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "ARCADE_HEADLESS": "1"})
    assert died.returncode != 0 and "0x1282" in died.stderr  # why the mends go in
