"""What the kiosk's tests share: a stand-in game and dpkg for kiosk.sh, the session's user and
folders, the adults' corner gesture, a game record, and a game stacked from the lobby."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from table_driver import Driver, begin, join_and_start, region_cards

from seigneurs.kiosk.history import GameRecord
from seigneurs.ui.race_view import RaceView

RECORD = GameRecord("2026-11-23T10:34:55+00:00", "duo", [{"seat": 0}, {"seat": 1}],
                    [{"locomotive": "coach", "lengths": [2, 0], "winner": 1}], [1],
                    "pile-empty", 79.0, 7)


REPO = Path(__file__).resolve().parent.parent


def stack_some(driver: Driver, stacks: int) -> RaceView:
    """Start a two-seat Kids game from the lobby and stack `stacks` cards for seat 0."""
    join_and_start(driver, "kids", [0, 3])
    view = begin(driver)
    game = view.game
    for _ in range(stacks):
        card = next(c for c in region_cards(view, 0) if game.fits(0, c))
        driver.drag(tuple(view.physics.bodies[card].position), view.seats[0].place.zone.center)
    return view


def hold_corners(driver: Driver, seconds: float) -> None:
    width, height = driver.window.width, driver.window.height
    a = driver.down(4, 4)
    b = driver.down(width - 4, height - 4)
    driver.frames(int(seconds * 60))
    driver.up(a, 4, 4)
    driver.up(b, width - 4, height - 4)
    driver.frames()


def fake_game(tmp_path: Path, body: str) -> tuple[Path, Path]:
    """A stand-in for `seigneurs` that counts its runs ($n) in a file, then runs `body`."""
    counter = tmp_path / "runs"
    fake = tmp_path / "fake-game.sh"
    fake.write_text(f"""#!/usr/bin/env bash
n=$(( $(cat {counter} 2>/dev/null || echo 0) + 1 ))
echo "$n" > {counter}
{body}
""")
    fake.chmod(0o755)
    return counter, fake


def fake_dpkg(tmp_path: Path, installed: set[str] | None) -> str:
    """A PATH with a dpkg-query that knows only `installed` packages (None: every one)."""
    folder = tmp_path / "fake-bin"
    folder.mkdir(exist_ok=True)
    known = "*" if installed is None else "|".join(installed) or "none"
    (folder / "dpkg-query").write_text(f"""#!/usr/bin/env bash
case "${{@: -1}}" in {known}) printf 'install ok installed' ;; *) exit 1 ;; esac
""")
    (folder / "dpkg-query").chmod(0o755)
    return f"{folder}:{os.environ['PATH']}"


def _session_env(tmp_path: Path, game: Path) -> tuple[list[str], dict[str, str]]:
    """Run as `nobody` when we are root (cage refuses root), in a home and runtime folder of
    its own (short: a Wayland socket's path has room for 107 bytes); the game from this
    checkout, started by a Python that user may run."""
    runtime, home = tmp_path / "run", tmp_path / "home"
    runtime.mkdir(mode=0o700)
    home.mkdir()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_RUNTIME_DIR": str(runtime),
           "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
           "SEIGNEURS_COMMAND": str(game), "SEIGNEURS_REST": "0"}
    if os.geteuid() != 0:
        return [], env
    x11 = Path("/tmp/.X11-unix")  # as systemd-tmpfiles makes it: else the first user owns it
    x11.mkdir(exist_ok=True)
    shutil.chown(x11, "root", "root")
    x11.chmod(0o1777)
    for path in (tmp_path, runtime, home):
        shutil.chown(path, "nobody")
    if subprocess.run(["runuser", "-u", "nobody", "--", "test", "-x", str(REPO / "kiosk.sh")],
                      check=False).returncode != 0:
        pytest.skip(f"user nobody cannot reach {REPO} (a clone inside a folder only root may "
                    "enter, as mktemp -d makes): the session runs as a user, clone where "
                    "others can read")
    return ["runuser", "-u", "nobody", "--"], env
