"""Where the configuration and the data live (XDG base directories on Linux)."""

from __future__ import annotations

import os
from pathlib import Path

APP = "seigneurs"


def config_dir() -> Path:
    """$XDG_CONFIG_HOME/seigneurs, or ~/.config/seigneurs."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP


def data_dir() -> Path:
    """$XDG_DATA_HOME/seigneurs, or ~/.local/share/seigneurs (history, game in progress)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def default_config_file() -> Path:
    return config_dir() / "config.toml"
