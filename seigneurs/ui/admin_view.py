"""The adults' door: a PIN pad, then a menu (exit, restart, touch test, volume, language,
history). Reached only by holding two opposite corners for 3 seconds (see the window)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.kiosk.i18n import game_line, next_language, text
from seigneurs.ui.base import BaseView

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

EXIT, RESTART = 0, 75
"""Exit codes for kiosk.sh: 0 stops the loop, 75 restarts at once."""


@dataclass(slots=True)
class Button:
    """A labelled rectangle that reacts on touch-down."""

    box: arcade.SpriteSolidColor
    label: arcade.Text
    action: Callable[[], None]

    def hit(self, x: float, y: float) -> bool:
        return (abs(x - self.box.center_x) <= self.box.width / 2
                and abs(y - self.box.center_y) <= self.box.height / 2)


class ButtonView(BaseView):
    """A view made of buttons and lines of text."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        self.boxes: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.buttons: list[Button] = []
        self.lines: list[arcade.Text] = []

    def button(self, label: str, x: float, y: float, action: Callable[[], None],
               width: float = 300, height: float = 80) -> Button:
        box = arcade.SpriteSolidColor(int(width), int(height), color=(60, 70, 90, 255))
        box.position = (x, y)
        self.boxes.append(box)
        caption = arcade.Text(label, x, y, arcade.color.WHITE, 22, anchor_x="center",
                              anchor_y="center", batch=self.batch)
        made = Button(box, caption, action)
        self.buttons.append(made)
        return made

    def line(self, words: str, x: float, y: float, size: int = 20,
             width: int | None = None) -> arcade.Text:
        """Words centred at x; given a `width`, wrapped within it (notices name files)."""
        made = arcade.Text(words, x, y, arcade.color.WHITE, size, anchor_x="center",
                           batch=self.batch, multiline=width is not None, width=width,
                           align="center")
        self.lines.append(made)
        return made

    def touches(self, events: Sequence[TouchEvent]) -> None:
        width, height = self.app.width, self.app.height
        for event in events:
            if event.phase is TouchPhase.DOWN:
                for button in self.buttons:
                    if button.hit(event.x * width, event.y * height):
                        button.action()
                        return

    def on_draw(self) -> None:
        self.clear()
        self.boxes.draw()
        self.batch.draw()


class PinView(ButtonView):
    """Digits to enter the admin PIN; a wrong PIN clears, and back returns to the game."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        self.entered = ""
        cx, cy = window.width / 2, window.height / 2
        language = window.settings.language
        self.line(text(language, "pin"), cx, cy + 250, 28)
        self.shown = self.line("", cx, cy + 190, 28)
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "←", "0", "OK"]
        for k, key in enumerate(keys):
            row, column = divmod(k, 3)
            self.button(key, cx + (column - 1) * 130, cy + 90 - row * 100,
                        functools.partial(self.press, key), 110, 85)
        self.button(text(language, "back"), cx, cy - 330, window.nav.show_lobby)

    def press(self, key: str) -> None:
        if key == "←":
            self.entered = self.entered[:-1]
        elif key == "OK":
            if self.entered == self.app.settings.admin_pin:
                self.app.show_view(AdminMenu(self.app))
                return
            self.entered = ""
            self.app.media.play("refuse")
        elif len(self.entered) < 8:
            self.entered += key
        self.shown.text = "●" * len(self.entered)


class AdminMenu(ButtonView):
    """What an adult can do."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        language = window.settings.language
        cx, cy = window.width / 2, window.height / 2
        entries: list[tuple[str, Callable[[], None]]] = [
            ("exit", lambda: window.quit(EXIT)), ("restart", lambda: window.quit(RESTART)),
            ("calibrate", window.nav.show_touch_test), ("volume_down", lambda: self.volume(-0.1)),
            ("volume_up", lambda: self.volume(0.1)), ("language", self.language),
            ("history", lambda: window.show_view(HistoryView(window))),
            ("back", window.nav.show_lobby),
        ]
        for k, (key, action) in enumerate(entries):
            row, column = divmod(k, 2)
            self.button(text(language, key), cx + (column - 0.5) * 340, cy + 200 - row * 110,
                        action)
        self.level = self.line("", cx, cy - 260)
        self._show_volume()
        for k, notice in enumerate(window.notices[:4]):  # start-up problems, for the adult
            self.line(notice.notice(language), cx, cy - 300 - k * 44, 13,
                      width=int(window.width * 0.9))

    def volume(self, change: float) -> None:
        media = self.app.media
        media.volume = round(min(1.0, max(0.0, media.volume + change)), 2)
        media.play("stack")
        self._show_volume()

    def _show_volume(self) -> None:
        language = self.app.settings.language
        self.level.text = f"{text(language, 'volume')}: {round(self.app.media.volume * 100)} %"

    def language(self) -> None:
        self.app.set_language(next_language(self.app.settings.language))
        self.app.show_view(AdminMenu(self.app))


class HistoryView(ButtonView):
    """The last games from the match history."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        language = window.settings.language
        cx, top = window.width / 2, window.height - 80
        self.line(text(language, "history"), cx, top, 28)
        records = window.nav.recent_games(14)
        if not records:
            self.line(text(language, "no_games"), cx, top - 80)
        for k, record in enumerate(records):
            self.line(game_line(language, record), cx, top - 60 - k * 34, 16)
        self.button(text(language, "back"), cx, 60, lambda: window.show_view(AdminMenu(window)))
