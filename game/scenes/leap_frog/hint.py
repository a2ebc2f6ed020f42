"""H at a person's turn: the marbles that can leap are ringed, and the computer player's
search (at its strongest) suggests a move, worked out on its own thread like a computer
player's. H again, or the turn's end, puts the hint away."""

from __future__ import annotations

from game.rules.moves import Cell
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.computer import Chooser, ComputerThought
from game.scenes.leap_frog.marks import HINT_COLOUR, MoveMark, hint_words, mark_of
from game.scenes.leap_frog.match import Match

HINT_STRENGTH = "hard"
SEARCHING = "Looking for a good move…"


class BoardHint:
    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser
        self.thought: ComputerThought | None = None
        self.mark: MoveMark | None = None
        self.movable: tuple[Cell, ...] = ()
        self.words = ""

    @property
    def shown(self) -> bool:
        return self.thought is not None or self.mark is not None or bool(self.movable)

    @property
    def pending(self) -> bool:
        return self.thought is not None

    def ask(self, match: Match, chain: Chain) -> None:
        """Ring the marbles that can leap and start the search for a move."""
        self.clear()
        state = match.state
        if not match.rules.must_remove(state):
            size = state.options.size
            cells = (Cell(*divmod(square, size)) for square, piece in enumerate(state.board)
                     if piece is not None)
            self.movable = tuple(cell for cell in cells if chain.landings_from(cell))
        self.thought = ComputerThought(state, HINT_STRENGTH,
                                       state.seed + match.history.position, self.chooser)
        self.words = SEARCHING

    def poll(self, match: Match) -> bool:
        """Take the search's answer once it is ready; True when the hint has just come."""
        thought = self.thought
        if thought is None or not thought.ready:
            return False
        self.thought = None
        move = thought.move
        self.mark = mark_of(match, move, HINT_COLOUR, made=False)
        self.words = hint_words(match, move)
        return True

    def clear(self) -> None:
        if self.thought is not None:
            self.thought.cancel()
        self.thought = None
        self.mark = None
        self.movable = ()
        self.words = ""
