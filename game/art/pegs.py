"""The Leap Frog board and its marbles.

Marbles are shaded glass spheres. Murray's coloured marbles carry their point value in a
numbered disc (green 4, red 3, yellow 2, white 1), so the value reads without colour; the
plain variant's steel-grey marble is unmarked.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.art import palette
from game.art.overlays import soften
from game.art.render import Pen, Sketch, optimised, paint_rounded_rect, text_ink

PIECES = tuple(palette.MARBLES)
POINTS = {"G": 4, "R": 3, "Y": 2, "W": 1}
RING_KINDS = tuple(palette.RINGS)
MIN_CELL = 12
GRAIN_STRIP = (256, 768)


def _sphere(pen: Pen, base: palette.Colour) -> None:
    """Concentric discs drifting toward the light: a lit sphere once scaled down."""
    dark = palette.mix(base, (0, 0, 0), 0.5)
    light = palette.mix(base, (255, 255, 255), 0.35)
    steps = 28
    for step in range(steps):
        t = step / (steps - 1)
        radius = 0.5 * (1 - 0.9 * t)
        centre = (0.5 - 0.14 * t, 0.5 - 0.16 * t)
        shade = palette.mix(dark, base, min(1.0, t * 2.2)) if t < 0.45 else \
            palette.mix(base, light, (t - 0.45) / 0.55)
        pen.circle(shade, centre, radius)


READABLE_DIGIT = 7  # pixels: a smaller digit blurs (a 4-pixel yellow 2 read as 8)


def _digit_height(diameter: int) -> int:
    """A quarter of the marble, but never under `READABLE_DIGIT` while the marble has
    room for a disc that big."""
    return max(4, round(diameter * 0.24), min(READABLE_DIGIT, round(diameter * 0.42)))


def _value_badge(surface: pygame.Surface, base: palette.Colour, points: int) -> None:
    """A cream disc with the point value, set in the glass like a numbered ball's; on a
    small marble the disc grows to hold a digit that stays readable."""
    diameter = surface.get_width()
    height = _digit_height(diameter)
    inner = max(0.22, 0.8 * height / diameter)
    sketch = Sketch((diameter, diameter), background=palette.CARD_FACE)
    pen = sketch.pen()
    pen.circle(palette.mix(base, (0, 0, 0), 0.45), (0.5, 0.52), inner + 0.03)
    pen.circle(palette.CARD_FACE, (0.5, 0.52), inner)
    surface.blit(sketch.finish(), (0, 0))
    digit = text_ink(str(points), height, palette.TEXT_DARK)
    surface.blit(digit, digit.get_rect(center=(diameter * 0.5, diameter * 0.52)))


@lru_cache(maxsize=32)
def marble(piece: str, diameter: int) -> pygame.Surface:
    """The marble for save-format letter `piece` ("G", "R", "Y", "W" or "P")."""
    base = palette.MARBLES[piece]
    sketch = Sketch((diameter, diameter), background=palette.mix(base, (0, 0, 0), 0.5))
    pen = sketch.pen()
    _sphere(pen, base)
    surface = sketch.finish()
    if piece in POINTS:
        _value_badge(surface, base, POINTS[piece])
    surface.blit(_gloss(diameter), (0, 0))
    return optimised(surface)


@lru_cache(maxsize=8)
def _gloss(diameter: int) -> pygame.Surface:
    """The soft reflections on the glass: a bright window of light top-left, and a faint
    glow on the far side where light passing through the marble comes out."""
    gloss = pygame.Surface((diameter, diameter), pygame.SRCALPHA)
    gloss.fill((255, 255, 255, 0))
    d = diameter
    pygame.draw.ellipse(gloss, (255, 255, 255, 210), (d * 0.2, d * 0.13, d * 0.24, d * 0.15))
    pygame.draw.ellipse(gloss, (255, 255, 255, 60), (d * 0.44, d * 0.76, d * 0.34, d * 0.12))
    return pygame.transform.gaussian_blur(gloss, max(1, d // 40))


class BoardArt:
    """A wooden board of n x n holes with cells `cell` pixels square, and its pieces."""

    def __init__(self, n: int, cell: int):
        self.n = n
        self.cell = max(MIN_CELL, int(cell))
        self.border = max(6, round(self.cell * 0.6))
        side = self.n * self.cell + 2 * self.border
        self.size = (side, side)

    @classmethod
    def fitting(cls, n: int, area: tuple[int, int]) -> BoardArt:
        """The largest board of n x n that fits in `area` pixels (or the smallest board)."""
        cell = int(min(area) / (n + 1.2))
        while cell > MIN_CELL and BoardArt(n, cell).size[0] > min(area):
            cell -= 1
        return board_art(n, cell)

    def cell_rect(self, row: int, column: int) -> pygame.Rect:
        """Where the square (row, column) lies, relative to the board's top-left corner."""
        return pygame.Rect(self.border + column * self.cell, self.border + row * self.cell,
                           self.cell, self.cell)

    def cell_at(self, position: tuple[int, int]) -> tuple[int, int] | None:
        """The square under a point relative to the board's corner, or None off the grid."""
        column = (position[0] - self.border) // self.cell
        row = (position[1] - self.border) // self.cell
        return (row, column) if 0 <= row < self.n and 0 <= column < self.n else None

    def board(self) -> pygame.Surface:
        return _board_surface(self.n, self.cell, self.border)

    def paint_board(self, surface: pygame.Surface, at: tuple[int, int]) -> None:
        """The board painted onto `surface` at `at`, as `board()` would be blitted there,
        without the board-sized picture (at 3840x2160 a new one cost 20 ms)."""
        paint_board(surface, at, self.n, self.cell, self.border)

    def marble(self, piece: str) -> pygame.Surface:
        """A cell-sized image of the piece with its shadow: blit at `cell_rect(...)`."""
        if piece not in palette.MARBLES:
            raise ValueError(f"unknown piece: {piece!r}")
        return _seated_marble(piece, self.cell)

    def ring(self, kind: str) -> pygame.Surface:
        """A cell-sized glowing ring marking a square: selected, landing, path or capture."""
        if kind not in palette.RINGS:
            raise ValueError(f"unknown ring: {kind!r}")
        return _ring(kind, self.cell)


@lru_cache(maxsize=4)
def board_art(n: int, cell: int) -> BoardArt:
    return BoardArt(n, cell)


def _marble_diameter(cell: int) -> int:
    return max(6, round(cell * 0.8))


@lru_cache(maxsize=16)
def _seated_marble(piece: str, cell: int) -> pygame.Surface:
    diameter = _marble_diameter(cell)
    seat = pygame.Surface((cell, cell), pygame.SRCALPHA)
    offset = (cell - diameter) // 2
    shade = max(1, cell // 14)
    pygame.draw.circle(seat, (0, 0, 0, 110), (cell / 2 + shade, cell / 2 + shade * 1.5),
                       diameter / 2)
    seat = soften(seat, shade)  # a full blur of every marble's seat cost 2 ms at 4K
    seat.blit(marble(piece, diameter), (offset, offset))
    return optimised(seat)


@lru_cache(maxsize=8)
def _ring(kind: str, cell: int) -> pygame.Surface:
    colour = palette.RINGS[kind]
    sketch = Sketch((cell, cell), background=colour)
    pen = sketch.pen()
    pen.circle((*colour, 90), (0.5, 0.5), 0.48, 0.1)
    pen.circle((*colour, 255), (0.5, 0.5), 0.44, 0.05)
    return optimised(sketch.finish())


@lru_cache(maxsize=1)
def _hole(cell: int) -> pygame.Surface:
    """A drilled hole: dark inside, its lower rim catching the light."""
    sketch = Sketch((cell, cell), background=palette.HOLE)
    pen = sketch.pen()
    pen.circle(palette.mix(palette.WOOD_LIGHT, (255, 255, 255), 0.25), (0.5, 0.53), 0.33)
    pen.circle(palette.mix(palette.HOLE, (0, 0, 0), 0.3), (0.5, 0.48), 0.32)
    pen.circle(palette.HOLE, (0.5, 0.52), 0.26)
    return sketch.finish()


@lru_cache(maxsize=2)
def _grain_strip(flags: int, bitsize: int, masks: tuple[int, ...]) -> pygame.Surface:
    """Light wood with thin wavering lines of darker tone, made once and stretched to fit
    (the lines run along the board, so stretching keeps them looking natural); in the pixel
    format it is stretched straight into, which needs the pixels laid out as its own."""
    width, height = GRAIN_STRIP
    strip = pygame.Surface((width, height))
    strip.fill(palette.WOOD_LIGHT)
    rng = random.Random(5)
    for y in range(0, height, 3):
        tone = palette.mix(palette.WOOD_LIGHT, palette.WOOD_DARK, rng.uniform(0.05, 0.35))
        phase, amplitude = rng.uniform(0, math.tau), rng.uniform(0.5, 2.5)
        points = [(x, y + amplitude * (math.sin(x / 30 + phase) * 0.6
                                       + math.sin(x / 13 + phase * 2) * 0.4))
                  for x in range(0, width + 1, 8)]
        pygame.draw.aalines(strip, tone, False, points)
    grain = pygame.Surface((width, height), flags, bitsize, masks)
    grain.blit(strip, (0, 0))
    return grain


@lru_cache(maxsize=2)
def _board_surface(n: int, cell: int, border: int) -> pygame.Surface:
    side = n * cell + 2 * border
    board = pygame.Surface((side, side), pygame.SRCALPHA)
    paint_board(board, (0, 0), n, cell, border)
    return optimised(board)


def paint_board(surface: pygame.Surface, at: tuple[int, int], n: int, cell: int,
                border: int) -> None:
    """The board of n x n holes painted straight onto `surface` with its corner at `at`."""
    side = n * cell + 2 * border
    outline = pygame.Rect(*at, side, side)
    paint_rounded_rect(surface, outline, border * 0.6, palette.WOOD_DARK, (58, 34, 16),
                       max(1.0, border * 0.08))
    inner = pygame.Rect(outline.x + border // 2, outline.y + border // 2, side - border,
                        side - border).clip(surface.get_rect())
    if inner.width <= 0 or inner.height <= 0:
        return
    play = surface.subsurface(inner)
    grain = _grain_strip(play.get_flags() & pygame.SRCALPHA, play.get_bitsize(),
                         play.get_masks())
    pygame.transform.smoothscale(grain, inner.size, play)
    play.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)  # stretching rounds 255 down
    pygame.draw.rect(play, palette.mix(palette.WOOD_LIGHT, (255, 255, 255), 0.3),
                     play.get_rect(), max(1, border // 12))
    pygame.draw.line(play, palette.WOOD_DARK, (0, inner.height - 1),
                     (inner.width, inner.height - 1), max(1, border // 12))
    hole = _hole(cell)
    for row in range(n):
        for column in range(n):
            surface.blit(hole, (outline.x + border + column * cell,
                                outline.y + border + row * cell))
