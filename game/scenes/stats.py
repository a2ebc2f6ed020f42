"""Statistics: each game's record, its recent scores as a chart, and a reset.

Numbers come from the store as it stands, so a game finished a moment ago already counts;
the game in progress does not (the table records a game once it ends or is abandoned).
"""

from __future__ import annotations

import pygame

from game.art import palette
from game.engine.input import Action
from game.engine.text import draw_text
from game.rules import GAMES
from game.scenes.context import Context
from game.scenes.dialogs import ConfirmDialog
from game.scenes.notice import show_notices
from game.scenes.stats_chart import dashed_line, draw_score_chart
from game.scenes.ui import ButtonRow, ModalScene, TabBar, draw_dialog_panel, fitted_size
from game.store import GameStats

STATS_GAMES = ("klondike", "leapfrog", "leap_year", "lucas_leaps", "leap_frog")
CHART_GAMES = 40  # the chart shows this many most recent games
LEAPFROG_BUY_IN = 100


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


class StatsScene(ModalScene):
    """The statistics of every game in tabs, opening on `game_id`'s tab if given."""

    def __init__(self, context: Context, game_id: str | None = None) -> None:
        super().__init__()
        self.context = context
        first = STATS_GAMES.index(game_id) if game_id in STATS_GAMES else 0
        self.tabs = TabBar([game_title(g) for g in STATS_GAMES], self._tab_changed, first)
        self.buttons = ButtonRow([("Reset…", self.ask_reset), ("Close", self.close)])
        self.numbers = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.row_height = 30

    @property
    def game_id(self) -> str:
        return STATS_GAMES[self.tabs.index]

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
        self.mark_dirty()

    # Layout and drawing --------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width = min(self.px(980), size[0] - self.px(24))
        height = min(self.px(620), size[1] - self.px(16))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        pad = self.px(24)
        tabs = pygame.Rect(self.panel.x + pad, self.panel.y + pad + self.px(46),
                           width - 2 * pad, self.px(42))
        self.tabs.layout(tabs)
        button_size = (self.px(150), self.px(48))
        button_top = self.panel.bottom - pad - button_size[1]
        self.buttons.layout(self.panel.centerx, button_top, button_size, self.px(20))
        body = pygame.Rect(tabs.x, tabs.bottom + self.px(18), tabs.width,
                           button_top - tabs.bottom - self.px(36))
        split = round(body.width * 0.42)
        self.numbers = pygame.Rect(body.x, body.y, split - self.px(16), body.height)
        self.chart = pygame.Rect(body.x + split + self.px(16), body.y,
                                 body.width - split - self.px(16), body.height)
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
        history = self.context.stats.get(self.game_id).history[-CHART_GAMES:]
        heading = f"Recent scores (last {len(history)} games)" if history else "Recent scores"
        size = round(self.row_height * 0.58)
        draw_text(surface, heading, size, palette.TEXT, (self.chart.x, self.chart.y),
                  bold=True)
        legend_y = self.chart.y + round(size * 1.6)
        leapfrog = self.game_id == "leapfrog"
        x = self.chart.x
        legend_size = round(size * 0.85)
        for colour, label in ((palette.GOOD, "won"), (palette.ACCENT, "not won")):
            swatch = pygame.Rect(x, legend_y, size // 2 + 2, size // 2 + 2)
            pygame.draw.rect(surface, colour, swatch, border_radius=2)
            x = draw_text(surface, label, legend_size, palette.TEXT_DIM,
                          (swatch.right + self.px(6), swatch.centery), anchor="midleft").right
            x += self.px(18)
        if leapfrog:
            middle = legend_y + (size // 2 + 2) // 2
            dashed_line(surface, (x, middle), self.px(24))
            draw_text(surface, f"buy-in ({LEAPFROG_BUY_IN})", legend_size, palette.TEXT_DIM,
                      (x + self.px(30), middle), anchor="midleft")
        area = pygame.Rect(self.chart.x, legend_y + size + self.px(8), self.chart.width,
                           self.chart.bottom - legend_y - size - self.px(8))
        draw_score_chart(surface, area, history, text_size=legend_size,
                         reference=LEAPFROG_BUY_IN if leapfrog else None)

    # Input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.buttons.handle_event(event) or self.tabs.handle_event(event):
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
