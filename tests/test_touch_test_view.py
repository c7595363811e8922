"""The touch test shows each touch with the seat the game itself would first guess for it
(issue 26: one seat guess, `table.attribution.SeatGuesser`): the source's user id where it has
one, else the nearest seat zone; kept while the finger is down, whatever it crosses."""

from __future__ import annotations

from table_driver import Driver

from seigneurs.kiosk.config import TableSettings
from seigneurs.ui.touch_test_view import TouchTestView


def test_the_touch_test_seat_is_the_user_ids_else_the_nearest_zone_kept_until_the_lift(
        ) -> None:
    driver = Driver(settings=TableSettings(user_seats={42: 3}))
    try:
        driver.window.nav.show_touch_test()
        view = driver.scene
        assert isinstance(view, TouchTestView)
        places = driver.window.layout.places
        near_0 = places[0].zone.center
        far = places[len(places) - 1].zone.center
        plain = driver.down(*near_0)
        driver.frames()
        assert view.seats[plain] == 0
        driver.move(plain, *far)  # crossing the table keeps the touch-down's seat
        driver.frames()
        assert view.seats[plain] == 0
        known = driver.down(*near_0, user=42)  # the source knows this user: seat 3
        driver.frames()
        assert view.seats[known] == 3
        driver.up(plain, *far)
        driver.up(known, *near_0, user=42)
        driver.frames()
        assert view.seats == {}
        assert {t.id: t.seat for t in view.log.traces.values()} == {plain: 0, known: 3}
    finally:
        driver.close()
