"""Le Duo des Rails: two piles, five locomotives, rows at each player's right (R26-R34, D6, D7)."""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import reduce
from operator import or_
from typing import ClassVar

from seigneurs.game.actions import (
    Action,
    Applied,
    EndReason,
    Lay,
    Reason,
    RemoveLocomotive,
    Under,
    Whistle,
)
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Game, Move, Offered, Phase
from seigneurs.rules import LOCOMOTIVES, WAGONS, Card, DuoOutcome, Rule, duo_outcome

ROWS = 5
RULE = Rule.AT_LEAST_ONE  # R29


class DuoGame(Game):
    """One Duo game: seat 0 and seat 1 face each other across the column of locomotives."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.phase = Phase.SETUP  # D6: a locomotive is removed first
        order = list(range(len(WAGONS)))
        self.rng.shuffle(order)
        half = len(order) // 2
        self.piles: tuple[deque[int], deque[int]] = (deque(order[:half]), deque(order[half:]))
        self.pile_masks = [sum(1 << c for c in pile) for pile in self.piles]
        self.locomotives: tuple[Card, ...] = LOCOMOTIVES
        self.removed: Card | None = None
        self.rows: tuple[list[list[int]], list[list[int]]] = ([], [])
        self.row_masks: tuple[list[int], list[int]] = ([], [])
        self.assisted = tuple(config.seat_assisted(s) for s in range(2))

    def top_card(self, seat: int) -> int | None:
        """The card on top of `seat`'s pile, the one to lay next."""
        pile = self.piles[seat]
        return pile[0] if pile else None

    def fits(self, seat: int, row: int, card: int) -> bool:
        """Whether `card` may follow the last card of `seat`'s row `row` (R29)."""
        return bool(self.row_masks[seat][row] >> card & 1)

    def outcome(self) -> DuoOutcome:
        """Check every row and decide each locomotive, then the game (R32-R34)."""
        return duo_outcome({
            loco: ([WAGONS[c] for c in self.rows[0][k]], [WAGONS[c] for c in self.rows[1][k]])
            for k, loco in enumerate(self.locomotives)
        })

    def fitting_rows(self, seat: int) -> list[int]:
        """The rows where `seat`'s top card may go now (R29); empty if none or no pile."""
        card = self.top_card(seat)
        if card is None or not self.row_masks[seat]:
            return []
        return [row for row in range(ROWS) if self.fits(seat, row, card)]

    def _verify_remove(self, action: RemoveLocomotive) -> Reason | None:
        if self.phase is not Phase.SETUP:
            return Reason.ALREADY_STARTED
        return None

    def _offer_removals(self, seat: int, t: float) -> Offered:
        if self.phase is not Phase.SETUP:
            return ()
        return [RemoveLocomotive(seat, t, None),
                *(RemoveLocomotive(seat, t, loco.type) for loco in LOCOMOTIVES)]

    def _draw_removed(self, action: RemoveLocomotive) -> RemoveLocomotive:
        """D6: a locomotive nobody chose is drawn before the move, so the log holds it."""
        if action.locomotive is not None:
            return action
        return replace(action, locomotive=self.rng.choice(LOCOMOTIVES).type)

    def _remove_locomotive(self, action: RemoveLocomotive) -> Applied:
        removed = next(loco for loco in LOCOMOTIVES if loco.type == action.locomotive)
        self.removed = removed
        self.locomotives = tuple(loco for loco in LOCOMOTIVES if loco != removed)  # R27
        for seat in (0, 1):
            self.rows[seat][:] = [[] for _ in range(ROWS)]
            self.row_masks[seat][:] = [RULE.mask(loco, loco) for loco in self.locomotives]
        self.phase = Phase.READY
        return Applied(action)

    def _verify_whistle(self, action: Whistle) -> Reason | None:
        return self._refuse_start()  # R28

    def _offer_whistle(self, seat: int, t: float) -> Offered:
        return (Whistle(seat, t),) if self.phase is Phase.READY else ()

    def _playing_top(self, seat: int) -> int | None:
        """The seat's top card while playing, or None."""
        return self.top_card(seat) if self.phase is Phase.PLAYING else None

    def _verify_lay(self, action: Lay) -> Reason | None:
        if self.phase is Phase.PLAYING and not 0 <= action.row < ROWS:
            return Reason.NO_SUCH_ROW
        refusal = self._not_playing()  # while playing no pile is empty (R31 ends the game)
        seat = action.seat
        if refusal is None and self.assisted[seat] and not self.fits(
                seat, action.row, self.piles[seat][0]):
            return Reason.DOES_NOT_FIT  # D8
        return refusal

    def _lay(self, action: Lay) -> Applied:
        seat, row = action.seat, action.row
        card = self.piles[seat].popleft()
        fits = self.fits(seat, row, card)
        self.pile_masks[seat] &= ~(1 << card)
        self.rows[seat][row].append(card)
        self.row_masks[seat][row] = RULE.mask(self.locomotives[row], WAGONS[card])
        return Applied(action, card, fits, self._check_end())

    def _offer_lays(self, seat: int, t: float) -> Offered:
        card = self._playing_top(seat)
        if card is None:
            return ()
        free = not self.assisted[seat]
        return [Lay(seat, t, row) for row in range(ROWS) if free or self.fits(seat, row, card)]

    def _verify_under(self, action: Under) -> Reason | None:
        refusal = self._not_playing()
        seat = action.seat
        if refusal is None and self.assisted[seat] and reduce(or_, self.row_masks[seat]) >> \
                self.piles[seat][0] & 1:
            return Reason.FITS_A_ROW  # R30: only a card that fits no row goes under
        return refusal

    def _offer_under(self, seat: int, t: float) -> Offered:
        card = self._playing_top(seat)
        if card is not None and (not self.assisted[seat] or not self.fitting_rows(seat)):
            return (Under(seat, t),)
        return ()

    def _under(self, action: Under) -> Applied:
        pile = self.piles[action.seat]
        card = pile[0]
        pile.rotate(-1)  # R30: the top card goes under the pile
        return Applied(action, card)

    def _check_end(self) -> EndReason | None:
        """R31: a pile is empty; D7: neither player can lay any card of their pile."""
        if not self.piles[0] or not self.piles[1]:
            return self._end(EndReason.PILE_EMPTY)
        for seat in (0, 1):
            if reduce(or_, self.row_masks[seat]) & self.pile_masks[seat]:
                return None
        return self._end(EndReason.STALEMATE)

    moves: ClassVar[dict[type[Action], Move]] = {
        RemoveLocomotive: Move(_verify_remove, _offer_removals, _remove_locomotive,
                               _draw_removed),
        Whistle: Move(_verify_whistle, _offer_whistle, Game._start),
        Lay: Move(_verify_lay, _offer_lays, _lay),
        Under: Move(_verify_under, _offer_under, _under),
    }
