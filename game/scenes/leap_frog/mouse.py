"""A person's turn with the mouse: click a piece to remove it, or leap by clicks or a drag.

Leaping by clicks: click a piece (its landings light up), then each landing in turn. Leaping
by dragging: press on the piece and carry it; every lit landing the cursor reaches is leapt
to at once, so one stroke can make a whole chain. Right-click ends a chain that has captured
(or drops a chosen piece). What each gesture means is decided here; the table carries it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.drag import DRAG_THRESHOLD, LEFT_BUTTON, RIGHT_BUTTON
from game.rules.moves import Cell
from game.scenes.leap_frog.refusals import NO_LANDING, refusal

if TYPE_CHECKING:
    from game.scenes.leap_frog.protocol import BoardTable

Point = tuple[float, float]


@dataclass
class _Press:
    pos: Point
    cell: Cell | None
    grabbed: bool  # the press took hold of the leaping piece (it may be dragged)
    was_chosen: bool  # that piece was already the chosen one before this press


class BoardMouse:
    def __init__(self, table: BoardTable) -> None:
        self.table = table
        self._press: _Press | None = None
        self.dragging = False

    def cancel(self) -> None:
        """Drop a drag in progress: the piece settles where its chain stands."""
        chain = self.table.chain
        if self.dragging and chain is not None and chain.started:
            self.table.view.glide(chain.path[0], chain.at)
        self._press = None
        self.dragging = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == RIGHT_BUTTON:
            return self.table.accepts_input and self._right_click()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == LEFT_BUTTON:
            return self.table.accepts_input and self._press_at(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return self._move_to(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == LEFT_BUTTON:
            return self._release_at(event.pos)
        return False

    def _hover(self, pos: Point) -> None:
        """Light the piece under the pointer if a click on it would do something."""
        table = self.table
        cell = table.layout.cell_at(pos) if table.accepts_input else None
        if cell is not None:
            if table.match.must_remove:
                cell = cell if table.match.rules.piece_at(table.match.state, cell) else None
            elif not table.chain.can_start(cell):
                cell = None
        if cell != table.hovered:
            table.hovered = cell
            table.dirty = True

    def _press_at(self, pos: Point) -> bool:
        self.cancel()
        cell = self.table.layout.cell_at(pos)
        if cell is None:
            return False
        chain = self.table.chain
        grabbed = was_chosen = False
        if chain is not None and not self.table.match.must_remove:
            if chain.started and cell == chain.at:
                grabbed = was_chosen = True
            elif chain.can_start(cell):
                self.table.choose(cell)
                grabbed = True
        self._press = _Press(pos, cell, grabbed, was_chosen)
        return True

    def _move_to(self, pos: Point) -> bool:
        press = self._press
        if press is None or not press.grabbed:
            return False
        if not self.dragging:
            if (pos[0] - press.pos[0]) ** 2 + (pos[1] - press.pos[1]) ** 2 < DRAG_THRESHOLD**2:
                return False
            self.dragging = True
        chain = self.table.chain
        if chain is None or not chain.started:
            self.cancel()
            return False
        self.table.view.follow(chain.path[0], pos)
        cell = self.table.layout.cell_at(pos)
        if cell is not None and cell in chain.landings:
            self.table.leap_to(cell, hop=False)
        return True

    def _release_at(self, pos: Point) -> bool:
        press = self._press
        if press is None:
            return False
        self._press = None
        if self.dragging:
            self.dragging = False
            chain = self.table.chain
            if chain is not None and chain.started:
                self.table.view.glide(chain.path[0], chain.at)
                if chain.stuck:
                    self.table.end_turn()
                elif self.table.layout.cell_at(pos) not in (None, chain.at):
                    self.table.refuse(NO_LANDING)  # dropped where it cannot land
            return True
        if self.table.layout.cell_at(pos) != press.cell:
            return True  # a press that wandered off its square means nothing
        self._click(press)
        return True

    def _click(self, press: _Press) -> None:
        table = self.table
        chain = table.chain
        if table.match.must_remove:
            table.remove(press.cell)
        elif press.grabbed:
            if press.was_chosen and chain is not None and not chain.can_end:
                table.drop_choice()
        elif chain is not None and press.cell in chain.landings:
            table.leap_to(press.cell, hop=True)
        else:
            table.refuse(refusal(table.match, chain, press.cell))

    def _right_click(self) -> bool:
        chain = self.table.chain
        if chain is None or not chain.started:
            return False
        if chain.can_end:
            self.table.end_turn()
        else:
            self.table.drop_choice()
        return True
