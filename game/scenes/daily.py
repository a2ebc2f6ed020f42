"""The calendar of the deals of the day: a month of one solitaire's daily deals, the days won
marked, today's deal and any missed day a click away, and the player's daily streak.

Days to come are shown but cannot be played before their day. Arrows move the ring from day
to day (into the next month at its ends), Page Up and Page Down change the month, Tab the
game, Enter plays the day under the ring.
"""

from __future__ import annotations

import calendar
import datetime
from collections.abc import Callable

import pygame

from game.art import palette
from game.engine.input import Action
from game.engine.text import draw_text
from game.scenes.context import Context
from game.scenes.daily_deals import daily_deal, daily_games, open_daily
from game.scenes.ui import ButtonRow, ModalScene, TabBar, draw_dialog_panel, fitted_size
from game.store.daily import PLAYED, WON

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
GRADE_COLOURS = {"easy": (110, 190, 120), "medium": (225, 195, 90), "hard": (230, 140, 70),
                 "expert": (215, 85, 85)}


def month_days(year: int, month: int) -> list[list[datetime.date | None]]:
    """The weeks of a month, Monday first, with None before the first and after the last."""
    return [[None if day == 0 else datetime.date(year, month, day) for day in week]
            for week in calendar.Calendar(firstweekday=0).monthdayscalendar(year, month)]


def add_months(date: datetime.date, months: int) -> datetime.date:
    """The first of the month `months` after `date`'s."""
    index = date.year * 12 + date.month - 1 + months
    return datetime.date(index // 12, index % 12 + 1, 1)


class DailyScene(ModalScene):
    """The deals of the day of each solitaire, a month at a time, opening on today."""

    def __init__(self, context: Context, game_id: str | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        super().__init__()
        self.context = context
        self.games = daily_games()
        ids = [entry.id for entry in self.games]
        self.tabs = TabBar([entry.title for entry in self.games], lambda _: self.mark_dirty(),
                           ids.index(game_id) if game_id in ids else 0)
        self.today = today()
        self.chosen = self.today  # the day under the ring
        self.month = self.today.replace(day=1)
        self.month_buttons = ButtonRow([("<", lambda: self.step_month(-1)),
                                        (">", lambda: self.step_month(1))])
        self.buttons = ButtonRow([("Play today", self.play_today), ("Close", self.close)])
        self.cells: dict[datetime.date, pygame.Rect] = {}
        self.header = pygame.Rect(0, 0, 0, 0)
        self.footer = pygame.Rect(0, 0, 0, 0)

    @property
    def game_id(self) -> str:
        return self.games[self.tabs.index].id

    def playable(self, date: datetime.date) -> bool:
        return date <= self.today

    # Actions ----------------------------------------------------------------------------

    def step_month(self, months: int) -> None:
        self.month = add_months(self.month, months)
        self.chosen = min(self.month, self.today) if self.month > self.today else self.month
        self._lay_out_month()
        self.mark_dirty()

    def choose(self, date: datetime.date) -> None:
        """Put the ring on `date`, turning the month when it lies in another."""
        self.chosen = date
        if date.replace(day=1) != self.month:
            self.month = date.replace(day=1)
            self._lay_out_month()
        self.mark_dirty()

    def play(self, date: datetime.date) -> None:
        """Play the deal of `date` (a day to come is refused)."""
        if not self.playable(date) or self.closing or self.stack is None:
            return
        stack = self.stack
        table = open_daily(self.context, daily_deal(self.game_id, date))
        self.close()
        stack.push(table)

    def play_today(self) -> None:
        self.play(self.today)

    # Layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        tabs, button_top = self.lay_out_tabbed_panel(size, (900, 700), self.tabs, self.buttons)
        self.header = pygame.Rect(tabs.x, tabs.bottom + self.px(14), tabs.width, self.px(40))
        self.footer = pygame.Rect(tabs.x, button_top - self.px(64), tabs.width, self.px(52))
        side = self.header.height
        self.month_buttons.layout(self.header.centerx, self.header.y, (side, side),
                                  min(self.px(420), self.header.width) - 2 * side)
        self._lay_out_month()

    def _lay_out_month(self) -> None:
        weeks = month_days(self.month.year, self.month.month)
        top = self.header.bottom + self.px(36)
        room = pygame.Rect(self.header.x, top, self.header.width,
                           self.footer.y - self.px(8) - top)
        cell = min(room.width // 7, room.height // 6)
        left = room.centerx - cell * 7 // 2
        self.cells = {date: pygame.Rect(left + column * cell, top + row * cell, cell, cell)
                      for row, week in enumerate(weeks) for column, date in enumerate(week)
                      if date is not None}

    # Drawing ----------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        draw_text(surface, "Deal of the day", self.px(34), palette.ACCENT_BRIGHT,
                  (self.panel.centerx, self.panel.y + self.px(22)), anchor="midtop", bold=True)
        self.tabs.draw(surface)
        self.month_buttons.draw(surface)
        draw_text(surface, self.month.strftime("%B %Y"), round(self.header.height * 0.6),
                  palette.ACCENT_BRIGHT, self.header.center, anchor="center", bold=True)
        cell = next(iter(self.cells.values())).width
        first = min(rect.x for rect in self.cells.values())
        for column, name in enumerate(WEEKDAYS):
            draw_text(surface, name, max(11, round(cell * 0.22)), palette.TEXT_DIM,
                      (first + column * cell + cell // 2, self.header.bottom + self.px(18)),
                      anchor="center")
        for date, rect in self.cells.items():
            self._draw_day(surface, date, rect)
        self._draw_legend(surface, first + 7 * cell + self.px(24), cell)
        self._draw_footer(surface)
        self.buttons.draw(surface)

    def _draw_day(self, surface: pygame.Surface, date: datetime.date,
                  rect: pygame.Rect) -> None:
        box = rect.inflate(-max(2, rect.width // 14), -max(2, rect.height // 14))
        result = self.context.daily.result(self.game_id, date)
        future = not self.playable(date)
        fill = (40, 70, 52) if result == WON else (34, 40, 54) if not future else (24, 28, 36)
        radius = max(3, box.width // 8)
        pygame.draw.rect(surface, fill, box, border_radius=radius)
        if date == self.today:
            pygame.draw.rect(surface, palette.ACCENT_BRIGHT, box, max(2, box.width // 24),
                             border_radius=radius)
        if date == self.chosen:
            pygame.draw.rect(surface, palette.TEXT, box.inflate(4, 4), 2,
                             border_radius=radius + 2)
        text = palette.TEXT_DIM if future else palette.TEXT
        size = max(11, round(box.height * 0.3))
        draw_text(surface, str(date.day), size, text, (box.x + box.width // 10, box.y +
                                                       box.height // 12), anchor="topleft",
                  bold=date == self.today)
        grade = daily_deal(self.game_id, date).grade
        if grade is not None:
            dot = max(3, box.width // 14)
            pygame.draw.circle(surface, GRADE_COLOURS[grade],
                               (box.right - dot * 2, box.y + dot * 2), dot)
        mark = {WON: "Won", PLAYED: "Played"}.get(result or "")
        if mark:
            colour = palette.ACCENT_BRIGHT if result == WON else palette.TEXT_DIM
            mark_size = fitted_size(mark, max(10, round(box.height * 0.24)),
                                    box.width - 4, bold=True)
            draw_text(surface, mark, mark_size, colour,
                      (box.centerx, box.bottom - box.height // 8), anchor="midbottom",
                      bold=True)

    def _draw_legend(self, surface: pygame.Surface, left: int, cell: int) -> None:
        """What the grades' colours mean, beside the month."""
        size = max(11, round(cell * 0.26))
        top = min(rect.y for rect in self.cells.values())
        for index, (grade, colour) in enumerate(GRADE_COLOURS.items()):
            y = top + index * round(size * 1.6) + size // 2
            pygame.draw.circle(surface, colour, (left + size // 2, y), max(3, size // 3))
            draw_text(surface, grade, size, palette.TEXT_DIM, (left + size + self.px(6), y),
                      anchor="midleft")

    def _draw_footer(self, surface: pygame.Surface) -> None:
        record = self.context.daily
        streak = record.streak(self.game_id, self.today)
        won = record.won_in_month(self.game_id, self.month.year, self.month.month)
        deal = daily_deal(self.game_id, self.chosen)
        grade = f", {deal.grade}" if deal.grade else ""
        when = "today" if self.chosen == self.today else self.chosen.strftime("%d %B %Y")
        first = (f"Deal #{deal.seed}{grade}, {when}" if self.playable(self.chosen)
                 else f"{self.chosen.strftime('%d %B %Y')}: not dealt yet")
        second = (f"Daily streak: {streak} day{'s' if streak != 1 else ''}   ·   "
                  f"Won this month: {won}")
        size = fitted_size(second, self.px(22), self.footer.width)
        draw_text(surface, first, size, palette.TEXT,
                  (self.footer.centerx, self.footer.y), anchor="midtop", bold=True)
        draw_text(surface, second, size, palette.TEXT_DIM,
                  (self.footer.centerx, self.footer.bottom), anchor="midbottom")

    # Input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.buttons.handle_event(event) or self.month_buttons.handle_event(event)
                or self.tabs.handle_event(event)):
            self.mark_dirty()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            date = next((day for day, rect in self.cells.items()
                         if rect.collidepoint(event.pos)), None)
            if date is not None:
                self.choose(date)
                self.play(date)
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.tabs.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                self.mark_dirty()
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.step_month(-1 if event.key == pygame.K_PAGEUP else 1)
                return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        steps = {Action.LEFT: -1, Action.RIGHT: 1, Action.UP: -7, Action.DOWN: 7}
        if action in steps:
            self.choose(self.chosen + datetime.timedelta(days=steps[action]))
            return True
        if action in (Action.CONFIRM, Action.SELECT):
            self.play(self.chosen)
            return True
        if action is Action.BACK:
            self.close()
            return True
        return False
