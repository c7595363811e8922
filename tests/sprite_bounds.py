"""Where a sprite lies on the table, however it is turned, and whether one box holds another."""

from __future__ import annotations

import math

import arcade

from seigneurs.rect import Rect


def box(sprite: arcade.Sprite) -> Rect:
    """The sprite's bounds on the table, however it is turned."""
    turn = math.radians(sprite.angle)
    w, h = sprite.width, sprite.height  # unturned: arcade scales before it turns
    across = abs(w * math.cos(turn)) + abs(h * math.sin(turn))
    up = abs(w * math.sin(turn)) + abs(h * math.cos(turn))
    return Rect(sprite.center_x - across / 2, sprite.center_y - up / 2, across, up)


def inside(outer: Rect, inner: Rect) -> bool:
    return (outer.x <= inner.x and outer.y <= inner.y and inner.x + inner.w <= outer.x + outer.w
            and inner.y + inner.h <= outer.y + outer.h)
