"""`seigneurs doctor` (issue 17 item 3): one line per check, ✓ or ✗ with the fix. Each check
is shown failing on a scene built for it, and passing once mended, on the real machine."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

from seigneurs.kiosk.card_size import panel_mode, tenths
from seigneurs.kiosk.config import TableSettings
from seigneurs.kiosk.doctor import card_size, service, table_user, touch_panels
from seigneurs.table.layout import TableLayout

NAMES = ["table user", "display", "Xwayland", "touch panels", "TUIO port", "assets",
         "configuration", "card size", "data folder", "history", "sound", "admin PIN", "service",
         "restarts"]


def doctor(tmp_path: Path, config: str, path: str, data: Path) -> tuple[int, dict[str, str]]:
    home = tmp_path / "config"
    (home / "seigneurs").mkdir(parents=True, exist_ok=True)
    (home / "seigneurs" / "config.toml").write_text(config)
    env = {**os.environ, "XDG_CONFIG_HOME": str(home), "XDG_DATA_HOME": str(data),
           "PATH": path}
    done = subprocess.run([sys.executable, "-m", "seigneurs", "doctor"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.stderr == ""
    header, *lines = done.stdout.splitlines()
    assert header.startswith("checking ") and str(data) in header  # whose table, said first
    checks = {line[2:].split(":")[0]: line for line in lines[:-1]}
    assert list(checks) == NAMES and all(line[0] in "✓✗" for line in checks.values())
    return done.returncode, checks


def test_each_check_fails_on_its_scene_with_the_fix(tmp_path: Path) -> None:
    held = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    held.bind(("127.0.0.1", 0))  # the TUIO port, taken (kept for the whole test)
    port = held.getsockname()[1]
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file where the data folder should be")
    empty = tmp_path / "bin"
    empty.mkdir()  # a PATH with neither cage, xinit, Xwayland nor systemctl
    try:
        config = (f'[kiosk]\nvolume = 7\n[table]\ndiagonal_inches = 24\n[input]\ntuio = '
                  f'"127.0.0.1:{port}"\n')
        code, checks = doctor(tmp_path, config, str(empty), not_a_folder)
    finally:
        held.close()
    assert code == 1
    fixes = {
        "display": "sudo apt install cage xwayland", "Xwayland": "sudo apt install xwayland",
        "touch panels": "plug the panel in", "TUIO port": f"127.0.0.1:{port} is taken",
        "configuration": "seigneurs config check", "card size": "under the 4 cm research",
        "data folder": "cannot be written",
        "admin PIN": "still the default 2580", "service": "systemd is not running here"}
    for name, words in fixes.items():
        assert checks[name].startswith("✗") and words in checks[name], checks[name]
        assert "— fix: " in checks[name]


def test_mended_checks_pass_and_a_damaged_history_is_named(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "seigneurs").mkdir(parents=True)
    (data / "seigneurs" / "history.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\x07" * 900)
    code, checks = doctor(tmp_path, '[kiosk]\nadmin_pin = "482913"\n[input]\nsources = '
                                    '["evdev", "mouse"]\n', os.environ["PATH"], data)
    for name in ("TUIO port", "configuration", "card size", "data folder", "admin PIN"):
        assert checks[name].startswith("✓"), checks[name]
    assert checks["history"].startswith("✗") and "moves it aside" in checks["history"]
    if shutil.which("cage") and shutil.which("Xwayland"):
        assert checks["display"].startswith("✓") and checks["Xwayland"].startswith("✓")
    assert code == 1


def test_the_checks_that_need_another_machine_say_so() -> None:
    """Root, unreadable panels and the unit's state: what a table would show."""
    assert not table_user(0, "root").ok and table_user(1000, "table").ok
    denied = touch_panels([("/dev/input/event5", "?", False, "no permission to read "
                            "/dev/input/event5: add the kiosk user to the 'input' group")], "t")
    assert not denied.ok and "sudo usermod -aG input t" in denied.line()
    assert touch_panels([("/dev/input/event5", "ILITEK", True, "")], "t").line() == \
        "✓ touch panels: ILITEK (/dev/input/event5)"
    states = {"is-enabled": "enabled", "is-active": "active"}
    assert service(lambda argv: states[argv[1]]).ok
    states["is-active"] = "failed"
    assert "journalctl -u seigneurs" in service(lambda argv: states[argv[1]]).line()
    assert "sudo ./kiosk.sh install" in service(lambda argv: "").line()


def test_the_card_size_is_shown_in_cm_and_a_panel_too_small_for_small_fingers_fails() -> None:
    """Issue 29, item 5: the doctor says how large a card is, by the game's own layout at the
    panel's picture, and fails, naming the panel that would do, where the layout had to make
    cards narrower than the 4 cm suggested for three-year-olds."""
    big = card_size(TableSettings(diagonal_inches=55.0))
    assert big.ok and "a card is 4.2 by 5.9 cm on the 55-inch panel at 1920x1080 assumed" \
        in big.found
    assert card_size(TableSettings(diagonal_inches=42.0), (1024, 768)).ok  # 4:3: taller room
    assert "4.0 by 5.6 cm" in card_size(TableSettings(diagonal_inches=42.0), (1024, 768)).found
    for diagonal, arrangement in ((24.0, "six-around"), (32.0, "long-sides")):
        small = card_size(TableSettings(diagonal_inches=diagonal, layout=arrangement), (1280, 720))
        drawn = TableLayout.build(1280, 720, diagonal, arrangement)  # what the game draws
        assert not small.ok and small.fix.startswith("a panel of 43 inches or more")
        assert f"a card is {tenths(drawn.card_cm):.1f} by" in small.found
        assert tenths(drawn.card_cm) < 4.0 and "under the 4 cm" in small.found
    assert not card_size(TableSettings(diagonal_inches=42.0), (1920, 1080)).ok  # 3.99 cm


def test_the_doctor_reads_the_panels_picture_from_the_kernel(tmp_path: Path) -> None:
    """The first connected display's preferred mode, as /sys/class/drm lists it."""
    for name, status, modes in (("card0-HDMI-A-1", "disconnected", "1920x1080\n"),
                                ("card0-HDMI-A-2", "connected", "1024x768\n800x600\n"),
                                ("card1-DP-1", "connected", "3840x2160\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "status").write_text(status + "\n")
        (tmp_path / name / "modes").write_text(modes)
    assert panel_mode(tmp_path) == (1024, 768)
    assert panel_mode(tmp_path / "none") is None
