"""Klondike's table: the deck, its waste and four suit stacks above seven building stacks.

The card width is the largest that fits both the seven columns across and a reasonable depth
of building stacks down; a long stack squeezes its fan to end inside the window, but never so
far that a face-up card's rank and suit are cut: when even that is too long, the cards are
drawn smaller (the layout is a function of the state). With the
deck-contents panel shown, the panel takes a strip on the right and the cards share the rest.
"""

from __future__ import annotations

import pygame

from game.rules.klondike import FOUNDATIONS, STOCK_PILE, TABLEAU, WASTE
from game.rules.klondike_state import KlondikeState
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

COLUMNS = 7
GAP = 0.14  # between columns, in card widths: at least this, up to WIDEST_GAP if room
WIDEST_GAP = 0.3
SIDE_MARGIN = 0.25  # left and right of the columns, in card widths
ACROSS = COLUMNS + (COLUMNS - 1) * GAP + 2 * SIDE_MARGIN
# Height in card widths: margin, top row, gap, a building stack about three cards deep, margin.
DOWN = 0.16 + 1.4 + 0.28 + 1.4 * 2.9 + 0.1
FACE_DOWN_STEP, FACE_UP_STEP = 0.1, 0.27  # fan offsets, in card heights
LEAST_DOWN_STEP = 0.04  # a face-up card's least offset is what keeps its index whole
WASTE_STEP = 0.3  # the spread of the waste, in card widths


def panel_width(window_width: int) -> int:
    return max(150, min(300, round(window_width * 0.17)))


def klondike_layout(size: tuple[int, int], state: KlondikeState, *, card_size: str = "auto",
                    deck_panel: bool = False, deck: str = "two_colour") -> TableLayout:
    """Every Klondike pile placed for a window of `size` showing `state` in `deck`."""
    width, height = size
    bar = toolbar_height(size)
    panel = panel_width(width) if deck_panel else 0
    across = width - panel

    def rows(card_w: int) -> tuple[int, int, int]:
        """The top of the top row, of the building stacks, and their lowest edge."""
        top = bar + max(6, round(card_w * 0.16))
        tableau_top = (top + card_height(card_w)
                       + max(round(card_w * 0.28), under_stock_room(card_w)))
        return top, tableau_top, height - max(4, round(card_w * 0.1))

    def fits(card_w: int) -> bool:
        _, tableau_top, bottom = rows(card_w)
        card_h = card_height(card_w)
        return all(fits_down(pile, tableau_top, bottom, card_h, card_h * LEAST_DOWN_STEP,
                             legible_step(card_w, deck)) for pile in state.tableau)

    card_w = shrink_to_fit(
        chosen_card_width(min(across / ACROSS, (height - bar) / DOWN), card_size), fits)
    card_h = card_height(card_w)
    # Past the least card size, a pile longer still squeezes its fan to stay in the window.
    least_up = legible_step(card_w, deck) if fits(card_w) else 0.0
    spare = across - COLUMNS * card_w - 2 * SIDE_MARGIN * card_w
    gap = round(max(card_w * GAP, min(card_w * WIDEST_GAP, spare / (COLUMNS - 1))))
    xs = columns_left(COLUMNS, card_w, gap, across / 2)
    top, tableau_top, bottom = rows(card_w)

    def spot(column: int, y: int, fan: Fan = SQUARED) -> PileSpot:
        return PileSpot(pygame.Rect(xs[column], y, card_w, card_h), fan)

    draw = state.options.draw
    waste_step = min(card_w * WASTE_STEP, (xs[3] - xs[1] - card_w - gap / 2) / max(1, draw - 1))
    piles = {
        STOCK_PILE: spot(0, top),
        WASTE: spot(1, top, Fan(up=(waste_step, 0.0), spread_last=draw)),
    }
    for index, ref in enumerate(FOUNDATIONS):
        piles[ref] = spot(3 + index, top)
    for index, ref in enumerate(TABLEAU):
        fan = squeezed_fan(state.tableau[index], tableau_top, bottom, card_h,
                           card_h * FACE_DOWN_STEP, max(least_up, card_h * FACE_UP_STEP),
                           card_h * LEAST_DOWN_STEP, least_up)
        piles[ref] = spot(index, tableau_top, fan)
    side = pygame.Rect(across, bar, panel, height - bar) if deck_panel else None
    return TableLayout(size, card_w, pygame.Rect(0, 0, width, bar), piles, side,
                       stock_badge_place(piles[STOCK_PILE].rect, card_w))
