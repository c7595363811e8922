"""Issue 12, results a child can read: big whole cards from the locomotive, a climbing count
with a sound per card, the break marked, the winner celebrated, the reason with its numbers
(R16-R18, R22, R33, R34, D3, D5); and every action's sound, at the admin menu's volume."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import arcade
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_driver import Driver, begin, join_and_start, region_cards

from seigneurs.game import Pick, RaceGame, Stack, Whistle, new_game
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.rect import Rect
from seigneurs.rules import WAGONS, WinReason
from seigneurs.table.layout import TableLayout
from seigneurs.tools.scenarios import SCENARIOS, duo_tie_break, kids_tie_break, training_tie
from seigneurs.ui.admin_view import AdminMenu
from seigneurs.ui.results_layout import (
    CARD_GAP,
    CARD_RATIO,
    MIN_RESULT_CARD_CM,
    grow_bands,
    inside,
    overlaps,
    snake,
)
from seigneurs.ui.results_view import ResultsView
from seigneurs.ui.seat import seat_plans


@pytest.fixture
def driver() -> Iterator[Driver]:
    d = Driver(1920, 1080)
    yield d
    d.close()


def show(d: Driver, game: object) -> ResultsView:
    window = d.window
    assert hasattr(game, "seat_count")
    plans = seat_plans(window.layout, game.variant.name, game.seat_count,  # type: ignore[attr-defined]
                       [None] * game.seat_count)  # type: ignore[attr-defined]
    window.nav.show_results(game, plans)  # type: ignore[arg-type]
    view = d.scene
    assert isinstance(view, ResultsView)
    return view


def run_to_crown(d: Driver, view: ResultsView) -> None:
    for _ in range(60 * 120):
        d.frames()
        if view.done:
            return
    pytest.fail("the results never crowned anybody")


def box(sprite: arcade.Sprite) -> Rect:
    """The sprite's bounds on the table (places face the edges: quarter turns only)."""
    w, h = sprite.width, sprite.height
    if round(sprite.angle) % 180 == 90:
        w, h = h, w
    return Rect(sprite.center_x - w / 2, sprite.center_y - h / 2, w, h)


def shrunk(rect: Rect, by: float = 1.0) -> Rect:
    return Rect(rect.x + by, rect.y + by, rect.w - 2 * by, rect.h - 2 * by)


# The geometry, for any table.

@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 55), width=st.floats(150, 900), depth=st.floats(100, 600),
       largest=st.floats(40, 120), smallest=st.floats(15, 40))
def test_issue12_a_train_lies_whole_in_a_snake_each_card_beside_the_one_it_follows(
        count: int, width: float, depth: float, largest: float, smallest: float) -> None:
    line = snake(count, width, depth, largest, smallest)
    assert smallest - 1e-9 <= line.card_w <= largest
    whole = line.pitch >= line.card_w * (1 + CARD_GAP) - 1e-6
    spots = line.spots
    for (f0, a0), (f1, a1) in itertools.pairwise(spots):
        neighbour = (f0 == f1 and abs(a1 - a0) <= line.pitch + 1e-6) or (
            a0 == a1 and abs(f1 - f0) <= line.card_h * (1 + CARD_GAP / CARD_RATIO) + 1e-6)
        assert neighbour  # R7: each card is checked against the one before: shown beside it
    if whole:
        for f, a in spots:
            assert line.card_w / 2 - 1e-6 <= a <= width - line.card_w / 2 + 1e-6
            assert f <= max(depth, line.card_h) - line.card_h / 2 + 1e-6
        assert len(set(spots)) == len(spots)


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([(1920, 1080), (1280, 720), (3840, 2160), (1366, 768)]),
       diagonal=st.floats(32, 86), arrangement=st.sampled_from(["six-around", "long-sides"]),
       players=st.integers(2, 6))  # every variant is for 2 to 6
def test_issue12_result_bands_share_no_space_and_leave_the_again_button_free(
        size: tuple[int, int], diagonal: float, arrangement: str, players: int) -> None:
    layout = TableLayout.build(*size, diagonal, arrangement)
    places = [layout.places[i] for i in layout.spread(players)]
    cx, cy = layout.free.center
    keep = Rect(cx - 60, cy - 60, 120, 120)
    table = Rect(0, 0, *size)
    bands = grow_bands(places, table, keep, layout.card_w * 0.1, layout.card_h * 4)
    for k, band in enumerate(bands):
        area = shrunk(band.rect())
        assert inside(table, area) and not overlaps(area, keep)
        assert band.depth >= min(band.place.zone.w, band.place.zone.h)
        for other in bands[k + 1:]:
            if not overlaps(band.place.zone, other.place.zone):  # (tiny panels: zones may)
                assert not overlaps(area, shrunk(other.rect()))


# The race results on the table.

def test_r18_training_tie_marks_the_caller_with_the_stop_sign_and_the_other_wins(
        driver: Driver) -> None:
    game = training_tie(1)
    view = show(driver, game)
    outcome = view.outcome
    assert outcome.details.stop_caller == 0 and outcome.winners == (1,)
    run_to_crown(driver, view)
    stop = driver.window.media.icons["stop"]
    stops = [s for s in view.marks if s.texture is stop and s.visible]
    assert len(stops) == 1
    assert view.bands[0].rect().contains(*stops[0].position)  # the caller's band, seat 0
    assert len(view.trophies) == 1
    assert view.bands[1].rect().contains(*view.trophies[0].position)  # the non-caller's
    assert not view.bands[0].rect().contains(*view.trophies[0].position)
    driver.shot("results-training-tie")


def test_r16_training_ended_by_itself_shows_no_stop_sign(driver: Driver) -> None:
    game = new_game(training_tie(2).config, RaceGame)
    game.apply(Whistle(0, 0.0))
    t = 1.0
    for seat, loco in enumerate(game.locomotives):  # everyone takes all of their type, no stop
        for card in (c for c in range(len(WAGONS)) if WAGONS[c].type == loco.type):
            t += 1
            game.apply(Pick(seat, t, card))
            game.apply(Stack(seat, t + 0.5))
    assert game.over and game.stop_caller is None
    view = show(driver, game)
    run_to_crown(driver, view)
    stop = driver.window.media.icons["stop"]
    assert not [s for s in view.marks if s.texture is stop]
    assert view.outcome.reason is not WinReason.NOT_STOP_CALLER


def test_issue12_the_check_counts_card_by_card_with_a_sound_and_marks_the_break(
        driver: Driver) -> None:
    view = show(driver, training_tie(1))
    heard = driver.heard
    heard.clear()
    caller = next(row for row in view.rows if row.seat == 0)
    counts = []
    while caller.revealed < len(caller.sprites):
        driver.frames()
        counts.append(caller.count.text)
    assert [n for k, n in enumerate(counts) if n != counts[k - 1] or k == 0][-5:] == \
        ["1", "2", "3", "4", "5"]  # the big count climbs one by one
    assert list(heard).count("count") == 5  # a sound per checked card
    broken = next(row for row in view.rows if row.seat == 2)  # three, then a wrong type
    run_to_crown(driver, view)
    assert broken.check.first_error == 3 and broken.count.text == "3"
    assert broken.cross.visible and broken.cross.position == broken.sprites[4].position
    assert all(s.alpha < 255 for s in broken.sprites[4:])  # lost, dimmed (R17)
    assert "refuse" in heard and heard[-1] == "win"


def test_issue12_results_cards_are_at_least_15_mm_and_nothing_covers_them(
        driver: Driver) -> None:
    from seigneurs.tools.screenshot import finish_results

    driver.window.nav.deal("lords", [BOT_LEVELS["expert"]] * 6, 3)
    finish_results(driver.window)
    view = driver.scene
    assert isinstance(view, ResultsView)
    layout = driver.window.layout
    cards = [s for row in view.rows for s in row.sprites]
    assert len(cards) == sum(len(r.sprites) for r in view.rows) > 6
    for sprite in cards:
        width = min(sprite.width, sprite.height)  # side seats' cards are turned
        assert width >= MIN_RESULT_CARD_CM * layout.px_per_cm - 0.5
    for again in view.again:
        assert not any(overlaps(box(again), shrunk(box(card))) for card in cards)
    for k, a in enumerate(cards):
        for b in cards[k + 1:]:
            assert not overlaps(shrunk(box(a)), shrunk(box(b)))


def test_r22_a_kids_tie_lifts_the_wagons_of_the_type_the_rules_name_one_by_one(
        driver: Driver) -> None:
    """Issue 52: 27 to 27 in Kids, decided by the wagons of the locomotive's type (R22). After
    both trains are checked, the results replay the moment: in each tied train the wagons the
    rules count (their ids, from the outcome) lift and glow one by one with a count's sound,
    a dot lighting beside the locomotive's picture for each, the others dim; no digits."""
    game = kids_tie_break(1)
    view = show(driver, game)
    broken = view.outcome.details.of_type
    assert broken is not None and broken.rule == "R22" and broken.seats == (0, 1)
    assert view.outcome.lengths == (27, 27)
    tie = view.groups[-1]
    assert not tie.rows and len(tie.lifts) == 2
    media = driver.window.media
    for seat, lift in zip(broken.seats, tie.lifts, strict=True):
        named = [media.wagons[card] for card in broken.wagons[seat]]
        assert [w.texture for w in lift.wagons] == named  # exactly the cards the rules name
    checked = len(view.groups) - 1
    heard = driver.heard
    while view.timeline.current < checked:  # every train checked first, nothing lifted
        driver.frames()
        assert all(lift.lifted < 0 for lift in tie.lifts)
    heard.clear()
    laid = [[w.position for w in lift.wagons] for lift in tie.lifts]
    run_to_crown(driver, view)
    most = max(broken.count(seat) for seat in broken.seats)
    assert heard.count("count") == most  # one beat per wagon lifted, side by side
    for seat, lift, spots in zip(broken.seats, tie.lifts, laid, strict=True):
        assert [dot.visible for dot in lift.dots] == [True] * broken.count(seat)
        assert all(glow.visible for lights in lift.glows for glow in lights)
        assert math.hypot(*lift.lift) > 0 and all(  # lifted, bright, on their glow
            w.alpha == 255 and w.position == pytest.approx((x + lift.lift[0], y + lift.lift[1]))
            and all(glow.position == w.position for glow in lights)
            for w, (x, y), lights in zip(lift.wagons, spots, lift.glows, strict=True))
        assert lift.picture.visible
    assert view.outcome.winners == broken.winners
    assert not [label for label in view.numbers if label.text and label.visible
                and label.text not in {"0", "27"}]  # the dots count, not a digit
    driver.shot("results-kids-tie")


def gold_pixels(driver: Driver) -> int:
    """How many pixels of the window are the tie-break's gold frame."""
    from seigneurs.art.palette import GOLD

    image = driver.window.snapshot().convert("RGB")
    return sum(n for n, colour in image.getcolors(1 << 22) or [] if colour == GOLD)


def test_r22_the_drawn_tie_break_is_not_in_a_game_the_lengths_decide(driver: Driver) -> None:
    """Issue 52, in the pixels: a Kids tie decided by the type draws the gold frames of the
    lifted wagons; a Kids game one train longer than the other draws none."""
    view = show(driver, kids_tie_break(1))
    run_to_crown(driver, view)
    driver.window.step(dt=0.0)
    tied = gold_pixels(driver)
    game = kids_tie_break(1)
    game.trains[0].pop()  # one wagon fewer: the lengths decide, 26 to 27
    view = show(driver, game)
    assert view.outcome.details.of_type is None
    run_to_crown(driver, view)
    driver.window.step(dt=0.0)
    assert gold_pixels(driver) == 0 < 2000 < tied


# Duo.

def test_r33_r34_duo_results_show_each_locomotive_won_and_the_count(driver: Driver) -> None:
    game = duo_tie_break(1)
    view = show(driver, game)
    outcome = view.outcome
    run_to_crown(driver, view)
    assert [label.text for label in view.won_counts] == [str(n) for n in outcome.details.won]
    locos = {result.locomotive.type for result in outcome.details.locomotives}
    won = [s for s in view.marks if any(s.texture is driver.window.media.locomotive(t)
                                        for t in locos)]
    for seat in (0, 1):
        inside_tally = [s for s in won if view.bands[seat].rect().contains(*s.position)]
        assert len(inside_tally) == outcome.details.won[seat]
    tie = next(k for k, r in enumerate(outcome.details.locomotives)
               if r.reason is WinReason.MOST_OF_TYPE)
    broken = outcome.details.locomotives[tie].of_type
    assert broken is not None and broken.rule == "R33"
    for seat, (row, lift) in enumerate(zip(view.groups[tie].rows, view.groups[tie].lifts,
                                           strict=True)):  # why (R33, D5), as pictures:
        of_type = outcome.details.locomotives[tie].checks[seat].of_type  # wagons of the type
        assert row.count.text == str(row.check.length)  # the count stays the row's length
        bright = [s for s in row.sprites[1:] if s.alpha == 255]
        assert len(bright) == of_type == broken.count(seat)  # the others dim
        assert lift.complete and [d.visible for d in lift.dots] == [True] * of_type
        assert lift.wagons == [row.sprites[1 + k] for k in broken.positions[seat]]
    numbers = [label for group in view.groups for label in group.reasons
               if isinstance(label, arcade.Text)]
    assert not numbers  # Duo: no second number beside a row (issue 18)
    cards = [s for row in view.rows for s in row.sprites] + list(view.panels)[2:]
    for again in view.again:
        assert not any(overlaps(box(again), shrunk(box(card))) for card in cards)
    driver.shot("results-duo")


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_issue12_screenshot_scenarios_render(tmp_path: object, name: str) -> None:
    from pathlib import Path

    from PIL import Image

    from seigneurs.cli import main

    out = Path(str(tmp_path)) / f"{name}.png"
    assert main(["screenshot", "results", "--scenario", name, "--out", str(out),
                 "--size", "960x540"]) == 0
    with Image.open(out) as image:
        assert image.size == (960, 540) and len(image.getcolors(1 << 20) or []) > 50


# Sounds.

def test_issue12_every_action_has_its_sound(driver: Driver) -> None:
    join_and_start(driver, "kids", [0, 3])  # Kids: assisted (D8)
    heard = driver.heard
    heard.clear()
    view = begin(driver)
    assert list(heard) == ["flip", "flip"]  # each locomotive turned over (R23)
    game = view.game
    home = view.seats[0].place.zone.center
    wrong = next(c for c in region_cards(view, 0) if not game.fits(0, c))
    driver.drag(tuple(view.physics.bodies[wrong].position), home)
    assert list(heard)[-3:] == ["flip", "refuse", "put-back"]  # take, refused, slides back
    right = next(c for c in region_cards(view, 0) if game.fits(0, c))
    driver.drag(tuple(view.physics.bodies[right].position), home)
    assert list(heard)[-2:] == ["flip", "stack"]
    free = view.layout.free
    card = next(c for c in region_cards(view, 0) if game.table_mask >> c & 1)
    driver.drag(tuple(view.physics.bodies[card].position), free.center)
    assert list(heard)[-2:] == ["flip", "put-back"]


def test_issue12_the_admin_volume_reaches_every_sound_even_one_still_ringing(
        driver: Driver) -> None:
    media = driver.window.media
    media.play("win")
    ringing = media.playing[-1]
    menu = AdminMenu(driver.window)
    driver.window.show_view(menu)
    before = media.volume
    menu.volume(-0.3)
    assert media.volume == pytest.approx(before - 0.3)
    assert ringing.volume == pytest.approx(media.volume)  # the fanfare got quieter too
    for name in ("flip", "put-back", "count", "whistle", "stop"):
        media.play(name)
        assert media.playing[-1].volume == pytest.approx(media.volume)
    with pytest.raises(KeyError):
        media.play("no-such-sound")


# The README's animated game.

def test_issue12_record_game_writes_a_whole_game_gif_under_2_mb(
        tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from PIL import Image, ImageSequence

    from seigneurs.cli import main
    from seigneurs.tools.record import MAX_GIF_BYTES

    out = Path(str(tmp_path)) / "game.gif"
    assert main(["record-game", "--out", str(out), "--size", "640x360", "--scale", "0.5"]) == 0
    assert "winners" in capsys.readouterr().out
    assert 0 < out.stat().st_size < MAX_GIF_BYTES
    with Image.open(out) as gif:
        frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]
        durations = [frame.info.get("duration", 0) for frame in ImageSequence.Iterator(gif)]
        assert gif.info.get("loop") == 0  # loops forever on the README
    assert len(frames) > 30 and frames[0].size == (320, 180)
    assert 4_000 <= sum(durations) <= 30_000  # a few seconds, lobby to results
    assert frames[0].tobytes() != frames[-1].tobytes()
