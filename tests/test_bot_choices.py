"""What a bot chooses, seat by seat (issue 9, issue 18): a Duo bot leaves the set-up and the
whistle to the children, never takes the card a finger is on, glances at the rows from a random
one, errs only where classic play lets a mistake through (D8), and sends under a card that fits
no row (R30); a race bot calls stop in Training only when its train is the longest (R16)."""

from __future__ import annotations

import random
from collections import Counter

from helpers import started_race, until

from seigneurs.game import (
    DuoGame,
    GameConfig,
    Lay,
    Pick,
    PutBack,
    RaceGame,
    Stack,
    TurnLocomotive,
    Under,
    Whistle,
    new_game,
)
from seigneurs.game.bots import (
    BOT_LEVELS,
    START_S,
    BotLoop,
    DuoBot,
    RaceBot,
    bots_random,
    random_bit,
)
from seigneurs.game.kinds import deal, make_bot
from seigneurs.game.race import NOBODY, cards_in
from seigneurs.rules import WagonType
from seigneurs.rules.cards import WAGONS


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


def test_a_bot_picks_each_candidate_card_alike() -> None:
    """A bot's pick among its candidate cards (a bit mask) is uniform over the set bits: every
    card comes, each about as often (a cleared bit other than the lowest would never pick some)."""
    rng = random.Random(7)
    for mask in (0b11, 0b111, 0b1010_0100_0001, 0b1011_0000):
        bits = [i for i in range(mask.bit_length()) if mask >> i & 1]
        drawn = Counter(random_bit(mask, rng) for _ in range(400 * len(bits)))
        assert set(drawn) == set(bits), (bin(mask), drawn)
        assert all(300 <= drawn[b] <= 500 for b in bits), (bin(mask), drawn)


def test_a_bot_loop_given_no_start_moves_its_bots_from_the_games_clock_zero() -> None:
    """A simulated or matchup game starts at clock 0 and makes its loop without a start: before
    play a bot's first move is due START_S after 0 at most (a toddler's slow reaction is
    capped there), never a second later."""
    game = new_game(GameConfig.for_players("kids", 2, 3))
    loop = BotLoop({1: make_bot(game, 1, BOT_LEVELS["toddler"], random.Random(3))})
    assert loop.next_due() == START_S


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


def test_the_bot_loop_hands_its_bots_the_cards_a_child_cannot_reach() -> None:
    """Issue 9, clause 4: a bot with nothing of its own to do (no card on the table fits
    it, none face down to search) fetches a card the table says a child needs but cannot
    reach (`fetch`), so the table can put it back nearer them; told of none, it waits, even
    with the first card of the pack on the table. Kids (dealt face up), seed 2, two expert
    bots play until nothing left fits seat 1."""
    game = new_game(GameConfig.for_players("kids", 2, 2))
    assert isinstance(game, RaceGame)
    players = BotLoop({s: make_bot(game, s, BOT_LEVELS["expert"], random.Random(2))
                       for s in (0, 1)})

    def idle() -> bool:
        table = game.pickable(1)
        return (bool(table) and not game.fitting(1, table) and game.face_up(table) == table
                and game.hands[0] == game.hands[1] == NOBODY)

    for _ in until(lambda: idle() or game.over, 10_000):
        for action in players.actions(players.next_due()):
            game.apply(action)
            if idle():
                break
    assert not game.over, "the scene must happen: nothing left fits the bot"
    assert game.pickable(1) & 1  # card 0 lies there too
    wanted = next(cards_in(game.fitting(0, game.pickable(0))))
    loop = BotLoop({1: make_bot(game, 1, BOT_LEVELS["expert"], random.Random(1))})
    t = max(loop.next_due(), game.clock)
    assert list(loop.actions(t)) == []
    alone = make_bot(game, 1, BOT_LEVELS["expert"], random.Random(1))
    assert alone.next_action(t) is None  # asked on its own, it is told of nothing to fetch
    t = loop.next_due()
    assert list(loop.actions(t, fetch=lambda: 1 << wanted)) == [Pick(1, t, wanted)]


def test_the_bot_loop_hands_each_bot_its_own_sides_cards_and_the_first_card_is_as_any() -> None:
    """The loop asks the table for each bot's own side (`near`) by its seat: two bots at
    the start of a Lords game (dealt face down, nothing seen yet) each turn a card of their
    own side, seat 0 the first card of the pack, seat 1 the last: a bot has seen no card
    before it turns one."""
    game = started_race("lords", 2, seed=5)
    loop = BotLoop({s: make_bot(game, s, BOT_LEVELS["expert"], random.Random(s)) for s in (0, 1)})
    sides = {0: 1 << 0, 1: 1 << (len(WAGONS) - 1)}
    t = max(loop.due.values())
    picks = [(a.seat, a.card) for a in loop.actions(t, near=lambda seat: sides[seat])
             if isinstance(a, Pick)]
    assert picks == [(0, 0), (1, len(WAGONS) - 1)]


def test_a_bot_asked_on_its_own_takes_any_fitting_card_alike() -> None:
    """A bot asked without a side (`near`, the table's to tell) has none: at the start of a
    Kids game (dealt face up) it takes any of its 34 fitting cards, the first of the pack as
    any other, and not always the same."""
    game = started_race("kids", 2, seed=0)
    fitting = game.fitting(1, game.face_up(game.pickable(1)))
    assert fitting & 1 and fitting.bit_count() == 34
    picks = set()
    for seed in range(20):
        action = make_bot(game, 1, BOT_LEVELS["expert"], random.Random(seed)).next_action(1.0)
        assert isinstance(action, Pick) and fitting >> action.card & 1
        picks.add(action.card)
    assert len(picks) > 10, picks


def test_a_bot_with_memory_never_turns_again_a_card_it_put_back_face_down() -> None:
    """Training (put back face down, R11 aside): a bot with memory (child level and up)
    remembers every card it turned and put back, so while unseen cards lie face down it
    never turns one of those again, up to its stop (R16)."""
    game = started_race("training", 2, seed=3)
    bot = make_bot(game, 1, BOT_LEVELS["expert"], random.Random(3))
    put_back: list[int] = []
    t = 1.0
    for _ in until(lambda: game.over, 500):
        action, held = bot.next_action(t), game.hands[1]
        assert action is not None and game.apply(action).ok
        if isinstance(action, PutBack):
            put_back.append(held)
        t += 1.0
    assert len(put_back) >= 15, "the scene must happen: many cards turned and put back"
    assert len(set(put_back)) == len(put_back), put_back


def test_a_bot_takes_a_fitting_card_on_its_own_side_never_one_that_does_not_fit() -> None:
    """A bot with a fitting card on its own side (`near`) takes that one; its side's other
    cards that do not fit are no candidates (Kids, dealt face up, an expert bot)."""
    game = started_race("kids", 2, seed=0)
    fitting = game.fitting(1, game.face_up(game.pickable(1)))
    mine = next(cards_in(fitting))
    misfits = game.face_up(game.pickable(1)) & ~fitting
    assert misfits.bit_count() >= 10
    for seed in range(10):
        bot = make_bot(game, 1, BOT_LEVELS["expert"], random.Random(seed))
        assert bot.next_action(1.0, near=misfits | 1 << mine) == Pick(1, 1.0, mine)
