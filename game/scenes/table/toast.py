"""Short messages on the table: a pill saying what the table is busy with ("Looking for a
hint…"), and a toast answering a question, perhaps with a button or two ("Show me", "Undo").

Both sit in the toolbar's band, right of its buttons (never over one): every table keeps that
band free of cards, so a message never hides a card, whatever the game or the window size.
The room beside the buttons is the only free room: below the band the cards start a few
pixels down.
Neither is a scene of its own: the table keeps running under them (its clock, its
animations), draws them last, and offers them its mouse events and keys first. A toast stays
until the player acts: a click on one of its buttons, on it, or anywhere else, or a key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.art import palette
from game.engine.text import render_text, wrap_text
from game.scenes.ui import SkinButton

Action = tuple[str, Callable[[], None]]

PILL_FILL = (14, 18, 26, 255)  # opaque: the read-out under it must not show through
SMALLEST_TEXT = 10  # a long message shrinks to this before it wraps
READABLE_TEXT = 15  # an answer needing smaller type than this (or the band's) goes in a dialog


def text_size(band: pygame.Rect) -> int:
    """The messages' type size in the toolbar's band: that of the toolbar's own read-out."""
    return max(11, round(band.height * 0.44))


def _readable(band: pygame.Rect) -> int:
    """The smallest type an answer may take in `band`: READABLE_TEXT, or the band's own
    type where that is smaller (a small window's read-out)."""
    return min(READABLE_TEXT, text_size(band))


def _line_height(size: int) -> int:
    return round(size * 1.22)


def _margin(band: pygame.Rect) -> int:
    return max(3, band.height // 10)


@lru_cache(maxsize=8)
def pill(size: tuple[int, int], edge: bool) -> pygame.Surface:
    """A dark rounded panel, with a thin gold edge when `edge`."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = min(size[1] // 2, 18)
    pygame.draw.rect(surface, PILL_FILL, surface.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(surface, (*palette.ACCENT, 160), surface.get_rect(), 1,
                         border_radius=radius)
    return surface


def status_room(text: str, band: pygame.Rect) -> int:
    """The width the busy line takes in readable type, rounded up to a few letters so that
    a count going up does not move what lies beside it at every step."""
    size = _readable(band)
    step = size * 4
    width = render_text(text, size, palette.TEXT).get_width() + size * 2
    return -(-width // step) * step


def status_fits(text: str, left: int, right: int) -> bool:
    """Whether the busy line fits between `left` and `right`, at its smallest."""
    return render_text(text, SMALLEST_TEXT, palette.TEXT).get_width() + SMALLEST_TEXT * 2 \
        <= right - left


def draw_status(surface: pygame.Surface, text: str, band: pygame.Rect, right: int,
                left: int | None = None, cover_from: int | None = None) -> pygame.Rect:
    """The busy line in `band` between `left` (the band's left by default) and `right`,
    against `right`, its pill reaching left to `cover_from` at least (never past `left`) so
    that what it hides is hidden whole; the area it covers."""
    size = text_size(band)
    margin = _margin(band)
    left = band.x + margin if left is None else left
    while size > SMALLEST_TEXT and render_text(text, size, palette.TEXT).get_width() \
            + size * 2 > right - left:
        size -= 1
    ink = render_text(text, size, palette.TEXT)
    reach = right - max(left, right if cover_from is None else cover_from)
    area = pygame.Rect(0, 0, max(ink.get_width() + size * 2, reach), band.height - 2 * margin)
    area.midright = (right, band.centery)
    surface.blit(pill(area.size, False), area)
    surface.blit(ink, ink.get_rect(center=area.center))
    return area


class Toast:
    """A message with up to two buttons, shown until the player acts (see `handle_event`)."""

    def __init__(self) -> None:
        self.text = ""
        self.buttons: list[SkinButton] = []
        self.shown = False
        self.area = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        self._size = 12
        self._line_height = 16
        self._text_left = 0
        self._laid_out_for: tuple | None = None
        self._pressed_on = False  # the press now held down began on the toast

    def show(self, text: str, actions: Sequence[Action] = ()) -> None:
        """Show `text`; each action becomes a button that also hides the toast."""
        self.text = text
        self.buttons = [SkinButton(pygame.Rect(0, 0, 1, 1), label, self._then_hide(action))
                        for label, action in actions]
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

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True for a press or release on the toast (its buttons or its panel: a click on
        the panel puts it away). A key, or a press anywhere else, puts it away too, and is
        left for the table to use."""
        if event.type == pygame.MOUSEBUTTONUP and self._pressed_on:
            self._pressed_on = False
            for button in list(self.buttons):
                button.handle_event(event)
            return True
        if not self.shown:
            return False
        if event.type == pygame.KEYDOWN:
            self.hide()
            return False
        if event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.handle_event(event)
            return False
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        if not self.area.collidepoint(event.pos):
            self.hide()
            return False
        self._pressed_on = True
        on_button = False
        for button in self.buttons:
            on_button = button.handle_event(event) or on_button
        if not on_button:
            self.hide()
        return True

    def _widths(self, band: pygame.Rect, size: int) -> tuple[list[int], int]:
        """Each button's width at text `size`, and the width of their row."""
        button_height = band.height - 2 * _margin(band) - 2
        widths = [render_text(button.label, max(8, round(button_height * 0.56)),
                              palette.TEXT).get_width() + size * 2 for button in self.buttons]
        return widths, sum(widths) + size * len(widths)

    def _one_line(self, band: pygame.Rect, size: int) -> int:
        """The message's width on one line at text `size`."""
        return (render_text(self.text, size, palette.TEXT).get_width()
                + self._widths(band, size)[1] + size * 2)

    def fits(self, band: pygame.Rect, room: int) -> bool:
        """Whether the message fits in `room` pixels of `band` in readable type (see
        `_fitting`)."""
        return self._fitting(band, room) is not None

    def _fitting(self, band: pygame.Rect, room: int) -> tuple[int, list[str]] | None:
        """The largest type size, from the band's own down to `_readable`, at which the
        message fits in the band: on one line, or else wrapped in as many lines as the
        band's height holds; with its lines. None when it fits at none of them."""
        for size in range(text_size(band), _readable(band) - 1, -1):
            if self._one_line(band, size) <= room:
                return size, [self.text]
            lines = wrap_text(self.text, size, room - self._widths(band, size)[1] - size * 2)
            if len(lines) * _line_height(size) <= band.height - 2 * _margin(band):
                return size, lines
        return None

    def natural_width(self, band: pygame.Rect) -> int:
        """The message's width on one line at the band's full type size."""
        return self._one_line(band, text_size(band))

    def layout(self, band: pygame.Rect, cover_from: int, left: int, right: int) -> None:
        """Place the message and its buttons in `band` between `left` and `right`, against
        `right`: on one line or in the lines the band holds, in the largest readable type
        that fits (see `_fitting`); else the type shrinks to SMALLEST_TEXT on one line, and
        a message too long even then wraps and reaches below the band. The panel reaches
        left to `cover_from` at least (never past `left`), so what it hides is hidden
        whole."""
        margin = _margin(band)
        room = right - left
        button_height = band.height - 2 * margin - 2
        fitting = self._fitting(band, room)
        if fitting is not None:
            size, self._lines = fitting
        else:
            size = _readable(band)
            while self._one_line(band, size) > room and size > SMALLEST_TEXT:
                size -= 1
            row = self._widths(band, size)[1]
            self._lines = wrap_text(self.text, size, max(size * 8, room - row - size * 2))
        widths, row = self._widths(band, size)
        self._size, self._line_height = size, _line_height(size)
        text_width = max(render_text(line, size, palette.TEXT).get_width()
                         for line in self._lines)
        block = len(self._lines) * self._line_height
        height = max(band.height - 2 * margin, block if fitting else block + 2 * margin)
        width = text_width + row + size * 2
        self.area = pygame.Rect(0, 0, max(width, right - max(cover_from, left)), height)
        self.area.topright = (right, band.y + margin)
        self._text_left = self.area.right - width + size
        x = self._text_left + text_width + size
        top = self.area.y + (min(height, band.height - 2 * margin) - button_height) // 2
        for button, button_width in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, top, button_width, button_height)
            x += button_width + size
        self._laid_out_for = (band.topleft, band.size, cover_from, left, right)

    def draw(self, surface: pygame.Surface, band: pygame.Rect, cover_from: int, left: int,
             right: int) -> pygame.Rect:
        """Draw the toast in `band` between `left` and `right` (see `layout`); the area it
        covers."""
        if self._laid_out_for != (band.topleft, band.size, cover_from, left, right):
            self.layout(band, cover_from, left, right)
        surface.blit(pill(self.area.size, True), self.area)
        top = self.area.centery - len(self._lines) * self._line_height // 2
        for index, line in enumerate(self._lines):
            ink = render_text(line, self._size, palette.TEXT)
            surface.blit(ink, (self._text_left,
                               top + index * self._line_height
                               + (self._line_height - ink.get_height()) // 2))
        for button in self.buttons:
            button.draw(surface)
        return self.area
