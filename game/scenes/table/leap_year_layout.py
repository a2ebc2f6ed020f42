"""Leap Year's table: sixteen foundations in two rows of eight over the eight piles, with the
stock to their left and the number of deals left under it.

Only a pile's top card moves, but the cards under it are there to be counted, so a long pile
squeezes its fan only as far as each card's rank and suit stay whole; when even that is too
long for the window, the cards are drawn smaller (the layout is a function of the state).
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
    fits_down,
    legible_step,
    shrink_to_fit,
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
FACE_UP_STEP = 0.22  # the fan's offset, in card heights, when there is room
# Height in card widths: margin, two rows of foundations, a pile about eight cards deep, margin.
DOWN = 0.12 + 2 * 1.4 + ROW_GAP + TABLEAU_GAP + 1.4 * (1 + 7 * FACE_UP_STEP) + 0.08


def leap_year_layout(size: tuple[int, int], state: LeapYearState, *,
                     card_size: str = "auto", deck: str = "two_colour") -> TableLayout:
    """Every Leap Year pile placed for a window of `size` showing `state` in `deck`."""
    width, height = size
    bar = toolbar_height(size)

    def rows(card_w: int) -> tuple[int, int, int, int]:
        """The top of each row of foundations, of the piles, and the piles' lowest edge."""
        top = bar + max(6, round(card_w * 0.12))
        second = top + card_height(card_w) + round(card_w * ROW_GAP)
        tableau_top = second + card_height(card_w) + round(card_w * TABLEAU_GAP)
        return top, second, tableau_top, height - max(4, round(card_w * 0.08))

    def fits(card_w: int) -> bool:
        _, _, tableau_top, bottom = rows(card_w)
        step = legible_step(card_w, deck)
        return all(fits_down(pile, tableau_top, bottom, card_height(card_w), 0.0, step)
                   for pile in state.tableau)

    card_w = shrink_to_fit(
        chosen_card_width(min(width / ACROSS, (height - bar) / DOWN), card_size), fits)
    card_h = card_height(card_w)
    gap = round(card_w * GAP)
    stock_gap = round(card_w * STOCK_GAP)
    xs = columns_left(COLUMNS, card_w, gap, width / 2 - stock_gap / 2)
    xs = [xs[0]] + [x + stock_gap for x in xs[1:]]
    top, second, tableau_top, bottom = rows(card_w)
    # Past the least card size, a pile longer still squeezes its fan to stay in the window.
    step = legible_step(card_w, deck) if fits(card_w) else 0.0

    def spot(column: int, y: int, fan: Fan = SQUARED) -> PileSpot:
        return PileSpot(pygame.Rect(xs[column], y, card_w, card_h), fan)

    piles = {STOCK_REF: spot(0, top)}
    for index, ref in enumerate(FOUNDATION_REFS[:FOUNDATIONS]):
        piles[ref] = spot(1 + index % PER_ROW, top if index < PER_ROW else second)
    for index, ref in enumerate(TABLEAU_REFS[:TABLEAU_PILES]):
        fan = squeezed_fan(state.tableau[index], tableau_top, bottom, card_h, 0.0,
                           max(step, card_h * FACE_UP_STEP), 0.0, step)
        piles[ref] = spot(1 + index, tableau_top, fan)
    label_at = (xs[0] + card_w // 2, top + card_h + max(3, round(card_w * 0.06)))
    return TableLayout(size, card_w, pygame.Rect(0, 0, width, bar), piles, None, label_at)
