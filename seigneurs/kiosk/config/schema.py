"""Every key of the configuration file, declared once: its section, type, default, meaning and
check, as a field of `TableSettings` (or of `PanelSettings`, one touch panel's own table).

The checks, the defaults, `seigneurs config example` and the settings the table runs with all
come from these declarations; adding a key is adding a field (an `[input]` key whose name is an
`InputSettings` field reaches the touch sources by itself).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import Field, dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from seigneurs.game.bots import BOT_LEVELS
from seigneurs.input.filters import IDENTITY, Transform
from seigneurs.input.setup import KINDS, DeviceSettings, InputSettings
from seigneurs.input.tuio import DEFAULT_HOST, DEFAULT_PORT
from seigneurs.kiosk.i18n import LANGUAGES, Notice
from seigneurs.rules import VARIANTS

RESOLUTIONS = ("1080p", "2160p")
LAYOUTS = ("six-around", "long-sides")
RENDERS = ("auto", "gl", "gles")
PROFILES = ("auto", "full", "pi")
DEFAULT_PIN = "2580"
"""The PIN every table ships with; `./kiosk.sh install` replaces it with the table's own."""
SEATS = 6
_INPUT = InputSettings()  # the touch layer's own defaults, for the keys passed on to it

Check = Callable[[Any], str | None]
"""Returns what was expected if the value is wrong, else None."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Key:
    """A file key's declaration, kept in its field's metadata."""

    section: str
    meaning: str
    check: Check
    read: Callable[[Any], Any] | None = None
    """Turns the checked TOML value into the field's (90 -> 90.0, a list -> a tuple)."""
    name: str | None = None
    """The key's name in the file, when it is not the field's."""
    example: str | None = None
    """What `config example` shows, commented out, for a key with no plain default."""
    table: type | None = None
    """A table of named tables, each read as this settings class (`[input.devices."PATH"]`)."""
    secret: bool = False
    """Its value may hold a password: never echoed back in a problem."""


def setting(section: str, default: T, meaning: str, check: Check,
            read: Callable[[Any], Any] | None = None, *, name: str | None = None,
            example: str | None = None, table: type | None = None, secret: bool = False) -> T:
    """A settings field that the file sets as `[section] name` (an empty table: a new one
    for each settings value)."""
    metadata = {"key": Key(section, meaning, check, read, name, example, table, secret)}
    if isinstance(default, dict) and not default:
        return field(default_factory=dict, metadata=metadata)  # type: ignore[return-value]
    return field(default=default, metadata=metadata)


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


def check_pin(value: Any) -> str | None:
    """What a PIN must be, or None."""
    ok = isinstance(value, str) and value.isascii() and value.isdigit() and 4 <= len(value) <= 8
    return None if ok else 'a quoted PIN of 4 to 8 digits 0-9 (as on the pad), such as "482913"'


def _sources(value: Any) -> str | None:
    ok = isinstance(value, list) and value and all(v in KINDS for v in value)
    return None if ok else f"a list of {', '.join(KINDS)}"


def split_host_port(text: str) -> tuple[str, int]:
    """`HOST:PORT` (or `:PORT`, or `PORT`, on 127.0.0.1) as a pair; ValueError says what was
    expected. The one reading of an address, for the file and the command line alike. Port 0
    lets the kernel choose (the log says which)."""
    host, _, port = text.strip().rpartition(":")
    if port.isdigit() and 0 <= int(port) < 65536 and " " not in host:
        return host or DEFAULT_HOST, int(port)
    raise ValueError(f'an address HOST:PORT such as "{DEFAULT_HOST}:{DEFAULT_PORT}", '
                     f"got {text!r}")


def _host_port(value: Any) -> str | None:
    try:
        split_host_port(value if isinstance(value, str) else "")
    except ValueError:
        return f'an address "HOST:PORT" such as "{DEFAULT_HOST}:{DEFAULT_PORT}"'
    return None


def _optional_host_port(value: Any) -> str | None:
    """Off ("") or an address; the metrics endpoint is off unless configured."""
    if value == "":
        return None
    problem = _host_port(value)
    return None if problem is None else f'"" (off) or {problem.removeprefix("an address ")}'


def _database_url(value: Any) -> str | None:
    ok = isinstance(value, str) and (value == "" or value.startswith(
        ("postgresql://", "postgres://")))
    return None if ok else '"" (off) or "postgresql://USER:PASSWORD@HOST/DATABASE?sslmode=..."'


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) and "\n" not in value and len(value) <= 200 \
        else "a line of text (at most 200 characters)"


def _range(value: Any) -> str | None:
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
          and value[0] < value[1])
    return None if ok else "[minimum, maximum] as two whole numbers, minimum first"


def _matrix(value: Any) -> str | None:
    ok = isinstance(value, list) and len(value) == 6 and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    return None if ok else "six numbers [a, b, c, d, e, f] (libinput's calibration matrix)"


def _users(value: Any) -> str | None:
    ok = isinstance(value, dict) and all(
        str(user).isdigit() and isinstance(seat, int) and not isinstance(seat, bool)
        and 0 <= seat < SEATS for user, seat in value.items())
    return None if ok else f"a table of user number = seat 0-{SEATS - 1}, such as {{ 1 = 0 }}"


def _devices(value: Any) -> str | None:
    return None if isinstance(value, dict) else "a table of device paths"


@dataclass(frozen=True, slots=True)
class PanelSettings:
    """`[input.devices."/dev/input/eventN"]`: one evdev panel's own corrections, in the panel's
    own coordinates (origin top-left, y down, as evdev, TUIO and libinput)."""

    rotation: int = setting("input.devices", 0, "quarter turns of this panel, clockwise",
                            _choice(0, 90, 180, 270))
    invert_x: bool = setting("input.devices", False, "left and right swapped", _boolean)
    invert_y: bool = setting("input.devices", False, "top and bottom swapped", _boolean)
    swap_axes: bool = setting("input.devices", False, "the panel's x runs down the picture",
                              _boolean)
    x_range: tuple[int, int] | None = setting(
        "input.devices", None, "the raw x values of the left and right edges", _range, tuple,
        example="[0, 4095]")
    y_range: tuple[int, int] | None = setting(
        "input.devices", None, "the raw y values of the top and bottom edges", _range, tuple,
        example="[0, 4095]")
    calibration: tuple[float, float, float, float, float, float] = setting(
        "input.devices", IDENTITY, "libinput's calibration matrix", _matrix,
        lambda v: tuple(float(n) for n in v))

    def device(self) -> DeviceSettings:
        """What the touch layer reads."""
        return DeviceSettings(Transform(self.rotation, self.invert_x, self.invert_y,
                                        self.swap_axes, self.calibration),
                              self.x_range, self.y_range)


class PinCheck(Protocol):
    """The adults' lock the table runs with (`kiosk.admin_lock.AdminLock`)."""

    def accepts(self, entered: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What the table app needs to know about the hardware, the room and its keepers.

    Fields made with `setting` are the configuration file's keys, in the file's order."""

    diagonal_inches: float = setting(
        "table", _INPUT.diagonal_inches,
        "the panel's diagonal: cards are 4 cm wide where it has room (doctor)",
        _number(10, 200, "inches"), float)
    resolution: str = setting("table", "1080p", "card art", _choice(*RESOLUTIONS))
    colour_marks: bool = setting(
        "table", True, "the shape marks beside each colour (colour-blind aid)", _boolean)
    orientation: int = setting(
        "table", _INPUT.orientation, "quarter turns of the touch surface to the picture, "
        "clockwise", _choice(0, 90, 180, 270))
    layout: str = setting(
        "table", "six-around", "the seats: 2 per long side and 1 per short, or all on long sides",
        _choice(*LAYOUTS))
    render: str = setting(
        "table", "auto", "auto: desktop OpenGL, else OpenGL ES 3.1 (always ES on a Raspberry "
        "Pi); gl or gles where the machine lacks it: the other one, said in the log",
        _choice(*RENDERS))
    multisampling: bool = setting(
        "table", True, "smooth shape edges (4x; never under OpenGL ES, the pi profile or a "
        "software renderer)", _boolean)
    profile: str = setting(
        "table", "auto", "pi: what keeps a Raspberry Pi 4 at 60 frames a second (OpenGL ES, "
        "no multisampling, 1080p cards); auto: pi on a Raspberry Pi, else full",
        _choice(*PROFILES))
    language: str = setting("game", "fr", "the language of the admin menu, its notices and "
                            "the history", _choice(*LANGUAGES))
    default_variant: str = setting(
        "game", "kids", "the variant the lobby opens on", _choice(*VARIANTS))
    mode: str = setting(
        "game", "auto", "how new seats start: auto is each variant's own (D8)",
        _choice("auto", "assisted", "classic"))
    bot_level: str = setting(
        "game", "close", "the level of the lobby's first robot tap, of the attract demo's "
        "bots and of play --bots (close: paces itself to the children; more taps go through "
        "the other levels)", _choice(*BOT_LEVELS))
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
        "kiosk", DEFAULT_PIN, "hold two opposite corners 3 s, then this PIN", check_pin)
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
        "input", _INPUT.max_touches, "touches at once; one more takes the place of the stalest",
        _whole(1, 200, "touches"))
    mouse_during_touch: bool = setting(
        "input", _INPUT.mouse_during_touch,
        "read the mouse even while a finger is down (X11 echoes the first finger as the mouse)",
        _boolean)
    grab: bool = setting(
        "input", _INPUT.grab, "take evdev panels for the game alone (no desktop echo)", _boolean)
    user_seats: Mapping[int, int] = setting(
        "input", {}, "TUIO 2 user ids and the seat (0-5) each sits at",
        _users, lambda v: {int(user): seat for user, seat in v.items()}, name="users",
        example="{ 1 = 0, 2 = 1 }")
    devices: Mapping[str, DeviceSettings] = setting(
        "input", {}, "one panel's own corrections", _devices,
        table=PanelSettings)
    fleet_name: str = setting(
        "fleet", "", "this table's name in the fleet's database and metrics (\"\": the "
        "machine's host name)", _text, name="name")
    history_url: str = setting(
        "fleet", "", "PostgreSQL that every finished game is also sent to (off when \"\"); "
        "TLS as URL parameters (sslmode, sslrootcert)", _database_url,
        secret=True, example='"postgresql://table@db.example/seigneurs?sslmode=verify-full"')
    history_url_file: str = setting(
        "fleet", "", "a file (mode 0600) holding history_url, to keep its password out of "
        "this one", _text, example='"/etc/seigneurs/history-url"')
    metrics: str = setting(
        "fleet", "", "where Prometheus scrapes the table's health (off when \"\")",
        _optional_host_port, example='"127.0.0.1:9464"')
    locked: bool = False
    data_dir: Path | None = None
    """Where history and the game in progress are kept; None keeps nothing (tests, bench)."""
    admin_lock: PinCheck | None = None
    """Which PIN opens the adults' menu (`kiosk.admin_lock.resolve`: a broken configuration
    keeps the last good one); None (tests, the bench): `admin_pin`."""
    notices: tuple[Notice, ...] = ()
    """What went wrong at start-up (configuration, touch devices), shown in the admin menu."""

    def __post_init__(self) -> None:
        for name in ("user_seats", "devices"):  # a value: its tables cannot change under it
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    @property
    def inputs(self) -> InputSettings:
        """The touch sources' settings: keys named like InputSettings fields pass as they are."""
        own = {f.name for f in fields(InputSettings)}
        passed = {f.name: getattr(self, f.name) for f, _key in keys(TableSettings)
                  if f.name in own}
        host, port = split_host_port(self.tuio)
        passed.update(kinds=self.sources, tuio_host=host, tuio_port=port,
                      devices=dict(self.devices), evdev_paths=tuple(self.devices))
        return replace(_INPUT, **passed)


def keys(settings: type) -> Iterator[tuple[Field[Any], Key]]:
    """A settings class's file keys, in declaration order."""
    for f in fields(settings):
        key = f.metadata.get("key")
        if isinstance(key, Key):
            yield f, key


def key_name(f: Field[Any], key: Key) -> str:
    return key.name or f.name


def sections() -> dict[str, dict[str, tuple[Field[Any], Key]]]:
    """Section -> key name -> declaration."""
    out: dict[str, dict[str, tuple[Field[Any], Key]]] = {}
    for f, key in keys(TableSettings):
        out.setdefault(key.section, {})[key_name(f, key)] = (f, key)
    return out
