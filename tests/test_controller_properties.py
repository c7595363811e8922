"""The touch-to-game controller under any stream of touches (issue 9, clauses 2 and 5),
driven directly: it has no arcade in it."""

from __future__ import annotations

from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st
from race_table import LAYOUT, controller

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events as table_events
from seigneurs.table.controller import COUNTDOWN

finger = st.integers(1, 6)
point = st.tuples(st.floats(0, 1), st.floats(0, 1))
step = st.tuples(st.sampled_from(list(TouchPhase)), finger, point, st.integers(0, 5))


@settings(max_examples=60, deadline=None)
@example(2, 0, 0, False, [[(TouchPhase.DOWN, 4, (0.469, 0.25), 0)],  # every seat holds a card
                          [(TouchPhase.DOWN, 2, (0.25, 0.75), 0),  # when the third finger lands
                           (TouchPhase.DOWN, 3, (0.844, 0.25), 0)]])
@given(st.integers(2, 6), st.integers(0, 1), st.integers(0, 2**16), st.booleans(),
       st.lists(st.lists(step, max_size=6), max_size=120))
def test_clause2_5_one_card_per_seat_and_no_finger_fills_a_hand(
        players: int, bots: int, seed: int, users: bool,
        frames: list[list[tuple[TouchPhase, int, tuple[float, float], int]]]) -> None:
    """Whatever the fingers do: each child's search hand in the game holds exactly the card a
    finger carries for them that the game took (R9: one at most; a card the game refused
    rides its finger and lies on the game's table), a card is on one finger at most, and
    every card is in exactly one place."""
    control = controller(players, bots, seed, users)
    game = control.game
    control.tick(COUNTDOWN)
    live: set[int] = set()
    t = COUNTDOWN
    for frame in frames:
        events = []
        for phase, touch, (x, y), user in frame:
            down = touch in live
            if (phase is TouchPhase.DOWN and down) or (phase is not TouchPhase.DOWN and not down):
                continue  # keep the stream well formed, as the input filters do
            live.symmetric_difference_update({touch} if phase is not TouchPhase.MOVE else set())
            events.append(TouchEvent(touch, phase, x, y, t, user if users else None))
        control.touches(events, LAYOUT.width, LAYOUT.height)
        control.tick(1 / 60)
        t += 1 / 60
        # R9, decided by the game: one card a seat, the one it heard picked
        carried = control.hands.carries.values()
        seats = Counter(c.seat for c in carried if c.held)
        assert all(n == 1 for n in seats.values())
        cards = [c.card for c in carried]
        assert len(cards) == len(set(cards))  # one finger per card
        assert all(game.hands[s] == next((c.card for c in carried if c.held and c.seat == s), -1)
                   for s in control.play.humans)
        assert all(game.table_mask >> c.card & 1 for c in carried if not c.held)
        for card in range(54):
            in_train = any(card in train for train in game.trains)
            in_hand = card in game.hands
            on_table = bool(game.table_mask >> card & 1)
            assert in_train + in_hand + on_table == 1
            assert (card in control.physics.bodies) == (not in_train)


def test_clause5_the_controller_and_the_crowd_have_no_arcade_in_them() -> None:
    import subprocess
    import sys

    code = ("import sys, seigneurs.table.controller, seigneurs.tools.crowd; "
            "sys.exit('arcade' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_clause2_the_guess_is_the_nearest_seat_unless_a_reachable_one_wants_the_card() -> None:
    from seigneurs.table.attribution import SeatGuesser

    seats = SeatGuesser([(0.0, 0.0), (10.0, 0.0)], [0, 1], reach=8.0)
    assert seats.likeliest(4.0, 0.0, lambda s: False) == 0  # nearest
    assert seats.likeliest(4.0, 0.0, lambda s: s == 1) == 1  # it fits seat 1's train
    assert seats.likeliest(1.0, 0.0, lambda s: s == 1) == 0  # beyond seat 1's reach
    assert seats.by_user(None) is None
    assert seats.while_carried(0, (4.0, 0.0), 4.5, 0.0, travel=2.0) == 0  # too short
    assert seats.while_carried(0, (4.0, 0.0), 8.0, 0.0, travel=2.0) == 1  # pulled toward 1


def test_clause1_a_table_of_bots_ignores_fingers_without_failing() -> None:
    control = controller(2, 2, 3, users=False)
    control.tick(COUNTDOWN + 5)
    card = next(iter(control.physics.bodies))
    x, y = control.physics.bodies[card].position
    events = [TouchEvent(1, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height, 0.0),
              TouchEvent(1, TouchPhase.MOVE, 0.5, 0.5, 0.0),
              TouchEvent(1, TouchPhase.UP, 0.5, 0.5, 0.0)]
    control.touches(events, LAYOUT.width, LAYOUT.height)
    assert not control.hands.carries


def test_clause5_exact_ties_between_touches_rotate_between_seats() -> None:
    """Clause 5: three children's touches reach one card at the very same instant, three times:
    each time one gets it, and the seat priority turns, so each child wins once."""
    control = controller(3, 0, 5, users=True)
    control.tick(COUNTDOWN)
    winners = []
    touch = 100
    for round_ in range(3):
        card = next(c for c in sorted(control.physics.bodies) if control.loose(c))
        x, y = control.physics.bodies[card].position
        t = COUNTDOWN + round_
        downs = [TouchEvent(touch + seat, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height,
                            t, seat) for seat in range(3)]
        control.touches(downs, LAYOUT.width, LAYOUT.height)
        holders = [s for s in range(3) if control.hands.carried(s) == card]
        assert len(holders) == 1
        winners.append(holders[0])
        ups = [e._replace(phase=TouchPhase.UP) for e in downs]
        control.touches(ups, LAYOUT.width, LAYOUT.height)  # lifted on the table: put back
        control.tick(1 / 60)
        touch += 10
    assert sorted(winners) == [0, 1, 2]


def test_r9_a_second_card_near_a_seat_that_holds_one_is_refused_by_the_game_and_rides() -> None:
    """A finger landing nearest a seat that surely holds a card (its id named it): the game
    refuses that seat a second card (R9), the card rides the finger (no refusal a child could
    take for a lost card), and once let go it slides back where it lay; the seat's own card
    never left its finger."""
    control = controller(6, 0, 0, True)
    control.tick(COUNTDOWN)
    physics, guesser = control.physics, control.policy.guesser
    w, h = LAYOUT.width, LAYOUT.height
    def order(p: tuple[float, float]) -> list[int]:
        return sorted(range(6), key=lambda s: guesser.distance(s, *p))

    second = next(p for p in ((w * i / 40, h * j / 40) for i in range(4, 37) for j in range(4, 37))
                  if order(p)[:2] == [1, 0] and guesser.distance(0, *p) <= 0.9 * guesser.reach)
    lying, other = list(physics.bodies)[:2]
    physics.bodies[lying].position = second  # a card lies there
    physics.space.reindex_shapes_for_body(physics.bodies[lying])
    first = physics.bodies[other].position
    control.touches([TouchEvent(1, TouchPhase.DOWN, first[0] / w, first[1] / h, COUNTDOWN, 1)],
                    w, h)
    control.touches([TouchEvent(2, TouchPhase.DOWN, second[0] / w, second[1] / h,
                                COUNTDOWN + 0.5, None)], w, h)
    carries = control.hands.carries
    assert (carries[1].seat, carries[1].decided, carries[1].held) == (1, True, True)
    assert (carries[2].seat, carries[2].held) == (1, False)
    assert control.game.hands[1] == carries[1].card and control.game.table_mask >> lying & 1
    control.drain()
    control.touches([TouchEvent(2, TouchPhase.UP, second[0] / w, second[1] / h,
                                COUNTDOWN + 0.6, None)], w, h)
    assert control.drain() == [table_events.SlidHome(1, lying, 2, *second)]
    assert 1 in carries and control.game.table_mask >> lying & 1
