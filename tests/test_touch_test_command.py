"""`seigneurs touch-test --headless --json` reports what a real TUIO tracker sent it (issue 10:
each touch's user, headless without ARCADE_HEADLESS set, a taken port is an error)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time

from tuio_client import RefTuio2Server


def listening_port(process: subprocess.Popen[str]) -> int:
    """The port the touch-test says it listens on: it binds port 0 itself, so no port is
    guessed free and then taken by someone else before it binds."""
    assert process.stderr is not None
    for line in process.stderr:
        found = re.search(r"listening for TUIO on 127\.0\.0\.1:(\d+)", line)
        if found:
            return int(found.group(1))
    raise AssertionError("touch-test never said where it listens")


def touch_test(port: int, duration: float = 4.0) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_HEADLESS"}  # --headless suffices
    return subprocess.Popen(
        [sys.executable, "-m", "seigneurs.cli", "touch-test", "--headless", "--json",
         "--duration", str(duration), "--input", "tuio", "--tuio", f"127.0.0.1:{port}",
         "--window", "1280x720"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        text=True)


def test_touch_test_headless_reports_touches_with_their_seats_and_users() -> None:
    process = touch_test(0)
    tracker = RefTuio2Server("127.0.0.1", listening_port(process))
    step = 0
    while process.poll() is None and step < 2000:  # fingers sweeping near seat 0's edge
        step += 1
        x = 0.2 + (step % 40) / 100
        fingers = {1: (x, 0.85, 1), 2: (x + 0.1, 0.85, 2)} if step % 40 else {}
        tracker.frame(fingers, step / 50, type_id=5)
        time.sleep(0.02)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    report = json.loads(out)
    assert report["touches"], err
    assert {t["seat"] for t in report["touches"]} <= {0, 1}  # the bottom-left places
    assert {t["user"] for t in report["touches"]} == {1, 2}  # tu_id's high half
    lifted = [t for t in report["touches"] if t["up"] is not None]
    assert lifted and all(t["moves"] >= 1 for t in lifted)
    (tuio,) = report["sources"]
    assert tuio["kind"] == "tuio" and tuio["frames"] > 0 and tuio["malformed"] == 0


def test_a_taken_tuio_port_is_an_error_with_a_non_zero_exit() -> None:
    taken = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    taken.bind(("127.0.0.1", 0))
    try:
        process = touch_test(taken.getsockname()[1], duration=30.0)
        out, err = process.communicate(timeout=60)
    finally:
        taken.close()
    assert process.returncode == 1 and out == ""
    assert "cannot listen for TUIO" in err and "another TUIO client" in err
