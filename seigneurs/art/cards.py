"""Draws the deck: 54 wagon faces, 6 locomotive faces, the back, at two resolutions.

Everything is drawn with Pillow from code, at a master size, then reduced (supersampling), so
the same inputs rebuild the same bytes. Each face shows its picture twice, the top half turned
180 degrees, so a card reads the same from both long sides of the table; wheels are big, dark
and apart, so they can be counted; the colour-blind mark (a shape per colour) is drawn in
`with marks` files and left out of the `plain/` ones, so the app can switch it off.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageDraw

from seigneurs.art.palette import (
    INK,
    LOCO_BORDER,
    LOCO_PAPER,
    MARKS,
    PAPER,
    RGB,
    WAGON_RGB,
    WOOD,
    WOOD_END,
)
from seigneurs.rules import LOCOMOTIVES, WAGONS, Card, WagonType

MASTER = (768, 1072)
RESOLUTIONS: dict[str, tuple[int, int]] = {"1080p": (144, 202), "2160p": (384, 536)}
"""Card sizes for a 1080p table and a 4K one (5:7, about twice the size they are drawn at)."""

Box = tuple[float, float, float, float]


def _darker(rgb: RGB, by: float = 0.7) -> RGB:
    r, g, b = rgb
    return int(r * by), int(g * by), int(b * by)


class _Painter:
    """Draws one wagon side view into a box (x0, y0, x1, y1); y grows downwards."""

    def __init__(self, draw: ImageDraw.ImageDraw, box: Box) -> None:
        self.d = draw
        self.x0, self.y0, self.x1, self.y1 = box
        self.w, self.h = self.x1 - self.x0, self.y1 - self.y0
        self.line = max(2, round(self.w * 0.012))
        self.r = self.w * 0.085  # wheel radius
        self.deck = self.y1 - 1.55 * self.r  # underside of the body

    def x(self, f: float) -> float:
        return self.x0 + f * self.w

    def y(self, f: float) -> float:
        return self.y0 + f * self.h

    def rect(self, box: Box, fill: RGB, radius: float = 0) -> None:
        self.d.rounded_rectangle(box, radius=radius, fill=fill, outline=INK, width=self.line)

    def chassis_and_wheels(self, wheels: int) -> None:
        r, line = self.r, self.line
        frame = (self.x(0.05), self.deck, self.x(0.95), self.deck + 0.5 * r)
        self.rect(frame, (70, 70, 76))
        for end in (self.x(0.0), self.x(0.95)):  # couplers
            self.rect((end, self.deck + 0.1 * r, end + self.w * 0.05, self.deck + 0.4 * r),
                      (70, 70, 76))
        cy = self.y1 - r
        span = (0.2, 0.8) if wheels > 2 else (0.25, 0.75)
        for i in range(wheels):
            cx = self.x(span[0] + (span[1] - span[0]) * i / (wheels - 1))
            self.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(25, 25, 28),
                           outline=(235, 235, 235), width=max(2, round(r * 0.22)))
            hub = r * 0.3
            self.d.ellipse((cx - hub, cy - hub, cx + hub, cy + hub), fill=(200, 200, 200),
                           outline=INK, width=line // 2 or 1)

    def coach(self, colour: RGB) -> None:
        top = self.y(0.08)
        self.rect((self.x(0.04), top + self.h * 0.08, self.x(0.96), self.deck), colour,
                  radius=self.w * 0.03)
        self.rect((self.x(0.07), top, self.x(0.93), top + self.h * 0.12), _darker(colour),
                  radius=self.h * 0.06)  # roof
        for i in range(4):
            left = self.x(0.12 + i * 0.2)
            self.rect((left, self.y(0.3), left + self.w * 0.13, self.y(0.5)), (225, 242, 255),
                      radius=self.w * 0.015)

    def tanker(self, colour: RGB) -> None:
        top, bottom = self.y(0.22), self.deck
        self.rect((self.x(0.42), self.y(0.1), self.x(0.58), top + self.h * 0.05),
                  _darker(colour), radius=self.w * 0.02)  # dome
        self.rect((self.x(0.03), top, self.x(0.97), bottom), colour, radius=(bottom - top) / 2)
        for f in (0.25, 0.75):
            self.d.line((self.x(f), top + self.line, self.x(f), bottom - self.line),
                        fill=_darker(colour, 0.55), width=self.line * 2)

    def coal(self, colour: RGB) -> None:
        top = self.y(0.34)
        for i in range(7):  # the heap of coal above the rim
            cx = self.x(0.14 + i * 0.12)
            rr = self.w * (0.085 if i % 2 else 0.07)
            self.d.ellipse((cx - rr, top - rr * 1.1, cx + rr, top + rr * 0.9), fill=(30, 30, 32),
                           outline=(95, 95, 100), width=self.line)
        self.d.polygon([(self.x(0.03), top), (self.x(0.97), top), (self.x(0.86), self.deck),
                        (self.x(0.14), self.deck)], fill=colour, outline=INK, width=self.line)
        self.d.line((self.x(0.03), top, self.x(0.97), top), fill=_darker(colour, 0.55),
                    width=self.line * 2)

    def logs(self, colour: RGB) -> None:
        deck_top = self.deck - self.h * 0.13
        log = (self.deck - deck_top) * 0.95
        for layer, (left, right) in enumerate(((0.1, 0.9), (0.16, 0.84), (0.24, 0.76))):
            bottom = deck_top - layer * log * 0.92
            self.rect((self.x(left), bottom - log, self.x(right), bottom), WOOD, radius=log / 2)
            ex = self.x(right) - log / 2
            self.d.ellipse((ex - log * 0.42, bottom - log * 0.92, ex + log * 0.42,
                            bottom - log * 0.08), fill=WOOD_END, outline=INK, width=self.line)
        for f in (0.06, 0.91):  # stakes
            self.rect((self.x(f), deck_top - 2.9 * log, self.x(f + 0.035), deck_top), colour)
        self.rect((self.x(0.03), deck_top, self.x(0.97), self.deck), colour)

    def boxcar(self, colour: RGB) -> None:
        top = self.y(0.05)
        self.rect((self.x(0.04), top, self.x(0.96), self.deck), colour, radius=self.w * 0.01)
        self.rect((self.x(0.02), top - self.h * 0.03, self.x(0.98), top + self.h * 0.04),
                  _darker(colour))
        door = (self.x(0.36), top + self.h * 0.1, self.x(0.64), self.deck - self.h * 0.04)
        self.rect(door, _darker(colour, 0.82))
        dark = _darker(colour, 0.5)
        self.d.line((door[0], door[1], door[2], door[3]), fill=dark, width=self.line)
        self.d.line((door[0], door[3], door[2], door[1]), fill=dark, width=self.line)
        for f in (0.12, 0.24, 0.76, 0.88):
            self.d.line((self.x(f), top + self.h * 0.06, self.x(f), self.deck - self.line),
                        fill=dark, width=self.line)

    def animals(self, colour: RGB) -> None:
        top = self.y(0.3)
        for cx, face in ((self.x(0.3), (250, 250, 250)), (self.x(0.68), (120, 80, 50))):
            hw, hh = self.w * 0.1, self.h * 0.14  # a head looking over the side
            for side in (-1, 1):  # ears
                ex = cx + side * hw * 1.05
                self.d.ellipse((ex - hw * 0.4, top - hh * 1.5, ex + hw * 0.4, top - hh * 1.05),
                               fill=face, outline=INK, width=self.line)
            self.d.ellipse((cx - hw, top - hh * 1.9, cx + hw, top + hh * 0.2), fill=face,
                           outline=INK, width=self.line)
            for side in (-1, 1):  # eyes
                ex = cx + side * hw * 0.4
                er = hw * 0.16
                ey = top - hh * 1.1
                self.d.ellipse((ex - er, ey - er, ex + er, ey + er), fill=INK)
            self.d.ellipse((cx - hw * 0.55, top - hh * 0.65, cx + hw * 0.55, top + hh * 0.05),
                           fill=(240, 160, 170), outline=INK, width=self.line)  # nose
        self.rect((self.x(0.04), top, self.x(0.96), self.deck), colour)
        slat = (self.deck - top) / 5
        for i in (1, 3):  # gaps between the slats
            self.d.rectangle((self.x(0.08), top + i * slat, self.x(0.92), top + (i + 1) * slat),
                             fill=(45, 35, 30))

    def engine(self) -> None:
        """A steam locomotive facing right (drawn on locomotive cards only)."""
        black, gold, red = (34, 34, 40), (226, 182, 60), (190, 40, 40)
        self.rect((self.x(0.02), self.y(0.08), self.x(0.3), self.deck), black,
                  radius=self.w * 0.02)  # cab
        self.rect((self.x(0.0), self.y(0.04), self.x(0.32), self.y(0.12)), gold)  # cab roof
        self.rect((self.x(0.07), self.y(0.18), self.x(0.24), self.y(0.4)), (225, 242, 255))
        self.rect((self.x(0.27), self.y(0.46), self.x(0.93), self.deck), black,
                  radius=self.w * 0.06)  # boiler
        self.rect((self.x(0.72), self.y(0.2), self.x(0.82), self.y(0.48)), black)  # chimney
        self.rect((self.x(0.68), self.y(0.13), self.x(0.86), self.y(0.21)), gold)
        self.rect((self.x(0.45), self.y(0.36), self.x(0.57), self.y(0.48)), gold,
                  radius=self.w * 0.04)  # steam dome
        self.d.line((self.x(0.3), self.y(0.58), self.x(0.9), self.y(0.58)), fill=gold,
                    width=self.line * 2)
        self.d.polygon([(self.x(0.9), self.deck), (self.x(1.0), self.y1 - self.r * 0.3),
                        (self.x(1.0), self.y1), (self.x(0.86), self.y1)],
                       fill=red, outline=INK, width=self.line)  # cowcatcher
        for f in (0.22, 0.58):  # drive wheels, red and spoked so they never count as wagon wheels
            cx, cy, rr = self.x(f), self.y1 - self.r * 1.1, self.r * 1.1
            self.d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=red, outline=INK,
                           width=self.line)
            for k in range(4):
                a = k * math.pi / 4
                self.d.line((cx - rr * math.cos(a), cy - rr * math.sin(a), cx + rr * math.cos(a),
                             cy + rr * math.sin(a)), fill=INK, width=self.line)


_BODIES = {
    WagonType.COACH: _Painter.coach, WagonType.TANKER: _Painter.tanker,
    WagonType.COAL: _Painter.coal, WagonType.LOGS: _Painter.logs,
    WagonType.BOXCAR: _Painter.boxcar, WagonType.ANIMALS: _Painter.animals,
}


def _wagon(draw: ImageDraw.ImageDraw, card: Card, box: Box) -> None:
    painter = _Painter(draw, box)
    _BODIES[card.type](painter, WAGON_RGB[card.colour])
    painter.chassis_and_wheels(card.wheels)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
             cy - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]


def _mark(draw: ImageDraw.ImageDraw, card: Card, cx: float, cy: float, r: float) -> None:
    """The colour-blind aid: a dark shape on a white badge, one shape per colour."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255), outline=INK,
                 width=max(2, round(r * 0.12)))
    s = r * 0.62
    shapes = {
        "triangle": [(cx, cy - s), (cx + s * 0.95, cy + s * 0.7), (cx - s * 0.95, cy + s * 0.7)],
        "square": [(cx - s * 0.72, cy - s * 0.72), (cx + s * 0.72, cy - s * 0.72),
                   (cx + s * 0.72, cy + s * 0.72), (cx - s * 0.72, cy + s * 0.72)],
        "star": _star(cx, cy, s * 1.1),
    }
    draw.polygon(shapes[MARKS[card.colour]], fill=INK)


def _half(card: Card, locomotive: bool, marks: bool) -> Image.Image:
    """One half of a face (landscape), upright for the player in front of it."""
    w, h = MASTER[0], MASTER[1] // 2
    half = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(half)
    if locomotive:  # the engine at the left, facing left, pulls its wagon (as in Duo, R28)
        engine = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        _Painter(ImageDraw.Draw(engine), (w * 0.57, h * 0.3, w * 0.95, h * 0.86)).engine()
        half.alpha_composite(engine.transpose(Image.Transpose.FLIP_LEFT_RIGHT))
        draw.rectangle((w * 0.42, h * 0.74, w * 0.48, h * 0.78), fill=INK)  # coupling
        _wagon(draw, card, (w * 0.46, h * 0.3, w * 0.95, h * 0.86))
    else:
        _wagon(draw, card, (w * 0.1, h * 0.14, w * 0.9, h * 0.9))
    if marks:
        _mark(draw, card, w * 0.13, h * 0.17, w * 0.065)
    return half


def _blank(paper: RGB, border: RGB) -> Image.Image:
    w, h = MASTER
    card = Image.new("RGBA", MASTER, (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w * 0.08, fill=border)
    inset = w * 0.035
    draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=w * 0.06,
                           fill=paper)
    return card


def face(card: Card, *, locomotive: bool = False, marks: bool = True) -> Image.Image:
    """A face at master size: the picture upright below, turned 180 degrees above."""
    if locomotive:
        image = _blank(LOCO_PAPER, LOCO_BORDER)
    else:
        image = _blank(PAPER, _darker(WAGON_RGB[card.colour], 0.9))
    half = _half(card, locomotive, marks)
    image.alpha_composite(half, (0, MASTER[1] // 2))
    image.alpha_composite(half.rotate(180), (0, 0))
    return image


def back() -> Image.Image:
    """The back: rails on green felt around a wheel, the same from every side; no feature shows."""
    w, h = MASTER
    felt = Image.new("RGBA", MASTER, (31, 94, 59, 255))
    draw = ImageDraw.Draw(felt)
    line = round(w * 0.012)
    for k in range(-6, 7):  # sleepers in both diagonals
        offset = k * w * 0.16
        draw.line((w / 2 + offset - h, h / 2 - h, w / 2 + offset + h, h / 2 + h),
                  fill=(44, 112, 74), width=line * 3)
        draw.line((w / 2 + offset + h, h / 2 - h, w / 2 + offset - h, h / 2 + h),
                  fill=(44, 112, 74), width=line * 3)
    cx, cy, r = w / 2, h / 2, w * 0.27
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(226, 182, 60), outline=INK,
                 width=line * 2)
    for k in range(8):
        a = k * math.pi / 8
        draw.line((cx - r * math.cos(a), cy - r * math.sin(a), cx + r * math.cos(a),
                   cy + r * math.sin(a)), fill=INK, width=line * 2)
    hub = r * 0.28
    draw.ellipse((cx - hub, cy - hub, cx + hub, cy + hub), fill=(236, 226, 200), outline=INK,
                 width=line * 2)
    image = _blank((0, 0, 0), (236, 226, 200))
    inner = Image.new("L", MASTER, 0)
    inset = w * 0.035
    ImageDraw.Draw(inner).rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset),
                                            radius=w * 0.06, fill=255)
    image.paste(felt, (0, 0), inner)
    return image


def deck() -> Iterator[tuple[str, Image.Image, Image.Image | None]]:
    """Every card as (file stem, face with marks, face without marks or None for the back)."""
    for card in WAGONS:
        yield card.token, face(card), face(card, marks=False)
    for loco in LOCOMOTIVES:
        yield f"loco-{loco.type}", face(loco, locomotive=True), face(loco, locomotive=True,
                                                                     marks=False)
    yield "back", back(), None


def _save(image: Image.Image, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", compress_level=9)


def write_cards(out: Path) -> list[Path]:
    """Write every card at every resolution under `out` (e.g. assets/cards); returns the files."""
    written = []
    sheet_items = []
    for stem, marked, plain in deck():
        for name, size in RESOLUTIONS.items():
            for image, folder in ((marked, out / name), (plain, out / name / "plain")):
                if image is None:
                    continue
                path = folder / f"{stem}.png"
                _save(image.resize(size, Image.Resampling.LANCZOS), path)
                written.append(path)
        sheet_items.append((stem, marked.resize(RESOLUTIONS["1080p"], Image.Resampling.LANCZOS)))
    sheet = contact_sheet(sheet_items)
    _save(sheet, out / "contact-sheet.png")
    written.append(out / "contact-sheet.png")
    return written


def contact_sheet(items: list[tuple[str, Image.Image]]) -> Image.Image:
    """The deck on felt: a row per wagon type (its 9 wagons, then its locomotive), the back."""
    by_stem = dict(items)
    cw, ch = RESOLUTIONS["1080p"]
    gap = 12
    columns, rows = 10, len(WagonType) + 1
    sheet = Image.new("RGBA", (columns * (cw + gap) + gap, rows * (ch + gap) + gap),
                      (31, 94, 59, 255))
    for row, wagon_type in enumerate(WagonType):
        stems = [c.token for c in WAGONS if c.type == wagon_type] + [f"loco-{wagon_type}"]
        for column, stem in enumerate(stems):
            sheet.alpha_composite(by_stem[stem], (gap + column * (cw + gap),
                                                  gap + row * (ch + gap)))
    sheet.alpha_composite(by_stem["back"], (gap, gap + (rows - 1) * (ch + gap)))
    return sheet
