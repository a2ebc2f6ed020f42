"""Minimal interface elements: panels, labels, buttons and a vertical menu.

Drawn with rounded translucent rectangles and the built-in font; the art
package may restyle them through the colour constants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine.input import Action
from game.engine.resources import LruCache
from game.engine.text import Colour, draw_text

PANEL = (14, 18, 26, 210)
BUTTON = (44, 52, 70, 235)
BUTTON_HOVER = (66, 80, 108, 245)
BUTTON_PRESSED = (30, 36, 50, 245)
BORDER = (255, 255, 255, 40)
FOCUS_BORDER = (240, 196, 96, 255)
TEXT = (238, 238, 242)
DISABLED_TEXT = (128, 130, 140)
CORNER_RADIUS = 10

_panels: LruCache[pygame.Surface] = LruCache(64)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour: Colour = PANEL,
    *,
    radius: int = CORNER_RADIUS,
    border: Colour | None = BORDER,
) -> None:
    """A rounded, possibly translucent rectangle (cached per size and colour)."""
    key = (rect.size, tuple(colour), radius, None if border is None else tuple(border))
    surface.blit(_panels.get(key, lambda: _make_panel(rect.size, colour, radius, border)), rect)


def _make_panel(
    size: tuple[int, int], colour: Colour, radius: int, border: Colour | None
) -> pygame.Surface:
    panel = pygame.Surface(size, pygame.SRCALPHA)
    area = panel.get_rect()
    pygame.draw.rect(panel, colour, area, border_radius=radius)
    if border is not None:
        pygame.draw.rect(panel, border, area, width=2, border_radius=radius)
    return panel


class Label:
    """A line of text anchored at a point."""

    def __init__(
        self,
        text: str,
        at: tuple[float, float],
        *,
        size: int = 24,
        colour: Colour = TEXT,
        anchor: str = "topleft",
        bold: bool = False,
    ) -> None:
        self.text = text
        self.at = at
        self.size = size
        self.colour = colour
        self.anchor = anchor
        self.bold = bold

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        return draw_text(
            surface, self.text, self.size, self.colour, self.at, anchor=self.anchor, bold=self.bold
        )


class Button:
    """A clickable rounded rectangle that fires ``on_click`` on release inside it."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], None],
        *,
        enabled: bool = True,
        font_size: int | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.font_size = font_size
        self.hovered = False
        self.pressed = False
        self.focused = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used or changed how the button looks."""
        if event.type == pygame.MOUSEMOTION:
            hovered = self.rect.collidepoint(event.pos)
            changed = hovered != self.hovered
            self.hovered = hovered
            return changed
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.on_click()
            return True
        return False

    def activate(self) -> None:
        """Press from the keyboard."""
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            fill = BUTTON
        elif self.pressed:
            fill = BUTTON_PRESSED
        elif self.hovered:
            fill = BUTTON_HOVER
        else:
            fill = BUTTON
        border = FOCUS_BORDER if self.focused and self.enabled else BORDER
        draw_panel(surface, self.rect, fill, border=border)
        size = self.font_size or max(12, round(self.rect.height * 0.5))
        colour = TEXT if self.enabled else DISABLED_TEXT
        draw_text(surface, self.label, size, colour, self.rect.center, anchor="center")


class MenuList:
    """Buttons stacked vertically, usable with the mouse or the arrow keys."""

    def __init__(
        self,
        items: Sequence[tuple[str, Callable[[], None]]],
        *,
        item_size: tuple[int, int] = (300, 50),
        spacing: int = 12,
    ) -> None:
        self.item_size = item_size
        self.spacing = spacing
        self.buttons = [Button(pygame.Rect((0, 0), item_size), t, f) for t, f in items]
        self.focus: int | None = None

    @property
    def rect(self) -> pygame.Rect:
        if not self.buttons:
            return pygame.Rect(0, 0, 0, 0)
        return self.buttons[0].rect.unionall([button.rect for button in self.buttons[1:]])

    def layout(self, center: tuple[float, float]) -> None:
        """Centre the column on ``center``."""
        width, height = self.item_size
        total = len(self.buttons) * height + max(0, len(self.buttons) - 1) * self.spacing
        top = round(center[1] - total / 2)
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(
                round(center[0] - width / 2), top + index * (height + self.spacing), width, height
            )

    def handle_event(self, event: pygame.event.Event) -> bool:
        changed = False
        for button in self.buttons:
            changed = button.handle_event(event) or changed
        return changed

    def handle_action(self, action: Action) -> bool:
        enabled = [i for i, button in enumerate(self.buttons) if button.enabled]
        if not enabled:
            return False
        if action in (Action.UP, Action.DOWN):
            step = -1 if action is Action.UP else 1
            if self.focus not in enabled:
                new_focus = enabled[0] if step > 0 else enabled[-1]
            else:
                new_focus = enabled[(enabled.index(self.focus) + step) % len(enabled)]
            self._set_focus(new_focus)
            return True
        if action in (Action.CONFIRM, Action.SELECT) and self.focus in enabled:
            self.buttons[self.focus].activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)

    def _set_focus(self, index: int) -> None:
        self.focus = index
        for position, button in enumerate(self.buttons):
            button.focused = position == index
