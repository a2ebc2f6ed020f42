"""The Deal # dialog: a deal number typed in, or a deal code pasted or typed, and this deal's
code to copy, so that two players can race the same deal.

A pasted code opens its deal under its own rules, which become the player's choice for that
game, even when the code is another game's. A pasted code that is no code is refused with a
word under the field, and nothing opens.
"""

from __future__ import annotations

import string
from collections.abc import Callable

import pygame

from game.art import palette
from game.deal_codes import MAX_LENGTH, BadCode, DealCode, decode
from game.engine.clipboard import copy_text, paste_text
from game.engine.input import CTRL, Action, modifiers_of
from game.engine.text import draw_text
from game.registry import BY_ID
from game.scenes.context import Context
from game.scenes.dialogs import NumberDialog
from game.scenes.ui import ButtonRow

# Characters that begin a typed deal code: no deal number holds them.
CODE_CHARACTERS = frozenset(string.ascii_letters + ".-#")
EMPTY_CLIPBOARD = "The clipboard is empty: copy a deal code, then paste it here."


class DealDialog(NumberDialog):
    """Type a deal number, or paste a deal code with Ctrl+V or type it; Copy code puts this
    deal's on the clipboard."""

    def __init__(self, code: str, on_number: Callable[[int], None],
                 on_code: Callable[[DealCode], None], initial: int | None = None) -> None:
        super().__init__("Deal number", on_number, initial,
                         prompt="Play the deal with this number, or paste a deal code "
                                "(Ctrl+V) to play the deal someone shared.")
        self.code = code
        self.on_code = on_code
        self.note = ""  # what the last copy did, in a word
        self.typed = ""  # a deal code being typed, begun by a character no number holds
        self.buttons = ButtonRow([("OK", self.accept), ("Copy code", self.copy_code),
                                  ("Cancel", self.cancel)])

    def extra_height(self) -> int:
        return super().extra_height() + self.px(34)

    def copy_code(self) -> None:
        self.note = (f"Copied {self.code}" if copy_text(self.code)
                     else f"No clipboard here: the code is {self.code}")
        self.error = ""
        self.mark_dirty()

    def paste(self, text: str) -> None:
        """A pasted deal number goes into the field; a code opens its deal; anything else is
        refused with the reason."""
        text = text.strip()
        if not text:
            self.error = EMPTY_CLIPBOARD
            self.mark_dirty()
            return
        if text.isascii() and text.isdigit():
            if int(text) > self.maximum:
                self.error = f"A deal number goes from 0 to {self.maximum:,}."
                self.mark_dirty()
                return
            self.digits, self.selected, self.error = "", False, ""
            for digit in text:
                self.type_digit(digit)
            return
        try:
            code = decode(text)
        except BadCode as error:
            self.error = str(error)
            self.mark_dirty()
            return
        if not self.closing:
            self.close()
            self.on_code(code)

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        words = self.note or f"This deal's code: {self.code}"
        top = self.field.bottom + self.px(8) + (self.px(28) if self.error else 0)
        draw_text(surface, words, self.px(20), palette.TEXT,
                  (self.panel.centerx, top), anchor="midtop")

    def shown_text(self) -> str:
        return self.typed or super().shown_text()

    def accept(self) -> None:
        if self.typed:
            self.paste(self.typed)
        else:
            super().accept()

    def type_code(self, char: str) -> None:
        """Type one character of a deal code: the first one no number holds (a letter, a dot,
        a dash) turns the field into a code, so that the code's digits are not taken for a
        deal number."""
        if not self.typed:
            self.typed = "" if self.selected else self.digits
            self.digits, self.selected = "", False
        if len(self.typed) < MAX_LENGTH:
            self.typed += char
        self.error = ""
        self.mark_dirty()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and CTRL in modifiers_of(event.mod):
                self.paste(paste_text())
                return True
            char = getattr(event, "unicode", "")
            if len(char) == 1 and (self.typed and char.isprintable() and not char.isspace()
                                   or char in CODE_CHARACTERS):
                self.type_code(char)
                return True
            if self.typed and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.typed = self.typed[:-1]
                self.error = ""
                self.mark_dirty()
                return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action is Action.CONFIRM and self.buttons.focus in (1, 2):
            self.buttons.buttons[self.buttons.focus].on_click()
            return True
        return super().handle_action(action)


def take_rules(context: Context, code: DealCode) -> None:
    """Make the code's rules the player's choice for its game, as the options would."""
    section = BY_ID[code.game_id].settings_section
    for name, value in code.options.items():
        context.settings.set(f"{section}.{name}", value)
    if context.autosave:
        context.save_settings()
