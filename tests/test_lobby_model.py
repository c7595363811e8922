"""Issue 26, item 4: the lobby's model apart from its view, driven without arcade: joining
order (D9), bots by level, Kids/Rois rules per seat (R25), modes (D8), Duo's places and
locomotive (D6), and the game it deals."""

from __future__ import annotations

import subprocess
import sys

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.rules import Rule, WagonType
from seigneurs.table.layout import TableLayout
from seigneurs.ui.lobby import Lobby, Member

LAYOUT = TableLayout.build(1280, 720)


def test_the_lobby_model_loads_without_arcade() -> None:
    code = ("import sys, seigneurs.ui.lobby; sys.exit(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('arcade', 'pyglet', 'pymunk')) or None)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr


def test_d9_seats_follow_the_joining_order_and_the_game_is_dealt_so() -> None:
    lobby = Lobby("kids")
    for place in (4, 0, 2):
        lobby.set(place, Member(None))
    lobby.set(0, None)  # the child at place 0 leaves
    lobby.set(0, Member(BOT_LEVELS["child"]))  # a bot takes it: it joined last
    assert lobby.joined == [4, 2, 0] and lobby.ready()
    config, plans = lobby.start(lobby.places(LAYOUT), seed=9)
    assert config.variant == "kids" and config.seed == 9
    assert [plan.colour for plan in plans] == [4, 2, 0]
    assert [plan.bot for plan in plans] == [None, None, BOT_LEVELS["child"]]


def test_the_robot_button_goes_through_the_levels_from_the_configured_one() -> None:
    lobby = Lobby("lords", first_level="adult")
    seen, member = [], lobby.next_bot(None)
    while member is not None:
        assert member.bot is not None
        seen.append(member.bot.name)
        member = lobby.next_bot(member)
    assert seen[0] == "adult" and sorted(seen) == sorted(BOT_LEVELS)


def test_r25_d8_rules_and_modes_per_seat_and_a_rule_the_new_variant_lacks_is_forgotten() -> None:
    lobby = Lobby("kids", mode="auto")
    assert lobby.mixed and lobby.rule(None) is Rule.AT_LEAST_ONE and lobby.assisted(None)
    rois = lobby.other_rule(Member(None))
    assert rois.rule is Rule.EXACTLY_ONE and not lobby.assisted(rois)  # Rois plays classic
    assert lobby.other_mode(rois).assisted is True
    lobby.set(1, rois)
    lobby.choose("lords")
    assert not lobby.mixed and lobby.members == {1: Member(None)}
    assert not Lobby("kids", mode="classic").assisted(None)


def test_d6_duo_seats_two_facing_places_and_offers_its_locomotive() -> None:
    lobby = Lobby("lords")
    lobby.set(3, Member(None))
    assert not lobby.offers_locomotives and len(lobby.places(LAYOUT)) == 6
    lobby.choose("duo")
    assert lobby.members == {} and lobby.joined == []  # other places: everyone joins again
    assert lobby.offers_locomotives and len(lobby.places(LAYOUT)) == 2
    lobby.take_out(WagonType.COAL)
    assert lobby.removed is WagonType.COAL
    lobby.take_out(WagonType.COAL)
    assert lobby.removed is None
