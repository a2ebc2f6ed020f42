"""A person's leap entered square by square, every step checked by the rules.

The chain holds the path so far (the piece's start square, then each landing) and where the
piece may land next, which is what the table lights up. Nothing here changes the game: the
finished chain becomes one `Leap` move when the turn ends.
"""

from __future__ import annotations

from game.rules.leap_frog import LeapFrogRules, LeapFrogState
from game.rules.moves import Cell, Leap


class Chain:
    def __init__(self, rules: LeapFrogRules, state: LeapFrogState) -> None:
        self.rules = rules
        self.state = state
        self.path: list[Cell] = []
        self.landings: list[Cell] = []

    @property
    def started(self) -> bool:
        """A piece has been chosen (perhaps with no leap made yet)."""
        return bool(self.path)

    @property
    def captures(self) -> int:
        return max(0, len(self.path) - 1)

    @property
    def can_end(self) -> bool:
        """At least one piece captured: the turn may stop here."""
        return self.captures > 0

    @property
    def stuck(self) -> bool:
        """Leaps made and none left: the turn ends by itself."""
        return self.can_end and not self.landings

    @property
    def at(self) -> Cell | None:
        """Where the leaping piece stands now."""
        return self.path[-1] if self.path else None

    @property
    def jumped(self) -> tuple[Cell, ...]:
        """The squares of the pieces captured so far, in order."""
        return self.rules.jumped_squares(self.move()) if self.can_end else ()

    def landings_from(self, cell: Cell) -> list[Cell]:
        """Where the piece on `cell` could make its first leap ([] for an empty square)."""
        return self.rules.next_landings(self.state, [cell])

    def can_start(self, cell: Cell) -> bool:
        return not self.can_end and bool(self.landings_from(cell))

    def start(self, cell: Cell) -> bool:
        """Choose the piece on `cell`; refused once a capture has been made."""
        if not self.can_start(cell):
            return False
        self.path = [cell]
        self.landings = self.landings_from(cell)
        return True

    def extend(self, cell: Cell) -> bool:
        """Leap on to `cell` if it is one of the lit landings."""
        if cell not in self.landings:
            return False
        self.path.append(cell)
        self.landings = self.rules.next_landings(self.state, self.path)
        return True

    def clear(self) -> None:
        self.path = []
        self.landings = []

    def move(self) -> Leap:
        return Leap(tuple(self.path))
