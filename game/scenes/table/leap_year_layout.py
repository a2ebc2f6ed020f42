"""Leap Year's table: sixteen foundations in two rows of eight over the eight piles, with the
stock to their left and the number of deals left under it.

Only a pile's top card ever moves, so a long pile may squeeze its fan as far as it must to
end inside the window: the cards under the top one are there to be counted, not played.
"""

from __future__ import annotations

import pygame

from game.rules.leap_year import FOUNDATIONS, TABLEAU_PILES, LeapYearState
from game.rules.patience import FOUNDATION_REFS, STOCK_REF, TABLEAU_REFS
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

PER_ROW = FOUNDATIONS // 2
COLUMNS = 1 + PER_ROW  # the stock's column, then the piles'
GAP = 0.12  # between columns, in card widths
STOCK_GAP = 0.3  # extra room between the stock and the rest, in card widths
SIDE_MARGIN = 0.3
ACROSS = COLUMNS + (COLUMNS - 1) * GAP + STOCK_GAP + 2 * SIDE_MARGIN
ROW_GAP = 0.1  # between the two rows of foundations, in card widths
TABLEAU_GAP = 0.25  # between the foundations and the piles, in card widths
FACE_UP_STEP, LEAST_UP_STEP = 0.22, 0.0  # fan offsets, in card heights
# Height in card widths: margin, two rows of foundations, a pile about eight cards deep, margin.
DOWN = 0.12 + 2 * 1.4 + ROW_GAP + TABLEAU_GAP + 1.4 * (1 + 7 * FACE_UP_STEP) + 0.08


def leap_year_layout(size: tuple[int, int], state: LeapYearState, *,
                     card_size: str = "auto") -> TableLayout:
    """Every Leap Year pile placed for a window of `size` showing `state`."""
    width, height = size
    bar = toolbar_height(size)
    card_w = chosen_card_width(min(width / ACROSS, (height - bar) / DOWN), card_size)
    card_h = card_height(card_w)
    gap = round(card_w * GAP)
    stock_gap = round(card_w * STOCK_GAP)
    xs = columns_left(COLUMNS, card_w, gap, width / 2 - stock_gap / 2)
    xs = [xs[0]] + [x + stock_gap for x in xs[1:]]
    top = bar + max(6, round(card_w * 0.12))
    second = top + card_h + round(card_w * ROW_GAP)
    tableau_top = second + card_h + round(card_w * TABLEAU_GAP)
    bottom = height - max(4, round(card_w * 0.08))

    def spot(column: int, y: int, fan: Fan = SQUARED) -> PileSpot:
        return PileSpot(pygame.Rect(xs[column], y, card_w, card_h), fan)

    piles = {STOCK_REF: spot(0, top)}
    for index, ref in enumerate(FOUNDATION_REFS[:FOUNDATIONS]):
        piles[ref] = spot(1 + index % PER_ROW, top if index < PER_ROW else second)
    for index, ref in enumerate(TABLEAU_REFS[:TABLEAU_PILES]):
        fan = squeezed_fan(state.tableau[index], tableau_top, bottom, card_h, 0.0,
                           card_h * FACE_UP_STEP, 0.0, card_h * LEAST_UP_STEP)
        piles[ref] = spot(1 + index, tableau_top, fan)
    label_at = (xs[0] + card_w // 2, top + card_h + max(3, round(card_w * 0.06)))
    return TableLayout(size, card_w, pygame.Rect(0, 0, width, bar), piles, None, label_at)
