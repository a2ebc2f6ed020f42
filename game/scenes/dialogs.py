"""Small modal questions: yes or no, a number typed in (a deal number, say), and an answer
too long for the table's toolbar band, with its buttons.

Both block the input of everything below them. The dialog leaves the stack before its
callback runs, so a callback may push the next scene straight away.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.art import palette
from game.engine.input import CTRL, Action, modifiers_of
from game.engine.text import draw_text, render_text, wrap_text
from game.scenes.ui import ButtonRow, ModalScene, draw_dialog_panel

_DIGIT_KEYS = {getattr(pygame, f"K_{digit}"): str(digit) for digit in range(10)}
_DIGIT_KEYS.update({getattr(pygame, f"K_KP{digit}"): str(digit) for digit in range(10)})
_CARET_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)


class _Dialog(ModalScene):
    """A centred panel: a title, wrapped lines of text, then a row of buttons."""

    def __init__(self, title: str, text: str, buttons: list[tuple[str, Callable[[], None]]]):
        super().__init__()
        self.title = title
        self.text = text
        self.buttons = ButtonRow(buttons)
        self.lines: list[str] = []
        self.body_top = 0

    def extra_height(self) -> int:
        """Room subclasses need between the text and the buttons."""
        return 0

    def layout(self, size: tuple[int, int]) -> None:
        pad, gap = self.px(28), self.px(20)
        # The panel widens for a long row of buttons, and the buttons narrow in a small
        # window, so the row always lies inside the panel.
        room = size[0] - self.px(40)
        count = len(self.buttons.buttons)
        button_width = min(self.px(150), (room - 2 * pad - (count - 1) * gap) // count)
        row = count * button_width + (count - 1) * gap
        width = min(max(self.px(600), row + 2 * pad), room)
        self.lines = wrap_text(self.text, self.px(22), width - 2 * pad) if self.text else []
        title_height = self.px(40) if self.title else 0
        text_height = len(self.lines) * self.px(28)
        button_size = (button_width, self.px(46))
        height = (pad + title_height + text_height + self.extra_height() + self.px(20)
                  + button_size[1] + pad)
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - self.px(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.body_top = self.panel.y + pad + title_height
        self.buttons.layout(self.panel.centerx, self.panel.bottom - pad - button_size[1],
                            button_size, gap)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        pad = self.px(28)
        if self.title:
            draw_text(surface, self.title, self.px(30), palette.ACCENT_BRIGHT,
                      (self.panel.centerx, self.panel.y + pad), anchor="midtop", bold=True)
        for index, line in enumerate(self.lines):
            draw_text(surface, line, self.px(22), palette.TEXT,
                      (self.panel.centerx, self.body_top + index * self.px(28)), anchor="midtop")
        self.buttons.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        # Events not used here go no further: the dialog blocks the input of the scenes below.
        return self.buttons.handle_event(event) or super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        return self.buttons.handle_action(action)


class ConfirmDialog(_Dialog):
    """Ask a yes-or-no question. Enter (or Y) answers yes, Esc (or N) no."""

    def __init__(self, text: str, on_yes: Callable[[], None],
                 on_no: Callable[[], None] | None = None, *, title: str = "Are you sure?",
                 yes: str = "Yes", no: str = "No") -> None:
        super().__init__(title, text, [(yes, self.answer_yes), (no, self.answer_no)])
        self.on_yes = on_yes
        self.on_no = on_no

    def answer_yes(self) -> None:
        if not self.closing:
            self.close()
            self.on_yes()

    def answer_no(self) -> None:
        if not self.closing:
            self.close()
            if self.on_no is not None:
                self.on_no()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
            (self.answer_yes if event.key == pygame.K_y else self.answer_no)()
            return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action is Action.CONFIRM:
            if self.buttons.focus == 1:
                self.answer_no()
            else:
                self.answer_yes()
            return True
        if action is Action.BACK:
            self.answer_no()
            return True
        return super().handle_action(action)


class NumberDialog(_Dialog):
    """Type a whole number from 0 to `maximum`: digits, Backspace, Enter to accept, Esc to
    cancel. A missing or too large number is refused with a message under the field.

    The number shown on opening is selected, as Ctrl+A selects it again, so typing replaces
    it (a new deal number is typed whole far more often than the old one is extended);
    Backspace or Delete clears a selection, and the arrows, Home, End or a click in the
    field leave the number and put the caret after it."""

    def __init__(self, title: str, on_done: Callable[[int], None], initial: int | None = None,
                 maximum: int = 2**63 - 1, *, prompt: str = "") -> None:
        super().__init__(title, prompt, [("OK", self.accept), ("Cancel", self.cancel)])
        self.on_done = on_done
        self.maximum = maximum
        self.digits = "" if initial is None else str(initial)
        self.selected = bool(self.digits)
        self.error = ""
        self.field = pygame.Rect(0, 0, 0, 0)

    @property
    def max_length(self) -> int:
        return len(str(self.maximum))

    def value(self) -> int | None:
        """The number typed, or None when there is none or it is out of range."""
        if not self.digits:
            return None
        number = int(self.digits)
        return number if number <= self.maximum else None

    def shown_text(self) -> str:
        """What the field shows: the number, its thousands grouped."""
        return f"{int(self.digits):,}" if self.digits else ""

    def type_digit(self, digit: str) -> None:
        if self.selected:
            self.digits, self.selected = "", False
        if len(self.digits) < self.max_length:
            self.digits = str(int(self.digits + digit))  # no leading zeros
        self.error = ""

    def erase(self) -> None:
        self.digits = "" if self.selected else self.digits[:-1]
        self.selected = False
        self.error = ""

    def select_all(self) -> None:
        self.selected = bool(self.digits)

    def accept(self) -> None:
        number = self.value()
        if number is None:
            self.error = (f"Type a number from 0 to {self.maximum:,}." if self.digits
                          else "Type a number first.")
            self.mark_dirty()
            return
        if not self.closing:
            self.close()
            self.on_done(number)

    def cancel(self) -> None:
        self.close()

    def extra_height(self) -> int:
        return self.px(20) + self.px(52) + self.px(30)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        top = self.body_top + len(self.lines) * self.px(28) + self.px(16)
        self.field = pygame.Rect(0, top, self.panel.width - 2 * self.px(40), self.px(52))
        self.field.centerx = self.panel.centerx

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        pygame.draw.rect(surface, (246, 242, 230), self.field, border_radius=self.px(8))
        pygame.draw.rect(surface, palette.ACCENT, self.field, 2, border_radius=self.px(8))
        size = self.px(30)
        inner = self.field.inflate(-self.px(24), 0)
        text = self.shown_text()
        if self.selected:
            image = render_text(text, size, palette.TEXT)
            shown = image.get_rect(midleft=inner.midleft)
            surface.fill(palette.TEXT_SELECTED, shown.inflate(self.px(6), self.px(4)))
            surface.blit(image, shown)
        else:
            shown = draw_text(surface, text, size, palette.TEXT_DARK, inner.midleft,
                              anchor="midleft")
            caret_x = (shown.right if text else inner.left) + self.px(3)
            caret = pygame.Rect(caret_x, 0, max(2, self.px(2)), round(size * 0.8))
            caret.centery = self.field.centery
            surface.fill(palette.TEXT_DARK, caret)
        if self.error:
            draw_text(surface, self.error, self.px(20), palette.BAD,
                      (self.panel.centerx, self.field.bottom + self.px(8)), anchor="midtop")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and CTRL in modifiers_of(event.mod):
                self.select_all()
                return True
            if event.key in _DIGIT_KEYS:
                self.type_digit(_DIGIT_KEYS[event.key])
                return True
            if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.erase()
                return True
            if event.key in _CARET_KEYS:
                self.selected = False
                self.mark_dirty()
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.field.collidepoint(event.pos)):
            self.selected = False
            return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action is Action.CONFIRM:
            if self.buttons.focus == 1:
                self.cancel()
            else:
                self.accept()
            return True
        if action is Action.BACK:
            self.cancel()
            return True
        return super().handle_action(action)


class MessageDialog(_Dialog):
    """A message with the buttons it offers and Close; Enter presses the first button, Esc
    closes."""

    def __init__(self, text: str, actions: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__("", text, [*((label, self._closing_then(action))
                                      for label, action in actions), ("Close", self.close)])

    def _closing_then(self, action: Callable[[], None]) -> Callable[[], None]:
        def pressed() -> None:
            if not self.closing:
                self.close()
                action()
        return pressed

    def handle_action(self, action: Action) -> bool:
        if action is Action.BACK:
            self.close()
            return True
        return super().handle_action(action)
