"""The ornate centrepiece of the Ace of Spades, the card a deck traditionally decorates."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette
from game.art.palette import Colour
from game.art.render import Sketch, optimised
from game.art.suits import SUIT_ASPECT, draw_suit


@lru_cache(maxsize=8)
def ace_medallion(suit: str, size: int, ink: Colour) -> pygame.Surface:
    """A large suit symbol inside a ringed medallion with a laurel of dots, `size` square."""
    sketch = Sketch((size, size), background=ink)
    pen = sketch.pen()
    centre = (0.5, 0.5)
    pen.circle(palette.mix(palette.CARD_FACE, palette.GOLD, 0.18), centre, 0.48)
    pen.circle(ink, centre, 0.48, 0.018)
    pen.circle(palette.GOLD, centre, 0.445, 0.012)
    for step in range(24):
        angle = math.tau * step / 24
        radius = 0.028 if step % 3 == 0 else 0.016
        colour = ink if step % 3 == 0 else palette.GOLD_DARK
        pen.circle(colour, (0.5 + 0.4 * math.cos(angle), 0.5 + 0.4 * math.sin(angle)), radius)
    symbol_width = 0.5
    top = 0.5 - symbol_width * SUIT_ASPECT[suit] / 2
    draw_suit(pen.sub(0.5 - symbol_width / 2, top, symbol_width), suit, ink)
    return optimised(sketch.finish())
