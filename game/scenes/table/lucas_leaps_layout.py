"""Lucas Leaps' table: the stock, the waste and eight foundations above thirteen piles.

Thirteen columns decide the card width, so cards are narrower than at the other tables and
columns stand close; the room below is deep, and a long pile squeezes its fan to end inside
the window. The top row shares the piles' columns: stock and waste over the first two, the
foundations over the last eight.
"""

from __future__ import annotations

import pygame

from game.rules.lucas_leaps import FOUNDATIONS, TABLEAU_PILES, LucasLeapsState
from game.rules.patience import FOUNDATION_REFS, STOCK_REF, TABLEAU_REFS, WASTE_REF
from game.scenes.table.geometry import (
    SQUARED,
    Fan,
    PileSpot,
    TableLayout,
    card_height,
    chosen_card_width,
    columns_left,
    squeezed_fan,
    toolbar_height,
)

GAP = 0.08  # between columns, in card widths
SIDE_MARGIN = 0.2
ACROSS = TABLEAU_PILES + (TABLEAU_PILES - 1) * GAP + 2 * SIDE_MARGIN
FACE_UP_STEP, LEAST_UP_STEP = 0.25, 0.12  # fan offsets, in card heights
TABLEAU_GAP = 0.45  # between the top row and the piles (room for the stock count), in card widths
# Height in card widths: margin, top row, gap, a pile about nine cards deep, margin.
DOWN = 0.12 + 1.4 + TABLEAU_GAP + 1.4 * (1 + 8 * FACE_UP_STEP) + 0.08


def lucas_leaps_layout(size: tuple[int, int], state: LucasLeapsState, *,
                       card_size: str = "auto") -> TableLayout:
    """Every Lucas Leaps pile placed for a window of `size` showing `state`."""
    width, height = size
    bar = toolbar_height(size)
    card_w = chosen_card_width(min(width / ACROSS, (height - bar) / DOWN), card_size)
    card_h = card_height(card_w)
    xs = columns_left(TABLEAU_PILES, card_w, round(card_w * GAP), width / 2)
    top = bar + max(6, round(card_w * 0.12))
    tableau_top = top + card_h + round(card_w * TABLEAU_GAP)
    bottom = height - max(4, round(card_w * 0.08))

    def spot(column: int, y: int, fan: Fan = SQUARED) -> PileSpot:
        return PileSpot(pygame.Rect(xs[column], y, card_w, card_h), fan)

    piles = {STOCK_REF: spot(0, top), WASTE_REF: spot(1, top)}
    first_foundation = TABLEAU_PILES - FOUNDATIONS
    for index, ref in enumerate(FOUNDATION_REFS[:FOUNDATIONS]):
        piles[ref] = spot(first_foundation + index, top)
    for index, ref in enumerate(TABLEAU_REFS[:TABLEAU_PILES]):
        fan = squeezed_fan(state.tableau[index], tableau_top, bottom, card_h, 0.0,
                           card_h * FACE_UP_STEP, 0.0, card_h * LEAST_UP_STEP)
        piles[ref] = spot(index, tableau_top, fan)
    label_at = (xs[0] + card_w // 2, top + card_h + max(2, round(card_w * 0.05)))
    return TableLayout(size, card_w, pygame.Rect(0, 0, width, bar), piles, None, label_at)
