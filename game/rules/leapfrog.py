"""Leapfrog: 48 cards and four gaps in a 4 x 13 grid; sort each row from King down to 2.

The deal: one deck shuffled from the seed, dealt row by row, left to right; the four Aces are
then taken out and leave the gaps. A gap right of a card of rank r > 2 takes the card of rank
r - 1 in the same suit, wherever it lies; a gap in the first column takes any King that is not
already in the first column. A gap right of a 2 or of another gap cannot be filled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.rules.cards import SUITS, Card, parse_card, shuffled_deck
from game.rules.moves import Cell, GapMove, cell_from_list
from game.rules.patience import KING, SolitaireRules
from game.rules.serial import expect_game, expect_keys, expect_list, expect_seed

ROWS = 4
COLUMNS = 13
DEUCE = 2
BUY_IN = 100
WIN_BONUS = 4 * BUY_IN
SEQUENCE_POINTS = 2
POSITION_POINTS = 5
SUIT_POINTS = 10

Grid = tuple[tuple[Card | None, ...], ...]  # None is a gap


@dataclass(frozen=True, slots=True)
class LeapfrogState:
    seed: int
    grid: Grid  # ROWS rows of COLUMNS cells


class ScoreBreakdown(NamedTuple):
    """Points of each kind, as the end-of-game summary lists them."""

    sequence: int  # 2 per card whose left neighbour is the next-higher card of its suit
    position: int  # 5 per card in its final place, Kings in the first column included
    suits: int  # 10 per row complete from King to 2
    bonus: int  # 400 for a win
    total: int


class LeapfrogRules(SolitaireRules):
    id = "leapfrog"
    title = "Leapfrog"

    def _deal(self, seed: int) -> LeapfrogState:
        cells = [None if card.rank == 1 else card for card in shuffled_deck(seed, 1)]
        grid = tuple(tuple(cells[row * COLUMNS:(row + 1) * COLUMNS]) for row in range(ROWS))
        return LeapfrogState(seed, grid)

    def _legal_moves(self, state: LeapfrogState) -> list[GapMove]:
        """For each gap in reading order, each card that may fill it."""
        return [GapMove(source, gap) for gap in _gaps(state.grid)
                for source in _fillers(state.grid, gap)]

    def _play(self, state: LeapfrogState, move: GapMove) -> LeapfrogState:
        source, target = move
        card = state.grid[source.row][source.col]
        rows = list(state.grid)
        rows[source.row] = _with_cell(rows[source.row], source.col, None)
        rows[target.row] = _with_cell(rows[target.row], target.col, card)
        return LeapfrogState(state.seed, tuple(rows))

    def is_won(self, state: LeapfrogState) -> bool:
        return _completed_rows(state.grid) == ROWS

    def score(self, state: LeapfrogState) -> int:
        """The live score, before the buy-in is taken off."""
        return self.score_breakdown(state).total

    def score_breakdown(self, state: LeapfrogState) -> ScoreBreakdown:
        grid = state.grid
        in_sequence = sum(
            1 for row in grid for left, card in zip(row, row[1:], strict=False)
            if card is not None and left is not None
            and left.suit == card.suit and left.rank == card.rank + 1
        )
        in_position = sum(_run_from_king(row) for row in grid)
        completed = _completed_rows(grid)
        sequence = SEQUENCE_POINTS * in_sequence
        position = POSITION_POINTS * in_position
        suits = SUIT_POINTS * completed
        bonus = WIN_BONUS if completed == ROWS else 0
        return ScoreBreakdown(sequence, position, suits, bonus,
                              sequence + position + suits + bonus)

    def winnings(self, state: LeapfrogState) -> int:
        """What the game is worth once the buy-in is paid; negative for a poor game."""
        return self.score(state) - BUY_IN

    def dead_gaps(self, state: LeapfrogState) -> list[Cell]:
        """The gaps no card may fill in this position, in reading order."""
        return [gap for gap in _gaps(state.grid) if not _fillers(state.grid, gap)]

    def to_dict(self, state: LeapfrogState) -> dict:
        return {
            "game": self.id,
            "seed": state.seed,
            "grid": [[None if card is None else card.code for card in row] for row in state.grid],
        }

    def from_dict(self, data: object) -> LeapfrogState:
        """Read a save dict: 48 different cards, no Aces, all face up, and four gaps."""
        data = expect_keys(data, {"game", "seed", "grid"}, "leapfrog state")
        expect_game(data, self.id)
        seed = expect_seed(data["seed"])
        rows = expect_list(data["grid"], "grid", length=ROWS)
        grid = tuple(_read_row(row, index) for index, row in enumerate(rows))
        cards = [card for row in grid for card in row if card is not None]
        if len(set(cards)) != len(cards):
            raise ValueError("grid: a card appears twice")
        gaps = ROWS * COLUMNS - len(cards)
        if gaps != ROWS:
            raise ValueError(f"grid: {gaps} gaps, expected {ROWS}")
        return LeapfrogState(seed, grid)

    def move_to_dict(self, move: GapMove) -> dict:
        return {"from": list(move.source), "to": list(move.target)}

    def move_from_dict(self, data: object) -> GapMove:
        data = expect_keys(data, {"from", "to"}, "move")
        return GapMove(cell_from_list(data["from"], "move from", (ROWS, COLUMNS)),
                       cell_from_list(data["to"], "move to", (ROWS, COLUMNS)))


RULES = LeapfrogRules()


def _read_row(value: object, index: int) -> tuple[Card | None, ...]:
    cells = expect_list(value, f"grid row {index}", length=COLUMNS)
    row = []
    for code in cells:
        if code is None:
            row.append(None)
            continue
        try:
            card = parse_card(code)
        except ValueError as error:
            raise ValueError(f"grid row {index}: {error}") from None
        if not card.face_up or card.rank == 1:
            raise ValueError(f"grid row {index}: {code!r} cannot lie in the grid")
        row.append(card)
    return tuple(row)


def _gaps(grid: Grid) -> list[Cell]:
    """The gaps in reading order (found by `tuple.index`, which is quicker than a scan)."""
    gaps = []
    for row, cells in enumerate(grid):
        col = -1
        for _ in range(cells.count(None)):
            col = cells.index(None, col + 1)
            gaps.append(Cell(row, col))
    return gaps


def _find(grid: Grid, card: Card) -> Cell:
    """Where `card` lies; every card but the Aces is always somewhere in the grid."""
    for row, cells in enumerate(grid):
        if card in cells:
            return Cell(row, cells.index(card))
    raise LookupError(f"{card.code} is not in the grid")


def _fillers(grid: Grid, gap: Cell) -> list[Cell]:
    """Where the cards that may fill `gap` lie (the one definition of a legal fill)."""
    if gap.col == 0:
        kings = (_find(grid, Card(KING, suit)) for suit in SUITS)
        return sorted(cell for cell in kings if cell.col != 0)
    left = grid[gap.row][gap.col - 1]
    if left is None or left.rank <= DEUCE:
        return []
    return [_find(grid, Card(left.rank - 1, left.suit))]


def _with_cell(row: tuple[Card | None, ...], col: int, card: Card | None
               ) -> tuple[Card | None, ...]:
    return row[:col] + (card,) + row[col + 1:]


def _run_from_king(row: tuple[Card | None, ...]) -> int:
    """How many cards from the first column on are in their final place: K, Q, J... of a suit."""
    first = row[0]
    if first is None or first.rank != KING:
        return 0
    length = 0
    for col, card in enumerate(row):
        if card != Card(KING - col, first.suit):
            break
        length += 1
    return length


def _completed_rows(grid: Grid) -> int:
    """Rows holding King to 2 of one suit from the first column (the 12 cards of a suit)."""
    return sum(1 for row in grid if _run_from_king(row) == KING - 1)
