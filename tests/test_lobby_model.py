"""Issue 26, item 4: the lobby's model apart from its view, driven without arcade: joining
order (D9), bots by level, Kids/Rois rules per seat (R25), modes (D8), Duo's places and
locomotive (D6), and the game it deals; issue 29: a lobby a child alone can start."""

from __future__ import annotations

import subprocess
import sys

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.kiosk.config.schema import TableSettings
from seigneurs.rules import Rule, WagonType
from seigneurs.table.layout import TableLayout
from seigneurs.ui.lobby import HOLD_S, MEANING_S, Lobby, Member, Step

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


# Issue 29, item 3: a lobby a child alone can start.

def test_a_child_alone_is_led_to_the_robot_of_a_free_place_then_to_the_whistle() -> None:
    lobby = Lobby("kids")
    places = lobby.places(LAYOUT)
    assert lobby.next_step(places) == Step("child", tuple(places))  # nobody: every face
    lobby.set(2, Member(None))
    step = lobby.next_step(places)
    assert step == Step("robot", (3,))  # the next free place round the table
    lobby.tap_robot(*step.places)
    assert lobby.members[3].bot is not None and lobby.next_step(places) == Step("start")


def test_a_bot_alone_leads_to_the_child_faces_not_to_more_robots() -> None:
    lobby = Lobby("kids")
    places = lobby.places(LAYOUT)
    lobby.tap_robot(0)
    assert lobby.next_step(places) == Step("child", (1, 2, 3, 4, 5))


def test_tapping_the_robot_beside_a_child_never_removes_the_child() -> None:
    lobby = Lobby("kids")
    lobby.set(1, Member(None))
    for _ in range(len(BOT_LEVELS) + 2):
        lobby.tap_robot(1)
    assert lobby.members == {1: Member(None)} and lobby.joined == [1]
    lobby.tap_robot(4)  # a free place: the robot still comes and goes by level
    assert lobby.members[4].bot is lobby.levels[0]


def test_a_tap_on_a_rule_or_mode_button_changes_nothing_a_hold_does() -> None:
    lobby = Lobby("kids")
    lobby.set(0, Member(None))
    lobby.press(7, 0, "rule", now=10.0)
    lobby.lift(7)  # a tap: the finger lifts before the hold is done
    assert lobby.tick(10.0 + HOLD_S) == [] and lobby.members[0] == Member(None)
    lobby.press(8, 0, "rule", now=20.0)
    assert lobby.tick(20.0 + HOLD_S * 0.9) == [] and 0.8 < lobby.held(0, "rule", 20.9) < 1.0
    assert lobby.tick(20.0 + HOLD_S) == [0]
    assert lobby.rule(lobby.members[0]) is Rule.EXACTLY_ONE  # Rois, held on purpose
    assert lobby.tick(30.0) == []  # one change per hold, however long the finger stays


def test_a_hold_on_an_empty_place_or_after_the_child_left_changes_nothing() -> None:
    lobby = Lobby("kids")
    lobby.press(1, 2, "mode", now=0.0)
    assert not lobby.holds
    lobby.set(2, Member(None))
    lobby.press(1, 2, "mode", now=0.0)
    lobby.set(2, None)
    assert lobby.tick(HOLD_S) == [] and not lobby.holds


def test_a_changed_mode_shows_what_it_means_for_a_while() -> None:
    lobby = Lobby("kids")
    lobby.set(5, Member(None))
    assert lobby.meanings(0.0) == {}
    lobby.press(3, 5, "mode", now=1.0)
    lobby.tick(1.0 + HOLD_S)
    assert lobby.meanings(1.0 + HOLD_S) == {5: False}  # classic now: its picture
    assert lobby.meanings(1.0 + HOLD_S + MEANING_S) == {}


def test_the_lobby_opens_on_kids_on_a_fresh_install() -> None:
    assert TableSettings().default_variant == "kids"


def test_a_rule_held_where_seats_have_no_choice_changes_nothing() -> None:
    lobby = Lobby("lords")
    lobby.set(0, Member(None))
    lobby.press(1, 0, "rule", now=0.0)
    assert lobby.tick(HOLD_S) == [] and lobby.members[0] == Member(None)
