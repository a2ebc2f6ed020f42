"""What is drawn around cards rather than on them: empty-pile ghosts, glows and shadows.

Glows and shadows are larger than the card by `overlay_margin(width)` on every side, so a
scene blits them at the card's top-left corner minus that margin.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import Pen, Sketch, arc_points, nine_slice, optimised, text_ink
from game.art.suits import SUIT_ASPECT, draw_suit

GHOSTS = ("empty", "foundation", "stock", "exhausted")


def overlay_margin(width: int) -> int:
    return max(4, round(width * 0.14))


def _card_radius(width: int) -> float:
    return max(3.0, width * 0.065)


def _recycle(pen: Pen, colour) -> None:
    """A circular arrow: the stock can be turned over again."""
    outer, inner, start, end = 0.36, 0.26, 120.0, 400.0
    pen.poly(colour, [*arc_points((0.5, 0.5), (outer, outer), start, end),
                      *arc_points((0.5, 0.5), (inner, inner), end, start)])
    angle = math.radians(end)
    radial = (math.cos(angle), -math.sin(angle))
    ahead = (-math.sin(angle), -math.cos(angle))  # counter-clockwise on screen
    middle = (0.5 + radial[0] * (outer + inner) / 2, 0.5 + radial[1] * (outer + inner) / 2)
    pen.poly(colour, [(middle[0] + radial[0] * 0.13, middle[1] + radial[1] * 0.13),
                      (middle[0] + ahead[0] * 0.16, middle[1] + ahead[1] * 0.16),
                      (middle[0] - radial[0] * 0.13, middle[1] - radial[1] * 0.13)])


def _cross(pen: Pen, colour) -> None:
    """No passes left."""
    pen.line(colour, (0.22, 0.22), (0.78, 0.78), 0.09)
    pen.line(colour, (0.78, 0.22), (0.22, 0.78), 0.09)


def _suit_row(pen: Pen, colour) -> None:
    """The four suits side by side, hinting that a suit stack builds here."""
    for index, suit in enumerate("SHDC"):
        width = 0.16
        top = 0.5 - width * SUIT_ASPECT[suit] / 2
        draw_suit(pen.sub(0.06 + index * 0.23, top, width), suit, colour)


SOFT_RADIUS = 3  # the blur radius, in pixels, that soften actually runs


def soften(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A gaussian blur of `radius`, done at a reduced scale so that the blur itself runs with
    a radius of about SOFT_RADIUS: pygame's blur costs the pixels times the radius, so a wide
    shadow on a 4K window took seconds; a blur has no detail to lose by the scaling."""
    size = surface.get_size()
    factor = max(1, radius // SOFT_RADIUS)
    if factor == 1:
        return pygame.transform.gaussian_blur(surface, max(1, radius))
    small = pygame.transform.smoothscale(
        surface, (max(1, size[0] // factor), max(1, size[1] // factor)))
    blurred = pygame.transform.gaussian_blur(small, max(1, round(radius / factor)))
    return pygame.transform.smoothscale(blurred, size)


def soft_shadow(size: tuple[int, int], radius: int, spread: int,
                colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A rounded box of `size` and corner `radius` softened by `spread`, on a clear margin
    of 2 * `spread` all round. Only a square holding the corners is blurred and the rest
    stretched from it: the blur along a straight edge is the same all along it, and a big
    shadow cost its blur's full area (8 ms at 3840x2160)."""
    margin = 2 * spread
    corner = margin + max(radius, margin) + 1
    width, height = size[0] + 2 * margin, size[1] + 2 * margin
    side = 2 * corner + 1
    if width < side or height < side:
        box = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(box, colour, (margin, margin, *size), border_radius=radius)
        return soften(box, spread)
    box = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(box, colour, (margin, margin, side - 2 * margin, side - 2 * margin),
                     border_radius=radius)
    return nine_slice(soften(box, spread), corner, (width, height))


@lru_cache(maxsize=32)
def ghost(kind: str, size: tuple[int, int], label: str | None = None) -> pygame.Surface:
    """A translucent outline marking where a pile lies while it is empty."""
    if kind not in GHOSTS:
        raise ValueError(f"unknown ghost kind: {kind!r}")
    width, height = size
    line = palette.GHOST_LINE
    sketch = Sketch(size, background=line)
    pen = sketch.pen()
    line_width = max(1.5, width * 0.025)
    radius = _card_radius(width)
    pen.round_rect(palette.GHOST_FILL, (0, 0, width, height), radius)
    pen.round_rect(line, (0, 0, width, height), radius, line_width)
    symbol_box = (width * 0.2, height / 2 - width * 0.3, width * 0.6, width * 0.6)
    if kind == "stock":
        _recycle(sketch.pen(symbol_box), line)
    elif kind == "exhausted":
        _cross(sketch.pen(symbol_box), line)
    elif kind == "foundation":
        _suit_row(sketch.pen((width * 0.12, height * 0.7, width * 0.76, width * 0.76)), line)
    surface = sketch.finish()
    text = label if label is not None else ("A" if kind == "foundation" else None)
    if text:
        ink = text_ink(text, round(width * 0.42), line[:3])
        ink.fill((255, 255, 255, line[3]), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(ink, ink.get_rect(center=(width // 2, round(height * 0.44))))
    return optimised(surface)


@lru_cache(maxsize=16)
def glow(kind: str, width: int, height: int) -> pygame.Surface:
    """A soft halo with a crisp ring in the colour of `kind` (see palette.GLOWS)."""
    colour = palette.GLOWS[kind]
    margin = overlay_margin(width)
    surface = pygame.Surface((width + 2 * margin, height + 2 * margin), pygame.SRCALPHA)
    surface.fill((*colour, 0))
    spread = margin // 3
    halo = pygame.Rect(margin - spread, margin - spread, width + 2 * spread, height + 2 * spread)
    pygame.draw.rect(surface, (*colour, 210), halo, max(2, spread),
                     border_radius=round(_card_radius(width) + spread))
    surface = soften(surface, margin // 3)
    ring = Sketch(surface.get_size(), background=colour)
    ring.pen().round_rect((*colour, 255), (margin - 1, margin - 1, width + 2, height + 2),
                          _card_radius(width) + 1, max(1.5, width * 0.03))
    surface.blit(ring.finish(), (0, 0))
    return optimised(surface)


@lru_cache(maxsize=8)
def shadow(width: int, height: int) -> pygame.Surface:
    """A soft shadow cast down and to the right, for cards lifted off the table."""
    margin = overlay_margin(width)
    surface = pygame.Surface((width + 2 * margin, height + 2 * margin), pygame.SRCALPHA)
    drop = margin // 2
    pygame.draw.rect(surface, palette.SHADOW, (margin + drop // 2, margin + drop, width, height),
                     border_radius=round(_card_radius(width)))
    return optimised(soften(surface, margin // 3))


@lru_cache(maxsize=4)
def dead_gap_mark(size: tuple[int, int]) -> pygame.Surface:
    """A gap no card can fill: a shadowed hollow with a faint cross."""
    width, height = size
    mark = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, round(width * 0.065))
    pygame.draw.rect(mark, (0, 0, 0, 70), mark.get_rect(), border_radius=radius)
    pygame.draw.rect(mark, (0, 0, 0, 90), mark.get_rect(), max(1, width // 40),
                     border_radius=radius)
    inset = round(width * 0.3)
    middle_y = height // 2
    line = max(2, round(width * 0.035))
    for start, end in (((inset, middle_y - width // 2 + inset),
                        (width - inset, middle_y + width // 2 - inset)),
                       ((width - inset, middle_y - width // 2 + inset),
                        (inset, middle_y + width // 2 - inset))):
        pygame.draw.line(mark, (255, 255, 255, 34), start, end, line)
    return mark
