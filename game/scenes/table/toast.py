"""Short messages on the table: a pill near the bottom edge saying what the table is busy
with ("Looking for a hint…"), and a toast answering a question, perhaps with a button or two
("Show me", "Undo").

Neither is a scene of its own: the table keeps running under them (its clock, its
animations), draws them last, and offers them its mouse events first, so only a click on one
of their buttons is taken from the cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.art import palette
from game.engine.text import render_text, wrap_text
from game.scenes.ui import SkinButton

Action = tuple[str, Callable[[], None]]

PILL_FILL = (14, 18, 26, 215)


def text_size(window: tuple[int, int]) -> int:
    """The messages' type size for a window: legible at 640x480, modest at full HD."""
    return max(14, round(min(window[1], window[0] * 0.75) * 0.026))


@lru_cache(maxsize=8)
def pill(size: tuple[int, int], edge: bool) -> pygame.Surface:
    """A dark translucent rounded panel, with a thin gold edge when `edge`."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = min(size[1] // 2, 18)
    pygame.draw.rect(surface, PILL_FILL, surface.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(surface, (*palette.ACCENT, 160), surface.get_rect(), 1,
                         border_radius=radius)
    return surface


def draw_status(surface: pygame.Surface, text: str, bottom: int) -> pygame.Rect:
    """The busy line, centred with its lower edge at `bottom`; the area it covers."""
    size = text_size(surface.get_size())
    ink = render_text(text, size, palette.TEXT)
    area = ink.get_rect().inflate(round(size * 1.6), round(size * 0.7))
    area.midbottom = (surface.get_width() // 2, bottom)
    surface.blit(pill(area.size, False), area)
    surface.blit(ink, ink.get_rect(center=area.center))
    return area


class Toast:
    """A message with up to two buttons, shown until `seconds` pass (None: until hidden)."""

    def __init__(self) -> None:
        self.text = ""
        self.buttons: list[SkinButton] = []
        self.seconds_left: float | None = None
        self.shown = False
        self.area = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        self._laid_out_for: tuple | None = None

    def show(self, text: str, actions: Sequence[Action] = (), seconds: float | None = None
             ) -> None:
        """Show `text`; each action becomes a button that also hides the toast."""
        self.text = text
        self.buttons = [SkinButton(pygame.Rect(0, 0, 1, 1), label, self._then_hide(action))
                        for label, action in actions]
        self.seconds_left = seconds
        self.shown = True
        self._laid_out_for = None

    def hide(self) -> None:
        self.shown = False
        self.buttons = []

    def _then_hide(self, action: Callable[[], None]) -> Callable[[], None]:
        def pressed() -> None:
            self.hide()
            action()
        return pressed

    def update(self, dt: float) -> bool:
        """Count down; True when the toast has just gone."""
        if not self.shown or self.seconds_left is None:
            return False
        self.seconds_left -= dt
        if self.seconds_left <= 0.0:
            self.hide()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True for a press or release that belonged to one of the buttons."""
        if not self.shown:
            return False
        used = False
        for button in list(self.buttons):
            looked = button.handle_event(event)
            used = used or (looked and event.type != pygame.MOUSEMOTION)
        return used

    def layout(self, window: tuple[int, int], bottom: int) -> None:
        """Place the message (wrapped to the window) and its buttons in a row under it."""
        size = text_size(window)
        room = min(window[0] - 2 * size, size * 40)
        self._lines = wrap_text(self.text, size, room)
        line_height = round(size * 1.3)
        button_height = round(size * 2.0)
        widths = [render_text(button.label, max(8, round(button_height * 0.56)),
                              palette.TEXT).get_width() + size * 2 for button in self.buttons]
        row = sum(widths) + size * (len(widths) - 1)
        text_width = max(render_text(line, size, palette.TEXT).get_width()
                         for line in self._lines) if self._lines else 0
        width = max(text_width, row) + size * 2
        height = len(self._lines) * line_height + size * 1.2
        if self.buttons:
            height += button_height + size * 0.6
        self.area = pygame.Rect(0, 0, round(width), round(height))
        self.area.midbottom = (window[0] // 2, bottom)
        x = self.area.centerx - row // 2
        top = self.area.bottom - round(size * 0.6) - button_height
        for button, button_width in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, top, button_width, button_height)
            x += button_width + size
        self._laid_out_for = (window, bottom)

    def draw(self, surface: pygame.Surface, bottom: int) -> pygame.Rect:
        """Draw the toast with its lower edge at `bottom`; the area it covers."""
        window = surface.get_size()
        if self._laid_out_for != (window, bottom):
            self.layout(window, bottom)
        surface.blit(pill(self.area.size, True), self.area)
        size = text_size(window)
        line_height = round(size * 1.3)
        top = self.area.y + round(size * 0.6)
        for index, line in enumerate(self._lines):
            ink = render_text(line, size, palette.TEXT)
            surface.blit(ink, ink.get_rect(midtop=(self.area.centerx, top + index * line_height)))
        for button in self.buttons:
            button.draw(surface)
        return self.area
