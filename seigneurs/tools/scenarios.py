"""Finished games that show what the results view must explain, for screenshots and the README
(`seigneurs screenshot results --scenario NAME`). Each is played through the real engine,
action by action or by bots, never drawn by hand; each checks it came out as its name says.
"""

from __future__ import annotations

from collections.abc import Callable

from seigneurs.game.actions import CallStop, Pick, Stack, Whistle
from seigneurs.game.bots import BOT_LEVELS
from seigneurs.game.config import GameConfig
from seigneurs.game.duo import DuoGame
from seigneurs.game.factory import AnyGame, new_game
from seigneurs.game.race import RaceGame
from seigneurs.rules import WAGONS, WinReason
from seigneurs.tools.simulate import play_out


def training_tie(seed: int = 1) -> RaceGame:
    """Training for three, classic checking: seats 0 and 1 each stack five wagons of their
    locomotive's type, seat 2 three, a wrong one, then one more; seat 0 calls stop. A tie of
    five the player who did not call stop wins (R16, R17, R18)."""
    game = new_game(GameConfig.for_players("training", 3, seed, assisted=False), RaceGame)
    game.apply(Whistle(0, 0.0))
    own = [[c for c in range(len(WAGONS)) if WAGONS[c].type == loco.type]
           for loco in game.locomotives]
    wrong = next(c for c in range(len(WAGONS))
                 if all(WAGONS[c].type != loco.type for loco in game.locomotives))
    plans = [own[0][:5], own[1][:5], [*own[2][:3], wrong, own[2][3]]]
    t = 0.0
    for step in range(5):
        for seat, plan in enumerate(plans):
            t += 0.7
            game.apply(Pick(seat, t, plan[step]))
            game.apply(Stack(seat, t + 0.3))
    game.apply(CallStop(0, t + 1.0))
    outcome = game.outcome()
    if (outcome.reason is not WinReason.NOT_STOP_CALLER or outcome.winners != (1,)
            or outcome.details.stop_caller != 0):
        raise RuntimeError(f"the Training tie did not come out as planned: {outcome}")
    return game


def duo_tie_break(seed: int = 1, tries: int = 300) -> DuoGame:
    """A Duo game played by two adult bots in which a locomotive tied on length goes to the
    player with more wagons of its type (R33): the first such game from `seed` on."""
    for game_seed in range(seed, seed + tries):
        game = new_game(GameConfig.for_players("duo", 2, game_seed), DuoGame)
        play_out(game, [BOT_LEVELS["adult"]] * 2)
        if any(r.reason is WinReason.MOST_OF_TYPE for r in game.outcome().details.locomotives):
            return game
    raise LookupError(f"no Duo game from seed {seed} to {seed + tries - 1} had a tie-break")


def race_tie_break(variant_name: str, players: int, seed: int = 1,
                   tries: int = 300) -> RaceGame:
    """A race of `variant_name` for `players` adult bots in which the longest trains tie and
    the one with more wagons of its locomotive's type wins (R22, D5): the first such from
    `seed` on."""
    for game_seed in range(seed, seed + tries):
        game = new_game(GameConfig.for_players(variant_name, players, game_seed), RaceGame)
        play_out(game, [BOT_LEVELS["adult"]] * players)
        if game.outcome().reason is WinReason.MOST_OF_TYPE:
            return game
    raise LookupError(f"no {variant_name} game from seed {seed} to {seed + tries - 1} had a "
                      f"tie-break")


def lords_tie_break(seed: int = 1) -> RaceGame:
    """Seigneurs for three, a tie decided by the locomotives' types (R22)."""
    return race_tie_break("lords", 3, seed)


def kids_tie_break(seed: int = 1) -> RaceGame:
    """Kids for two, 27 to 27 (the whole deck stacked), decided by the locomotives' types
    (R22): the game issue 52's child saw end, and could not see why."""
    return race_tie_break("kids", 2, seed)


SCENARIOS: dict[str, Callable[[int], AnyGame]] = {
    "training-tie": training_tie, "duo": duo_tie_break, "lords-tie": lords_tie_break,
    "kids-tie": kids_tie_break,
}
