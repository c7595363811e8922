"""The installer's check: every touch drawn where it is, with its id, its seat and its trail,
over the seat zones, so calibration and orientation can be seen at a glance. The seat is the
game's own first guess (`SeatGuesser`: the user id, else the nearest zone), kept until the
touch lifts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade

from seigneurs.input.events import DOWN, UP, TouchEvent
from seigneurs.input.report import TouchLog
from seigneurs.table.attribution import SeatGuesser
from seigneurs.ui.base import BaseView, zone_sprite
from seigneurs.ui.seat import SeatColour

if TYPE_CHECKING:
    from seigneurs.ui.host import Host

TRAIL = 40
RING = 34
"""The ring round a touch, in pixels; its label starts beyond it (up and right), never across."""


class TouchTestView(BaseView):
    """Shows live touches; keeps a `TouchLog` of everything seen."""

    def __init__(self, window: Host) -> None:
        super().__init__(window)
        layout = window.layout
        self.zones: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        for index, place in enumerate(layout.places):
            self.zones.append(zone_sprite(place, SeatColour(index), 90))
        self.guesser = SeatGuesser([p.zone.center for p in layout.places],
                                   range(len(layout.places)), window.user_seats)
        self.log = TouchLog()
        self.live: dict[int, list[tuple[float, float]]] = {}
        self.seats: dict[int, int] = {}
        """Each live touch's seat, decided at its touch-down."""
        self.batch = window.text_batch()
        self.labels: dict[int, arcade.Text] = {}

    def touches(self, events: Sequence[TouchEvent]) -> None:
        layout = self.app.layout
        for event in events:
            point = (event.x * layout.width, event.y * layout.height)
            if event.phase is DOWN:
                by_user = self.guesser.by_user(event.user)
                self.seats[event.id] = self.guesser.nearest(*point) if by_user is None \
                    else by_user
            seat = self.seats.get(event.id)  # None: a touch that began before the view
            self.log.add([event], seat)
            if event.phase is DOWN:
                self.live[event.id] = [point]
                self.labels[event.id] = arcade.Text(f"{event.id}·{seat}", point[0] + RING,
                                                    point[1] + RING, arcade.color.WHITE, 18,
                                                    batch=self.batch)
            elif event.id in self.live:
                trail = self.live[event.id]
                trail.append(point)
                del trail[:-TRAIL]
                self.labels[event.id].position = (point[0] + RING, point[1] + RING)
                if event.phase is UP:
                    del self.live[event.id]
                    self.labels.pop(event.id).text = ""
            if event.phase is UP:
                self.seats.pop(event.id, None)

    def on_draw(self) -> None:
        self.clear()
        self.zones.draw()
        for touch, trail in self.live.items():
            seat = self.seats.get(touch)
            colour = SeatColour(seat).rgb if seat is not None else (255, 255, 255)
            if len(trail) > 1:
                arcade.draw_line_strip(trail, colour, 4)
            x, y = trail[-1]
            arcade.draw_circle_outline(x, y, RING, colour, 5)
        self.batch.draw()
