"""Reading the configuration file and checking it key by key.

Every problem is reported at once, naming the file, the key and what was expected. A bad value
falls back to its default and the rest of the file still counts. A file that cannot be read
gives the defaults; one that is garbage (not UTF-8, not TOML) is moved aside with a dated name
when the table starts, so the next start is clean and nothing is lost. The table always starts.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from seigneurs.bounded import MIB, read_text, shown
from seigneurs.kiosk.config.schema import (
    TableSettings,
    key_name,
    keys,
    sections,
)
from seigneurs.kiosk.i18n import Words
from seigneurs.kiosk.trouble import move_aside


class Trouble(StrEnum):
    """What kind of problem: a value, or the whole file."""

    VALUE = "value"  # one key: it falls back to its default
    MISSING = "missing"  # a file named on the command line is not there
    UNREADABLE = "unreadable"  # permissions, a folder where the file should be, a disk error
    GARBAGE = "garbage"  # not UTF-8 or not TOML: moved aside when the table starts

    @property
    def file_unusable(self) -> bool:
        """The whole file could not be used (its admin PIN among the rest)."""
        return self in (Trouble.UNREADABLE, Trouble.GARBAGE)


_DEFAULTS = "the table runs on the defaults, but its admin lock keeps the last good PIN"
CONFIG_LIMIT = MIB
"""A configuration is a few hundred bytes; anything over this is not one."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the file."""

    file: str
    key: str
    message: str
    trouble: Trouble = Trouble.VALUE
    moved_to: Path | None = None

    def __str__(self) -> str:
        moved = f"; moved aside to {self.moved_to}" if self.moved_to else ""
        return f"{self.file}: {self.key}: {self.message}{moved}"

    def notice(self, language: str) -> str:
        """The admin menu's line, in the table's language."""
        if self.trouble is Trouble.VALUE:
            return Words("config_value", f"{self.file}: {self.key}").notice(language)
        if self.moved_to is not None:
            return Words("config_moved", str(self.moved_to)).notice(language)
        return Words(f"config_{self.trouble}", self.file).notice(language)


def load(path: Path | None, move_garbage: bool = False,
         now: datetime | None = None) -> tuple[TableSettings, list[Problem]]:
    """Read and check a config file (None: no file, the defaults). With `move_garbage` (the
    table starting), a file that is not UTF-8 or not TOML is renamed aside, dated."""
    if path is None:
        return TableSettings(), []
    name = str(path)
    try:
        # utf-8-sig: a file saved by Notepad starts with a byte-order mark; CRLF is TOML's own
        data = tomllib.loads(read_text(path, CONFIG_LIMIT, "the configuration", "utf-8-sig"))
    except FileNotFoundError:
        return TableSettings(), [Problem(name, "-", "no such file", Trouble.MISSING)]
    except OSError as error:
        return TableSettings(), [Problem(name, "-", f"cannot be read ({error.strerror or error})"
                                         f"; {_DEFAULTS}", Trouble.UNREADABLE)]
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        what = "is not text (UTF-8)" if isinstance(error, UnicodeDecodeError) else \
            f"is not valid TOML: {error}"
        moved = move_aside(path, now or datetime.now()) if move_garbage else None
        return TableSettings(), [Problem(name, "-", f"{what}; {_DEFAULTS}",
                                         Trouble.GARBAGE, moved)]
    return parse(data, name)


def parse(data: dict[str, Any], name: str = "<config>") -> tuple[TableSettings, list[Problem]]:
    """Check parsed TOML; returns the settings (defaults where wrong) and every problem."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    schema = sections()
    for section, body in data.items():
        if section not in schema:
            problems.append(Problem(name, f"[{_cut(section)}]", "unknown section; expected one of "
                                    + ", ".join(f"[{s}]" for s in schema)))
        elif not isinstance(body, dict):
            problems.append(Problem(name, f"[{_cut(section)}]", "must be a table of keys"))
        else:
            values.update(read_table(TableSettings, body, f"[{section}]", name, problems,
                                     section))
    return TableSettings(**values), problems


def read_table(settings: type, body: dict[str, Any], where: str, name: str,
               problems: list[Problem], section: str | None = None) -> dict[str, Any]:
    """One table's checked values, by field name (the keys of `settings`, of `section` only
    when given); what is wrong goes to `problems` and falls back to its default."""
    declared = {key_name(f, key): (f, key) for f, key in keys(settings)
                if section is None or key.section == section}
    values: dict[str, Any] = {}
    for key_text, value in body.items():
        found = declared.get(key_text)
        if found is None:
            problems.append(Problem(name, f"{where} {_cut(key_text)}",
                                    "unknown key; expected one of " + ", ".join(declared)))
            continue
        f, key = found
        expected = key.check(value)
        if expected is not None:
            problems.append(Problem(name, f"{where} {key_text}",
                                    f"expected {expected}, got "
                                    f"{'a value not shown here' if key.secret else shown(value)}"))
        elif key.table is not None:
            table = f"{key.section}.{key_text}"
            values[f.name] = {entry: key.table(**read_table(
                key.table, sub, f'[{table}."{_cut(entry)}"]', name, problems)).device()
                for entry, sub in value.items() if _is_table(sub, entry, table, name, problems)}
        else:
            values[f.name] = key.read(value) if key.read else value
    return values


def _cut(name: str) -> str:
    """A key or section name as echoed back: whole when short, else cut (`shown`)."""
    return name if len(name) <= 60 else shown(name)


def _is_table(value: Any, entry: str, section: str, name: str,
              problems: list[Problem]) -> bool:
    if not isinstance(value, dict):
        problems.append(Problem(name, f'[{section}."{_cut(entry)}"]',
                                "must be a table of keys"))
    return isinstance(value, dict)
