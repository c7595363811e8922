"""The one rectangle type, below every layer: the table's layout and the input's filters both
measure with it (in pixels and in display fractions), so neither declares its own."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle, bottom-left origin: in the table's pixels (zones, the card
    area) or in display fractions (the touch regions the input ignores)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    def at(self, fx: float, fy: float) -> tuple[float, float]:
        """The pixel at fractions (fx, fy) of the rectangle (0..1 each)."""
        return self.x + fx * self.w, self.y + fy * self.h

    def fraction(self, px: float, py: float) -> tuple[float, float]:
        """Where pixel (px, py) lies, as fractions of the rectangle (inverse of `at`)."""
        return (px - self.x) / self.w, (py - self.y) / self.h

    def clamp(self, px: float, py: float, margin: float = 0.0) -> tuple[float, float]:
        """The nearest point inside, `margin` in from the edges."""
        return (min(max(px, self.x + margin), self.x + self.w - margin),
                min(max(py, self.y + margin), self.y + self.h - margin))
