"""Issue 26, item 1: a game kind is one entry in each layer's registry, found from the
variant's kind (`Variant.engine`): the engine and bots (game), the places and the session
(table), the view and the results (ui), the history record and the lobby's picture. A toy third
kind, made of the race's parts in a few lines, reaches every place a kind is asked for."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from table_driver import PATIENT, Driver

from seigneurs.game import GameConfig, RaceGame
from seigneurs.game.bots import BOT_LEVELS, RaceBot
from seigneurs.game.kinds import KINDS, make_bot
from seigneurs.kiosk.history import record_of
from seigneurs.rules import VARIANTS
from seigneurs.table.kinds import TABLE_KINDS, open_session, table_kind
from seigneurs.table.layout import TableLayout
from seigneurs.table.session import Seating
from seigneurs.tools.simulate import play_bot_game
from seigneurs.ui.kinds import VIEW_KINDS
from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.seat import seat_plans


class ToyGame(RaceGame):
    """The race's engine, played under a kind of its own."""


class ToyBot(RaceBot):
    """The race's bot, likewise."""


def test_every_kind_has_its_entry_in_every_layer() -> None:
    kinds = {spec.engine for spec in VARIANTS.values()}
    assert set(KINDS) == set(TABLE_KINDS) == set(VIEW_KINDS) == kinds == {"race", "duo"}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The toy kind registered in each layer; what it was asked for, in order."""
    asked: list[str] = []

    def noted(what: str, part: Callable[..., Any]) -> Callable[..., Any]:
        def asking(*args: Any) -> Any:
            asked.append(what)
            return part(*args)
        return asking
    race, table, view = KINDS["race"], TABLE_KINDS["race"], VIEW_KINDS["race"]
    monkeypatch.setitem(VARIANTS, "toy", replace(VARIANTS["lords"], name="toy", engine="toy"))
    monkeypatch.setitem(KINDS, "toy", replace(
        race, name="toy", engine=ToyGame, bot=ToyBot, set_up=noted("deal", race.set_up),
        set_aside=noted("again", race.set_aside), record=noted("history", race.record)))
    monkeypatch.setitem(TABLE_KINDS, "toy", replace(
        table, name="toy", places=noted("lobby places", table.places),
        spread=noted("places", table.spread), open=noted("session", table.open)))
    monkeypatch.setitem(VIEW_KINDS, "toy", replace(
        view, name="toy", view=noted("view", view.view), results=noted("results", view.results)))
    yield asked


def test_a_toy_kind_is_dealt_played_by_bots_and_recorded_by_its_entry(toy: list[str]) -> None:
    config = GameConfig.for_players("toy", 2, seed=3)
    layout = TableLayout.build(1280, 720)
    plans = seat_plans(layout, "toy", 2, [None, BOT_LEVELS["expert"]])
    session = open_session(layout, Seating(tuple(p.place for p in plans), (None, None)), config)
    assert isinstance(session.game, ToyGame)
    assert isinstance(make_bot(session.game, 1, BOT_LEVELS["child"], random.Random(1)), ToyBot)
    game = play_bot_game(config, [BOT_LEVELS["expert"]] * 2)
    assert isinstance(game, ToyGame) and game.over
    assert record_of(game, [None, "expert"]).variant == "toy"
    assert toy == ["places", "deal", "session", "history"]


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver(settings=PATIENT)  # made before the toy: its media load the known tiles
    yield d
    d.close()


def test_a_toy_kind_reaches_the_lobby_its_view_and_its_results(driver: Driver,
                                                                toy: list[str]) -> None:
    nav, icons = driver.window.nav, driver.window.media.icons
    icons["variant-toy"] = icons["variant-lords"]  # the toy's tile in the lobby
    nav.show_lobby("toy")
    assert isinstance(driver.scene, LobbyView) and len(driver.scene.places()) == 6
    nav.deal("toy", [None, BOT_LEVELS["expert"]])
    view: Any = driver.scene
    assert isinstance(view.session.game, ToyGame)
    game = play_bot_game(GameConfig.for_players("toy", 2, seed=4), [BOT_LEVELS["expert"]] * 2)
    nav.show_results(game, view.seats)
    nav.again(game, view.seats, set())
    again: Any = driver.scene
    assert isinstance(again.session.game, ToyGame)
    assert toy[0] == "lobby places"
    assert {"places", "deal", "session", "view", "results", "again"} <= set(toy)


def test_a_table_kind_for_an_engine_nobody_plays_names_the_unknown_game_kind() -> None:
    """Variants as a registry: the table's part of a variant whose engine no game kind plays
    fails with an error that says it is the game kind that is unknown, and which ones there
    are."""
    odd = replace(VARIANTS["kids"], engine="hovercraft")
    with pytest.raises(ValueError, match="unknown game kind 'hovercraft'; expected one of race"):
        table_kind(odd)
