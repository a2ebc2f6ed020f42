"""Signs on the board of moves made or suggested: each player's last move, and a hint.

A mark is a path (the marble's start square, then each landing; a removal's one square) and
the squares it captured, in a colour: the mover's seat colour for a move made, gold for a hint.
The last move of every other player stays marked until they move again, so whoever is to
move sees everything that happened since their own turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.art.palette import Colour
from game.rules.leap_frog_board import PIECE_VALUES
from game.rules.moves import Cell, Leap, RemovePiece
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.match import Match

HINT_COLOUR: Colour = (255, 214, 72)


@dataclass(frozen=True)
class MoveMark:
    colour: Colour
    path: tuple[Cell, ...]
    captured: tuple[Cell, ...]
    made: bool = True  # played (its captures have left the board), else only suggested


def mark_of(match: Match, move: RemovePiece | Leap, colour: Colour,
            made: bool = True) -> MoveMark:
    if isinstance(move, RemovePiece):
        return MoveMark(colour, (move.square,), (move.square,), made)
    return MoveMark(colour, tuple(move.path), match.rules.jumped_squares(move), made)


def last_moves(match: Match, *, hide_latest: bool = False) -> list[MoveMark]:
    """The latest move of each other player, oldest first (`hide_latest`: all but the
    newest, while it is still being shown)."""
    history = match.history
    position = history.position
    first = max(0, position - (match.state.options.players - 1))
    last = position - 1 if hide_latest else position
    marks = []
    for index in range(first, last):
        mover = match.rules.current_player(history.states[index])
        marks.append(mark_of(match, history.moves[index], match.lineup[mover].colour))
    return marks


def marks_shown(match: Match, hint: MoveMark | None, chain: Chain | None, *,
                moving: bool) -> list[MoveMark]:
    """The marks on the board: a hint asked for has it to itself; while a chain that has
    captured is being entered, none; else the others' last moves (all but the newest while
    it is `moving`)."""
    if hint is not None:
        return [hint]
    if chain is not None and chain.can_end:
        return []
    return last_moves(match, hide_latest=moving)


def hint_words(match: Match, move: RemovePiece | Leap) -> str:
    """What the hint suggests, in a line for the status block."""
    if isinstance(move, RemovePiece):
        return f"Hint: remove the marble ringed in gold{_worth(match, [move.square])}."
    captured = match.rules.jumped_squares(move)
    count = len(captured)
    return (f"Hint: leap along the gold path, capturing {count} "
            f"piece{'' if count == 1 else 's'}{_worth(match, captured)}.")


def _worth(match: Match, squares) -> str:
    """ " (7 points)" in Murray's game; nothing in the plain one, where a piece is a point."""
    if match.state.options.variant == "plain":
        return ""
    points = sum(PIECE_VALUES[match.rules.piece_at(match.state, cell)] for cell in squares)
    return f" ({points} point{'' if points == 1 else 's'})"
