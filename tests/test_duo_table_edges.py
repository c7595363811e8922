"""The Duo table at its edges (issue 25's table sample): a tap on the under button tells the
view which card went under, by which touch, and that no bot did it (R30); a long row closes up
to reach exactly the table's edge margin, no further and no shorter (R28, issue 12)."""

from __future__ import annotations

from race_table import LAYOUT, playing_duo

from seigneurs.input.events import TouchEvent, TouchPhase
from seigneurs.table import events


def test_r30_a_tap_on_the_under_button_names_the_card_the_touch_and_no_bot() -> None:
    session = playing_duo()
    control, geometry = session.control, session.geometry
    card = session.game.top_card(0)
    assert card is not None
    control.play.drain()
    x, y = geometry.under(0).centre
    control.touches([TouchEvent(7, TouchPhase.DOWN, x / LAYOUT.width, y / LAYOUT.height, 1.0)],
                    LAYOUT.width, LAYOUT.height)
    unders = [e for e in control.play.drain() if isinstance(e, events.WentUnder)]
    assert unders == [events.WentUnder(0, card, 7, False)]
    assert session.game.piles[0][-1] == card


def test_r28_a_long_row_closes_up_to_reach_the_edge_margin_exactly() -> None:
    geometry = playing_duo().geometry
    margin = geometry.card_w * 0.3
    for count in (12, 20, 27):
        right = geometry.slot(0, 2, count - 1, count)[0] + geometry.row_card / 2
        left = geometry.slot(1, 2, count - 1, count)[0] - geometry.row_card / 2
        assert abs(right - (LAYOUT.width - margin)) < 1e-6
        assert abs(left - margin) < 1e-6
    first, second = (geometry.slot(0, 2, i, 3)[0] for i in (0, 1))
    assert abs(second - first - geometry.row_card * 1.06) < 1e-6  # room: whole cards apart
