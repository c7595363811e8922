"""What each game kind does around play, in the pure game layer: the Duo deal takes out the
chosen locomotive at the game's time zero (D6, R27), a resumed race puts every held card back
(R11), the history's record of a finished game (R17, R18, R32), and a close bot at the Duo
table holding back while it leads the child (issue 18)."""

from __future__ import annotations

import random
from dataclasses import replace

from helpers import pick, started_race

from seigneurs.game import (
    DuoGame,
    GameConfig,
    Lay,
    Pick,
    RemoveLocomotive,
    Stack,
    Whistle,
    new_game,
)
from seigneurs.game.bots import BOT_LEVELS, DuoBot
from seigneurs.game.engine import Phase
from seigneurs.game.kinds import KINDS, deal
from seigneurs.game.race import NOBODY
from seigneurs.rules import WAGONS, WagonType

RACE, DUO = KINDS["race"], KINDS["duo"]


def duo_dealt(removed: WagonType | None = WagonType.COAL, seed: int = 5) -> DuoGame:
    game = deal(GameConfig.for_players("duo", 2, seed), removed)
    assert isinstance(game, DuoGame)
    return game


def test_d6_the_duo_deal_takes_out_the_chosen_locomotive_at_time_zero() -> None:
    """The deal's choice is the log's first line, as the table made it (seat 0, t 0): the
    clock still reads the deal's instant and the lobby's choice is the one taken out."""
    game = duo_dealt(WagonType.COAL)
    assert game.log == [RemoveLocomotive(0, 0.0, WagonType.COAL)]
    assert game.clock == 0.0 and game.phase is Phase.READY
    assert DUO.set_aside(game) is WagonType.COAL  # dealt again, the same one goes


def test_d6_a_duo_game_not_yet_set_up_has_set_nothing_aside() -> None:
    game = new_game(GameConfig.for_players("duo", 2, 5))
    assert DUO.set_aside(game) is None and RACE.set_aside(game) is None


def test_r11_a_resumed_race_puts_every_held_card_back_where_it_was_dealt() -> None:
    """Card 0 held too: the first wagon is a card like any other."""
    game = started_race("lords", 3, seed=2)
    assert game.apply(Pick(0, 1.0, 0)).ok
    other = pick(game, 1, fits=False, t=2.0)
    dealt = list(game.positions)
    RACE.resumed(game)
    assert game.hands == [NOBODY] * 3
    assert game.table_mask >> 0 & 1 and game.table_mask >> other & 1
    assert game.positions == dealt and game.clock == 2.0
    assert [(a.seat, a.t) for a in game.log[-2:]] == [(0, 2.0), (1, 2.0)]


def test_r17_r18_the_race_record_names_each_train_its_checked_length_and_the_winner() -> None:
    game = started_race("lords", 2, seed=1)
    card = pick(game, 0, fits=True)
    assert game.apply(Stack(0, 1.5)).ok
    trains, winners = RACE.record(game)
    assert trains == [
        {"locomotive": str(game.locomotives[0]), "wagons": [str(WAGONS[card])], "checked": 1},
        {"locomotive": str(game.locomotives[1]), "wagons": [], "checked": 0}]
    assert winners == [0]


def test_r32_the_duo_record_names_each_locomotive_its_rows_lengths_and_winner() -> None:
    game = duo_dealt(WagonType.COAL)
    assert game.apply(Whistle(0, 0.0)).ok
    row = game.fitting_rows(0)[0]
    assert game.apply(Lay(0, 1.0, row)).ok
    trains, winners = DUO.record(game)
    assert [t["locomotive"] for t in trains] == [str(loco) for loco in game.locomotives]
    assert trains[row] == {"locomotive": str(game.locomotives[row]), "lengths": [1, 0],
                           "winner": 0}
    assert all(t["lengths"] == [0, 0] and t["winner"] is None
               for k, t in enumerate(trains) if k != row)
    assert winners == [0]


def test_issue18_a_close_duo_bot_holds_back_while_it_leads_the_child() -> None:
    """Level with the child it plays; a wagon ahead it waits; once the child has caught up it
    takes the next wagon the child's own seconds a wagon after its own last one (issues 18,
    33, 52: its rhythm is the child's, not a dash after each of the child's wagons)."""
    game = duo_dealt(WagonType.COAL)
    assert game.apply(Whistle(0, 0.0)).ok
    bot = DuoBot(game, 1, replace(BOT_LEVELS["close"], aims=(0,)), random.Random(1))
    bot.people = (0,)  # (heading for level: no aim stretches its rhythm here)
    first = bot.next_action(2.0)  # level, 0 each: nothing to wait for (it watches from 2 s)
    assert isinstance(first, Lay) and game.apply(first).ok
    assert bot.next_action(3.0) is None  # one wagon ahead of the child: it waits
    assert game.apply(Lay(0, 4.0, 0)).ok  # classic Duo: any row is accepted
    assert bot.progress(0) == bot.progress(1) == 1  # level: the child took 2 s for its wagon
    again = bot.next_action(4.0)  # the child's 2 s after the bot's own first wagon
    assert isinstance(again, Lay) and game.apply(again).ok
    assert bot.next_action(4.5) is None  # a wagon ahead again
    assert game.apply(Lay(0, 5.0, 0)).ok  # 1.5 s a wagon so far: the next at 4.0 + 1.5
    assert bot.next_action(5.0) is None and bot.next_action(5.45) is None  # not sooner
    third = bot.next_action(5.5)
    assert isinstance(third, Lay) and game.apply(third).ok
