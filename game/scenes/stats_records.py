"""The statistics page's records and recent games.

Records: for the game and rules shown, the ten fastest wins, the ten wins in fewest moves and
the ten best scores, each with its deal number and date. Recent games: the last games, newest
first, each a row that plays its deal again when clicked (games recorded before deals were
kept in the statistics cannot be). The deals of the day are among them, marked Daily; played
again from here, a deal is an ordinary game.
"""

from __future__ import annotations

import datetime

import pygame

from game.art import palette
from game.engine.text import draw_text
from game.scenes.stats_chart import draw_empty
from game.scenes.stats_rows import format_duration
from game.scenes.ui import fitted_size
from game.store import GameStats
from game.store.game_stats import ScoreEntry
from game.store.records import TOP

RECORD_TITLES = {"time": "Fastest wins", "moves": "Fewest moves", "score": "Best scores"}
RECENT_SHOWN = 10
NO_RECORDS = "No records yet: win a game by yourself to set one"
NO_RECENT = "No games recorded yet"
DAILY_MARK = "Daily"


def when(entry: ScoreEntry) -> str:
    return datetime.date.fromtimestamp(entry.timestamp).strftime("%d %b %Y")


def deal_number(entry: ScoreEntry) -> str:
    """The deal's number, read from its code ("" when the game kept none)."""
    return f"#{entry.deal.rpartition('-')[2][:-1]}" if entry.deal else ""


def clock(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}" if whole < 3600 else format_duration(seconds)


def record_value(entry: ScoreEntry, kind: str) -> str:
    if kind == "time":
        return clock(entry.seconds)
    if kind == "moves":
        return f"{entry.moves} moves"
    return f"{entry.score:,}"


def draw_records(surface: pygame.Surface, area: pygame.Rect, stats: GameStats,
                 rules: str | None, kinds: tuple[str, ...], text: int) -> None:
    """A column for each kind of record, its ten best games below its title."""
    columns = {kind: stats.records(kind, rules) for kind in kinds}
    if not any(columns.values()):
        draw_empty(surface, area, NO_RECORDS, text)
        return
    width = area.width // len(kinds)
    row = area.height // (TOP + 1)
    size = max(10, min(text, round(row * 0.5)))
    small = max(9, min(round(text * 0.8), row - size - 2))
    for index, kind in enumerate(kinds):
        left = area.x + index * width + 4
        draw_text(surface, RECORD_TITLES[kind], fitted_size(RECORD_TITLES[kind], text, width - 8,
                                                            bold=True),
                  palette.ACCENT_BRIGHT, (left, area.y), anchor="topleft", bold=True)
        for place, entry in enumerate(columns[kind], 1):
            y = area.y + place * row
            line = f"{place}. {record_value(entry, kind)}"
            draw_text(surface, line, fitted_size(line, size, width - 8, bold=True),
                      palette.TEXT, (left, y), anchor="topleft", bold=True)
            detail = f"{deal_number(entry)}  {when(entry)}".strip()
            draw_text(surface, detail, fitted_size(detail, small, width - 24),
                      palette.TEXT_DIM, (left + 16, y + size + 1), anchor="topleft")


def recent_games(stats: GameStats) -> list[tuple[ScoreEntry, bool]]:
    """The last games, newest first, each with whether it was a deal of the day."""
    games = [(entry, False) for entry in reversed(stats.history[-RECENT_SHOWN:])]
    games += [(entry, True) for entry in reversed(stats.daily[-RECENT_SHOWN:])]
    games.sort(key=lambda game: -game[0].timestamp)  # stable: the later of a tie first
    return games[:RECENT_SHOWN]


def draw_recent(surface: pygame.Surface, area: pygame.Rect, stats: GameStats,
                rules_text, text: int, pointer: tuple[int, int] | None
                ) -> list[tuple[pygame.Rect, str]]:
    """The last games, newest first; the rows whose deal can be played again, with its code."""
    games = recent_games(stats)
    if not games:
        draw_empty(surface, area, NO_RECENT, text)
        return []
    row = max(text + 6, min(area.height // RECENT_SHOWN, round(text * 2.2)))
    rows = []
    for index, (entry, daily) in enumerate(games):
        rect = pygame.Rect(area.x, area.y + index * row, area.width, row - 2)
        if entry.deal:
            rows.append((rect, entry.deal))
            if pointer is not None and rect.collidepoint(pointer):
                pygame.draw.rect(surface, (44, 54, 72), rect, border_radius=4)
        result = "Won" if entry.won else "Helped" if entry.assisted else "Lost"
        parts = [when(entry), DAILY_MARK if daily else "", rules_text(entry),
                 deal_number(entry), result, f"{entry.score:,}", clock(entry.seconds)]
        line = "  ·  ".join(part for part in parts if part)
        room = area.width - (rect.height * 4 if entry.deal else 0)
        size = fitted_size(line, round(text * 0.85), room)
        draw_text(surface, line, size, palette.TEXT if entry.won else palette.TEXT_DIM,
                  (rect.x + 6, rect.centery), anchor="midleft")
        if entry.deal:
            draw_text(surface, "Play again", fitted_size("Play again", round(text * 0.8),
                                                         rect.height * 4 - 8, bold=True),
                      palette.ACCENT_BRIGHT, (rect.right - 6, rect.centery), anchor="midright",
                      bold=True)
    return rows
