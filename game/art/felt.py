"""Table cloth backgrounds: a felt colour with fine grain, soft mottling and a vignette.

The grain is one small noise tile made once and repeated at full resolution; the mottling and
vignette come from a coarse shade map stretched smoothly to a quarter of the window's size and
cached, then stretched onto the window, so painting a 4K cloth takes a few milliseconds.
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
SHADE_STEP = 4  # pixels of the cloth per pixel of its colour and shading as made


def _greys(values: bytes, size: tuple[int, int], lowest: int = 0) -> pygame.Surface:
    """An RGB surface of grey pixels, byte 0..255 mapped onto greys `lowest`..255."""
    indexed = pygame.image.frombytes(values, size, "P")
    indexed.set_palette([(g, g, g) for g in (lowest + v * (255 - lowest) // 255
                                             for v in range(256))])
    rgb = _plain(size)
    rgb.blit(indexed, (0, 0))
    return rgb


def _plain(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface, in the window's own pixel format when there is a window: drawing it
    then needs no conversion (converting a 4K cloth took 25 ms)."""
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    return pygame.Surface(size, 0, window) if window is not None else pygame.Surface(size)


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
def _colour(size: tuple[int, int], theme: str) -> pygame.Surface:
    """The cloth's colour and shading, without grain, at a fraction of the window's size:
    it varies so smoothly that stretching it loses nothing (a 4K cloth made at full size
    took 50 ms)."""
    reduced = _shade_map((max(2, size[0] // SHADE_STEP), max(2, size[1] // SHADE_STEP)))
    reduced.fill(FELTS[theme], special_flags=pygame.BLEND_RGB_MULT)
    return reduced


def paint_felt(surface: pygame.Surface, theme: str = "green") -> None:
    """Cover all of `surface` with the cloth in `theme` (one of THEMES), in place.

    Painting into the surface already there matters at 4K: a new window-sized surface costs
    about 20 ms before a pixel is drawn (the memory is fresh), more than the painting."""
    if theme not in FELTS:
        raise ValueError(f"unknown felt theme: {theme!r}")
    width, height = surface.get_size()
    if width <= 0 or height <= 0:
        return
    pygame.transform.scale(_colour((width, height), theme), (width, height), surface)
    tile = _grain_tile()
    for y in range(0, height, GRAIN_TILE):
        for x in range(0, width, GRAIN_TILE):
            surface.blit(tile, (x, y), special_flags=pygame.BLEND_RGB_MULT)


@lru_cache(maxsize=3)
def felt(size: tuple[int, int], theme: str = "green") -> pygame.Surface:
    """The cloth for a window of `size` in `theme` (one of THEMES), kept for reuse."""
    if theme not in FELTS:
        raise ValueError(f"unknown felt theme: {theme!r}")
    cloth = _plain((max(1, size[0]), max(1, size[1])))
    paint_felt(cloth, theme)
    return cloth
