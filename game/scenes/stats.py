"""Statistics: each game's record, charts of its history, and a reset.

Numbers come from the store as it stands, so a game finished a moment ago already counts;
the game in progress does not (the table records a game once it ends or is abandoned). The
charts are computed from the recorded history of each game: its recent scores, the win rate
after each game, and for the games that play for money the running total (Leapfrog's winnings,
Klondike's Vegas money). The deals of the day are in none of them: a game that has them shows
their figures, the calendar's, in a Daily tab of their own.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pygame

from game.art import palette
from game.deal_codes import BadCode, DealCode, decode
from game.engine.input import Action
from game.engine.text import draw_text
from game.registry import IDS
from game.rules import GAMES
from game.scenes.context import Context
from game.scenes.deal_dialog import take_rules
from game.scenes.dialogs import ConfirmDialog
from game.scenes.notice import show_notices
from game.scenes.stats_pages import (
    DAILY,
    RECENT,
    RECORDS,
    SCORES,
    VEGAS,
    WIN_RATE,
    WINNINGS,
    ChartPage,
    chart_kinds,
)
from game.scenes.stats_rows import format_duration, stats_rows
from game.scenes.stats_series import (
    Rules,
    current_rules,
    first_choice,
    is_vegas_score,
    recent_win_rate_series,
    rules_choices,
    rules_label,
    running_total,
    vegas_series,
    win_rate_series,
    winnings_series,
)
from game.scenes.tables import open_table
from game.scenes.ui import ButtonRow, ModalScene, TabBar, draw_dialog_panel, fitted_size

# The rows, series and chart pages are worked out in stats_rows, stats_series and stats_pages;
# they are named here as well, where they were.
__all__ = ["DAILY", "RECENT", "RECORDS", "SCORES", "VEGAS", "WIN_RATE", "WINNINGS", "StatsScene",
           "chart_kinds", "format_duration", "is_vegas_score", "recent_win_rate_series",
           "running_total", "stats_rows", "vegas_series", "win_rate_series", "winnings_series"]

STATS_GAMES = IDS  # every game, in menu order


def game_title(game_id: str) -> str:
    return getattr(GAMES.get(game_id), "title", None) or game_id.replace("_", " ").title()


class StatsScene(ModalScene):
    """The statistics of every game in tabs, opening on `game_id`'s tab if given; beside the
    numbers, the game's charts in tabs of their own (Page Up and Page Down change them)."""

    def __init__(self, context: Context, game_id: str | None = None,
                 play_again: Callable[[DealCode], None] | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        super().__init__()
        self.context = context
        self.today = today  # the daily streak runs up to it
        # Plays a recent game's deal again: the table's way when opened from one, else a
        # table opened over the menu.
        self.play_again = play_again
        self.recent_rows: list[tuple[pygame.Rect, str]] = []
        self.pointer: tuple[int, int] | None = None
        first = STATS_GAMES.index(game_id) if game_id in STATS_GAMES else 0
        self.tabs = TabBar([game_title(g) for g in STATS_GAMES], self._tab_changed, first)
        if context.autosave:  # what another window has counted since this one started
            context.notify(context.stats.refresh())
        self.choices: list[Rules] = []  # the rules whose games can be shown apart
        self.choice = 0
        self._find_choices()
        self.charts = TabBar(chart_kinds(self.game_id, self.rules), self._chart_changed)
        self.rules_buttons = ButtonRow([("<", lambda: self.step_rules(-1)),
                                        (">", lambda: self.step_rules(1))])
        self.buttons = ButtonRow([("Reset…", self.ask_reset), ("Close", self.close)])
        self.numbers = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.charts_bar = pygame.Rect(0, 0, 0, 0)
        self.rules_bar = pygame.Rect(0, 0, 0, 0)
        self.row_height = 30

    @property
    def game_id(self) -> str:
        return STATS_GAMES[self.tabs.index]

    @property
    def chart_kind(self) -> str:
        return self.charts.labels[self.charts.index]

    @property
    def rules(self) -> Rules | None:
        """The rules whose games are shown (Klondike, Leap Frog), None for the other games."""
        return self.choices[self.choice] if self.choices else None

    def _find_choices(self) -> None:
        """The rules with games on record, and those set now; the latest game's first."""
        game_id = self.game_id
        current = current_rules(game_id, self.context.settings.rules_options(game_id))
        stats = self.context.stats.get(game_id)
        self.choices = rules_choices(stats, game_id, current)
        self.choice = first_choice(self.choices, stats, game_id, current) if self.choices else 0

    def step_rules(self, delta: int) -> None:
        """Show the scores of the previous or next rules (the charts keep their kind)."""
        if self.choices:
            self.choice = (self.choice + delta) % len(self.choices)
            self._charts_for_game()

    def rows(self) -> list[tuple[str, str]]:
        """What the selected tab shows."""
        return stats_rows(self.game_id, self.context.stats.get(self.game_id), self.rules)

    def ask_reset(self) -> None:
        title = game_title(self.game_id)
        kept = (" The calendar of its deals of the day is kept." if DAILY in self.charts.labels
                else "")
        self.stack.push(ConfirmDialog(
            f"Forget every recorded {title} game? This cannot be undone.{kept}",
            lambda game_id=self.game_id: self.reset(game_id), title="Reset statistics",
            yes="Reset", no="Keep"))

    def reset(self, game_id: str) -> None:
        self.context.notify(self.context.stats.reset(game_id))
        self._tab_changed(self.tabs.index)
        show_notices(self.stack, self.context)

    def _tab_changed(self, _index: int) -> None:
        self._find_choices()
        self._charts_for_game()

    def _charts_for_game(self) -> None:
        """The charts of the game (and rules) shown, of the same kind as before if it has
        one; the page is laid out again, as Klondike's has a row for its rules."""
        kinds = chart_kinds(self.game_id, self.rules)
        kind = self.chart_kind
        self.charts = TabBar(kinds, self._chart_changed, kinds.index(kind) if kind in kinds else 0)
        if self.size[0] > 0:
            self.layout(self.size)
        self.mark_dirty()

    def _chart_changed(self, _index: int) -> None:
        self.mark_dirty()

    # Layout and drawing --------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        tabs, button_top = self.lay_out_tabbed_panel(size, (980, 620), self.tabs, self.buttons)
        body = pygame.Rect(tabs.x, tabs.bottom + self.px(18), tabs.width,
                           button_top - tabs.bottom - self.px(36))
        self.rules_bar = pygame.Rect(body.x, body.y, body.width, 0)
        if self.choices:
            self.rules_bar.height = self.px(34)
            body.y += self.rules_bar.height + self.px(12)
            body.height -= self.rules_bar.height + self.px(12)
            side = self.rules_bar.height
            span = min(self.px(520), body.width)
            self.rules_buttons.layout(body.centerx, self.rules_bar.y, (side, side),
                                      span - 2 * side)
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
        self._draw_rules(surface)
        self._draw_numbers(surface)
        self._draw_chart(surface)
        self.buttons.draw(surface)

    def _draw_rules(self, surface: pygame.Surface) -> None:
        """Which rules the scores are of, with the buttons to change them."""
        if self.rules is None:
            return
        if len(self.choices) > 1:
            self.rules_buttons.draw(surface)
        left, right = (button.rect for button in self.rules_buttons.buttons)
        label = f"Games of: {rules_label(self.rules, self.game_id)}"
        room = right.left - left.right - self.px(16)
        size = fitted_size(label, round(self.rules_bar.height * 0.56), room, bold=True)
        draw_text(surface, label, size, palette.ACCENT_BRIGHT,
                  ((left.right + right.left) // 2, self.rules_bar.centery), anchor="center",
                  bold=True)
        if len(self.choices) > 1:
            count = f"{self.choice + 1} of {len(self.choices)}"
            draw_text(surface, count, round(self.rules_bar.height * 0.45), palette.TEXT_DIM,
                      (self.rules_bar.right, self.rules_bar.centery), anchor="midright")

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
        page = ChartPage(self.game_id, self.rules, self.chart,
                         self.charts_bar.bottom + self.px(12),
                         max(12, round(self.row_height * 0.46)), self.px)
        self.recent_rows = page.draw(surface, self.chart_kind,
                                     self.context.stats.get(self.game_id),
                                     self.context.daily.figures(self.game_id, self.today()),
                                     self.pointer)

    def replay(self, code: str) -> None:
        """Play a recent game's deal again (a code that no longer reads opens nothing)."""
        try:
            deal = decode(code)
        except BadCode as error:
            self.context.notify([f"That game's deal cannot be played again: {error}"])
            show_notices(self.stack, self.context)
            return
        stack = self.stack
        self.close()
        if self.play_again is not None:
            self.play_again(deal)
        elif stack is not None:
            take_rules(self.context, deal)
            stack.push(open_table(self.context, deal.game_id, deal.seed))

    # Input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.buttons.handle_event(event) or self.tabs.handle_event(event)
                or self.charts.handle_event(event)
                or (len(self.choices) > 1 and self.rules_buttons.handle_event(event))):
            return True
        if event.type == pygame.MOUSEMOTION and self.chart_kind == RECENT:
            self.pointer = event.pos
            self.mark_dirty()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            code = next((code for rect, code in self.recent_rows if rect.collidepoint(event.pos)),
                        None)
            if code is not None:
                self.replay(code)
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
