"""Paced bots against children they were not tuned to (issue 33): the toddler a 3-year-old beats
about half the time under every model, the close bot never sprinting in an endgame that only it
can play, and a third model of children written apart from the other two.

The game clock is the simulation's own: nothing here times the machine."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import pairwise

import pytest
from helpers import until

from seigneurs.game.actions import Stack, Whistle
from seigneurs.game.bots import BOT_LEVELS, ENDGAME_PACE_S, BotLevel, BotLoop, chain_ends
from seigneurs.game.config import GameConfig
from seigneurs.game.factory import new_game
from seigneurs.game.kinds import make_bot
from seigneurs.game.race import RaceGame
from seigneurs.rules import Start
from seigneurs.rules.cards import WAGONS
from seigneurs.rules.matching import Rule, shared_features
from seigneurs.table.geometry import RaceGeometry
from seigneurs.table.layout import TableLayout
from seigneurs.tools.ages import AGES
from seigneurs.tools.fitts_child import HANDS, FittsChild, Hands, fitts_s
from seigneurs.tools.matchup import (
    BEFORE,
    MOSTLY_NEAR,
    TABLE,
    TIES_AT_MOST,
    ChildModel,
    card_at,
    cell,
    engine_child,
    play,
    play_crowd,
    wilson,
)

GAMES = 40


def fitts(hands: Hands) -> ChildModel:
    """The third model's child with figures of the test's own."""
    return ChildModel("fitts", (hands.name,), lambda config, level, _age, layout: play(
        config, level, lambda game, geometry, rng: FittsChild(game, 0, geometry, hands, rng),
        layout))


SLOW_THREE = replace(HANDS["3"], rest_s=(10.0, 6.0))
"""A 3-year-old of about 2.5 wagons a minute, as the issue's child."""


def test_the_old_toddler_beats_a_slow_three_year_old_the_paced_one_does_not() -> None:
    """The scene of issue 33: the toddler tuned to one model won 6 of 6 against a 3-year-old
    of 2.5 wagons a minute; paced, it loses about half."""
    before = cell("kids", BEFORE, "3", GAMES, 0, fitts(SLOW_THREE))
    after = cell("kids", BOT_LEVELS["toddler"], "3", GAMES, 0, fitts(SLOW_THREE))
    assert 2.2 < before.child_wpm < 2.8 and before.bot_wpm > before.child_wpm
    assert before.child_wins < 0.3
    assert 0.35 <= after.child_wins <= 0.65 and after.near_share >= MOSTLY_NEAR
    assert after.tie_share <= TIES_AT_MOST  # issue 52: apart by a few, not level


@pytest.mark.parametrize("model", ["engine", "fitts"])
def test_a_three_year_old_beats_the_toddler_about_half_the_time(model: str) -> None:
    result = cell("kids", BOT_LEVELS["toddler"], "3", GAMES, 0, model)
    assert 0.35 <= result.child_wins <= 0.65 and result.unfinished == 0


@pytest.mark.parametrize("model", ["engine", "fitts"])
@pytest.mark.parametrize("age", ["5", "8"])
def test_the_toddler_keeps_up_with_older_children_but_not_an_adult(model: str, age: str) -> None:
    """Issue 52: the toddler is paced to the child up to an 8-year-old's pace (its hand still
    a child's, its glance quick enough for their rhythm); an adult outruns it."""
    result = cell("kids", BOT_LEVELS["toddler"], age, GAMES, 0, model)
    assert 0.3 <= result.decided_child_wins <= 0.7 and result.tie_share <= TIES_AT_MOST
    assert cell("kids", BOT_LEVELS["toddler"], "adult", 12, 0, model).child_wins > 0.9


@pytest.mark.parametrize("model, age", [("fitts", "3"), ("fitts", "adult"), ("engine", "5")])
def test_the_close_bot_ends_a_few_apart_under_the_model_it_was_not_tuned_to(model: str,
                                                                           age: str) -> None:
    result = cell("kids", BOT_LEVELS["close"], age, GAMES, 0, model)
    assert result.near_share >= MOSTLY_NEAR and result.unfinished == 0


def endgame_stacks(level: BotLevel, seed: int) -> list[float]:
    """The game-clock times of the bot's wagons once the child (seat 0, a 5-year-old of the
    engine model) can place none any more."""
    config = GameConfig.for_players("kids", 2, seed)
    layout = TableLayout.build(*TABLE)
    game = new_game(config)
    assert isinstance(game, RaceGame)
    places = tuple(layout.places[i] for i in layout.spread(2))
    geometry = RaceGeometry.build(layout, places, False)
    rng = random.Random(seed)
    child = engine_child(AGES["5"])(game, geometry, rng)
    loop = BotLoop({1: make_bot(game, 1, level, rng)})
    loop.carry = lambda seat, card: math.dist(card_at(geometry, game, card),
                                              geometry.seats[seat].anchor) / geometry.px_per_cm
    if game.variant.start is Start.WHISTLE:
        game.apply(Whistle(0, 0.0))
    stacks: list[float] = []
    for _ in until(lambda: game.over, 100_000):
        t = min(loop.next_due(), child.due)
        if child.due <= t:
            child.step(t)
        for action in loop.actions(t):
            stuck = loop.bots[1].endgame()
            if game.apply(action).ok and isinstance(action, Stack) and stuck:
                stacks.append(t)
    return stacks


def test_in_an_endgame_only_it_can_play_the_close_bot_keeps_a_childs_pace() -> None:
    """Issue 33 saw 3 wagons in 4 s when the last cards fitted only the bot. The close bot
    now waits the child's pace (up to ENDGAME_PACE_S) between wagons; an unpaced bot of the
    same speed sprints. (Looking ahead, the close bot seldom lets such an endgame come, so
    the pace is checked without its look-ahead: the pace is what a longer endgame gets.)"""
    gaps: list[float] = []
    sprint: list[float] = []
    paced = replace(BOT_LEVELS["close"], looks_ahead=False)
    for seed in range(40):
        times = endgame_stacks(paced, seed)
        gaps += [b - a for a, b in pairwise(times)]
        fast = endgame_stacks(BOT_LEVELS["expert"], seed)
        sprint += [b - a for a, b in pairwise(fast)]
    assert len(gaps) >= 5, "the scene must happen: endgames that only the bot can play"
    assert min(gaps) >= 4.0 and max(gaps) <= ENDGAME_PACE_S + 2.0
    assert sprint and min(sprint) < 2.0  # the measure can fail: a bot that does not pace


def test_a_chain_ends_where_no_loose_card_fits_the_top() -> None:
    top = WAGONS[0]
    same = next(w for w in WAGONS[1:] if shared_features(top, w) == 1)
    other = next(w for w in WAGONS if shared_features(top, w) == 0)
    rule = Rule.AT_LEAST_ONE
    assert chain_ends(rule, top, top, 0) == {0}
    assert chain_ends(rule, top, top, 1 << other.index) == {0}
    assert chain_ends(rule, top, top, 1 << same.index) == {1}
    both = chain_ends(rule, top, top, 1 << same.index | 1 << other.index)
    assert max(both) >= 1 and both <= {1, 2}


def test_fitts_time_grows_with_distance_and_shrinks_with_throughput() -> None:
    three, adult = HANDS["3"], HANDS["adult"]
    assert fitts_s(three, 7.0, 1.0) == pytest.approx(three.start_s + 3 / three.throughput_bits_s)
    assert fitts_s(three, 40.0, 5.0) > fitts_s(three, 10.0, 5.0) > fitts_s(adult, 10.0, 5.0)


@pytest.mark.parametrize("slip", ["drops", "false_fit"])
def test_each_slip_of_the_third_child_slows_it(slip: str) -> None:
    steady = replace(HANDS["5"], misses=0.0, drops=0.0, false_fit=0.0)
    clumsy = replace(steady, **{slip: 0.9})
    fast = cell("kids", BOT_LEVELS["child"], "5", 10, 0, fitts(steady))
    slow = cell("kids", BOT_LEVELS["child"], "5", 10, 0, fitts(clumsy))
    assert slow.child_wpm < fast.child_wpm * 0.85


def test_a_touch_off_the_card_costs_another_aim() -> None:
    layout = TableLayout.build(*TABLE)
    game = new_game(GameConfig.for_players("kids", 2, 0))
    assert isinstance(game, RaceGame)
    geometry = RaceGeometry.build(layout, tuple(layout.places[i] for i in layout.spread(2)),
                                  False)
    sure, missing = (FittsChild(game, 0, geometry, replace(HANDS["5"], misses=m),
                                random.Random(1)) for m in (0.0, 1.0))
    again = fitts_s(HANDS["5"], 2.0, geometry.card_w / geometry.px_per_cm)
    assert missing._reach_s(7) == pytest.approx(sure._reach_s(7) + again)


def test_the_third_model_reads_no_figure_of_the_other_two() -> None:
    """Written apart: its ages are its own declarations, none of `tools/ages.py`'s."""
    import seigneurs.tools.fitts_child as third

    assert "ages" not in vars(third) and set(HANDS) == set(AGES)


def test_the_crowds_child_plays_the_bot_level_asked_for() -> None:
    """The crowd model through the real input path: the bot at the table is the level asked
    (the expert outruns an 8-year-old; the toddler, paced, keeps up with them since issue 52)."""
    game = play_crowd(GameConfig.for_players("kids", 2, 1), BOT_LEVELS["expert"], "8")
    assert game.finished and game.bot > game.child


@pytest.mark.parametrize("share, n, low, high", [(0.5, 100, 0.404, 0.596),
                                                 (0.0, 40, 0.0, 0.088),
                                                 (0.9, 200, 0.851, 0.934)])
def test_the_wilson_interval(share: float, n: int, low: float, high: float) -> None:
    got = wilson(share, n)
    assert got == pytest.approx((low, high), abs=0.002)
