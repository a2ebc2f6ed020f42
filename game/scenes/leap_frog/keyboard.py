"""A person's turn at the Leap Frog table from the keyboard.

The arrows move a focus square over the board. Enter or Space on a piece removes it in the
opening turn, or else chooses it to leap with; from then on the arrows step only among the
squares it may land on next (and back to the piece itself), and Enter or Space leaps there.
Once it has captured, Enter or Space on the piece (or anywhere but a landing) ends the turn,
and Esc takes the chosen piece and its leaps back. The focus shows
once a key is used and goes at a mouse press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.input import Action
from game.rules.moves import Cell
from game.scenes.leap_frog.refusals import refusal
from game.scenes.ui import neighbour

if TYPE_CHECKING:
    from game.scenes.leap_frog.protocol import BoardTable

STEPS = {Action.LEFT: (0, -1), Action.RIGHT: (0, 1), Action.UP: (-1, 0), Action.DOWN: (1, 0)}
ACTIVATE = (Action.CONFIRM, Action.SELECT)


class BoardKeyboard:
    """The focus square at `table` and what the keys do with it."""

    def __init__(self, table: BoardTable) -> None:
        self.table = table
        self.shown = False
        self.focus: Cell | None = None

    @property
    def visible_focus(self) -> Cell | None:
        """The square to mark, while the keys are in use and a person is to move."""
        return self.focus if self.shown and self.table.accepts_input else None

    def hide(self) -> None:
        """The mouse is in use: the focus square goes."""
        if self.shown:
            self.shown = False
            self.table.dirty = True

    def handle_action(self, action: Action) -> bool:
        table = self.table
        chain = table.chain
        if action is Action.BACK and chain is not None and chain.started:
            self.focus = chain.path[0]  # the table takes the leaps back; the focus follows
            return False
        if not table.accepts_input or (action not in STEPS and action not in ACTIVATE):
            return False
        if not self.shown or self.focus is None:
            if action is Action.CONFIRM:
                return False  # Enter ends a turn entered with the mouse, as it always has
            self.shown = True  # the first key only shows the focus
            self.focus = self._start()
        elif action in STEPS:
            self._move(action)
        else:
            self._activate()
        table.dirty = True
        return True

    def _start(self) -> Cell:
        chain = self.table.chain
        if chain.started:
            return chain.at
        if self.focus is not None:
            return self.focus
        middle = self.table.match.state.options.size // 2
        return Cell(middle, middle)

    def _move(self, action: Action) -> None:
        """A square along the board; with a piece chosen, among its landings and itself, by
        the rule the menus follow (a diagonal landing answers the arrows either side)."""
        chain = self.table.chain
        if chain.started:
            choices = [chain.at, *chain.landings]
            if self.focus not in choices:
                self.focus = chain.at
            rects = [self.table.layout.cell_rect(cell) for cell in choices]
            found = neighbour(rects, choices.index(self.focus), action)
            self.focus = self.focus if found is None else choices[found]
            return
        last = self.table.match.state.options.size - 1
        row, col = STEPS[action]
        self.focus = Cell(min(last, max(0, self.focus.row + row)),
                          min(last, max(0, self.focus.col + col)))

    def _activate(self) -> None:
        """Enter or Space on the focus square."""
        table, chain, cell = self.table, self.table.chain, self.focus
        if table.match.must_remove:
            table.remove(cell)
        elif not chain.started:
            if chain.can_start(cell):
                table.choose(cell)
            else:
                table.refuse(refusal(table.match, chain, cell))
        elif cell in chain.landings:
            table.leap_to(cell, hop=True)
        elif chain.can_end:
            table.end_turn()  # on the piece, or anywhere off its landings
        elif cell == chain.at:
            table.drop_choice()
        else:
            table.refuse(refusal(table.match, chain, cell))
