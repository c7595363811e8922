"""What the soaks' reports share (the kill soak, its full-disk part, the year): their figures
as JSON, one line for a person, and `losses`, which must stay empty."""

from __future__ import annotations

from dataclasses import Field, asdict
from typing import Any, ClassVar


class LossReport:
    """Base of a soak's report dataclass: it gives `to_json` (every field), `summary` (its
    `figures`, then the first losses) and `failed`."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    losses: list[str]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def figures(self) -> str:
        """The report's own figures, in words."""
        raise NotImplementedError

    def summary(self) -> str:
        lost = "; ".join(self.losses[:5]) if self.losses else "none"
        return f"{self.figures()}; losses: {lost}"

    @property
    def failed(self) -> bool:
        """Whether anything was lost (the soak's exit status is 1)."""
        return bool(self.losses)
