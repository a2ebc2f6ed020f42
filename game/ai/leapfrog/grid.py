"""The Leapfrog grid as the solver sees it: 52 bytes, row by row, 0 for a gap and
`suit * 16 + rank` for a card, so the card that fills a gap right of card `c` is `c - 1` (for
ranks above 2); its moves, its score, and the safe moves made at once (`settle`; why they are
safe is in `game.ai.leapfrog.solver`)."""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from game.rules.cards import SUITS
from game.rules.leapfrog import COLUMNS, ROWS, LeapfrogState

Grid = bytes
Move = tuple[int, int]  # (cell of the card, cell of the gap it fills)

GAP = 0
KING = 13
DEUCE = 2
KINGS = tuple(suit * 16 + KING for suit in range(len(SUITS)))
RANK_MASK = 15
FIRST_COLUMN = range(0, ROWS * COLUMNS, COLUMNS)
SEQUENCE, POSITION, SUIT, WIN = 2, 5, 10, 400

# Each King's final row without the last column, King to 2.
FINAL_RUNS = {king: bytes(range(king, king - KING + 1, -1)) for king in KINGS}
COMPLETE_ROWS = frozenset(FINAL_RUNS.values())
# For each card, its suit's final run from the King down to it: what the first cells of a
# row hold when that card is in its final place.
RUN_TO = {king - length: run[:length + 1] for king, run in FINAL_RUNS.items()
          for length in range(KING - 1)}
LAST = COLUMNS - 1
COLUMN_OF = tuple(cell % COLUMNS for cell in range(ROWS * COLUMNS))
# For each card as a gap's left neighbour: the card that fills the gap (0 after a 2, a gap or
# no card at all), and the gap's column when the card lies in its final column (-1: never).
CALLS_FOR = tuple(card - 1 if DEUCE < card & RANK_MASK <= KING else 0 for card in range(64))
FINAL_GAP_COLUMN = tuple(KING + 1 - (card & RANK_MASK) if CALLS_FOR[card] else -1
                         for card in range(64))


def grid_of(state: LeapfrogState) -> Grid:
    return bytes(GAP if card is None else SUITS.index(card.suit) * 16 + card.rank
                 for row in state.grid for card in row)


# The grid's rows, cut out in one call: the search does this for every position.
rows_of = itemgetter(*(slice(start, start + COLUMNS) for start in FIRST_COLUMN))


def is_won(grid: Grid) -> bool:
    """Every row complete, so every gap in the last column (checked first: it is quick)."""
    return not any(grid[COLUMNS - 1::COLUMNS]) and all(
        row[:-1] in COMPLETE_ROWS for row in rows_of(grid))


@lru_cache(maxsize=1 << 16)
def final_run(row: bytes) -> int:
    """How many cells from the first column on hold their final card: a King, then its suit
    downward."""
    king = row[0]
    if king & RANK_MASK != KING:
        return 0
    length = 1
    while length < COLUMNS and row[length] == king - length:
        length += 1
    return length


@lru_cache(maxsize=1 << 16)
def _row_score(row: bytes) -> int:
    """A row's points of RULES.md §1, the win bonus aside."""
    pairs = sum(1 for left, card in zip(row, row[1:], strict=False) if card and left == card + 1)
    run = final_run(row)
    return SEQUENCE * pairs + POSITION * run + (SUIT if run == KING - 1 else 0)


def score(grid: Grid) -> int:
    """The live score of RULES.md §1, computed on the compact grid."""
    return sum(map(_row_score, rows_of(grid))) + (WIN if is_won(grid) else 0)


def fills(grid: Grid) -> list[Move]:
    """Every legal move, gap by gap in reading order (the rules' own order)."""
    found = []
    gap = grid.find(GAP)
    while gap >= 0:
        if gap % COLUMNS == 0:
            for king in KINGS:
                source = grid.index(king)
                if source % COLUMNS:
                    found.append((source, gap))
        else:
            left = grid[gap - 1]
            if left & RANK_MASK > DEUCE:
                found.append((grid.index(left - 1), gap))
        gap = grid.find(GAP, gap + 1)
    return found


def fill(grid: Grid, move: Move) -> Grid:
    source, gap = move
    cells = bytearray(grid)
    cells[gap], cells[source] = cells[source], GAP
    return bytes(cells)


def merit(grid: Grid, move: Move) -> tuple[bool, bool, bool]:
    """How promising a move looks: it puts a card in its final place; it keeps the card's
    lower neighbour in sequence; the gap it leaves can be filled."""
    source, gap = move
    row_start = gap - gap % COLUMNS
    final = final_run(grid[row_start:row_start + COLUMNS]) == gap - row_start
    card = grid[source]
    keeps_pair = source % COLUMNS == COLUMNS - 1 or grid[source + 1] != card - 1
    if source % COLUMNS == 0:
        return final, keeps_pair, True  # a first-column gap takes a King
    left = card if source - 1 == gap else grid[source - 1]
    return final, keeps_pair, left & RANK_MASK > DEUCE


def gaps_of(grid: Grid) -> list[int]:
    """The gaps' cells in reading order."""
    gaps = []
    gap = grid.find(GAP)
    while gap >= 0:
        gaps.append(gap)
        gap = grid.find(GAP, gap + 1)
    return gaps


def survey(grid: Grid, gaps: list[int] | None = None) -> tuple[Move | None, list[Move]]:
    """One pass over the gaps in the order of `gaps` (found in reading order when the
    caller does not keep them): the first safe move, a move that may be made at once
    without losing a win (see the module docstring), with no list; or, when there is none,
    None and every fill. A safe move puts a card into its final place from
    the last column or from just left of the next card down of its suit, or puts a 2 there;
    a gap is a final place when the cells from the first column to it hold its left
    neighbour's final run, and a first-column gap is the last King's final place when no
    other King is left outside the first column."""
    found = []
    index = grid.index
    for gap in gaps_of(grid) if gaps is None else gaps:
        column = COLUMN_OF[gap]
        if column:
            left = grid[gap - 1]
            card = CALLS_FOR[left]
            if card:
                source = index(card)
                # The left neighbour lies in its final column, and the row leads up to it.
                if FINAL_GAP_COLUMN[left] == column \
                        and grid.startswith(RUN_TO[left], gap - column) \
                        and (COLUMN_OF[source] == LAST or card & RANK_MASK == DEUCE
                             or grid[source + 1] == card - 1):
                    return (source, gap), []
                found.append((source, gap))
        else:
            sources = [source for source in map(index, KINGS) if COLUMN_OF[source]]
            if len(sources) == 1:
                source = sources[0]
                if COLUMN_OF[source] == LAST or grid[source + 1] == grid[source] - 1:
                    return (source, gap), []
            found.extend((source, gap) for source in sources)
    return None, found


def safe_move(grid: Grid) -> Move | None:
    """The safe move `survey` finds first, if any."""
    return survey(grid)[0]


def settle(grid: Grid, record: list | None = None) -> Grid:
    """Make the safe moves, one after another, while there are any."""
    while (move := safe_move(grid)) is not None:
        if record is not None:
            record.append(move)
        grid = fill(grid, move)
    return grid
