"""The lobby: choose a variant by its picture, join at your place, add bots, then start.

Nothing to read: a picture per variant, a child face to join, a robot (its pips = level) for
a bot, a smile (Kids) or crown (Rois) per seat in mixed games (R25), a green shield for
assisted or a magnifier for classic (D8), and in Duo the six locomotives to take one out (D6).
The rule and mode buttons change on a hold (`HOLD_S`), never on the tap a child joins with; a
ring fills round a held button, and a changed mode shows a picture of what it means.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade

from seigneurs.game.config import SeatConfig
from seigneurs.input.events import DOWN, UP, TouchEvent
from seigneurs.rect import Rect
from seigneurs.rules import LOCOMOTIVES, VARIANTS, Rule, WagonType
from seigneurs.table.layout import Place, TableLayout
from seigneurs.ui.base import BaseView, face, fit, hit, zone_sprite
from seigneurs.ui.hints import Hints, Target
from seigneurs.ui.lobby import Lobby, Member, Setting
from seigneurs.ui.seat import SeatColour, SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

TILE_SLACK = 0.75
"""A variant tile's hit circle, as a share of its half-width (tiles are wide and short)."""
LOCO_SLACK = 0.7
"""A Duo locomotive's hit circle, as a share of its half-height (they stand side by side)."""
Icons = dict[str, arcade.Texture]
BUTTON_SIZES = (1.25, 1.0, 0.85, 0.85)
"""A place's buttons, child face, robot, rule and mode, relative to the robot."""
RING_ACROSS = 1.45
"""A hold's ring, as wide as this many held buttons: it shows round the finger on it."""
RING_TRACK = (0, 0, 0, 80)
RING_FILL = (255, 255, 255, 255)


def _radius(sprite: arcade.Sprite, slack: float = 1.15) -> float:
    """The radius of `sprite`'s hit circle (as `hit` tests it)."""
    return max(sprite.width, sprite.height) / 2 * slack


@dataclass(frozen=True, slots=True)
class Touchable:
    """A touch target: what is drawn, how far round it a touch counts, what it does."""

    sprite: arcade.Sprite
    act: Callable[[], None]
    slack: float = 1.15

    @property
    def radius(self) -> float:
        return _radius(self.sprite, self.slack)


@dataclass(slots=True)
class PlaceButtons:
    """One place's buttons: child face, robot, rule, mode, and the picture of a changed
    mode."""

    pad: arcade.Sprite
    bot: arcade.Sprite
    rule: arcade.Sprite
    mode: arcade.Sprite
    meaning: arcade.Sprite
    zone: arcade.SpriteSolidColor
    angle: float
    """The place's angle: the way its player reads (the hold ring starts at their top)."""

    @classmethod
    def make(cls, place: Place, index: int, card_w: float, icons: Icons,
             first_bot: str) -> PlaceButtons:
        """The place's buttons in a row, their hit circles side by side with a gap, as large
        as the zone allows; the picture of a changed mode further in, over them."""
        long_side = max(place.zone.w, place.zone.h)
        size = min(card_w * 1.05, long_side * 0.9 / (sum(BUTTON_SIZES) * 1.15 + 0.6),
                   min(place.zone.w, place.zone.h) * 0.8 / 1.25)
        gap = size * 0.15
        across = -(sum(BUTTON_SIZES) * size * 1.15 + gap * 3) / 2
        sprites = []
        for icon, scale in zip(("child", f"bot-{first_bot}", "smile", "assisted"),
                               BUTTON_SIZES, strict=True):
            sprite = fit(arcade.Sprite(icons[icon]), size * scale)
            face(sprite, place, 0, across + size * scale * 1.15 / 2)
            across += size * scale * 1.15 + gap
            sprites.append(sprite)
        meaning = fit(arcade.Sprite(icons["meaning-assisted"]), size * 1.6)
        face(meaning, place, size * 1.4, 0)
        meaning.visible = False
        pad, bot, rule, mode = sprites
        return cls(pad, bot, rule, mode, meaning, zone_sprite(place, SeatColour(index), 60),
                   place.angle)

    @property
    def sprites(self) -> tuple[arcade.Sprite, ...]:
        return self.pad, self.bot, self.rule, self.mode, self.meaning

    def show(self, lobby: Lobby, member: Member | None, icons: Icons) -> None:
        """Who is at the place and what they play; no robot beside a child who joined."""
        self.zone.alpha = 170 if member else 60
        self.pad.alpha = 255 if member and member.bot is None else 120
        level = member.bot if member and member.bot else lobby.levels[0]
        self.bot.texture = icons[f"bot-{level.name}"]
        self.bot.alpha = 255 if member and member.bot else 110
        self.bot.visible = not (member and member.bot is None)
        self.rule.texture = icons["crown" if lobby.rule(member) is Rule.EXACTLY_ONE else "smile"]
        self.rule.visible = member is not None and lobby.mixed
        self.mode.texture = icons["assisted" if lobby.assisted(member) else "classic"]
        self.mode.visible = member is not None

    def held_at(self, x: float, y: float) -> Setting | None:
        """The rule or mode button under (x, y), which a hold changes."""
        if self.rule.visible and hit(self.rule, x, y):
            return "rule"
        return "mode" if self.mode.visible and hit(self.mode, x, y) else None

    def show_meaning(self, assisted: bool | None, icons: Icons) -> None:
        """A changed mode (`assisted` not None) shows what it means."""
        self.meaning.visible = assisted is not None
        if assisted is not None:
            self.meaning.texture = icons["meaning-assisted" if assisted else "meaning-classic"]

    def draw_holds(self, held: Callable[[Setting], float]) -> None:
        """A ring round each held rule or mode button, filling clockwise from the player's
        top as the hold comes on (`held`: how far, 0..1): wider than a finger, so the one
        holding sees it fill, and sees it is not done yet."""
        settings: tuple[tuple[arcade.Sprite, Setting], ...] = (
            (self.rule, "rule"), (self.mode, "mode"))
        for sprite, setting in settings:
            share = held(setting)
            if share <= 0.0 or not sprite.visible:
                continue
            x, y = sprite.position
            across = sprite.width * RING_ACROSS
            thick = max(4.0, sprite.width * 0.25)
            top = self.angle + 90.0  # the player's "up", counter-clockwise from the x axis
            arcade.draw_arc_outline(x, y, across, across, RING_TRACK, 0.0, 360.0, thick)
            arcade.draw_arc_outline(x, y, across, across, RING_FILL, top - 360.0 * share, top,
                                    thick)


def clear_of_hands(layout: TableLayout, reach: float) -> Rect:
    """The middle, less the strips the places' hint hands reach into (`reach`: how far from
    a button on a zone's centre line its hand can lie): what lies there is under no hand."""
    free = layout.free
    inset = {angle: 0.0 for angle in (0, 90, 180, 270)}
    for place in layout.places:
        x, y = place.zone.center
        edge = {0: free.y - y, 180: y - free.y - free.h, 90: x - free.x - free.w,
                270: free.x - x}[round(place.angle) % 360]
        inset[round(place.angle) % 360] = max(inset[round(place.angle) % 360], reach - edge)
    return Rect(free.x + inset[270], free.y + inset[0], free.w - inset[270] - inset[90],
                free.h - inset[0] - inset[180])


class LobbyView(BaseView):
    """Variant tiles in the middle, a row of buttons at each place, the start button."""

    def __init__(self, window: Host, variant_name: str) -> None:
        super().__init__(window)
        settings = window.settings
        self.lobby = Lobby(variant_name, settings.bot_level, settings.mode)
        layout, media = window.layout, window.media
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        w = layout.card_w
        self.hints = Hints(media.icons, w * 1.1, window.settings.hint_after)
        clear = clear_of_hands(layout, self.hints.reach(w * 1.05 * BUTTON_SIZES[0] / 2))
        cx, cy = clear.center
        self.start = fit(arcade.Sprite(media.icons["whistle"]), w * 1.6)
        gap, start_r = w * 0.3, _radius(self.start)
        self.locos: dict[WagonType, arcade.Sprite] = {}
        self.loco_crosses: dict[WagonType, arcade.Sprite] = {}
        for loco in LOCOMOTIVES:
            self.locos[loco.type] = fit(arcade.Sprite(media.locomotive(loco.type)), w * 0.8)
            self.loco_crosses[loco.type] = fit(arcade.Sprite(media.icons["cross"]), w * 0.7)
        loco_r = _radius(self.locos[LOCOMOTIVES[0].type], LOCO_SLACK)
        tile_shape = media.icons["variant-kids"].height / media.icons["variant-kids"].width
        per_tile_w = max(tile_shape / 2, TILE_SLACK / 2) + TILE_SLACK / 2
        tall = (clear.h - 2 * (gap + loco_r + start_r)) / per_tile_w  # the column fits
        tile_w = max(w, min(clear.w / 5.6, w * 2.6, tall))
        self.choice = arcade.SpriteSolidColor(1, 1, color=(255, 255, 255, 230))
        self.sprites.append(self.choice)  # a white frame behind the chosen tile
        self.tiles: dict[str, arcade.Sprite] = {}
        for name in VARIANTS:
            tile = fit(arcade.Sprite(media.icons[f"variant-{name}"]), tile_w)
            self.tiles[name] = tile
            self.sprites.append(tile)
        self.choice.width, self.choice.height = tile_w * 1.08, tile.height + tile_w * 0.08
        self.resume = fit(arcade.Sprite(media.icons["again"]), w * 1.1)
        self.resume.color = (255, 210, 80, 255)  # a golden 'go on' beside the whistle
        self.resume.visible = window.nav.resumable()
        # Top to bottom, each row's hit circles apart from the next (Duo's locomotives have
        # a row of their own in every variant, so the whistle never moves): tiles,
        # locomotives, whistle.
        tile_r = _radius(tile, TILE_SLACK)
        loco_y = -(tile_r + gap + loco_r)
        start_y = loco_y - (loco_r + gap + start_r)
        top = max(tile.height / 2, tile_r)
        shift = cy - (top + start_y - start_r) / 2  # the whole column centred on the table
        for k, tile in enumerate(self.tiles.values()):
            tile.position = (cx + (k - 2) * tile_w * 1.1, shift)
        pitch = max(w, loco_r * 2 + w * 0.15)
        for k, sprite in enumerate(self.locos.values()):
            sprite.position = (cx + (k - 2.5) * pitch, shift + loco_y)
        for loco_type, cross in self.loco_crosses.items():
            cross.position = self.locos[loco_type].position
        self.start.position = (cx, shift + start_y)
        self.resume.position = (cx + start_r + gap + _radius(self.resume), shift + start_y)
        self.sprites.extend((*self.locos.values(), *self.loco_crosses.values(), self.start,
                             self.resume))
        self.buttons: dict[int, PlaceButtons] = {}
        self.zones: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._refresh()

    # The model's state, as the table's tests and tools read it.

    @property
    def variant_name(self) -> str:
        return self.lobby.variant_name

    @property
    def members(self) -> dict[int, Member]:
        return self.lobby.members

    @property
    def joined(self) -> list[int]:
        return self.lobby.joined

    @property
    def removed(self) -> WagonType | None:
        return self.lobby.removed

    @removed.setter
    def removed(self, loco: WagonType | None) -> None:
        self.lobby.removed = loco

    def places(self) -> dict[int, Place]:
        """Place index -> place for the chosen variant."""
        return self.lobby.places(self.app.layout)

    def ready(self) -> bool:
        """Enough players for the chosen variant (Duo: exactly two)."""
        return self.lobby.ready()

    def _build_place_buttons(self) -> None:
        media, layout = self.app.media, self.app.layout
        for buttons in self.buttons.values():
            for sprite in buttons.sprites:
                self.sprites.remove(sprite)
        self.buttons.clear()
        self.zones.clear()
        for index, place in self.places().items():
            buttons = PlaceButtons.make(place, index, layout.card_w, media.icons,
                                        self.lobby.levels[0].name)
            self.zones.append(buttons.zone)
            self.sprites.extend(buttons.sprites)
            self.buttons[index] = buttons

    def _refresh(self) -> None:
        """Show the state: chosen tile, who is where, what each seat plays, start if ready."""
        media, lobby = self.app.media, self.lobby
        if set(self.buttons) != set(self.places()) or not self.buttons:
            self._build_place_buttons()
        self.choice.position = self.tiles[self.variant_name].position
        for name, tile in self.tiles.items():
            tile.alpha = 255 if name == self.variant_name else 150
        for index, buttons in self.buttons.items():
            buttons.show(lobby, self.members.get(index), media.icons)
        self._show_meanings()
        offered = lobby.offers_locomotives
        for loco_type, sprite in self.locos.items():
            sprite.visible = offered
            self.loco_crosses[loco_type].visible = offered and self.removed == loco_type
        self.start.alpha = 255 if self.ready() else 70

    def seat_table(self, seats: Sequence[tuple[SeatPlan, SeatConfig]],
                   removed: WagonType | None) -> None:
        """Show a table kept from the last game ("again" with too few left): each seat at its
        place, in the order they joined, with its bot, rule and mode."""
        self.lobby.seat_table(seats, self.places(), removed)
        self._refresh()

    # Touches: everything reacts on touch-down.

    def touches(self, events: Sequence[TouchEvent]) -> None:
        layout = self.app.layout
        for event in events:
            if event.phase is DOWN:
                self.hints.touched(self.clock)
                x, y = event.x * layout.width, event.y * layout.height
                held = self.held_button(x, y)
                if held is None:
                    self.tap(x, y)
                else:
                    self.lobby.press(event.id, *held, self.clock)
            elif event.phase is UP:
                self.lobby.lift(event.id)

    def tick(self, dt: float) -> None:
        super().tick(dt)
        if self.lobby.tick(self.clock):
            self.app.media.play("flip")
            self._refresh()
        self._show_meanings()
        self.hints.update(self.clock, self.next_steps)

    def held_button(self, x: float, y: float) -> tuple[int, Setting] | None:
        """The seat rule or mode button under (x, y), which a hold changes, if any."""
        for index, buttons in self.buttons.items():
            setting = buttons.held_at(x, y) if index in self.members else None
            if setting is not None:
                return index, setting
        return None

    def _show_meanings(self) -> None:
        meanings = self.lobby.meanings(self.clock)
        for index, buttons in self.buttons.items():
            buttons.show_meaning(meanings.get(index), self.app.media.icons)

    def next_steps(self) -> list[Target]:
        """Where to point when nobody acts (issue 12, 29): the whistle once enough have
        joined; a child alone, the robot of a free place; else the child face at every
        free place."""
        step = self.lobby.next_step(self.buttons)
        if step.button == "start":
            return [Target(*self.start.position, self.start.width / 2, 0.0)]
        places = self.places()
        return [Target(*sprite.position, sprite.width / 2, places[index].angle, rest=(1.0, 0.0))
                for index in step.places
                for sprite in [self.buttons[index].bot if step.button == "robot"
                               else self.buttons[index].pad]]

    def targets(self) -> list[Touchable]:
        """Everything a touch acts on now, with its hit circle: apart from one another, so a
        tap means one thing only (a locomotive tap never starts the game)."""
        found = [Touchable(tile, functools.partial(self._choose, name), TILE_SLACK)
                 for name, tile in self.tiles.items() if name != self.variant_name]
        if self.ready():
            found.append(Touchable(self.start, self._start))
        if self.resume.visible:
            found.append(Touchable(self.resume, self._resume))
        lobby = self.lobby
        if lobby.offers_locomotives:
            found.extend(Touchable(sprite, functools.partial(self._remove, loco), LOCO_SLACK)
                         for loco, sprite in self.locos.items())
        for index, buttons in self.buttons.items():
            member = self.members.get(index)
            found.append(Touchable(buttons.pad, functools.partial(
                self._set, index, None if member and member.bot is None else Member(None))))
            if buttons.bot.visible:
                found.append(Touchable(buttons.bot, functools.partial(self._robot, index)))
        return found

    def tap(self, x: float, y: float) -> None:
        """React to a touch-down at pixel (x, y)."""
        for target in self.targets():
            if hit(target.sprite, x, y, target.slack):
                target.act()
                return

    def _resume(self) -> None:
        if not self.app.nav.resume():
            self.resume.visible = False

    def _remove(self, loco: WagonType) -> None:
        """Duo: take this locomotive out, or put it back (D6)."""
        self.lobby.take_out(loco)
        self.app.media.play("flip")
        self._refresh()

    def _robot(self, index: int) -> None:
        self.lobby.tap_robot(index)
        self.app.media.play("flip")
        self._refresh()

    def _set(self, index: int, member: Member | None) -> None:
        self.lobby.set(index, member)
        self.app.media.play("flip")
        self._refresh()

    def _choose(self, name: str) -> None:
        self.lobby.choose(name)
        self.app.media.play("flip")
        self._refresh()

    def _start(self) -> None:
        nav = self.app.nav
        config, plans = self.lobby.start(self.places(), nav.next_seed())
        nav.start_game(config, plans, removed=self.lobby.removed)

    def on_draw(self) -> None:
        self.clear()
        self.zones.draw()
        self.sprites.draw()
        if self.lobby.holds:
            for index, buttons in self.buttons.items():
                buttons.draw_holds(functools.partial(self.lobby.held, index, now=self.clock))
        self.hints.over.draw()

