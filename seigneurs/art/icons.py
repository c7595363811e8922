"""Pictures instead of words: every button and sign is drawn here with Pillow at start-up."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from PIL import Image, ImageDraw

from seigneurs.art.palette import INK
from seigneurs.game.bots import BOT_LEVELS, BotLevel

SIZE = 128
Draw = ImageDraw.ImageDraw


def _disc(d: Draw, fill: tuple[int, int, int], outline: tuple[int, int, int] = INK) -> None:
    d.ellipse((4, 4, SIZE - 5, SIZE - 5), fill=fill, outline=outline, width=6)


def _whistle(d: Draw) -> None:
    """A referee's whistle, red, blowing: a round chamber, its mouthpiece, two sound lines
    (all inside the disc, so nothing of it reaches a neighbour)."""
    _disc(d, (255, 214, 90))
    red, shine = (214, 52, 44), (255, 150, 140)
    d.rounded_rectangle((20, 58, 74, 80), radius=6, fill=red, outline=INK, width=5)  # mouth
    d.ellipse((50, 52, 106, 108), fill=red, outline=INK, width=5)  # the round chamber
    d.ellipse((64, 66, 80, 82), fill=shine)
    d.ellipse((70, 72, 86, 88), fill=INK)  # the ball's hole
    for k in range(2):  # it sounds: short lines above, inside the disc
        d.arc((30 - k * 8, 18 - k * 6, 86 + k * 8, 74 + k * 6), 225, 300, fill=INK, width=5)


def _stop(d: Draw) -> None:
    points = [(SIZE / 2 + 58 * math.cos(math.pi / 8 + k * math.pi / 4),
               SIZE / 2 + 58 * math.sin(math.pi / 8 + k * math.pi / 4)) for k in range(8)]
    d.polygon(points, fill=(204, 40, 40), outline=(255, 255, 255), width=6)
    d.rounded_rectangle((44, 40, 84, 96), radius=12, fill=(255, 255, 255))  # an open hand
    for k in range(4):
        d.rounded_rectangle((44 + k * 10, 22 + abs(1.5 - k) * 4, 52 + k * 10, 60), radius=4,
                            fill=(255, 255, 255))
    d.rounded_rectangle((26, 58, 48, 70), radius=5, fill=(255, 255, 255))


def _again(d: Draw) -> None:
    _disc(d, (120, 200, 120))
    d.arc((28, 28, 100, 100), 40, 330, fill=INK, width=12)
    d.polygon([(96, 40), (108, 72), (78, 64)], fill=INK)


def _trophy(d: Draw) -> None:
    gold = (240, 190, 40)
    d.pieslice((28, 8, 100, 88), 0, 180, fill=gold, outline=INK, width=5)
    d.rectangle((28, 8, 100, 48), fill=gold, outline=INK, width=5)
    d.arc((8, 16, 44, 60), 90, 270, fill=INK, width=6)
    d.arc((84, 16, 120, 60), 270, 90, fill=INK, width=6)
    d.rectangle((56, 86, 72, 104), fill=gold, outline=INK, width=4)
    d.rounded_rectangle((34, 102, 94, 120), radius=4, fill=gold, outline=INK, width=5)


def _bot(d: Draw, level: BotLevel) -> None:
    """A robot: one pip per level (toddler 1 ... expert 4); a heart for the bot that keeps the
    game close."""
    _disc(d, (170, 190, 220))
    d.rounded_rectangle((30, 36, 98, 92), radius=12, fill=(230, 236, 245), outline=INK, width=5)
    d.line((64, 36, 64, 18), fill=INK, width=5)
    d.ellipse((56, 10, 72, 26), fill=(230, 80, 80), outline=INK, width=3)
    d.ellipse((42, 52, 56, 66), fill=INK)
    d.ellipse((72, 52, 86, 66), fill=INK)
    if level.close:
        d.arc((44, 58, 84, 84), 20, 160, fill=INK, width=5)  # it smiles
        heart = (230, 70, 90)
        d.ellipse((47, 94, 65, 112), fill=heart)
        d.ellipse((63, 94, 81, 112), fill=heart)
        d.polygon([(48.5, 106), (79.5, 106), (64, 123)], fill=heart)
        return
    for k in range(list(BOT_LEVELS.values()).index(level) + 1):
        d.ellipse((34 + k * 16, 100, 46 + k * 16, 112), fill=(255, 200, 40), outline=INK, width=2)


def _child(d: Draw) -> None:
    _disc(d, (255, 225, 190))
    d.ellipse((38, 44, 52, 58), fill=INK)
    d.ellipse((76, 44, 90, 58), fill=INK)
    d.arc((36, 50, 92, 100), 20, 160, fill=INK, width=7)


def _crown(d: Draw) -> None:
    _disc(d, (120, 70, 160))
    d.polygon([(24, 92), (30, 40), (48, 66), (64, 30), (80, 66), (98, 40), (104, 92)],
              fill=(245, 200, 50), outline=INK, width=5)


def _smile(d: Draw) -> None:
    _disc(d, (255, 200, 60))
    d.ellipse((38, 40, 52, 56), fill=INK)
    d.ellipse((76, 40, 90, 56), fill=INK)
    d.arc((32, 44, 96, 100), 20, 160, fill=INK, width=8)


def _assisted(d: Draw) -> None:
    shield = [(64, 10), (110, 28), (100, 86), (64, 118), (28, 86), (18, 28)]
    d.polygon(shield, fill=(70, 160, 90), outline=INK, width=5)
    d.line((40, 62, 58, 82, 90, 42), fill=(255, 255, 255), width=12)


def _classic(d: Draw) -> None:
    shield = [(64, 10), (110, 28), (100, 86), (64, 118), (28, 86), (18, 28)]
    d.polygon(shield, fill=(200, 200, 200), outline=INK, width=5)
    d.ellipse((44, 44, 84, 84), outline=INK, width=8)
    d.line((78, 78, 98, 98), fill=INK, width=10)  # a magnifier: checked at the end


def _small_card(d: Draw, x: int, y: int, fill: tuple[int, int, int]) -> None:
    d.rounded_rectangle((x, y, x + 30, y + 42), radius=5, fill=fill, outline=INK, width=4)


def _meaning_assisted(d: Draw) -> None:
    """What assisted means: a card that does not fit slides back to the hand at once."""
    _disc(d, (235, 245, 235), outline=(70, 160, 90))
    _small_card(d, 22, 62, (31, 94, 59))  # the train's last card
    _small_card(d, 62, 30, (200, 120, 40))  # the one that does not match, on its way back
    d.arc((54, 40, 112, 110), 200, 340, fill=(70, 160, 90), width=9)
    d.polygon([(100, 58), (116, 78), (94, 80)], fill=(70, 160, 90))


def _meaning_classic(d: Draw) -> None:
    """What classic means: a train is only checked at the end, a red cross where it breaks."""
    _disc(d, (240, 240, 240), outline=(150, 150, 150))
    for k, fill in enumerate(((31, 94, 59), (31, 94, 59), (200, 120, 40))):
        _small_card(d, 14 + k * 34, 44, fill)
    d.line((82, 40, 114, 90), fill=(220, 40, 40), width=10)
    d.line((114, 40, 82, 90), fill=(220, 40, 40), width=10)


def _under(d: Draw) -> None:
    _disc(d, (230, 230, 230))
    for k in range(3):
        d.rounded_rectangle((30, 70 + k * 10, 98, 82 + k * 10), radius=4, fill=(31, 94, 59),
                            outline=INK, width=3)
    d.line((64, 16, 64, 58), fill=INK, width=10)
    d.polygon([(44, 50), (84, 50), (64, 72)], fill=INK)


def _tick(d: Draw) -> None:
    _disc(d, (70, 170, 90))
    d.line((34, 66, 56, 90, 96, 40), fill=(255, 255, 255), width=14)


def _cross(d: Draw) -> None:
    d.line((20, 20, 108, 108), fill=(220, 40, 40), width=16)
    d.line((108, 20, 20, 108), fill=(220, 40, 40), width=16)


def _light(d: Draw) -> None:
    _disc(d, (255, 236, 120), outline=(120, 90, 0))


def _hand(d: Draw) -> None:
    """A hand pointing up with its index finger: 'touch here'."""
    skin, line = (255, 236, 214), INK
    d.rounded_rectangle((52, 8, 74, 70), radius=11, fill=skin, outline=line, width=5)
    for k in range(3):  # the curled fingers
        d.rounded_rectangle((72 + k * 0, 56 + k * 14, 98, 74 + k * 14), radius=8, fill=skin,
                            outline=line, width=5)
    d.rounded_rectangle((40, 60, 90, 118), radius=18, fill=skin, outline=line, width=5)
    d.rounded_rectangle((24, 66, 52, 86), radius=9, fill=skin, outline=line, width=5)  # thumb
    d.rectangle((45, 66, 70, 100), fill=skin)


def _glow(d: Draw) -> None:
    """A soft warm light that fades outwards, drawn under a card that fits."""
    for radius in range(62, 0, -2):
        alpha = int(200 * (1 - radius / 62) ** 0.8)
        d.ellipse((64 - radius, 64 - radius, 64 + radius, 64 + radius),
                  fill=(255, 220, 90, alpha))


def _plain(d: Draw) -> None:
    _disc(d, (250, 250, 250))


def _dark(d: Draw) -> None:
    _disc(d, (70, 70, 70))


def _ring(d: Draw) -> None:
    d.ellipse((6, 6, SIZE - 7, SIZE - 7), outline=(255, 255, 255), width=8)


ICONS: dict[str, Callable[[Draw], None]] = {
    "whistle": _whistle, "stop": _stop, "again": _again, "trophy": _trophy, "child": _child,
    "crown": _crown, "smile": _smile, "assisted": _assisted, "classic": _classic,
    "under": _under, "tick": _tick, "cross": _cross, "light": _light, "dark": _dark,
    "plain": _plain, "hand": _hand, "glow": _glow,
    "ring": _ring, "meaning-assisted": _meaning_assisted, "meaning-classic": _meaning_classic,
    **{f"bot-{name}": partial(_bot, level=level) for name, level in BOT_LEVELS.items()},
}


def icon_image(name: str) -> Image.Image:
    """The icon `name` as an RGBA image (SIZE x SIZE)."""
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    ICONS[name](ImageDraw.Draw(image))
    return image


def variant_tile(name: str, card: Callable[[str], Image.Image]) -> Image.Image:
    """A picture of a variant made from its cards (`card(stem)` gives a card image)."""
    tile = Image.new("RGBA", (300, 220), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, 299, 219), radius=28, fill=(250, 244, 228),
                                           outline=INK, width=6)

    def put(stem: str, x: int, y: int, angle: float = 0.0, width: int = 96) -> None:
        image = card(stem)
        image = image.resize((width, round(width * image.height / image.width)))
        image = image.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        tile.alpha_composite(image, (x - image.width // 2, y - image.height // 2))

    def badge(icon: str, x: int, y: int, size: int = 76) -> None:
        image = icon_image(icon).resize((size, size))
        tile.alpha_composite(image, (x - size // 2, y - size // 2))

    pictures: dict[str, list[tuple[str, int, int, float, int]]] = {
        "training": [("loco-coach", 80, 110, 0, 96), ("coach-blue-3", 160, 110, -8, 96),
                     ("coach-yellow-2", 230, 112, -16, 96)],
        "lords": [("back", 70, 110, 10, 96), ("tanker-red-2", 150, 110, 0, 96),
                  ("coal-red-4", 230, 110, -10, 96)],
        "kids": [("animals-yellow-3", 110, 112, 8, 96), ("coach-yellow-2", 190, 110, -8, 96)],
        "kings": [("boxcar-blue-3", 110, 112, 8, 96), ("boxcar-red-4", 190, 110, -8, 96)],
        "duo": [("loco-logs", 150, 110, 90, 84), ("logs-red-3", 72, 110, 0, 70),
                ("coal-blue-2", 228, 110, 180, 70)],
    }
    for stem, x, y, angle, width in pictures[name]:
        put(stem, x, y, angle, width)
    badges = {"kids": "smile", "kings": "crown"}
    if name in badges:
        badge(badges[name], 252, 52)
    return tile


def _card(folder: Path, stem: str) -> Image.Image:
    from seigneurs.bounded import ASSET_LIMIT, read_bytes

    return Image.open(io.BytesIO(read_bytes(folder / f"{stem}.png", ASSET_LIMIT,
                                            "a card picture")))


def write_tiles(cards: Path, resolutions: Iterable[str], variants: Iterable[str]) -> list[Path]:
    """Each variant's lobby picture, per card resolution, under `cards/<res>/tiles/`, drawn from
    the cards already written there (`seigneurs make-assets`): the lobby loads these files
    instead of drawing them at every start."""
    written = []
    for resolution in resolutions:
        folder = cards / resolution
        for name in variants:
            path = folder / "tiles" / f"{name}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            variant_tile(name, partial(_card, folder)).save(path, format="PNG",
                                                             compress_level=9)
            written.append(path)
    return written
