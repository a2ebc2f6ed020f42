"""The table's buttons: the toolbar along the top and End turn / Cancel in the status block.

End turn and Cancel only exist while a person is leaping; the scene says when that is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.layout import TableLayout
from game.scenes.tabletop.toolbar import Tool, Toolbar
from game.scenes.ui import SkinButton

ButtonLook = tuple[pygame.Rect, str, str]  # where, label, look (normal, hover, ...)


class TableControls:
    def __init__(self, tools: Sequence[Tool], end_turn: Callable[[], object],
                 cancel: Callable[[], object]) -> None:
        self.toolbar = Toolbar(tools)
        self.end_turn = SkinButton(pygame.Rect(0, 0, 1, 1), "End turn", end_turn)
        self.cancel = SkinButton(pygame.Rect(0, 0, 1, 1), "Cancel", cancel)

    @property
    def buttons(self) -> list[SkinButton]:
        return [*self.toolbar.buttons, self.end_turn, self.cancel]

    def layout(self, layout: TableLayout) -> None:
        self.toolbar.layout(layout.toolbar)
        self.end_turn.rect = layout.end_turn
        self.cancel.rect = layout.cancel

    def update(self, chain: Chain | None) -> None:
        """Enable the status buttons for `chain` as it stands (None: they are not shown)."""
        self.end_turn.enabled = chain is not None and chain.can_end
        self.cancel.enabled = chain is not None and chain.started

    def handle_event(self, event: pygame.event.Event, leaping: bool) -> tuple[bool, bool]:
        """(used, changed): the event was a button's; some button's look changed.

        Pointer motion only changes looks, so it is never reported as used: the board
        needs it as well.
        """
        looks = [button.look for button in self.buttons]
        used = self.toolbar.handle_event(event)
        if leaping:
            used = self.end_turn.handle_event(event) or used
            used = self.cancel.handle_event(event) or used
        changed = [button.look for button in self.buttons] != looks
        return used and event.type != pygame.MOUSEMOTION, changed

    def status_buttons(self, leaping: bool) -> list[ButtonLook]:
        if not leaping:
            return []
        return [(button.rect, button.label, button.look)
                for button in (self.end_turn, self.cancel)]
