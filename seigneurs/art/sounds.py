"""Synthesises the game's sounds as 16-bit mono WAV, one per action: whistle, take (flip),
stack, refuse, put back, stop, the check's count, win.

Pure Python (no samples copied from anywhere), seeded noise, so a re-run writes the same bytes.
Each sound is scaled to a loudness target (RMS in dBFS) so none startles: the refusal is the
softest on purpose, gentle rather than scolding.
"""

from __future__ import annotations

import io
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
Samples = list[float]

LOUDNESS_DBFS: dict[str, float] = {
    "whistle": -17.0, "flip": -22.0, "stack": -20.0, "refuse": -25.0, "put-back": -23.0,
    "stop": -18.0, "count": -21.0, "win": -18.0,
}
"""The RMS level each sound is scaled to; the tests hold every file to it."""


def _envelope(t: float, length: float, attack: float, release: float) -> float:
    if t < attack:
        return t / attack
    if t > length - release:
        return max(0.0, (length - t) / release)
    return 1.0


def _tone(length: float, partials: list[tuple[float, float]], attack: float = 0.01,
          release: float = 0.05, decay: float = 0.0, vibrato: float = 0.0) -> Samples:
    """Sum of sine partials (frequency, weight) with an envelope and optional decay/vibrato."""
    out = []
    for n in range(int(length * RATE)):
        t = n / RATE
        wobble = 1 + vibrato * math.sin(2 * math.pi * 5.5 * t)
        value = sum(w * math.sin(2 * math.pi * f * wobble * t) for f, w in partials)
        out.append(value * _envelope(t, length, attack, release) * math.exp(-decay * t))
    return out


def _noise(length: float, seed: int, decay: float, smooth: float) -> Samples:
    """Low-passed seeded noise with an exponential decay (card and wood sounds)."""
    rng = random.Random(seed)
    out, level = [], 0.0
    for n in range(int(length * RATE)):
        level += smooth * (rng.uniform(-1, 1) - level)
        out.append(level * math.exp(-decay * n / RATE))
    return out


def _mix(*parts: tuple[float, Samples]) -> Samples:
    """Overlay (start seconds, samples) parts."""
    length = max(int(start * RATE) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        offset = int(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += v
    return out


def whistle() -> Samples:
    """A steam whistle chord with a little breath: the start of a game (R14, R28)."""
    chord = _tone(0.9, [(740, 1.0), (932, 0.8), (1109, 0.6)], attack=0.06, release=0.25,
                  vibrato=0.004)
    breath = _noise(0.9, 7, decay=2.0, smooth=0.5)
    return [a + 0.25 * b for a, b in zip(chord, breath, strict=True)]


def flip() -> Samples:
    """A card turned over: a short soft flick."""
    return _noise(0.09, 11, decay=45.0, smooth=0.35)


def stack() -> Samples:
    """A card landing on a train: a low thump and a click."""
    return _mix((0.0, _tone(0.16, [(180, 1.0), (360, 0.3)], attack=0.002, release=0.05,
                            decay=25.0)),
                (0.0, _noise(0.03, 13, decay=120.0, smooth=0.6)))


def refuse() -> Samples:
    """A gentle 'uh-uh': two soft falling notes, never a buzzer (D8)."""
    return _mix((0.0, _tone(0.16, [(440, 1.0), (880, 0.15)], attack=0.02, release=0.08)),
                (0.17, _tone(0.2, [(330, 1.0), (660, 0.15)], attack=0.02, release=0.12)))


def put_back() -> Samples:
    """A card laid back on the table (R11) or under the pile (R30): a soft slide and tap."""
    return _mix((0.0, _noise(0.14, 17, decay=18.0, smooth=0.12)),
                (0.1, _tone(0.08, [(260, 1.0), (520, 0.2)], attack=0.002, release=0.04,
                            decay=40.0)))


def count() -> Samples:
    """One checked card (R17, R21, R32): a short wooden 'tock'; played a little higher for
    each card, so the count climbs like a child's voice."""
    return _mix((0.0, _tone(0.12, [(660, 1.0), (1320, 0.25), (1980, 0.08)], attack=0.002,
                            release=0.05, decay=30.0)),
                (0.0, _noise(0.02, 19, decay=150.0, smooth=0.5)))


def stop() -> Samples:
    """'Stop!': two bell strikes (R16)."""
    bell = _tone(0.45, [(880, 1.0), (2430, 0.4), (1760, 0.3)], attack=0.003, release=0.1,
                 decay=6.0)
    return _mix((0.0, bell), (0.2, bell))


def win() -> Samples:
    """A little fanfare, C E G and a held high C."""
    notes = [(0.0, 523.25, 0.22), (0.18, 659.25, 0.22), (0.36, 783.99, 0.22),
             (0.54, 1046.5, 0.8)]
    return _mix(*((start, _tone(length, [(f, 1.0), (2 * f, 0.3), (3 * f, 0.12)],
                                attack=0.01, release=0.2)) for start, f, length in notes))


SOUNDS: dict[str, Callable[[], Samples]] = {
    "whistle": whistle, "flip": flip, "stack": stack, "refuse": refuse, "put-back": put_back,
    "stop": stop, "count": count, "win": win,
}
"""Every sound the table plays, by name; Media loads exactly these."""


def rms_dbfs(samples: Samples) -> float:
    """Loudness of samples in [-1, 1] as RMS in dB relative to full scale."""
    rms = math.sqrt(sum(v * v for v in samples) / len(samples))
    return 20 * math.log10(rms) if rms > 0 else -math.inf


def level(samples: Samples, target_dbfs: float) -> Samples:
    """Scale to the target RMS, then keep peaks below full scale."""
    gain = 10 ** ((target_dbfs - rms_dbfs(samples)) / 20)
    scaled = [v * gain for v in samples]
    peak = max(abs(v) for v in scaled)
    return [v * 0.95 / peak for v in scaled] if peak > 0.95 else scaled


def write_wav(samples: Samples, path: Path) -> None:
    """16-bit mono PCM at 44.1 kHz."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", round(v * 32767)) for v in samples))


def read_wav(path: Path) -> Samples:
    """Read a file written by `write_wav` back as floats."""
    from seigneurs.bounded import ASSET_LIMIT, read_bytes

    with wave.open(io.BytesIO(read_bytes(path, ASSET_LIMIT, "a sound")), "rb") as source:
        data = source.readframes(source.getnframes())
    return [v / 32767 for (v,) in struct.iter_unpack("<h", data)]


def write_sounds(out: Path) -> list[Path]:
    """Write every sound as `out/NAME.wav`; returns the files."""
    written = []
    for name, make in SOUNDS.items():
        path = out / f"{name}.wav"
        write_wav(level(make(), LOUDNESS_DBFS[name]), path)
        written.append(path)
    return written
