"""The kiosk's keeping, apart from any window: the adults' corner gesture, idleness and the
attract demo, the journal and history of games, and the systemd watchdog.

No arcade here: the window tells the keeper each frame what it saw and which screen is up, on
the frame clock it keeps itself (so a test steps time instead of sleeping), and the keeper
answers with at most one `Step` for the window to take.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import Any

from seigneurs.game import Action
from seigneurs.game.factory import AnyGame
from seigneurs.input.events import DOWN, UP, TouchEvent
from seigneurs.kiosk.admin_lock import PinGuard
from seigneurs.kiosk.history import HISTORY_FILE, GameRecord, record_of
from seigneurs.kiosk.journal import Journal, Pending, bots_of, journal_game
from seigneurs.kiosk.kept_history import KeptHistory
from seigneurs.kiosk.leftovers import fold_reserve, take_journal
from seigneurs.kiosk.notify import Notifier
from seigneurs.kiosk.reserve import Reserve
from seigneurs.kiosk.trouble import Kind, Part, Trouble

log = logging.getLogger(__name__)

CORNER = 0.08
"""How near a corner the admin gesture is held, as a fraction of the screen's shorter side."""
ADMIN_HOLD = 3.0
"""Seconds both opposite corners must be held before the PIN pad opens."""
DEMO_RUNS_FOR = 4
"""A demo game goes on for this many idle timeouts, then the lobby deals a fresh one."""
RETRY_EVERY = 5.0
"""Seconds between tries to write a finished game that is only in memory."""


class Screen(StrEnum):
    """What the window shows, as far as keeping the kiosk is concerned."""

    LOBBY = "lobby"
    GAME = "game"  # a game people play, or its results
    DEMO = "demo"  # the bots' attract game
    ADMIN = "admin"  # the PIN pad and the adults' menus


class Step(StrEnum):
    """What the keeper asks of the window this frame."""

    LOBBY = "lobby"  # back to the lobby (idle, or a touch ended the demo)
    DEMO = "demo"  # start the attract demo
    ADMIN = "admin"  # open the PIN pad


@dataclass(slots=True)
class CornerGesture:
    """Two opposite corners held together for `hold` seconds: an adult asks for the menu.

    A child's palms rarely rest on two opposite corners at once, and never for three seconds
    while playing, so the gesture needs no button a child could find.
    """

    width: float
    height: float
    reach: float = CORNER
    hold: float = ADMIN_HOLD
    _corners: dict[int, int] = field(default_factory=dict)  # touch id -> corner index
    _since: float | None = None

    def feed(self, events: Iterable[TouchEvent], now: float) -> bool:
        """Follow the frame's touches; True once, on the frame the hold completes."""
        near = self.reach * min(self.width, self.height)
        for event in events:
            if event.phase is UP:
                self._corners.pop(event.id, None)
            elif event.phase is DOWN:
                corner = self._corner_at(event.x * self.width, event.y * self.height, near)
                if corner is not None:
                    self._corners[event.id] = corner
        if not self._corners:  # the frames of play: no finger on a corner
            self._since = None
            return False
        held = set(self._corners.values())
        if not ({0, 2} <= held or {1, 3} <= held):
            self._since = None
            return False
        if self._since is None:
            self._since = now
        if now - self._since < self.hold:
            return False
        self._corners.clear()
        self._since = None
        return True

    def _corner_at(self, x: float, y: float, near: float) -> int | None:
        """Which corner (counter-clockwise from bottom-left) a point is near, if any."""
        for index, (cx, cy) in enumerate(((0, 0), (1, 0), (1, 1), (0, 1))):
            if abs(x - cx * self.width) < near and abs(y - cy * self.height) < near:
                return index
        return None


@dataclass(slots=True)
class IdleWatch:
    """Nobody touched for a while: leave whatever is up for the lobby, then show a demo."""

    idle_timeout: float
    attract_after: float
    last_touch: float = 0.0

    def touched(self, now: float) -> None:
        self.last_touch = now

    def step(self, now: float, screen: Screen) -> Step | None:
        idle = now - self.last_touch
        if screen is Screen.LOBBY:
            return Step.DEMO if idle >= self.attract_after else None
        limit = self.idle_timeout * (DEMO_RUNS_FOR if screen is Screen.DEMO else 1)
        return Step.LOBBY if idle >= limit else None


class GameRecords:
    """The game in progress in the journal, finished games in the history; demos in neither.

    A game goes into the history in the very step its last action is applied (the journal's
    observer sees the end), not when the results are shown. At start, a journal whose game is
    over goes in too, once; a new game never overwrites an interrupted one's journal, it moves
    it aside. When the history cannot take a game (damaged, locked, read-only, full, moved) the
    game waits on disk: in its journal, or, when the journal could not be written either, in
    the reserve made at start (`kiosk/reserve.py`); only when that fails too is it in memory
    alone, said in the log and to the adults, tried again every few seconds, and the journal
    of it never deleted. Every end logs where its game is. Troubles are logged and told to
    whoever `listen`s (the admin menu's notices). With no folder (tests, the benchmark)
    nothing is kept. The history itself is `kept` (`KeptHistory`: what records a game and
    reads the last ones, for this class and the adults' screen alike).
    """

    def __init__(self, folder: Path | None, clock: Callable[[], datetime] | None = None
                 ) -> None:
        self.now = clock or (lambda: datetime.now(UTC))
        self.folder = folder
        self.kept = KeptHistory(folder / HISTORY_FILE if folder else None, self.now, self._tell)
        self.journal = Journal(folder) if folder else None
        self.reserve = Reserve(folder) if folder else None
        self.troubles: list[Trouble] = []
        self._listeners: list[Callable[[Trouble], None]] = []
        self._pending: Pending | None = None  # the interrupted game the lobby may resume
        self._resumed: Pending | None = None
        self._game_id: str | None = None
        self._bots: list[str | None] = []
        self.unsaved: list[GameRecord] = []  # finished games no file could take: memory only
        self._holding: str | None = None  # a finished game the current journal alone keeps
        if folder is not None:
            self.kept.open()
            self._settle()

    def listen(self, listener: Callable[[Trouble], None]) -> None:
        """Tell `listener` of every trouble so far and to come."""
        self._listeners.append(listener)
        for trouble in self.troubles:
            listener(trouble)

    def _tell(self, trouble: Trouble | None) -> None:
        if trouble is None or trouble in self.troubles:
            return
        log.warning("%s", trouble.line())
        self.troubles.append(trouble)
        for listener in self._listeners:
            listener(trouble)

    def _settle(self) -> None:
        """Start-up: finished games still in journals or the reserve go into the history (each
        once), an unreadable journal is moved aside, an unfinished one waits for the lobby's
        arrow (unless its game, ended, is already kept in the reserve)."""
        assert self.journal is not None and self.reserve is not None
        self._tell(self.reserve.make())
        reserved = {r.game_id for r in self.reserve.games()}
        for path in [*self.journal.waiting(), self.journal.path]:
            if not path.exists():
                continue
            pending = take_journal(path, self.journal, self.kept, self._tell, self.now, reserved)
            if pending is not None and path == self.journal.path:
                self._pending = pending
        fold_reserve(self.reserve, self.kept)

    def started(self, game: AnyGame, table: Mapping[str, Any], demo: bool) -> None:
        """A game was dealt (or resumed): journal every action from now on; its end goes
        into the history as it is applied."""
        if self.journal is None or demo:
            return
        self.retry()
        resumed = self._resumed if self._resumed and self._resumed.game is game else None
        self._resumed = None
        self._pending = None
        self._game_id = resumed.game_id if resumed else uuid.uuid4().hex
        self._bots = bots_of(table)
        if resumed is None and self.journal.path.exists() and not self._put_aside_interrupted():
            self.journal.close()  # never replaced: this game plays on unjournaled
            self.journal.trouble = Trouble(Part.JOURNAL, Kind.READ_ONLY, self.journal.path,
                                           "the last game's journal could not be moved aside")
            self._tell(self.journal.trouble)
        else:
            self._holding = None
            self._tell(self.journal.start(game, self._game_id, table))
        game.observers.append(partial(self._applied, game, self._game_id))

    def _put_aside_interrupted(self) -> bool:
        """A new game over an interrupted one: its journal is moved aside, dated, not lost.
        False when it could not be moved."""
        assert self.journal is not None
        moved = self.journal.set_aside(self.journal.path, self.now(), "interrupted")
        if moved is not None:
            log.warning("a new game was dealt over an interrupted or unsaved one; its journal "
                        "is kept as %s", moved)
        return moved is not None

    def _applied(self, game: AnyGame, game_id: str, action: Action) -> None:
        """The journal's observer: each action written down; the end kept at once, and the
        log says where."""
        if self.journal is None or game_id != self._game_id:
            return  # a game left behind (the adults dealt another): no longer kept
        self._tell(self.journal.write(action))
        if not game.over:
            return
        self._game_id = None
        record = record_of(game, self._bots, self.now(), game_id)
        log.warning("game %s ended: %s", game_id, self._keep(record))

    def _keep(self, record: GameRecord) -> str:
        """Put a finished game on disk: the history, else its journal, else the reserve; where
        it went, in words for the log ("only in memory" when nowhere)."""
        assert self.journal is not None and self.reserve is not None
        if self.kept.record(record):
            if self.journal.trouble is None:
                self.journal.finish()
            else:  # unfinished, or another game's that could not be moved aside
                self._drop_partial(record.game_id)
            self._catch_up()
            return "in the history"
        kept = self.journal.keep_unrecorded(str(record.game_id)) \
            if self.journal.trouble is None else None  # the journal holds the whole game
        if kept is not None:
            if kept == self.journal.path:
                self._holding = record.game_id
            return f"on disk in {kept.name}, waiting for the history"
        if self.reserve.keep(record):
            self._drop_partial(record.game_id)
            return f"on disk in {self.reserve.path.name}, waiting for the history"
        self.unsaved.append(record)
        self._holding = record.game_id
        kind = self.journal.trouble.kind if self.journal.trouble else Kind.FULL
        self._tell(Trouble(Part.GAME, kind if kind is Kind.FULL else Kind.READ_ONLY,
                           self.journal.path, f"game {record.game_id}"))
        return ("only in memory (neither the history, nor the journal, nor the reserve could "
                "be written); lost if the table stops before the disk mends")

    def _drop_partial(self, game_id: str | None) -> None:
        """The current journal, when it is the unfinished record of a game whose end is now
        kept whole elsewhere, goes (it would offer a finished game to resume)."""
        assert self.journal is not None
        if self._holding == game_id:
            self._holding = None
        if game_id is not None and game_id != self._game_id and journal_game(
                self.journal.path) == game_id:
            self.journal.finish()

    def _catch_up(self) -> None:
        """The history takes games again: the earlier ones waiting, wherever they wait."""
        assert self.journal is not None
        self.retry()
        for path in self.journal.waiting():
            take_journal(path, self.journal, self.kept, self._tell, self.now)
        fold_reserve(self.reserve, self.kept)

    def retry(self) -> None:
        """Games only in memory tried again (the history, else the reserve); each one that
        reaches the disk is said."""
        if not self.unsaved or self.reserve is None:
            return
        still = []
        for record in self.unsaved:
            if self.kept.record(record):
                where = "in the history"
            elif self.reserve.keep(record):
                where = f"on disk in {self.reserve.path.name}, waiting for the history"
            else:
                still.append(record)
                continue
            log.warning("game %s, only in memory until now: %s", record.game_id, where)
            self._drop_partial(record.game_id)
        self.unsaved = still

    def abandoned(self) -> None:
        """Walked away from, not crashed: nothing to resume. A journal that alone keeps a
        finished game stays."""
        self._game_id = None
        self._pending = None
        if self.journal is None:
            return
        self.retry()
        if self._holding is None:
            self.journal.finish()
        else:
            self.journal.close()
            log.warning("%s is kept: it alone holds finished game %s", self.journal.path.name,
                        self._holding)

    def suspended(self) -> None:
        """The adults took over: keep the journal for resuming, stop writing to it."""
        if self.journal is not None:
            self.journal.close()

    def unsuspended(self) -> None:
        """The adults went back to the game they covered: its journal goes on."""
        if self.journal is not None and self._game_id is not None:
            self._tell(self.journal.reopen())

    def resumable(self) -> bool:
        return self.journal is not None and self.journal.path.exists()

    def pending(self) -> tuple[AnyGame, Mapping[str, Any]] | None:
        """The game a crash interrupted, replayed to where it was, with its table extras."""
        if self.journal is None or not self.journal.path.exists():
            return None
        if self._pending is None or self._pending.path != self.journal.path:
            self._settle()  # written since start (suspended by the adults)
        pending, self._pending = self._pending, None
        if pending is None:
            return None
        self._resumed = pending
        log.info("resumed game %s at action %d", pending.game_id, len(pending.game.log))
        return pending.game, pending.extra

    def close(self) -> None:
        """The table stops: a last try for games only in memory, and the log says which are
        lost with it."""
        self.retry()
        for record in self.unsaved:
            log.error("game %s is lost: it was only in memory when the table stopped",
                      record.game_id)
        self.unsaved = []
        if self.journal is not None:
            self.journal.close()
        self.kept.close()
        if self.reserve is not None:
            self.reserve.close()


class Keeper:
    """Everything the kiosk watches over while the window draws."""

    def __init__(self, size: tuple[float, float], idle_timeout: float, attract_after: float,
                 data_dir: Path | None, notifier: Notifier | None = None) -> None:
        self.gesture = CornerGesture(*size)
        self.idle = IdleWatch(idle_timeout, attract_after)
        self.records = GameRecords(data_dir)
        self.notifier = notifier or Notifier()
        self._retry_at = 0.0
        self.pin_guard = PinGuard()  # lives as long as the table: reopening the pad resets nothing

    def started(self) -> None:
        """The first view stands: tell systemd we are up."""
        self.notifier.ready()

    def shown(self, now: float) -> None:
        """A new screen is up: its idle time starts now."""
        self.idle.touched(now)

    def frame(self, events: Sequence[TouchEvent], now: float, screen: Screen) -> Step | None:
        """One frame's watch: the step to take, if any. Feeds the watchdog."""
        self.notifier.alive(now)
        if self.records.unsaved and now >= self._retry_at:  # a finished game in memory only
            self._retry_at = now + RETRY_EVERY
            self.records.retry()
        if events:
            self.idle.touched(now)
        if self.gesture.feed(events, now) and screen is not Screen.ADMIN:
            self.records.suspended()
            return Step.ADMIN
        if screen is Screen.DEMO and any(e.phase is DOWN for e in events):
            return Step.LOBBY  # any touch ends the demo
        step = self.idle.step(now, screen)
        if step is Step.LOBBY and screen is not Screen.DEMO:
            log.info("no touch for %.0f s: back to the lobby", now - self.idle.last_touch)
            self.records.abandoned()
        return step
