"""Lucas Leaps' table: the stock, the waste and eight foundations above thirteen piles.

Thirteen columns decide the card width, so cards are narrower than at the other tables and
columns stand close; the room below is deep, and a long pile squeezes its fan to end inside
the window, never so far that a card's rank and suit are cut: when even that is too long,
the cards are drawn smaller (the layout is a function of the state). The top row shares the
piles' columns: stock and waste over the first two, the foundations over the last eight.
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
    fits_down,
    legible_step,
    shrink_to_fit,
    squeezed_fan,
    stock_badge_place,
    under_stock_room,
)
from game.scenes.tabletop.toolbar import toolbar_height

GAP = 0.08  # between columns, in card widths
SIDE_MARGIN = 0.2
ACROSS = TABLEAU_PILES + (TABLEAU_PILES - 1) * GAP + 2 * SIDE_MARGIN
FACE_UP_STEP = 0.25  # the fan's offset, in card heights, when there is room
TABLEAU_GAP = 0.45  # between the top row and the piles (room for the stock count), in card widths
# Height in card widths: margin, top row, gap, a pile about nine cards deep, margin.
DOWN = 0.12 + 1.4 + TABLEAU_GAP + 1.4 * (1 + 8 * FACE_UP_STEP) + 0.08


def lucas_leaps_layout(size: tuple[int, int], state: LucasLeapsState, *,
                       card_size: str = "auto", deck: str = "two_colour") -> TableLayout:
    """Every Lucas Leaps pile placed for a window of `size` showing `state` in `deck`."""
    width, height = size
    bar = toolbar_height(size)

    def rows(card_w: int) -> tuple[int, int, int]:
        """The top of the top row, of the piles, and the piles' lowest edge."""
        top = bar + max(6, round(card_w * 0.12))
        tableau_top = (top + card_height(card_w)
                       + max(round(card_w * TABLEAU_GAP), under_stock_room(card_w)))
        return top, tableau_top, height - max(4, round(card_w * 0.08))

    def fits(card_w: int) -> bool:
        _, tableau_top, bottom = rows(card_w)
        return all(fits_down(pile, tableau_top, bottom, card_height(card_w), 0.0,
                             legible_step(card_w, deck)) for pile in state.tableau)

    card_w = shrink_to_fit(
        chosen_card_width(min(width / ACROSS, (height - bar) / DOWN), card_size), fits)
    card_h = card_height(card_w)
    # Past the least card size, a pile longer still squeezes its fan to stay in the window.
    least_up = legible_step(card_w, deck) if fits(card_w) else 0.0
    xs = columns_left(TABLEAU_PILES, card_w, round(card_w * GAP), width / 2)
    top, tableau_top, bottom = rows(card_w)

    def spot(column: int, y: int, fan: Fan = SQUARED) -> PileSpot:
        return PileSpot(pygame.Rect(xs[column], y, card_w, card_h), fan)

    piles = {STOCK_REF: spot(0, top), WASTE_REF: spot(1, top)}
    first_foundation = TABLEAU_PILES - FOUNDATIONS
    for index, ref in enumerate(FOUNDATION_REFS[:FOUNDATIONS]):
        piles[ref] = spot(first_foundation + index, top)
    for index, ref in enumerate(TABLEAU_REFS[:TABLEAU_PILES]):
        fan = squeezed_fan(state.tableau[index], tableau_top, bottom, card_h, 0.0,
                           max(least_up, card_h * FACE_UP_STEP), 0.0, least_up)
        piles[ref] = spot(index, tableau_top, fan)
    return TableLayout(size, card_w, pygame.Rect(0, 0, width, bar), piles, None,
                       stock_badge_place(piles[STOCK_REF].rect, card_w))
