"""The results of a Duo game: the locomotives down the middle, each player's rows on their
side, checked one locomotive at a time, each won locomotive sliding into its winner's tally
(R32-R34); a locomotive whose rows tie on length goes by the wagons of its type (R33): each
row's counted wagons lift and glow one by one, a dot lighting for each beside the row."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import arcade

from seigneurs.art.palette import INK
from seigneurs.game import DuoGame
from seigneurs.rules import DuoDetails, DuoOutcome
from seigneurs.ui.base import fit
from seigneurs.ui.results_layout import Band, snake
from seigneurs.ui.results_timeline import Group
from seigneurs.ui.results_view import LIFT_BY, ResultsView, dot_spots


@dataclass(slots=True)
class Tally:
    """Where each player's won locomotives go, one after another."""

    spots: list[list[tuple[float, float]]] = field(default_factory=list)


def lay_out_duo(view: ResultsView, game: DuoGame) -> DuoOutcome:
    """Lay Duo's results out on `view`: bands and tallies, then a group per locomotive."""
    outcome = game.outcome()
    layout, media = view.app.layout, view.app.media
    free, column, gap = layout.free, view.column, layout.card_w * 0.12
    pitch = free.h / len(outcome.details.locomotives)
    mid = layout.width / 2
    largest = min(layout.card_w, pitch * 0.9 / 1.4)
    rim = layout.card_w * 0.4
    side = mid - largest / 2 - gap - column * 2.8 - gap * 3 - rim
    longest = max([1, *(len(r) for rows in game.rows for r in rows)])
    line = snake(longest, side, largest * 1.4, largest, view.smallest, most_lines=1)
    tally = Tally()
    for seat, plan in enumerate(view.seats):
        zone = plan.place.zone
        band = Band(plan.place, layout.width * 0.72, min(zone.w, zone.h))
        view.band(band, plan.colour)
        angle = -plan.place.angle
        middle = band.depth / 2
        view.again_and_face(seat, band, angle, middle)
        label = view.number(band.point(middle, column * 2.1), column * 1.1, angle, "0")[1]
        view.won_counts.append(label)
        tally.spots.append([band.point(middle, column * (3.3 + 1.05 * k))
                            for k in range(len(outcome.details.locomotives))])
        if seat in outcome.winners:
            view.trophy(band.point(middle, column * 0.8), angle, seat)
    for index, result in enumerate(outcome.details.locomotives):
        y = free.y + free.h - (index + 0.5) * pitch
        loco_texture = media.locomotive(result.locomotive.type)
        loco = fit(arcade.Sprite(loco_texture), largest)
        loco.position = (mid, y)  # upright: its faces read from both sides, as wagons do
        view.panels.append(loco)
        group = Group([], then=functools.partial(_award, view, outcome.details, tally, index,
                                                 loco))
        for seat in (0, 1):
            sign = 1 if seat == 0 else -1
            angle = -view.seats[seat].place.angle
            cards = game.rows[seat][index]
            start = mid + sign * (largest / 2 + gap)
            at = [(mid, y), *((start + sign * a, y) for _f, a in line.spots[:len(cards)])]
            end = line.spots[len(cards) - 1][1] + line.card_w / 2 if cards else 0.0
            edge = start + sign * (end + gap * 2 + column / 2)  # right after the row
            row = view.row(seat, [loco_texture, *(media.wagons[c] for c in cards)],
                           result.checks[seat], at, angle, line.card_w, (edge, y))
            row.sprites[0].visible = False
            row.revealed = 1  # the locomotive is already drawn in the middle
            group.rows.append(row)
            broken = result.of_type  # the rules say which wagons decide (R33), if any
            if broken is not None:
                beside = edge + sign * (column * 0.95 + gap)
                picture = view.icon(loco_texture, column * 0.75, (beside, y), angle)
                middle = beside + sign * (column * 0.75 + gap)  # the dots past the picture
                dots = [(middle + sign * along, y + across)
                        for along, across in dot_spots(broken.count(seat), column * 0.34)]
                up = -1 if seat == 1 else 1  # toward this player (they face each other)
                group.lifts.append(view.tie_lift(row, broken.positions[seat], picture, dots,
                                                 (0.0, up * line.card_w * LIFT_BY)))
        view.groups.append(group)
    return outcome


def _award(view: ResultsView, details: DuoDetails, tally: Tally, index: int,
           loco: arcade.Sprite) -> None:
    """One Duo locomotive checked: the winning row's count turns gold, the reason shows,
    and a copy of the locomotive slides into the winner's tally (R33)."""
    result = details.locomotives[index]
    rows = view.groups[index].rows
    if result.winner is None:
        return
    winner = rows[result.winner]
    winner.disc.texture = view.app.media.icons["light"]
    winner.count.color = (*INK, 255)
    won = sum(r.winner == result.winner for r in details.locomotives[:index + 1])
    copy = fit(arcade.Sprite(loco.texture), view.column * 0.9)
    copy.position = loco.position
    copy.angle = -view.seats[result.winner].place.angle
    view.marks.append(copy)
    view.slide(copy, tally.spots[result.winner][won - 1], 0.6)
    view.won_counts[result.winner].text = str(won)
    view.app.media.play("stack")
