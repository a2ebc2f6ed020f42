"""The statistics page's chart side: the page each chart tab shows for one game and rules —
its scores, its win rate, its money, its records, its recent games and its deals of the day."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.art import palette
from game.engine.text import draw_text
from game.registry import BY_ID
from game.rules.leapfrog import BUY_IN
from game.scenes.daily_deals import daily_pool
from game.scenes.stats_chart import (
    ASSISTED,
    Axes,
    Line,
    dashed_line,
    draw_empty,
    draw_line_chart,
    draw_score_chart,
)
from game.scenes.stats_daily import draw_daily
from game.scenes.stats_records import draw_recent, draw_records
from game.scenes.stats_series import (
    RECENT_GAMES,
    Rules,
    entries_of,
    first_game_number,
    recent_win_rate_series,
    record_of,
    rules_label,
    rules_name,
    rules_of,
    vegas_series,
    win_rate_series,
    winnings_series,
)
from game.scenes.ui import dollars
from game.store import GameStats
from game.store.daily import DailyFigures
from game.store.game_stats import ScoreEntry

CHART_GAMES = 40  # the score chart shows this many most recent games
SCORES, WIN_RATE, WINNINGS, VEGAS = "Scores", "Win rate", "Winnings", "Vegas"
RECORDS, RECENT, DAILY = "Records", "Recent", "Daily"
NO_GAMES = "No games recorded yet"
NO_GAMES_OF_RULES = "No games with these rules recorded yet"
RECENT_COLOUR = (120, 200, 255)


def chart_kinds(game_id: str, rules: Rules | None = None) -> list[str]:
    """The charts the statistics offer for `game_id` (Klondike: the money of Vegas rules; a
    game with a deal of the day: its daily figures)."""
    kinds = [SCORES, WIN_RATE]
    money = BY_ID[game_id].money
    if money == "winnings":
        kinds.append(WINNINGS)
    if money == "vegas" and (rules is None or rules[0] == "vegas"):
        kinds.append(VEGAS)
    kinds += [RECORDS, RECENT]
    if daily_pool(BY_ID[game_id]) is not None:
        kinds.append(DAILY)
    return kinds


@dataclass(frozen=True)
class ChartPage:
    """Where a chart tab's page goes: `chart` is the chart side, `top` the first row below
    its tabs; `text` the size of its words; `px` scales pixels at 1280x800 to the window."""

    game_id: str
    rules: Rules | None
    chart: pygame.Rect
    top: int
    text: int
    px: Callable[[float], int]

    def draw(self, surface: pygame.Surface, kind: str, stats: GameStats, daily: DailyFigures,
             pointer: tuple[int, int] | None) -> list[tuple[pygame.Rect, str]]:
        """The page of the chart `kind`, with a key to what it shows (`daily`: the game's deals
        of the day); the recent games' rows that play their deal again (none on the other
        pages)."""
        text, key_y = self.text, self.top
        area = pygame.Rect(self.chart.x, key_y + text + self.px(12), self.chart.width,
                           self.chart.bottom - key_y - text - self.px(12))
        page = pygame.Rect(area.x, key_y, area.width, area.bottom - key_y)
        if kind == RECORDS:
            rules = None if self.rules is None else rules_name(self.rules)
            draw_records(surface, page, stats, rules, BY_ID[self.game_id].records, text)
        elif kind == RECENT:
            return draw_recent(surface, page, stats, self._rules_words, text, pointer)
        elif kind == DAILY:
            draw_daily(surface, page, daily, text)
        elif kind == SCORES:
            self._draw_scores(surface, stats, key_y, area, text)
        elif kind == WIN_RATE:
            self._draw_win_rate(surface, stats, key_y, area, text)
        elif kind == WINNINGS:
            totals = winnings_series(stats)
            axes = Axes("Winnings", first_game=first_game_number(stats, len(totals)))
            self._draw_money(surface, totals, axes, key_y, area, text,
                             "Total winnings after each game")
        else:
            axes = Axes("Vegas money", "Vegas game", label=lambda value: dollars(round(value)))
            rules = "" if self.rules is None else f" ({rules_label(self.rules, short=True)})"
            self._draw_money(surface, vegas_series(stats, self.rules), axes, key_y, area, text,
                             f"The Vegas games' money, added up{rules}",
                             "No Vegas games recorded yet")
        return []

    def _draw_scores(self, surface: pygame.Surface, stats: GameStats, key_y: int,
                     area: pygame.Rect, text: int) -> None:
        """The latest scores as bars: Klondike's of the rules chosen, numbered among them."""
        rules = self.rules
        games = (list(stats.history) if rules is None
                 else entries_of(stats.history, rules, self.game_id))
        history = games[-CHART_GAMES:]
        if not history:
            draw_empty(surface, area, NO_GAMES if rules is None else NO_GAMES_OF_RULES, text)
            return
        winnings = BY_ID[self.game_id].money == "winnings"
        key = [("box", palette.GOOD, "won"), ("box", palette.ACCENT, "not won")]
        if any(entry.assisted for entry in history):
            key.append(("box", ASSISTED, "computer helped"))
        if winnings:
            key.append(("dash", palette.TEXT, f"buy-in ({BUY_IN})"))
        self._draw_key(surface, key_y, key, text)
        if rules is None:
            axes = Axes("Score", first_game=first_game_number(stats, len(history)))
        else:
            axes = Axes("Vegas money" if rules[0] == "vegas" else "Score",
                        "Game with these rules", first_game=len(games) - len(history) + 1,
                        label=(lambda value: dollars(round(value))) if rules[0] == "vegas"
                        else Axes.label)
        draw_score_chart(surface, area, history, axes, text_size=text,
                         reference=BUY_IN if winnings else None)

    def _draw_win_rate(self, surface: pygame.Surface, stats: GameStats, key_y: int,
                       area: pygame.Rect, text: int) -> None:
        """The win rate after each game: of the rules chosen, if the game has them."""
        rules, record, history = self.rules, stats, stats.history
        if rules is not None:
            record = record_of(stats, rules, self.game_id)
            history = tuple(entries_of(history, rules, self.game_id))
        if not history:
            draw_empty(surface, area, NO_GAMES if rules is None else NO_GAMES_OF_RULES, text)
            return
        every = "all games" if rules is None else "all games with these rules"
        self._draw_key(surface, key_y, [("line", palette.ACCENT, every),
                                        ("line", RECENT_COLOUR, f"last {RECENT_GAMES} games")],
                       text)
        lines = [Line(tuple(recent_win_rate_series(history)), RECENT_COLOUR, 0.7),
                 Line(tuple(win_rate_series(record, history)), palette.ACCENT)]
        axes = Axes("Win rate", first_game=first_game_number(record, len(history)),
                    label=lambda value: f"{value:.0%}", ticks=(0.0, 0.25, 0.5, 0.75, 1.0))
        draw_line_chart(surface, area, lines, axes, text_size=text, value_range=(0.0, 1.0))

    def _draw_money(self, surface: pygame.Surface, totals: list[int], axes: Axes, key_y: int,
                    area: pygame.Rect, text: int, caption: str, empty: str = NO_GAMES) -> None:
        """A running total of money with the zero line: what was gained above it in green,
        what was lost below it in red."""
        if not totals:
            draw_empty(surface, area, empty, text)
            return
        self._draw_key(surface, key_y, [("line", palette.ACCENT, caption)], text)
        draw_line_chart(surface, area, [Line(tuple(totals), palette.ACCENT)], axes,
                        text_size=text, shade_zero=True)

    def _draw_key(self, surface: pygame.Surface, y: int,
                  items: Sequence[tuple[str, tuple[int, int, int], str]], text: int) -> None:
        """A row of (look, colour, label): "box" for bars, "line" and "dash" for lines."""
        x = self.chart.x
        middle = y + text // 2
        for look, colour, label in items:
            if look == "box":
                swatch = pygame.Rect(x, middle - text // 3, text * 2 // 3, text * 2 // 3)
                pygame.draw.rect(surface, colour, swatch, border_radius=2)
                right = swatch.right
            elif look == "dash":
                dashed_line(surface, (x, middle), self.px(24))
                right = x + self.px(24)
            else:
                pygame.draw.line(surface, colour, (x, middle), (x + self.px(22), middle),
                                 max(2, text // 6))
                right = x + self.px(22)
            x = draw_text(surface, label, text, palette.TEXT_DIM, (right + self.px(6), middle),
                          anchor="midleft").right + self.px(18)

    def _rules_words(self, entry: ScoreEntry) -> str:
        rules = rules_of(entry, self.game_id)
        return "" if rules is None else rules_label(rules, self.game_id, short=True)

    def _rules_words(self, entry: ScoreEntry) -> str:
        rules = rules_of(entry, self.game_id)
        return "" if rules is None else rules_label(rules, self.game_id, short=True)
