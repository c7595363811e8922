"""Reads evemu recordings (the text format of `evemu-record`): the device header and events."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from seigneurs.input.evdev_device import EV_REL, AxisRange, DeviceInfo

RawEvent = tuple[int, int, int, float]

# Real panels' recordings (evemu-devices, MIT: LICENSE beside them), shipped inside the package so
# the tests, `touch-replay` and `bench --decoders` work from a lone clone or an installed wheel.
RECORDINGS = Path(str(files("seigneurs.input") / "recordings"))


@dataclass(frozen=True, slots=True)
class Recording:
    """A device description and its events as (type, code, value, seconds)."""

    info: DeviceInfo
    events: tuple[RawEvent, ...]
    skipped_lines: int


def _bits(lines: list[list[int]], event_type: int) -> set[int]:
    """Codes set in the capability bitmask lines `B: TT b0 b1 ...` of one event type."""
    codes = set()
    chunks = [line[1:] for line in lines if line[0] == event_type]
    for chunk_index, chunk in enumerate(chunks):
        for byte_index, value in enumerate(chunk):
            for bit in range(8):
                if value >> bit & 1:
                    codes.add((chunk_index * len(chunk) + byte_index) * 8 + bit)
    return codes


def parse_evemu(text: str, name_hint: str = "recording") -> Recording:
    """Parse an evemu text file; malformed lines are counted and skipped, never fatal."""
    name = name_hint
    axes: dict[int, AxisRange] = {}
    bitmasks: list[list[int]] = []
    properties: set[int] = set()
    events: list[RawEvent] = []
    skipped = 0
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        tag, _, rest = line.partition(":")
        fields = rest.split()
        try:
            if tag == "N":
                name = rest.strip()
            elif tag == "A":
                axes[int(fields[0], 16)] = AxisRange(int(fields[1]), int(fields[2]))
            elif tag == "B":  # checked here: a bad bitmask line is skipped like any other
                bitmasks.append([int(fields[0], 16), *(int(byte, 16) for byte in fields[1:])])
            elif tag == "P":
                for byte_index, byte in enumerate(fields):
                    value = int(byte, 16)
                    properties |= {byte_index * 8 + b for b in range(8) if value >> b & 1}
            elif tag == "E":
                events.append((int(fields[1], 16), int(fields[2], 16), int(fields[3]),
                               float(fields[0])))
            elif tag != "I":
                skipped += 1
        except (IndexError, ValueError):
            skipped += 1
    keys = _bits(bitmasks, 0x01) if bitmasks else set()
    relative = bool(_bits(bitmasks, EV_REL)) if bitmasks else False
    info = DeviceInfo(name, axes, frozenset(keys), frozenset(properties), relative)
    return Recording(info, tuple(events), skipped)


def read_evemu(path: Path) -> Recording:
    """Parse an evemu file from disk."""
    from seigneurs.bounded import read_bytes

    text = read_bytes(path, RECORDING_LIMIT, "a touch recording").decode("utf-8", "replace")
    return parse_evemu(text, path.stem)


RECORDING_LIMIT = 64 * 1024 * 1024
"""The largest evemu recording read (the shipped ones are under 100 KB)."""

