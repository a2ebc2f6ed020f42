"""Court cards of our own design: a double-ended figure in a framed panel.

Each figure wears the suit's ink for its robe, a costume accent of its rank and gold trim.
The king has a crown and sword, the queen a tiara and flower, the jack a feathered cap and
halberd. The bold layout shows only the headgear over the suit symbol (`court_emblem`).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.art import palette
from game.art.palette import Colour
from game.art.render import Pen, Sketch, curve, optimised
from game.art.suits import SUIT_ASPECT, draw_suit

STEEL: Colour = (206, 210, 220)
STEEL_DARK: Colour = (110, 116, 130)
HAIR: dict[int, Colour] = {11: (120, 72, 30), 12: (196, 140, 50), 13: (150, 150, 156)}


def _outline(pen: Pen, points, fill, line, width: float = 0.05) -> None:
    pen.poly(fill, points)
    pen.poly(line, points, width)


def _crown(pen: Pen, ink: Colour, accent: Colour) -> None:
    body = [(0.1, 0.98), (0.04, 0.22), (0.3, 0.52), (0.5, 0.04), (0.7, 0.52), (0.96, 0.22),
            (0.9, 0.98)]
    _outline(pen, body, palette.GOLD, palette.GOLD_DARK)
    pen.rect(ink, (0.1, 0.74, 0.8, 0.1))
    for u, v in ((0.04, 0.22), (0.5, 0.04), (0.96, 0.22)):
        pen.circle(palette.GOLD, (u, v), 0.075)
        pen.circle(palette.GOLD_DARK, (u, v), 0.075, 0.03)
    pen.circle(accent, (0.5, 0.56), 0.08)


def _tiara(pen: Pen, ink: Colour, accent: Colour) -> None:
    arches = [(0.08, 0.98), *curve((0.08, 0.62), (0.22, 0.26), (0.34, 0.5)),
              *curve((0.34, 0.5), (0.5, 0.0), (0.66, 0.5)),
              *curve((0.66, 0.5), (0.78, 0.26), (0.92, 0.62)), (0.92, 0.98)]
    _outline(pen, arches, palette.GOLD, palette.GOLD_DARK)
    pen.rect(ink, (0.08, 0.76, 0.84, 0.1))
    pen.circle(accent, (0.5, 0.46), 0.1)
    pen.circle(palette.CARD_FACE, (0.5, 0.46), 0.1, 0.03)
    for u in (0.22, 0.78):
        pen.circle(palette.CARD_FACE, (u, 0.6), 0.05)


def _cap(pen: Pen, ink: Colour, accent: Colour) -> None:
    feather = [*curve((0.5, 0.6), (0.62, 0.04), (1.0, 0.0)),
               *curve((1.0, 0.0), (0.86, 0.5), (0.6, 0.64))]
    _outline(pen, feather, palette.CARD_FACE, ink, 0.04)
    pen.lines(ink, curve((0.54, 0.62), (0.7, 0.2), (0.98, 0.02)), 0.025)
    dome = [*curve((0.2, 0.8), (0.5, -0.1), (0.8, 0.8))]
    _outline(pen, dome, accent, palette.GOLD_DARK, 0.035)
    pen.rect(palette.GOLD, (0.25, 0.6, 0.5, 0.14))
    pen.ellipse(ink, (0.5, 0.84), (0.5, 0.15))


HEADGEAR = {11: _cap, 12: _tiara, 13: _crown}


def _sword(pen: Pen) -> None:
    _outline(pen, [(0.8, 0.66), (0.83, 0.16), (0.86, 0.66)], STEEL, STEEL_DARK, 0.012)
    pen.rect(palette.GOLD, (0.76, 0.64, 0.14, 0.035))
    pen.rect(palette.GOLD_DARK, (0.82, 0.675, 0.02, 0.1))
    pen.circle(palette.SKIN, (0.83, 0.8), 0.04)


def _flower(pen: Pen, accent: Colour) -> None:
    pen.line(palette.INK_GREEN, (0.2, 0.86), (0.2, 0.5), 0.015)
    pen.poly(palette.INK_GREEN, curve((0.2, 0.66), (0.1, 0.56), (0.12, 0.66)))
    for du, dv in ((0, -0.05), (0.048, -0.015), (0.03, 0.04), (-0.03, 0.04), (-0.048, -0.015)):
        pen.circle(accent, (0.2 + du, 0.46 + dv), 0.035)
    pen.circle(palette.GOLD, (0.2, 0.46), 0.025)
    pen.circle(palette.SKIN, (0.2, 0.82), 0.04)


def _halberd(pen: Pen) -> None:
    pen.line(palette.GOLD_DARK, (0.18, 0.2), (0.18, 1.0), 0.022)
    blade = [(0.18, 0.28), (0.06, 0.24), (0.04, 0.42), (0.18, 0.38)]
    _outline(pen, blade, STEEL, STEEL_DARK, 0.012)
    _outline(pen, [(0.16, 0.22), (0.18, 0.1), (0.2, 0.22)], STEEL, STEEL_DARK, 0.012)
    pen.circle(palette.SKIN, (0.18, 0.76), 0.04)


def _figure(pen: Pen, rank: int, suit: str, ink: Colour) -> None:
    """The upper half of the court, drawn in a box whose bottom edge is the card's middle."""
    accent = palette.COURT_ACCENTS[rank]
    robe = [(0.08, 1.02), (0.14, 0.8), (0.3, 0.7), (0.5, 0.68), (0.7, 0.7), (0.86, 0.8),
            (0.92, 1.02)]
    pen.poly(ink, robe)
    pen.poly(accent, [(0.38, 0.72), (0.62, 0.72), (0.68, 1.02), (0.32, 1.02)])
    pen.lines(palette.GOLD, [(0.38, 0.72), (0.32, 1.02)], 0.02)
    pen.lines(palette.GOLD, [(0.62, 0.72), (0.68, 1.02)], 0.02)
    for v in (0.8, 0.88, 0.96):
        pen.circle(palette.GOLD, (0.5, v), 0.02)
    pen.rect(palette.SKIN_SHADE, (0.455, 0.54, 0.09, 0.16))
    hair = HAIR[rank]
    if rank == 12:
        pen.ellipse(hair, (0.5, 0.5), (0.2, 0.22))
    pen.circle(palette.SKIN, (0.5, 0.44), 0.14)
    if rank == 13:
        pen.poly(hair, [(0.36, 0.46), *curve((0.38, 0.6), (0.5, 0.78), (0.62, 0.6)), (0.64, 0.46),
                        (0.57, 0.52), (0.43, 0.52)])
    collar = [(0.3, 0.7), (0.5, 0.86), (0.7, 0.7), (0.6, 0.66), (0.5, 0.74), (0.4, 0.66)]
    ruff = palette.CARD_FACE if rank == 12 else palette.GOLD
    _outline(pen, collar, ruff, palette.GOLD_DARK, 0.012)
    for u in (0.45, 0.55):
        pen.circle(palette.INK_BLACK, (u, 0.42), 0.016)
    pen.line(palette.INK_RED, (0.475, 0.5), (0.525, 0.5), 0.014)
    HEADGEAR[rank](pen.sub(0.3, 0.06, 0.4, 0.28), ink, accent)
    if rank == 13:
        _sword(pen)
    elif rank == 12:
        _flower(pen, accent)
    else:
        _halberd(pen)
    pip_u = 0.07 if rank == 13 else 0.8
    draw_suit(pen.sub(pip_u, 0.06, 0.13), suit, ink)


@lru_cache(maxsize=64)
def court_panel(rank: int, suit: str, ink: Colour, size: tuple[int, int]) -> pygame.Surface:
    """The framed double-ended court picture for a panel of `size` pixels."""
    width, height = size
    frame = max(1.0, width * 0.03)
    tint = palette.mix(palette.CARD_FACE, palette.COURT_ACCENTS[rank], 0.12)
    sketch = Sketch(size, background=ink)
    pen = sketch.pen()
    pen.round_rect(ink, (0, 0, width, height), frame * 1.5)
    pen.round_rect(palette.GOLD, (frame, frame, width - 2 * frame, height - 2 * frame), frame)
    inner = 2 * frame
    pen.round_rect(tint, (inner, inner, width - 2 * inner, height - 2 * inner), frame * 0.5)
    panel = sketch.finish()

    half_size = (round(width - 2 * inner), round(height / 2 - inner))
    half = Sketch(half_size, background=ink)
    _figure(half.pen(), rank, suit, ink)
    upper = half.finish()
    panel.blit(upper, (round(inner), round(inner)))
    panel.blit(pygame.transform.flip(upper, True, True), (round(inner), height // 2))
    pygame.draw.line(panel, palette.GOLD_DARK, (round(inner), height // 2),
                     (round(width - inner) - 1, height // 2), max(1, round(frame / 2)))
    return optimised(panel)


@lru_cache(maxsize=64)
def court_emblem(rank: int, suit: str, ink: Colour, size: tuple[int, int]) -> pygame.Surface:
    """The rank's headgear over its suit symbol, for small and large-print cards."""
    width, height = size
    side = min(width, height)
    sketch = Sketch((side, side), background=ink)
    pen = sketch.pen()
    HEADGEAR[rank](pen.sub(0.12, 0.02, 0.76, 0.5), ink, palette.COURT_ACCENTS[rank])
    symbol_width = 0.44 / SUIT_ASPECT[suit]
    draw_suit(pen.sub(0.5 - symbol_width / 2, 0.56, symbol_width), suit, ink)
    return optimised(sketch.finish())
