"""Behaviours of the race table's controller and bots' hands (seigneurs/table/controller.py,
bot_hands.py) that a mutation run (scripts/mutation.py table) found unguarded: each test names
what it holds, and the mutant(s) it failed on."""

from __future__ import annotations

import math

import pytest
from test_attribution_constants import control
from test_table_mutation_survivors import child_and_two_bots

from seigneurs.table.bot_hands import bot_finger
from seigneurs.table.controller import RaceController

__all__ = ["control"]  # the fixture: three children at a lords table in play


# Bots' hands (BotHands.move).


def bot_holding(seat: int = 1) -> tuple[RaceController, int]:
    """A child and two expert bots; `seat`'s bot has just taken the loose card lying farthest
    from the table's middle (its train's spot is set as its hand's target)."""
    control = child_and_two_bots().control
    bodies, centre = control.physics.bodies, control.geometry.free.center
    card = max(bodies, key=lambda c: (math.dist(bodies[c].position, centre), c))
    control.bot_hands.pick(seat, card)
    return control, card


@pytest.mark.parametrize(("gap", "goes"), [(1.0, False), (2.0, True)])
def test_a_bots_hand_stops_within_a_pixel_of_its_target(gap: float, goes: bool) -> None:
    """A bot's card at its target, to within a pixel, stays where it is (it does not jitter
    about its train's spot); two pixels off, the hand still carries it there.
    (BotHands.move 16, 17)"""
    control, card = bot_holding()
    body = control.physics.bodies[card]
    start = (body.position.x, body.position.y)
    target = (start[0] + gap, start[1])
    assert math.hypot(target[0] - start[0], target[1] - start[1]) == gap  # the scene: exact
    control.bot_hands.targets[1] = target
    for _ in range(10):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    moved = math.dist(start, body.position)
    assert (moved > gap / 2) if goes else (moved < 1e-6), moved


def test_a_bots_card_goes_straight_toward_its_target_across_and_along() -> None:
    """A bot's card travels straight at its target, whichever way across and along the table
    that lies: each frame it comes nearer by as much as it moves. (BotHands.move 32)"""
    control, card = bot_holding()
    body = control.physics.bodies[card]
    start = (body.position.x, body.position.y)
    target = (start[0] + 300.0, start[1] + 200.0)
    control.bot_hands.targets[1] = target
    for _ in range(6):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    moved = math.dist(start, body.position)
    assert moved > 10.0  # the scene: it went some way
    assert math.dist(start, target) - math.dist(body.position, target) == pytest.approx(
        moved, rel=1e-3
    )


def test_a_bot_whose_finger_holds_nothing_keeps_no_other_bots_card_from_travelling() -> None:
    """Each bot's hand goes on its own: a bot whose finger holds no card (its card let go)
    leaves the next bot's card travelling to that bot's train. (BotHands.move 6)"""
    control, first = bot_holding(1)
    bodies, centre = control.physics.bodies, control.geometry.free.center
    second = max(
        (c for c in bodies if c != first), key=lambda c: (math.dist(bodies[c].position, centre), c)
    )
    control.bot_hands.pick(2, second)
    control.physics.release(bot_finger(1))  # bot 1's target stays, its finger is empty
    assert list(control.bot_hands.targets) == [1, 2]  # the scene: the empty hand comes first
    start = tuple(bodies[second].position)
    for _ in range(6):
        control.bot_hands.move(1 / 60)
        control.physics.step(1 / 60)
    pile = control.geometry.seats[2].pile
    assert math.dist(bodies[second].position, pile) < math.dist(start, pile) - 10.0
