"""What every game engine shares: phases, the action log, dispatch and fair simultaneity.

A game is deterministic from its config (seed included) and the actions it was given, in order:
`record()` writes them as JSON lines and `replay()` rebuilds the same game from them. A chance
outcome (Duo's locomotive removed at random, D6) is drawn before its move, from the game's own
seeded stream, and the log holds the action as drawn: a replay reads the outcome, never redraws
it (as OpenSpiel's chance nodes and boardgame.io's logged randomness).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from seigneurs.game.actions import (
    Action,
    Applied,
    EndReason,
    NotApplied,
    Reason,
    Result,
)
from seigneurs.game.config import GameConfig
from seigneurs.rules import Variant


class Phase(StrEnum):
    """Where a game is in its life."""

    SETUP = "setup"  # Duo: the removed locomotive is not chosen yet (D6)
    READY = "ready"  # dealt, waiting for the whistle or the locomotives (R14, R23)
    PLAYING = "playing"
    OVER = "over"


Verifier = Callable[[Any, Any], Reason | None]
Performer = Callable[[Any, Any], Applied]
Offered = Sequence[Action]
Offers = Callable[[Any, int, float], Offered]
Draw = Callable[[Any, Any], Action]


@dataclass(frozen=True, slots=True)
class Move:
    """One action type of an engine, its rule kept together: why it is refused (`verify`),
    every instance a seat may take now (`offers`, read from the state, not tried one by one),
    what it changes (`perform`) and, for a move with a chance outcome, its `draw`."""

    verify: Verifier
    offers: Offers
    perform: Performer
    draw: Draw | None = None


class Game:
    """Base of the engines: subclasses fill `moves`, one `Move` per action type they accept.

    The contract (as PokerKit's state machines): `verify(action)` says why an action would be
    refused, `can(action)` whether it would be accepted, `legal_actions(seat)` lists every
    action `can` accepts (a free field, PutBack's position, once, at its default); `apply`
    performs only what `verify` accepts, so a refusal changes nothing at all.
    """

    moves: ClassVar[dict[type[Action], Move]] = {}

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.variant: Variant = config.spec
        self.rng = random.Random(config.seed)
        self.seat_count = len(config.seats)
        self.phase = Phase.READY
        self.end_reason: EndReason | None = None
        self.log: list[Action] = []
        self.clock = 0.0
        self.observers: list[Callable[[Action], None]] = []  # e.g. the kiosk's journal

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    def verify(self, action: Action) -> Reason | None:
        """Why `action` would be refused now, or None if it would be accepted."""
        if not 0 <= action.seat < self.seat_count:
            return Reason.NO_SUCH_SEAT
        move = self.moves.get(type(action))
        if move is None:
            return Reason.NOT_IN_THIS_VARIANT
        return move.verify(self, action)

    def can(self, action: Action) -> bool:
        """Whether `action` would be accepted now."""
        return self.verify(action) is None

    def legal_actions(self, seat: int, t: float = 0.0) -> list[Action]:
        """Every action `seat` may take now, stamped `t`: what each move offers."""
        if not 0 <= seat < self.seat_count:
            return []
        return [action for move in self.moves.values() for action in move.offers(self, seat, t)]

    def apply(self, action: Action) -> Result:
        """Apply one action now; a refusal leaves state, clock and log exactly as they were.
        An accepted action with a chance outcome is logged, observed and answered as drawn."""
        reason = self.verify(action)
        if reason is not None:
            return NotApplied(action, reason)
        move = self.moves[type(action)]
        if move.draw is not None:
            action = move.draw(self, action)
        self.log.append(action)
        if action.t > self.clock:
            self.clock = action.t
        result = move.perform(self, action)
        for observer in self.observers:  # after the change, so an observer sees the game end
            observer(action)
        return result

    def _end(self, reason: EndReason) -> EndReason:
        self.phase = Phase.OVER
        self.end_reason = reason
        return reason

    def _not_playing(self) -> Reason | None:
        """The refusal for an in-game action outside play, or None while playing."""
        if self.phase is Phase.PLAYING:
            return None
        return Reason.GAME_OVER if self.phase is Phase.OVER else Reason.NOT_STARTED

    def _refuse_start(self) -> Reason | None:
        """Why a start action is refused once the game is under way, or None."""
        if self.phase is Phase.SETUP:
            return Reason.NOT_CHOSEN
        if self.phase is not Phase.READY:
            return Reason.ALREADY_STARTED if self.phase is Phase.PLAYING else Reason.GAME_OVER
        return None

    def _start(self, action: Action) -> Applied:
        self.phase = Phase.PLAYING
        return Applied(action, ended=self._check_end())

    def _check_end(self) -> EndReason | None:
        """Subclasses end the game here when nobody can go on; None while play continues."""
        return None

    def record(self) -> list[str]:
        """The event log as JSON lines: a header with the config, then one line per action."""
        return [json.dumps({"config": self.config.to_json()}),
                *(json.dumps(a.to_json()) for a in self.log)]

