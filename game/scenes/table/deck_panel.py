"""Klondike's deck-contents panel: the deck and waste in the order the cards will come up.

Time runs upwards, like a pile: the bottom line is now (the waste's top cards, the playable
one highlighted); above it stand the groups still to be turned in this pass, the next one
lowest; above those the groups of the next pass, if one is left. Each group shows its cards in
the order they are turned, so its rightmost card is the one that becomes accessible, and those
are marked; the cards under them are veiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import optimised, rounded_rect_surface, text_ink
from game.art.skin import panel_surface
from game.art.suits import suit_symbol
from game.engine.text import draw_text
from game.rules.cards import RANKS, Card
from game.rules.klondike import DeckGroups

CHIP_ASPECT = 1.5  # chip width / height
LARGEST_CHIP, SMALLEST_CHIP = 34, 12
RANK_LABELS = {10: "10"}


@lru_cache(maxsize=256)
def chip(rank: int, suit: str, height: int, deck: str) -> pygame.Surface:
    """A small tile naming a card: its rank and suit symbol on white."""
    width = round(height * CHIP_ASPECT)
    tile = rounded_rect_surface((width, height), max(2, height * 0.18), palette.CARD_FACE,
                                palette.CARD_EDGE, 1)
    ink = palette.SUIT_INKS[deck][suit]
    label = text_ink(RANK_LABELS.get(rank, RANKS[rank - 1]), round(height * 0.56), ink)
    symbol = suit_symbol(suit, round(height * 0.42), ink)
    gap = max(1, height // 10)
    left = (width - label.get_width() - gap - symbol.get_width()) // 2
    tile.blit(label, label.get_rect(midleft=(left, height // 2)))
    tile.blit(symbol, symbol.get_rect(midleft=(left + label.get_width() + gap, height // 2)))
    return optimised(tile)


def current_group(groups: DeckGroups, draw: int) -> tuple[Card, ...]:
    """The waste's top cards as the table spreads them; the last one is playable."""
    return groups.waste[-draw:] if groups.waste else ()


def panel_sections(groups: DeckGroups, draw: int) -> list[tuple[str, list[tuple[Card, ...]]]]:
    """The sections bottom to top: "now" (the waste's top cards), "coming" (the groups still
    to be turned in this pass) and "next" (the next pass, if one is left)."""
    sections = [("now", [current_group(groups, draw)]), ("coming", list(groups.this_pass))]
    if groups.next_pass:
        sections.append(("next", list(groups.next_pass)))
    return sections


def paint_deck_panel(surface: pygame.Surface, rect: pygame.Rect, groups: DeckGroups,
                     draw: int, deck: str) -> None:
    """Paint the panel into `rect` of `surface`."""
    box = rect.inflate(-max(8, rect.width // 16), -max(8, rect.width // 16))
    surface.blit(panel_surface(box.size), box)
    pad = max(6, box.width // 14)
    title_size = max(14, min(24, box.width // 8))
    draw_text(surface, "Deck", title_size, palette.ACCENT_BRIGHT, (box.centerx, box.y + pad),
              anchor="midtop", bold=True)
    label_size = max(12, title_size - 6)
    inner = pygame.Rect(box.x + pad, box.y + pad + title_size + pad // 2, box.width - 2 * pad,
                        box.height - 2 * pad - title_size - pad // 2)
    sections = panel_sections(groups, draw)
    grid = _fit_grid(inner, sections, draw, label_size)
    _paint_sections(surface, inner, sections, grid, label_size, deck)


class _Grid:
    """Chip height and how many groups stand side by side on a line."""

    def __init__(self, height: int, draw: int, width: int) -> None:
        self.height = height
        self.chip_width = round(height * CHIP_ASPECT)
        self.gap = max(1, height // 8)
        self.group_width = draw * self.chip_width + (draw - 1) * self.gap
        self.group_gap = max(4, height // 2)
        self.per_line = max(1, (width + self.group_gap) // (self.group_width + self.group_gap))
        self.line = height + max(3, height // 4)

    def lines(self, groups: int) -> int:
        return max(1, -(-groups // self.per_line))


def _fit_grid(inner: pygame.Rect, sections: list, draw: int, label_size: int) -> _Grid:
    """The largest chips (up to a limit) at which every line fits; never below the smallest
    legible size, and then the farthest lines are cut off."""
    labels = len(sections) * (label_size + 2) + (len(sections) - 1) * 4
    for height in range(LARGEST_CHIP, SMALLEST_CHIP - 1, -1):
        grid = _Grid(height, draw, inner.width)
        lines = sum(grid.lines(len(groups)) for _, groups in sections)
        if grid.group_width <= inner.width and lines * grid.line + labels <= inner.height:
            return grid
    return _Grid(SMALLEST_CHIP, draw, inner.width)


SECTION_LABELS = {"now": "Now", "coming": "Coming up", "next": "Next pass"}


def _paint_sections(surface: pygame.Surface, inner: pygame.Rect, sections: list, grid: _Grid,
                    label_size: int, deck: str) -> None:
    """Sections from the bottom up, each label under its lines; lines fill left to right
    and stack upwards, so the soonest group of each section stands lowest."""
    bottom = inner.bottom
    for number, (kind, groups) in enumerate(sections):
        if number:
            bottom -= 4
            surface.fill(palette.PANEL_EDGE[:3], (inner.x, bottom, inner.width, 1))
        bottom -= label_size + 2
        if bottom < inner.y:
            return
        draw_text(surface, SECTION_LABELS[kind], label_size, palette.TEXT_DIM, (inner.x, bottom))
        for start in range(0, max(1, len(groups)), grid.per_line):
            bottom -= grid.line
            if bottom < inner.y:
                draw_text(surface, "...", label_size, palette.TEXT_DIM,
                          (inner.centerx, inner.y - label_size // 2), anchor="midtop")
                return
            for column, cards in enumerate(groups[start:start + grid.per_line]):
                x = inner.x + column * (grid.group_width + grid.group_gap)
                _paint_group(surface, (x, bottom), cards, grid, deck, now=kind == "now")


def _paint_group(surface: pygame.Surface, at: tuple[int, int], cards: Sequence[Card],
                 grid: _Grid, deck: str, *, now: bool) -> None:
    x, y = at
    height = grid.height
    for index, card in enumerate(cards):
        tile = chip(card.rank, card.suit, height, deck)
        area = surface.blit(tile, (x, y))
        last = index == len(cards) - 1
        if last and now:
            pygame.draw.rect(surface, palette.ACCENT_BRIGHT, area.inflate(4, 4), 2,
                             border_radius=max(3, height // 4))
        elif last:
            marker = max(3, height // 5)
            pygame.draw.circle(surface, palette.ACCENT, (area.right - marker, area.y + marker),
                               marker // 2 + 1)
        else:
            surface.blit(_veil(tile.get_size()), area)
        x += grid.chip_width + grid.gap


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    """A translucent shade over the cards under the accessible one of their group."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((14, 18, 26, 70))
    return veil
