"""Invariants under arbitrary play, checked with hypothesis (R8, R9, D4, D8, replay)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from seigneurs.game import (
    Action,
    CallStop,
    DuoGame,
    GameConfig,
    Lay,
    Pick,
    PutBack,
    RaceGame,
    RemoveLocomotive,
    Stack,
    TurnLocomotive,
    Under,
    Whistle,
    new_game,
    replay,
)
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.rules import VARIANTS, WAGONS, check_train
from seigneurs.tools.simulate import play_bot_game, summarise

RACE_VARIANTS = [name for name, spec in VARIANTS.items() if not spec.duo]
ALL = (1 << len(WAGONS)) - 1


def race_actions(players: int) -> st.SearchStrategy[list[Action]]:
    seat = st.integers(0, players - 1)
    t = st.floats(0, 600, allow_nan=False)
    unit = st.floats(-0.5, 1.5, allow_nan=False)
    action = st.one_of(
        st.builds(Pick, seat, t, st.integers(-2, 56)),
        st.builds(Pick, seat, t, st.integers(0, 53)),
        st.builds(Stack, seat, t),
        st.builds(PutBack, seat, t, unit, unit),
        st.builds(CallStop, seat, t),
        st.builds(TurnLocomotive, seat, t),
        st.builds(Whistle, seat, t),
    )
    return st.lists(action, max_size=150)


def where_race(game: RaceGame) -> list[str]:
    """Every card's one place: 'table', 'hand<s>' or 'train<s>' (fails if in two or none)."""
    places = []
    for card in range(len(WAGONS)):
        found = []
        if game.table_mask >> card & 1:
            found.append("table")
        found += [f"hand{s}" for s, held in enumerate(game.hands) if held == card]
        found += [f"train{s}" for s, train in enumerate(game.trains) if card in train]
        assert len(found) == 1, (card, found)
        places.append(found[0])
    return places


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(RACE_VARIANTS), st.integers(2, 6), st.integers(0, 2**32),
       st.booleans(), st.data())
def test_race_invariants_hold_after_every_action(variant: str, players: int, seed: int,
                                                 assisted: bool, data: st.DataObject) -> None:
    game = new_game(GameConfig.for_players(variant, players, seed, assisted=assisted))
    assert isinstance(game, RaceGame)
    game.apply(Whistle(0, 0.0))
    for seat in range(players):
        game.apply(TurnLocomotive(seat, 0.0))
    for action in data.draw(race_actions(players)):
        trains_before = [list(t) for t in game.trains]
        game.apply(action)
        where_race(game)  # 54 wagons accounted for, each in exactly one place
        assert game.stacked_mask | game.table_mask | sum(
            1 << c for c in game.hands if c >= 0) == ALL
        held = [c for c in game.hands if c >= 0]
        assert len(held) == len(set(held))  # R9: one card a hand, never one card in two
        for s in range(players):
            assert game.trains[s][:len(trains_before[s])] == trains_before[s]  # R8
            if assisted:  # D8: assisted trains always check clean
                check = check_train(game.rules[s], game.locomotives[s], game.train_cards(s))
                assert check.first_error is None
    rebuilt = replay(game.record())
    assert isinstance(rebuilt, RaceGame)
    assert (rebuilt.trains, rebuilt.hands, rebuilt.positions, rebuilt.face_up_mask,
            rebuilt.phase, rebuilt.end_reason) == (game.trains, game.hands, game.positions,
                                                   game.face_up_mask, game.phase,
                                                   game.end_reason)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.data())
def test_duo_invariants_hold_after_every_action(seed: int, assisted: bool,
                                                data: st.DataObject) -> None:
    game = new_game(GameConfig.for_players("duo", 2, seed, assisted=assisted))
    assert isinstance(game, DuoGame)
    seat, t = st.integers(-1, 2), st.floats(0, 600, allow_nan=False)
    actions = data.draw(st.lists(st.one_of(
        st.builds(Lay, seat, t, st.integers(-1, 5)), st.builds(Under, seat, t),
        st.builds(Whistle, seat, t), st.builds(RemoveLocomotive, seat, t, st.none())),
        max_size=200))
    for action in actions:
        rows_before = [[list(r) for r in rows] for rows in game.rows]
        game.apply(action)
        in_rows = [c for rows in game.rows for row in rows for c in row]
        assert sorted([*game.piles[0], *game.piles[1], *in_rows]) == list(range(54))
        for s in (0, 1):
            assert game.pile_masks[s] == sum(1 << c for c in game.piles[s])
            for k, row in enumerate(rows_before[s]):
                assert game.rows[s][k][:len(row)] == row  # R8: rows never reorder
    rebuilt = replay(game.record())
    assert isinstance(rebuilt, DuoGame)
    assert (rebuilt.rows, rebuilt.piles, rebuilt.end_reason) == \
        (game.rows, game.piles, game.end_reason)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(2, 6), st.integers(0, 2**32),
       st.sampled_from(sorted(BOT_LEVELS)), st.sampled_from([None, True, False]))
def test_random_bot_playouts_always_end_with_a_valid_outcome(
        variant: str, players: int, seed: int, level: str, assisted: bool | None) -> None:
    spec = VARIANTS[variant]
    players = min(max(players, spec.min_players), spec.max_players)
    config = GameConfig.for_players(variant, players, seed, assisted=assisted)
    game = play_bot_game(config, [BOT_LEVELS[level]] * players)
    assert game.over and game.end_reason is not None
    summary = summarise(game)
    assert summary.winners and set(summary.winners) <= set(range(players))
    assert all(0 <= n <= 54 for n in summary.lengths)
    assert sum(summary.lengths) <= 54
    rebuilt = replay(game.record())
    assert summarise(rebuilt) == summary  # the log alone reproduces the game
