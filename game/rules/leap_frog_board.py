"""Leap Frog boards: the deal, the geometry of leaps, and leap search on flat boards.

A board is a row-major tuple of `size * size` squares, each a piece symbol or None; square
`row * size + col` is (row, col). Working on plain integers and one flat tuple keeps move
generation and `apply` cheap enough for a computer player to search thousands of positions.
The functions here are the building blocks of `leap_frog.LeapFrogBoardRules`; a computer player
may use them directly to avoid building move objects it does not need.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from game.rules.moves import Cell

Board = tuple[str | None, ...]

# Murray's colours, from the most to the least valuable, with their share of the board
# (1 green : 2 red : 3 yellow : 4 white) and their points.
MURRAY_SHARES = {"G": 1, "R": 2, "Y": 3, "W": 4}
PLAIN_PIECE = "P"
PIECE_VALUES = {"G": 4, "R": 3, "Y": 2, "W": 1, PLAIN_PIECE: 1}
VARIANT_PIECES = {"murray": tuple(MURRAY_SHARES), "plain": (PLAIN_PIECE,)}

ORTHOGONAL_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL_STEPS = ((-1, 1), (1, 1), (1, -1), (-1, -1))


@dataclass(frozen=True, slots=True)
class Geometry:
    """Leap tables for one board size and direction set, built once and shared."""

    size: int
    cells: tuple[Cell, ...]  # square index -> Cell
    jumps: tuple[tuple[tuple[int, int], ...], ...]  # square -> ((jumped, landing), ...)
    jumped_between: tuple[dict[int, int], ...]  # square -> {landing: jumped}

    def square(self, cell: object) -> int | None:
        """The index of a (row, col) pair on this board, or None if it is not one."""
        try:
            row, col = cell
        except (TypeError, ValueError):
            return None
        if type(row) is not int or type(col) is not int:
            return None
        if 0 <= row < self.size and 0 <= col < self.size:
            return row * self.size + col
        return None


@lru_cache(maxsize=16)  # a few sizes and direction sets at most
def geometry(size: int, diagonal: bool) -> Geometry:
    steps = ORTHOGONAL_STEPS + DIAGONAL_STEPS if diagonal else ORTHOGONAL_STEPS
    cells = tuple(Cell(row, col) for row in range(size) for col in range(size))
    jumps = []
    for row, col in cells:
        pairs = []
        for d_row, d_col in steps:
            land_row, land_col = row + 2 * d_row, col + 2 * d_col
            if 0 <= land_row < size and 0 <= land_col < size:
                jumped = (row + d_row) * size + col + d_col
                pairs.append((jumped, land_row * size + land_col))
        jumps.append(tuple(pairs))
    between = tuple({land: jumped for jumped, land in pairs} for pairs in jumps)
    return Geometry(size, cells, tuple(jumps), between)


def murray_counts(size: int) -> dict[str, int]:
    """Pieces of each colour on a `size` x `size` board, by the largest-remainder method.

    Colour c's quota is size*size * share(c) / 10; every colour gets the whole part, and the
    pieces left over go one each to the largest remainders, equal remainders favouring the
    lower-valued colour.
    """
    total = size * size
    parts = sum(MURRAY_SHARES.values())
    counts = {colour: total * share // parts for colour, share in MURRAY_SHARES.items()}
    left = total - sum(counts.values())
    by_remainder = sorted(
        MURRAY_SHARES,
        key=lambda colour: (-(total * MURRAY_SHARES[colour] % parts), PIECE_VALUES[colour]),
    )
    for colour in by_remainder[:left]:
        counts[colour] += 1
    return counts


def initial_counts(size: int, variant: str) -> dict[str, int]:
    """How many pieces of each symbol a new game of this size and variant has."""
    if variant == "plain":
        return {PLAIN_PIECE: size * size}
    return murray_counts(size)


def deal_board(seed: int, size: int, variant: str) -> Board:
    """Every square filled, the pieces shuffled by `random.Random(seed)`."""
    pieces = [symbol for symbol, count in initial_counts(size, variant).items()
              for _ in range(count)]
    random.Random(seed).shuffle(pieces)
    return tuple(pieces)


def first_hops(board: Board, geo: Geometry) -> Iterator[tuple[int, int]]:
    """Every single leap (start, landing), in no particular order.

    Scans from whichever is scarcer, the empty squares or the pieces, since a leap needs both.
    """
    jumps = geo.jumps
    empty = board.count(None)
    if empty <= len(board) - empty:
        for land, square in enumerate(board):
            if square is None:
                for jumped, start in jumps[land]:
                    if board[jumped] is not None and board[start] is not None:
                        yield start, land
    else:
        for start, square in enumerate(board):
            if square is not None:
                for jumped, land in jumps[start]:
                    if board[jumped] is not None and board[land] is None:
                        yield start, land


def can_leap(board: Board, geo: Geometry) -> bool:
    return next(first_hops(board, geo), None) is not None


def leap_starts(board: Board, geo: Geometry) -> list[int]:
    """The squares whose piece can make at least one leap, in board order."""
    return sorted({start for start, _ in first_hops(board, geo)})


def chains_from(board: Board, geo: Geometry, start: int,
                as_cells: bool = False) -> Iterator[tuple]:
    """Every leap path of the piece on `start` (none if the square is empty); see `chains`."""
    return _walk_chains(board, geo, (start,) if board[start] is not None else (), as_cells)


def chains(board: Board, geo: Geometry, as_cells: bool = False) -> Iterator[tuple]:
    """Every leap path on the board, by start square, depth first, each before its extensions.

    A path is the start square then each landing square, as square indices or, with
    `as_cells`, as Cells. The piece is lifted off its start square, so it may land there
    again; jumped pieces leave at once, so a later leap may land where they stood.
    """
    return _walk_chains(board, geo, leap_starts(board, geo), as_cells)


def _walk_chains(board: Board, geo: Geometry, starts, as_cells: bool) -> Iterator[tuple]:
    # One working copy of the board for all starts: each walk puts back what it lifted.
    squares = list(board)
    jumps = geo.jumps
    label = geo.cells if as_cells else range(len(board))
    for start in starts:
        mover = squares[start]
        squares[start] = None
        path = [label[start]]
        lifted: list[tuple[int, str]] = []  # (square, piece) jumped on the way to path[-1]
        pending = [iter(jumps[start])]
        while pending:
            for jumped, land in pending[-1]:
                piece = squares[jumped]
                if piece is not None and squares[land] is None:
                    squares[jumped] = None
                    lifted.append((jumped, piece))
                    path.append(label[land])
                    yield tuple(path)
                    pending.append(iter(jumps[land]))
                    break
            else:
                pending.pop()
                if lifted:
                    jumped, piece = lifted.pop()
                    squares[jumped] = piece
                    path.pop()
        squares[start] = mover


def play_chain(
    board: Board, geo: Geometry, path: tuple[int, ...]
) -> tuple[Board, tuple[str, ...]] | None:
    """The board after leaping along `path`, with the pieces jumped in order; None if illegal."""
    if len(path) < 2 or board[path[0]] is None:
        return None
    squares = list(board)
    mover = squares[path[0]]
    squares[path[0]] = None
    between = geo.jumped_between
    taken = []
    here = path[0]
    for land in path[1:]:
        jumped = between[here].get(land)
        if jumped is None or squares[land] is not None:
            return None
        piece = squares[jumped]
        if piece is None:
            return None
        taken.append(piece)
        squares[jumped] = None
        here = land
    squares[here] = mover
    return tuple(squares), tuple(taken)


def next_landings(board: Board, geo: Geometry, path: tuple[int, ...]) -> list[int] | None:
    """Where the piece may leap next after the legal partial `path` (or None if it is not).

    A path of just the start square asks for the first leaps of that piece.
    """
    if not path or board[path[0]] is None:
        return None
    if len(path) == 1:
        squares = board
    else:
        played = play_chain(board, geo, path)
        if played is None:
            return None
        squares = played[0]
    return [land for jumped, land in geo.jumps[path[-1]]
            if squares[jumped] is not None and squares[land] is None]
