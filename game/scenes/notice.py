"""Messages for the player ("Your statistics file was damaged ..."), shown one at a time.

The store reports problems as sentences collected in `context.notices`. Whoever did
something that may have produced one calls `show_notices`, which puts this overlay on top
if there is anything to read; a click, Enter or Esc moves on to the next message.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import pygame

from game.art import palette
from game.engine.input import Action
from game.engine.scene import SceneStack
from game.engine.text import draw_text, wrap_text
from game.scenes.context import Context
from game.scenes.ui import ButtonRow, ModalScene, draw_dialog_panel

# The overlay each stack has, from the moment it is asked for (pushes wait for the frame's
# end) until it leaves.
_showing: WeakKeyDictionary[SceneStack, NoticeScene] = WeakKeyDictionary()


def show_notices(stack: SceneStack | None, context: Context) -> bool:
    """Put the notice overlay on `stack` if messages are waiting and none is showing yet."""
    if stack is None or not context.notices or stack in _showing:
        return False
    _showing[stack] = NoticeScene(context)
    stack.push(_showing[stack])
    return True


class NoticeScene(ModalScene):
    """Shows `context.notices` in turn, removing each once the player has seen it."""

    def __init__(self, context: Context) -> None:
        super().__init__()
        self.context = context
        self.shown = 0  # messages dismissed so far, for the "2 of 3" counter
        self.button = ButtonRow([("OK", self.dismiss)])
        self.lines: list[str] = []
        self.pressed = False

    @property
    def message(self) -> str | None:
        return self.context.notices[0] if self.context.notices else None

    def on_enter(self) -> None:
        if not self.context.notices:  # read already, through another way
            self.close()
            return
        super().on_enter()

    def on_exit(self) -> None:
        if _showing.get(self.stack) is self:
            del _showing[self.stack]

    def on_resume(self) -> None:
        if not self.context.notices:
            self.close()

    def dismiss(self) -> None:
        if self.context.notices:
            self.context.notices.pop(0)
            self.shown += 1
        if self.context.notices:
            self.layout(self.size)
            self.mark_dirty()
        else:
            self.close()

    def layout(self, size: tuple[int, int]) -> None:
        width = min(self.px(640), size[0] - self.px(40))
        pad = self.px(28)
        self.lines = wrap_text(self.message or "", self.px(22), width - 2 * pad)
        button_height = self.px(46)
        height = pad + self.px(42) + len(self.lines) * self.px(28) + self.px(24) \
            + button_height + pad
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - self.px(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.button.layout(self.panel.centerx, self.panel.bottom - pad - button_height,
                           (self.px(140), button_height), 0)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        pad = self.px(28)
        remaining = len(self.context.notices)
        title = "Please note"
        if self.shown + remaining > 1:
            title += f"  ({self.shown + 1} of {self.shown + remaining})"
        draw_text(surface, title, self.px(28), palette.ACCENT_BRIGHT,
                  (self.panel.centerx, self.panel.y + pad), anchor="midtop", bold=True)
        top = self.panel.y + pad + self.px(42)
        for index, line in enumerate(self.lines):
            draw_text(surface, line, self.px(22), palette.TEXT,
                      (self.panel.centerx, top + index * self.px(28)), anchor="midtop")
        self.button.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        # A click anywhere moves on, but only one that began here (not the click that
        # caused the message).
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            self.dismiss()
            return True
        return self.button.handle_event(event) or super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action in (Action.CONFIRM, Action.BACK, Action.SELECT):
            self.dismiss()
            return True
        return False
