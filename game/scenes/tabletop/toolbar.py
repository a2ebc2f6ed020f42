"""The table's strip at the top: buttons on the left, score, moves and time on the right.

Sized from the strip's height so it stays legible at 640x480 and slim at 1920x1080; when the
window is too narrow for everything, the space around the labels shrinks first, then the last
tools move into a "More" button's menu (labels are never cut). The whole strip is composed
once into a surface and redrawn only when a button's state or a number changes, so a frame
costs one blit for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import font
from game.art.skin import button_surface, corner_radius, label_points
from game.engine.text import draw_text
from game.scenes.ui import SkinButton

MORE = "More…"
MENU_FILL = (18, 24, 34)
LEAST_READING = 15  # the score, moves and time shrink this far before one is left out
# One reading of the read-out: its words, or several wordings of it, longest first, of which
# the strip shows the first that fits.
Reading = str | tuple[str, ...]


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
        self._tool_buttons = [SkinButton(pygame.Rect(0, 0, 1, 1), tool.label, tool.action)
                              for tool in self.tools]
        self.more = SkinButton(pygame.Rect(0, 0, 1, 1), MORE, self._toggle_menu)
        self.shown = len(self.tools)  # tools with a button on the strip; the rest: the menu
        self.menu: ToolMenu | None = None  # the More button's menu, while open
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_size = 16
        self.status_left = 0
        self.readout_left = 0  # where the read-out's leftmost text begins, as last drawn
        self.readings: tuple[str, ...] = ()  # the read-out's words as last drawn, left to right
        self._drawn: tuple | None = None  # what the composed surface shows
        self._surface: pygame.Surface | None = None

    @property
    def buttons(self) -> list[SkinButton]:
        """The buttons on the strip, left to right (More last, when it is needed)."""
        strip = self._tool_buttons[:self.shown]
        return [*strip, self.more] if self.shown < len(self.tools) else strip

    def _placed(self) -> list[tuple[SkinButton, Tool | None]]:
        """The strip's buttons with their tools (None for More)."""
        pairs: list[tuple[SkinButton, Tool | None]] = list(
            zip(self._tool_buttons[:self.shown], self.tools[:self.shown], strict=True))
        return [*pairs, (self.more, None)] if self.shown < len(self.tools) else pairs

    def layout(self, rect: pygame.Rect) -> None:
        """Place the buttons along `rect`, leaving the right part for the read-out."""
        self.rect = rect
        self.menu = None
        height = max(20, rect.height - max(6, rect.height // 5))
        gap = max(3, height // 6)
        text_size = label_points(height)
        room = rect.width * 0.6
        # The least padding keeps a label off the button's rounded ends, where the skin
        # would shrink its type.
        least_pad = corner_radius((height, height)) + 1
        widths = self._widths(text_size, height, max(least_pad, height // 4))
        if _span(widths, gap) > room:
            widths = self._widths(text_size, height, least_pad)
        self.shown = len(widths)
        if _span(widths, gap) > room:
            more = font(text_size).size(MORE)[0] + 2 * least_pad
            while self.shown > 1 and _span([*widths[:self.shown], more], gap) > room:
                self.shown -= 1
            widths = [*widths[:self.shown], more]
        x = rect.x + gap
        top = rect.y + (rect.height - height) // 2
        for button, width in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, top, width, height)
            x += width + gap
        for button in self._tool_buttons[self.shown:]:
            button.rect = pygame.Rect(0, 0, 0, 0)
        self.status_left = x + gap
        self.readout_left = rect.right
        self.text_size = max(LEAST_READING, round(rect.height * 0.48))
        self._surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        self._drawn = None

    def _widths(self, text_size: int, height: int, pad: int) -> list[int]:
        """Each tool's button width: its label, `pad` either side, and room for a light."""
        return [font(text_size).size(tool.label)[0] + 2 * pad
                + (2 * _light_room(height) if tool.checked is not None else 0)
                for tool in self.tools]

    def _toggle_menu(self) -> None:
        if self.menu is not None:
            self.menu = None
        elif self.shown < len(self.tools):
            self.menu = ToolMenu(self.tools[self.shown:], self.more.rect)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event belonged to the toolbar (a press or release on it or on its
        open menu; a key, or a press elsewhere, closes the menu and is used for that)."""
        if self.menu is not None and self._menu_event(event):
            return True
        placed = self._placed()
        for button, tool in placed:
            button.enabled = tool is None or tool.enabled()
        used = False
        for button, _ in placed:
            used = button.handle_event(event) or used
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return used or self.rect.collidepoint(event.pos)
        return False

    def _menu_event(self, event: pygame.event.Event) -> bool:
        """The open menu's share of `event`: True when used (a press on More is left to the
        button, which closes the menu)."""
        pos = getattr(event, "pos", None)
        if pos is not None and self.menu.rect.collidepoint(pos):
            if self.menu.handle_event(event):
                self.menu = None
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        self.menu.hovered = None
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN
                                            and not self.more.rect.collidepoint(pos)):
            self.menu = None
            return True
        return False

    def draw(self, surface: pygame.Surface, readout: Sequence[Reading]) -> None:
        placed = self._placed()
        for button, tool in placed:
            button.enabled = tool is None or tool.enabled()
        looks = tuple((button.look, tool is not None and tool.checked is not None
                       and tool.checked()) for button, tool in placed)
        if (looks, tuple(readout)) != self._drawn:
            self._drawn = (looks, tuple(readout))
            self._compose(looks, readout)
        surface.blit(self._surface, self.rect)
        if self.menu is not None:
            self.menu.draw(surface)

    def _compose(self, looks: Sequence[tuple[str, bool]], readout: Sequence[Reading]) -> None:
        strip = self._surface
        strip.fill((0, 0, 0, 0))
        strip.blit(strip_surface(self.rect.size), (0, 0))
        for (button, tool), (look, on) in zip(self._placed(), looks, strict=True):
            area = button.rect.move(-self.rect.x, -self.rect.y)
            strip.blit(button_surface(area.size, button.label, look), area)
            if tool is not None and tool.checked is not None:
                _draw_light(strip, area, on)
        x = self.rect.width - max(8, self.rect.height // 3)
        left = self.status_left - self.rect.x
        middle = self.rect.height // 2
        shown: list[str] = []
        for reading in reversed([reading for reading in readout if reading]):
            fitted = self._fitted(reading, x - left)
            if fitted is None:
                break  # no room left beside the buttons: the leftmost readings go unshown
            text, size = fitted
            area = draw_text(strip, text, size, palette.TEXT, (x, middle), anchor="midright")
            self.readout_left = self.rect.x + area.left
            x = area.left - max(10, self.rect.height // 2)
            shown.insert(0, text)
        self.readings = tuple(shown)

    def _fitted(self, reading: Reading, room: int) -> tuple[str, int] | None:
        """The first wording of `reading` that fits in `room` pixels, and its type size."""
        for text in (reading,) if isinstance(reading, str) else reading:
            size = self.text_size
            while size > LEAST_READING and font(size).size(text)[0] > room:
                size -= 1
            if font(size).size(text)[0] <= room:
                return text, size
        return None


class ToolMenu:
    """The tools that did not fit on the strip, listed under the More button; a click on
    one runs it (a switch flips) and closes the menu."""

    def __init__(self, tools: Sequence[Tool], under: pygame.Rect) -> None:
        self.tools = list(tools)
        self.row = round(under.height * 1.25)
        self.text_size = label_points(under.height)
        width = max(font(self.text_size).size(_menu_label(tool, False))[0]
                    for tool in self.tools)
        self.pad = max(6, self.row // 3)
        self.rect = pygame.Rect(under.x, under.bottom + 4, width + 2 * self.pad,
                                self.row * len(self.tools) + 8)
        self.hovered: int | None = None
        self.pressed: int | None = None

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        index = (pos[1] - self.rect.y - 4) // self.row
        inside = self.rect.collidepoint(pos) and 0 <= index < len(self.tools)
        return index if inside and self.tools[index].enabled() else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Follow the pointer; True once a tool has been chosen (and run)."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            chosen = self._row_at(event.pos)
            if chosen is not None and chosen == self.pressed:
                self.tools[chosen].action()
                return True
            self.pressed = None
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, MENU_FILL, self.rect, border_radius=5)
        pygame.draw.rect(surface, palette.ACCENT, self.rect, 1, border_radius=5)
        for index, tool in enumerate(self.tools):
            row = pygame.Rect(self.rect.x + 1, self.rect.y + 4 + index * self.row,
                              self.rect.width - 2, self.row)
            if index == self.hovered:
                surface.blit(_highlight(row.size), row)
            colour = palette.TEXT if tool.enabled() else palette.TEXT_DIM
            label = _menu_label(tool, tool.checked is not None and tool.checked())
            draw_text(surface, label, self.text_size, colour, (row.x + self.pad, row.centery),
                      anchor="midleft")


def _menu_label(tool: Tool, on: bool) -> str:
    """A tool's line in the menu; a switch says whether it is on."""
    if tool.checked is None:
        return tool.label
    return f"{tool.label}: {'on' if on else 'off'}"


@lru_cache(maxsize=4)
def _highlight(size: tuple[int, int]) -> pygame.Surface:
    """The faint gold band under the menu row the pointer is on."""
    band = pygame.Surface(size, pygame.SRCALPHA)
    band.fill((*palette.ACCENT, 60))
    return band


def _span(widths: Sequence[int], gap: int) -> int:
    """Width taken by buttons of `widths` with `gap` before, between and after them."""
    return sum(widths) + gap * (len(widths) + 1)


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


def toolbar_height(size: tuple[int, int]) -> int:
    """The strip at the top that holds the buttons, score and clock: from 34 pixels high
    (labels of 16, legible in a 640x480 window) to 46 in a window up to 1920x1080, and
    taller in a larger one (by half at most, as the other scenes' type grows), so that its
    buttons stay legible beside the cards on a 4K screen."""
    larger = max(1.0, min(1.5, size[0] / 1920, size[1] / 1080))
    return max(34, min(round(46 * larger), round(size[1] * 0.048)))
