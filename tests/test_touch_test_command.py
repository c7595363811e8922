"""`seigneurs touch-test --headless --json` reports what a real TUIO tracker sent it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

from tuio_client import Tuio2Tracker


def free_udp_port() -> int:
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.bind(("127.0.0.1", 0))
    port = int(probe.getsockname()[1])
    probe.close()
    return port


def test_touch_test_headless_reports_touches_with_their_seats() -> None:
    port = free_udp_port()
    env = {**os.environ, "ARCADE_HEADLESS": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "seigneurs.cli", "touch-test", "--headless", "--json",
         "--duration", "4", "--input", "tuio", "--tuio", f"127.0.0.1:{port}", "--window",
         "1280x720"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    tracker = Tuio2Tracker("127.0.0.1", port)
    step = 0
    while process.poll() is None and step < 2000:  # a finger sweeping near seat 0's edge
        step += 1
        x = 0.2 + (step % 40) / 100
        tracker.frame({1: (x, 0.85, 0)} if step % 40 else {})
        time.sleep(0.02)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    report = json.loads(out)
    assert report["touches"], err
    assert {t["seat"] for t in report["touches"]} <= {0, 1}  # the bottom-left places
    lifted = [t for t in report["touches"] if t["up"] is not None]
    assert lifted and all(t["moves"] >= 1 for t in lifted)
