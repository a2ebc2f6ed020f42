"""Table cloth backgrounds: a felt colour with fine grain, soft mottling and a vignette.

The grain is one small noise tile made once and repeated; the mottling and vignette come from
a coarse shade map stretched smoothly over the window, so any size renders in a few
milliseconds and is then cached.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.art.palette import FELTS

THEMES = tuple(FELTS)
GRAIN_TILE = 128
SHADE_CELLS = 48  # shade map cells across the longer side of the window


def _greys(values: bytes, size: tuple[int, int], lowest: int = 0) -> pygame.Surface:
    """An RGB surface of grey pixels, byte 0..255 mapped onto greys `lowest`..255."""
    indexed = pygame.image.frombytes(values, size, "P")
    indexed.set_palette([(g, g, g) for g in (lowest + v * (255 - lowest) // 255
                                             for v in range(256))])
    rgb = pygame.Surface(size)
    rgb.blit(indexed, (0, 0))
    return rgb


@lru_cache(maxsize=1)
def _grain_tile() -> pygame.Surface:
    """Fine noise as greys just under white, for multiplying into the cloth colour."""
    rng = random.Random(7)
    return _greys(rng.randbytes(GRAIN_TILE * GRAIN_TILE), (GRAIN_TILE, GRAIN_TILE), 236)


def _shade_map(size: tuple[int, int]) -> pygame.Surface:
    """Coarse greys: bright in the middle, darker towards the edges, gently mottled."""
    width, height = size
    scale = SHADE_CELLS / max(width, height)
    columns, rows = max(2, round(width * scale)), max(2, round(height * scale))
    rng = random.Random(11)
    values = bytearray()
    for row in range(rows):
        y = (row + 0.5) / rows * 2 - 1
        for column in range(columns):
            x = (column + 0.5) / columns * 2 - 1
            distance = math.hypot(x, y) / math.sqrt(2)
            light = 1.0 - 0.42 * distance ** 2.2 + rng.uniform(-0.025, 0.025)
            values.append(max(0, min(255, round(255 * light))))
    return pygame.transform.smoothscale(_greys(bytes(values), (columns, rows)), size)


@lru_cache(maxsize=3)
def felt(size: tuple[int, int], theme: str = "green") -> pygame.Surface:
    """The cloth for a window of `size` in `theme` (one of THEMES)."""
    if theme not in FELTS:
        raise ValueError(f"unknown felt theme: {theme!r}")
    width, height = max(1, size[0]), max(1, size[1])
    cloth = pygame.Surface((width, height))
    cloth.fill(FELTS[theme])
    tile = _grain_tile()
    for y in range(0, height, GRAIN_TILE):
        for x in range(0, width, GRAIN_TILE):
            cloth.blit(tile, (x, y), special_flags=pygame.BLEND_RGB_MULT)
    cloth.blit(_shade_map((width, height)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return cloth.convert()
    return cloth
