"""Le Duo des Rails: two piles, five locomotives, rows at each player's right (R26-R34, D6, D7)."""

from __future__ import annotations

from collections import deque
from functools import reduce
from operator import or_
from typing import ClassVar

from seigneurs.game.actions import (
    Action,
    Applied,
    EndReason,
    Lay,
    Reason,
    Refused,
    RemoveLocomotive,
    Result,
    Under,
    Whistle,
)
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Game, Handler, Phase
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

    def _remove_locomotive(self, action: RemoveLocomotive) -> Result:
        if self.phase is not Phase.SETUP:
            return Refused(action, Reason.ALREADY_STARTED)
        if action.locomotive is None:
            removed = self.rng.choice(LOCOMOTIVES)  # D6: chosen at random when skipped
        else:
            matching = [loco for loco in LOCOMOTIVES if loco.type == action.locomotive]
            if not matching:
                return Refused(action, Reason.NOT_A_LOCOMOTIVE)
            removed = matching[0]
        self.removed = removed
        self.locomotives = tuple(loco for loco in LOCOMOTIVES if loco != removed)  # R27
        for seat in (0, 1):
            self.rows[seat][:] = [[] for _ in range(ROWS)]
            self.row_masks[seat][:] = [RULE.mask(loco, loco) for loco in self.locomotives]
        self.phase = Phase.READY
        return Applied(action)

    def _whistle(self, action: Whistle) -> Result:
        return self._refuse_start(action) or self._start(action)  # R28

    def _lay(self, action: Lay) -> Result:
        if self.phase is not Phase.PLAYING:
            return Refused(action, self._not_playing() or Reason.NOT_STARTED)
        seat, row = action.seat, action.row
        if not 0 <= row < ROWS:
            return Refused(action, Reason.NO_SUCH_ROW)
        pile = self.piles[seat]
        if not pile:
            return Refused(action, Reason.PILE_EMPTY)
        card = pile[0]
        masks = self.row_masks[seat]
        fits = bool(masks[row] >> card & 1)
        if not fits and self.assisted[seat]:
            return Refused(action, Reason.DOES_NOT_FIT)  # D8
        pile.popleft()
        self.pile_masks[seat] &= ~(1 << card)
        self.rows[seat][row].append(card)
        masks[row] = RULE.mask(self.locomotives[row], WAGONS[card])
        return Applied(action, card, fits, self._check_end())

    def _under(self, action: Under) -> Result:
        refusal = self._not_playing()
        if refusal:
            return Refused(action, refusal)
        pile = self.piles[action.seat]
        if not pile:
            return Refused(action, Reason.PILE_EMPTY)
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

    handlers: ClassVar[dict[type[Action], Handler]] = {
        RemoveLocomotive: _remove_locomotive, Whistle: _whistle, Lay: _lay, Under: _under,
    }
