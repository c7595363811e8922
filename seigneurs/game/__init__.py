"""The simultaneous game as a pure, deterministic state machine (seed + actions = the game)."""

from seigneurs.game.actions import (
    ACTIONS,
    Action,
    Applied,
    CallStop,
    EndReason,
    Lay,
    NotApplied,
    Pass,
    Pick,
    PutBack,
    Reason,
    RemoveLocomotive,
    Result,
    Stack,
    TurnLocomotive,
    Under,
    Whistle,
    action_from_json,
)
from seigneurs.game.config import GameConfig, SeatConfig
from seigneurs.game.duo import DuoGame
from seigneurs.game.engine import Game, Phase
from seigneurs.game.factory import AnyGame, new_game, replay
from seigneurs.game.race import RaceGame

__all__ = [
    "ACTIONS",
    "Action",
    "AnyGame",
    "Applied",
    "CallStop",
    "DuoGame",
    "EndReason",
    "Game",
    "GameConfig",
    "Lay",
    "NotApplied",
    "Pass",
    "Phase",
    "Pick",
    "PutBack",
    "RaceGame",
    "Reason",
    "RemoveLocomotive",
    "Result",
    "SeatConfig",
    "Stack",
    "TurnLocomotive",
    "Under",
    "Whistle",
    "action_from_json",
    "new_game",
    "replay",
]
