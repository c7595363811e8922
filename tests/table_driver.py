"""Drives the real table app headless through scripted touches, like fingers would."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

import pytest

from seigneurs.game import AnyGame, DuoGame, EndReason, Phase
from seigneurs.kiosk.config import TableSettings
from seigneurs.rules import WAGONS, Rule, check_train
from seigneurs.table.controller import COUNTDOWN
from seigneurs.table.events import Event
from seigneurs.tools.scripted import ScriptedTable
from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.race_view import RaceView
from seigneurs.ui.results_view import ResultsView

SHOTS = Path(__file__).resolve().parent.parent / "out" / "screenshots"
PATIENT = TableSettings(idle_timeout=3600, attract_after=3600, volume=0.0)
"""A quiet table that never leaves a screen by itself while a test looks at it."""


class Driver(ScriptedTable):
    """The scripted table, plus screenshots for review under out/screenshots/, `log`: every
    event the game on the table showed, oldest first, and `heard`: every sound it asked for,
    newest last (the table itself keeps neither)."""

    log: list[Event]
    _logged: object = None  # the session `log` is of (a subclass may skip our __init__)
    heard: list[str]

    def __init__(self, width: int = 1280, height: int = 720, seed: int = 7,
                 settings: TableSettings | None = None) -> None:
        super().__init__(width, height, seed, settings)
        self.heard = []
        play = self.window.media.play

        def playing(name: str, pitch: float = 1.0) -> None:
            play(name, pitch)
            self.heard.append(name)
        self.window.media.play = playing  # the test's own seam: the table keeps no record

    def frames(self, count: int = 1, draw: bool = False) -> None:
        for _ in range(count):
            self._keep_log()
            super().frames(1, draw)

    def _keep_log(self) -> None:
        """Record what the view drains from a new game's session, from its first frame."""
        session = getattr(self.scene, "session", None)
        if session is None or session is self._logged:
            return
        self._logged, self.log = session, []
        drain = session.drain

        def recording() -> list[Event]:
            happened: list[Event] = drain()
            self.log.extend(happened)
            return happened
        session.drain = recording

    def shot(self, name: str) -> Path:
        """Draw the current frame and save it for review under out/screenshots/."""
        self.window.step(dt=0.0)
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.window.snapshot().save(path)
        return path


def lobby(d: Driver) -> LobbyView:
    assert isinstance(d.scene, LobbyView)
    return d.scene


def join_and_start(d: Driver, variant: str, places: list[int]) -> None:
    """Tap the variant's picture, each place's child pad, then the whistle button."""
    view = lobby(d)
    d.tap(*view.tiles[variant].position)
    for place in places:
        d.tap(*view.buttons[place].pad.position)
    assert view.ready()
    d.shot(f"lobby-{variant}")
    d.tap(*view.start.position)


def race(d: Driver) -> RaceView:
    assert isinstance(d.scene, RaceView)
    return d.scene


def begin(d: Driver) -> RaceView:
    """Whistle (R14) or every player turning their locomotive (R23)."""
    view = race(d)
    if view.countdown is not None:
        d.frames(int(COUNTDOWN * 60) + 2)
    else:
        for seat in range(len(view.seats)):
            d.tap(*view.locos[seat].position)
    assert view.game.phase is Phase.PLAYING
    return view


def region_cards(view: RaceView, seat: int) -> list[int]:
    """Table cards whose position falls in `seat`'s touch region (its nearest anchor)."""
    out = []
    for card, body in view.physics.bodies.items():
        if view.game.table_mask >> card & 1:
            x, y = body.position
            if view.session.control.everyone.nearest(x, y) == seat:
                out.append(card)
    return out


def stack_one(d: Driver, view: RaceView, seat: int) -> bool:
    """One player's move: drag a fitting card from their side onto their zone."""
    game = view.game
    for card in region_cards(view, seat):
        if game.fits(seat, card):
            before = len(game.trains[seat])
            d.drag(tuple(view.physics.bodies[card].position),
                   view.seats[seat].place.zone.center)
            assert len(game.trains[seat]) == before + 1, "a fitting card dropped home stacks"
            assert game.trains[seat][-1] == card
            return True
    return False


def hand_over(d: Driver, view: RaceView, seat: int) -> bool:
    """Somebody else slides a card that fits `seat` over to `seat`'s side (put back, R11)."""
    game = view.game
    target = view.seats[seat].place.zone.center
    free = view.layout.free
    drop = free.clamp(*target, margin=view.layout.card_w)
    for other in range(len(view.seats)):
        for card in region_cards(view, other):
            if other != seat and game.fits(seat, card):
                d.drag(tuple(view.physics.bodies[card].position), drop)
                assert game.hands[other] == -1 and game.table_mask >> card & 1
                d.frames(40)  # let it slide to rest
                return True
    return False


def play_out(d: Driver, view: RaceView) -> None:
    """Perfect players take turns until the game ends by itself (D4) or by a stop call."""
    game = view.game
    for _ in range(400):
        if game.over:
            return
        moved = False
        for seat in range(len(view.seats)):
            if game.over:
                break
            stop = view.stops[seat]
            if stop is not None and len(game.trains[seat]) >= 6:
                d.tap(*stop.position)  # R16
                assert game.over and game.end_reason is EndReason.STOP_CALLED
                return
            moved = stack_one(d, view, seat) or moved
        if not moved and not game.over:
            assert any(hand_over(d, view, s) for s in range(len(view.seats)))
    pytest.fail("the scripted game did not end")


def finish(d: Driver, name: str) -> ResultsView:
    """Wait for the results, watch the check, then check what it reports."""
    for _ in range(600):
        d.frames()
        if isinstance(d.scene, ResultsView):
            break
    results = d.scene
    assert isinstance(results, ResultsView)
    for _ in range(60 * 60):
        d.frames()
        if results.done:
            break
    assert results.done and all(again.visible for again in results.again)
    assert len(results.trophies) == len(results.outcome.winners) >= 1
    d.shot(f"results-{name}")
    return results


def assert_shows_the_trains_checked_apart(results: ResultsView, game: AnyGame) -> None:
    """What the results show against the final trains checked here, card by card, not against
    the outcome the view itself asked the game for: each count, and the winners (race: among
    the longest trains; Duo: each locomotive to the longer row, then more of its type, R33)."""
    if isinstance(game, DuoGame):
        checks = [[check_train(Rule.AT_LEAST_ONE, loco, [WAGONS[c] for c in rows[k]])
                   for rows in game.rows] for k, loco in enumerate(game.locomotives)]
        won = [0, 0]
        for mine, theirs in checks:
            if (mine.length, mine.of_type) != (theirs.length, theirs.of_type):
                won[(mine.length, mine.of_type) < (theirs.length, theirs.of_type)] += 1
        assert [label.text for label in results.won_counts] == [str(n) for n in won]
        assert set(results.outcome.winners) == {s for s in (0, 1) if won[s] == max(won)}
        return
    lengths = [check_train(game.rules[s], game.locomotives[s], game.train_cards(s)).length
               for s in range(game.seat_count)]
    assert {row.seat: row.count.text for row in results.rows} == \
        {s: str(n) for s, n in enumerate(lengths)}
    assert results.outcome.winners and all(lengths[s] == max(lengths)
                                           for s in results.outcome.winners)
