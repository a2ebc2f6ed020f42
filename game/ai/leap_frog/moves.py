"""Candidate moves for the Leap Frog computer players, on boards of piece values.

The rules can list every leap path, but with diagonal leaps a position may have hundreds of
thousands of them, most of them the same captures in another order. A player needs only a few
good ones: for each first leap, the most valuable chain that a bounded, best-first walk finds,
together with every point along it where stopping may be wiser than going on.

A board here is the rules' flat board with each piece replaced by its points (None stays
empty), so the rules' own helpers (`first_hops`, `play_chain`) work on it unchanged and a
capture's worth is the sum of what it takes. A move is a path of square indices: one square
for an opening removal, else the start square and each landing square.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from game.rules.leap_frog_board import PIECE_VALUES, Board, Geometry, first_hops, play_chain

Values = tuple[int | None, ...]  # per square: the points of its piece, None when empty
Path = tuple[int, ...]

# Squares a best-first walk may visit per first leap. Orthogonal chains rarely need more than
# a handful; the bound matters on diagonal boards riddled with holes, where the walk would
# otherwise wander through every ordering of the same captures.
WALK_BUDGET = 48
THREAT_BUDGET = 6
_FIRST = itemgetter(0)  # sort key: a hop's value, a candidate's gain


class Candidate(NamedTuple):
    gain: int  # the points the move captures
    path: Path


def values_of(board: Board) -> Values:
    return tuple(None if piece is None else PIECE_VALUES[piece] for piece in board)


def play(values: Values, geo: Geometry, path: Path) -> Values:
    """The board after the (legal) move `path`."""
    if len(path) == 1:
        square = path[0]
        return values[:square] + (None,) + values[square + 1:]
    played = play_chain(values, geo, path)
    if played is None:
        raise ValueError(f"not a leap on this board: {path!r}")
    return played[0]


class _Walker:
    """Best-first, bounded depth-first search for the most valuable chain after a first leap.

    One working copy of the board serves every walk; each walk puts back what it lifts.
    """

    def __init__(self, values: Values, geo: Geometry) -> None:
        self.squares = list(values)
        self.jumps = geo.jumps
        self.between = geo.jumped_between
        self.path: list[int] = []
        self.best_gain = 0
        self.best_path: list[int] = []
        self.steps_left = 0

    def best_chain(self, start: int, land: int, budget: int) -> tuple[int, list[int]]:
        """The best (gain, path) found that begins by leaping from `start` onto `land`,
        looking at no more than `budget` further leaps."""
        squares = self.squares
        mover = squares[start]
        jumped = self.between[start][land]
        first_gain = squares[jumped]
        squares[start] = squares[jumped] = None
        self.path = [start, land]
        self.best_gain, self.best_path = first_gain, self.path[:]
        self.steps_left = budget
        self._extend(land, first_gain)
        squares[jumped] = first_gain
        squares[start] = mover
        return self.best_gain, self.best_path

    def _extend(self, here: int, gain: int) -> None:
        squares = self.squares
        hops = [(squares[jumped], jumped, land) for jumped, land in self.jumps[here]
                if squares[jumped] is not None and squares[land] is None]
        hops.sort(key=_FIRST, reverse=True)
        for value, jumped, land in hops:
            if self.steps_left <= 0:
                return
            self.steps_left -= 1
            squares[jumped] = None
            self.path.append(land)
            if gain + value > self.best_gain:
                self.best_gain, self.best_path = gain + value, self.path[:]
            self._extend(land, gain + value)
            self.path.pop()
            squares[jumped] = value


def leap_candidates(values: Values, geo: Geometry, budget: int = WALK_BUDGET) -> list[Candidate]:
    """Leaps worth considering, most valuable first (ties in board order).

    For every first leap: the best chain found after it, and every square along it where the
    piece could stop instead (stopping early may keep it, or the pieces it would leave
    behind, out of the next player's reach).
    """
    walker = _Walker(values, geo)
    seen: set[Path] = set()
    found = []
    for start, land in sorted(first_hops(values, geo)):
        _, path = walker.best_chain(start, land, budget)
        gain = 0
        for index in range(1, len(path)):
            here, there = path[index - 1], path[index]
            gain += values[geo.jumped_between[here][there]]
            prefix = tuple(path[:index + 1])
            if prefix not in seen:
                seen.add(prefix)
                found.append(Candidate(gain, prefix))
    found.sort(key=_FIRST, reverse=True)
    return found


def best_leap_gain(values: Values, geo: Geometry, budget: int = THREAT_BUDGET) -> int:
    """About the most the player to move can capture with one leap (0 when they cannot leap).

    A cheap, slightly pessimistic estimate: each chain is walked with a small budget.
    """
    walker = _Walker(values, geo)
    best = 0
    for start, land in first_hops(values, geo):
        gain, _ = walker.best_chain(start, land, budget)
        best = max(best, gain)
    return best


def removal_candidates(values: Values, geo: Geometry, limit: int) -> list[Candidate]:
    """The `limit` opening removals that look best: a valuable piece whose hole lets the next
    player jump in over as little as possible.

    A hole at s can be reached by the piece two squares away over the piece between, so the
    exposure of s is the best piece that sits between s and another piece.
    """
    ranked = []
    for square, value in enumerate(values):
        if value is None:
            continue
        exposure = max((values[jumped] for jumped, far in geo.jumps[square]
                        if values[jumped] is not None and values[far] is not None), default=0)
        ranked.append((value - exposure, value, square))
    ranked.sort(key=lambda item: item[:2], reverse=True)  # ties stay in board order
    return [Candidate(value, (square,)) for _, value, square in ranked[:limit]]
