"""The engine contract (issue 9, clause 6): verify/can/legal_actions, refusals change nothing,
engines by variant kind, the deal's positions, per-seat assisted defaults (D8)."""

from __future__ import annotations

import copy
import random

from helpers import card_where, pick, started_race
from hypothesis import given, settings
from hypothesis import strategies as st

from seigneurs.game import (
    CallStop,
    DuoGame,
    GameConfig,
    Lay,
    Pick,
    PutBack,
    RaceGame,
    Reason,
    Refused,
    RemoveLocomotive,
    Stack,
    Under,
    Whistle,
    new_game,
    replay,
)
from seigneurs.game.duo import ROWS
from seigneurs.game.factory import ENGINES
from seigneurs.rules import VARIANTS, Rule


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
        st.builds(Pick, seat, t, st.integers(-1, 54)), st.builds(Stack, seat, t),
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
    for s in range(game.seat_count):
        assert all(game.can(a) for a in game.legal_actions(s, game.clock))
    assert replay(game.record()).log == game.log


def test_clause6_legal_actions_list_a_seats_moves() -> None:
    game = started_race("lords", 2, seed=3)
    picks = [a for a in game.legal_actions(0, 1.0) if isinstance(a, Pick)]
    assert len(picks) == 54 and not any(isinstance(a, CallStop) for a in game.legal_actions(0))
    pick(game, 0, fits=True)
    moves = game.legal_actions(0, 2.0)
    assert {type(a) for a in moves} == {Stack, PutBack}
    assert not game.can(Pick(0, 2.0, card_where(game, 1, fits=True)))


def test_clause6_engines_are_registered_by_variant_kind() -> None:
    assert set(ENGINES) == {spec.engine for spec in VARIANTS.values()}
    for name, spec in VARIANTS.items():
        game = new_game(GameConfig.for_players(name, spec.min_players))
        assert isinstance(game, ENGINES[spec.engine])


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
    from seigneurs.game.bots import BOT_LEVELS, BotLoop, make_bot
    from seigneurs.game.engine import Phase

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
    while not game.over and loop.next_due() < 3600:
        t = loop.next_due()
        for action in loop.actions(t):
            legal = game.legal_actions(action.seat, action.t)
            assert all(game.verify(a) is None for a in legal)
            if game.can(action):  # another bot may have just taken the card (TAKEN)
                assert action in legal
                checked += 1
            game.apply(action)
    assert game.over and checked > 0
