"""The end of a game: won or lost, the score counting up, its breakdown, and what next.

Enter plays again, Esc goes back to the menu. The overlay leaves the stack before calling
the result's callback, so the table below can deal again or close itself.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import font
from game.art.skin import corner_radius, label_size, title_surface
from game.engine import motion
from game.engine.easing import linear, out_back, out_cubic
from game.engine.input import Action
from game.engine.text import draw_text
from game.scenes.context import Context, GameResult
from game.scenes.ui import ButtonRow, ModalScene, draw_dialog_panel, fitted_size

COUNT_SECONDS = 0.9  # the score counts up from zero this long after the panel appears
CONFETTI_SECONDS = 2.4  # a won game rains confetti over the window this long
CONFETTI_PIECES = 110
CONFETTI_COLOURS = (palette.ACCENT_BRIGHT, palette.GOOD, palette.BAD, (110, 200, 255),
                    palette.CARD_FACE)
ROW_SPACING = 34
BUTTON_WIDTH = 140  # the least width of a button, at 1280x800
SEPARATOR = palette.mix(palette.TEXT_DIM, (20, 24, 32), 0.7)


class SummaryScene(ModalScene):
    """Shows `result`; the buttons call `result.play_again` and `result.to_menu`."""

    entrance_ease = staticmethod(out_back)

    def __init__(self, context: Context, result: GameResult) -> None:
        super().__init__()
        self.context = context
        self.result = result
        extra = [(label, lambda action=action: self._close_then(action))
                 for label, action in result.actions]
        self.buttons = ButtonRow(extra + [("Play again", self.play_again),
                                          ("Menu", self.to_menu)])
        self.buttons.buttons[len(extra)].enabled = result.play_again is not None
        self.counted = 0.0  # the score as the count-up shows it
        self.row_height = ROW_SPACING
        self.confetti = 1.0  # progress of the confetti, 0 to 1 (1: none falling)

    @property
    def headline(self) -> str:
        if self.result.headline:
            return self.result.headline
        return "You won!" if self.result.won else "Game over"

    def score_text(self) -> str:
        """The score as shown right now (part way through its count-up)."""
        if isinstance(self.result.score, int):
            return f"{round(self.counted):,}"
        return str(self.result.score)

    def on_enter(self) -> None:
        super().on_enter()
        if self.result.won and not motion.reduced():
            self._start_confetti()
        if isinstance(self.result.score, int) and self.result.score:
            self.tweens.tween(self, "counted", float(self.result.score), COUNT_SECONDS,
                              start=0.0, delay=0.2, ease=out_cubic)

    def _start_confetti(self) -> None:
        self.confetti = 0.0
        self.tweens.tween(self, "confetti", 1.0, CONFETTI_SECONDS, start=0.0, delay=0.15,
                          ease=linear)

    def play_again(self) -> None:
        if self.result.play_again is not None and not self.closing:
            self.close()
            self.result.play_again()

    def _close_then(self, action: Callable[[], None]) -> None:
        if not self.closing:
            self.close()
            action()

    def to_menu(self) -> None:
        if not self.closing:
            self.close()
            if self.result.to_menu is not None:
                self.result.to_menu()

    def layout(self, size: tuple[int, int]) -> None:
        pad = self.px(30)
        height, gap = self.px(50), self.px(24)
        wanted = [max(self.px(BUTTON_WIDTH), label_width(button.label, height))
                  for button in self.buttons.buttons]
        gaps = (len(wanted) - 1) * gap
        width = min(max(self.px(600), sum(wanted) + gaps + 2 * pad), size[0] - self.px(40))
        rows = len(self.result.rows)
        fixed = pad + self.px(80) + self.px(30) + self.px(90) + self.px(40) + self.px(50) + pad
        self.row_height = max(self.px(22), min(self.px(ROW_SPACING),
                                               (size[1] - self.px(20) - fixed) // max(1, rows)))
        panel_height = fixed + rows * self.row_height
        self.panel = pygame.Rect(0, 0, width, min(panel_height, size[1] - self.px(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        # Too little room: every button narrows alike, so no one label shrinks out of sight.
        room = width - 2 * pad - gaps
        widths = [w * room // sum(wanted) for w in wanted] if sum(wanted) > room else wanted
        x = self.panel.centerx - (sum(widths) + gaps) // 2
        top = self.panel.bottom - pad - height
        for button, button_width in zip(self.buttons.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, top, button_width, height)
            x += button_width + gap

    def headline_surface(self) -> pygame.Surface:
        """The headline in display type, as large as fits across the panel (a shared win
        names every winner)."""
        largest = self.px(64)
        room = self.panel.width - 2 * self.px(30) - largest // 4  # the outline and shadow
        return title_surface(self.headline, fitted_size(self.headline, largest, room))

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        pad = self.px(30)
        top = self.panel.y + pad
        headline = self.headline_surface()
        surface.blit(headline, headline.get_rect(midtop=(self.panel.centerx, top - self.px(8))))
        top += self.px(80)
        draw_text(surface, f"{self.result.title}  •  final score", self.px(24), palette.TEXT_DIM,
                  (self.panel.centerx, top), anchor="midtop")
        top += self.px(30)
        score = self.score_text()
        colour = palette.GOOD if self.result.won else palette.TEXT
        size = fitted_size(score, self.px(64), self.panel.width - 2 * pad, bold=True)
        draw_text(surface, score, size, colour, (self.panel.centerx, top + self.px(45)),
                  anchor="center", bold=True)
        top += self.px(90) + self.px(12)
        self._draw_rows(surface, top)
        self.buttons.draw(surface)
        if 0.0 < self.confetti < 1.0:
            draw_confetti(surface, self.confetti, self.px(9))

    def _draw_rows(self, surface: pygame.Surface, top: int) -> None:
        left = self.panel.x + self.px(48)
        right = self.panel.right - self.px(48)
        size = max(12, round(self.row_height * 0.62))
        for index, (label, value) in enumerate(self.result.rows):
            y = top + index * self.row_height
            if index:
                surface.fill(SEPARATOR, (left, y, right - left, 1))
            middle = y + self.row_height // 2
            draw_text(surface, label, size, palette.TEXT_DIM, (left, middle), anchor="midleft")
            draw_text(surface, value, size, palette.TEXT, (right, middle), anchor="midright",
                      bold=True)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.buttons.handle_event(event) or super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action is Action.CONFIRM:
            if self.buttons.focus is None:
                self.play_again()
            else:
                self.buttons.buttons[self.buttons.focus].activate()
            return True
        if action is Action.BACK:
            self.to_menu()
            return True
        return self.buttons.handle_action(action)


def label_width(label: str, height: int) -> int:
    """How wide a button `height` tall must be to show `label` at its full type size."""
    points = label_size((1 << 14, height), label)
    return font(points).size(label)[0] + 2 * corner_radius((height, height)) + height // 2


@lru_cache(maxsize=1)
def _confetti_pieces() -> tuple[tuple[float, ...], ...]:
    """Each piece: across, delay, fall speed, sway, sway phase, spin, colour index."""
    rng = random.Random(2024)
    return tuple((rng.random(), rng.uniform(0.0, 0.35), rng.uniform(0.7, 1.3),
                  rng.uniform(0.01, 0.04), rng.uniform(0, math.tau), rng.uniform(-9, 9),
                  rng.randrange(len(CONFETTI_COLOURS)))
                 for _ in range(CONFETTI_PIECES))


def draw_confetti(surface: pygame.Surface, progress: float, size: int) -> None:
    """Paper pieces tumbling down the whole surface; `progress` runs from 0 to 1."""
    width, height = surface.get_size()
    for across, delay, speed, sway, phase, spin, colour in _confetti_pieces():
        t = (progress - delay) / (1.0 - delay)
        if t <= 0.0:
            continue
        x = (across + sway * math.sin(phase + t * 9.0)) * width
        y = -size + t * t * speed * (height + 2 * size) * 1.2
        angle = phase + spin * t
        half_w, half_h = size * 0.5, size * 0.5 * abs(math.cos(angle * 1.7)) + 1
        cos, sin = math.cos(angle), math.sin(angle)
        corners = [(x + dx * cos - dy * sin, y + dx * sin + dy * cos)
                   for dx, dy in ((-half_w, -half_h), (half_w, -half_h),
                                  (half_w, half_h), (-half_w, half_h))]
        pygame.draw.polygon(surface, CONFETTI_COLOURS[colour], corners)
