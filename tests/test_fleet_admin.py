"""The fleet's state where the adult who runs the kiosk looks (issue 30, items 1 and 5): the
admin menu's first notice says how many games wait, when the last one was sent, since when
the server is unreachable and whether the metrics are served, in the table's language, and
never shows the database's password (nor its URL)."""

from __future__ import annotations

import logging
import socket
from dataclasses import replace
from pathlib import Path

import pytest
from postgres_server import PASSWORD, free_port, postgres
from table_driver import Driver

from seigneurs.kiosk.config import parse
from seigneurs.kiosk.fleet.running import Fleet
from seigneurs.kiosk.history import HISTORY_FILE, GameRecord, History
from seigneurs.kiosk.i18n import LANGUAGES, text
from seigneurs.ui.admin_view import AdminMenu
from seigneurs.ui.run import _start_fleet

UNREACHABLE = {"fr": "serveur injoignable depuis", "en": "server unreachable since",
               "de": "Server nicht erreichbar seit"}


def two_games(folder: Path) -> None:
    history = History(folder / HISTORY_FILE)
    for n in range(2):
        history.add(GameRecord(f"2026-11-24T10:0{n}:00+00:00", "kids", [], [], [0],
                               "train_complete", 60.0, n, game_id=f"g{n}"))
    history.close()


def menu_lines(driver: Driver) -> list[str]:
    driver.window.show_view(AdminMenu(driver.window))
    menu = driver.scene
    assert isinstance(menu, AdminMenu)
    return [line.text for line in menu.lines]


def started(driver: Driver) -> Fleet:
    """The table's own wiring (`ui.run`), its worker stopped at once: the test runs the passes
    itself, so nothing depends on a thread's timing."""
    fleet = _start_fleet(driver.window)
    assert fleet.shipper is not None
    fleet.shipper.stop(wait=120)  # its first pass ends (a loaded machine's slow connect too)
    return fleet


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_server_down_is_said_in_the_admin_menu_without_the_password(
        tmp_path: Path, language: str, caplog: pytest.LogCaptureFixture) -> None:
    two_games(tmp_path)
    url = f"postgresql://tables:{PASSWORD}@127.0.0.1:{free_port()}/fleet?connect_timeout=5"
    settings, problems = parse({"game": {"language": language}, "fleet": {
        "name": "kids-corner", "history_url": url, "metrics": "127.0.0.1:0"}})
    assert not problems
    driver = Driver(settings=replace(settings, data_dir=tmp_path))
    caplog.set_level(logging.INFO)
    fleet = started(driver)
    try:
        assert fleet.shipper is not None
        failed = fleet.shipper.one_pass()
        assert failed.error and failed.waiting == 2
        lines = menu_lines(driver)
        state = lines[1]  # under the volume line: the first notice
        assert UNREACHABLE[language] in state
        assert text(language, "fleet_waiting").format(table="kids-corner", count=2) in state
        assert text(language, "fleet_none_sent") in state
        assert fleet.metrics is not None and fleet.metrics.address is not None
        assert text(language, "fleet_metrics").format(
            address=f"127.0.0.1:{fleet.metrics.address[1]}") in state
        shown = " ".join(lines)
        assert PASSWORD not in shown and "postgresql://" not in shown
        assert PASSWORD not in caplog.text
        if language == "en":
            driver.shot("fleet-admin-server-down")  # out/screenshots/, for review
    finally:
        fleet.stop()
        driver.close()


def test_a_server_back_says_the_last_game_sent_and_no_longer_unreachable(
        tmp_path: Path) -> None:
    two_games(tmp_path)
    with postgres() as server:
        url = server.url()
        settings, _ = parse({"game": {"language": "en"}, "fleet": {"history_url": url}})
        driver = Driver(settings=replace(settings, data_dir=tmp_path))
        fleet = started(driver)
        try:
            assert fleet.shipper is not None
            server.kill()
            assert fleet.shipper.one_pass().error
            assert UNREACHABLE["en"] in menu_lines(driver)[1]
            server.start()
            assert fleet.shipper.one_pass().error is None
            state = menu_lines(driver)[1]
            assert "0 game(s) waiting" in state and "last game sent " in state
            assert "unreachable" not in state and PASSWORD not in state
        finally:
            fleet.stop()
            driver.close()


def test_fleet_problems_follow_the_state_and_a_table_without_fleet_shows_none(
        tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        settings, _ = parse({"game": {"language": "en"}, "fleet": {
            "metrics": f"127.0.0.1:{taken.getsockname()[1]}"}})
        driver = Driver(settings=replace(settings, data_dir=tmp_path))
        fleet = _start_fleet(driver.window)
        try:
            lines = menu_lines(driver)
            assert lines[1].startswith("Fleet, table '") and "metrics not served" in lines[1]
            assert lines[2].startswith("Fleet: [fleet] metrics: 127.0.0.1:")
        finally:
            fleet.stop()
            driver.close()
    finally:
        taken.close()
    plain = Driver(settings=parse({"game": {"language": "en"}})[0])
    try:
        fleet = _start_fleet(plain.window)
        assert fleet.notices() == [] and not any("Fleet" in line for line in menu_lines(plain))
    finally:
        plain.close()
