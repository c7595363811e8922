"""The kiosk keeper without a window: the corner gesture, idleness, demo, journal and history,
driven by a stepped frame clock (no sleeps)."""

from __future__ import annotations

from pathlib import Path

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.config import GameConfig
from seigneurs.game.factory import new_game
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.kiosk.keeper import ADMIN_HOLD, CornerGesture, Keeper, Screen, Step
from seigneurs.tools.simulate import play_bot_game

DOWN, MOVE, UP = TouchPhase.DOWN, TouchPhase.MOVE, TouchPhase.UP
SIZE = (1920.0, 1080.0)


def touch(touch_id: int, phase: TouchPhase, x: float, y: float) -> TouchEvent:
    return TouchEvent(touch_id, phase, x, y, 0.0)


def run(keeper: Keeper, screen: Screen, start: float, seconds: float,
        first: list[TouchEvent] | None = None, dt: float = 0.1) -> tuple[float, Step | None]:
    """Frames from `start` for `seconds` (the first with `first`), until a step is asked."""
    now, events = start, first or []
    while now < start + seconds:
        step = keeper.frame(events, now, screen)
        if step is not None:
            return now, step
        events = []
        now = round(now + dt, 6)
    return now, None


def test_opposite_corners_held_three_seconds_ask_for_the_pin_pad() -> None:
    gesture = CornerGesture(*SIZE)
    corners = [touch(1, DOWN, 0.01, 0.02), touch(2, DOWN, 0.99, 0.97)]
    assert not gesture.feed(corners, 10.0)
    assert not gesture.feed([], 10.0 + ADMIN_HOLD - 0.01)
    assert gesture.feed([], 10.0 + ADMIN_HOLD)
    assert not gesture.feed([], 10.0 + ADMIN_HOLD + 1)  # once, then it starts afresh


def test_neighbouring_corners_or_a_lift_do_not_open_it() -> None:
    gesture = CornerGesture(*SIZE)
    assert not gesture.feed([touch(1, DOWN, 0.01, 0.02), touch(2, DOWN, 0.99, 0.02)], 0.0)
    assert not gesture.feed([], 5.0)  # bottom-left and bottom-right: a child's two arms
    gesture.feed([touch(3, DOWN, 0.99, 0.98)], 5.0)  # now opposite: bottom-left, top-right
    assert not gesture.feed([touch(3, UP, 0.99, 0.98)], 6.0)  # lifted before the hold
    assert not gesture.feed([], 9.0)


def test_the_gesture_away_from_the_corners_is_ignored() -> None:
    gesture = CornerGesture(*SIZE)
    gesture.feed([touch(1, DOWN, 0.2, 0.2), touch(2, DOWN, 0.8, 0.8)], 0.0)
    assert not gesture.feed([], 10.0)


def test_the_keeper_opens_the_admin_once_and_keeps_the_game_to_resume(tmp_path: Path) -> None:
    keeper = Keeper(SIZE, 90, 30, tmp_path)
    game = new_game(GameConfig.for_players("lords", 2, 4))
    keeper.records.started(game, {"seats": []}, demo=False)
    corners = [touch(1, DOWN, 0.0, 0.0), touch(2, DOWN, 1.0, 1.0)]
    now, step = run(keeper, Screen.GAME, 0.0, 5.0, corners)
    assert step is Step.ADMIN and now >= ADMIN_HOLD
    assert keeper.records.resumable()  # suspended, not forgotten
    keeper.gesture.feed(corners, now)
    assert run(keeper, Screen.ADMIN, now, 5.0)[1] is None  # already open: nothing more


def test_idle_lobby_starts_the_demo_then_a_touch_ends_it() -> None:
    keeper = Keeper(SIZE, idle_timeout=20, attract_after=10, data_dir=None)
    now, step = run(keeper, Screen.LOBBY, 0.0, 60.0)
    assert step is Step.DEMO and 10.0 <= now < 10.2
    keeper.shown(now)
    assert run(keeper, Screen.DEMO, now, 30.0)[1] is None  # demos run on while nobody comes
    now, step = run(keeper, Screen.DEMO, now + 30, 1.0, [touch(7, DOWN, 0.5, 0.5)])
    assert step is Step.LOBBY


def test_a_demo_is_dealt_anew_after_four_idle_timeouts() -> None:
    keeper = Keeper(SIZE, idle_timeout=20, attract_after=10, data_dir=None)
    now, step = run(keeper, Screen.DEMO, 0.0, 100.0, dt=1.0)
    assert step is Step.LOBBY and now == 80.0


def test_an_abandoned_game_returns_to_the_lobby_and_is_not_resumed(tmp_path: Path) -> None:
    keeper = Keeper(SIZE, idle_timeout=15, attract_after=600, data_dir=tmp_path)
    game = new_game(GameConfig.for_players("kids", 2, 1))
    keeper.records.started(game, {"seats": []}, demo=False)
    assert keeper.records.resumable()
    now, step = run(keeper, Screen.GAME, 0.0, 14.0, [touch(1, MOVE, 0.4, 0.4)])
    assert step is None  # still within its time
    now, step = run(keeper, Screen.GAME, now, 5.0)
    assert step is Step.LOBBY and not keeper.records.resumable()


def test_finished_games_go_to_history_demos_do_not(tmp_path: Path) -> None:
    keeper = Keeper(SIZE, 90, 30, tmp_path)
    done = play_bot_game(GameConfig.for_players("lords", 3, 2), [BOT_LEVELS["adult"]] * 3)
    for demo in (True, False):
        game = new_game(done.config)
        keeper.records.started(game, {"seats": [{"bot": "adult"}] * 3}, demo=demo)
        assert keeper.records.resumable() is not demo
        for action in done.log:
            game.apply(action)
        assert game.over and not keeper.records.resumable()
    assert keeper.records.kept.history is not None
    assert [g.seed for g in keeper.records.kept.history.games()] == [2]
    keeper.records.close()
