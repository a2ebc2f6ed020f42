"""The statistics page's Daily tab: a game's deals of the day, kept apart from its own deals.

The figures are the calendar's (`DailyRecord.figures`): a day counts once however often its
deal is played, and once won it stays won. Nothing here is in the numbers beside the charts.
"""

from __future__ import annotations

import pygame

from game.art import palette
from game.engine.text import draw_text, wrap_text
from game.scenes.ui import fitted_size
from game.store.daily import DailyFigures

TITLE = "Deals of the day"
APART = ("Kept apart: a deal of the day counts here and in the calendar (Daily, on the menu), "
         "never in the games, streaks, time, charts or records of your own deals. Recent "
         "lists it, marked Daily.")


def _days(count: int) -> str:
    return f"{count:,} day{'' if count == 1 else 's'}"


def daily_rows(figures: DailyFigures) -> list[tuple[str, str]]:
    """The Daily tab's lines: (label, value)."""
    return [("Days played", f"{figures.played:,}"),
            ("Days won", f"{figures.won:,}"),
            ("Win rate", f"{figures.win_rate:.0%}" if figures.played else "–"),
            ("Daily streak", _days(figures.streak)),
            ("Best daily streak", _days(figures.best_streak))]


def draw_daily(surface: pygame.Surface, area: pygame.Rect, figures: DailyFigures,
               text: int) -> None:
    """The title, the figures in two columns, and what keeping them apart means."""
    rows = daily_rows(figures)
    size = round(text * 1.2)  # the figures as large as the numbers beside them
    draw_text(surface, TITLE, fitted_size(TITLE, size, area.width, bold=True),
              palette.ACCENT_BRIGHT, area.topleft, anchor="topleft", bold=True)
    lines = wrap_text(APART, text, area.width)
    line_height = round(text * 1.3)
    bottom = area.bottom - len(lines) * line_height
    top = area.y + round(size * 1.6)
    row = min(round(size * 2), (bottom - top) // len(rows))
    width = min(area.width, size * 20)  # values near their labels in a wide window
    for index, (label, value) in enumerate(rows):
        y = top + index * row + row // 2
        draw_text(surface, label, size, palette.TEXT_DIM, (area.x, y), anchor="midleft")
        draw_text(surface, value, fitted_size(value, size, width // 3, bold=True),
                  palette.TEXT, (area.x + width, y), anchor="midright", bold=True)
    for index, line in enumerate(lines):
        draw_text(surface, line, text, palette.TEXT_DIM,
                  (area.x, bottom + index * line_height), anchor="topleft")
