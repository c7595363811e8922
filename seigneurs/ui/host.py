"""What a view may ask of the table it is shown on: a narrow interface, so that no view
imports the window (and the window, through the navigator, imports the views, not the reverse).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import arcade
    import pyglet

    from seigneurs.game.config import GameConfig
    from seigneurs.game.factory import AnyGame
    from seigneurs.kiosk.config import TableSettings
    from seigneurs.kiosk.history import GameRecord
    from seigneurs.kiosk.i18n import Notice
    from seigneurs.rules import WagonType
    from seigneurs.table.layout import TableLayout
    from seigneurs.ui.media import Media
    from seigneurs.ui.seat import SeatPlan


class Navigation(Protocol):
    """Going from one screen to the next (the lobby, a game, its results, the adults' screens)."""

    @property
    def demo(self) -> bool:
        """Whether the game on show is the bots' attract demo."""

    def recent_games(self, limit: int) -> list[GameRecord]:
        """The last games in the match history, newest first (none where the table keeps no
        history, or cannot read it now: the trouble is told to the adults)."""

    def show_lobby(self, variant_name: str | None = None) -> None: ...

    def again(self, game: AnyGame, seats: Sequence[SeatPlan], leaving: set[int]) -> None: ...

    def start_game(self, config: GameConfig, seats: Sequence[SeatPlan],
                   removed: WagonType | None = None, demo: bool = False,
                   game: AnyGame | None = None) -> None: ...

    def next_seed(self) -> int: ...

    def resumable(self) -> bool: ...

    def resume(self) -> bool: ...

    def show_results(self, game: AnyGame, seats: Sequence[SeatPlan]) -> None: ...

    def show_touch_test(self) -> None: ...

    def leave_admin(self) -> None:
        """Back from the adults' screens to what they covered (a game goes on)."""

    def try_pin(self, entered: str) -> bool:
        """Whether the PIN opens the adults' menu (wrong ones make the pad wait)."""

    def pin_wait(self) -> tuple[float, float]:
        """Seconds the PIN pad still waits, and the whole wait."""


class Host(Protocol):
    """The table as its views see it: its size and layout, media, settings, and the way on."""

    layout: TableLayout
    media: Media
    settings: TableSettings
    user_seats: dict[int, int]
    notices: list[Notice]

    @property
    def nav(self) -> Navigation: ...

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    def text_batch(self) -> pyglet.graphics.Batch: ...

    def show_view(self, new_view: arcade.View) -> None: ...

    @property
    def current_view(self) -> arcade.View | None: ...

    def set_language(self, language: str) -> None: ...

    def quit(self, code: int) -> None: ...
