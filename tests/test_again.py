"""Issue 18, "again" keeps the table: same variant, places, bots, rules and modes, one tap by
anyone; a child who leaves touches their face; too few left: the lobby, the table kept."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from table_driver import PATIENT, Driver

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.config import GameConfig, SeatConfig
from seigneurs.rules import Rule
from seigneurs.tools.simulate import play_bot_game
from seigneurs.ui.duo_view import DuoView
from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.race_view import RaceView
from seigneurs.ui.results_view import ResultsView
from seigneurs.ui.seat import SeatColour, SeatPlan, seat_plans


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver(settings=PATIENT)
    yield d
    d.close()


def results(d: Driver, config: GameConfig, plans: list[SeatPlan],
            crowned: bool = True) -> ResultsView:
    """A finished game of `config` (played through the engine) and its results, crowned."""
    game = play_bot_game(config, [BOT_LEVELS["expert"]] * len(config.seats))
    d.window.nav.start_game(config, plans)  # the table, as the lobby deals it
    d.window.nav.show_results(game, plans)
    view = d.scene
    assert isinstance(view, ResultsView)
    if not crowned:
        return view
    for _ in range(60 * 120):
        d.frames()
        if view.done:
            return view
    pytest.fail("the results never crowned anybody")


def kids_table(d: Driver) -> tuple[GameConfig, list[SeatPlan]]:
    """Kids: a child playing Rois rules in classic at place 2, the close bot at place 4, a child
    at place 0 (seats in joining order)."""
    places = d.window.layout.places
    config = GameConfig("kids", (SeatConfig(Rule.EXACTLY_ONE, False), SeatConfig(),
                                 SeatConfig()), 5)
    plans = [SeatPlan(places[2], SeatColour.GREEN),
             SeatPlan(places[4], SeatColour.YELLOW, BOT_LEVELS["close"]),
             SeatPlan(places[0], SeatColour.ORANGE)]
    return config, plans


def test_again_by_any_child_deals_the_same_table(driver: Driver) -> None:
    config, plans = kids_table(driver)
    view = results(driver, config, plans)
    assert set(view.faces) == {0, 2} and len(view.again) == 3  # the middle, and each child's
    driver.tap(*view.again[-1].position)  # the last child's own 'again'
    again = driver.scene
    assert isinstance(again, RaceView)
    assert again.game.config.seats == config.seats and again.seats == plans
    assert again.game.config.seed != config.seed  # a new deal


def test_a_child_who_touches_their_face_leaves_the_next_game(driver: Driver) -> None:
    config, plans = kids_table(driver)
    view = results(driver, config, plans)
    driver.tap(*view.faces[0].position)  # left, then back, then left for good
    driver.tap(*view.faces[0].position)
    driver.tap(*view.faces[0].position)
    assert view.leaving == {0} and view.faces[0].alpha < 255
    driver.tap(*view.again[0].position)
    again = driver.scene
    assert isinstance(again, RaceView)
    assert again.game.config.seats == config.seats[1:] and again.seats == plans[1:]


def test_with_too_few_left_the_lobby_keeps_the_table(driver: Driver) -> None:
    config, plans = kids_table(driver)
    view = results(driver, config, plans)
    driver.tap(*view.faces[0].position)
    driver.tap(*view.faces[2].position)  # both children go: only the bot would be left
    driver.tap(*view.again[0].position)
    lobby = driver.scene
    assert isinstance(lobby, LobbyView)
    assert lobby.variant_name == "kids" and lobby.joined == [4]
    assert lobby.members[4].bot is BOT_LEVELS["close"] and not lobby.ready()


def test_duo_again_keeps_the_removed_locomotive(driver: Driver) -> None:
    layout = driver.window.layout
    config = GameConfig.for_players("duo", 2, 3)
    plans = seat_plans(layout, "duo", 2, [None, BOT_LEVELS["child"]])
    view = results(driver, config, plans)
    removed = view.game.removed
    assert removed is not None and set(view.faces) == {0}
    driver.tap(*view.again[0].position)
    duo = driver.scene
    assert isinstance(duo, DuoView)
    assert duo.game.removed == removed and duo.seats == plans


def test_after_the_idle_timeout_the_results_go_back_to_the_lobby() -> None:
    d = Driver(settings=replace(PATIENT, idle_timeout=10))
    try:
        config, plans = kids_table(d)
        view = results(d, config, plans, crowned=False)
        d.frames(60 * 9)
        assert d.scene is view
        d.frames(60 * 2)
        assert isinstance(d.scene, LobbyView) and not d.scene.members
    finally:
        d.close()
