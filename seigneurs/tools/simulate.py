"""Headless bot games: every seat a bot, time simulated by reaction delays, nothing drawn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seigneurs.game.actions import Whistle
from seigneurs.game.bots import BotLevel, BotLoop, bots_random
from seigneurs.game.config import GameConfig
from seigneurs.game.engine import Phase
from seigneurs.game.factory import AnyGame, new_game
from seigneurs.game.kinds import kind_of, make_bot
from seigneurs.rules import Start

MAX_GAME_SECONDS = 3600.0


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What one finished game came to, for reports and statistics."""

    winners: tuple[int, ...]
    lengths: tuple[int, ...]
    end_reason: str
    seconds: float
    actions: int

    def to_json(self) -> dict[str, Any]:
        """A plain dict for `seigneurs simulate --json`."""
        return {"winners": list(self.winners), "lengths": list(self.lengths),
                "end_reason": self.end_reason, "seconds": round(self.seconds, 3),
                "actions": self.actions}


def summarise(game: AnyGame) -> GameSummary:
    """The winners and checked lengths of a finished game (Duo: checked wagons per seat)."""
    outcome = game.outcome()
    reason = str(game.end_reason) if game.end_reason else "unfinished"
    return GameSummary(outcome.winners, outcome.lengths, reason, game.clock, len(game.log))


def play_bot_game(config: GameConfig, levels: Sequence[BotLevel]) -> AnyGame:
    """Play one game with a bot in every seat until it ends by itself; returns the game."""
    game = new_game(config)
    play_out(game, levels)
    return game


def play_out(game: AnyGame, levels: Sequence[BotLevel]) -> None:
    """Play a freshly dealt game with a bot in every seat until it ends by itself."""
    config = game.config
    rng = bots_random(config.seed)
    bots = [make_bot(game, seat, level, rng) for seat, level in enumerate(levels)]
    if game.phase is Phase.SETUP:
        kind_of(game).set_up(game, None)  # D6: nobody chose, so at random
    if game.variant.start is Start.WHISTLE:
        game.apply(Whistle(0, 0.0))
    loop = BotLoop(dict(enumerate(bots)))
    apply = game.apply
    while not game.over:
        t = loop.next_due()
        if t > MAX_GAME_SECONDS:
            raise RuntimeError(f"bot game {config} did not end within {MAX_GAME_SECONDS} s")
        for action in loop.actions(t):
            apply(action)
