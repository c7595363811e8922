"""Issue 18, clause 5: no touch target hidden or overlapping, in any state, on any table the
configuration allows; no number over a card or across a zone's edge; no card a bot puts back
lying on another card."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace

import arcade
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sprite_bounds import box, inside
from table_driver import PATIENT, Driver

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.rect import Rect
from seigneurs.rules import LOCOMOTIVES, VARIANTS, Rule, variant
from seigneurs.table.layout import TableLayout
from seigneurs.ui.lobby import Member
from seigneurs.ui.lobby_view import LobbyView, Touchable

TABLES = [(1280, 720, 55.0, "six-around"), (1280, 720, 42.0, "six-around"),
          (1280, 720, 86.0, "long-sides"), (1366, 768, 42.0, "long-sides"),
          (1920, 1080, 55.0, "six-around"), (1920, 1080, 86.0, "six-around"),
          (1920, 1080, 32.0, "long-sides"), (3840, 2160, 65.0, "six-around"),
          (1280, 720, 24.0, "six-around"), (1280, 720, 32.0, "six-around"),
          (1024, 768, 24.0, "long-sides")]
"""Window sizes, panel diagonals and seat arrangements of real tables. (Under about 42 inches
in 16:9 the layout draws cards under 4 cm, the largest that fit: issue 29.)"""


def corners(sprite: arcade.Sprite) -> list[tuple[float, float]]:
    """The four corners of a sprite as drawn, turned as it is."""
    turn = -math.radians(sprite.angle)  # arcade turns clockwise
    c, s = math.cos(turn), math.sin(turn)
    w, h = sprite.width / 2, sprite.height / 2
    return [(sprite.center_x + x * c - y * s, sprite.center_y + x * s + y * c)
            for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]


def covers(sprite: arcade.Sprite, area: Rect, by: float = 1.0) -> bool:
    """Whether a turned sprite and an upright rectangle share more than `by` pixels
    (separating axes: the rectangle's two and the sprite's two)."""
    box_corners = [(area.x, area.y), (area.x + area.w, area.y),
                   (area.x + area.w, area.y + area.h), (area.x, area.y + area.h)]
    mine = corners(sprite)
    axes = [(1.0, 0.0), (0.0, 1.0)]
    for (x0, y0), (x1, y1) in ((mine[0], mine[1]), (mine[1], mine[2])):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        axes.append(((x1 - x0) / length, (y1 - y0) / length))
    for ax, ay in axes:
        a = [x * ax + y * ay for x, y in mine]
        b = [x * ax + y * ay for x, y in box_corners]
        if min(a) + by >= max(b) or min(b) + by >= max(a):
            return False
    return True


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


def turned_overlap(a: arcade.Sprite, b: arcade.Sprite, by: float = 1.0) -> bool:
    """Whether two turned sprites share more than `by` pixels (separating axes)."""
    mine, theirs = corners(a), corners(b)
    for quad in (mine, theirs):
        for (x0, y0), (x1, y1) in ((quad[0], quad[1]), (quad[1], quad[2])):
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            ax, ay = (x1 - x0) / length, (y1 - y0) / length
            p = [x * ax + y * ay for x, y in mine]
            q = [x * ax + y * ay for x, y in theirs]
            if min(p) + by >= max(q) or min(q) + by >= max(p):
                return False
    return True


def check_hints(view: LobbyView, state: str) -> None:
    """The hint hands, at their farthest and nearest reach, lie across no button, variant
    picture, locomotive or whistle but the one they point at (a child reads a hand as
    pointing at what it lies on), and stay on the screen."""
    layout = view.app.layout
    shown = [s for s in view.sprites if s.visible and s is not view.choice]
    hints = view.hints
    for quiet in (math.pi / 10, 3 * math.pi / 10):  # the tap's two ends
        hints.touched(0.0)
        hints.update(hints.after + quiet, view.next_steps)
        assert hints.shown, state
        for hint in hints.shown:
            hand, target = hint.hand, hint.target
            area = box(hand)
            assert area.x >= 0 and area.y >= 0 and area.x + area.w <= layout.width \
                and area.y + area.h <= layout.height, f"{state}: a hand leaves the screen"
            pointed = [s for s in shown if s.position == (target.x, target.y)]
            across = [s for s in shown if s not in pointed and turned_overlap(hand, s)]
            assert not across, f"{state}: a hint hand lies across {across[0].position}"
    hints.touched(0.0)


@pytest.mark.parametrize("width, height, diagonal, arrangement", TABLES)
def test_every_lobby_state_has_its_targets_whole_on_top_and_apart(
        width: int, height: int, diagonal: float, arrangement: str) -> None:
    settings = replace(PATIENT, diagonal_inches=diagonal, layout=arrangement)
    d = Driver(width, height, settings=settings)
    try:
        view = d.scene
        assert isinstance(view, LobbyView)
        seen = 0
        for state in lobby_states(view):
            check_targets(view, state, width, height)
            check_hints(view, state)
            whistle = Touchable(view.start, view._start)
            for loco in view.locos.values():  # drawn or not, ready or not: never together
                assert math.dist(loco.position, view.start.position) > \
                    whistle.radius + Touchable(loco, view._start, 0.7).radius
            seen += 1
        assert seen > 40
    finally:
        d.close()


@pytest.fixture(scope="module")
def one_window() -> Iterator[Driver]:
    d = Driver(settings=PATIENT)
    try:
        yield d
    finally:
        d.close()


@settings(max_examples=25, deadline=None)
@given(height=st.integers(360, 2160), aspect=st.floats(4 / 3, 21 / 9),
       diagonal=st.floats(10, 200), arrangement=st.sampled_from(["six-around", "long-sides"]))
def test_at_every_accepted_panel_the_lobbys_targets_and_hints_stay_apart(
        one_window: Driver, height: int, aspect: float, diagonal: float,
        arrangement: str) -> None:
    """Issue 29, item 5: every diagonal the configuration accepts (10 to 200 inches), both
    arrangements, landscape pictures from 4:3 to 21:9: the lobby laid out on that table (the
    window's layout replaced: the lobby is placed from it alone) in every state."""
    width = round(height * aspect)
    window = one_window.window
    window.layout = TableLayout.build(width, height, diagonal, arrangement)
    try:
        view = LobbyView(window, "kids")
        for state in lobby_states(view):
            check_targets(view, state, width, height)
            check_hints(view, state)
    finally:
        window.layout = TableLayout.build(window.width, window.height,
                                          window.settings.diagonal_inches, window.settings.layout)


def test_a_locomotive_tap_never_starts_the_game() -> None:
    d = Driver(settings=PATIENT)
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


def text_box(text: arcade.Text) -> Rect:
    """A number's bounds on the table (upright for its player: quarter turns only)."""
    w, h = text.content_width, text.content_height
    if round(text.rotation) % 180 == 90:
        w, h = h, w
    return Rect(text.x - w / 2, text.y - h / 2, w, h)


@pytest.mark.parametrize("width, height, diagonal, arrangement", TABLES)
@pytest.mark.parametrize("name", ["training", "duo"])
def test_counts_and_lamps_lie_in_their_zone_over_no_card(
        width: int, height: int, diagonal: float, arrangement: str, name: str) -> None:
    from seigneurs.ui.duo_view import DuoView
    from seigneurs.ui.race_view import RaceView

    settings = replace(PATIENT, diagonal_inches=diagonal, layout=arrangement)
    d = Driver(width, height, settings=settings)
    try:
        d.window.nav.deal(name, [BOT_LEVELS["expert"]] * (2 if name == "duo" else 6), 3)
        view = d.scene
        assert isinstance(view, RaceView | DuoView)
        zones = [plan.place.zone for plan in view.seats]
        assert view.countdown is not None
        cards = [s for s in [*view.panels, *getattr(view, "cards", [])]
                 if s.visible and not isinstance(s, arcade.SpriteSolidColor)]
        for lamp in view.countdown.lamps:  # at the deal: the lamps hide no card
            assert any(inside(zone, box(lamp)) for zone in zones)
            assert not any(covers(card, box(lamp)) for card in cards)
        d.frames(60 * 6)  # under way: piles, top cards, revealed cards
        for seat, count in enumerate(view.counts):
            count.text = "88"  # the widest a count gets
            area = text_box(count)
            assert inside(zones[seat], area), f"a count crosses seat {seat}'s zone edge"
            things = [s for s in [*view.panels, *getattr(view, "sprites", []),
                                  *getattr(view, "cards", [])]
                      if s.visible and not isinstance(s, arcade.SpriteSolidColor)]
            covered = [s for s in things if covers(s, area) and inside(zones[seat], box(s))]
            assert not covered, f"seat {seat}'s count lies over a card or button"
    finally:
        d.close()


def test_a_card_a_bot_puts_back_lies_on_no_other_card() -> None:
    """Training: face-down cards put back; one child (who does nothing) and five bots."""
    from seigneurs.table import events
    from seigneurs.ui.race_view import RaceView

    d = Driver(1280, 720, settings=PATIENT)
    try:
        d.window.nav.deal("training", [None, *[BOT_LEVELS["expert"]] * 5], 4)
        view = d.scene
        assert isinstance(view, RaceView)
        physics, put_back, checked, seen = view.physics, set(), 0, 0
        for _ in range(60 * 40):
            d.frames()
            put_back |= {e.card for e in d.log[seen:]
                         if isinstance(e, events.BackOnTable) and e.bot}
            seen = len(d.log)
            for card in [c for c in put_back if c in physics.bodies and physics.resting(c)]:
                put_back.discard(card)
                shape = next(iter(physics.bodies[card].shapes))
                for other, body in physics.bodies.items():
                    if other != card and physics.resting(other):
                        touching = shape.shapes_collide(next(iter(body.shapes))).points
                        assert not any(p.distance < -2 for p in touching), \
                            f"card {card} was put back on card {other}"
                checked += 1
            if view.game.over:
                break
        assert checked >= 5
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scenario", ["lords-tie", "kids-tie", "duo", "six"])
def test_results_numbers_and_badges_lie_in_their_band_over_no_card(
        size: tuple[int, int], scenario: str) -> None:
    from seigneurs.game.config import GameConfig
    from seigneurs.tools.scenarios import SCENARIOS
    from seigneurs.tools.screenshot import finish_results
    from seigneurs.tools.simulate import play_bot_game
    from seigneurs.ui.results_view import ResultsView
    from seigneurs.ui.seat import seat_plans

    d = Driver(*size, settings=PATIENT)
    try:
        game = SCENARIOS[scenario](1) if scenario != "six" else play_bot_game(
            GameConfig.for_players("lords", 6, 3), [BOT_LEVELS["expert"]] * 6)
        plans = seat_plans(d.window.layout, game.variant.name, game.seat_count,
                           [None, *[BOT_LEVELS["close"]] * (game.seat_count - 1)])
        d.window.nav.show_results(game, plans)
        finish_results(d.window, after=0.0)
        view = d.scene
        assert isinstance(view, ResultsView) and view.done
        bands = [band.rect() for band in view.bands]
        cards = [s for row in view.rows for s in row.sprites if s.visible]
        marks = [s for s in view.marks if s.visible and not isinstance(s, arcade.SpriteSolidColor)
                 and s not in (row.cross for row in view.rows)]  # a cross marks its card
        numbers = [row.count for row in view.rows]
        duo_column = [s for s in view.panels if not isinstance(s, arcade.SpriteSolidColor)]
        for mark in marks:
            if mark in view.again and not any(inside(b, box(mark)) for b in bands):
                continue  # the middle 'again', in the space kept free for it
            if scenario == "duo" and not any(inside(b, box(mark)) for b in bands):
                continue  # Duo: beside a row, off the bands
            assert any(inside(b, box(mark)) for b in bands), "a mark crosses a band's edge"
        for shown in [*marks, *duo_column]:
            assert not any(covers(card, box(shown)) for card in cards if card is not shown), \
                "a mark lies over a card"
        for number in numbers:
            area = text_box(number)
            assert not any(covers(card, area) for card in cards), "a count lies over a card"
    finally:
        d.close()
