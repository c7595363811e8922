"""JSON data kept inside frozen records (a game's seats and trains, a journal's table notes):
frozen as read-only mappings and tuples, so a record is a value all the way down, and turned
back into JSON's own types where it is written."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


def frozen(value: Any) -> Any:
    """Objects as read-only mappings, arrays as tuples, all the way down."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen(item) for item in value)
    return value


def plain(value: Any) -> Any:
    """`frozen`'s inverse: dicts and lists again, for json.dumps."""
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value
