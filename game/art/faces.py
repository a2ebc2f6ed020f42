"""Card faces: the blank card, corner indices, pip layouts, and the bold layout.

Two layouts share one blank card. The classic layout has corner indices at both ends, the
standard pip patterns and framed court panels. The bold layout, used by the large-print deck
and by every deck when cards are too small for pips to read, puts a big rank and suit across
the top and one large symbol (or court emblem) below.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.art import palette
from game.art.courts import court_emblem, court_panel
from game.art.ornaments import ace_medallion
from game.art.render import (
    alpha_of,
    fit_width,
    optimised,
    rounded_rect_surface,
    seal,
    text_ink,
)
from game.art.suits import SUIT_ASPECT, suit_symbol

ASPECT = 1.4
BOLD_BELOW_WIDTH = 72  # classic decks switch to the bold layout on cards narrower than this
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Pip centres as (column, row): columns 0/0.5/1 across the pip band, rows 0..1 down it.
_SIDES_8 = [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (0, 1)]
PIP_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [*_SIDES_8, (0.5, 0.5)],
    10: [*_SIDES_8, (0.5, 1 / 6), (0.5, 5 / 6)],
}


def card_height(width: int) -> int:
    return round(width * ASPECT)


def rank_label(rank: int) -> str:
    return RANK_LABELS.get(rank, str(rank))


def uses_bold_layout(width: int, deck: str) -> bool:
    return deck == "large_print" or width < BOLD_BELOW_WIDTH


@lru_cache(maxsize=8)
def blank_card(width: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The cream card with its thin border and rounded corners, and its shape (`alpha_of`)."""
    radius = max(3.0, width * 0.065)
    edge = max(1.0, width / 110)
    card = rounded_rect_surface((width, card_height(width)), radius, palette.CARD_FACE,
                                palette.CARD_EDGE, edge)
    return card, alpha_of(card)


def _rank_ink(rank: int, height: int, colour, max_width: int) -> pygame.Surface:
    label = rank_label(rank)
    tracking = 0.04 if len(label) > 1 else 0.0
    return fit_width(text_ink(label, height, colour, tracking), max_width)


def _classic_index(rank: int, suit: str, width: int, colour) -> pygame.Surface:
    """Rank above a small suit symbol, centred in a narrow column."""
    rank_height = max(7, round(width * 0.15))
    column = max(8, round(width * 0.19))
    ink = _rank_ink(rank, rank_height, colour, column)
    symbol = suit_symbol(suit, max(5, round(width * 0.125)), colour)
    gap = max(1, round(width * 0.025))
    index = pygame.Surface((column, ink.get_height() + gap + symbol.get_height()), pygame.SRCALPHA)
    index.blit(ink, ((column - ink.get_width()) // 2, 0))
    index.blit(symbol, ((column - symbol.get_width()) // 2, ink.get_height() + gap))
    return index


def _classic_index_origin(width: int) -> tuple[int, int]:
    return (max(1, round(width * 0.015)), max(2, round(width * 0.06)))


def index_height(width: int, deck: str) -> int:
    """How far down the card its top index reaches: the least a fanned pile must show."""
    if uses_bold_layout(width, deck):
        return _bold_band(width, deck)[1]
    tallest = _classic_index(12, "D", width, palette.INK_BLACK)  # Q's tail, the tall diamond
    return _classic_index_origin(width)[1] + tallest.get_height()


def _bold_band(width: int, deck: str) -> tuple[int, int]:
    """(rank ink height, bottom of the top band) of the bold layout."""
    rank_height = round(width * (0.36 if deck == "large_print" else 0.3))
    margin = round(width * 0.07)
    return rank_height, margin + round(rank_height * 1.12)  # room for the tail of a Q


def _draw_pips(card: pygame.Surface, rank: int, suit: str, colour) -> None:
    width, height = card.get_size()
    pip_width = round(width * 0.19)
    left, right = width * 0.325, width * 0.675
    top, bottom = height * 0.2, height * 0.8
    for column, row in PIP_LAYOUTS[rank]:
        symbol = suit_symbol(suit, pip_width, colour, upside_down=row > 0.5)
        x = left + (right - left) * column
        y = top + (bottom - top) * row
        card.blit(symbol, symbol.get_rect(center=(round(x), round(y))))


def _draw_classic(card: pygame.Surface, rank: int, suit: str, colour) -> None:
    width, height = card.get_size()
    index = _classic_index(rank, suit, width, colour)
    x, y = _classic_index_origin(width)
    card.blit(index, (x, y))
    card.blit(pygame.transform.flip(index, True, True),
              (width - x - index.get_width(), height - y - index.get_height()))
    if rank == 1:
        ace = ace_medallion(suit, round(width * 0.62), colour) if suit == "S" else \
            suit_symbol(suit, round(width * 0.36), colour)
        card.blit(ace, ace.get_rect(center=(width // 2, height // 2)))
    elif rank <= 10:
        _draw_pips(card, rank, suit, colour)
    else:
        panel_rect = pygame.Rect(0, 0, round(width * 0.6), round(height * 0.8))
        panel_rect.center = (width // 2, height // 2)
        card.blit(court_panel(rank, suit, colour, panel_rect.size), panel_rect)


def _draw_bold(card: pygame.Surface, rank: int, suit: str, colour, deck: str) -> None:
    width, height = card.get_size()
    rank_height, band_bottom = _bold_band(width, deck)
    margin = round(width * 0.07)
    symbol_width = round(rank_height * 0.95)
    symbol = suit_symbol(suit, symbol_width, colour)
    ink = _rank_ink(rank, rank_height, colour, width - 3 * margin - symbol_width)
    card.blit(ink, (margin, margin))
    card.blit(symbol, symbol.get_rect(midright=(width - margin, margin + rank_height // 2)))
    area = pygame.Rect(margin, band_bottom + margin, width - 2 * margin,
                       height - band_bottom - 2 * margin)
    if rank > 10:
        art = court_emblem(rank, suit, colour, area.size)
    else:
        big = min(area.width * 0.8, area.height * 0.9 / SUIT_ASPECT[suit])
        art = suit_symbol(suit, round(big), colour)
    card.blit(art, art.get_rect(center=area.center))


def render_face(rank: int, suit: str, width: int, deck: str) -> pygame.Surface:
    """A finished face of the card `rank` of `suit` for a card `width` pixels wide."""
    blank, shape = blank_card(width)
    card = blank.copy()
    colour = palette.SUIT_INKS[deck][suit]
    if uses_bold_layout(width, deck):
        _draw_bold(card, rank, suit, colour, deck)
    else:
        _draw_classic(card, rank, suit, colour)
    seal(card, shape)
    return optimised(card)
