"""Issue 12, guidance without words: each hint appears after its idle time, points at the next
step at each place, never covers a card, and vanishes at the first touch; through scripted
touches and the views' clock (frames of 1/60 s, no sleeping)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from table_driver import Driver

from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.window import TableSettings

HINT_AFTER = 3.0


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver(settings=TableSettings(hint_after=HINT_AFTER))
    yield d
    d.close()


def wait(d: Driver, seconds: float) -> None:
    d.frames(round(seconds * 60))


def near(a: tuple[float, float], b: tuple[float, float], reach: float) -> bool:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 <= reach


def test_issue12_lobby_hints_point_at_every_free_place_after_the_idle_time(
        driver: Driver) -> None:
    lobby = driver.scene
    assert isinstance(lobby, LobbyView)
    wait(driver, HINT_AFTER - 0.5)
    assert not lobby.hints.showing  # not before its time
    wait(driver, 1.0)
    pads = [buttons.pad for buttons in lobby.buttons.values()]
    assert len(lobby.hints.shown) == len(pads)
    for shown, pad in zip(lobby.hints.shown, pads, strict=True):
        assert shown.ring.position == pad.position  # the ring goes round the join face
        assert near(shown.hand.position, pad.position, pad.width * 2)  # the hand beside it
        assert shown.hand.alpha > 0
    driver.shot("hints-lobby-join")


def test_issue12_a_touch_ends_the_hints_and_the_next_step_is_the_whistle(
        driver: Driver) -> None:
    lobby = driver.scene
    assert isinstance(lobby, LobbyView)
    wait(driver, HINT_AFTER + 0.5)
    assert lobby.hints.showing
    touch = driver.down(*lobby.buttons[0].pad.position)  # a child joins: on touch-down
    driver.frames()
    assert not lobby.hints.showing and not lobby.hints.over
    driver.up(touch, *lobby.buttons[0].pad.position)
    driver.tap(*lobby.buttons[3].pad.position)
    assert lobby.ready()
    wait(driver, HINT_AFTER + 0.5)
    assert [s.ring.position for s in lobby.hints.shown] == [lobby.start.position]
    driver.shot("hints-lobby-whistle")
