"""The crowd over TUIO into the real window (issue 16): the same children and scorer, their
fingers sent as TUIO 2 bundles over loopback UDP, read by the real TuioSource, filters and
window (headless, drawing every frame). A small window keeps the software renderer quick."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from seigneurs.game import GameConfig
from seigneurs.input.events import Contact, TouchEvent, TouchPhase
from seigneurs.tools.crowd import Crowd, CrowdSettings
from seigneurs.tools.crowd_scorer import Score
from seigneurs.tools.crowd_tuio import TuioTable, pointer
from seigneurs.tools.tuio_send import Pointer, Tuio2Server, user_high

SMALL = (640, 360)


@pytest.fixture
def table() -> Iterator[TuioTable]:
    made = TuioTable(size=SMALL)
    yield made
    made.close()


def play(table: TuioTable, settings: CrowdSettings, seconds: float) -> Score:
    score = Score()
    crowd = Crowd(GameConfig.for_players("kids", 3, 4), settings, random.Random(4), score,
                  table)
    while crowd.now < seconds:
        crowd.step()
    crowd.finish()
    return score


def test_the_crowds_picks_come_through_the_real_socket_and_window(table: TuioTable) -> None:
    score = play(table, CrowdSettings(adult=False), 12.0)
    stats = table.stats()
    assert score.picks > 5
    assert stats["bundles_sent"] > 50
    assert stats["bundles_received"] == stats["bundles_sent"]  # each frame's, before its step
    assert stats["bundles_refused"] == 0 and stats["frames_undelivered"] == 0
    assert stats["touches_unmatched"] == 0  # every touch the session read was a child's finger
    figures = score.to_json()
    assert figures["touch_down_accuracy"] is not None and figures["first_wagon_s"] is not None
    assert len(score.cpu_ms) == round(12.0 * 60)


def test_a_stray_tracker_and_a_garbled_datagram_show_in_the_tables_health(
        table: TuioTable) -> None:
    """The health figures can fail: a second tracker's finger on the table is a touch no child
    sent (unmatched), and a datagram that is no OSC is refused by the decoder."""
    score = Score()
    crowd = Crowd(GameConfig.for_players("kids", 3, 4), CrowdSettings(adult=False),
                  random.Random(4), score, table)
    while crowd.now < 4.0:
        crowd.step()
    host, port = table.tuio.address
    stray = Tuio2Server(host, port, source="stray@127.0.0.1", dim=SMALL)
    stray.frame({1: Pointer(0.5, 0.5)}, 0.0)
    stray.out.socket.sendto(b"\x00 not OSC at all \xff", (host, port))
    while crowd.now < 5.0:
        crowd.step()
    stats = table.stats()
    assert stats["touches_unmatched"] >= 1
    assert stats["bundles_refused"] >= 1


def test_a_sender_that_packs_tu_id_the_wrong_way_makes_the_ids_name_wrong_seats() -> None:
    """The user in tu_id's low half, the type in the high (as the reference client reads it):
    every finger is "user 1", seat 0's id; the scorer sees the table name the wrong children."""
    accuracy = {}
    for name, packing in (("right", user_high), ("wrong", lambda user, kind: kind << 16 | user)):
        made = TuioTable(size=SMALL, tu_id=packing)
        try:
            score = play(made, CrowdSettings(user_ids=True, adult=False, ghosts=False), 12.0)
        finally:
            made.close()
        assert score.touch_downs_guessed > 5
        accuracy[name] = score.touch_downs_right / score.touch_downs_guessed
    assert accuracy["right"] > 0.8
    assert accuracy["wrong"] < accuracy["right"] - 0.3


def test_a_finger_becomes_the_ptr_a_tracker_sends() -> None:
    """TUIO's y runs down, its angles turn from x towards y; 0 where nothing is measured; the
    crowd's child k is user k + 1 (0 is nobody); an axis-only reading goes as a bnd."""
    down = TouchEvent(1, TouchPhase.DOWN, 0.25, 0.75, 0.0, 2)
    assert pointer(down, 2)[:8] == (0.25, 0.25, 3, 1, 0.0, 0.0, 0.0, 0.0)
    assert pointer(down, None).user == 0
    signed = pointer(down._replace(contact=Contact(0.02, 0.01, 90.0, True)), None)
    assert signed.angle == pytest.approx(1.5 * math.pi) and signed.radius == 0.01
    axis = pointer(down._replace(contact=Contact(0.02, 0.01, 30.0, False)), None)
    assert axis.angle == 0.0 and axis.box == pytest.approx((math.radians(150), 0.02, 0.01))
    unreadable = pointer(down._replace(contact=Contact(0.06, 0.03)), None)
    assert (unreadable.angle, unreadable.radius, unreadable.box) == (0.0, 0.03, None)
