"""The simultaneous race variants: Training, Seigneurs, Kids and Rois (R9-R25, D4, D8).

Card ids are `WAGONS` indices, so a set of cards is an int bitmask and "does any loose card fit
any seat's train" is a handful of AND operations after each stack, never a rescan (D4).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from seigneurs.game.actions import (
    Action,
    Applied,
    CallStop,
    EndReason,
    Pass,
    Pick,
    PutBack,
    Reason,
    Stack,
    TurnLocomotive,
    Whistle,
)
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Game, Move, Offered, Phase
from seigneurs.game.scatter import Point, scatter
from seigneurs.rules import LOCOMOTIVES, WAGONS, Card, Ending, RaceOutcome, Start, race_outcome

ALL_CARDS = (1 << len(WAGONS)) - 1
NOBODY = -1


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class RaceGame(Game):
    """One game of a race variant: a table of 54 wagons, a search hand and a train per seat."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        n = self.seat_count
        self.locomotives: tuple[Card, ...] = tuple(self.rng.sample(LOCOMOTIVES, n))  # R13
        self.positions: list[Point] = scatter(len(WAGONS), self.rng)  # the only positions
        self.angles = [self.rng.uniform(-0.3, 0.3) for _ in WAGONS]  # radians, as dealt
        self.table_mask = ALL_CARDS
        self.face_up_mask = ALL_CARDS if self.variant.deal_face_up else 0  # R13, R23
        self.stacked_mask = 0
        self.hands = [NOBODY] * n
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

    def would_stay(self, seat: int, card: int) -> bool:
        """Whether `card`, stacked on `seat`'s train now, stays there: always in classic play,
        only if it fits where the table assists (D8)."""
        return not self.assisted[seat] or self.fits(seat, card)

    def fitted_by(self, card: int) -> list[int]:
        """The seats whose train `card` may go on now (`fits`, for every seat at once)."""
        return [seat for seat, mask in enumerate(self.fit_masks) if mask >> card & 1]

    def is_face_up(self, card: int) -> bool:
        """Whether a table card shows its face."""
        return bool(self.face_up_mask >> card & 1)

    def pickable(self, seat: int) -> int:
        """The cards `seat` may pick now, as a mask: what `legal_actions` offers as Picks."""
        return self.table_mask if self.phase is Phase.PLAYING and self.hands[seat] == NOBODY \
            else 0

    def face_up(self, cards: int) -> int:
        """Those of the `cards` (a mask) that show their face."""
        return self.face_up_mask & cards

    def fitting(self, seat: int, cards: int) -> int:
        """Those of the `cards` (a mask) that may go on `seat`'s train now."""
        return self.fit_masks[seat] & cards

    def train_cards(self, seat: int) -> list[Card]:
        """The seat's stacked wagons from the locomotive outwards."""
        return [WAGONS[c] for c in self.trains[seat]]

    def outcome(self) -> RaceOutcome:
        """Check every train and name the winners (R17, R18, R21, R22)."""
        trains = [(loco, self.train_cards(s)) for s, loco in enumerate(self.locomotives)]
        return race_outcome(self.variant.name, trains, rules=self.rules,
                            stop_caller=self.stop_caller)

    # Moves: each has a verifier (why it is refused, or None), its offers (what a seat may
    # take now, read from the state) and a performer.

    def _held(self, seat: int) -> int:
        """The seat's search-hand card while playing, or NOBODY."""
        return self.hands[seat] if self.phase is Phase.PLAYING else NOBODY

    def _offer_whistle(self, seat: int, t: float) -> Offered:
        ready = self.variant.start is Start.WHISTLE and self.phase is Phase.READY
        return (Whistle(seat, t),) if ready else ()

    def _offer_turn(self, seat: int, t: float) -> Offered:
        ready = self.variant.start is Start.LOCOMOTIVES_TURNED and self.phase is Phase.READY
        return (TurnLocomotive(seat, t),) if ready and not self.turned[seat] else ()

    def _offer_picks(self, seat: int, t: float) -> Offered:
        return [Pick(seat, t, card) for card in cards_in(self.pickable(seat))]

    def _offer_passes(self, seat: int, t: float) -> Offered:
        if self._held(seat) == NOBODY:
            return ()
        return [Pass(seat, t, to) for to, card in enumerate(self.hands) if card == NOBODY]

    def _offer_stack(self, seat: int, t: float) -> Offered:
        held = self._held(seat)
        if held != NOBODY and (not self.assisted[seat] or self.fits(seat, held)):
            return (Stack(seat, t),)
        return ()

    def _offer_put_back(self, seat: int, t: float) -> Offered:
        held = self._held(seat)
        return (PutBack(seat, t, *self.positions[held]),) if held != NOBODY else ()

    def _offer_stop(self, seat: int, t: float) -> Offered:
        if self.variant.ending is Ending.STOP_CALL and self.phase is Phase.PLAYING and \
                len(self.trains[seat]) >= self.variant.min_wagons_to_stop:
            return (CallStop(seat, t),)
        return ()

    def _verify_whistle(self, action: Whistle) -> Reason | None:
        if self.variant.start is not Start.WHISTLE:
            return Reason.NOT_IN_THIS_VARIANT
        return self._refuse_start()

    def _whistle(self, action: Whistle) -> Applied:
        self.turned = [True] * self.seat_count  # R14: everyone turns at once
        return self._start(action)

    def _verify_turn(self, action: TurnLocomotive) -> Reason | None:
        if self.variant.start is not Start.LOCOMOTIVES_TURNED:
            return Reason.NOT_IN_THIS_VARIANT
        refusal = self._refuse_start()
        if refusal is None and self.turned[action.seat]:
            return Reason.ALREADY_TURNED
        return refusal

    def _turn_locomotive(self, action: TurnLocomotive) -> Applied:
        self.turned[action.seat] = True
        if all(self.turned):  # R23
            return self._start(action)
        return Applied(action)

    def _verify_pick(self, action: Pick) -> Reason | None:
        refusal = self._not_playing()
        if refusal:
            return refusal
        if not 0 <= action.card < len(WAGONS):
            return Reason.NO_SUCH_CARD
        if self.hands[action.seat] != NOBODY:
            return Reason.HAND_FULL  # R9
        if not self.table_mask >> action.card & 1:
            return Reason.TAKEN
        return None

    def _pick(self, action: Pick) -> Applied:
        card, seat = action.card, action.seat
        bit = 1 << card
        self.table_mask ^= bit
        self.face_up_mask &= ~bit  # R10: a picked card is face up in the hand
        self.hands[seat] = card
        return Applied(action, card, self.fits(seat, card))

    def _verify_held(self, action: Action) -> Reason | None:
        """Why a seat cannot use its search-hand card (Stack, PutBack), or None."""
        refusal = self._not_playing()
        if refusal:
            return refusal
        return Reason.HAND_EMPTY if self.hands[action.seat] == NOBODY else None

    def _verify_pass(self, action: Pass) -> Reason | None:
        refusal = self._verify_held(action)
        if refusal is None and not 0 <= action.to < self.seat_count:
            return Reason.NO_SUCH_SEAT
        if refusal is None and self.hands[action.to] != NOBODY:
            return Reason.HAND_FULL  # R9: the seat's own card is still in its hand
        return refusal

    def _pass(self, action: Pass) -> Applied:
        card = self._release(action.seat)
        self.hands[action.to] = card
        return Applied(action, card, self.fits(action.to, card))

    def _release(self, seat: int) -> int:
        card = self.hands[seat]
        self.hands[seat] = NOBODY
        return card

    def _verify_stack(self, action: Stack) -> Reason | None:
        refusal = self._verify_held(action)
        seat = action.seat
        if refusal is None and not self.would_stay(seat, self.hands[seat]):
            return Reason.DOES_NOT_FIT  # D8 assisted
        return refusal

    def _stack(self, action: Stack) -> Applied:
        seat = action.seat
        fits = self.fits(seat, self.hands[seat])
        card = self._release(seat)
        self.trains[seat].append(card)  # R8: appended, never reordered
        self.stacked_mask |= 1 << card
        self.fit_masks[seat] = self.rules[seat].mask(self.locomotives[seat], WAGONS[card])
        return Applied(action, card, fits, self._check_end())

    def _put_back(self, action: PutBack) -> Applied:
        card = self._release(action.seat)
        bit = 1 << card
        self.table_mask |= bit
        if self.variant.put_back_face_up:  # R11
            self.face_up_mask |= bit
        self.positions[card] = (min(1.0, max(0.0, action.x)), min(1.0, max(0.0, action.y)))
        return Applied(action, card)

    def _verify_stop(self, action: CallStop) -> Reason | None:
        if self.variant.ending is not Ending.STOP_CALL:
            return Reason.NOT_IN_THIS_VARIANT
        refusal = self._not_playing()
        if refusal is None and len(self.trains[action.seat]) < self.variant.min_wagons_to_stop:
            return Reason.TOO_FEW_WAGONS  # R16
        return refusal

    def _call_stop(self, action: CallStop) -> Applied:
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

    moves: ClassVar[dict[type[Action], Move]] = {
        Whistle: Move(_verify_whistle, _offer_whistle, _whistle),
        TurnLocomotive: Move(_verify_turn, _offer_turn, _turn_locomotive),
        Pick: Move(_verify_pick, _offer_picks, _pick),
        Pass: Move(_verify_pass, _offer_passes, _pass),
        Stack: Move(_verify_stack, _offer_stack, _stack),
        PutBack: Move(_verify_held, _offer_put_back, _put_back),
        CallStop: Move(_verify_stop, _offer_stop, _call_stop),
    }
