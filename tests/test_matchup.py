"""Bots against children of an age: the child is its own player, every figure can move, and
the close bot keeps a game close (issue 18)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from seigneurs.cli import main
from seigneurs.game.bots import BOT_LEVELS, BotLoop
from seigneurs.game.config import GameConfig
from seigneurs.game.factory import new_game
from seigneurs.game.kinds import make_bot
from seigneurs.tools.ages import AGES, AgeProfile
from seigneurs.tools.matchup import ChildModel, cell, engine_child, play
from seigneurs.tools.simulate import play_bot_game

GAMES = 12


def own(profile: AgeProfile) -> ChildModel:
    """The matchup's child with a profile of the test's own."""
    return ChildModel("engine", (profile.name,),
                      lambda config, level, _age, layout: play(config, level,
                                                               engine_child(profile), layout))


def test_the_expert_beats_an_adult_and_a_toddler_bot_loses_to_one() -> None:
    lost = cell("kids", BOT_LEVELS["expert"], "adult", GAMES, 0)
    won = cell("kids", BOT_LEVELS["toddler"], "adult", GAMES, 0)
    assert lost.child_wins < 0.2 < 0.8 < won.child_wins
    assert won.child_wpm > won.bot_wpm and lost.child_wpm < lost.bot_wpm


@pytest.mark.parametrize("slip", ["lost_lift", "tap_not_drag"])
def test_a_child_whose_every_drag_fails_stacks_nothing(slip: str) -> None:
    clumsy = replace(AGES["8"], **{slip: 1.0})
    result = cell("kids", BOT_LEVELS["child"], "8", 3, 0, own(clumsy))
    assert result.child_wpm == 0 and result.child_wins == 0


def test_the_child_drags_over_the_real_distance_at_its_pace() -> None:
    quick = cell("kids", BOT_LEVELS["child"], "8", GAMES, 0)
    slow = cell("kids", BOT_LEVELS["child"], "8", GAMES, 0,
                own(replace(AGES["8"], drag_cm_s=(2.0, 3.0))))
    assert slow.child_wpm < quick.child_wpm * 0.7


def test_a_child_who_misjudges_every_card_is_refused_and_slower() -> None:
    judged = cell("kids", BOT_LEVELS["child"], "5", GAMES, 0)
    blind = cell("kids", BOT_LEVELS["child"], "5", GAMES, 0,
                 own(replace(AGES["5"], judges_fit=0.0)))
    assert blind.child_wpm < judged.child_wpm


@pytest.mark.parametrize("age", list(AGES))
def test_the_close_bot_keeps_the_margin_within_two_mostly(age: str) -> None:
    result = cell("kids", BOT_LEVELS["close"], age, GAMES, 0)
    assert result.close_share >= 0.75 and result.unfinished == 0
    assert 0.2 <= result.child_wins <= 0.8


def test_a_fixed_level_does_not_keep_it_close() -> None:
    result = cell("kids", BOT_LEVELS["expert"], "3", GAMES, 0)
    assert result.close_share == 0


def test_the_close_bot_alone_with_bots_plays_at_full_speed() -> None:
    """The attract demo: nobody to pace to, so it plays as fast as its hand allows."""
    config = GameConfig.for_players("kids", 2, 3)
    close = play_bot_game(config, [BOT_LEVELS["close"]] * 2)
    adult = play_bot_game(config, [BOT_LEVELS["adult"]] * 2)
    assert close.over and close.clock < adult.clock
    game = new_game(config)
    loop = BotLoop({1: make_bot(game, 1, BOT_LEVELS["close"], random.Random(0))})
    assert loop.bots[1].people == (0,)  # with a child at seat 0, it paces to them


def test_matchup_command_prints_every_cell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matchup", "--games", "2", "--models", "engine,fitts", "--levels",
                 "toddler,close", "--ages", "3,adult", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(c["model"], c["level"], c["age"]) for c in report["cells"]] == [
        (model, level, age) for model in ("engine", "fitts") for level in ("toddler", "close")
        for age in ("3", "adult")]
    low, high = report["cells"][0]["child_wins_95"]
    assert 0 <= low <= report["cells"][0]["child_wins"] <= high <= 1


@pytest.mark.parametrize("args, says", [(["--ages", "4"], "unknown age"),
                                        (["--variant", "duo"], "race games"),
                                        (["--levels", "giant"], "unknown bot level"),
                                        (["--models", "dolls"], "unknown child model")])
def test_matchup_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str],
                                               args: list[str], says: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["matchup", *args])
    assert exit_.value.code == 2 and says in capsys.readouterr().err


def test_on_the_table_a_gentle_bot_carries_at_a_childs_pace_and_close_waits() -> None:
    """The real table: the toddler bot's card travels at 8 cm/s at most; the close bot, with
    a child who has stacked nothing yet, stacks one wagon and then waits for the child."""
    from table_driver import PATIENT, Driver
    from test_hands import race, where

    from seigneurs.table.bot_hands import bot_finger

    d = Driver(settings=PATIENT)
    try:
        view = race(d, "kids", [None, "toddler"])
        cm = view.geometry.px_per_cm
        fastest = 0.0
        for _ in range(60 * 30):
            card = view.physics.holding(bot_finger(1))
            before = where(view, card) if card is not None else None
            d.frames()
            if before is not None and card is not None and card in view.physics.bodies:
                x, y = where(view, card)
                fastest = max(fastest, ((x - before[0]) ** 2 + (y - before[1]) ** 2) ** 0.5)
        assert 0 < fastest * 60 / cm <= BOT_LEVELS["toddler"].hand_cm_s * 1.05
        view = race(d, "kids", [None, "close"], seed=8)
        d.frames(60 * 40)  # the child does nothing for 40 s
        assert len(view.game.trains[1]) == 1 and not view.game.trains[0]
    finally:
        d.close()
