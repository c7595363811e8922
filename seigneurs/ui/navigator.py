"""Which screen is up, and how the table goes from one to the next: the lobby, a game (or the
bots' demo), its results, the adults' screens. Keeps the kiosk's keeper told (idle time starts
anew on every screen, games go to the journal and history)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.config import GameConfig
from seigneurs.game.factory import AnyGame
from seigneurs.game.kinds import kind_of
from seigneurs.kiosk.history import GameRecord
from seigneurs.kiosk.keeper import Keeper, Screen
from seigneurs.rect import Rect
from seigneurs.rules import WagonType, variant
from seigneurs.table.layout import Place
from seigneurs.ui.host import Host
from seigneurs.ui.kinds import view_kind
from seigneurs.ui.lobby_view import LobbyView
from seigneurs.ui.seat import SeatColour, SeatPlan, seat_plans

log = logging.getLogger(__name__)


class Navigator:
    """The one place that builds views and shows them. Only the lobby's view loads with it: the
others (and the physics and controller behind the game views) load when first shown, so the
first frame comes sooner (issue 11's cold start)."""

    def __init__(self, host: Host, keeper: Keeper, clock: Callable[[], float],
                 seed: int | None = None) -> None:
        self.host = host
        self.keeper = keeper
        self.clock = clock  # the window's frame clock, for the keeper's idle timing
        self.seed = seed
        self.screen = Screen.LOBBY
        self.behind: tuple[Any, Screen] | None = None  # what the adults' screens cover

    @property
    def demo(self) -> bool:
        return self.screen is Screen.DEMO

    def recent_games(self, limit: int) -> list[GameRecord]:
        return self.keeper.records.kept.recent(limit)

    def _show(self, view: Any, screen: Screen) -> None:
        self.screen = screen
        self.keeper.shown(self.clock())
        self.host.show_view(view)

    def show_lobby(self, variant_name: str | None = None) -> None:
        """The lobby, offering `variant_name` first (else the configured one)."""
        chosen = variant_name or self.host.settings.default_variant
        self._show(LobbyView(self.host, chosen), Screen.LOBBY)

    def again(self, game: AnyGame, seats: Sequence[SeatPlan], leaving: set[int]) -> None:
        """"Again": the same table deals anew (variant, places, bots, each seat's rule and
        mode; Duo's removed locomotive) without the children who left; when too few stay
        to play, the lobby opens with the table as it is, waiting for someone to join."""
        config = game.config
        keep = [s for s in range(len(seats)) if s not in leaving]
        removed = kind_of(game).set_aside(game)
        if config.spec.players_ok(len(keep)) and any(seats[s].bot is None for s in keep):
            again = GameConfig(config.variant, tuple(config.seats[s] for s in keep),
                               self.next_seed())
            self.start_game(again, [seats[s] for s in keep], removed=removed)
            return
        lobby = LobbyView(self.host, config.variant)
        lobby.seat_table([(seats[s], config.seats[s]) for s in keep], removed)
        self._show(lobby, Screen.LOBBY)

    def show_touch_test(self) -> None:
        from seigneurs.ui.touch_test_view import TouchTestView

        self._show(TouchTestView(self.host), Screen.ADMIN)

    def show_pin(self) -> None:
        """The PIN pad, over whatever is up: a game (or its results, or the demo) waits
        behind it, untouched, for "back"."""
        from seigneurs.ui.admin_view import PinView

        if self.screen is not Screen.ADMIN:
            self.behind = (self.host.current_view, self.screen)
        self._show(PinView(self.host), Screen.ADMIN)

    def leave_admin(self) -> None:
        """"Back" from the adults' screens: to the game they covered, which goes on where it
        was, its journal too (never dropped for the lobby); else the lobby."""
        behind, self.behind = self.behind, None
        if behind is None or behind[1] is Screen.LOBBY:
            self.show_lobby()
            return
        view, screen = behind
        self.keeper.records.unsuspended()
        self._show(view, screen)

    def try_pin(self, entered: str) -> bool:
        """Whether `entered` opens the adults' menu; a wrong one counts towards the pad's
        wait, and while it waits nothing opens it."""
        from seigneurs.kiosk.admin_lock import opens

        guard, now = self.keeper.pin_guard, self.clock()
        if guard.left(now) > 0:
            return False
        if opens(self.host.settings, entered):
            guard.accepted()
            return True
        guard.refused(now)
        return False

    def pin_wait(self) -> tuple[float, float]:
        """Seconds the PIN pad still waits, and the whole wait (0, 0: it takes digits)."""
        guard = self.keeper.pin_guard
        left = guard.left(self.clock())
        return (left, guard.length) if left > 0 else (0.0, 0.0)

    def next_seed(self) -> int:
        """The seed of the next deal: counting up from a fixed seed (tests), else random."""
        if self.seed is None:
            return random.randrange(2**31)
        self.seed += 1
        return self.seed - 1

    def start_game(self, config: GameConfig, seats: Sequence[SeatPlan],
                   removed: WagonType | None = None, demo: bool = False,
                   game: AnyGame | None = None) -> None:
        """Deal and show a game of `config` with these seats (Duo: `removed` locomotive, D6);
        or go on with a `game` replayed from the journal."""
        from seigneurs.table.kinds import open_session
        from seigneurs.table.session import Seating

        host = self.host
        seating = Seating(tuple(s.place for s in seats), tuple(s.bot for s in seats),
                          host.user_seats)
        session = open_session(host.layout, seating, config, removed, game)
        view = view_kind(session.game.variant).view(host, session, seats)
        self.keeper.records.started(session.game, {"seats": [_seat_json(s) for s in seats]},
                                    demo)
        self._show(view, Screen.DEMO if demo else Screen.GAME)

    def deal(self, variant_name: str, bots: Sequence[BotLevel | None], seed: int | None = None,
             demo: bool = False) -> None:
        """Skip the lobby: deal `variant_name` with one seat per entry of `bots` (None: a
        child), places spread round the table, from `seed` (else the next one)."""
        players = len(bots)
        config = GameConfig.for_players(variant_name, players,
                                        self.next_seed() if seed is None else seed)
        self.start_game(config, seat_plans(self.host.layout, variant_name, players, bots),
                        demo=demo)

    def start_demo(self) -> None:
        """The attract mode: bots play while nobody touches the table."""
        settings = self.host.settings
        spec = variant(settings.default_variant)
        self.deal(spec.name, [BOT_LEVELS[settings.bot_level]] * min(4, spec.max_players),
                  demo=True)

    def resumable(self) -> bool:
        """Whether a game interrupted by a crash waits in the journal."""
        return self.keeper.records.resumable()

    def resume(self) -> bool:
        """Go on with the interrupted game: replay its log, show it (its session puts held
        cards back)."""
        pending = self.keeper.records.pending()
        if pending is None:
            return False
        game, extra = pending
        seats = [_seat_from_json(s) for s in extra.get("seats", [])]
        if len(seats) != game.seat_count:
            log.warning("the interrupted game's seats are unknown; not resumed")
            self.keeper.records.abandoned()
            return False
        self.start_game(game.config, seats, game=game)
        return True

    def show_results(self, game: AnyGame, seats: Sequence[SeatPlan]) -> None:
        """The check and the winners (the game went into the history as it ended)."""
        self._show(view_kind(game.variant).results(self.host, game, seats), self.screen)


def _seat_json(seat: SeatPlan) -> dict[str, Any]:
    zone = seat.place.zone
    return {"zone": [zone.x, zone.y, zone.w, zone.h], "angle": seat.place.angle,
            "colour": int(seat.colour), "bot": seat.bot.name if seat.bot else None}


def _seat_from_json(data: dict[str, Any]) -> SeatPlan:
    place = Place(Rect(*data["zone"]), float(data["angle"]))
    return SeatPlan(place, SeatColour(int(data["colour"])), BOT_LEVELS.get(data["bot"] or ""))
