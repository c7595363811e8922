"""The table's settings, declared once, and its one configuration file (TOML), checked key by key.

Each key of the file is one field of `TableSettings`, made by `setting(...)`: its name, type,
default, meaning and check on one line. The checks, the defaults, `seigneurs config example` and
the settings the table runs with all come from those declarations; adding a key is adding a line
(an `[input]` key whose name is an `InputSettings` field reaches the touch sources by itself).

Every problem is reported at once, naming the file, the key and what was expected. A bad value
falls back to its default and the rest of the file still counts; a file that is not TOML at all
gives the defaults. The game always starts.
"""

from __future__ import annotations

import secrets
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import Field, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypeVar

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.filters import Transform
from seigneurs.input.setup import KINDS, DeviceSettings, InputSettings
from seigneurs.input.tuio import DEFAULT_HOST, DEFAULT_PORT
from seigneurs.rules import VARIANTS

LANGUAGES = ("fr", "en", "de")
RESOLUTIONS = ("1080p", "2160p")
LAYOUTS = ("six-around", "long-sides")
DEFAULT_PIN = "2580"
"""The PIN every table ships with; `./kiosk.sh install` replaces it with the table's own."""
PIN_NOTICE = (f"The admin PIN is still the default {DEFAULT_PIN}: set your own (./kiosk.sh "
              "install, or admin_pin in the configuration)")
_INPUT = InputSettings()  # the touch layer's own defaults, for the keys passed on to it

Check = Callable[[Any], str | None]
"""Returns what was expected if the value is wrong, else None."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the file."""

    file: str
    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: {self.message}"


@dataclass(frozen=True, slots=True)
class Key:
    """A file key's declaration, kept in its field's metadata."""

    section: str
    meaning: str
    check: Check
    read: Callable[[Any], Any] | None = None
    """Turns the checked TOML value into the field's (90 -> 90.0, a list -> a tuple)."""


def setting(section: str, default: T, meaning: str, check: Check,
            read: Callable[[Any], Any] | None = None) -> T:
    """A field of `TableSettings` that the file sets as `[section] name`."""
    return field(default=default, metadata={"key": Key(section, meaning, check, read)})


def _number(low: float, high: float, what: str) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"a number ({what})"
        return None if low <= value <= high else f"{what}, from {low:g} to {high:g}"
    return check


def _whole(low: int, high: int, what: str) -> Check:
    def check(value: Any) -> str | None:
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        return None if ok else f"a whole number of {what}, from {low} to {high}"
    return check


def _choice(*choices: Any) -> Check:
    def check(value: Any) -> str | None:
        return None if value in choices else "one of " + ", ".join(map(str, choices))
    return check


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _pin(value: Any) -> str | None:
    ok = isinstance(value, str) and value.isdigit() and 4 <= len(value) <= 8
    return None if ok else 'a quoted PIN of 4 to 8 digits, such as "482913"'


def _sources(value: Any) -> str | None:
    ok = isinstance(value, list) and value and all(v in KINDS for v in value)
    return None if ok else f"a list of {', '.join(KINDS)}"


def _host_port(value: Any) -> str | None:
    if isinstance(value, str):
        host, _, port = value.rpartition(":")
        if host and port.isdigit() and 0 < int(port) < 65536:
            return None
    return 'an address "HOST:PORT" such as "127.0.0.1:3333"'


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What the table app needs to know about the hardware, the room and its keepers.

    Fields made with `setting` are the configuration file's keys, in the file's order."""

    diagonal_inches: float = setting(
        "table", 55.0, "the panel's diagonal: cards are drawn at least 4 cm wide",
        _number(10, 200, "inches"), float)
    resolution: str = setting("table", "1080p", "card art", _choice(*RESOLUTIONS))
    colour_marks: bool = setting(
        "table", True, "the shape marks beside each colour (colour-blind aid)", _boolean)
    orientation: int = setting(
        "table", _INPUT.orientation, "how the touch surface is turned to the picture",
        _choice(0, 90, 180, 270))
    layout: str = setting(
        "table", "six-around", "the seats: 2 per long side and 1 per short, or all on long sides",
        _choice(*LAYOUTS))
    language: str = setting("game", "fr", "the admin menu's language", _choice(*LANGUAGES))
    default_variant: str = setting(
        "game", "lords", "the variant the lobby offers first", _choice(*VARIANTS))
    mode: str = setting(
        "game", "auto", "how new seats start: auto is each variant's own (D8)",
        _choice("auto", "assisted", "classic"))
    bot_level: str = setting(
        "game", "close", "the level of the lobby's first robot tap and of the attract demo's "
        "bots (close: paces itself to the children; more taps go through the other levels)",
        _choice(*BOT_LEVELS))
    fit_glow_after: float = setting(
        "game", 12.0, "assisted play: seconds a child is still before a card that fits glows "
        "(0: never; never in classic)", _number(0, 600, "seconds, 0 for never"), float)
    idle_timeout: float = setting(
        "kiosk", 90.0, "seconds without a touch before going back to the lobby",
        _number(10, 3600, "seconds"), float)
    attract_after: float = setting(
        "kiosk", 30.0, "seconds in an untouched lobby before the bots' demo",
        _number(5, 3600, "seconds"), float)
    hint_after: float = setting(
        "kiosk", 5.0, "seconds nobody acts before a hand shows the next step",
        _number(1, 600, "seconds"), float)
    admin_pin: str = setting(
        "kiosk", DEFAULT_PIN, "hold two opposite corners 3 s, then this PIN", _pin)
    volume: float = setting("kiosk", 0.8, "0 to 1", _number(0, 1, "a fraction"), float)
    sources: tuple[str, ...] = setting(
        "input", _INPUT.kinds, "the touch sources read", _sources, tuple)
    tuio: str = setting(
        "input", f"{DEFAULT_HOST}:{DEFAULT_PORT}", "where TUIO is listened for", _host_port)
    jitter: float = setting(
        "input", _INPUT.jitter, "moves smaller than this (of the display) are still",
        _number(0, 0.05, "a fraction of the display"), float)
    ignore_rim: float = setting(
        "input", _INPUT.ignore_rim, "touches this near the edge are ignored",
        _number(0, 0.2, "a fraction of the display"), float)
    stuck_after: float = setting(
        "input", _INPUT.stuck_after, "seconds before a silent touch is released",
        _number(1, 600, "seconds"), float)
    max_touches: int = setting(
        "input", _INPUT.max_touches, "more at once (palms, sleeves) are dropped",
        _whole(1, 200, "touches"))
    mouse_during_touch: bool = setting(
        "input", _INPUT.mouse_during_touch,
        "read the mouse even while a finger is down (X11 echoes the first finger as the mouse)",
        _boolean)
    grab: bool = setting(
        "input", _INPUT.grab, "take evdev panels for the game alone (no desktop echo)", _boolean)
    devices: Mapping[str, DeviceSettings] = field(default_factory=dict)
    """[input.devices."PATH"]: one evdev panel's own corrections."""
    user_seats: Mapping[int, int] = field(default_factory=dict)
    """[input] users: a touch source's user id -> seat (TUIO 2 `tu_id`)."""
    locked: bool = False
    data_dir: Path | None = None
    """Where history and the game in progress are kept; None keeps nothing (tests, bench)."""
    notices: tuple[str, ...] = ()
    """What went wrong at start-up (configuration, touch devices), shown in the admin menu."""

    @property
    def inputs(self) -> InputSettings:
        """The touch sources' settings: keys named like InputSettings fields pass as they are."""
        own = {f.name for f in fields(InputSettings)}
        passed = {f.name: getattr(self, f.name) for f, _key in _keys() if f.name in own}
        host, _, port = self.tuio.rpartition(":")
        return replace(_INPUT, kinds=self.sources, tuio_host=host, tuio_port=int(port),
                       devices=dict(self.devices), evdev_paths=tuple(self.devices), **passed)


def _keys() -> Iterator[tuple[Field[Any], Key]]:
    """The file's keys, in declaration order."""
    for f in fields(TableSettings):
        key = f.metadata.get("key")
        if isinstance(key, Key):
            yield f, key


def sections() -> dict[str, dict[str, tuple[Field[Any], Key]]]:
    """Section -> key name -> declaration."""
    out: dict[str, dict[str, tuple[Field[Any], Key]]] = {}
    for f, key in _keys():
        out.setdefault(key.section, {})[f.name] = (f, key)
    return out


def _range(value: Any) -> str | None:
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
          and value[0] < value[1])
    return None if ok else "[minimum, maximum] as two whole numbers, minimum first"


def _matrix(value: Any) -> str | None:
    ok = isinstance(value, list) and len(value) == 6 and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    return None if ok else "six numbers [a, b, c, d, e, f] (libinput's calibration matrix)"


DEVICE_KEYS: dict[str, tuple[Any, Check]] = {
    "rotation": (0, _choice(0, 90, 180, 270)), "invert_x": (False, _boolean),
    "invert_y": (False, _boolean), "swap_axes": (False, _boolean),
    "x_range": ([0, 4095], _range), "y_range": ([0, 4095], _range),
    "calibration": ([1, 0, 0, 0, 1, 0], _matrix),
}
"""A panel's keys: an example value each, and the check."""
INPUT_TABLES = ("devices", "users")
"""[input] entries that are tables of their own, read apart from the plain keys."""


def load(path: Path | None) -> tuple[TableSettings, list[Problem]]:
    """Read and check a config file; a missing default file is no problem."""
    if path is None:
        return TableSettings(), []
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return TableSettings(), [Problem(name, "-", "no such file")]
    except (OSError, UnicodeDecodeError) as error:
        return TableSettings(), [Problem(name, "-", f"cannot be read: {error}")]
    except tomllib.TOMLDecodeError as error:
        return TableSettings(), [Problem(name, "-", f"is not valid TOML: {error}")]
    return parse(data, name)


def parse(data: dict[str, Any], name: str = "<config>") -> tuple[TableSettings, list[Problem]]:
    """Check parsed TOML; returns the settings (defaults where wrong) and every problem."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    schema = sections()
    for section, body in data.items():
        if section not in schema:
            problems.append(Problem(name, f"[{section}]", "unknown section; expected one of "
                                    + ", ".join(f"[{s}]" for s in schema)))
            continue
        if not isinstance(body, dict):
            problems.append(Problem(name, f"[{section}]", "must be a table of keys"))
            continue
        for key_name, value in body.items():
            if section == "input" and key_name in INPUT_TABLES:
                continue
            declared = schema[section].get(key_name)
            if declared is None:
                problems.append(Problem(name, f"[{section}] {key_name}", "unknown key; expected "
                                        "one of " + ", ".join(schema[section])))
                continue
            key = declared[1]
            expected = key.check(value)
            if expected is not None:
                problems.append(Problem(name, f"[{section}] {key_name}",
                                        f"expected {expected}, got {value!r}"))
                continue
            values[key_name] = key.read(value) if key.read else value
    tables = data.get("input")
    settings = TableSettings(**values, devices=_devices(tables, name, problems),
                             user_seats=_users(tables, name, problems))
    return settings, problems


def _devices(section: Any, name: str, problems: list[Problem]) -> dict[str, DeviceSettings]:
    devices = section.get("devices", {}) if isinstance(section, dict) else {}
    if not isinstance(devices, dict):
        problems.append(Problem(name, "[input.devices]", "must be a table of device paths"))
        return {}
    parsed: dict[str, DeviceSettings] = {}
    for path, body in devices.items():
        where = f"[input.devices.\"{path}\"]"
        if not isinstance(body, dict):
            problems.append(Problem(name, where, "must be a table of keys"))
            continue
        transform: dict[str, Any] = {}
        ranges: dict[str, tuple[int, int]] = {}
        for key, value in body.items():
            if key not in DEVICE_KEYS:
                problems.append(Problem(name, f"{where} {key}", "unknown key; expected one of "
                                        + ", ".join(DEVICE_KEYS)))
                continue
            expected = DEVICE_KEYS[key][1](value)
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
    return parsed


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


def start_notices(settings: TableSettings, problems: list[Problem]) -> tuple[str, ...]:
    """What the admin menu (and the log) should tell an adult at start-up, most urgent first."""
    pin = (PIN_NOTICE,) if settings.admin_pin == DEFAULT_PIN else ()
    return (*pin, *(str(p) for p in problems))


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


def example() -> str:
    """`seigneurs config example`: every key with its default and meaning, from the schema."""
    lines = ["# Seigneurs touch table configuration (every key is optional; these are the "
             "defaults)."]
    for section, keys in sections().items():
        lines += ["", f"[{section}]"]
        for key_name, (f, key) in keys.items():
            check = key.check(None) or ""
            choices = f" ({check})" if check.startswith("one of") else ""
            lines.append(f"{key_name} = {_toml(f.default)}".ljust(27)
                         + f" # {key.meaning}{choices}")
    lines += ["# users = { 1 = 0, 2 = 1 }   # TUIO 2 user ids -> seats", "",
              '# [input.devices."/dev/input/event5"]   # one panel\'s own corrections']
    lines += [f"# {k} = {_toml(v)}" for k, (v, _check) in DEVICE_KEYS.items()]
    return "\n".join(lines) + "\n"


def set_pin(path: Path, pin: str | None = None) -> str:
    """Store an admin PIN (random, six digits, unless given) in the file, keeping the rest of
    it; returns the PIN. Refuses a PIN the check would refuse, or a file it cannot read."""
    pin = pin if pin is not None else f"{secrets.randbelow(10**6):06d}"
    if _pin(pin) is not None:
        raise ValueError(f"a PIN is 4 to 8 digits, such as 482913; got {pin!r}")
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    lines = text.splitlines()
    line = f'admin_pin = "{pin}"'
    header = next((i for i, t in enumerate(lines) if t.split("#")[0].strip() == "[kiosk]"),
                  None)
    if header is None:
        lines += ["", "[kiosk]", line] if lines else ["[kiosk]", line]
    else:
        end = next((i for i in range(header + 1, len(lines))
                    if lines[i].lstrip().startswith("[")), len(lines))
        old = [i for i in range(header + 1, end) if lines[i].split("=")[0].strip() == "admin_pin"]
        if old:
            lines[old[0]] = line
        else:
            lines.insert(header + 1, line)
    new = "\n".join(lines) + "\n"
    settings, problems = parse(tomllib.loads(new), str(path))
    if settings.admin_pin != pin:
        raise ValueError(f"{path}: the PIN could not be stored ({'; '.join(map(str, problems))})")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")
    path.chmod(0o600)  # the PIN is the adults' door: only the table's user reads it
    return pin
