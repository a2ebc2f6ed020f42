"""Leapfrog's table: the 4 x 13 grid of cards and gaps under a band showing the live score.

Every cell is a pile of at most one card, keyed by its `Cell`. The card width is the largest
at which thirteen columns fit across and the band and four rows fit down; the band and grid
then stand together in the middle of the room below the toolbar.
"""

from __future__ import annotations

import pygame

from game.rules.leapfrog import COLUMNS, ROWS
from game.rules.moves import Cell
from game.scenes.table.geometry import (
    PileSpot,
    TableLayout,
    card_height,
    chosen_card_width,
    columns_left,
)
from game.scenes.tabletop.toolbar import toolbar_height

GAP = 0.1  # between columns, in card widths
ROW_GAP = 0.14  # between rows, in card widths
SIDE_MARGIN = 0.25  # left and right of the grid, in card widths
ACROSS = COLUMNS + (COLUMNS - 1) * GAP + 2 * SIDE_MARGIN
BAND = 0.78  # the score band's height, in card widths
BAND_GAP = 0.22  # between the band and the grid, in card widths
MIN_BAND = 46  # pixels: the band never gets too small to read
DOWN = 0.15 + BAND + BAND_GAP + ROWS * 1.4 + (ROWS - 1) * ROW_GAP + 0.15

CELLS = tuple(Cell(row, col) for row in range(ROWS) for col in range(COLUMNS))


def leapfrog_layout(size: tuple[int, int], *, card_size: str = "auto") -> TableLayout:
    """Every cell of the grid and the score band placed for a window of `size`."""
    width, height = size
    bar = toolbar_height(size)
    card_w = chosen_card_width(min(width / ACROSS, (height - bar) / DOWN), card_size)
    card_h = card_height(card_w)
    band_h = max(MIN_BAND, round(card_w * BAND))
    xs = columns_left(COLUMNS, card_w, round(card_w * GAP), width / 2)
    row_step = card_h + round(card_w * ROW_GAP)
    grid_h = ROWS * card_h + (ROWS - 1) * round(card_w * ROW_GAP)
    block = band_h + round(card_w * BAND_GAP) + grid_h
    top = bar + max(4, (height - bar - block) // 2)
    grid_top = top + band_h + round(card_w * BAND_GAP)
    piles = {cell: PileSpot(pygame.Rect(xs[cell.col], grid_top + cell.row * row_step,
                                        card_w, card_h))
             for cell in CELLS}
    band = pygame.Rect(xs[0], top, xs[-1] + card_w - xs[0], band_h)
    return TableLayout(size, card_w, pygame.Rect(0, 0, width, bar), piles, band)
