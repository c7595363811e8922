"""The lobby: choose a variant by its picture, join at your place, add bots, then start.

Nothing to read: a picture per variant, a child face to join, a robot (its pips = level) for
a bot, a smile (Kids) or crown (Rois) per seat in mixed games (R25), a green shield for
assisted or a magnifier for classic (D8), and in Duo the six locomotives to take one out (D6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import arcade

from seigneurs.game.bots import BOT_LEVELS, BotLevel
from seigneurs.game.config import GameConfig, SeatConfig
from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.rules import LOCOMOTIVES, VARIANTS, Rule, WagonType, variant
from seigneurs.table.layout import Place, duo_places
from seigneurs.ui.base import BaseView, face, fit, hit, zone_sprite
from seigneurs.ui.hints import Hints, Target
from seigneurs.ui.seat import SeatPlan

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

@dataclass(frozen=True, slots=True)
class Member:
    """Someone at a place: a child (bot None) or a bot, with their rule and mode."""

    bot: BotLevel | None
    rule: Rule | None = None
    assisted: bool | None = None


@dataclass(slots=True)
class PlaceButtons:
    pad: arcade.Sprite
    bot: arcade.Sprite
    rule: arcade.Sprite
    mode: arcade.Sprite
    zone: arcade.SpriteSolidColor


class LobbyView(BaseView):
    """Variant tiles in the middle, a row of buttons at each place, the start button."""

    def __init__(self, window: Host, variant_name: str = "lords") -> None:
        super().__init__(window)
        self.variant_name = variant_name
        self.members: dict[int, Member] = {}
        self.joined: list[int] = []  # places in the order their players joined (D9)
        self.removed: WagonType | None = None
        layout, media = window.layout, window.media
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        cx, cy = layout.free.center
        tile_w = min(layout.free.w / 5.6, layout.card_w * 2.6)
        self.tiles: dict[str, arcade.Sprite] = {}
        for k, name in enumerate(VARIANTS):
            tile = fit(arcade.Sprite(media.icons[f"variant-{name}"]), tile_w)
            tile.position = (cx + (k - 2) * tile_w * 1.1, cy + layout.card_h * 0.35)
            self.tiles[name] = tile
            self.sprites.append(tile)
        self.choice = fit(arcade.Sprite(media.icons["ring"]), tile_w * 0.5)
        self.sprites.append(self.choice)
        self.start = fit(arcade.Sprite(media.icons["whistle"]), layout.card_w * 1.6)
        self.start.position = (cx, cy - layout.card_h * 0.85)
        self.sprites.append(self.start)
        self.locos: dict[WagonType, arcade.Sprite] = {}
        self.loco_crosses: dict[WagonType, arcade.Sprite] = {}
        for k, loco in enumerate(LOCOMOTIVES):
            sprite = fit(arcade.Sprite(media.locomotive(loco.type)), layout.card_w * 0.8)
            sprite.position = (cx + (k - 2.5) * layout.card_w, cy - layout.card_h * 0.85)
            cross = fit(arcade.Sprite(media.icons["cross"]), layout.card_w * 0.7)
            cross.position = sprite.position
            self.locos[loco.type] = sprite
            self.loco_crosses[loco.type] = cross
            self.sprites.extend((sprite, cross))
        self.buttons: dict[int, PlaceButtons] = {}
        self.zones: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.resume = fit(arcade.Sprite(media.icons["again"]), layout.card_w * 1.1)
        self.resume.position = (cx + layout.card_w * 2.2, cy - layout.card_h * 0.85)
        self.resume.color = (255, 210, 80, 255)  # a golden 'go on' beside the whistle
        self.resume.visible = window.nav.resumable()
        self.sprites.append(self.resume)
        self.hints = Hints(media.icons, layout.card_w * 1.1, window.settings.hint_after)
        self._refresh()

    # Places in play for the chosen variant.

    def places(self) -> dict[int, Place]:
        """Place index -> place; Duo uses two facing places in the middle of the long sides."""
        layout = self.app.layout
        if variant(self.variant_name).duo:
            return dict(enumerate(duo_places(layout)))
        return dict(enumerate(layout.places))

    def _build_place_buttons(self) -> None:
        media, layout = self.app.media, self.app.layout
        for buttons in self.buttons.values():
            for sprite in (buttons.pad, buttons.bot, buttons.rule, buttons.mode):
                self.sprites.remove(sprite)
        self.buttons.clear()
        self.zones.clear()
        size = layout.card_w * 1.05
        for index, place in self.places().items():
            long_side = max(place.zone.w, place.zone.h)
            zone = zone_sprite(place, index, 60)
            self.zones.append(zone)
            pad = fit(arcade.Sprite(media.icons["child"]), size * 1.25)
            bot = fit(arcade.Sprite(media.icons[f"bot-{self.levels[0].name}"]), size)
            rule = fit(arcade.Sprite(media.icons["smile"]), size * 0.85)
            mode = fit(arcade.Sprite(media.icons["assisted"]), size * 0.85)
            for sprite, across in ((pad, -0.3), (bot, -0.05), (rule, 0.17), (mode, 0.37)):
                face(sprite, place, 0, long_side * across)
                self.sprites.append(sprite)
            self.buttons[index] = PlaceButtons(pad, bot, rule, mode, zone)

    def _refresh(self) -> None:
        """Show the state: chosen tile, who is where, what each seat plays, start if ready."""
        media = self.app.media
        spec = variant(self.variant_name)
        if set(self.buttons) != set(self.places()) or not self.buttons:
            self._build_place_buttons()
        self.choice.position = (self.tiles[self.variant_name].center_x,
                                self.tiles[self.variant_name].top)
        for name, tile in self.tiles.items():
            tile.alpha = 255 if name == self.variant_name else 150
        for index, buttons in self.buttons.items():
            member = self.members.get(index)
            buttons.zone.alpha = 170 if member else 60
            buttons.pad.alpha = 255 if member and member.bot is None else 120
            level = member.bot if member and member.bot else self.levels[0]
            buttons.bot.texture = media.icons[f"bot-{level.name}"]
            buttons.bot.alpha = 255 if member and member.bot else 110
            rule = self._rule(member)
            buttons.rule.texture = media.icons["crown" if rule is Rule.EXACTLY_ONE else "smile"]
            buttons.rule.visible = member is not None and len(spec.seat_rules) > 1
            assisted = self._assisted(member)
            buttons.mode.texture = media.icons["assisted" if assisted else "classic"]
            buttons.mode.visible = member is not None
        for loco_type, sprite in self.locos.items():
            sprite.visible = spec.duo
            self.loco_crosses[loco_type].visible = spec.duo and self.removed == loco_type
        self.start.alpha = 255 if self.ready() else 70

    def seat_table(self, seats: Sequence[tuple[SeatPlan, SeatConfig]],
                   removed: WagonType | None) -> None:
        """Show a table kept from the last game ("again" with too few left): each seat at its
        place, in the order they joined, with its bot, rule and mode."""
        places = self.places()
        for plan, seat in seats:
            index = next((i for i, p in places.items() if p == plan.place), None)
            if index is not None:
                self.members[index] = Member(plan.bot, seat.rule, seat.assisted)
                self.joined.append(index)
        self.removed = removed
        self._refresh()

    def _rule(self, member: Member | None) -> Rule:
        spec = variant(self.variant_name)
        return member.rule if member and member.rule else spec.rule

    def _assisted(self, member: Member | None) -> bool:
        if member is not None and member.assisted is not None:
            return member.assisted
        mode = self.app.settings.mode  # the configuration's choice, else the variant's (D8)
        return variant(self.variant_name).assisted_for(self._rule(member)) if mode == "auto" \
            else mode == "assisted"

    def ready(self) -> bool:
        """Enough players for the chosen variant (Duo: exactly two)."""
        spec = variant(self.variant_name)
        return spec.players_ok(len(self.members))

    # Touches: everything reacts on touch-down.

    def touches(self, events: Sequence[TouchEvent]) -> None:
        layout = self.app.layout
        for event in events:
            if event.phase is TouchPhase.DOWN:
                self.hints.touched(self.clock)
                self.tap(event.x * layout.width, event.y * layout.height)

    def tick(self, dt: float) -> None:
        super().tick(dt)
        self.hints.update(self.clock, self.next_steps)

    def next_steps(self) -> list[Target]:
        """Where to point when nobody acts: the whistle once enough have joined, else the
        child face at every free place (issue 12)."""
        if self.ready():
            return [Target(*self.start.position, self.start.width / 2, 0.0)]
        places = self.places()
        return [Target(*buttons.pad.position, buttons.pad.width / 2, places[index].angle,
                       rest=(1.0, 0.0))
                for index, buttons in self.buttons.items() if index not in self.members]

    def tap(self, x: float, y: float) -> None:
        """React to a touch-down at pixel (x, y)."""
        for name, tile in self.tiles.items():
            if hit(tile, x, y, slack=0.75) and name != self.variant_name:
                self._choose(name)
                return
        if hit(self.start, x, y) and self.ready():
            self._start()
            return
        if self.resume.visible and hit(self.resume, x, y):
            if not self.app.nav.resume():
                self.resume.visible = False
            return
        if variant(self.variant_name).duo:
            for loco_type, sprite in self.locos.items():
                if hit(sprite, x, y, slack=0.7):
                    self.removed = None if self.removed == loco_type else loco_type
                    self._refresh()
                    return
        for index, buttons in self.buttons.items():
            member = self.members.get(index)
            if hit(buttons.pad, x, y):
                self._set(index, None if member and member.bot is None else Member(None))
            elif hit(buttons.bot, x, y):
                self._set(index, self._next_bot(member))
            elif member and buttons.rule.visible and hit(buttons.rule, x, y):
                other = Rule.AT_LEAST_ONE if self._rule(member) is Rule.EXACTLY_ONE \
                    else Rule.EXACTLY_ONE
                self._set(index, replace(member, rule=other))
            elif member and hit(buttons.mode, x, y):
                self._set(index, replace(member, assisted=not self._assisted(member)))
            else:
                continue
            return

    @property
    def levels(self) -> tuple[BotLevel, ...]:
        """The robot button's levels, tap by tap: the configured `bot_level` first, then the
        others from the gentlest up."""
        first = BOT_LEVELS[self.app.settings.bot_level]
        return (first, *(level for level in BOT_LEVELS.values() if level is not first))

    def _next_bot(self, member: Member | None) -> Member | None:
        levels = self.levels
        if member is None or member.bot is None:
            return Member(levels[0])
        k = levels.index(member.bot)
        return Member(levels[k + 1]) if k + 1 < len(levels) else None

    def _set(self, index: int, member: Member | None) -> None:
        if member is None:
            self.members.pop(index, None)
            if index in self.joined:
                self.joined.remove(index)
        else:
            if index not in self.members:
                self.joined.append(index)
            self.members[index] = member
        self.app.media.play("flip")
        self._refresh()

    def _choose(self, name: str) -> None:
        was_duo = variant(self.variant_name).duo
        self.variant_name = name
        spec = variant(name)
        if spec.duo != was_duo:  # different places: everyone joins again
            self.members.clear()
            self.joined.clear()
        self.members = {i: replace(m, rule=m.rule if m.rule in spec.seat_rules else None)
                        for i, m in self.members.items()}
        self.app.media.play("flip")
        self._refresh()

    def _start(self) -> None:
        places = self.places()
        seats, plans = [], []
        for index in self.joined:  # seat numbers follow the joining order (D9)
            member = self.members[index]
            seats.append(SeatConfig(member.rule, self._assisted(member)))
            plans.append(SeatPlan(places[index], index, member.bot))
        config = GameConfig(self.variant_name, tuple(seats), self.app.nav.next_seed())
        self.app.nav.start_game(config, plans, removed=self.removed)

    def on_draw(self) -> None:
        self.clear()
        self.zones.draw()
        self.sprites.draw()
        self.hints.over.draw()

