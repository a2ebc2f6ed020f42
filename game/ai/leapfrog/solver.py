"""Leapfrog solver: can the four rows still be sorted King to 2, and what is worth playing?

Positions are the grid as 52 bytes (`game.ai.leapfrog.grid`).

Soundness of the search:
- The rules never look at a row's index: a gap takes the card below its left neighbour
  wherever it lies, a first-column gap takes any King outside the first column, and a win asks
  every row to be complete, whichever suit it holds. Positions whose rows are a permutation of
  each other are therefore equally winnable, and the ordered search's key sorts the rows. The
  search of every position keys on the grid itself: two rows trade places only when whole
  rows do, which real deals practically never reach (the same count of positions either
  way), and the grid costs no sorting. The gaps are one symbol, so they are interchangeable
  already.
- The game is finite: a King moves at most once (into the first column, where it stays), and a
  card moves again only after the next-higher card of its suit moved (until then it sits to
  that card's right), so a card of rank r moves at most 14 - r times. No position, nor any row
  permutation of it, can come back, so "every position seen" means "every position searched".
- Cards in their final place (a run from a King in the first column) never move again, and
  the gap after such a run takes only the next card down, X, which moves nowhere else. So a
  winning line keeps X where it is until it plays it there. Playing it first instead changes
  only one thing for the moves in between: X no longer lies where it was, where it could
  have let the next card down of its suit fill a gap to its right. When no such gap can
  arise there (X is a 2, lies in the last column, or already has that card to its right,
  which cannot move before X does), moving X first keeps the line winning, so those safe
  moves are made at once. The same holds for the last King outside the first column: with
  three Kings there, one first-column gap is left, only that King can fill it, and the King
  can go nowhere else, so it is moved at once when it lies in the last column or has its
  Queen to its right. The move ordering then tries final places first, then moves that
  leave a live gap behind.
- The search of every position keys both the position a move reaches and the one its safe
  moves then lead to, so a position reached with its safe moves made in another order is
  searched once.

A search in that order gets a moment, for the quick wins and a hint's best line. Proving a
loss means visiting every position, so the rest goes to a plainer search that does only that,
several times as fast; in the same time it finds the other wins too.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.ai.leapfrog.grid import (
    GAP,
    Grid,
    Move,
    fill,
    fills,
    gaps_of,
    grid_of,
    is_won,
    merit,
    rows_of,
    score,
    settle,
    survey,
)
from game.ai.lost_memory import LostMemory
from game.ai.search import (
    Budget,
    Meter,
    SearchOutcome,
    SolitaireAdvisor,
    SolveResult,
    depth_first,
)
from game.ai.solitaire_space import nothing_to_gain, rules_line, steps_of
from game.rules.leapfrog import COLUMNS, RULES, LeapfrogState
from game.rules.moves import Cell, GapMove

PROBE_BUDGET = Budget(max_nodes=20_000, max_seconds=0.5)
# What the search in the most promising order may spend before the search of every
# position begins, however long the budget: its best line leads a hint when no win is
# found, and a hint's half second gives it this. Beyond that it wins nothing the other does
# not: that one visits four times as many positions a second, and on deals 9301-9400 it
# alone won within 10 s every deal that giving the ordered search a tenth of the 10 s won.
ORDERED_SECONDS = 0.15
ORDERED_NODES = 4_000  # about as many as it visits in ORDERED_SECONDS
LOST = LostMemory()  # grids proven lost, in a post-mortem's worker (game.ai.lost_memory)



def exhaustive(root: Grid, meter: Meter, lost: set | None = None) -> SearchOutcome:
    """Every position reachable from `root` (settled), depth first in the rules' order:
    `depth_first` without the move ordering, the row symmetry and the progress, so
    several times as many positions a second, which is what proving a loss needs. Finds a
    win or not; never a progress line.

    `lost`, when given, holds grids proven lost, which are not searched again, and gets the
    grids this search proves lost, whatever its outcome: as no position comes back, a
    position whose moves were all searched without a win (those left for good) is lost,
    each of its children having been searched, or proven lost before; only the positions on
    the line still being searched, and the one just reached, are not proven."""
    if is_won(root):
        return SearchOutcome(True, False, (), root, ())
    seen: set[bytes] = set() if lost is None else lost
    if root in seen:
        return SearchOutcome(False, True, (), None, ())
    # Bound to locals: this loop is the whole cost of a proof.
    remember, tick = seen.add, meter.tick
    # Each position on the line, with its gaps, its moves left and the keys it was
    # remembered by.
    frames: list[tuple[Grid, list[int], Iterator[Move], tuple[bytes, ...]]] = [
        (root, gaps_of(root), iter(fills(root)), ())]
    path: list[Move] = []  # the move into each position on the line after the root
    while frames:
        grid, gaps, pending, _ = frames[-1]
        for move in pending:
            source, gap = move
            cells = bytearray(grid)
            cells[gap] = cells[source]
            cells[source] = GAP
            # The grid itself is the key, told apart before the safe moves, and again after
            # them: two positions may settle into the same one.
            child = bytes(cells)
            if child in seen:
                continue
            remember(child)
            keys: tuple[bytes, ...] = (child,)
            # The card leaves a gap where it was: the gaps are kept, not searched for, in
            # reading order, the order the search of every position went in from the start
            # (the wins it finds early depend on it).
            child_gaps = gaps.copy()
            child_gaps[gaps.index(gap)] = source
            child_gaps.sort()
            safe, moves = survey(child, child_gaps)
            if safe is not None:
                while safe is not None:
                    child = fill(child, safe)
                    child_gaps[child_gaps.index(safe[1])] = safe[0]
                    child_gaps.sort()
                    safe, moves = survey(child, child_gaps)
                if child in seen:
                    continue
                remember(child)
                keys = (keys[0], child)
            if not tick():
                _unproven(seen, frames, keys)
                return SearchOutcome(False, False, (), None, ())
            if moves:
                frames.append((child, child_gaps, iter(moves), keys))
                path.append(move)
                break
            if is_won(child):  # a won position has no move left, like a lost one
                _unproven(seen, frames, keys)
                return SearchOutcome(True, False, (*path, move), child, ())
        else:
            frames.pop()
            del path[-1:]
    remember(root)
    return SearchOutcome(False, True, (), None, ())


def _unproven(seen: set, frames: list, keys: tuple[bytes, ...]) -> None:
    """Forget the keys of the positions a stopped search did not prove lost: those on its
    line and the one it had just reached."""
    for *_, added in frames:
        seen.difference_update(added)
    seen.difference_update(keys)


class LeapfrogSpace:
    """The search space of `depth_first`: every fill, best looking first. With `settle`, the
    safe moves are made at once after each move."""

    def __init__(self, settle: bool = True) -> None:
        self.settle = settle

    def moves(self, grid: Grid) -> list[Move]:
        return sorted(fills(grid), key=lambda move: merit(grid, move), reverse=True)

    def play(self, grid: Grid, move: Move, record: list | None = None) -> Grid:
        if record is not None:
            record.append(move)
        grid = fill(grid, move)
        return settle(grid, record) if self.settle else grid

    def key(self, grid: Grid) -> bytes:
        return b"".join(sorted(rows_of(grid)))

    def is_goal(self, grid: Grid) -> bool:
        return is_won(grid)

    def progress(self, grid: Grid) -> int:
        return score(grid)

    def finish(self, grid: Grid) -> list[Move]:
        return []


SPACE = LeapfrogSpace()


def to_gap_move(state: LeapfrogState, move: Move) -> GapMove:
    source, gap = move
    return GapMove(Cell(*divmod(source, COLUMNS)), Cell(*divmod(gap, COLUMNS)))


def solve(state: LeapfrogState, budget: Budget) -> SolveResult:
    """Search for a win from `state` within `budget`: first in the most promising order for
    a moment, which finds the quick wins and leads the progress line (to the best score
    seen, for hints when no win is found); then, if that did not settle it, every position
    as fast as possible, which finds the other wins and is what proving a loss takes."""
    meter = budget.start()
    root_steps: list[Move] = []
    root = settle(grid_of(state), root_steps)
    nodes, seconds = meter.remaining()
    meter.limit(None if nodes is None else min(nodes, ORDERED_NODES),
                None if seconds is None else min(seconds, ORDERED_SECONDS))
    ordered = depth_first(SPACE, root, meter)
    meter.limit()
    outcome = ordered
    if not (ordered.found or ordered.exhausted) and meter.running():
        outcome = exhaustive(root, meter, LOST.for_search())
    if outcome.found:
        steps = root_steps + steps_of(SPACE, root, outcome.path)
        line, end = rules_line(RULES, state, steps, to_gap_move)
        if not RULES.is_won(end):
            raise ValueError("Leapfrog solver: the winning line does not win")
        return SolveResult("won", line, meter.nodes, meter.seconds, line)
    progress, _ = rules_line(RULES, state, root_steps + steps_of(SPACE, root,
                                                                 ordered.best_path),
                             to_gap_move)
    return SolveResult("lost" if outcome.exhausted else "unknown", None, meter.nodes,
                       meter.seconds, progress)


def no_productive_moves(state: LeapfrogState, budget: Budget = PROBE_BUDGET) -> bool:
    """True only when no sequence of moves reaches a higher score than now (a won game
    included); False whenever that is not settled within `budget`."""
    grid = grid_of(state)
    if is_won(grid):
        return True
    now = score(grid)
    return nothing_to_gain(LeapfrogSpace(settle=False), grid,
                           lambda position: score(position) > now, budget)


def auto_finish_line(state: LeapfrogState) -> tuple[GapMove, ...] | None:
    """When the rest is putting cards in their final places one after another: those moves.
    None when the game is won already or that does not finish it."""
    grid = grid_of(state)
    if is_won(grid):
        return None
    line: list[Move] = []
    while not is_won(grid):
        final = [move for move in fills(grid) if merit(grid, move)[0]]
        if not final:
            return None
        line.append(final[0])
        grid = fill(grid, final[0])
    moves = []
    for move in line:
        gap_move = to_gap_move(state, move)
        state = RULES.apply(state, gap_move)
        moves.append(gap_move)
    return tuple(moves)


ADVISOR = SolitaireAdvisor(solve, no_productive_moves, auto_finish_line)
