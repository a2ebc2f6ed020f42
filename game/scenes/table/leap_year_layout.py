"""Leap Year's table: the stock with the number of deals left under it, the eight piles, and
the sixteen foundations, either in a block of four by four beside the piles or in two rows of
eight above them, whichever lets the cards be larger in the window.

The table is laid out once for the window, for the longest piles a game can make (every deal
made and no card played), so nothing moves while a game goes on but the cards that are played:
no pile squeezes its fan, no card changes size. Only a pile's top card moves, but the cards
under it are there to be counted, so each fans just far enough to show its rank and suit.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.leap_year import FOUNDATIONS, STOCK_SIZE, TABLEAU_PILES
from game.rules.patience import FOUNDATION_REFS, STOCK_REF, TABLEAU_REFS
from game.scenes.table.geometry import (
    SQUARED,
    Fan,
    PileSpot,
    TableLayout,
    card_height,
    chosen_card_width,
    legible_step,
    shrink_to_fit,
    stock_badge_place,
)
from game.scenes.tabletop.toolbar import toolbar_height

LONGEST_PILE = 1 + STOCK_SIZE // TABLEAU_PILES  # the card dealt, then one from every deal
GAP = 0.12  # between columns, in card widths
STOCK_GAP = 0.3  # extra room between the stock and the piles, in card widths
FOUNDATION_GAP = 0.3  # extra room between the piles and foundations beside them
SIDE_MARGIN = 0.3
TOP_MARGIN = 0.12
BOTTOM_MARGIN = 0.08
ROW_GAP = 0.1  # between rows of foundations, in card widths
TABLEAU_GAP = 0.25  # between the foundations and the piles under them, in card widths


@dataclass(frozen=True)
class Arrangement:
    """Where the foundations lie: `per_row` to a row, beside the piles or above them."""

    per_row: int
    beside: bool

    @property
    def rows(self) -> int:
        return FOUNDATIONS // self.per_row

    @property
    def columns(self) -> int:
        """Card columns across: the stock's, the piles', and the foundations' beside them."""
        return 1 + TABLEAU_PILES + (self.per_row if self.beside else 0)

    @property
    def across(self) -> float:
        """The width the table needs, in card widths."""
        extra = STOCK_GAP + (FOUNDATION_GAP if self.beside else 0.0)
        return self.columns + (self.columns - 1) * GAP + extra + 2 * SIDE_MARGIN

    def foundations_height(self, card_w: int) -> int:
        return self.rows * card_height(card_w) + (self.rows - 1) * round(card_w * ROW_GAP)

    def piles_top(self, card_w: int, top: int) -> int:
        if self.beside:
            return top
        return top + self.foundations_height(card_w) + round(card_w * TABLEAU_GAP)


BESIDE = Arrangement(per_row=4, beside=True)
ABOVE = Arrangement(per_row=8, beside=False)


def leap_year_layout(size: tuple[int, int], *, card_size: str = "auto",
                     deck: str = "two_colour") -> TableLayout:
    """Every Leap Year pile placed for a window of `size` in `deck`, whatever the position:
    the arrangement with the larger cards (beside the piles on a tie)."""
    bar = toolbar_height(size)

    def fitting(arrangement: Arrangement) -> int:
        def fits(card_w: int) -> bool:
            room = _bottom(size, card_w) - arrangement.piles_top(card_w, _top(bar, card_w))
            return card_height(card_w) + (LONGEST_PILE - 1) * legible_step(card_w, deck) <= room

        return shrink_to_fit(chosen_card_width(size[0] / arrangement.across, card_size), fits)

    arrangement = max((BESIDE, ABOVE), key=fitting)
    return _placed(size, bar, arrangement, fitting(arrangement), deck)


def _top(bar: int, card_w: int) -> int:
    """The top edge of the first row of cards."""
    return bar + max(6, round(card_w * TOP_MARGIN))


def _bottom(size: tuple[int, int], card_w: int) -> int:
    """The lowest edge the piles may reach."""
    return size[1] - max(4, round(card_w * BOTTOM_MARGIN))


def _placed(size: tuple[int, int], bar: int, arrangement: Arrangement, card_w: int,
            deck: str) -> TableLayout:
    card_h = card_height(card_w)
    top = _top(bar, card_w)
    piles_top = arrangement.piles_top(card_w, top)
    room = _bottom(size, card_w) - piles_top - card_h
    # Past the least card size, the longest pile would squeeze its fan to stay in the window.
    step = min(legible_step(card_w, deck), room / (LONGEST_PILE - 1))
    pitch = card_w + round(card_w * GAP)
    used = round((arrangement.across - 2 * SIDE_MARGIN) * card_w)
    stock_x = (size[0] - used) // 2
    piles_x = stock_x + pitch + round(card_w * STOCK_GAP)
    foundations_x = piles_x + TABLEAU_PILES * pitch + round(card_w * FOUNDATION_GAP)

    def spot(x: int, y: int, fan: Fan = SQUARED) -> PileSpot:
        return PileSpot(pygame.Rect(x, y, card_w, card_h), fan)

    piles = {STOCK_REF: spot(stock_x, top)}
    row_pitch = card_h + round(card_w * ROW_GAP)
    for index, ref in enumerate(FOUNDATION_REFS[:FOUNDATIONS]):
        row, column = divmod(index, arrangement.per_row)
        x = (foundations_x if arrangement.beside else piles_x) + column * pitch
        piles[ref] = spot(x, top + row * row_pitch)
    fan = Fan(down=(0.0, step), up=(0.0, step))
    for index, ref in enumerate(TABLEAU_REFS[:TABLEAU_PILES]):
        piles[ref] = spot(piles_x + index * pitch, piles_top, fan)
    return TableLayout(size, card_w, pygame.Rect(0, 0, size[0], bar), piles, None,
                       stock_badge_place(piles[STOCK_REF].rect, card_w))
