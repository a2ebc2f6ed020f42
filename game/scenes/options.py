"""The options dialog: every setting in tabs, changed on a draft until OK saves it.

Cancel (or Esc) leaves the settings as they were. A table opens the dialog on its own
game's tab and learns through `on_close(changed)` whether to lay out again or deal anew;
rules options never change a game in progress, only one not yet begun and the next ones.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.art import palette
from game.art.cards import CardArt
from game.art.faces import card_height
from game.engine import motion
from game.engine.input import Action
from game.engine.text import draw_text
from game.rules.cards import Card
from game.scenes.context import Context
from game.scenes.notice import show_notices
from game.scenes.option_rows import TABS, Option, OptionTab, tab_for_game
from game.scenes.ui import (
    DISABLED_TEXT,
    ButtonRow,
    ModalScene,
    TabBar,
    draw_arrow,
    draw_dialog_panel,
    fitted_size,
    focus_ring,
)
from game.store import Settings

PREVIEW_CARDS = (Card(12, "H"), Card(10, "D"), Card(1, "C"))
PREVIEW_SMALLEST = 20  # narrower cards than this would not show the deck
ROW_HIGHLIGHT = (40, 50, 66)


def changed_settings(before: Settings, after: Settings) -> dict[str, object]:
    """The dotted names and new values of the settings that differ."""
    old, new = before.to_dict(), after.to_dict()
    return {f"{section}.{key}": value
            for section, values in new.items() if isinstance(values, dict)
            for key, value in values.items() if old[section].get(key) != value}


class OptionsScene(ModalScene):
    """Edit the settings; `on_close(changed)` runs once the dialog has gone."""

    def __init__(self, context: Context, game_id: str | None = None,
                 on_close: Callable[[bool], None] | None = None) -> None:
        super().__init__()
        self.context = context
        self.on_close = on_close
        self.draft = Settings.from_dict(context.settings.to_dict())
        self.tabs = TabBar([tab.title for tab in TABS], self._tab_changed, tab_for_game(game_id))
        self.buttons = ButtonRow([("OK", self.accept), ("Cancel", self.cancel)])
        self.rows: list[tuple[Option, pygame.Rect]] = []
        self.row_height = 40
        self.hovered: int | None = None
        self.focus: int | None = None  # a row, or len(rows) + button index
        self.body = pygame.Rect(0, 0, 0, 0)
        self.preview: tuple[pygame.Rect, int] | None = None  # the felt patch, the cards' width

    @property
    def tab(self) -> OptionTab:
        return TABS[self.tabs.index]

    # Closing -----------------------------------------------------------------------

    def accept(self) -> None:
        """Keep the draft: copy what changed into the settings and save them."""
        if self.closing:
            return
        changes = changed_settings(self.context.settings, self.draft)
        for key, value in changes.items():
            self.context.settings.set(key, value)
        if changes:
            self.context.save_settings()
        self._finish(bool(changes))
        show_notices(self.stack, self.context)

    def cancel(self) -> None:
        if not self.closing:
            self._finish(False)

    def _finish(self, changed: bool) -> None:
        self._apply_sound(self.context.settings)
        self.close()
        if self.on_close is not None:
            self.on_close(changed)

    def _apply_sound(self, settings: Settings) -> None:
        self.context.audio.volume = settings.sound.volume
        self.context.audio.muted = settings.sound.muted
        motion.choose(settings.appearance.motion)

    # Changing values ---------------------------------------------------------------

    def change(self, row: int, delta: int = 1) -> None:
        """Step the value of visible row `row`; the sound is heard at once."""
        option = self.rows[row][0]
        if not option.enabled(self.draft):
            return
        option.step(self.draft, delta)
        if option.key.startswith("sound."):
            self._apply_sound(self.draft)
            self.context.play("click")
        self._place_rows()  # rows may appear or go (the seats follow the player count)
        self.mark_dirty()

    def _tab_changed(self, _index: int) -> None:
        self.focus = None
        self.hovered = None
        self._place_rows()
        self.mark_dirty()

    # Layout ------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        tabs, button_top = self.lay_out_tabbed_panel(size, (820, 660), self.tabs, self.buttons)
        note = self.px(34)
        self.body = pygame.Rect(tabs.x, tabs.bottom + self.px(14), tabs.width,
                                button_top - note - tabs.bottom - self.px(14))
        most_rows = max(len(tab.options) for tab in TABS)
        self.row_height = min(self.px(46), self.body.height // most_rows)
        self._place_rows()

    def _place_rows(self) -> None:
        shown = [option for option in self.tab.options if option.shown(self.draft)]
        self.rows = [(option, pygame.Rect(self.body.x, self.body.y + i * self.row_height,
                                          self.body.width, self.row_height - self.px(4)))
                     for i, option in enumerate(shown)]
        if self.focus is not None and self.focus >= len(self.rows) + len(self.buttons.buttons):
            self.focus = None
        self._place_preview()

    def _place_preview(self) -> None:
        """Where the cards of the look chosen are shown: below the rows when they leave room,
        else, smaller, beside the buttons (a small window), else nowhere."""
        self.preview = None
        if not self.tab.card_preview or not self.rows:
            return
        top = self.rows[-1][1].bottom + self.px(12)
        below = pygame.Rect(self.body.x, top, self.body.width,
                            self.buttons.rect.top - self.px(16) - top)
        top = max(top, self.buttons.rect.top) if self.tab.note else top
        side = pygame.Rect(self.body.x, top, self.buttons.rect.left - self.px(16) - self.body.x,
                           self.panel.bottom - self.px(12) - top)
        side.height = min(side.height, 2 * (self.buttons.rect.centery - side.y))
        for room in (below, side):
            self.preview = self._preview_in(room)
            if self.preview is not None:
                return

    def _preview_in(self, room: pygame.Rect) -> tuple[pygame.Rect, int] | None:
        """The felt patch holding the preview's cards in a row, centred in `room`, and the
        cards' width; None when they would be too small there."""
        margin, gap, count = self.px(14), self.px(14), len(PREVIEW_CARDS) + 1
        width = min(self.px(90), (room.width - 2 * margin - (count - 1) * gap) // count)
        while width >= PREVIEW_SMALLEST and card_height(width) + 2 * margin > room.height:
            width -= 1
        if width < PREVIEW_SMALLEST:
            return None
        patch = pygame.Rect(0, 0, count * width + (count - 1) * gap + 2 * margin,
                            card_height(width) + 2 * margin)
        patch.center = room.center
        return patch, width

    def _control(self, rect: pygame.Rect) -> pygame.Rect:
        """The right-hand part of a row holding its value."""
        width = min(self.px(330), rect.width // 2)
        return pygame.Rect(rect.right - width, rect.y, width, rect.height)

    def _arrows(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        control = self._control(rect)
        side = control.height
        return (pygame.Rect(control.x, control.y, side, side),
                pygame.Rect(control.right - side, control.y, side, side))

    # Input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.buttons.handle_event(event) or self.tabs.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            hovered = self._row_at(event.pos)
            changed = hovered != self.hovered
            self.hovered = hovered
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self._row_at(event.pos)
            if row is not None:
                left, _ = self._arrows(self.rows[row][1])
                self.change(row, -1 if left.collidepoint(event.pos) else 1)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.tabs.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        rows = len(self.rows)
        if action in (Action.UP, Action.DOWN):
            self._set_focus(self._next_focus(action is Action.DOWN))
            return True
        if action in (Action.LEFT, Action.RIGHT):
            if self.focus is not None and self.focus < rows:
                self.change(self.focus, -1 if action is Action.LEFT else 1)
            elif self.focus is not None:
                self.buttons.handle_action(action)
                self.focus = rows + (self.buttons.focus or 0)
            else:
                self.tabs.step(-1 if action is Action.LEFT else 1)
            return True
        if action is Action.SELECT and self.focus is not None and self.focus < rows:
            self.change(self.focus)
            return True
        if action in (Action.CONFIRM, Action.SELECT):
            if self.focus is not None and self.focus == rows + 1:
                self.cancel()
            else:
                self.accept()
            return True
        if action is Action.BACK:
            self.cancel()
            return True
        return False

    def _next_focus(self, down: bool) -> int:
        """Rows first, then OK and Cancel: Down walks towards the buttons, Up away."""
        rows = len(self.rows)
        if self.focus is None:
            return 0 if down and rows else rows
        if self.focus >= rows:
            return self.focus if down or not rows else rows - 1
        return self.focus + 1 if down else max(0, self.focus - 1)

    def _set_focus(self, index: int) -> None:
        rows = len(self.rows)
        self.focus = index
        self.buttons.set_focus(index - rows if index >= rows else None)
        self.mark_dirty()

    def _row_at(self, position: tuple[int, int]) -> int | None:
        return next((i for i, (_, rect) in enumerate(self.rows) if rect.collidepoint(position)),
                    None)

    # Drawing -----------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        pad = self.px(24)
        draw_text(surface, "Options", self.px(34), palette.ACCENT_BRIGHT,
                  (self.panel.centerx, self.panel.y + pad - self.px(2)), anchor="midtop",
                  bold=True)
        self.tabs.draw(surface)
        for index, (option, rect) in enumerate(self.rows):
            self._draw_row(surface, index, option, rect)
        if self.tab.card_preview:
            self._draw_appearance_preview(surface)
        if self.tab.note:
            size = fitted_size(self.tab.note, self.px(19), self.body.width)
            draw_text(surface, self.tab.note, size, palette.TEXT_DIM,
                      (self.panel.centerx, self.buttons.rect.top - self.px(12)),
                      anchor="midbottom")
        self.buttons.draw(surface)

    def _draw_row(self, surface: pygame.Surface, index: int, option: Option,
                  rect: pygame.Rect) -> None:
        enabled = option.enabled(self.draft)
        if index == self.hovered or index == self.focus:
            pygame.draw.rect(surface, ROW_HIGHLIGHT, rect, border_radius=self.px(6))
        if index == self.focus:
            focus_ring(surface, rect, 2)
        text_colour = palette.TEXT if enabled else DISABLED_TEXT
        size = round(self.row_height * 0.5)
        draw_text(surface, option.label, size, text_colour,
                  (rect.x + self.px(12), rect.centery), anchor="midleft")
        control = self._control(rect)
        if option.toggle:
            self._draw_checkbox(surface, control, bool(option.value(self.draft)), enabled)
            return
        left, right = self._arrows(rect)
        arrow_colour = palette.ACCENT if enabled else DISABLED_TEXT
        draw_arrow(surface, left, -1, arrow_colour)
        draw_arrow(surface, right, 1, arrow_colour)
        value = option.text(self.draft)
        room = control.width - 2 * left.width
        value_colour = palette.ACCENT_BRIGHT if enabled else DISABLED_TEXT
        draw_text(surface, value, fitted_size(value, size, room, bold=True), value_colour,
                  control.center, anchor="center", bold=True)

    def _draw_checkbox(self, surface: pygame.Surface, control: pygame.Rect, ticked: bool,
                       enabled: bool) -> None:
        side = round(control.height * 0.7)
        box = pygame.Rect(0, 0, side, side)
        box.center = control.center
        edge = palette.ACCENT if enabled else DISABLED_TEXT
        pygame.draw.rect(surface, (20, 26, 36), box, border_radius=max(3, side // 6))
        pygame.draw.rect(surface, edge, box, max(2, side // 12), border_radius=max(3, side // 6))
        if ticked:
            tick = [(box.x + side * 0.22, box.y + side * 0.52),
                    (box.x + side * 0.42, box.y + side * 0.72),
                    (box.x + side * 0.78, box.y + side * 0.28)]
            pygame.draw.lines(surface, palette.ACCENT_BRIGHT if enabled else edge, False, tick,
                              max(2, side // 7))

    def _draw_appearance_preview(self, surface: pygame.Surface) -> None:
        """Three faces and a back in the chosen deck and back, on a patch of the chosen felt."""
        if self.preview is None:
            return
        patch, width = self.preview
        appearance = self.draft.appearance
        art = _preview_art(width, appearance.deck, appearance.back)
        images = [art.face(card) for card in PREVIEW_CARDS] + [art.back()]
        colour = palette.FELTS.get(appearance.felt, palette.FELTS["green"])
        pygame.draw.rect(surface, colour, patch, border_radius=self.px(10))
        margin, gap = self.px(14), self.px(14)
        for index, image in enumerate(images):
            surface.blit(image, (patch.x + margin + index * (width + gap), patch.y + margin))


@lru_cache(maxsize=2)
def _preview_art(width: int, deck: str, back: str) -> CardArt:
    # Its own art object, so the preview does not push the table's cards out of their cache.
    return CardArt(width, deck, back)
