"""Why a click or drop on the board does nothing: a few words for the status block."""

from __future__ import annotations

from game.rules.moves import Cell
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.match import Match

EMPTY_REMOVAL = "That hole is empty: click a marble to remove it."
NO_LANDING = ("It cannot land there: a leap goes over one marble into the empty hole just "
              "beyond it (the green rings).")
ONE_MARBLE = ("A turn leaps with one marble only: leap on to a green ring, or end the turn "
              "(Enter or right-click).")
TAKEN = "That marble is already captured in this turn."
EMPTY = "That hole is empty: choose a marble to leap with."
STUCK = ("That marble cannot leap: it needs a neighbouring marble with an empty hole just "
         "beyond it.")


def refusal(match: Match, chain: Chain | None, cell: Cell | None) -> str:
    """Why a click on `cell` (or a drop there) is refused; "" if it needs no words."""
    if cell is None or chain is None:
        return ""
    piece = match.rules.piece_at(match.state, cell)
    if match.rules.must_remove(match.state):
        return "" if piece else EMPTY_REMOVAL
    if cell in chain.jumped:
        return TAKEN
    if chain.started and piece is None:
        return NO_LANDING
    if chain.can_end:
        return ONE_MARBLE
    if piece is None:
        return EMPTY
    return "" if chain.can_start(cell) else STUCK
