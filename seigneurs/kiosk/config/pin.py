"""Storing the admin PIN in the configuration file, keeping every other line as it was."""

from __future__ import annotations

import tomllib
from pathlib import Path

from seigneurs.bounded import read_text, shown
from seigneurs.kiosk.config.reading import CONFIG_LIMIT, parse
from seigneurs.kiosk.config.schema import check_pin


def set_pin(path: Path, pin: str | None = None) -> str:
    """Store an admin PIN (random, six digits, unless given) in the file, keeping the rest of
    it; returns the PIN. Refuses a PIN the check would refuse, or a file it cannot read."""
    if pin is None:
        import secrets  # here: it loads OpenSSL's hashes, which the table's start never needs

        pin = f"{secrets.randbelow(10**6):06d}"
    if not (pin.isascii() and pin.isdigit()) and pin.isdigit():
        raise ValueError(f"the PIN pad has only the digits 0-9; {shown(pin)} has other digits "
                         "(full-width?): type it with 0-9")
    if check_pin(pin) is not None:
        raise ValueError(f"a PIN is 4 to 8 digits 0-9, such as 482913; got {shown(pin)}")
    text = read_text(path, CONFIG_LIMIT, "the configuration", "utf-8-sig") \
        if path.exists() else ""
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
    try:
        settings, problems = parse(tomllib.loads(new), str(path))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path} is not valid TOML ({error}): mend it or move it away "
                         "first") from None
    if settings.admin_pin != pin:
        raise ValueError(f"{path}: the PIN could not be stored ({'; '.join(map(str, problems))})")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")
    path.chmod(0o600)  # the PIN is the adults' door: only the table's user reads it
    return pin
