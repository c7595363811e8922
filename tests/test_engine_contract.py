"""The engine contract (issue 9, clause 6; issue 19, item 4): legal_actions lists exactly what
`can` accepts, refusals change nothing, chance outcomes are logged and replayed from the log,
one outcome type, games and bots by variant kind, the deal's positions, per-seat assisted
defaults (D8)."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import fields, replace

import pytest
from helpers import card_where, pick, started_race, until
from hypothesis import given, settings
from hypothesis import strategies as st

from seigneurs.game import (
    Action,
    AnyGame,
    Applied,
    CallStop,
    DuoGame,
    GameConfig,
    Lay,
    NotApplied,
    Pass,
    Phase,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    RemoveLocomotive,
    SeatConfig,
    Stack,
    TurnLocomotive,
    Under,
    Whistle,
    new_game,
    replay,
)
from seigneurs.game import (
    NotApplied as Refused,
)
from seigneurs.game.bots import BOT_LEVELS, BotLoop
from seigneurs.game.duo import ROWS
from seigneurs.game.kinds import BOTS, ENGINES, kind, make_bot
from seigneurs.rules import VARIANTS, WAGONS, Outcome, Rule, Start, WagonType, check_train
from seigneurs.tools.simulate import play_bot_game


def state(game: RaceGame | DuoGame) -> dict[str, object]:
    """Everything a game holds, for before/after comparisons (the observers aside)."""
    return {k: copy.deepcopy(v) for k, v in vars(game).items() if k not in ("observers", "rng")}


def test_clause6_a_refused_action_leaves_state_clock_and_log_untouched() -> None:
    game = started_race("kids", 2, seed=4, assisted=True)
    pick(game, 0, fits=False, t=2.0)
    before = state(game)
    result = game.apply(Stack(0, 9.0))  # D8 assisted: refused, and later than the clock
    assert isinstance(result, Refused) and result.reason is Reason.DOES_NOT_FIT
    assert state(game) == before and game.clock == 2.0 and len(game.log) == len(before["log"])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**16), st.data())
def test_clause6_verify_says_what_apply_does_and_refusals_change_nothing(
        name: str, seed: int, data: st.DataObject) -> None:
    spec = VARIANTS[name]
    game = new_game(GameConfig.for_players(name, spec.min_players, seed))
    seat, t = st.integers(-1, 2), st.floats(0, 600, allow_nan=False)
    unit = st.floats(0, 1, allow_nan=False)
    actions = data.draw(st.lists(st.one_of(
        st.builds(Pick, seat, t, st.integers(-1, 54)), st.builds(Pass, seat, t, seat),
        st.builds(Stack, seat, t),
        st.builds(PutBack, seat, t, unit, unit), st.builds(CallStop, seat, t),
        st.builds(Whistle, seat, t), st.builds(Lay, seat, t, st.integers(-1, ROWS)),
        st.builds(Under, seat, t), st.builds(RemoveLocomotive, seat, t, st.none())),
        max_size=80))
    for action in actions:
        reason = game.verify(action)
        before = state(game) if reason else None
        result = game.apply(action)
        assert result.ok == (reason is None)
        if isinstance(result, Refused):
            assert result.reason is reason and state(game) == before
    assert replay(game.record()).log == game.log


def every_action(seat: int, t: float, spots: list[tuple[float, float]]) -> list[Action]:
    """The whole action space of a seat: every action type with every card, row and
    locomotive, out-of-range ones too, and PutBack at the given spots."""
    return [Whistle(seat, t), TurnLocomotive(seat, t), Stack(seat, t), CallStop(seat, t),
            Under(seat, t), *(Pick(seat, t, c) for c in range(-1, len(WAGONS) + 1)),
            *(Lay(seat, t, row) for row in range(-1, ROWS + 1)),
            *(Pass(seat, t, to) for to in range(-1, 9)),
            *(RemoveLocomotive(seat, t, kind) for kind in (None, *WagonType)),
            *(PutBack(seat, t, x, y) for x, y in spots)]


CHOSEN_FIELDS: dict[type[Action], tuple[str, ...]] = {}  # by action type, found once


def choice(action: Action) -> tuple[object, ...]:
    """What an action chooses: its type, seat and fields, its time and free fields aside."""
    kind = type(action)
    if kind not in CHOSEN_FIELDS:
        CHOSEN_FIELDS[kind] = tuple(f.name for f in fields(kind)
                                    if f.name != "t" and f.name not in kind.free)
    return (kind, *(getattr(action, name) for name in CHOSEN_FIELDS[kind]))


def assert_listed_exactly_as_accepted(game: AnyGame, t: float, spots: list[tuple[float, float]],
                                      seats: range | None = None) -> None:
    """Each seat's (every seat's, out-of-range ones too, by default) listed actions are
    accepted, stamped and listed once, and every action of the whole space that `can` accepts
    is listed."""
    for seat in range(-1, game.seat_count + 1) if seats is None else seats:
        listed = game.legal_actions(seat, t)
        assert all(a.seat == seat and a.t == t and game.can(a) for a in listed), listed
        chosen = [choice(a) for a in listed]
        accepted = {choice(a) for a in every_action(seat, t, spots) if game.can(a)}
        assert len(chosen) == len(set(chosen)) and set(chosen) == accepted, (
            game.phase, seat, accepted ^ set(chosen))


# A game is checked whole (every seat, the whole action space: some 85 `can` calls a seat) at
# every WHOLE_CHECK_EVERY-th step (from an offset that varies with the game) and at each change
# of phase (its start and end among them); after every accepted action, the seat that acted
# (whose options changed most); at every step, the listed actions of the seat about to play.
# Neighbouring steps differ by one action: this kills the mutants that checking every seat at
# every step killed, at well under half the cost, which mutation testing pays for each mutant.
WHOLE_CHECK_EVERY = 4


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**16),
       st.sampled_from([None, True, False]),
       st.lists(st.tuples(st.floats(-0.5, 1.5), st.floats(-0.5, 1.5)), min_size=1, max_size=3),
       st.randoms(use_true_random=False))
def test_item4_legal_actions_list_every_action_can_accepts_and_nothing_else(
        name: str, seed: int, assisted: bool | None, spots: list[tuple[float, float]],
        rng: random.Random) -> None:
    """Both directions, over random games of every variant: each listed action is accepted,
    and each action of the whole space (all seats, cards, rows, locomotives, positions) that
    `can` accepts is listed. Play goes by listed moves of random seats (stacking more often
    than not, as players do), now and then by any action at all."""
    spec = VARIANTS[name]
    players = rng.randint(spec.min_players, spec.max_players)
    game = new_game(GameConfig.for_players(name, players, seed, assisted=assisted))
    t = 0.0
    phase = None
    for step in range(300):
        if step % WHOLE_CHECK_EVERY == seed % WHOLE_CHECK_EVERY or game.phase is not phase:
            assert_listed_exactly_as_accepted(game, t, spots)
        phase = game.phase
        if game.over:
            break
        seat = rng.randrange(game.seat_count)
        listed = game.legal_actions(seat, t)
        assert all(a.seat == seat and a.t == t and game.can(a) for a in listed), listed
        assert len({choice(a) for a in listed}) == len(listed), listed
        stacks = [a for a in listed if isinstance(a, Stack | Lay)]
        if stacks and rng.random() < 0.7:
            result = game.apply(rng.choice(stacks))
        else:
            result = game.apply(rng.choice(listed if listed and rng.random() < 0.9
                                           else every_action(seat, t, spots)))
        if result.ok:
            assert_listed_exactly_as_accepted(game, t, spots, range(seat, seat + 1))
        t += 0.25
    assert_listed_exactly_as_accepted(game, t, spots)


def test_item4_legal_actions_list_what_the_candidate_list_missed() -> None:
    """RemoveLocomotive(0, 0, COACH) passed `can` but was not listed; nor was a stop called
    with a card in hand."""
    duo = new_game(GameConfig.for_players("duo", 2, 1), DuoGame)
    assert RemoveLocomotive(0, 0.0, WagonType.COACH) in duo.legal_actions(0, 0.0)
    training = started_race("training", 2, seed=2)
    for t in range(5):
        pick(training, 0, fits=True, t=float(t))
        assert training.apply(Stack(0, t + 0.5)).ok
    pick(training, 0, fits=False, t=9.0)
    assert CallStop(0, 9.5) in training.legal_actions(0, 9.5)


def test_d6_a_locomotive_left_to_chance_is_drawn_before_the_move_and_replayed_from_the_log(
        ) -> None:
    game = new_game(GameConfig.for_players("duo", 2, 5), DuoGame)
    heard: list[Action] = []
    game.observers.append(heard.append)
    result = game.apply(RemoveLocomotive(1, 0.5, None))
    assert result.ok and game.removed is not None
    drawn = game.removed.type
    assert result.action == RemoveLocomotive(1, 0.5, drawn) and game.log == heard == [result.action]
    lines = game.record()
    assert json.loads(lines[1])["locomotive"] == str(drawn)
    assert new_game(game.config, DuoGame).rng.getstate() != game.rng.getstate()  # drawn once
    other = next(kind for kind in WagonType if kind is not drawn)  # the log decides, not the seed
    edited = replay([lines[0], json.dumps(RemoveLocomotive(1, 0.5, other).to_json())])
    assert isinstance(edited, DuoGame) and edited.removed is not None
    assert edited.removed.type is other
    for log in (lines, [lines[0], json.dumps(RemoveLocomotive(1, 0.5, None).to_json())]):
        again = replay(log)  # as logged; and a log from before, left to chance, draws the same
        assert isinstance(again, DuoGame) and again.removed == game.removed


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_item4_every_variant_ends_in_one_outcome_type_whose_lengths_are_the_checked_trains(
        name: str) -> None:
    spec = VARIANTS[name]
    game = play_bot_game(GameConfig.for_players(name, spec.max_players, 3),
                         [BOT_LEVELS["child"]] * spec.max_players)
    outcome = game.outcome()
    assert isinstance(outcome, Outcome) and set(outcome.winners) <= set(range(game.seat_count))
    if isinstance(game, DuoGame):
        checked = [sum(check_train(Rule.AT_LEAST_ONE, loco, [WAGONS[c] for c in rows[k]]).length
                       for k, loco in enumerate(game.locomotives)) for rows in game.rows]
    else:
        checked = [check_train(game.rules[s], game.locomotives[s], game.train_cards(s)).length
                   for s in range(game.seat_count)]
    assert list(outcome.lengths) == checked and any(checked)


def test_clause6_legal_actions_list_a_seats_moves() -> None:
    game = started_race("lords", 2, seed=3)
    picks = [a for a in game.legal_actions(0, 1.0) if isinstance(a, Pick)]
    assert len(picks) == 54 and not any(isinstance(a, CallStop) for a in game.legal_actions(0))
    pick(game, 0, fits=True)
    moves = game.legal_actions(0, 2.0)
    assert {type(a) for a in moves} == {Stack, PutBack, Pass}
    assert [a.to for a in moves if isinstance(a, Pass)] == [1]  # the empty hand only (R9)
    assert all(a.seat == 0 and a.t == 2.0 for a in moves)  # stamped as asked
    assert not game.can(Pick(0, 2.0, card_where(game, 1, fits=True)))


def test_clause6_engines_and_bots_are_registered_by_variant_kind() -> None:
    assert set(ENGINES) == set(BOTS) == {spec.engine for spec in VARIANTS.values()}
    for name, spec in VARIANTS.items():
        game = new_game(GameConfig.for_players(name, spec.min_players))
        assert isinstance(game, ENGINES[spec.engine])
    with pytest.raises(ValueError, match="kids is played by RaceGame, not DuoGame"):
        new_game(GameConfig.for_players("kids", 2), DuoGame)


def test_clause6_the_deal_holds_every_card_position_and_a_put_back_moves_it() -> None:
    game = started_race("kids", 2, seed=8)
    again = new_game(GameConfig.for_players("kids", 2, seed=8))
    assert isinstance(again, RaceGame)
    assert (game.positions, game.angles) == (again.positions, again.angles)
    card = pick(game, 0, fits=False)
    assert game.apply(PutBack(0, 3.0, 0.25, 0.75)).ok
    rebuilt = replay(game.record())
    assert isinstance(rebuilt, RaceGame) and rebuilt.positions[card] == (0.25, 0.75)


def test_r30_clause3_assisted_under_only_when_the_card_fits_no_row() -> None:
    for seed in range(100):
        game = new_game(GameConfig.for_players("duo", 2, seed, assisted=True))
        assert isinstance(game, DuoGame)
        game.apply(RemoveLocomotive(0, 0.0, None))
        game.apply(Whistle(0, 0.0))
        if game.fitting_rows(0):
            assert game.verify(Under(0, 1.0)) is Reason.FITS_A_ROW
            classic = new_game(GameConfig.for_players("duo", 2, seed, assisted=False))
            assert isinstance(classic, DuoGame)
            classic.apply(RemoveLocomotive(0, 0.0, None))
            classic.apply(Whistle(0, 0.0))
            assert classic.can(Under(0, 1.0))  # classic: the player decides
            return
    raise AssertionError("no deal whose top card fits a row")


def test_d8_mixed_kids_and_kings_seats_default_to_their_own_rules_mode() -> None:
    config = GameConfig.for_players("kids", 2, rules=[Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE])
    assert config.seat_assisted(0) is True and config.seat_assisted(1) is False
    kings = GameConfig.for_players("kings", 2, rules=[Rule.AT_LEAST_ONE, Rule.EXACTLY_ONE])
    assert kings.seat_assisted(0) is True and kings.seat_assisted(1) is False
    assert VARIANTS["kids"].players_ok(6) and not VARIANTS["duo"].players_ok(3)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 2**16),
       st.sampled_from(["toddler", "child", "adult", "expert", "close"]))
def test_clause6_bots_only_ever_choose_legal_actions(name: str, seed: int, level: str) -> None:
    """Clause 6: the engine's `legal_actions` is the bots' whole world: every action a bot
    takes in a game played to its end is one of the legal actions of its seat at that moment,
    and each legal action is one `verify` accepts."""
    from seigneurs.game.bots import BOT_LEVELS, BotLoop
    from seigneurs.game.engine import Phase
    from seigneurs.game.kinds import make_bot

    spec = VARIANTS[name]
    game = new_game(GameConfig.for_players(name, spec.min_players, seed))
    rng = random.Random(seed)
    bots = {s: make_bot(game, s, BOT_LEVELS[level], rng) for s in range(game.seat_count)}
    if game.phase is Phase.SETUP:
        game.apply(RemoveLocomotive(0, 0.0, None))
    if not game.apply(Whistle(0, 0.0)).ok:
        assert Whistle(0, 0.0) not in game.legal_actions(0, 0.0)
    loop = BotLoop(bots)
    checked = 0
    for _ in until(lambda: game.over or loop.next_due() >= 3600, 100_000):
        t = loop.next_due()
        for action in loop.actions(t):
            legal = game.legal_actions(action.seat, action.t)
            assert all(game.verify(a) is None for a in legal)
            if game.can(action):  # another bot may have just taken the card (TAKEN)
                assert action in legal
                checked += 1
            game.apply(action)
    assert game.over and checked > 0


def test_a_variant_whose_engine_nobody_registered_is_named_in_a_clear_error() -> None:
    """Variants as a registry: a variant asking for an engine no game kind plays fails with an
    error that says it is the game kind that is unknown, and which ones there are."""
    odd = replace(VARIANTS["kids"], engine="hovercraft")
    with pytest.raises(ValueError, match="unknown game kind 'hovercraft'; expected one of race"):
        kind(odd)


def test_r25_a_seats_own_rule_is_read_back_from_the_logs_header() -> None:
    """R25, mixed levels: a Rois seat in a Kids game keeps its own rule when the game is
    replayed from the event log's header (JSON), and so its own assisted mode."""
    config = GameConfig("kids", (SeatConfig(Rule.EXACTLY_ONE), SeatConfig()), 4)
    back = GameConfig.from_json(json.loads(json.dumps(config.to_json())))
    assert back == config and back.seats[0].rule is Rule.EXACTLY_ONE


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


def moved_card(game: AnyGame, action: Action) -> int | None:
    """The card `action` will move if accepted: a Pick's own, the search hand's for a Stack or
    PutBack, the pile's top for a Lay or Under; None for the rest."""
    if isinstance(action, Pick):
        return action.card
    if isinstance(game, RaceGame) and isinstance(action, (Stack, PutBack)):
        return game.hands[action.seat]
    if isinstance(game, DuoGame) and isinstance(action, (Lay, Under)):
        return game.top_card(action.seat)
    return None


@pytest.mark.parametrize("name, assisted", [(name, assisted) for name in sorted(VARIANTS)
                                             for assisted in (True, False)])
def test_every_accepted_action_is_answered_with_itself_as_logged_and_the_card_it_moved(
        name: str, assisted: bool) -> None:
    """Applied's promise (engine.apply): an accepted action is answered with itself as the
    log holds it (a chance outcome as drawn, D6), and a move of a card names that card. The
    table reads both from the answer: who whistled or called stop, which card went where
    (R28, R30). Checked over a whole bot game of every variant, assisted and classic."""
    spec = VARIANTS[name]
    config = GameConfig.for_players(name, spec.min_players, 2, assisted=assisted)
    game = new_game(config)
    rng = random.Random(2)
    loop = BotLoop({s: make_bot(game, s, BOT_LEVELS["child"], rng)
                    for s in range(game.seat_count)})
    starts = [RemoveLocomotive(0, 0.0, None)] if game.phase is Phase.SETUP else []
    starts += [Whistle(0, 0.0)] if spec.start is Start.WHISTLE else []
    seen: set[type[Action]] = set()

    def apply(action: Action) -> None:
        card = moved_card(game, action)
        fits = None
        if isinstance(game, RaceGame) and isinstance(action, Pick) and game.can(action):
            fits = game.fits(action.seat, action.card)  # R7: shown as the card is taken
        result = game.apply(action)
        if isinstance(result, Applied):
            assert result.action is game.log[-1], (action, result)
            assert result.action == action or isinstance(action, RemoveLocomotive), result
            assert result.card == card, (action, result, card)
            assert fits is None or result.fits is fits, (action, result, fits)
            seen.add(type(action))

    for action in starts:
        apply(action)
    for _ in until(lambda: game.over, 100_000):
        t = loop.next_due()
        for action in loop.actions(t):
            apply(action)
    moves = {Lay, Under} if isinstance(game, DuoGame) else {Pick, Stack}
    if spec.start is Start.LOCOMOTIVES_TURNED:
        moves.add(TurnLocomotive)  # the bots turn their own (R23)
    assert seen >= {*moves, *map(type, starts)}, seen


def test_d8_a_seats_chosen_mode_is_read_back_from_the_logs_header() -> None:
    """D8: a seat set to assisted or classic against its rule's default keeps that mode when
    the game is replayed from its log's header (JSON), so the replay refuses what the game
    refused."""
    for assisted in (True, False):
        config = GameConfig("kids", (SeatConfig(assisted=assisted),
                                     SeatConfig(Rule.EXACTLY_ONE, assisted=not assisted)), 4)
        back = GameConfig.from_json(json.loads(json.dumps(config.to_json())))
        assert back == config
        assert [back.seat_assisted(s) for s in (0, 1)] == [assisted, not assisted]
        game = new_game(config)
        assert replay(game.record()).config == config


def test_a_refusal_is_answered_with_the_action_it_refuses() -> None:
    """A refusal names the action refused (the table slides back the card of that touch,
    and the log of refusals says what was tried), and a game not over has no end reason
    (None: the history writes 'unfinished' for it)."""
    game = new_game(GameConfig.for_players("lords", 2, 1))
    assert game.end_reason is None
    pick = Pick(0, 1.0, 5)
    result = game.apply(pick)
    assert isinstance(result, NotApplied) and result.action == pick
    assert result.reason is Reason.NOT_STARTED and game.end_reason is None
