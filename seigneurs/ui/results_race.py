"""The results of a race game (Training, Seigneurs, Kids, Rois): one band per seat, the train
as a snake in it, a trophy beside the count (R17, R18, R21); where the trains tie and the
wagons of the type decide (R22, D5), a last moment after the check: each tied train's
counted wagons lift and glow one by one and a dot lights for each beside its locomotive's
picture."""

from __future__ import annotations

import arcade

from seigneurs.game import RaceGame
from seigneurs.rect import Rect
from seigneurs.rules import RaceOutcome
from seigneurs.rules import check_order as checking_order
from seigneurs.ui.results_layout import CARD_RATIO, Band, grow_bands, snake
from seigneurs.ui.results_timeline import CheckRow, Group, TieLift
from seigneurs.ui.results_view import BIGGEST, LIFT_BY, ResultsView, dot_spots


def lay_out_race(view: ResultsView, game: RaceGame) -> RaceOutcome:
    """Lay the race's results out on `view`: each seat's band, train, count and reasons."""
    outcome = game.outcome()
    layout, media = view.app.layout, view.app.media
    size = layout.card_w * 1.7
    cx, cy = layout.free.center
    keep_out = Rect(cx - size * 0.65, cy - size * 0.65, size * 1.3, size * 1.3)
    rim = layout.card_w * 0.25
    table = Rect(rim, rim, layout.width - 2 * rim, layout.height - 2 * rim)
    bands = grow_bands([plan.place for plan in view.seats], table, keep_out,
                       layout.card_w * 0.1, layout.card_h * 4)
    view.again.append(view.icon(media.icons["again"], size, (cx, cy), 0))
    column, gap = view.column, layout.card_w * 0.12
    tie = Group([])  # the tie-break's moment, after every train is checked (R22)
    broken = outcome.details.of_type
    for seat in checking_order(range(len(view.seats))):  # D9: the order players joined
        band, plan = bands[seat], view.seats[seat]
        view.band(band, plan.colour)
        angle = -plan.place.angle
        loco = media.locomotive(game.locomotives[seat].type)
        textures = [loco, *(media.wagons[c] for c in game.trains[seat])]
        start = column * 2 + gap * 2
        end = view.again_and_face(seat, band, angle, min(band.depth / 2, column * 0.7))
        line = snake(len(textures), band.width - start - gap - end, band.depth - 2 * gap,
                     layout.card_w * BIGGEST, view.smallest)
        at = [band.point(gap + f, start + a) for f, a in line.spots]
        middle = min(band.depth / 2, column * 0.7)
        row = view.row(seat, textures, outcome.details.checks[seat], at, angle, line.card_w,
                       band.point(middle, gap + column * 1.5))
        trophy_at = band.point(middle, gap + column * 0.5)
        reason_at = band.point(min(band.depth - column * 0.55, middle + column * 1.3),
                               gap + column)
        if seat == outcome.details.stop_caller:  # Training: who called stop (R16, R18)
            view.reasons.append(view.icon(media.icons["stop"], column * 0.9, reason_at, angle))
        if broken is not None and seat in broken.seats:
            tie.lifts.append(_of_type_lift(view, band, middle, angle, row, loco,
                                           broken.positions[broken.seats.index(seat)]))
        if seat in outcome.winners:
            view.trophy(trophy_at, angle, len(view.bands) - 1)
            view.crowned.append(row)
        view.groups.append(Group([row]))
    if tie.lifts:
        view.groups.append(tie)
    return outcome


def _of_type_lift(view: ResultsView, band: Band, middle: float, angle: float, row: CheckRow,
                  loco: arcade.Texture, positions: tuple[int, ...]) -> TieLift:
    """The tie-break a child sees, in the train's band beside its count: the locomotive's
    picture, large, and beside it a dot for each wagon of its type in the checked train,
    lighting as that wagon lifts (R22, D5); the other wagons dim."""
    column, gap = view.column, view.app.layout.card_w * 0.12
    near = middle + column * 0.55 + gap  # past the trophy and the count
    tall = min(column * 1.3, band.depth - gap - near)
    forward = near + tall / 2
    picture = view.icon(loco, tall / CARD_RATIO, band.point(forward, gap + column * 0.5), angle)
    pitch = min(column * 0.95, tall) / 3
    dots = [band.point(forward + across, gap + column * 1.5 + along)
            for along, across in dot_spots(len(positions), pitch)]
    here, ahead = band.point(0, 0), band.point(row.sprites[0].width * LIFT_BY, 0)
    return view.tie_lift(row, positions, picture, dots, (ahead[0] - here[0], ahead[1] - here[1]))
