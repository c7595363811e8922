"""Looking things up by name in the project's registries, with one kind of clear error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def lookup(registry: Mapping[str, T], name: str, what: str) -> T:
    """`registry[name]`, or a ValueError naming the unknown `what` and the known names."""
    try:
        return registry[name]
    except KeyError:
        raise ValueError(f"unknown {what} {name!r}; expected one of "
                         f"{', '.join(registry)}") from None
