"""Behaviours of `seigneurs/game` that a mutation run (scripts/mutation.py game) found unguarded
by the package's own tests: each test names what it holds and failed on its mutant."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest
from helpers import pick, started_race, until
from test_game_duo import duo
from test_last_cards import BOT, CHILD, LAST

from seigneurs.game import (
    Applied,
    CallStop,
    GameConfig,
    Lay,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    SeatConfig,
    Stack,
    TurnLocomotive,
    Whistle,
    new_game,
)
from seigneurs.game.actions import EndReason
from seigneurs.game.bots import (
    BOT_LEVELS,
    ENDGAME_PACE_S,
    LATE_CARDS,
    START_S,
    BotLoop,
    RaceBot,
    chain_ends,
    random_bit,
)
from seigneurs.game.duo import ROWS
from seigneurs.game.kinds import kind, make_bot
from seigneurs.game.last_cards import PASS, LastCards, TooManyStates, Train
from seigneurs.game.race import ALL_CARDS, cards_in
from seigneurs.rules import VARIANTS
from seigneurs.rules.cards import WAGONS, Card
from seigneurs.rules.matching import Rule


def test_a_bot_picks_each_candidate_card_alike() -> None:
    """A bot's pick among its candidate cards (a bit mask) is uniform over the set bits: every
    card comes, each about as often (a cleared bit other than the lowest would never pick some)."""
    rng = random.Random(7)
    for mask in (0b11, 0b111, 0b1010_0100_0001, 0b1011_0000):
        bits = [i for i in range(mask.bit_length()) if mask >> i & 1]
        drawn = Counter(random_bit(mask, rng) for _ in range(400 * len(bits)))
        assert set(drawn) == set(bits), (bin(mask), drawn)
        assert all(300 <= drawn[b] <= 500 for b in bits), (bin(mask), drawn)


def test_r16_a_called_stop_is_answered_with_the_stop_itself() -> None:
    """R16: the stop ends the game, and the answer names the action that ended it (the table
    tells who called it from the answer)."""
    training = started_race("training", 2, seed=2)
    for t in range(5):
        pick(training, 0, fits=True, t=float(t))
        assert training.apply(Stack(0, t + 0.5)).ok
    stop = CallStop(0, 9.0)
    result = training.apply(stop)
    assert isinstance(result, Applied) and result.action == stop
    assert result.ended is EndReason.STOP_CALLED and training.over


def close_against_a_child(seed: int) -> tuple[RaceGame, RaceBot, Iterator[float]]:
    """A close bot (seat 1) against a child bot played as a person (seat 0), dealt from
    `seed` and whistled: the game, the bot, and the game's steps (each step's clock, once
    every move due then is made), until the game ends."""
    game = new_game(GameConfig.for_players("kids", 2, seed))
    assert isinstance(game, RaceGame)
    loop = BotLoop({1: make_bot(game, 1, BOT_LEVELS["close"], random.Random(seed))})
    child = make_bot(game, 0, BOT_LEVELS["child"], random.Random(~seed))
    bot = loop.bots[1]
    assert isinstance(bot, RaceBot)
    game.apply(Whistle(0, 0.0))

    def steps() -> Iterator[float]:
        child_due = 0.0
        for _ in until(lambda: game.over, 100_000):
            t = min(loop.next_due(), child_due)
            if child_due <= t:
                child_due = t + child.delay()
                action = child.next_action(t)
                if action is not None:
                    game.apply(action)
            for action in loop.actions(t):
                game.apply(action)
            yield t
    return game, bot, steps()

def choices_before_the_last_cards() -> Iterator[tuple[int, RaceGame, RaceBot, int, int, int]]:
    """Each step of six close-bot games (seeds 0-5) where the bot has two or more fitting
    cards and the last cards (LATE_CARDS) are not yet reached: the seed, the game, the bot,
    the loose cards, the bot's fitting ones and those the child wants (masks)."""
    for seed in range(6):
        game, bot, steps = close_against_a_child(seed)
        for _t in steps:
            loose = ALL_CARDS & ~game.stacked_mask
            fitting = game.fit_masks[1] & loose
            if loose.bit_count() > LATE_CARDS and fitting.bit_count() >= 2:
                yield seed, game, bot, loose, fitting, game.fit_masks[0] & loose


def endgame_bot(seed: int) -> tuple[RaceBot, float] | None:
    """The close bot against the child, up to the bot's first wagon once the child can place
    none any more: the bot and the game clock then (None if the game ended before)."""
    _game, bot, steps = close_against_a_child(seed)
    for t in steps:
        if bot.endgame() and not bot.holding() and bot.last_progress == t:
            return bot, t
    return None


def test_in_the_endgame_a_paced_bot_waits_the_childs_pace_after_its_last_wagon() -> None:
    """Issue 33: once only the bot can place a wagon, it takes each at the child's pace (at
    most ENDGAME_PACE_S) after its last one, never at once."""
    scenes = [found for seed in range(12) if (found := endgame_bot(seed)) is not None]
    assert scenes, "the scene must happen: an endgame only the bot can play"
    for bot, t in scenes:
        assert bot.waits(t + 0.5)
        assert not bot.waits(t + ENDGAME_PACE_S + 0.5)


def test_a_paced_bot_takes_the_card_that_leaves_its_train_the_most_cards_to_follow() -> None:
    """Issue 33, before the last cards: among fitting cards alike for the children (all
    wanted by one, or none), a paced bot takes one after which the most loose cards, the
    taken one aside, could follow on its train."""
    checked = 0
    for seed, game, bot, loose, fitting, wanted in choices_before_the_last_cards():
        rule, locomotive = game.rules[1], game.locomotives[1]
        follow = {c: (rule.mask(locomotive, WAGONS[c]) & loose & ~(1 << c)).bit_count()
                  for c in cards_in(fitting)}
        chosen = bot._leaving_room(fitting, 0)
        alike = [c for c in follow if wanted >> c & 1 == wanted >> chosen & 1]
        assert follow[chosen] == max(follow[c] for c in alike), (seed, chosen, follow)
        checked += 1
    assert checked >= 20, "the scene must happen: choices among several fitting cards"


def test_in_the_endgame_a_paced_bot_takes_the_card_whose_chain_ends_nearest_level() -> None:
    """Issue 33, once the children can place no wagon (D4: only the bot's chain moves the
    margin): the bot takes a fitting card from which its train can end level with the best
    child, else with the child a wagon ahead rather than the bot a wagon ahead, and so on."""
    checked = 0
    for seed in range(12):
        game, bot, steps = close_against_a_child(seed)
        rule, locomotive = game.rules[1], game.locomotives[1]
        for _t in steps:
            fitting = game.fit_masks[1] & ~game.stacked_mask
            if not bot.endgame() or fitting.bit_count() < 2:
                continue
            loose = ALL_CARDS & ~game.stacked_mask
            gap = bot.best_child() - len(game.trains[1])
            ends = {c: min((abs(gap - 1 - more), gap - 1 - more < 0) for more in
                           chain_ends(rule, locomotive, WAGONS[c], loose & ~(1 << c)))
                    for c in cards_in(fitting)}
            chosen = bot._ending_near_level(fitting, 0)
            assert ends[chosen] == min(ends.values()), (seed, chosen, ends)
            checked += 1
    assert checked >= 10, "the scene must happen: choices among several fitting cards"


def test_in_the_endgame_a_paced_bot_leaves_the_child_a_wagon_ahead_rather_than_itself() -> None:
    """Issue 33: where no card ends level, the child a wagon ahead comes before the bot a
    wagon ahead. Kids, seed 0: the bot (at-least-one, animals/yellow/2) has one wagon,
    logs/blue/4, the child three; four cards are loose. After animals/blue/3 nothing follows
    (2 to 3), after tanker/red/4 the bot must go on with tanker/red/2 and boxcar/yellow/2
    (4 to 3)."""
    game, bot, _steps = close_against_a_child(0)
    loose = {Card.parse(c).index: c for c in ("boxcar/yellow/2", "tanker/red/4",
                                                "animals/blue/3", "tanker/red/2")}
    top = Card.parse("logs/blue/4").index
    game.trains[1][:] = [top]
    game.trains[0][:] = [c for c in range(len(WAGONS)) if c not in loose and c != top][:3]
    game.stacked_mask = ALL_CARDS & ~sum(1 << c for c in loose)
    fitting = game.rules[1].mask(game.locomotives[1], WAGONS[top]) & ~game.stacked_mask
    assert {loose[c] for c in cards_in(fitting)} == {"tanker/red/4", "animals/blue/3"}
    assert loose[bot._ending_near_level(fitting, 0)] == "animals/blue/3"


def test_a_start_action_after_the_end_is_refused_as_game_over() -> None:
    """After R16's stop, a whistle or a locomotive turned over is refused because the game is
    over (the table says so), not because it has already started."""
    training = started_race("training", 2, seed=2)
    for t in range(5):
        pick(training, 0, fits=True, t=float(t))
        assert training.apply(Stack(0, t + 0.5)).ok
    assert training.apply(CallStop(0, 9.0)).ok and training.over
    reasons = {training.verify(start(1, 10.0)) for start in (Whistle, TurnLocomotive)}
    assert reasons - {Reason.NOT_IN_THIS_VARIANT} == {Reason.GAME_OVER}


def test_a_config_made_without_a_seed_is_the_same_whichever_way_it_is_made() -> None:
    """One default seed (0): the seats helper deals what the plain config deals, so a game
    set up without a seed is replayed the same from its record."""
    made = GameConfig.for_players("kids", 2)
    plain = GameConfig("kids", made.seats)
    assert made == plain and made.seed == 0
    assert new_game(made).record()[0] == new_game(plain).record()[0]


def test_a_variant_whose_engine_nobody_registered_is_named_in_a_clear_error() -> None:
    """Variants as a registry: a variant asking for an engine no game kind plays fails with an
    error that says it is the game kind that is unknown, and which ones there are."""
    odd = replace(VARIANTS["kids"], engine="hovercraft")
    with pytest.raises(ValueError, match="unknown game kind 'hovercraft'; expected one of race"):
        kind(odd)


def test_a_bot_loop_given_no_start_moves_its_bots_from_the_games_clock_zero() -> None:
    """A simulated or matchup game starts at clock 0 and makes its loop without a start: before
    play a bot's first move is due START_S after 0 at most (a toddler's slow reaction is
    capped there), never a second later."""
    game = new_game(GameConfig.for_players("kids", 2, 3))
    loop = BotLoop({1: make_bot(game, 1, BOT_LEVELS["toddler"], random.Random(3))})
    assert loop.next_due() == START_S


def test_the_look_ahead_weighs_a_childs_turn_as_the_mean_of_the_cards_the_child_may_take() -> None:
    """The close bot's last cards (issue 33): the child takes any fitting card alike, so every
    state it weighs is worth a chance of ending far apart (0 to 1) plus a thousandth of the
    distance; a child's turn counted by how many cards fit the child would outweigh the rest."""
    def train(locomotive: str, top: str) -> Train:
        return Train(Rule.AT_LEAST_ONE, Card.parse(locomotive), Card.parse(top))

    bot, child = train("boxcar/red/4", "boxcar/red/3"), train("logs/blue/2", "coach/red/3")
    loose = sum(1 << Card.parse(c).index for c in (
        "coach/blue/3", "tanker/yellow/2", "coal/blue/3", "coal/yellow/2", "animals/yellow/2"))
    ahead = LastCards(10_000)
    ahead.choice(bot, child, loose, 1, bot.fitting(loose))
    assert len(ahead.seen) > 10  # the scene: many states, child's turns with several cards
    assert all(0 <= value <= 1 + len(WAGONS) / 1000 for value in ahead.seen.values())


def test_r25_a_seats_own_rule_is_read_back_from_the_logs_header() -> None:
    """R25, mixed levels: a Rois seat in a Kids game keeps its own rule when the game is
    replayed from the event log's header (JSON), and so its own assisted mode."""
    config = GameConfig("kids", (SeatConfig(Rule.EXACTLY_ONE), SeatConfig()), 4)
    back = GameConfig.from_json(json.loads(json.dumps(config.to_json())))
    assert back == config and back.seats[0].rule is Rule.EXACTLY_ONE


def test_r28_a_lay_answers_with_the_card_laid_and_whether_it_fit() -> None:
    """R28/R29: the table shows the laid card in its row from the game's answer, fitting or
    not (a classic seat may lay a misfit, D8)."""
    for fits in (True, False):
        game = duo(3, assisted=False)
        card = game.top_card(0)
        assert card is not None
        row = next(r for r in range(ROWS) if game.fits(0, r, card) is fits)
        result = game.apply(Lay(0, 1.0, row))
        assert isinstance(result, Applied) and (result.card, result.fits) == (card, fits)


def test_r25_d8_the_end_check_reads_each_seats_own_rule() -> None:
    """R25 with D8 classic: in a Kids game a Rois seat's train is checked at the end by
    exactly one shared feature, a Kids seat's by at least one, so a first wagon sharing two
    features with its locomotive counts for the Kids seat only (a mutant checking every seat
    by the variant's rule survived the game sample of seed 8128)."""
    config = GameConfig("kids", (SeatConfig(Rule.AT_LEAST_ONE, assisted=False),
                                 SeatConfig(Rule.EXACTLY_ONE, assisted=False)), 4)
    game = new_game(config)
    assert isinstance(game, RaceGame)
    assert all(game.apply(TurnLocomotive(seat, 0.0)).ok for seat in (0, 1))
    for seat in (0, 1):
        loco = game.locomotives[seat]
        two_shared = (Rule.AT_LEAST_ONE.mask(loco, loco) & ~Rule.EXACTLY_ONE.mask(loco, loco)
                      & game.table_mask)
        card = next(cards_in(two_shared))
        assert game.apply(Pick(seat, 1.0, card)).ok
        assert game.apply(Stack(seat, 1.0)).ok
    assert game.outcome().lengths == (1, 0)


def test_every_accepted_move_of_a_card_names_the_card() -> None:
    """An accepted Pick, Stack or PutBack answers with the card it moved (Applied's promise:
    the table moves a bot's card from the game's answer; a PutBack answering with no card
    survived the game sample of seed 8128)."""
    game = started_race("lords")
    card = pick(game, 0, fits=False)
    back = game.apply(PutBack(0, 2.0, 0.5, 0.5))
    assert isinstance(back, Applied) and back.card == card
    card = pick(game, 0, fits=True, t=3.0)
    stacked = game.apply(Stack(0, 3.0))
    assert isinstance(stacked, Applied) and stacked.card == card


def test_the_look_ahead_weighs_a_later_turn_it_has_already_seen_at_no_new_cost() -> None:
    """Issue 33: states seen once are remembered for the game's later turns, so after the
    child takes a card the bot had foreseen, its next question looks at no new state (its
    budget could be spent on it in a full endgame)."""
    ahead = LastCards(10_000)
    ahead.choice(BOT, CHILD, LAST, 1, BOT.fitting(LAST))
    ahead.budget = 0
    for taken in cards_in(CHILD.fitting(LAST)):  # two cards, after each one the bot may pass
        loose = LAST & ~(1 << taken)
        offered = BOT.fitting(loose)
        assert offered and CHILD.on(taken).fitting(loose)
        fresh = LastCards(10_000).choice(BOT, CHILD.on(taken), loose, 2, offered)
        assert ahead.choice(BOT, CHILD.on(taken), loose, 2, offered) == fresh


def test_the_look_aheads_budget_is_how_many_new_states_one_question_may_look_at() -> None:
    """Issue 33: a question that needs n new states is answered with a budget of n and given
    up with n - 1 (the bot then falls back on its rule of thumb)."""
    offered = BOT.fitting(LAST)
    full = LastCards(10_000)
    card = full.choice(BOT, CHILD, LAST, 1, offered)
    needed = len(full.seen)
    assert LastCards(needed).choice(BOT, CHILD, LAST, 1, offered) == card
    with pytest.raises(TooManyStates):
        LastCards(needed - 1).choice(BOT, CHILD, LAST, 1, offered)


def test_r7_the_card_a_train_must_match_is_its_top_wagon_or_its_locomotive_while_empty() -> None:
    """R7: the next wagon matches the train's last wagon; an empty train's, its locomotive."""
    game = started_race("kids", 2, seed=3)
    assert game.top(0) == game.locomotives[0]
    card = pick(game, 0, fits=True, t=1.0)
    assert game.apply(Stack(0, 1.5)).ok
    assert game.top(0) == WAGONS[card] != game.locomotives[0]


@pytest.mark.parametrize("lead, patient, passes", [(0, True, True), (-1, True, True),
                                                    (1, True, False), (0, False, False)])
def test_a_close_bot_not_done_looking_ahead_lets_the_child_go_only_when_level_or_ahead(
        lead: int, patient: bool, passes: bool) -> None:
    """Issue 33: when the look-ahead runs out of budget, the close bot waits a turn (lets the
    child take the next card) only while it is level or ahead and has been patient for less
    than its pass time; a child a wagon ahead, or a long wait, and it plays on by its rule."""
    game, bot, _steps = close_against_a_child(0)
    loose = sum(1 << Card.parse(c).index for c in ("boxcar/yellow/2", "tanker/red/4",
                                                   "animals/blue/3", "tanker/red/2"))
    game.stacked_mask = ALL_CARDS & ~loose
    others = [c for c in range(len(WAGONS)) if not loose >> c & 1]
    game.trains[1][:] = others[:3]
    game.trains[0][:] = others[3:6 + lead]
    bot.last_cards = LastCards(0)  # not done looking: every question outgrows the budget
    t = 1.0 if patient else 1000.0
    assert bot._looking_ahead(loose, t) == (PASS if passes else None)


def test_a_paced_bot_takes_a_card_on_its_own_side_before_one_that_leaves_more_to_follow() -> None:
    """Issue 33, before the last cards: among fitting cards alike for the children, a paced
    bot takes one on its own side of the table (`near`) first, whatever follows it."""
    checked = 0
    for seed, _game, bot, _loose, fitting, wanted in choices_before_the_last_cards():
        spare = [c for c in cards_in(fitting) if not wanted >> c & 1] or cards_in(fitting)
        for card in spare:
            assert bot._leaving_room(fitting, 1 << card) == card, (seed, card, spare)
            checked += len(spare) > 1
    assert checked >= 20, "the scene must happen: a choice among several cards alike"


def test_the_bot_loop_hands_each_bot_the_cards_on_its_own_side() -> None:
    """The table tells the loop which loose cards lie on each bot's side (`near`): a bot
    with nothing face up that fits turns one of those face-down cards, not one across the
    table."""
    for card in (3, 17, 40):
        game = started_race("lords", 2, seed=5)  # dealt face down (R13)
        loop = BotLoop({1: make_bot(game, 1, BOT_LEVELS["expert"], random.Random(card))})
        assert not game.fitting(1, game.face_up(game.pickable(1)))
        actions = list(loop.actions(loop.next_due(), near=lambda seat, c=card: 1 << c))
        assert [(type(a), a.card) for a in actions if isinstance(a, Pick)] == [(Pick, card)]
