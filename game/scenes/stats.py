"""Statistics: each game's record, charts of its history, and a reset.

Numbers come from the store as it stands, so a game finished a moment ago already counts;
the game in progress does not (the table records a game once it ends or is abandoned). The
charts are computed from the recorded history of each game: its recent scores, the win rate
after each game, and for the games that play for money the running total (Leapfrog's winnings,
Klondike's Vegas money).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.art import palette
from game.deal_codes import BadCode, DealCode, decode
from game.engine.input import Action
from game.engine.text import draw_text
from game.registry import BY_ID, IDS
from game.rules import GAMES
from game.rules.leapfrog import BUY_IN
from game.scenes.context import Context
from game.scenes.deal_dialog import take_rules
from game.scenes.dialogs import ConfirmDialog
from game.scenes.notice import show_notices
from game.scenes.stats_chart import (
    ASSISTED,
    Axes,
    Line,
    dashed_line,
    draw_empty,
    draw_line_chart,
    draw_score_chart,
)
from game.scenes.stats_records import draw_recent, draw_records
from game.scenes.stats_rows import format_duration, stats_rows
from game.scenes.stats_series import (
    RECENT_GAMES,
    Rules,
    current_rules,
    entries_of,
    first_choice,
    first_game_number,
    is_vegas_score,
    recent_win_rate_series,
    record_of,
    rules_choices,
    rules_label,
    rules_name,
    rules_of,
    running_total,
    vegas_series,
    win_rate_series,
    winnings_series,
)
from game.scenes.tables import open_table
from game.scenes.ui import (
    ButtonRow,
    ModalScene,
    TabBar,
    dollars,
    draw_dialog_panel,
    fitted_size,
)
from game.store import GameStats
from game.store.game_stats import ScoreEntry

# The rows and series are worked out in stats_rows and stats_series; they are named here as
# well, where they were.
__all__ = ["StatsScene", "chart_kinds", "format_duration", "is_vegas_score", "running_total",
           "stats_rows", "vegas_series", "win_rate_series", "winnings_series"]

STATS_GAMES = IDS  # every game, in menu order
CHART_GAMES = 40  # the score chart shows this many most recent games
SCORES, WIN_RATE, WINNINGS, VEGAS = "Scores", "Win rate", "Winnings", "Vegas"
RECORDS, RECENT = "Records", "Recent"
NO_GAMES = "No games recorded yet"
NO_GAMES_OF_RULES = "No games with these rules recorded yet"
RECENT_COLOUR = (120, 200, 255)


def game_title(game_id: str) -> str:
    return getattr(GAMES.get(game_id), "title", None) or game_id.replace("_", " ").title()


# The charts' series --------------------------------------------------------------------


def chart_kinds(game_id: str, rules: Rules | None = None) -> list[str]:
    """The charts the statistics offer for `game_id` (Klondike: the money of Vegas rules)."""
    kinds = [SCORES, WIN_RATE]
    money = BY_ID[game_id].money
    if money == "winnings":
        kinds.append(WINNINGS)
    if money == "vegas" and (rules is None or rules[0] == "vegas"):
        kinds.append(VEGAS)
    return [*kinds, RECORDS, RECENT]


class StatsScene(ModalScene):
    """The statistics of every game in tabs, opening on `game_id`'s tab if given; beside the
    numbers, the game's charts in tabs of their own (Page Up and Page Down change them)."""

    def __init__(self, context: Context, game_id: str | None = None,
                 play_again: Callable[[DealCode], None] | None = None) -> None:
        super().__init__()
        self.context = context
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
        self.stack.push(ConfirmDialog(
            f"Forget every recorded {title} game? This cannot be undone.",
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
        stats = self.context.stats.get(self.game_id)
        text = max(12, round(self.row_height * 0.46))
        key_y = self.charts_bar.bottom + self.px(12)
        area = pygame.Rect(self.chart.x, key_y + text + self.px(12), self.chart.width,
                           self.chart.bottom - key_y - text - self.px(12))
        self.recent_rows = []
        page = pygame.Rect(area.x, key_y, area.width, area.bottom - key_y)
        if self.chart_kind == RECORDS:
            rules = None if self.rules is None else rules_name(self.rules)
            draw_records(surface, page, stats, rules, BY_ID[self.game_id].records, text)
        elif self.chart_kind == RECENT:
            self.recent_rows = draw_recent(surface, page, stats, self._rules_words, text,
                                           self.pointer)
        elif self.chart_kind == SCORES:
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
            rules = "" if self.rules is None else f" ({rules_label(self.rules, short=True)})"
            self._draw_money(surface, vegas_series(stats, self.rules), axes, key_y, area, text,
                             f"The Vegas games' money, added up{rules}",
                             "No Vegas games recorded yet")

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
