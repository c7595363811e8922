"""A broken configuration never weakens the adults' lock (issue 28 item 1): a Notepad file (BOM,
CRLF) is read; a file the table cannot use keeps the last good PIN, kept hashed in the data
folder; with none kept every PIN is refused until `config set-pin` (the recovery path), never
the published 2580; PINs are the pad's digits 0-9; wrong PINs make the pad wait, longer each
time, shown as a draining timer; "Retour" goes back to the game the pad covered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from kiosk_scenes import hold_corners
from table_driver import PATIENT, Driver

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.kiosk.admin_lock import (
    FIRST_WAIT,
    FREE_TRIES,
    KEPT_FILE,
    AdminLock,
    PinGuard,
    Source,
    recall,
    remember,
    resolve,
    start_notices,
)
from seigneurs.kiosk.config import DEFAULT_PIN, load
from seigneurs.kiosk.doctor import admin_pin
from seigneurs.kiosk.journal import CURRENT
from seigneurs.ui.admin_view import AdminMenu, HistoryView, PinView, screen_scale

WIDE = "".join(chr(0xFF10 + int(d)) for d in "482913")
"""482913 in full-width digits, as a phone keyboard or an IME types them."""
GOOD = '[kiosk]\nadmin_pin = "482913"\n'
BROKEN = {
    "not TOML": b'[kiosk\nadmin_pin = "482913"\n',
    "a repeated key": b'[kiosk]\nadmin_pin = "482913"\nadmin_pin = "111111"\n',
    "not UTF-8": b'[kiosk]\nadmin_pin = "48\xff2913"\n',
    "full-width digits": f'[kiosk]\nadmin_pin = "{WIDE}"\n'.encode(),
    "a PIN without quotes": b"[kiosk]\nadmin_pin = 482913\n",
    "too large": b"[kiosk]\n" + b"#" * (2 * 1024 * 1024) + b"\n",
}


def started(config: Path, data: Path) -> AdminLock:
    """What `seigneurs play` does with the file at start: load (moving garbage aside), resolve
    the lock, keep the configuration's PIN (here at once, not in a thread)."""
    settings, problems = load(config if config.exists() or config.is_symlink() else None,
                              move_garbage=True)
    lock = resolve(settings, problems, data, config)
    if lock.source is Source.CONFIG:
        assert lock.pin is not None and remember(data, lock.pin)
    return lock


def test_a_notepad_file_with_a_byte_order_mark_and_crlf_is_read(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_bytes(b'\xef\xbb\xbf[kiosk]\r\nadmin_pin = "482913"\r\nvolume = 0.5\r\n')
    settings, problems = load(config, move_garbage=True)
    assert problems == [] and (settings.admin_pin, settings.volume) == ("482913", 0.5)
    assert config.exists()  # not taken for garbage
    lock = resolve(settings, problems, tmp_path / "data")
    assert lock.source is Source.CONFIG and lock.accepts("482913")
    assert not lock.accepts(DEFAULT_PIN)


@pytest.mark.parametrize("breakage", list(BROKEN))
def test_a_file_that_breaks_keeps_the_last_good_pin_never_the_default(
        tmp_path: Path, breakage: str) -> None:
    config, data = tmp_path / "config.toml", tmp_path / "data"
    config.write_text(GOOD)
    assert started(config, data).source is Source.CONFIG
    assert (data / KEPT_FILE).stat().st_mode & 0o077 == 0
    assert "482913" not in (data / KEPT_FILE).read_text()  # a hash, not the PIN
    config.write_bytes(BROKEN[breakage])
    lock = started(config, data)
    assert lock.source is Source.KEPT, breakage
    assert lock.accepts("482913") and not lock.accepts(DEFAULT_PIN)
    again = started(config, data)  # the next start: the garbage was moved aside, or is still bad
    assert again.source is Source.KEPT and again.accepts("482913")
    assert not again.accepts(DEFAULT_PIN)
    words = [notice.notice("en") for notice in start_notices(lock, [])]
    assert words == ["The configuration gives no usable PIN: the last good PIN still holds "
                     "(seigneurs doctor)"]
    check = admin_pin(lock)
    assert not check.ok and "last good PIN" in check.found and str(data) in check.found


def test_a_config_linked_to_dev_zero_keeps_the_lock(tmp_path: Path) -> None:
    config, data = tmp_path / "config.toml", tmp_path / "data"
    config.write_text(GOOD)
    started(config, data)
    config.unlink()
    config.symlink_to("/dev/zero")
    lock = started(config, data)
    assert lock.source is Source.KEPT and lock.accepts("482913")
    assert not lock.accepts(DEFAULT_PIN)


def test_broken_with_none_kept_refuses_every_pin_until_set_pin(tmp_path: Path) -> None:
    """The recovery path: the corners, then a PIN set with `config set-pin` on the table's
    machine; the running table's lock reads the kept copy at each try."""
    config, data = tmp_path / "config.toml", tmp_path / "data"
    config.write_bytes(BROKEN["a repeated key"])
    lock = started(config, data)
    assert lock.source is Source.NONE
    assert not any(lock.accepts(pin) for pin in (DEFAULT_PIN, "482913", "111111", ""))
    check = admin_pin(lock)
    assert not check.ok and "every PIN is refused" in check.found and "set-pin" in check.fix
    assert [n.notice("en") for n in start_notices(lock, [])] == [
        "No usable PIN: the menu stays shut until seigneurs config set-pin"]
    assert not config.exists()  # the table moved it aside at its start
    assert started(config, data).source is Source.NONE  # and the next start is no weaker
    done = subprocess.run([sys.executable, "-m", "seigneurs", "config", "set-pin", str(config),
                           "--pin", "135790"], capture_output=True, text=True, check=False,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    assert done.returncode == 0 and done.stdout.strip() == "135790", done.stderr
    assert (tmp_path / "seigneurs" / KEPT_FILE).exists()
    recovered = AdminLock(Source.NONE, None, tmp_path / "seigneurs")
    assert recovered.accepts("135790") and not recovered.accepts(DEFAULT_PIN)


def test_a_sound_file_without_a_pin_keeps_the_last_good_one(tmp_path: Path) -> None:
    config, data = tmp_path / "config.toml", tmp_path / "data"
    config.write_text(GOOD)
    started(config, data)
    config.write_text("[kiosk]\nvolume = 0.5\n")  # the PIN line deleted
    lock = started(config, data)
    assert lock.source is Source.KEPT and lock.accepts("482913")
    fresh = started(config, tmp_path / "new-data")  # never set anywhere: the default, said
    assert fresh.source is Source.DEFAULT and fresh.accepts(DEFAULT_PIN)
    assert not admin_pin(fresh).ok and DEFAULT_PIN in admin_pin(fresh).found


def test_a_damaged_kept_copy_is_not_a_key(tmp_path: Path) -> None:
    (tmp_path / KEPT_FILE).write_text("pbkdf2-sha256$1$zz$00\n")
    assert recall(tmp_path) is None
    assert not AdminLock(Source.KEPT, None, tmp_path).accepts("")
    assert remember(tmp_path, "2468") and AdminLock(Source.KEPT, None, tmp_path).accepts("2468")


def run_cli(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seigneurs", *args], capture_output=True,
                          text=True, check=False, env={**os.environ, "XDG_DATA_HOME": str(data)})


def test_set_pin_refuses_full_width_digits_in_one_clear_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    done = run_cli("config", "set-pin", str(config), "--pin", WIDE, data=tmp_path)
    assert done.returncode == 2 and not config.exists() and "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert "only the digits 0-9" in last and "full-width" in last
    config.write_text(f'[kiosk]\nadmin_pin = "{WIDE}"\n')
    done = run_cli("config", "check", str(config), data=tmp_path)
    assert done.returncode == 1 and "digits 0-9" in done.stdout


def test_wrong_pins_make_the_pad_wait_longer_each_time() -> None:
    guard = PinGuard()
    now = 100.0
    for _ in range(FREE_TRIES - 1):
        assert guard.refused(now) == 0 and guard.left(now) == 0
    waits = []
    for _ in range(4):
        waits.append(guard.refused(now))
        assert guard.left(now + waits[-1] - 0.5) > 0
        now += waits[-1]
        assert guard.left(now) == 0
    assert waits == [FIRST_WAIT, 2 * FIRST_WAIT, 4 * FIRST_WAIT, 8 * FIRST_WAIT]
    assert waits[:3] == [30, 60, 120]
    for _ in range(20):  # never more than half an hour
        assert guard.refused(now) <= 1800
    guard.accepted()
    assert guard.wrong == 0 and guard.left(now) == 0


def red_in(image_box: tuple[int, int, int, int], driver: Driver) -> int:
    """How many pixels of the timer's red wedge are in the box (x0, y0, x1, y1, top-left)."""
    picture = driver.window.snapshot().convert("RGB").crop(image_box)
    return sum(1 for r, g, b in picture.getdata() if r > 180 and g < 90 and b < 90)


def press(driver: Driver, view: PinView, keys: str) -> None:
    buttons = {b.label.text: b for b in view.buttons}
    for key in keys:
        driver.tap(*buttons["OK" if key == "!" else key].box.position)


def test_the_pad_waits_after_five_wrong_pins_and_shows_the_wait_as_a_timer() -> None:
    """Through the real window: the frame clock is the guard's, so the test steps frames."""
    from dataclasses import replace

    driver = Driver(1280, 720, settings=replace(PATIENT, locked=True, admin_pin="4711"))
    try:
        hold_corners(driver, 3.2)
        pad = driver.scene
        assert isinstance(pad, PinView)
        width, height = driver.window.width, driver.window.height
        box = (width // 2 - 160, height // 2 - 100, width // 2 + 160, height // 2 + 220)
        driver.window.step(dt=0.0)
        assert red_in(box, driver) == 0
        for _ in range(FREE_TRIES):
            press(driver, pad, "1234!")
        assert driver.window.nav.pin_wait()[0] == pytest.approx(FIRST_WAIT, abs=0.2)
        driver.window.step(dt=0.0)
        full = red_in(box, driver)
        assert full > 5000  # the whole dial red: the wait has just begun
        driver.shot("pin-pad-waiting-full")
        press(driver, pad, "4711!")  # the right PIN while it waits opens nothing
        assert isinstance(driver.scene, PinView) and pad.entered == ""
        driver.frames(int(FIRST_WAIT / 2 * 60))
        driver.window.step(dt=0.0)
        half = red_in(box, driver)
        assert 0.3 * full < half < 0.7 * full  # drained by half
        driver.shot("pin-pad-waiting-half")
        driver.frames(int(FIRST_WAIT / 2 * 60) + 2)
        driver.window.step(dt=0.0)
        assert red_in(box, driver) == 0 and driver.window.nav.pin_wait() == (0, 0)
        press(driver, pad, "1!")  # the sixth wrong PIN: a minute
        assert driver.window.nav.pin_wait()[0] == pytest.approx(2 * FIRST_WAIT, abs=0.2)
        driver.frames(int(2 * FIRST_WAIT * 60) + 2)
        press(driver, pad, "4711!")
        assert isinstance(driver.scene, AdminMenu)
        assert driver.window.keeper.pin_guard.wrong == 0
    finally:
        driver.close()


def test_back_on_the_pin_pad_returns_to_the_game_it_covered(tmp_path: Path) -> None:
    """Not the lobby: the game is the same, goes on, and its journal with it."""
    from dataclasses import replace

    bot = BOT_LEVELS["expert"]
    driver = Driver(settings=replace(PATIENT, locked=True, admin_pin="4711", data_dir=tmp_path))
    try:
        driver.window.nav.deal("lords", [None, bot, bot])
        game_view = driver.scene
        driver.frames(600)
        journal = tmp_path / CURRENT
        before = journal.read_text().count("\n")
        game = game_view.session.game  # type: ignore[attr-defined]
        played = len(game.log)
        hold_corners(driver, 3.2)
        pad = driver.scene
        assert isinstance(pad, PinView)
        back = pad.buttons[-1]
        assert back.label.text == "Retour"
        driver.tap(*back.box.position)
        assert driver.scene is game_view and driver.window.nav.screen == "game"
        driver.frames(600)
        assert len(game.log) > played  # the bots play on
        assert journal.read_text().count("\n") > before  # and every action is journaled
        assert journal.read_text().count("\n") == len(game.log) + 1
    finally:
        driver.close()


SIZES = [(1280, 720), (1024, 768), (1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_admin_screen_is_whole_at_every_size(tmp_path: Path,
                                                   size: tuple[int, int]) -> None:
    """Each button and line inside the screen (1280x720: "Retour" was cut by its edge)."""
    from dataclasses import replace

    from kiosk_scenes import RECORD

    from seigneurs.kiosk.config import parse
    from seigneurs.kiosk.history import History

    history = History(tmp_path / "history.sqlite3")
    for _ in range(20):
        history.add(replace(RECORD, game_id=None))
    history.close()
    problems = parse({"kiosk": {"volume": 3, "idle_timeout": 1, "attract_after": 1,
                                "hint_after": 0}}, "/etc/seigneurs/a-long-name/config.toml")[1]
    lock = resolve(PATIENT, [], None)
    settings = replace(PATIENT, data_dir=tmp_path, notices=start_notices(lock, problems))
    driver = Driver(*size, settings=settings)
    try:
        width, height = size
        for make in (PinView, AdminMenu, HistoryView):
            view = make(driver.window)
            driver.window.show_view(view)
            for button in view.buttons:
                box = button.box
                assert box.left >= 0 and box.bottom >= 0, (make.__name__, button.label.text)
                assert box.right <= width and box.top <= height, (make.__name__,
                                                                  button.label.text)
            for line in view.lines:
                if not line.text:
                    continue
                assert line.left >= 0 and line.right <= width, (make.__name__, line.text)
                assert line.bottom >= 0 and line.top <= height, (make.__name__, line.text)
            if size == (1280, 720):
                driver.shot(f"admin-{make.__name__}-1280x720")
        assert screen_scale(width, height) <= 1.0
    finally:
        driver.close()
