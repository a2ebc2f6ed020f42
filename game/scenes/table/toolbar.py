"""The table's strip at the top: buttons on the left, score, moves and time on the right.

Sized from the strip's height so it stays legible at 640x480 and slim at 1920x1080; when the
window is too narrow for everything, the buttons' labels shrink before anything is hidden.
The whole strip is composed once into a surface and redrawn only when a button's state or a
number changes, so a frame costs one blit for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import font
from game.art.skin import button_surface
from game.engine.text import draw_text
from game.scenes.ui import SkinButton


@dataclass(frozen=True)
class Tool:
    label: str
    action: Callable[[], None]
    enabled: Callable[[], bool] = lambda: True
    checked: Callable[[], bool] | None = None  # a switch: a light on the button shows it is on


@lru_cache(maxsize=4)
def strip_surface(size: tuple[int, int]) -> pygame.Surface:
    """A dark translucent band with a thin gold line along its lower edge."""
    strip = pygame.Surface(size, pygame.SRCALPHA)
    strip.fill((10, 14, 20, 170))
    strip.fill((*palette.ACCENT, 110), (0, size[1] - 1, size[0], 1))
    return strip


class Toolbar:
    """Buttons for the table's commands and a read-out of the game's numbers."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.tools = list(tools)
        self.buttons = [SkinButton(pygame.Rect(0, 0, 1, 1), tool.label, tool.action)
                        for tool in self.tools]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_size = 16
        self.status_left = 0
        self._drawn: tuple | None = None  # what the composed surface shows
        self._surface: pygame.Surface | None = None

    def layout(self, rect: pygame.Rect) -> None:
        """Place the buttons along `rect`, leaving the right part for the read-out."""
        self.rect = rect
        height = max(20, rect.height - max(6, rect.height // 5))
        pad = max(4, height // 4)
        gap = max(3, height // 6)
        labels = [tool.label for tool in self.tools]
        text_size = max(8, round(height * 0.56))
        widths = [font(text_size).size(label)[0] + 2 * pad
                  + (2 * _light_room(height) if tool.checked is not None else 0)
                  for label, tool in zip(labels, self.tools, strict=True)]
        room = rect.width * 0.66 - gap * (len(widths) + 1)
        if sum(widths) > room:
            widths = [max(height, round(width * room / sum(widths))) for width in widths]
        x = rect.x + gap
        top = rect.y + (rect.height - height) // 2
        for button, width in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, top, width, height)
            x += width + gap
        self.status_left = x + gap
        self.text_size = max(12, round(rect.height * 0.48))
        self._surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        self._drawn = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event belonged to the toolbar (a press or release on it)."""
        for button, tool in zip(self.buttons, self.tools, strict=True):
            button.enabled = tool.enabled()
        used = False
        for button in self.buttons:
            used = button.handle_event(event) or used
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return used or self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface, readout: Sequence[str]) -> None:
        for button, tool in zip(self.buttons, self.tools, strict=True):
            button.enabled = tool.enabled()
        looks = tuple((_state(button), tool.checked is not None and tool.checked())
                      for button, tool in zip(self.buttons, self.tools, strict=True))
        if (looks, tuple(readout)) != self._drawn:
            self._drawn = (looks, tuple(readout))
            self._compose(looks, readout)
        surface.blit(self._surface, self.rect)

    def _compose(self, looks: Sequence[tuple[str, bool]], readout: Sequence[str]) -> None:
        strip = self._surface
        strip.fill((0, 0, 0, 0))
        strip.blit(strip_surface(self.rect.size), (0, 0))
        for button, tool, (look, on) in zip(self.buttons, self.tools, looks, strict=True):
            area = button.rect.move(-self.rect.x, -self.rect.y)
            strip.blit(button_surface(area.size, button.label, look), area)
            if tool.checked is not None:
                _draw_light(strip, area, on)
        x = self.rect.width - max(8, self.rect.height // 3)
        left = self.status_left - self.rect.x
        middle = self.rect.height // 2
        for text in reversed([text for text in readout if text]):
            size = self.text_size
            while size > 10 and font(size).size(text)[0] > x - left:
                size -= 1
            area = draw_text(strip, text, size, palette.TEXT, (x, middle), anchor="midright")
            x = area.left - max(10, self.rect.height // 2)


def _light_room(height: int) -> int:
    """Width a switch's light takes at the left of its button (and again at the right,
    so the label stays centred)."""
    return max(6, round(height * 0.42))


def _draw_light(strip: pygame.Surface, area: pygame.Rect, on: bool) -> None:
    """A small lamp at the left of a switch: lit gold when on, dark when off."""
    radius = max(3, round(area.height * 0.14))
    centre = (area.x + _light_room(area.height) // 2 + 3, area.centery)
    if on:
        pygame.draw.circle(strip, (*palette.ACCENT, 90), centre, radius + 2)
    pygame.draw.circle(strip, palette.ACCENT_BRIGHT if on else (28, 34, 44), centre, radius)
    pygame.draw.circle(strip, (10, 14, 20), centre, radius, 1)


def _state(button: SkinButton) -> str:
    if not button.enabled:
        return "disabled"
    if button.pressed:
        return "pressed"
    return "hover" if button.hovered else "normal"
