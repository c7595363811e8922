"""The simultaneous race variants: Training, Seigneurs, Kids and Rois (R9-R25, D4, D8).

Card ids are `WAGONS` indices, so a set of cards is an int bitmask and "does any loose card fit
any seat's train" is a handful of AND operations after each stack, never a rescan (D4).
"""

from __future__ import annotations

from typing import ClassVar

from seigneurs.game.actions import (
    Action,
    Applied,
    CallStop,
    EndReason,
    Pick,
    PutBack,
    Reason,
    Refused,
    Result,
    Stack,
    TurnLocomotive,
    Whistle,
)
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Game, Handler
from seigneurs.game.scatter import Point, scatter
from seigneurs.rules import LOCOMOTIVES, WAGONS, Card, Ending, RaceOutcome, Start, race_outcome

ALL_CARDS = (1 << len(WAGONS)) - 1
NOBODY = -1


class RaceGame(Game):
    """One game of a race variant: a table of 54 wagons, a search hand and a train per seat."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        n = self.seat_count
        self.locomotives: tuple[Card, ...] = tuple(self.rng.sample(LOCOMOTIVES, n))  # R13
        self.positions: list[Point] = scatter(len(WAGONS), self.rng)
        self.table_mask = ALL_CARDS
        self.face_up_mask = ALL_CARDS if self.variant.deal_face_up else 0  # R13, R23
        self.stacked_mask = 0
        self.hands = [NOBODY] * n
        self.holder = [NOBODY] * len(WAGONS)
        self.trains: list[list[int]] = [[] for _ in range(n)]
        self.rules = tuple(config.seat_rule(s) for s in range(n))
        self.assisted = tuple(config.seat_assisted(s) for s in range(n))
        self.turned = [False] * n
        self.fit_masks = [self.rules[s].mask(loco, loco) for s, loco in enumerate(self.locomotives)]
        self.stop_caller: int | None = None

    # Queries the table app and the bots use.

    def top(self, seat: int) -> Card:
        """The card the next wagon must match: the train's top, or the locomotive's wagon."""
        train = self.trains[seat]
        return WAGONS[train[-1]] if train else self.locomotives[seat]

    def fits(self, seat: int, card: int) -> bool:
        """Whether `card` may go on `seat`'s train under that seat's rule now."""
        return bool(self.fit_masks[seat] >> card & 1)

    def is_face_up(self, card: int) -> bool:
        """Whether a table card shows its face."""
        return bool(self.face_up_mask >> card & 1)

    def train_cards(self, seat: int) -> list[Card]:
        """The seat's stacked wagons from the locomotive outwards."""
        return [WAGONS[c] for c in self.trains[seat]]

    def outcome(self) -> RaceOutcome:
        """Check every train and name the winners (R17, R18, R21, R22)."""
        trains = [(loco, self.train_cards(s)) for s, loco in enumerate(self.locomotives)]
        return race_outcome(self.variant.name, trains, rules=self.rules,
                            stop_caller=self.stop_caller)

    # Actions.

    def _whistle(self, action: Whistle) -> Result:
        if self.variant.start is not Start.WHISTLE:
            return Refused(action, Reason.NOT_IN_THIS_VARIANT)
        refusal = self._refuse_start(action)
        if refusal:
            return refusal
        self.turned = [True] * self.seat_count  # R14: everyone turns at once
        return self._start(action)

    def _turn_locomotive(self, action: TurnLocomotive) -> Result:
        if self.variant.start is not Start.LOCOMOTIVES_TURNED:
            return Refused(action, Reason.NOT_IN_THIS_VARIANT)
        refusal = self._refuse_start(action)
        if refusal:
            return refusal
        if self.turned[action.seat]:
            return Refused(action, Reason.ALREADY_TURNED)
        self.turned[action.seat] = True
        if all(self.turned):  # R23
            return self._start(action)
        return Applied(action)

    def _pick(self, action: Pick) -> Result:
        refusal = self._not_playing()
        if refusal:
            return Refused(action, refusal)
        card, seat = action.card, action.seat
        if not 0 <= card < len(WAGONS):
            return Refused(action, Reason.NO_SUCH_CARD)
        if self.hands[seat] != NOBODY:
            return Refused(action, Reason.HAND_FULL)  # R9
        if not self.table_mask >> card & 1:
            return Refused(action, Reason.TAKEN)
        bit = 1 << card
        self.table_mask ^= bit
        self.face_up_mask &= ~bit  # R10: a picked card is face up in the hand
        self.hands[seat] = card
        self.holder[card] = seat
        return Applied(action, card, self.fits(seat, card))

    def _held(self, action: Stack | PutBack) -> int | Refused:
        """The card in the acting seat's search hand, or why there is none to use."""
        refusal = self._not_playing()
        if refusal:
            return Refused(action, refusal)
        card = self.hands[action.seat]
        return Refused(action, Reason.HAND_EMPTY) if card == NOBODY else card

    def _release(self, seat: int, card: int) -> None:
        self.hands[seat] = NOBODY
        self.holder[card] = NOBODY

    def _stack(self, action: Stack) -> Result:
        card = self._held(action)
        if isinstance(card, Refused):
            return card
        seat = action.seat
        fits = self.fits(seat, card)
        if not fits and self.assisted[seat]:
            return Refused(action, Reason.DOES_NOT_FIT)  # D8 assisted
        self._release(seat, card)
        self.trains[seat].append(card)  # R8: appended, never reordered
        self.stacked_mask |= 1 << card
        self.fit_masks[seat] = self.rules[seat].mask(self.locomotives[seat], WAGONS[card])
        return Applied(action, card, fits, self._check_end())

    def _put_back(self, action: PutBack) -> Result:
        card = self._held(action)
        if isinstance(card, Refused):
            return card
        bit = 1 << card
        self._release(action.seat, card)
        self.table_mask |= bit
        if self.variant.put_back_face_up:  # R11
            self.face_up_mask |= bit
        self.positions[card] = (min(1.0, max(0.0, action.x)), min(1.0, max(0.0, action.y)))
        return Applied(action, card)

    def _call_stop(self, action: CallStop) -> Result:
        if self.variant.ending is not Ending.STOP_CALL:
            return Refused(action, Reason.NOT_IN_THIS_VARIANT)
        refusal = self._not_playing()
        if refusal:
            return Refused(action, refusal)
        if len(self.trains[action.seat]) < self.variant.min_wagons_to_stop:
            return Refused(action, Reason.TOO_FEW_WAGONS)  # R16
        self.stop_caller = action.seat
        return Applied(action, ended=self._end(EndReason.STOP_CALLED))

    def _check_end(self) -> EndReason | None:
        """D4: over when no loose card (table or hand) fits the top of any seat's train.

        Training (R16) normally ends by a stop call; it ends this way too when nobody can take
        a fitting card any more, so a game can never hang.
        """
        loose = ALL_CARDS & ~self.stacked_mask
        for mask in self.fit_masks:
            if mask & loose:
                return None
        return self._end(EndReason.NO_FITTING_CARD if loose else EndReason.TABLE_EMPTY)

    handlers: ClassVar[dict[type[Action], Handler]] = {
        Whistle: _whistle, TurnLocomotive: _turn_locomotive, Pick: _pick, Stack: _stack,
        PutBack: _put_back, CallStop: _call_stop,
    }

