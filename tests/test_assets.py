"""The deck and the sounds: complete, the right shape, reproducible, loadable by Arcade."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from seigneurs.art.assets import ASSETS, make_assets
from seigneurs.art.cards import RESOLUTIONS
from seigneurs.art.palette import WAGON_RGB
from seigneurs.art.sounds import LOUDNESS_DBFS, RATE, SOUNDS, read_wav, rms_dbfs
from seigneurs.rules import LOCOMOTIVES, VARIANTS, WAGONS

CARDS = ASSETS / "cards"
STEMS = [c.token for c in WAGONS] + [f"loco-{lo.type}" for lo in LOCOMOTIVES] + ["back"]


def card_files() -> list[Path]:
    files = []
    for name in RESOLUTIONS:
        files += [CARDS / name / f"{stem}.png" for stem in STEMS]
        files += [CARDS / name / "plain" / f"{stem}.png" for stem in STEMS if stem != "back"]
    return files


def test_sixty_one_cards_at_each_resolution_with_and_without_marks() -> None:
    assert len(STEMS) == 61 and (CARDS / "1080p" / "coach-red-2.png").exists()
    missing = [f for f in card_files() if not f.exists()]
    assert not missing


@pytest.mark.parametrize("resolution", sorted(RESOLUTIONS))
def test_sizes_rounded_transparent_corners_and_opaque_middle(resolution: str) -> None:
    width, height = RESOLUTIONS[resolution]
    assert abs(width / height - 5 / 7) < 0.01
    for stem in STEMS:
        with Image.open(CARDS / resolution / f"{stem}.png") as image:
            assert image.size == (width, height) and image.mode == "RGBA"
            alpha = image.getchannel("A")
            for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
                assert alpha.getpixel(corner) == 0, (stem, corner)
            assert alpha.getpixel((width // 2, height // 2)) == 255


@pytest.mark.parametrize("resolution", sorted(RESOLUTIONS))
def test_all_61_faces_are_distinct_and_marks_change_them(resolution: str) -> None:
    digests = {hashlib.sha256(Image.open(CARDS / resolution / f"{s}.png").tobytes()).hexdigest()
               for s in STEMS}
    assert len(digests) == 61
    for stem in STEMS[:-1]:
        marked = Image.open(CARDS / resolution / f"{stem}.png")
        plain = Image.open(CARDS / resolution / "plain" / f"{stem}.png")
        assert marked.tobytes() != plain.tobytes()


def test_faces_read_the_same_from_both_long_sides() -> None:
    for stem in STEMS:
        image = Image.open(CARDS / "1080p" / f"{stem}.png").convert("RGB")
        diff = ImageStat.Stat(ImageChops.difference(image, image.rotate(180))).mean
        assert max(diff) < 4, (stem, diff)  # the halves are each other's half-turn


DICHROMATS = {  # linear-RGB simulation matrices (Vienot 1999; Machado 2009 for tritan)
    "protan": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deutan": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}


def seen_as(rgb: tuple[int, int, int], matrix: tuple[tuple[float, ...], ...]) -> list[float]:
    linear = [(c / 255) ** 2.2 for c in rgb]
    out = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, linear, strict=True))))
           for row in matrix]
    return [255 * v ** (1 / 2.2) for v in out]


@pytest.mark.parametrize("vision", sorted(DICHROMATS))
def test_the_three_colours_stay_apart_for_colour_blind_eyes(vision: str) -> None:
    seen = [seen_as(rgb, DICHROMATS[vision]) for rgb in WAGON_RGB.values()]
    for i, a in enumerate(seen):
        for b in seen[i + 1:]:
            assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 60, vision


def test_contact_sheet_shows_the_whole_deck() -> None:
    with Image.open(CARDS / "contact-sheet.png") as sheet:
        cw, ch = RESOLUTIONS["1080p"]
        assert sheet.width >= 10 * cw and sheet.height >= 7 * ch


def test_sounds_are_short_and_levelled() -> None:
    for name, target in LOUDNESS_DBFS.items():
        samples = read_wav(ASSETS / "sounds" / f"{name}.wav")
        assert 0.05 < len(samples) / RATE < 1.5, name
        assert abs(rms_dbfs(samples) - target) < 0.5, name
        assert max(abs(v) for v in samples) < 1.0
    assert LOUDNESS_DBFS["refuse"] == min(LOUDNESS_DBFS.values())  # gentle, never a buzzer
    assert set(SOUNDS) == set(LOUDNESS_DBFS)


def test_generator_rebuilds_every_committed_file_byte_for_byte(tmp_path: Path) -> None:
    written = make_assets(tmp_path)
    tiles = len(RESOLUTIONS) * len(VARIANTS)  # the lobby's variant pictures
    assert len(written) == len(card_files()) + 1 + tiles + len(SOUNDS)
    for path in written:
        committed = ASSETS / path.relative_to(tmp_path)
        assert committed.read_bytes() == path.read_bytes(), committed


def test_arcade_loads_every_card_and_sound_headless() -> None:
    import arcade

    for path in card_files():
        texture = arcade.load_texture(path)
        assert texture.width > 0
    for name in SOUNDS:
        sound = arcade.load_sound(ASSETS / "sounds" / f"{name}.wav")
        assert sound.get_length() > 0.05
