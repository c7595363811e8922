"""The table's one configuration file (TOML), checked key by key.

Every problem is reported at once, naming the file, the key and what was expected. A bad
value falls back to its default and the rest of the file still counts; a file that is not
TOML at all gives the defaults. The game always starts.
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.filters import Transform
from seigneurs.input.setup import KINDS, DeviceSettings, InputSettings
from seigneurs.rules import VARIANTS

log = logging.getLogger(__name__)
LANGUAGES = ("fr", "en", "de")
RESOLUTIONS = ("1080p", "2160p")
LAYOUTS = ("six-around", "long-sides")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the file."""

    file: str
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}"


@dataclass(frozen=True, slots=True)
class KioskConfig:
    """Everything the file can set, with the defaults a fresh table uses."""

    diagonal_inches: float = 55.0
    resolution: str = "1080p"
    colour_marks: bool = True
    layout: str = "six-around"
    language: str = "fr"
    default_variant: str = "lords"
    mode: str = "auto"
    bot_level: str = "child"
    idle_timeout: float = 90.0
    attract_after: float = 30.0
    admin_pin: str = "2580"
    volume: float = 0.8
    inputs: InputSettings = field(default_factory=InputSettings)
    user_seats: dict[int, int] = field(default_factory=dict)


Check = Callable[[Any], str | None]
"""Returns what was expected if the value is wrong, else None."""


def _number(low: float, high: float, what: str) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"a number ({what})"
        return None if low <= value <= high else f"{what}, from {low:g} to {high:g}"
    return check


def _choice(*choices: Any) -> Check:
    def check(value: Any) -> str | None:
        return None if value in choices else "one of " + ", ".join(map(str, choices))
    return check


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _pin(value: Any) -> str | None:
    ok = isinstance(value, str) and value.isdigit() and 4 <= len(value) <= 8
    return None if ok else 'a quoted PIN of 4 to 8 digits, such as "2580"'


def _sources(value: Any) -> str | None:
    ok = isinstance(value, list) and value and all(v in KINDS for v in value)
    return None if ok else f"a list of {', '.join(KINDS)}"


def _host_port(value: Any) -> str | None:
    if isinstance(value, str):
        host, _, port = value.rpartition(":")
        if host and port.isdigit() and 0 < int(port) < 65536:
            return None
    return 'an address "HOST:PORT" such as "127.0.0.1:3333"'


SCHEMA: dict[str, dict[str, tuple[str, Check]]] = {
    "table": {
        "diagonal_inches": ("diagonal_inches", _number(10, 200, "inches")),
        "resolution": ("resolution", _choice(*RESOLUTIONS)),
        "colour_marks": ("colour_marks", _boolean),
        "orientation": ("orientation", _choice(0, 90, 180, 270)),
        "layout": ("layout", _choice(*LAYOUTS)),
    },
    "game": {
        "language": ("language", _choice(*LANGUAGES)),
        "default_variant": ("default_variant", _choice(*VARIANTS)),
        "mode": ("mode", _choice("auto", "assisted", "classic")),
        "bot_level": ("bot_level", _choice(*BOT_LEVELS)),
    },
    "kiosk": {
        "idle_timeout": ("idle_timeout", _number(10, 3600, "seconds")),
        "attract_after": ("attract_after", _number(5, 3600, "seconds")),
        "admin_pin": ("admin_pin", _pin),
        "volume": ("volume", _number(0, 1, "a fraction")),
    },
    "input": {
        "sources": ("sources", _sources),
        "tuio": ("tuio", _host_port),
        "jitter": ("jitter", _number(0, 0.05, "a fraction of the display")),
        "ignore_rim": ("ignore_rim", _number(0, 0.2, "a fraction of the display")),
        "stuck_after": ("stuck_after", _number(1, 600, "seconds")),
        "max_touches": ("max_touches", _number(1, 200, "touches")),
        "mouse_during_touch": ("mouse_during_touch", _boolean),
        "grab": ("grab", _boolean),
    },
}
DEVICE_KEYS: dict[str, Check] = {
    "rotation": _choice(0, 90, 180, 270), "invert_x": _boolean, "invert_y": _boolean,
    "swap_axes": _boolean,
}


def _range(value: Any) -> str | None:
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
          and value[0] < value[1])
    return None if ok else "[minimum, maximum] as two whole numbers, minimum first"


def _matrix(value: Any) -> str | None:
    ok = isinstance(value, list) and len(value) == 6 and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    return None if ok else "six numbers [a, b, c, d, e, f] (libinput's calibration matrix)"


def load(path: Path | None) -> tuple[KioskConfig, list[Problem]]:
    """Read and check a config file; a missing default file is no problem."""
    if path is None:
        return KioskConfig(), []
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return KioskConfig(), [Problem(name, "-", "no such file")]
    except (OSError, UnicodeDecodeError) as error:
        return KioskConfig(), [Problem(name, "-", f"cannot be read: {error}")]
    except tomllib.TOMLDecodeError as error:
        return KioskConfig(), [Problem(name, "-", f"is not valid TOML: {error}")]
    return parse(data, name)


def parse(data: dict[str, Any], name: str = "<config>") -> tuple[KioskConfig, list[Problem]]:
    """Check parsed TOML; returns the config (defaults where wrong) and every problem."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    raw_input: dict[str, Any] = {}
    for section, body in data.items():
        if section not in SCHEMA:
            problems.append(Problem(name, f"[{section}]", "unknown section; expected one of "
                                    + ", ".join(f"[{s}]" for s in SCHEMA)))
            continue
        if not isinstance(body, dict):
            problems.append(Problem(name, f"[{section}]", "must be a table of keys"))
            continue
        for key, value in body.items():
            if section == "input" and key in ("devices", "users"):
                continue
            spec = SCHEMA[section].get(key)
            if spec is None:
                problems.append(Problem(name, f"[{section}] {key}", "unknown key; expected one of "
                                        + ", ".join(SCHEMA[section])))
                continue
            expected = spec[1](value)
            if expected is not None:
                problems.append(Problem(name, f"[{section}] {key}",
                                        f"expected {expected}, got {value!r}"))
                continue
            (raw_input if section == "input" else values)[spec[0]] = value
    if "orientation" in values:
        raw_input["orientation"] = values.pop("orientation")
    inputs = _inputs(data.get("input"), raw_input, name, problems)
    users = _users(data.get("input"), name, problems)
    if "idle_timeout" in values or "attract_after" in values:
        values = {k: float(v) if k in ("idle_timeout", "attract_after") else v
                  for k, v in values.items()}
    config = KioskConfig(**values, inputs=inputs, user_seats=users)
    for problem in problems:
        log.warning("configuration: %s (using the default)", problem)
    return config, problems


def _inputs(section: Any, raw: dict[str, Any], name: str,
            problems: list[Problem]) -> InputSettings:
    kwargs: dict[str, Any] = {}
    if "sources" in raw:
        kwargs["kinds"] = tuple(raw["sources"])
    if "tuio" in raw:
        host, _, port = raw["tuio"].rpartition(":")
        kwargs["tuio_host"], kwargs["tuio_port"] = host, int(port)
    for key in ("jitter", "ignore_rim", "stuck_after"):
        if key in raw:
            kwargs[key] = float(raw[key])
    if "max_touches" in raw:
        kwargs["max_touches"] = int(raw["max_touches"])
    if "orientation" in raw:
        kwargs["orientation"] = raw["orientation"]
    for key in ("mouse_during_touch", "grab"):
        if key in raw:
            kwargs[key] = raw[key]
    devices = section.get("devices", {}) if isinstance(section, dict) else {}
    if not isinstance(devices, dict):
        problems.append(Problem(name, "[input.devices]", "must be a table of device paths"))
        devices = {}
    parsed: dict[str, DeviceSettings] = {}
    for path, body in devices.items():
        where = f"[input.devices.\"{path}\"]"
        if not isinstance(body, dict):
            problems.append(Problem(name, where, "must be a table of keys"))
            continue
        transform: dict[str, Any] = {}
        ranges: dict[str, tuple[int, int]] = {}
        for key, value in body.items():
            check = DEVICE_KEYS.get(key) or {"x_range": _range, "y_range": _range,
                                             "calibration": _matrix}.get(key)
            if check is None:
                problems.append(Problem(name, f"{where} {key}", "unknown key; expected one of "
                                        + ", ".join([*DEVICE_KEYS, "x_range", "y_range",
                                                     "calibration"])))
                continue
            expected = check(value)
            if expected is not None:
                problems.append(Problem(name, f"{where} {key}",
                                        f"expected {expected}, got {value!r}"))
            elif key in ("x_range", "y_range"):
                ranges[key] = (value[0], value[1])
            elif key == "calibration":
                transform[key] = tuple(float(v) for v in value)
            else:
                transform[key] = value
        parsed[path] = DeviceSettings(Transform(**transform), ranges.get("x_range"),
                                      ranges.get("y_range"))
    if parsed:
        kwargs["devices"] = parsed
        kwargs["evdev_paths"] = tuple(parsed)
    return InputSettings(**kwargs)


def _users(section: Any, name: str, problems: list[Problem]) -> dict[int, int]:
    users = section.get("users", {}) if isinstance(section, dict) else {}
    out: dict[int, int] = {}
    if not isinstance(users, dict):
        problems.append(Problem(name, "[input] users", "must be a table such as { 1 = 0 }"))
        return out
    for user, seat in users.items():
        if not str(user).isdigit() or not isinstance(seat, int) or not 0 <= seat < 6:
            problems.append(Problem(name, f"[input.users] {user}",
                                    f"expected a user number = a seat 0-5, got {seat!r}"))
            continue
        out[int(user)] = seat
    return out


EXAMPLE = """\
# Seigneurs touch table configuration (every key is optional; these are the defaults).

[table]
diagonal_inches = 55.0      # the panel's diagonal: cards are drawn at least 4 cm wide
resolution = "1080p"        # card art: "1080p" or "2160p"
colour_marks = true         # the shape marks beside each colour (colour-blind aid)
orientation = 0             # 0, 90, 180, 270: how the touch surface is turned to the picture
layout = "six-around"       # "six-around" (2 per long side, 1 per short) or "long-sides"

[game]
language = "fr"             # admin menu language: "fr", "en", "de"
default_variant = "lords"   # training, lords, kids, kings, duo
mode = "auto"               # auto (the variant's default), assisted, classic
bot_level = "child"         # toddler, child, adult, expert (attract demo, bots)

[kiosk]
idle_timeout = 90           # seconds without a touch before going back to the lobby
attract_after = 30          # seconds in an untouched lobby before the bots' demo
admin_pin = "2580"          # hold two opposite corners 3 s, then this PIN
volume = 0.8                # 0 to 1

[input]
sources = ["evdev", "tuio", "mouse"]
tuio = "127.0.0.1:3333"
jitter = 0.002
ignore_rim = 0.0
stuck_after = 8.0
max_touches = 20
mouse_during_touch = false  # true: read the mouse even while a finger is down (X11 echoes it)
grab = false                # true: take evdev panels for the game alone (no desktop echo)
# users = { 1 = 0, 2 = 1 }  # TUIO 2 user ids -> seats

# [input.devices."/dev/input/event5"]
# rotation = 0
# invert_x = false
# invert_y = false
# swap_axes = false
# x_range = [0, 4095]
# y_range = [0, 4095]
# calibration = [1, 0, 0, 0, 1, 0]
"""
