"""A person's leap entered square by square, every step checked by the rules.

The chain holds the path so far (the piece's start square, then each landing) and where the
piece may land next, which is what the table lights up. Nothing here changes the game: the
finished chain becomes one `Leap` move when the turn ends.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from game.rules.leap_frog import LeapFrogBoardRules, LeapFrogBoardState
from game.rules.moves import Cell, Leap

log = logging.getLogger(__name__)

CHAIN_EXTRA = "chain"  # the save's extra field for a turn's leaps not yet ended


class Chain:
    def __init__(self, rules: LeapFrogBoardRules, state: LeapFrogBoardState) -> None:
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

    def replay(self, path: Sequence[Cell]) -> bool:
        """Enter `path` (a start square, then its landings) afresh; False, and nothing
        entered, if the rules refuse any step of it."""
        self.clear()
        if len(path) > 1 and self.start(path[0]) and all(self.extend(cell) for cell in path[1:]):
            return True
        self.clear()
        return False

    def clear(self) -> None:
        self.path = []
        self.landings = []

    def move(self) -> Leap:
        return Leap(tuple(self.path))


def chain_extras(chain: Chain | None) -> dict:
    """What a save keeps of a turn in progress: its leaps, once it has made one."""
    if chain is None or not chain.can_end:
        return {}
    return {CHAIN_EXTRA: [[cell.row, cell.col] for cell in chain.path]}


def saved_path(extras: Mapping, size: int) -> tuple[Cell, ...]:
    """The squares of the turn in progress a save kept; () if it kept none, or something
    that is not a path of squares on an n x n board (logged). Whether the rules allow its
    leaps is `Chain.replay`'s to say."""
    raw = extras.get(CHAIN_EXTRA)
    if raw is None:
        return ()
    if (isinstance(raw, list) and len(raw) > 1
            and all(isinstance(item, list) and len(item) == 2
                    and all(type(n) is int and 0 <= n < size for n in item) for item in raw)):
        return tuple(Cell(row, col) for row, col in raw)
    log.warning("the saved game's turn in progress %r is not a path; it starts afresh", raw)
    return ()
