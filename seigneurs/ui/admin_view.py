"""The adults' door: a PIN pad, then a menu (exit, restart, touch test, volume, language,
history). Reached only by holding two opposite corners for 3 seconds (see the window)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from seigneurs.input.events import DOWN, TouchEvent
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


def screen_scale(width: float, height: float) -> float:
    """The adults' screens are laid out for 1920x1080 and shrink on a smaller screen so that
    every button and line stays whole on it (1280x720 included); they never grow."""
    return min(1.0, height / 1000, width / 1400)


class ButtonView(BaseView):
    """A view made of buttons and lines of text."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        self.boxes: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.batch = window.text_batch()
        self.buttons: list[Button] = []
        self.lines: list[arcade.Text] = []

        self.scale = screen_scale(window.width, window.height)

    def button(self, label: str, x: float, y: float, action: Callable[[], None],
               width: float = 300, height: float = 80) -> Button:
        """A button centred at (x, y); sizes given for a 1080-line screen, scaled to this one
        (positions are the caller's, already scaled)."""
        width, height = width * self.scale, height * self.scale
        box = arcade.SpriteSolidColor(int(width), int(height), color=(60, 70, 90, 255))
        box.position = (x, y)
        self.boxes.append(box)
        caption = arcade.Text(label, x, y, arcade.color.WHITE, round(22 * self.scale),
                              anchor_x="center", anchor_y="center", batch=self.batch)
        made = Button(box, caption, action)
        self.buttons.append(made)
        return made

    def line(self, words: str, x: float, y: float, size: int = 20,
             width: int | None = None) -> arcade.Text:
        """Words centred at x; given a `width`, wrapped within it (notices name files)."""
        made = arcade.Text(words, x, y, arcade.color.WHITE, max(10, round(size * self.scale)),
                           anchor_x="center",
                           batch=self.batch, multiline=width is not None, width=width,
                           align="center")
        self.lines.append(made)
        return made

    def touches(self, events: Sequence[TouchEvent]) -> None:
        width, height = self.app.width, self.app.height
        for event in events:
            if event.phase is DOWN:
                for button in self.buttons:
                    if button.hit(event.x * width, event.y * height):
                        button.action()
                        return

    def on_draw(self) -> None:
        self.clear()
        self.boxes.draw()
        self.batch.draw()


class PinView(ButtonView):
    """Digits to enter the admin PIN; a wrong PIN clears, and back returns to what the pad
    covers (a game goes on where it was). After FREE_TRIES wrong PINs the pad waits, and shows
    the wait as a timer draining, not as words (kiosk.admin_lock.PinGuard decides)."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        self.entered = ""
        s = self.scale
        cx, cy = window.width / 2, window.height / 2
        language = window.settings.language
        self.line(text(language, "pin"), cx, cy + 250 * s, 28)
        self.shown = self.line("", cx, cy + 190 * s, 28)
        keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "←", "0", "OK"]
        for k, key in enumerate(keys):
            row, column = divmod(k, 3)
            self.button(key, cx + (column - 1) * 130 * s, cy + (90 - row * 100) * s,
                        functools.partial(self.press, key), 110, 85)
        self.keypad = (cx, cy - 60 * s, 400 * s, 400 * s)  # what the timer covers: x, y, w, h
        self.button(text(language, "back"), cx, cy - 330 * s, window.nav.leave_admin)

    def press(self, key: str) -> None:
        nav = self.app.nav
        if nav.pin_wait()[0] > 0:
            self.app.media.play("refuse")  # the timer says why; nothing is typed meanwhile
            return
        if key == "←":
            self.entered = self.entered[:-1]
        elif key == "OK":
            if nav.try_pin(self.entered):
                self.app.show_view(AdminMenu(self.app))
                return
            self.entered = ""
            self.app.media.play("refuse")
        elif len(self.entered) < 8:
            self.entered += key
        self.shown.text = "●" * len(self.entered)

    def on_draw(self) -> None:
        super().on_draw()
        left, whole = self.app.nav.pin_wait()
        if left > 0:
            draw_wait(self.keypad, left / whole if whole else 1.0)


def draw_wait(where: tuple[float, float, float, float], share: float) -> None:
    """A kitchen timer over the keypad: a dial whose red wedge (the wait still to come) drains
    clockwise to nothing, so a grown-up sees at once that the pad rests, and for how long."""
    x, y, width, height = where
    arcade.draw_lrbt_rectangle_filled(x - width / 2, x + width / 2, y - height / 2,
                                      y + height / 2, (20, 24, 32, 235))
    radius = min(width, height) * 0.4
    arcade.draw_circle_filled(x, y, radius, (235, 235, 235, 255))
    if share > 0.002:
        arcade.draw_arc_filled(x, y, radius * 1.84, radius * 1.84, (210, 60, 50, 255),
                               90 - 360 * min(1.0, share), 90)
    arcade.draw_circle_outline(x, y, radius, (90, 90, 90, 255), max(2.0, radius * 0.06))
    arcade.draw_rect_filled(arcade.XYWH(x, y + radius * 1.12, radius * 0.35, radius * 0.14),
                            (90, 90, 90, 255))  # the timer's knob
    arcade.draw_circle_filled(x, y, radius * 0.07, (60, 60, 60, 255))


class AdminMenu(ButtonView):
    """What an adult can do."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        language = window.settings.language
        s = self.scale
        cx, cy = window.width / 2, window.height / 2
        entries: list[tuple[str, Callable[[], None]]] = [
            ("exit", lambda: window.quit(EXIT)), ("restart", lambda: window.quit(RESTART)),
            ("calibrate", window.nav.show_touch_test), ("volume_down", lambda: self.volume(-0.1)),
            ("volume_up", lambda: self.volume(0.1)), ("language", self.language),
            ("history", lambda: window.show_view(HistoryView(window))),
            ("back", window.nav.leave_admin),
        ]
        for k, (key, action) in enumerate(entries):
            row, column = divmod(k, 2)
            self.button(text(language, key), cx + (column - 0.5) * 340 * s,
                        cy + (250 - row * 110) * s, action)
        self.level = self.line("", cx, cy - 210 * s)
        self._show_volume()
        for k, notice in enumerate(window.notices[:4]):  # start-up problems, for the adult
            self.line(notice.notice(language), cx, cy - (260 + k * 52) * s, 13,
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
        s = self.scale
        cx, top = window.width / 2, window.height - 80 * s
        self.line(text(language, "history"), cx, top, 28)
        records = window.nav.recent_games(14)
        if not records:
            self.line(text(language, "no_games"), cx, top - 80 * s)
        for k, record in enumerate(records):
            self.line(game_line(language, record), cx, top - (60 + k * 34) * s, 16)
        self.button(text(language, "back"), cx, 60 * s,
                    lambda: window.show_view(AdminMenu(window)))
