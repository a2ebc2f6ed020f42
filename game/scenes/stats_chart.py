"""A bar chart of recent scores: one bar per game, green for a win, gold for the rest.

Bars stand on the zero line, so negative scores (Vegas, say) hang below it; an optional
dashed reference line marks a level such as the Leapfrog buy-in.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.art import palette
from game.engine.resources import font
from game.engine.text import draw_text
from game.store import ScoreEntry

WIN = palette.GOOD
LOSS = palette.ACCENT
GRID = (255, 255, 255, 40)
AXIS_TEXT = palette.TEXT_DIM
REFERENCE = palette.TEXT


def draw_score_chart(surface: pygame.Surface, rect: pygame.Rect, entries: Sequence[ScoreEntry],
                     *, text_size: int = 16, reference: int | None = None) -> None:
    """Draw `entries` (oldest first) as bars filling `rect`, with its scale at the left."""
    if not entries:
        draw_text(surface, "No games recorded yet", text_size, AXIS_TEXT, rect.center,
                  anchor="center")
        return
    scores = [entry.score for entry in entries]
    levels = [*scores, 0] + ([reference] if reference is not None else [])
    low, high = min(levels), max(levels)
    if high == low:
        high = low + 1
    label_width = max(font(text_size).size(f"{value:,}")[0]
                      for value in (low, high)) + text_size // 2
    plot = pygame.Rect(rect.x + label_width, rect.y + text_size // 2, rect.width - label_width,
                       rect.height - text_size)

    def y_of(value: float) -> int:
        return round(plot.bottom - (value - low) / (high - low) * plot.height)

    _grid_line(surface, plot, y_of(0), "0", text_size)
    for value in {low, high} - {0}:
        _grid_line(surface, plot, y_of(value), f"{value:,}", text_size)
    slot = plot.width / len(entries)
    bar_width = max(1, round(slot * 0.7))
    zero = y_of(0)
    for index, entry in enumerate(entries):
        top = y_of(entry.score)
        x = round(plot.x + index * slot + (slot - bar_width) / 2)
        bar = pygame.Rect(x, min(top, zero), bar_width, max(1, abs(zero - top)))
        pygame.draw.rect(surface, WIN if entry.won else LOSS, bar,
                         border_radius=min(3, bar_width // 3))
    if reference is not None:
        dashed_line(surface, (plot.x, y_of(reference)), plot.width)


def dashed_line(surface: pygame.Surface, start: tuple[int, int], length: int) -> None:
    """The reference line's look, also used for its key in a legend."""
    x, y = start
    for dash in range(x, x + length, 10):
        pygame.draw.line(surface, REFERENCE, (dash, y), (min(dash + 5, x + length), y), 2)


def _grid_line(surface: pygame.Surface, plot: pygame.Rect, y: int, label: str,
               text_size: int) -> None:
    line = pygame.Surface((plot.width, 1), pygame.SRCALPHA)
    line.fill(GRID)
    surface.blit(line, (plot.x, y))
    draw_text(surface, label, text_size, AXIS_TEXT, (plot.x - text_size // 3, y),
              anchor="midright")
