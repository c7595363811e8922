"""What a bot chooses, seat by seat (issue 9, issue 18): a Duo bot leaves the set-up and the
whistle to the children, never takes the card a finger is on, glances at the rows from a random
one, errs only where classic play lets a mistake through (D8), and sends under a card that fits
no row (R30); a race bot calls stop in Training only when its train is the longest (R16)."""

from __future__ import annotations

import random

from helpers import started_race, until

from seigneurs.game import DuoGame, GameConfig, Lay, Pick, Stack, TurnLocomotive, Under, Whistle
from seigneurs.game.bots import BOT_LEVELS, DuoBot, RaceBot, bots_random
from seigneurs.game.kinds import deal
from seigneurs.rules import WagonType


def duo(seed: int = 5, assisted: bool | None = None) -> DuoGame:
    game = deal(GameConfig.for_players("duo", 2, seed, assisted=assisted), WagonType.COAL)
    assert isinstance(game, DuoGame)
    return game


def test_a_duo_bot_leaves_the_whistle_to_the_children() -> None:
    game = duo()
    bot = DuoBot(game, 1, BOT_LEVELS["expert"], random.Random(1))
    assert bot.next_action(0.5) is None  # dealt, not started: its top card waits
    assert game.apply(Whistle(0, 1.0)).ok
    assert bot.next_action(1.5) is not None


def test_a_duo_bot_never_takes_the_card_a_finger_is_on() -> None:
    """Issue 9: the avoid mask is the cards under a finger; only the revealed one matters."""
    game = duo()
    assert game.apply(Whistle(0, 0.0)).ok
    bot = DuoBot(game, 1, BOT_LEVELS["expert"], random.Random(1))
    card = game.top_card(1)
    assert card is not None
    assert bot.next_action(1.0, avoid=1 << card) is None
    others = ((1 << 54) - 1) & ~(1 << card)
    assert bot.next_action(1.0, avoid=others) is not None
    assert bot.next_action(1.0) is not None


def test_a_duo_bot_plays_card_0_when_no_finger_is_anywhere() -> None:
    """Card 0 is a card like any other: nothing is avoided unless the table says so."""
    for seed in range(40):
        game = duo(seed)
        if 0 in game.piles[1]:
            break
    assert game.apply(Whistle(0, 0.0)).ok
    for _ in until(lambda: game.top_card(1) == 0, 60):
        assert game.apply(Under(1, 0.5)).ok  # classic Duo: any card may go under
    bot = DuoBot(game, 1, BOT_LEVELS["expert"], random.Random(1))
    assert bot.next_action(1.0) is not None


def test_a_duo_bot_glances_at_the_rows_from_a_random_one() -> None:
    """Like a child's eye, not always the first row: a card fitting several rows goes to
    more than one of them over a few games."""
    game = duo()
    assert game.apply(Whistle(0, 0.0)).ok
    assert len(game.fitting_rows(1)) >= 2
    rows = set()
    for seed in range(20):
        action = DuoBot(game, 1, BOT_LEVELS["expert"], random.Random(seed)).next_action(1.0)
        assert isinstance(action, Lay)
        rows.add(action.row)
    assert len(rows) >= 2 and rows <= set(game.fitting_rows(1))


def test_d8_an_assisted_duo_bot_never_offers_a_mistake() -> None:
    """A toddler errs three times in ten in classic play; assisted, every move it makes is
    one the game accepts."""
    game = duo(seed=3, assisted=True)
    assert game.apply(Whistle(0, 0.0)).ok
    bot = DuoBot(game, 1, BOT_LEVELS["toddler"], random.Random(2))
    for step in range(60):
        action = bot.next_action(1.0 + step)
        if game.over or action is None:
            break
        assert game.apply(action).ok, action


def test_r30_a_duo_bot_sends_under_a_card_that_fits_no_row() -> None:
    """Seat 1 lays its first cards round the rows (classic Duo accepts any row) until its top
    card fits none: the bot sends it under, where it goes to the bottom, and is never stuck."""
    game = duo(seed=0)
    assert game.apply(Whistle(0, 0.0)).ok
    for row in until(lambda: not game.fitting_rows(1), 60):
        assert game.apply(Lay(1, 0.5, row % 5)).ok and not game.over
    card = game.top_card(1)
    action = DuoBot(game, 1, BOT_LEVELS["expert"], random.Random(2)).next_action(1.0)
    assert action == Under(1, 1.0) and game.apply(action).ok
    assert game.piles[1][-1] == card


def stacked(variant: str, lengths: tuple[int, int]) -> RaceBot:
    """A started classic race where each seat stacked as many wagons as `lengths` says."""
    game = started_race(variant, 2, seed=4)
    t = 1.0
    for seat, length in enumerate(lengths):
        for _ in range(length):
            card = next(c for c in range(54) if game.table_mask >> c & 1)
            assert game.apply(Pick(seat, t, card)).ok and game.apply(Stack(seat, t)).ok
            t += 1.0
    return RaceBot(game, 0, BOT_LEVELS["expert"], random.Random(1))


def test_r16_a_training_bot_calls_stop_only_when_its_train_is_the_longest() -> None:
    tied = stacked("training", (5, 5)).next_action(20.0)
    assert tied is not None and tied.kind != "call-stop"
    ahead = stacked("training", (6, 5)).next_action(20.0)
    assert ahead is not None and ahead.kind == "call-stop"


def test_the_bots_chance_is_their_own_and_the_same_for_the_same_deal() -> None:
    """The same bots make the same moves in a replay, the table and the simulator: their stream
    is drawn from the deal's seed, yet apart from the deal's own."""
    same = [bots_random(5).random() for _ in range(2)]
    assert same[0] == same[1] != bots_random(6).random()
    assert bots_random(5).random() != random.Random(5).random()


def test_a_bot_reacts_after_its_levels_reaction_time() -> None:
    """A toddler bot takes its level's 5 s on average, never less than a fifth of that; an
    expert under half a second (the levels `seigneurs matchup` measures against children)."""
    game = started_race("lords", 2, seed=1)
    toddler = RaceBot(game, 0, BOT_LEVELS["toddler"], random.Random(3))
    waits = [toddler.delay() for _ in range(400)]
    assert 4.7 < sum(waits) / len(waits) < 5.3 and min(waits) >= 5.0 * 0.2
    expert = RaceBot(game, 1, BOT_LEVELS["expert"], random.Random(3))
    assert 0.4 < sum(expert.delay() for _ in range(400)) / 400 < 0.5


def test_r23_a_kids_bot_turns_its_locomotive_at_the_time_it_acts() -> None:
    """Actions carry the table's clock (fair simultaneity): the bot's turn is stamped now."""
    game = deal(GameConfig.for_players("kids", 2, 4))
    bot = RaceBot(game, 1, BOT_LEVELS["expert"], random.Random(1))  # type: ignore[arg-type]
    assert bot.next_action(2.5) == TurnLocomotive(1, 2.5)
