"""Issue 18, clause 5: no touch target hidden or overlapping, in any state, on any table the
configuration allows; no number over a card or across a zone's edge; no card a bot puts back
lying on another card."""

from __future__ import annotations

import math
from collections.abc import Iterator

import arcade
import pytest
from table_driver import Driver

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.kiosk.config import TableSettings
from seigneurs.rules import LOCOMOTIVES, VARIANTS, Rule, variant
from seigneurs.table.layout import Rect
from seigneurs.ui.lobby_view import LobbyView, Member, Touchable

TABLES = [(1280, 720, 55.0, "six-around"), (1280, 720, 32.0, "six-around"),
          (1280, 720, 86.0, "long-sides"), (1366, 768, 42.0, "long-sides"),
          (1920, 1080, 55.0, "six-around"), (1920, 1080, 86.0, "six-around"),
          (1920, 1080, 32.0, "long-sides"), (3840, 2160, 65.0, "six-around")]


def box(sprite: arcade.Sprite) -> Rect:
    """The sprite's bounds on the table (things face the edges: quarter turns only)."""
    w, h = sprite.width, sprite.height
    if round(sprite.angle) % 180 == 90:
        w, h = h, w
    return Rect(sprite.center_x - w / 2, sprite.center_y - h / 2, w, h)


def overlap(a: Rect, b: Rect, by: float = 1.0) -> bool:
    """Whether two rectangles share more than a pixel's rounding."""
    return (a.x + by < b.x + b.w and b.x + by < a.x + a.w and a.y + by < b.y + b.h
            and b.y + by < a.y + a.h)


def lobby_states(view: LobbyView) -> Iterator[str]:
    """Every lobby state worth a look, one after another: each variant with 0 to all places
    joined, bots among them, mixed rules; Duo with each locomotive taken out."""
    for name in VARIANTS:
        view._choose(name)
        places = list(view.places())
        for index in places:  # nobody joined at first, then one more each time
            view.members.clear()
            view.joined.clear()
            view._refresh()
            yield f"{name} empty"
            for joined, place in enumerate(places[:index + 1]):
                bot = BOT_LEVELS["close"] if joined % 3 == 2 else None
                rule = Rule.EXACTLY_ONE if joined % 2 and len(variant(name).seat_rules) > 1 \
                    else None
                view._set(place, Member(bot, rule))
            yield f"{name} {index + 1} joined"
        if variant(name).duo:
            for loco in LOCOMOTIVES:
                view._remove(loco.type)
                yield f"duo without {loco.type}"
    view.resume.visible = True  # a game waits in the journal
    yield "resume shown"


def check_targets(view: LobbyView, state: str, width: int, height: int) -> None:
    screen = Rect(0, 0, width, height)
    targets: list[Touchable] = view.targets()
    drawn = [s for s in view.sprites if s.visible]
    order = {id(s): k for k, s in enumerate(drawn)}
    own_marks = {id(view.loco_crosses[t]): id(s) for t, s in view.locos.items()}
    for k, target in enumerate(targets):
        area = box(target.sprite)
        assert target.sprite.visible, state
        assert area.x >= 0 and area.y >= 0 and area.x + area.w <= width \
            and area.y + area.h <= height, f"{state}: a target leaves the screen {area} {screen}"
        above = [s for s in drawn[order[id(target.sprite)] + 1:]
                 if own_marks.get(id(s)) != id(target.sprite) and overlap(box(s), area)]
        assert not above, f"{state}: a target is drawn under something"
        for other in targets[k + 1:]:
            apart = math.dist(target.sprite.position, other.sprite.position)
            assert apart > target.radius + other.radius, f"{state}: two targets overlap"


@pytest.mark.parametrize("width, height, diagonal, arrangement", TABLES)
def test_every_lobby_state_has_its_targets_whole_on_top_and_apart(
        width: int, height: int, diagonal: float, arrangement: str) -> None:
    settings = TableSettings(diagonal_inches=diagonal, layout=arrangement, volume=0.0,
                             idle_timeout=3600, attract_after=3600)
    d = Driver(width, height, settings=settings)
    try:
        view = d.scene
        assert isinstance(view, LobbyView)
        seen = 0
        for state in lobby_states(view):
            check_targets(view, state, width, height)
            whistle = Touchable(view.start, view._start)
            for loco in view.locos.values():  # drawn or not, ready or not: never together
                assert math.dist(loco.position, view.start.position) > \
                    whistle.radius + Touchable(loco, view._start, 0.7).radius
            seen += 1
        assert seen > 40
    finally:
        d.close()


def test_a_locomotive_tap_never_starts_the_game() -> None:
    d = Driver(settings=TableSettings(volume=0.0, idle_timeout=3600, attract_after=3600))
    try:
        view = d.scene
        assert isinstance(view, LobbyView)
        d.tap(*view.tiles["duo"].position)
        for place in (0, 1):
            d.tap(*view.buttons[place].pad.position)
        assert view.ready()
        for loco_type, loco in view.locos.items():
            for x, y in ((0, 0), (0, -0.45), (0.3, -0.45), (-0.3, -0.45)):  # its lower edge too
                view.removed = None
                d.tap(loco.center_x + x * loco.width, loco.center_y + y * loco.height)
                assert d.scene is view, "a locomotive tap started the game"
                assert view.removed == (loco_type if (x, y) == (0, 0) else view.removed)
                assert view.removed in (None, loco_type)  # never another one
    finally:
        d.close()
