"""The session is a kiosk (issue 28 item 6): cage without VT switching; kiosk.sh ends when its
compositor ends; every signal is one line in the log, no traceback, and the game stays
resumable; docs/kiosk.md's by-hand session command works without XDG_RUNTIME_DIR."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from kiosk_scenes import _session_env, fake_game

from seigneurs.kiosk.journal import CURRENT
from seigneurs.tools.soak import table_command

REPO = Path(__file__).resolve().parent.parent
SEIGNEURS = str(Path(sys.executable).parent / "seigneurs")
CAGE = shutil.which("cage") and shutil.which("Xwayland")


def until(done: object, what: str, seconds: float = 60) -> None:
    """Wait for a real process to reach a state (never a measure: a deadline against hangs)."""
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def processes(session: int | None = None,
              parent: int | None = None) -> list[tuple[int, str, str]]:
    """(pid, name, command line) of each live process in that session or under that parent,
    read from /proc as pgrep would (a minimal Debian has no procps); zombies run nothing."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # it ended meanwhile
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        state, ppid, _group, sid = text[text.rindex(")") + 2:].split()[:4]
        if state != "Z" and session in (None, int(sid)) and parent in (None, int(ppid)):
            found.append((int(stat.parent.name), name, cmdline))
    return found


def environment(home: Path) -> dict[str, str]:
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config")}
    env.pop("SEIGNEURS_SESSION", None)
    env.pop("SEIGNEURS_COMPOSITOR_PID", None)
    return env


def test_cage_runs_without_vt_switching() -> None:
    """cage's -s is what allows Ctrl+Alt+Fn (Debian's cage 0.1.4: `-s Allow VT switching`)."""
    script = (REPO / "kiosk.sh").read_text()
    (line,) = [line for line in script.splitlines() if "exec cage" in line]
    assert line.split() == ["exec", "cage", "--", '"$here/kiosk.sh"', "--locked", '"$@"']


@pytest.mark.parametrize("caught", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP],
                         ids=lambda s: signal.Signals(s).name)
def test_a_signal_is_one_log_line_and_the_game_stays_resumable(
        tmp_path: Path, caught: signal.Signals) -> None:
    env = environment(tmp_path)
    journal = tmp_path / "data" / "seigneurs" / CURRENT
    table = subprocess.Popen(table_command("kids", 3, 4), env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    until(journal.exists, "the table never dealt")
    until(lambda: journal.read_text().count("\n") > 3, "no action journaled")
    table.send_signal(caught)
    out, _ = table.communicate(timeout=60)
    assert table.returncode == 128 + caught
    assert "Traceback" not in out and "KeyboardInterrupt" not in out
    said = [line for line in out.splitlines() if "stopped by" in line]
    assert len(said) == 1 and said[0].endswith(
        f"stopped by {caught.name}: the game in progress stays resumable")
    assert journal.exists() and not list(journal.parent.glob("*.broken-*"))
    if caught is not signal.SIGTERM:
        return
    kept = journal.read_text().splitlines()
    again = subprocess.Popen(table_command("kids", 3, 4), env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
    try:
        until(lambda: not journal.exists() or journal.read_text().count("\n") > len(kept),
              "the game was not taken up again")
    finally:
        again.send_signal(signal.SIGTERM)
        out, _ = again.communicate(timeout=60)
    assert f"at action {len(kept) - 1}" in out  # resumed where its journal was


def test_kiosk_sh_stopped_by_a_signal_says_so_and_stops_its_game(tmp_path: Path) -> None:
    env = {**environment(tmp_path), "SEIGNEURS_COMMAND": SEIGNEURS,
           "SEIGNEURS_RESTART_DELAY": "0"}
    journal = tmp_path / "data" / "seigneurs" / CURRENT
    args = table_command("kids", 3, 4)[4:]  # play's own arguments
    kiosk = subprocess.Popen([str(REPO / "kiosk.sh"), *args], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    until(journal.exists, "the table never dealt")
    kiosk.send_signal(signal.SIGTERM)  # as systemd stops the unit
    _, err = kiosk.communicate(timeout=60)
    assert kiosk.returncode == 0 and "Traceback" not in err
    assert err.count("kiosk.sh: stopped by SIGTERM: stopping the game (pid ") == 1
    assert err.count("stopped by SIGTERM: the game in progress stays resumable") == 1
    assert journal.exists()
    assert processes(session=kiosk.pid) == []  # nothing of it runs on


def test_the_loop_ends_when_its_compositor_ends(tmp_path: Path) -> None:
    """A stand-in compositor runs kiosk.sh as the session does; its game finds no display
    (69) and the boot session waits for one. Killed, the compositor takes the loop with it."""
    _, fake = fake_game(tmp_path, "exit 69")
    log = tmp_path / "kiosk.log"
    compositor = subprocess.Popen(
        ["bash", "-c", f'export SEIGNEURS_COMPOSITOR_PID=$$; "{REPO}/kiosk.sh" --locked '
         f'2>>"{log}" & wait'],
        env={**environment(tmp_path), "SEIGNEURS_COMMAND": str(fake), "SEIGNEURS_SESSION": "1",
             "SEIGNEURS_RESTART_DELAY": "30"}, start_new_session=True)
    until(lambda: "no display yet" in (log.read_text() if log.exists() else ""),
          "the loop never waited")
    loop = [pid for pid, _, command in processes(parent=compositor.pid) if "kiosk.sh" in command]
    assert len(loop) == 1
    compositor.kill()
    compositor.wait()
    until(lambda: not Path(f"/proc/{loop[0]}").exists(), "kiosk.sh went on looping", 15)
    assert f"the compositor (pid {compositor.pid}) has ended" in log.read_text()


def _session_game(tmp_path: Path) -> Path:
    import site

    packages = [p for p in site.getsitepackages() if p.endswith("site-packages")]
    python = "/usr/bin/python3" if os.geteuid() == 0 else sys.executable
    game = tmp_path / "game.sh"
    game.write_text(f"#!/bin/sh\nPYTHONPATH={REPO}:{':'.join(packages)} exec {python} -m "
                    'seigneurs "$@"\n')
    game.chmod(0o755)
    return game


@pytest.mark.skipif(not CAGE, reason="cage and Xwayland are not installed (apt install cage "
                    "xwayland)")
def test_the_kiosk_guides_session_command_works_without_xdg_runtime_dir() -> None:
    """`WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 ./kiosk.sh session --first-frame`, as
    docs/kiosk.md writes it, in an environment without XDG_RUNTIME_DIR (sudo -u, su)."""
    tmp_path = Path(tempfile.mkdtemp(prefix="cage-"))
    tmp_path.chmod(0o755)
    prefix, env = _session_env(tmp_path, _session_game(tmp_path))
    env.pop("XDG_RUNTIME_DIR")
    env["TMPDIR"] = str(tmp_path)  # where it makes its own (removed with the test's folder)
    result = subprocess.run([*prefix, "env", "-i", *(f"{k}={v}" for k, v in env.items()),
                             str(REPO / "kiosk.sh"), "session", "--first-frame"],
                            capture_output=True, text=True, timeout=300)
    shutil.rmtree(tmp_path, ignore_errors=True)
    assert "XDG_RUNTIME_DIR was not set: using " in result.stderr
    assert "first frame drawn" in result.stdout, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not CAGE, reason="cage and Xwayland are not installed (apt install cage "
                    "xwayland)")
def test_stopping_cage_ends_the_whole_session() -> None:
    """The real session under headless cage, the real game playing; cage stopped: kiosk.sh
    and the game end too (they used to loop under PID 1)."""
    tmp_path = Path(tempfile.mkdtemp(prefix="cage-"))
    tmp_path.chmod(0o755)
    prefix, env = _session_env(tmp_path, _session_game(tmp_path))
    env.update(XDG_DATA_HOME=str(tmp_path / "home" / "data"), SEIGNEURS_RESTART_DELAY="2")
    journal = tmp_path / "home" / "data" / "seigneurs" / CURRENT
    args = table_command("kids", 3, 4)[4:]
    session = subprocess.Popen([*prefix, "env", "-i", *(f"{k}={v}" for k, v in env.items()),
                                str(REPO / "kiosk.sh"), "session", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        until(journal.exists, "the game never dealt under cage", 120)
        cage = [pid for pid, name, _ in processes(session=session.pid) if name == "cage"]
        assert len(cage) == 1
        os.kill(cage[0], signal.SIGTERM)
        _, err = session.communicate(timeout=60)
        until(lambda: processes(session=session.pid) == [],
              "something of the session runs on", 20)
    finally:
        for pid, _, _ in processes(session=session.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(tmp_path, ignore_errors=True)
    assert "has ended: the session ends with it" in err or "stopped by SIG" in err, err[-3000:]
    assert "no display yet" not in err
