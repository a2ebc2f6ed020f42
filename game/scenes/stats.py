"""Statistics: each game's record, charts of its history, and a reset.

Numbers come from the store as it stands, so a game finished a moment ago already counts;
the game in progress does not (the table records a game once it ends or is abandoned). The
charts are computed from the recorded history of each game: its recent scores, the win rate
after each game, and for the games that play for money the running total (Leapfrog's winnings,
Klondike's Vegas money).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.art import palette
from game.engine.input import Action
from game.engine.text import draw_text
from game.rules import GAMES
from game.rules.klondike_scoring import VEGAS_START
from game.rules.leapfrog import BUY_IN
from game.scenes.context import Context
from game.scenes.dialogs import ConfirmDialog
from game.scenes.notice import show_notices
from game.scenes.stats_chart import (
    Axes,
    Line,
    dashed_line,
    draw_empty,
    draw_line_chart,
    draw_score_chart,
)
from game.scenes.table.klondike import dollars
from game.scenes.ui import ButtonRow, ModalScene, TabBar, draw_dialog_panel, fitted_size
from game.store import GameStats, ScoreEntry

STATS_GAMES = ("klondike", "leapfrog", "leap_year", "lucas_leaps", "leap_frog")
CHART_GAMES = 40  # the score chart shows this many most recent games
RECENT_GAMES = 10  # the second win-rate line follows this many latest games
VEGAS_STEP = 5  # Vegas money changes by this much a card
SCORES, WIN_RATE, WINNINGS, VEGAS = "Scores", "Win rate", "Winnings", "Vegas"
NO_GAMES = "No games recorded yet"
RECENT_COLOUR = (120, 200, 255)


def game_title(game_id: str) -> str:
    return getattr(GAMES.get(game_id), "title", None) or game_id.replace("_", " ").title()


def format_duration(seconds: float) -> str:
    """Time played as a person would say it: "45 s", "12 min", "3 h 5 min"."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes = whole // 60
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def _signed(amount: int) -> str:
    return f"{amount:+,}" if amount else "0"


def stats_rows(game_id: str, stats: GameStats) -> list[tuple[str, str]]:
    """The lines the statistics show for one game: (label, value)."""
    rows = [
        ("Games played", f"{stats.played:,}"),
        ("Games won", f"{stats.won:,}"),
        ("Win rate", f"{stats.win_rate:.0%}" if stats.played else "–"),
        ("Best score", "–" if stats.best_score is None else f"{stats.best_score:,}"),
        ("Current streak", f"{stats.current_streak:,}"),
        ("Best streak", f"{stats.best_streak:,}"),
        ("Time played", format_duration(stats.total_time)),
    ]
    if game_id == "leapfrog":
        rows.append(("Total winnings", _signed(stats.total_winnings)))
        rows.append(("Best winnings",
                     "–" if stats.best_winnings is None else _signed(stats.best_winnings)))
    if game_id == "klondike":
        rows.append(("Vegas balance", _signed(stats.vegas_balance)))
    return rows


# The charts' series --------------------------------------------------------------------


def chart_kinds(game_id: str) -> list[str]:
    """The charts the statistics offer for `game_id`."""
    kinds = [SCORES, WIN_RATE]
    if game_id == "leapfrog":
        kinds.append(WINNINGS)
    if game_id == "klondike":
        kinds.append(VEGAS)
    return kinds


def first_game_number(stats: GameStats, shown: int) -> int:
    """The number of the first of the `shown` latest games, counting every game played."""
    return max(1, stats.played - shown + 1)


def win_rate_series(stats: GameStats) -> list[float]:
    """The win rate after each game of the history, the games played before it counted too,
    so the last value is the win rate of all games."""
    history = stats.history
    played = max(0, stats.played - len(history))
    won = min(played, max(0, stats.won - sum(entry.won for entry in history)))
    rates = []
    for entry in history:
        played += 1
        won += entry.won
        rates.append(won / played)
    return rates


def recent_win_rate_series(history: Sequence[ScoreEntry],
                           window: int = RECENT_GAMES) -> list[float]:
    """The share of wins among the latest `window` games (fewer at first), after each game."""
    rates = []
    for end in range(1, len(history) + 1):
        recent = history[max(0, end - window):end]
        rates.append(sum(entry.won for entry in recent) / len(recent))
    return rates


def running_total(amounts: Sequence[int], start: int = 0) -> list[int]:
    """The total after each amount is added to `start`."""
    totals = []
    for amount in amounts:
        start += amount
        totals.append(start)
    return totals


def winnings_series(stats: GameStats) -> list[int]:
    """Leapfrog's accumulated winnings after each game of the history: each game wins its
    score less the buy-in, and the line ends at the total the statistics keep (which counts
    games too old for the history as well)."""
    amounts = [entry.score - BUY_IN for entry in stats.history]
    return running_total(amounts, stats.total_winnings - sum(amounts))


def is_vegas_score(score: int) -> bool:
    """A Vegas game's score is the deal's -52 plus or minus 5 a card; standard scores move
    in fives from 0 and a game without scoring stays at 0, so they never look alike."""
    return score % VEGAS_STEP == VEGAS_START % VEGAS_STEP


def vegas_series(stats: GameStats) -> list[int]:
    """The running total of the money of each Vegas game in Klondike's history (whether or
    not the balance was carried over when it was played)."""
    return running_total([entry.score for entry in stats.history
                          if is_vegas_score(entry.score)])


class StatsScene(ModalScene):
    """The statistics of every game in tabs, opening on `game_id`'s tab if given; beside the
    numbers, the game's charts in tabs of their own (Page Up and Page Down change them)."""

    def __init__(self, context: Context, game_id: str | None = None) -> None:
        super().__init__()
        self.context = context
        first = STATS_GAMES.index(game_id) if game_id in STATS_GAMES else 0
        self.tabs = TabBar([game_title(g) for g in STATS_GAMES], self._tab_changed, first)
        self.charts = TabBar(chart_kinds(self.game_id), self._chart_changed)
        self.buttons = ButtonRow([("Reset…", self.ask_reset), ("Close", self.close)])
        self.numbers = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.charts_bar = pygame.Rect(0, 0, 0, 0)
        self.row_height = 30

    @property
    def game_id(self) -> str:
        return STATS_GAMES[self.tabs.index]

    @property
    def chart_kind(self) -> str:
        return self.charts.labels[self.charts.index]

    def rows(self) -> list[tuple[str, str]]:
        """What the selected tab shows."""
        return stats_rows(self.game_id, self.context.stats.get(self.game_id))

    def ask_reset(self) -> None:
        title = game_title(self.game_id)
        self.stack.push(ConfirmDialog(
            f"Forget every recorded {title} game? This cannot be undone.",
            lambda game_id=self.game_id: self.reset(game_id), title="Reset statistics",
            yes="Reset", no="Keep"))

    def reset(self, game_id: str) -> None:
        self.context.notify(self.context.stats.reset(game_id))
        self.mark_dirty()
        show_notices(self.stack, self.context)

    def _tab_changed(self, _index: int) -> None:
        """Another game: its charts, showing the same kind as before if it has one."""
        kinds = chart_kinds(self.game_id)
        kind = self.chart_kind
        self.charts = TabBar(kinds, self._chart_changed, kinds.index(kind) if kind in kinds else 0)
        if self.charts_bar.width > 0:
            self.charts.layout(self.charts_bar)
        self.mark_dirty()

    def _chart_changed(self, _index: int) -> None:
        self.mark_dirty()

    # Layout and drawing --------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        tabs, button_top = self.lay_out_tabbed_panel(size, (980, 620), self.tabs, self.buttons)
        body = pygame.Rect(tabs.x, tabs.bottom + self.px(18), tabs.width,
                           button_top - tabs.bottom - self.px(36))
        split = round(body.width * 0.4)
        self.numbers = pygame.Rect(body.x, body.y, split - self.px(16), body.height)
        self.chart = pygame.Rect(body.x + split + self.px(16), body.y,
                                 body.width - split - self.px(16), body.height)
        self.charts_bar = pygame.Rect(self.chart.x, self.chart.y, self.chart.width,
                                      self.px(32))
        self.charts.layout(self.charts_bar)
        self.row_height = min(self.px(38), body.height // 10)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        draw_text(surface, "Statistics", self.px(34), palette.ACCENT_BRIGHT,
                  (self.panel.centerx, self.panel.y + self.px(22)), anchor="midtop", bold=True)
        self.tabs.draw(surface)
        self._draw_numbers(surface)
        self._draw_chart(surface)
        self.buttons.draw(surface)

    def _draw_numbers(self, surface: pygame.Surface) -> None:
        size = round(self.row_height * 0.58)
        for index, (label, value) in enumerate(self.rows()):
            y = self.numbers.y + index * self.row_height + self.row_height // 2
            draw_text(surface, label, size, palette.TEXT_DIM, (self.numbers.x + self.px(8), y),
                      anchor="midleft")
            draw_text(surface, value, fitted_size(value, size, self.numbers.width // 2, bold=True),
                      palette.TEXT, (self.numbers.right - self.px(8), y), anchor="midright",
                      bold=True)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        """The chart tabs, a key to what the chart shows, and the chart."""
        self.charts.draw(surface)
        stats = self.context.stats.get(self.game_id)
        text = max(12, round(self.row_height * 0.46))
        key_y = self.charts_bar.bottom + self.px(12)
        area = pygame.Rect(self.chart.x, key_y + text + self.px(12), self.chart.width,
                           self.chart.bottom - key_y - text - self.px(12))
        if self.chart_kind == SCORES:
            self._draw_scores(surface, stats, key_y, area, text)
        elif self.chart_kind == WIN_RATE:
            self._draw_win_rate(surface, stats, key_y, area, text)
        elif self.chart_kind == WINNINGS:
            totals = winnings_series(stats)
            axes = Axes("Winnings", first_game=first_game_number(stats, len(totals)))
            self._draw_money(surface, totals, axes, key_y, area, text,
                             "Total winnings after each game")
        else:
            axes = Axes("Vegas money", "Vegas game", label=lambda value: dollars(round(value)))
            self._draw_money(surface, vegas_series(stats), axes, key_y, area, text,
                             "The Vegas games' money, added up", "No Vegas games recorded yet")

    def _draw_scores(self, surface: pygame.Surface, stats: GameStats, key_y: int,
                     area: pygame.Rect, text: int) -> None:
        history = stats.history[-CHART_GAMES:]
        if not history:
            draw_empty(surface, area, NO_GAMES, text)
            return
        leapfrog = self.game_id == "leapfrog"
        key = [("box", palette.GOOD, "won"), ("box", palette.ACCENT, "not won")]
        if leapfrog:
            key.append(("dash", palette.TEXT, f"buy-in ({BUY_IN})"))
        self._draw_key(surface, key_y, key, text)
        axes = Axes("Score", first_game=first_game_number(stats, len(history)))
        draw_score_chart(surface, area, history, axes, text_size=text,
                         reference=BUY_IN if leapfrog else None)

    def _draw_win_rate(self, surface: pygame.Surface, stats: GameStats, key_y: int,
                       area: pygame.Rect, text: int) -> None:
        if not stats.history:
            draw_empty(surface, area, NO_GAMES, text)
            return
        self._draw_key(surface, key_y, [("line", palette.ACCENT, "all games"),
                                        ("line", RECENT_COLOUR, f"last {RECENT_GAMES} games")],
                       text)
        lines = [Line(tuple(recent_win_rate_series(stats.history)), RECENT_COLOUR, 0.7),
                 Line(tuple(win_rate_series(stats)), palette.ACCENT)]
        axes = Axes("Win rate", first_game=first_game_number(stats, len(stats.history)),
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

    # Input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.buttons.handle_event(event) or self.tabs.handle_event(event)
                or self.charts.handle_event(event)):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.charts.step(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.tabs.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action in (Action.LEFT, Action.RIGHT):
            if self.buttons.focus is not None:
                return self.buttons.handle_action(action)
            self.tabs.step(-1 if action is Action.LEFT else 1)
            return True
        if action in (Action.UP, Action.DOWN):
            self.buttons.set_focus(1 if action is Action.DOWN else None)
            return True
        if action in (Action.CONFIRM, Action.SELECT) and self.buttons.focus is not None:
            self.buttons.buttons[self.buttons.focus].activate()
            return True
        if action in (Action.BACK, Action.CONFIRM):
            self.close()
            return True
        return False
