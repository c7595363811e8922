"""`seigneurs config example`: every key with its default and meaning, from the schema."""

from __future__ import annotations

from typing import Any

from seigneurs.kiosk.config.schema import PanelSettings, key_name, keys, sections


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


def example() -> str:
    """A whole configuration file: the defaults, each with its meaning (and its choices)."""
    lines = ["# Seigneurs touch table configuration (every key is optional; these are the "
             "defaults)."]
    for section, declared in sections().items():
        lines += ["", f"[{section}]"]
        for name, (f, key) in declared.items():
            check = key.check(None) or ""
            choices = f" ({check})" if check.startswith("one of") else ""
            if key.table is not None:
                continue
            if key.example is not None:
                lines.append(f"# {name} = {key.example}".ljust(27) + f" # {key.meaning}")
            else:
                lines.append(f"{name} = {_toml(f.default)}".ljust(27)
                             + f" # {key.meaning}{choices}")
    lines += ["", '# [input.devices."/dev/input/event5"]   # one panel\'s own corrections '
              "(origin top-left, y down)"]
    for f, key in keys(PanelSettings):
        shown = key.example if key.example is not None else _toml(f.default)
        lines.append(f"# {key_name(f, key)} = {shown}".ljust(27) + f" # {key.meaning}")
    return "\n".join(lines) + "\n"
