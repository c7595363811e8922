"""The race engine's live masks (R7, R10, D4, D8): after each stack the next card must fit the
new top of the train; a picked card leaves the table's faces; only the 54 cards exist."""

from __future__ import annotations

import pytest
from helpers import card_where, pick, started_race

from seigneurs.game import NotApplied, Pick, Reason, Stack
from seigneurs.rules import WAGONS


@pytest.mark.parametrize("variant", ["training", "lords", "kings"])
def test_r7_after_a_stack_the_fit_mask_follows_the_new_top(variant: str) -> None:
    """What `fits` says (and what an assisted seat is offered, D8) is the seat's rule
    against the card on top of the train, for every card, after every stack."""
    game = started_race(variant, assisted=True)
    for step in range(4):
        card = pick(game, 0, fits=True, t=1.0 + step)
        assert game.apply(Stack(0, 1.5 + step)).ok
        top, loco, rule = game.top(0), game.locomotives[0], game.rules[0]
        assert top == WAGONS[card]
        assert [game.fits(0, c) for c in range(len(WAGONS))] == \
            [rule.fits(loco, top, w) for w in WAGONS]
        if game.over:
            break


def test_d8_an_assisted_seat_is_offered_a_stack_only_for_a_card_fitting_the_new_top() -> None:
    game = started_race("kings", assisted=True)
    pick(game, 0, fits=True)
    assert game.apply(Stack(0, 1.2)).ok
    misfit = card_where(game, 0, fits=False)  # it may have fitted the locomotive
    assert game.apply(Pick(0, 2.0, misfit)).ok
    assert not any(isinstance(a, Stack) for a in game.legal_actions(0))
    result = game.apply(Stack(0, 2.1))
    assert isinstance(result, NotApplied) and result.reason is Reason.DOES_NOT_FIT


@pytest.mark.parametrize("variant", ["lords", "kids"])
def test_r10_a_picked_card_is_no_longer_a_face_on_the_table(variant: str) -> None:
    """The card is in the hand (face up there): the table shows only cards lying on it."""
    game = started_race(variant)
    card = pick(game, 0, fits=True)
    assert not game.is_face_up(card)
    assert game.face_up_mask & ~game.table_mask == 0


@pytest.mark.parametrize("card", [-1, len(WAGONS), len(WAGONS) + 1])
def test_r1_only_the_54_wagons_can_be_picked(card: int) -> None:
    game = started_race()
    result = game.apply(Pick(0, 1.0, card))
    assert isinstance(result, NotApplied) and result.reason is Reason.NO_SUCH_CARD
