"""Games played into the table's records on real files, and real read-only or full disks in a
mount namespace of their own."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from seigneurs.game import GameConfig
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.factory import AnyGame, new_game
from seigneurs.kiosk.history import History
from seigneurs.kiosk.keeper import GameRecords
from seigneurs.tools.simulate import play_bot_game
from seigneurs.tools.soak import unshare_mounts

REPO = Path(__file__).resolve().parent.parent


NOON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


SEATS = {"seats": [{"bot": "adult"}, {"bot": None}, {"bot": "child"}]}


SCENARIO = """
import json, os, subprocess, sys
sys.path.insert(0, {tests!r})
from pathlib import Path
from played_records import play_through, records_at, stored
from seigneurs.cli import main
data = Path({data!r})
subprocess.run(["mount", "-t", "tmpfs", "-o", "size={size}", "tmpfs", str(data)], check=True)
out = {{}}
{body}
print(json.dumps(out))
"""


def records_at(folder: Path) -> GameRecords:
    return GameRecords(folder, clock=lambda: NOON)


def bot_game(seed: int) -> AnyGame:
    return play_bot_game(GameConfig.for_players("lords", 3, seed), [BOT_LEVELS["adult"]] * 3)


def play_through(records: GameRecords, seed: int, stop_before: int = 0) -> AnyGame:
    """Deal a game through the records and play a bot game's actions into it (all of them,
    or all but the last `stop_before`)."""
    done = bot_game(seed)
    game = new_game(done.config)
    records.started(game, SEATS, demo=False)
    for action in done.log[:len(done.log) - stop_before]:
        game.apply(action)
    return game


def stored(folder: Path) -> list[str | None]:
    history = History(folder / "history.sqlite3")
    try:
        return [g.game_id for g in history.games()]
    finally:
        history.close()


def in_own_mounts(tmp_path: Path, body: str, size: str) -> dict[str, object]:
    """Run `body` in a mount namespace of its own, with a tmpfs of `size` as the data folder
    (we may be root, where chmod stops nothing: only a real filesystem refuses writes)."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        pytest.skip("needs unshare and mount (util-linux) for a real read-only or full disk")
    data = tmp_path / "data"
    data.mkdir()
    script = tmp_path / "scenario.py"
    script.write_text(SCENARIO.format(tests=str(REPO / "tests"), data=str(data), size=size,
                                      body=body))
    probe = subprocess.run([*unshare_mounts(), "mount", "-t", "tmpfs", "tmpfs", str(data)],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"the kernel refuses a mount namespace here: {probe.stderr.strip()}")
    done = subprocess.run([*unshare_mounts(), sys.executable, str(script)],
                          capture_output=True, text=True, timeout=120, cwd=REPO)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    result["stderr"] = done.stderr
    return result


def can_have_own_mounts() -> bool:
    return shutil.which("unshare") is not None and subprocess.run(
        [*unshare_mounts(), "true"], capture_output=True).returncode == 0
