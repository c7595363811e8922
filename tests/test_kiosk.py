"""The kiosk: configuration, history, resumption, lock-down, the adults' door, idle and
attract, the unit file and kiosk.sh (issue: the kiosk)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
import pytest
from helpers import until
from kiosk_scenes import fake_dpkg, fake_game, hold_corners, stack_some
from table_driver import Driver, begin, join_and_start, region_cards

from seigneurs.cli import main
from seigneurs.game import GameConfig, Pick, RaceGame, Stack
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.kiosk.admin_lock import resolve, start_notices
from seigneurs.kiosk.config import (
    DEFAULT_PIN,
    TableSettings,
    example,
    load,
    parse,
    set_pin,
)
from seigneurs.kiosk.history import History, record_of
from seigneurs.kiosk.service import unit_text
from seigneurs.tools.simulate import play_bot_game
from seigneurs.ui.admin_view import AdminMenu, HistoryView, PinView
from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.race_view import RaceView

REPO = Path(__file__).resolve().parent.parent


# Configuration.

def test_the_example_is_the_defaults_and_has_no_problem() -> None:
    config, problems = parse(tomllib.loads(example()), "example.toml")
    assert problems == [] and config == TableSettings()


def test_each_key_is_declared_once_and_the_example_shows_it_once_with_its_meaning() -> None:
    """Issue 11, one settings schema: the example, the checks and the defaults come from the
    fields of TableSettings; a non-default value of every key survives the round trip."""
    from dataclasses import fields

    from seigneurs.kiosk.config import sections

    text = example()
    keys = [name for section in sections().values() for name in section]
    assert len(keys) == len(set(keys))
    defaults = TableSettings()
    tables = {"users": {"3": 1}, "devices": {"/dev/input/event5": {"invert_y": True}}}
    for section, declared in sections().items():  # each key, changed alone, lands in its field
        for name, (f, key) in declared.items():
            value = tables[name] if name in tables else other_value(f.default, key.check)
            config, problems = parse({section: {name: value}})
            assert problems == [], name
            if name not in tables:
                assert getattr(config, f.name) == (key.read(value) if key.read else value), name
            assert [g.name for g in fields(TableSettings)
                    if getattr(config, g.name) != getattr(defaults, g.name)] == [f.name]
    for name in keys:
        shown = [line for line in text.splitlines() if line.lstrip("# ").startswith(f"{name} =")]
        assert len(shown) == (name != "devices"), name  # devices: a table per panel, below
    assert 'resolution = "1080p"' in text and "card art (one of 1080p, 2160p)" in text
    changed = tomllib.loads(text.replace('"1080p"', '"2160p"').replace("= 0.8", "= 0.5")
                            .replace('= "fr"', '= "de"').replace('"2580"', '"4711"'))
    config, problems = parse(changed)
    assert problems == [] and (config.resolution, config.volume, config.language,
                               config.admin_pin) == ("2160p", 0.5, "de", "4711")
    plain = [f.name for f in fields(TableSettings) if "key" not in f.metadata]
    assert plain == ["locked", "data_dir", "admin_lock", "notices"]


def other_value(default: Any, check: Callable[[Any], str | None]) -> Any:
    """A value the key's check accepts and that is not its default."""
    if isinstance(default, bool):
        tries: list[Any] = [not default]
    elif isinstance(default, float):
        tries = [default / 2, default + 1, default - 1, 0.05]
    elif isinstance(default, int):
        tries = [default + 1, default - 1, 90]
    elif isinstance(default, tuple):
        tries = [list(default[:1]), list(default[1:])]
    else:
        told = check(object()) or ""
        tries = told.removeprefix("one of ").split(", ") if told.startswith("one of ") else []
        tries += ["4711", "127.0.0.1:4444", "postgresql://table@db/fleet"]
    return next(v for v in tries if v != default and check(v) is None)


def test_every_problem_names_file_key_and_what_was_expected(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[kiosk]\nidel_timeout = 5\nidle_timeout = "ninety"\nvolume = 0.5\n'
                    '[tabel]\nx = 1\n[input.devices."/dev/input/event3"]\nrotation = 45\n')
    config, problems = load(path)
    text = [str(p) for p in problems]
    assert f"{path}: [kiosk] idel_timeout: unknown key; expected one of idle_timeout, " \
           "attract_after, hint_after, admin_pin, volume" in text
    assert any("[kiosk] idle_timeout: expected a number (seconds), got 'ninety'" in t
               for t in text)
    assert any("[tabel]: unknown section" in t for t in text)
    assert any('[input.devices."/dev/input/event3"] rotation: expected one of 0, 90, 180, 270'
               in t for t in text)
    assert config.idle_timeout == 90.0 and config.volume == 0.5  # bad: default; good: kept


def test_a_file_that_is_not_toml_gives_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[kiosk\nthis is not toml")
    config, problems = load(path)
    assert config == TableSettings() and "not valid TOML" in str(problems[0])


def test_config_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(example())
    bad.write_text("[game]\nlanguage = 'klingon'\n[kiosk]\nvolume = 2\n")
    assert main(["config", "check", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: ok\n"
    assert main(["config", "check", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{bad}: [game] language: expected one of fr, en, de, got 'klingon'",
                   f"{bad}: [kiosk] volume: expected a fraction, from 0 to 1, got 2",
                   f"2 problem(s) in {bad}; the game would start with the defaults for these "
                   "keys."]  # issue 11: the summary on a line of its own


def test_device_transforms_and_users_come_through(tmp_path: Path) -> None:
    config, problems = parse(tomllib.loads(
        '[table]\norientation = 180\n[input]\nsources = ["tuio"]\nusers = { 3 = 1 }\n'
        '[input.devices."/dev/input/event5"]\ninvert_y = true\nx_range = [0, 4095]\n'
        'calibration = [1, 0, 0, 0, 1, 0]\n'))
    assert problems == []
    assert config.inputs.kinds == ("tuio",) and config.user_seats == {3: 1}
    device = config.inputs.devices["/dev/input/event5"]
    assert device.transform.invert_y and device.x_range == (0, 4095)
    assert config.inputs.orientation == 180


# History.

def finished_game(seed: int = 3) -> RaceGame:
    game = play_bot_game(GameConfig.for_players("lords", 3, seed), [BOT_LEVELS["adult"]] * 3)
    assert isinstance(game, RaceGame)
    return game


def test_history_keeps_every_finished_game(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    history = History(tmp_path / "history.sqlite3")
    game = finished_game()
    record = record_of(game, [None, "child", None])
    history.add(record)
    stored = history.games()
    assert len(stored) == 1 and stored[0].winners == tuple(game.outcome().winners)
    assert stored[0].seats[1]["bot"] == "child" and stored[0].end_reason == str(game.end_reason)
    history.close()
    database = str(tmp_path / "history.sqlite3")
    assert main(["history", "--json", "--database", database]) == 0
    assert json.loads(capsys.readouterr().out)[0]["variant"] == "lords"
    assert main(["history", "--csv", "--database", database]) == 0
    assert capsys.readouterr().out.startswith("id,finished_at,variant")
    assert main(["history", "--since", "2999-01-01", "--database", database]) == 0
    assert "no games yet" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["history", "--since", "yesterday", "--database", database])


WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {repo!r})
from seigneurs.kiosk.history import History, GameRecord
history = History(Path({path!r}))
n = 0
while True:
    n += 1
    record = GameRecord("2026-11-22T10:00:00", "lords", [{{"seat": 0}}] * 6,
                        [{{"checked": n, "wagons": ["coach/red/2"] * 20}}] * 6, [0], "table-empty",
                        12.5, n)
    history.add(record)
    print(n, flush=True)
"""


def test_history_survives_kill_9_mid_write_many_times(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(repo=str(REPO), path=str(path)))
    acknowledged = 0
    for round_ in range(12):
        process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                                   text=True)
        assert process.stdout is not None
        for _ in range(3 + round_ * 7):  # let it commit a varying number, then kill it
            line = process.stdout.readline()
            if line.strip():
                acknowledged += 1
        process.kill()  # SIGKILL, wherever it is: possibly mid-transaction
        process.wait()
        history = History(path)
        assert history.check() == "ok"
        games = history.games()
        assert len(games) >= acknowledged  # every acknowledged game is there
        assert all(len(g.trains) == 6 and g.trains[0]["checked"] == g.seed for g in games)
        acknowledged = len(games)
        history.close()


# Journal and resumption.


def test_a_crashed_game_is_offered_again_and_resumes_where_it_was(tmp_path: Path) -> None:
    settings = TableSettings(data_dir=tmp_path)
    first = Driver(settings=settings)
    game = stack_some(first, 3).game
    assert len(game.trains[0]) == 3
    trains = [list(t) for t in game.trains]
    first.window.keeper.records.close()  # the process dies here: no finish, no history
    first.close()
    second = Driver(settings=settings)
    try:
        lobby = second.scene
        assert isinstance(lobby, LobbyView) and lobby.resume.visible
        second.tap(*lobby.resume.position)
        resumed = second.scene
        assert isinstance(resumed, RaceView)
        assert resumed.game.trains == trains and resumed.counts[0].text == "3"
        assert resumed.game.phase.value == "playing"
        card = next(c for c in region_cards(resumed, 0) if resumed.game.fits(0, c))
        second.drag(tuple(resumed.physics.bodies[card].position),
                    resumed.seats[0].place.zone.center)
        assert len(resumed.game.trains[0]) == 4  # and play goes on
    finally:
        second.close()


def test_the_finished_game_goes_to_history_and_the_journal_goes(tmp_path: Path) -> None:
    driver = Driver(settings=TableSettings(data_dir=tmp_path))
    try:
        join_and_start(driver, "kids", [0, 3])
        view = begin(driver)
        journal = driver.window.keeper.records.journal
        assert journal is not None and journal.path.exists()
        game = view.game
        for _ in until(lambda: game.over, 200):  # play it out straight through the engine, quickly
            seat = next(s for s in (0, 1) if any(
                game.table_mask >> c & 1 and game.fits(s, c) for c in range(54)))
            card = next(c for c in range(54) if game.table_mask >> c & 1 and game.fits(seat, c))
            game.apply(Pick(seat, 2.0, card))
            game.apply(Stack(seat, 2.0))
            if not game.over:
                lines = journal.path.read_text().splitlines()
                assert len(lines) == len(game.log) + 1  # the header, then every action
        nav = driver.window.nav
        assert not journal.path.exists()  # in the history as it ended, before any results
        assert len(nav.recent_games(14)) == 1
        play = view.session.control.play
        play.ended_at = play.clock  # what the controller notes at the end
        driver.frames(120)
        assert len(nav.recent_games(14)) == 1  # the results view only shows it
    finally:
        driver.close()


# Lock-down, the adults' door, idle and attract.

def test_locked_mode_ignores_the_usual_quit_keys_and_the_close_button() -> None:
    driver = Driver(settings=TableSettings(locked=True))
    try:
        window = driver.window
        for key, modifiers in ((arcade.key.ESCAPE, 0), (arcade.key.Q, arcade.key.MOD_CTRL),
                               (arcade.key.F4, arcade.key.MOD_ALT), (arcade.key.W,
                                                                     arcade.key.MOD_CTRL)):
            window.on_key_press(key, modifiers)
        window.on_close()
        driver.frames(2, draw=True)
        assert isinstance(driver.scene, LobbyView) and window.exit_code == 0
    finally:
        driver.close()


def test_unlocked_escape_leaves() -> None:
    driver = Driver()
    closed = []
    driver.window.quit = lambda code: closed.append(code)  # type: ignore[method-assign]
    driver.window.on_key_press(arcade.key.ESCAPE, 0)
    assert closed == [0]
    driver.close()


def test_two_corners_held_three_seconds_then_the_pin_opens_the_admin_menu(
        tmp_path: Path) -> None:
    driver = Driver(settings=TableSettings(locked=True, admin_pin="4711", data_dir=tmp_path))
    try:
        hold_corners(driver, 1.0)
        assert isinstance(driver.scene, LobbyView)  # a short hold does nothing
        hold_corners(driver, 3.2)
        pin = driver.scene
        assert isinstance(pin, PinView)
        keys = {b.label.text: b for b in pin.buttons}
        for digit in "4712":  # wrong
            driver.tap(*keys[digit].box.position)
        driver.tap(*keys["OK"].box.position)
        assert isinstance(driver.scene, PinView) and pin.entered == ""
        for digit in "4711":
            driver.tap(*keys[digit].box.position)
        driver.tap(*keys["OK"].box.position)
        menu = driver.scene
        assert isinstance(menu, AdminMenu)
        labels = {b.label.text: b for b in menu.buttons}
        assert set(labels) >= {"Quitter", "Redémarrer", "Test tactile", "Historique"}
        driver.tap(*labels["Volume +"].box.position)
        driver.tap(*labels["Langue : français"].box.position)
        menu = driver.scene
        assert isinstance(menu, AdminMenu) and driver.window.settings.language == "en"
        labels = {b.label.text: b for b in menu.buttons}
        driver.tap(*labels["History"].box.position)
        assert isinstance(driver.scene, HistoryView)
        driver.shot("admin-history")
        back = driver.scene.buttons[-1]
        driver.tap(*back.box.position)
        labels = {b.label.text: b for b in driver.scene.buttons}
        driver.tap(*labels["Touch test"].box.position)
        assert type(driver.scene).__name__ == "TouchTestView"
    finally:
        driver.close()


def test_idle_returns_to_the_lobby_then_the_bots_demo_then_a_touch_stops_it() -> None:
    driver = Driver(settings=TableSettings(idle_timeout=20, attract_after=10))
    try:
        join_and_start(driver, "lords", [0, 3])
        assert isinstance(driver.scene, RaceView)
        driver.frames(19 * 60)
        assert isinstance(driver.scene, RaceView)
        driver.frames(2 * 60)
        assert isinstance(driver.scene, LobbyView)  # nobody touched for 20 s
        driver.frames(11 * 60)
        demo = driver.scene
        assert isinstance(demo, RaceView) and driver.window.nav.demo and all(
            s.bot for s in demo.seats)
        driver.frames(10 * 60)
        assert demo.game.log  # the bots are playing
        driver.tap(640, 360)
        assert isinstance(driver.scene, LobbyView) and not driver.window.nav.demo
    finally:
        driver.close()


def test_start_up_problems_are_shown_to_the_admin() -> None:
    notice = parse({"kiosk": {"idle_timeout": "x"}}, "/etc/seigneurs.toml")[1][0]
    driver = Driver(settings=TableSettings(notices=(notice,)))
    try:
        driver.window.show_view(AdminMenu(driver.window))
        menu = driver.scene
        assert isinstance(menu, AdminMenu)
        assert any(line.text == "Configuration, /etc/seigneurs.toml: [kiosk] idle_timeout : "
                   "valeur refusée, la valeur par défaut est utilisée (seigneurs config check)"
                   for line in menu.lines)  # in the table's language (French by default)
    finally:
        driver.close()


def test_a_table_on_the_default_pin_says_so_first_in_the_admin_menu() -> None:
    """Issue 11, no shared secret: the notice heads the start-up notices (and the log)."""
    problem = parse({"kiosk": {"volume": 3}}, "/etc/seigneurs.toml")[1][0]
    assert start_notices(resolve(TableSettings(admin_pin="4711"), [], None), []) == ()
    notices = start_notices(resolve(TableSettings(), [], None), [])
    assert len(notices) == 1 and DEFAULT_PIN in notices[0].notice("fr")
    driver = Driver(settings=TableSettings(notices=(*notices, problem)))
    try:
        driver.window.show_view(AdminMenu(driver.window))
        menu = driver.scene
        assert isinstance(menu, AdminMenu)
        shown = [line.text for line in menu.lines]
        pin, volume = notices[0].notice("fr"), problem.notice("fr")
        assert pin in shown and volume in shown and "[kiosk] volume" in volume
        assert shown.index(pin) < shown.index(volume)
        driver.shot("admin-default-pin")
    finally:
        driver.close()


def test_set_pin_keeps_the_rest_of_the_file_and_refuses_a_bad_pin(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[kiosk]  # the keepers\nvolume = 0.5\nadmin_pin = "2580"\n\n[game]\n'
                    'language = "en"\n')
    pin = set_pin(path)
    assert len(pin) == 6 and pin.isdigit() and pin != DEFAULT_PIN
    config, problems = load(path)
    assert problems == [] and (config.admin_pin, config.volume, config.language) == (
        pin, 0.5, "en")
    assert path.stat().st_mode & 0o077 == 0  # only the table's user reads the PIN
    assert set_pin(tmp_path / "new" / "config.toml", "904711") == "904711"
    assert load(tmp_path / "new" / "config.toml")[0].admin_pin == "904711"
    with pytest.raises(ValueError, match="4 to 8 digits"):
        set_pin(path, "12ab")
    assert load(path)[0].admin_pin == pin  # a refusal loses nothing


def test_an_abandoned_pin_pad_goes_back_to_the_lobby() -> None:
    driver = Driver(settings=TableSettings(locked=True, idle_timeout=15, attract_after=600))
    try:
        hold_corners(driver, 3.2)
        assert isinstance(driver.scene, PinView)
        driver.frames(16 * 60)
        assert isinstance(driver.scene, LobbyView)
    finally:
        driver.close()


def test_configured_mode_sets_every_new_seat(tmp_path: Path) -> None:
    driver = Driver(settings=TableSettings(mode="classic"))
    try:
        join_and_start(driver, "kids", [0, 3])  # Kids would be assisted by default (D8)
        assert isinstance(driver.scene, RaceView)
        assert driver.scene.game.assisted == (False, False)
    finally:
        driver.close()


# The unit file and kiosk.sh.

def test_kiosk_script_is_shellcheck_clean() -> None:
    shellcheck = shutil.which("shellcheck") or str(Path(sys.executable).parent / "shellcheck")
    result = subprocess.run([shellcheck, str(REPO / "kiosk.sh"), str(REPO / ".ci" / "run")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_unit_file_restarts_always_and_feeds_a_watchdog(tmp_path: Path) -> None:
    text = unit_text(REPO, "kiosk")
    assert "Restart=always" in text and "WatchdogSec=30" in text and "Type=notify" in text
    assert f"ExecStart={REPO}/kiosk.sh session" in text and "User=kiosk" in text
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not on this machine")
    unit = tmp_path / "seigneurs.service"
    unit.write_text(unit_text(REPO, "root"))
    result = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True)
    problems = [line for line in (result.stdout + result.stderr).splitlines()
                if "seigneurs.service" in line]
    assert not problems, problems


def kiosk_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """kiosk.sh's surroundings in `tmp_path`: its unit, and its data folder (the restart
    notes), never the tester's own."""
    return {**os.environ, "SEIGNEURS_UNIT_DIR": str(tmp_path), "SEIGNEURS_NO_SYSTEM": "1",
            "XDG_DATA_HOME": str(tmp_path / "data"), **extra}


def debian_with_everything(tmp_path: Path) -> str:
    """A PATH whose dpkg-query says every package is installed (the test machine need not)."""
    return fake_dpkg(tmp_path, installed=None)


def test_kiosk_install_and_uninstall(tmp_path: Path) -> None:
    config = tmp_path / "config" / "config.toml"
    env = kiosk_env(tmp_path, SEIGNEURS_CONFIG=str(config), PATH=debian_with_everything(tmp_path))
    result = subprocess.run([str(REPO / "kiosk.sh"), "install", "--user", "nobody"], env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    unit = tmp_path / "seigneurs.service"
    assert "Restart=always" in unit.read_text()
    pin = load(config)[0].admin_pin  # issue 11: a random PIN of its own, shown once
    assert pin != DEFAULT_PIN and result.stdout.count(pin) == 1 and pin not in result.stderr
    again = subprocess.run([str(REPO / "kiosk.sh"), "install", "13572468", "--user", "nobody"],
                           env=env,
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and load(config)[0].admin_pin == "13572468"
    refused = subprocess.run([str(REPO / "kiosk.sh"), "install", "--user", "nobody", "12"],
                             env=env,
                             capture_output=True, text=True, timeout=600)
    assert refused.returncode != 0 and "4 to 8 digits" in refused.stderr
    assert load(config)[0].admin_pin == "13572468"
    result = subprocess.run([str(REPO / "kiosk.sh"), "uninstall"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and not unit.exists()


def test_kiosk_restarts_the_game_after_a_crash_and_stops_on_a_clean_exit(
        tmp_path: Path) -> None:
    counter, fake = fake_game(tmp_path, """echo "run $n: $*"
case $n in 1) exit 3 ;; 2) exit 75 ;; 3) kill -9 $$ ;; *) exit 0 ;; esac""")
    env = kiosk_env(tmp_path, SEIGNEURS_COMMAND=str(fake), SEIGNEURS_RESTART_DELAY="0")
    result = subprocess.run([str(REPO / "kiosk.sh"), "--locked"], env=env, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert counter.read_text().strip() == "4"
    assert "run 1: play --locked" in result.stdout
    assert "stopped with code 3; restarting" in result.stderr
    assert "restart asked from the admin menu" in result.stderr
    assert "stopped with code 137; restarting" in result.stderr
    assert "the game ended normally" in result.stderr


def no_display_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = kiosk_env(tmp_path, DISPLAY=":97", **extra)  # an X display nobody serves
    for name in ("WAYLAND_DISPLAY", "ARCADE_HEADLESS"):
        env.pop(name, None)
    return env


def test_no_display_by_hand_one_clear_line_and_kiosk_sh_stops(tmp_path: Path) -> None:
    """Issue 11, clear failures: no traceback, one line saying how to run it, non-zero exit,
    and an interactive ./kiosk.sh does not retry."""
    game = str(Path(sys.executable).parent / "seigneurs")
    env = no_display_env(tmp_path, SEIGNEURS_COMMAND=game)
    result = subprocess.run([str(REPO / "kiosk.sh"), "--window", "800x600"], env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 69
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and result.stdout == "", result.stderr
    assert "no display" in lines[0] and "':97'" in lines[0]
    assert "./kiosk.sh session" in lines[0] and "ARCADE_HEADLESS=1" in lines[0]
    direct = subprocess.run([sys.executable, "-m", "seigneurs", "touch-test"], env=env,
                            capture_output=True, text=True, timeout=300)
    assert direct.returncode == 69 and len(direct.stderr.splitlines()) == 1
    assert "Traceback" not in direct.stderr and "seigneurs touch-test:" in direct.stderr


def test_the_boot_session_waits_for_a_display_with_back_off(tmp_path: Path) -> None:
    """Issue 11: only the session (the boot service) retries a missing display, and logs so."""
    counter, fake = fake_game(tmp_path, """if (( n < 3 )); then echo "no display" >&2; exit 69; fi
exit 0""")
    env = kiosk_env(tmp_path, SEIGNEURS_COMMAND=str(fake), SEIGNEURS_RESTART_DELAY="0",
                    SEIGNEURS_SESSION="1")
    result = subprocess.run([str(REPO / "kiosk.sh"), "--locked"], env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0 and counter.read_text().strip() == "3"
    assert result.stderr.count("no display yet; the boot session waits for one") == 2
    counter.unlink()
    env.pop("SEIGNEURS_SESSION")
    by_hand = subprocess.run([str(REPO / "kiosk.sh")], env=env, capture_output=True,
                             text=True, timeout=300)
    assert by_hand.returncode == 69 and counter.read_text().strip() == "1"
    assert by_hand.stderr == "no display\n"


def test_systemd_hears_ready_then_the_watchdog_every_few_frames(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The watchdog runs on the frame clock the driver steps (1/60 s a frame), never on a
    sleep: petted at the first frame, not again within a third of its period, then again."""
    import socket

    address = tmp_path / "notify.sock"
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(str(address))
    systemd.settimeout(5)
    monkeypatch.setenv("NOTIFY_SOCKET", str(address))
    monkeypatch.setenv("WATCHDOG_USEC", "300000")  # 0.3 s: pets every 0.1 s
    driver = Driver()
    try:
        assert systemd.recv(64) == b"READY=1"
        driver.frames()
        assert systemd.recv(64) == b"WATCHDOG=1"
        driver.frames(5)  # 5/60 s: within 0.1 s, nothing more
        systemd.setblocking(False)
        with pytest.raises(BlockingIOError):
            systemd.recv(64)
        systemd.settimeout(5)
        driver.frames(2)  # 7/60 s
        assert systemd.recv(64) == b"WATCHDOG=1"
    finally:
        driver.close()
        systemd.close()


CRASHER = """
import json, os, sys, time
os.environ["ARCADE_HEADLESS"] = "1"
sys.path.insert(0, {tests!r})
sys.path.insert(0, {repo!r})
from pathlib import Path
from table_driver import Driver
from kiosk_scenes import stack_some
from seigneurs.kiosk.config import TableSettings
driver = Driver(settings=TableSettings(data_dir=Path({data!r})))
print(json.dumps(stack_some(driver, 4).game.trains), flush=True)
time.sleep(600)
"""


def test_a_game_killed_with_sigkill_is_resumed_by_the_next_start(tmp_path: Path) -> None:
    script = tmp_path / "crasher.py"
    script.write_text(CRASHER.format(tests=str(REPO / "tests"), repo=str(REPO),
                                     data=str(tmp_path / "data")))
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                               text=True, env={**os.environ, "ARCADE_HEADLESS": "1"})
    assert process.stdout is not None
    trains = json.loads(process.stdout.readline())
    process.kill()  # SIGKILL mid-game: no finish, no history record
    process.wait()
    assert len(trains[0]) == 4
    driver = Driver(settings=TableSettings(data_dir=tmp_path / "data"))
    try:
        lobby = driver.scene
        assert isinstance(lobby, LobbyView) and lobby.resume.visible
        driver.tap(*lobby.resume.position)
        resumed = driver.scene
        assert isinstance(resumed, RaceView) and resumed.game.trains == trains
        assert driver.window.keeper.records.kept.history is not None
        assert driver.window.nav.recent_games(14) == []
    finally:
        driver.close()
