"""The four suit symbols as vector shapes, drawn at any size.

Each shape is laid out in a box one unit wide and `SUIT_ASPECT[suit]` units tall, built from
circles and curved polygons whose union forms the symbol.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art.render import Pen, Point, Sketch, curve, optimised

SUIT_ASPECT = {"S": 1.1, "H": 0.94, "D": 1.24, "C": 1.08}


def _lobe_side(centre: Point, radius: float, angle: float, tip: Point,
               pull: float) -> list[Point]:
    """From a point on a round lobe, a convex curve running smoothly into the tip."""
    a = math.radians(angle)
    start = (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))
    # The tangent at `start`, pointing away from the lobe towards the tip.
    direction = (math.sin(a), -math.cos(a))
    if (tip[1] - start[1]) * direction[1] < 0:
        direction = (-direction[0], -direction[1])
    control = (start[0] + direction[0] * pull, start[1] + direction[1] * pull)
    return curve(start, control, tip, 14)


def _heart_body(pen: Pen, colour, lobe_y: float, tip_y: float, radius: float) -> None:
    """Two lobes and a tip: a heart when the tip is below, a spade's blade when above."""
    left, right = (0.5 - (0.5 - radius), lobe_y), (0.5 + (0.5 - radius), lobe_y)
    tip = (0.5, tip_y)
    side_angle = 205 if tip_y < lobe_y else 155
    side = _lobe_side(left, radius, side_angle, tip, 0.24)
    mirror = [(1 - u, v) for u, v in reversed(side)]
    pen.circle(colour, left, radius)
    pen.circle(colour, right, radius)
    pen.poly(colour, [*side, *mirror[1:], right, left])


def _stem(pen: Pen, colour, top: float, bottom: float) -> None:
    """A flared stem, narrow at the join and wide at the foot."""
    left = curve((0.47, top), (0.47, bottom - 0.06), (0.28, bottom), 10)
    right = [(1 - u, v) for u, v in reversed(left)]
    pen.poly(colour, [*left, *right])


def _draw_heart(pen: Pen, colour) -> None:
    _heart_body(pen, colour, lobe_y=0.27, tip_y=0.94, radius=0.26)


def _draw_spade(pen: Pen, colour) -> None:
    _heart_body(pen, colour, lobe_y=0.58, tip_y=0.0, radius=0.25)
    _stem(pen, colour, 0.5, 1.1)


def _draw_club(pen: Pen, colour) -> None:
    radius = 0.235
    top, left, right = (0.5, 0.255), (0.5 - 0.26, 0.62), (0.5 + 0.26, 0.62)
    for centre in (top, left, right):
        pen.circle(colour, centre, radius)
    pen.poly(colour, [top, left, right])
    _stem(pen, colour, 0.6, 1.08)


def _draw_diamond(pen: Pen, colour) -> None:
    corners = [(0.5, 0.0), (0.95, 0.62), (0.5, 1.24), (0.05, 0.62)]
    outline: list[Point] = []
    for index, start in enumerate(corners):
        end = corners[(index + 1) % 4]
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        control = (middle[0] + (0.5 - middle[0]) * 0.16, middle[1] + (0.62 - middle[1]) * 0.16)
        outline.extend(curve(start, control, end, 10)[:-1])
    pen.poly(colour, outline)


_DRAWERS = {"S": _draw_spade, "H": _draw_heart, "D": _draw_diamond, "C": _draw_club}


def draw_suit(pen: Pen, suit: str, colour) -> None:
    """Draw `suit` filling the pen's box (one unit wide; height in the same units)."""
    _DRAWERS[suit](pen, colour)


def suit_height(suit: str, width: int) -> int:
    return max(1, round(width * SUIT_ASPECT[suit]))


@lru_cache(maxsize=512)
def suit_symbol(suit: str, width: int, colour: tuple[int, int, int],
                upside_down: bool = False) -> pygame.Surface:
    """The symbol of `suit` `width` pixels wide, antialiased, cached per size and colour."""
    if upside_down:
        return pygame.transform.flip(suit_symbol(suit, width, colour), True, True)
    width = max(1, width)
    sketch = Sketch((width, suit_height(suit, width)), background=colour)
    draw_suit(sketch.pen((0, 0, width, width)), suit, colour)
    return optimised(sketch.finish())
