"""Which King fills a gap in Leapfrog's first column: the Kings that may, side by side.

Clicking a King (or Enter on the one picked with the arrow keys) chooses it; Esc or Cancel
leaves the grid as it was. A click beside the panel does nothing: it may be the second half of
the double-click that opened the chooser. Under each King is where it lies now, since
the gap it leaves behind is part of the choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.art import palette
from game.art.cards import card_art
from game.engine.input import Action
from game.engine.text import draw_text
from game.rules.cards import Card
from game.rules.moves import Cell
from game.scenes.ui import ButtonRow, ModalScene, draw_dialog_panel, focus_ring

CARD_WIDTH = 112  # at 1280x800; scaled with the window


class KingChooser(ModalScene):
    """Offers `kings` (each King with the move bringing it) for the gap at `gap`."""

    def __init__(self, kings: Sequence[tuple[Card, Any]], gap: Cell,
                 choose: Callable[[Any], Any], *, deck: str = "two_colour",
                 back: str = "classic") -> None:
        super().__init__()
        self.kings = list(kings)
        self.gap = gap
        self.choose = choose
        self.deck, self.back = deck, back
        self.buttons = ButtonRow([("Cancel", self.cancel)])
        self.card_rects: list[pygame.Rect] = []
        self.hovered: int | None = None
        self.focus: int | None = None

    def pick(self, index: int) -> None:
        """Choose the King at `index`: the overlay goes, then the King moves."""
        if not self.closing:
            self.close()
            self.choose(self.kings[index][1])

    def cancel(self) -> None:
        self.close()

    # Layout and drawing -------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        pad = self.px(28)
        card_w = self.px(CARD_WIDTH)
        card_h = round(card_w * 1.4)
        gap = self.px(26)
        cards_w = len(self.kings) * card_w + (len(self.kings) - 1) * gap
        width = min(size[0] - self.px(20), max(self.px(420), cards_w + 2 * pad))
        height = pad + self.px(78) + card_h + self.px(34) + self.px(20) + self.px(46) + pad
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - self.px(20)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        left = self.panel.centerx - cards_w // 2
        top = self.panel.y + pad + self.px(78)
        self.card_rects = [pygame.Rect(left + index * (card_w + gap), top, card_w, card_h)
                           for index in range(len(self.kings))]
        self.buttons.layout(self.panel.centerx, self.panel.bottom - pad - self.px(46),
                            (self.px(150), self.px(46)), 0)

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        pad = self.px(28)
        draw_text(surface, "Choose a King", self.px(30), palette.ACCENT_BRIGHT,
                  (self.panel.centerx, self.panel.y + pad), anchor="midtop", bold=True)
        draw_text(surface, f"for the gap at the start of row {self.gap.row + 1}", self.px(20),
                  palette.TEXT_DIM, (self.panel.centerx, self.panel.y + pad + self.px(40)),
                  anchor="midtop")
        if not self.card_rects:
            return
        art = card_art(self.card_rects[0].width, self.deck, self.back)
        for index, ((card, move), rect) in enumerate(zip(self.kings, self.card_rects,
                                                         strict=True)):
            if index == self.hovered:
                margin = art.margin
                surface.blit(art.glow("target"), (rect.x - margin, rect.y - margin))
            surface.blit(art.face(card), rect)
            if index == self.focus:
                focus_ring(surface, rect)
            where = f"row {move.source.row + 1}, column {move.source.col + 1}"
            draw_text(surface, where, self.px(17), palette.TEXT_DIM,
                      (rect.centerx, rect.bottom + self.px(8)), anchor="midtop")
        self.buttons.draw(surface)

    # Input ----------------------------------------------------------------------------------

    def _king_at(self, pos: tuple[int, int]) -> int | None:
        return next((index for index, rect in enumerate(self.card_rects)
                     if rect.collidepoint(pos)), None)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.buttons.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            hovered = self._king_at(event.pos)
            changed = hovered != self.hovered
            self.hovered = hovered
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._king_at(event.pos)
            if index is not None:
                self.pick(index)
            return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action is Action.BACK:
            self.cancel()
        elif action in (Action.LEFT, Action.RIGHT):
            step = -1 if action is Action.LEFT else 1
            start = self.focus if self.focus is not None else (-1 if step > 0 else 0)
            self.focus = (start + step) % len(self.kings)
        elif action in (Action.CONFIRM, Action.SELECT) and self.focus is not None:
            self.pick(self.focus)
        else:
            return False
        return True
