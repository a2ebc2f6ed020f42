"""Card backs: a white-bordered card whose inner field carries one of three designs."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import Pen, Sketch, alpha_of, optimised, seal

BACKS = ("classic", "crimson", "emerald")


def _classic(pen: Pen, height: float) -> None:
    """A blue lattice of diamonds in two shades, light lines, dots at the crossings."""
    dark, light, line = (22, 58, 132), (34, 84, 170), (130, 170, 235)
    pen.rect(dark, (0, 0, 1, height))
    step = 0.125
    # Cells lie between the diagonals u + v = a*step and u - v = b*step.
    reach = math.ceil((1 + height) / step) + 1
    def point(a: int, b: int) -> tuple[float, float]:
        return ((a + b) * step / 2, (a - b) * step / 2)

    def inside(a: int, b: int) -> bool:
        u, v = point(a, b)
        return -step <= u <= 1 + step and -step <= v <= height + step

    for a in range(reach):
        for b in range(-reach, reach):
            if (a + b) % 2 == 0 and inside(a, b):
                corners = [(a, b), (a + 1, b), (a + 1, b + 1), (a, b + 1)]
                pen.poly(light, [point(p, q) for p, q in corners])
    for k in range(-reach, reach):
        pen.line(line, (k * step, 0), (k * step + height, height), 0.008)
        pen.line(line, (k * step, 0), (k * step - height, height), 0.008)
        for a in range(reach):
            if inside(a, k):
                pen.circle(line, point(a, k), 0.016)
    pen.rect(palette.CARD_FACE, (0.06, 0.06, 0.88, height - 0.12), 0.014)


def _crimson(pen: Pen, height: float) -> None:
    """A guilloche of overlapping rings behind a gold rosette medallion."""
    field, ring = (132, 18, 36), (196, 70, 84)
    centre = (0.5, height / 2)
    pen.rect(field, (0, 0, 1, height))
    for step in range(30):
        angle = math.tau * step / 30
        pen.circle(ring, (centre[0] + 0.2 * math.cos(angle), centre[1] + 0.2 * math.sin(angle)),
                   0.42, 0.008)
    pen.circle(palette.GOLD, centre, 0.27)
    pen.circle(field, centre, 0.235)
    pen.circle(palette.GOLD, centre, 0.215, 0.01)
    for step in range(8):
        angle = math.tau * step / 8
        tip = (centre[0] + 0.19 * math.cos(angle), centre[1] + 0.19 * math.sin(angle))
        side = 0.05
        left = (centre[0] + side * math.cos(angle + 1.2), centre[1] + side * math.sin(angle + 1.2))
        right = (centre[0] + side * math.cos(angle - 1.2), centre[1] + side * math.sin(angle - 1.2))
        pen.poly(palette.GOLD, [centre, left, tip, right])
    pen.circle(palette.GOLD_DARK, centre, 0.045)
    pen.circle(palette.GOLD, centre, 0.03)
    for corner in ((0, 0), (1, 0), (0, height), (1, height)):
        pen.circle(palette.GOLD, corner, 0.16, 0.014)


def _emerald(pen: Pen, height: float) -> None:
    """Art-deco nested frames around a gold star, crossed by diagonal rays."""
    shades = ((14, 92, 64), (20, 116, 80))
    inset, step = 0.0, 0.05
    index = 0
    while inset < 0.5:
        pen.rect(shades[index % 2], (inset, inset, 1 - 2 * inset, height - 2 * inset))
        inset += step
        index += 1
    ray = (60, 160, 116)
    for a, b in (((0, 0), (1, height)), ((1, 0), (0, height)), ((0.5, 0), (0.5, height)),
                 ((0, height / 2), (1, height / 2))):
        pen.line(ray, a, b, 0.01)
    centre = (0.5, height / 2)
    star = []
    for point in range(16):
        radius = 0.2 if point % 2 == 0 else 0.08
        angle = math.tau * point / 16 - math.pi / 2
        star.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
    pen.poly(palette.GOLD, star)
    pen.poly(palette.GOLD_DARK, star, 0.01)
    pen.circle(shades[0], centre, 0.05)
    pen.circle(palette.GOLD, centre, 0.05, 0.012)


DESIGNS: dict[str, Callable[[Pen, float], None]] = {
    "classic": _classic,
    "crimson": _crimson,
    "emerald": _emerald,
}


@lru_cache(maxsize=8)
def render_back(style: str, size: tuple[int, int]) -> pygame.Surface:
    """The back `style` for a card of `size` pixels, its design clipped to the inner field."""
    width, height = size
    radius = max(3.0, width * 0.065)
    edge = max(1.0, width / 110)
    border = max(2.0, width * 0.055)
    sketch = Sketch(size, background=palette.CARD_EDGE)
    pen = sketch.pen()
    pen.round_rect(palette.CARD_EDGE, (0, 0, width, height), radius)
    pen.round_rect(palette.CARD_FACE, (edge, edge, width - 2 * edge, height - 2 * edge),
                   radius - edge)

    field_box = (border, border, width - 2 * border, height - 2 * border)
    field = Sketch(size, background=(0, 0, 0))
    DESIGNS[style](field.pen((border, border, field_box[2], field_box[2])),
                   field_box[3] / field_box[2])
    mask = pygame.Surface(field.surface.get_size(), pygame.SRCALPHA)
    s = sketch.scale
    pygame.draw.rect(mask, (255, 255, 255, 255), [round(value * s) for value in field_box],
                     border_radius=round((radius - border / 2) * s))
    field.surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    shape = alpha_of(sketch.surface)
    sketch.surface.blit(field.surface, (0, 0))
    seal(sketch.surface, shape)
    return optimised(sketch.finish())
