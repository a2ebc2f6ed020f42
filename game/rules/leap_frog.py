"""Leap Frog, the board game for 2 to 6 players (RULES.md section 4).

Every square starts with a piece. Each player's first turn removes any one piece; after that a
turn is a chain of leaps by one piece, capturing every piece it jumps, stopped whenever the
player likes after at least one capture. The game ends when the player to move cannot capture.

Whether the player to move is still on their first turn follows from the state itself: every
turn captures at least one piece, so a player with nothing captured has not moved yet.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from game.rules.leap_frog_board import (
    PIECE_VALUES,
    VARIANT_PIECES,
    Board,
    can_leap,
    chains,
    chains_from,
    deal_board,
    first_hops,
    geometry,
    initial_counts,
    next_landings,
    play_chain,
)
from game.rules.moves import Cell, IllegalMove, Leap, RemovePiece, cell_from_list
from game.rules.options import RuleOption, check_options
from game.rules.serial import (
    expect_game,
    expect_int,
    expect_keys,
    expect_list,
    expect_seed,
)

__all__ = ["PIECE_VALUES", "RULES", "LeapFrogOptions", "LeapFrogBoardRules", "LeapFrogBoardState"]

GAME_ID = "leap_frog"
MIN_SIZE, MAX_SIZE = 15, 18
MIN_PLAYERS, MAX_PLAYERS = 2, 6
VARIANTS = ("murray", "plain")
STATE_KEYS = {"game", "seed", "options", "board", "to_move", "captured"}

Move = RemovePiece | Leap


# The rules options (RULES.md §5), each declared once.
SIZE = RuleOption("size", 15, MIN_SIZE, MAX_SIZE)
VARIANT = RuleOption("variant", "murray", choices=VARIANTS)
PLAYERS = RuleOption("players", 2, MIN_PLAYERS, MAX_PLAYERS)
DIAGONAL = RuleOption("diagonal", False)
OPTIONS = (SIZE, VARIANT, PLAYERS, DIAGONAL)


class LeapFrogOptions(NamedTuple):
    size: int = SIZE.default
    variant: str = VARIANT.default
    players: int = PLAYERS.default
    diagonal: bool = DIAGONAL.default


OPTION_NAMES = set(LeapFrogOptions._fields)


@dataclass(frozen=True, slots=True)
class LeapFrogBoardState:
    seed: int
    options: LeapFrogOptions
    board: Board  # row-major, options.size squared squares: piece symbol or None
    to_move: int
    captured: tuple[tuple[str, ...], ...]  # per player, in the order taken


def _parse_options(raw: dict) -> LeapFrogOptions:
    """Checked options from a dict holding only option names; ValueError names a bad one."""
    return LeapFrogOptions(**check_options(OPTIONS, raw, GAME_ID, f"{GAME_ID} option "))


def _parse_pieces(value: object, what: str, allowed: tuple, length: int | None = None) -> tuple:
    items = expect_list(value, what, length)
    for index, item in enumerate(items):
        if item not in allowed:
            raise ValueError(f"{what}: item {index} is {item!r}, not one of {allowed!r}")
    return tuple(items)


def _check_piece_counts(board: Board, captured: tuple, options: LeapFrogOptions) -> None:
    """Every piece of the deal is on the board or captured by someone, exactly once."""
    for symbol, count in initial_counts(options.size, options.variant).items():
        found = board.count(symbol) + sum(pieces.count(symbol) for pieces in captured)
        if found != count:
            raise ValueError(f"leap_frog state: {found} pieces {symbol!r}, the game has {count}")


def _check_turns(captured: tuple, to_move: int) -> None:
    """While someone has yet to take a first turn, the opening removals went in player order."""
    if all(captured):
        return
    for player, pieces in enumerate(captured):
        expected = 1 if player < to_move else 0
        if len(pieces) != expected:
            raise ValueError(f"leap_frog state: player {player} cannot have captured "
                             f"{len(pieces)} pieces with player {to_move} to move in the opening")


class LeapFrogBoardRules:
    id = GAME_ID
    title = "Leap Frog"

    # --- the rules contract -------------------------------------------------------------

    rule_options = OPTIONS

    def new_game(self, seed: int, **options: object) -> LeapFrogBoardState:
        """A full board shuffled from `seed`; player 0 to move (options as declared in
        `OPTIONS`, defaults for those not given). Bad options raise ValueError."""
        seed = expect_seed(seed)
        checked = _parse_options(options)
        board = deal_board(seed, checked.size, checked.variant)
        return LeapFrogBoardState(seed, checked, board, 0, ((),) * checked.players)

    def options(self, state: LeapFrogBoardState) -> dict:
        return state.options._asdict()

    def legal_moves(self, state: LeapFrogBoardState) -> list[Move]:
        """Every removal in the opening, else every leap path, each prefix a move of its own.

        Paths multiply fast: a typical orthogonal position has tens to a few hundred, but with
        diagonal leaps a position can have hundreds of thousands (seconds and a hundred MB to
        list). Checking one move, stepping a leap square by square, or searching should go
        through `is_legal`, `next_landings`, `single_leaps` and `leap_chains` instead.
        """
        geo = geometry(state.options.size, state.options.diagonal)
        board = state.board
        if self.must_remove(state):
            return [RemovePiece(geo.cells[square])
                    for square, piece in enumerate(board) if piece is not None]
        return [Leap(path) for path in chains(board, geo, as_cells=True)]

    def apply(self, state: LeapFrogBoardState, move: Move) -> LeapFrogBoardState:
        """The state after `move`; IllegalMove exactly when `legal_moves` would not list it.

        The move is checked directly rather than looked up, so a long leap costs one walk.
        """
        geo = geometry(state.options.size, state.options.diagonal)
        board = state.board
        if self.must_remove(state):
            if not isinstance(move, RemovePiece):
                raise IllegalMove("each player's first turn removes one piece")
            square = geo.square(move.square)
            if square is None or board[square] is None:
                raise IllegalMove(f"there is no piece to remove at {move.square!r}")
            return self._after_turn(state, board[:square] + (None,) + board[square + 1:],
                                    (board[square],))
        if not isinstance(move, Leap) or not isinstance(move.path, tuple | list):
            raise IllegalMove("a turn after the first is a leap")
        path = tuple(map(geo.square, move.path))
        played = None if None in path else play_chain(board, geo, path)
        if played is None:
            raise IllegalMove(f"not a legal leap: {move.path!r}")
        return self._after_turn(state, *played)

    def is_legal(self, state: LeapFrogBoardState, move: Move) -> bool:
        """Whether `legal_moves` lists `move`, at the cost of one `apply`."""
        try:
            self.apply(state, move)
        except IllegalMove:
            return False
        return True

    def is_over(self, state: LeapFrogBoardState) -> bool:
        """The player to move can capture nothing (removals are always possible)."""
        if self.must_remove(state):
            return all(piece is None for piece in state.board)
        return not can_leap(state.board, geometry(state.options.size, state.options.diagonal))

    def is_won(self, state: LeapFrogBoardState) -> bool:
        """Someone always wins (perhaps jointly), so the game is won once it is over."""
        return self.is_over(state)

    def score(self, state: LeapFrogBoardState) -> tuple[int, ...]:
        """Per player: points captured in Murray's game, pieces captured in the plain one."""
        return tuple(sum(PIECE_VALUES[piece] for piece in pieces) for pieces in state.captured)

    def current_player(self, state: LeapFrogBoardState) -> int:
        return state.to_move

    def winners(self, state: LeapFrogBoardState) -> tuple[int, ...]:
        """The players sharing the highest score once the game is over; () until then."""
        if not self.is_over(state):
            return ()
        scores = self.score(state)
        best = max(scores)
        return tuple(player for player, score in enumerate(scores) if score == best)

    # --- views for the table ------------------------------------------------------------

    def must_remove(self, state: LeapFrogBoardState) -> bool:
        """The player to move is on their first turn, which removes one piece."""
        return not state.captured[state.to_move]

    def board_rows(self, state: LeapFrogBoardState) -> tuple[tuple[str | None, ...], ...]:
        size = state.options.size
        return tuple(state.board[row * size:(row + 1) * size] for row in range(size))

    def piece_at(self, state: LeapFrogBoardState, cell: Cell) -> str | None:
        square = geometry(state.options.size, state.options.diagonal).square(cell)
        return None if square is None else state.board[square]

    def captured_by(self, state: LeapFrogBoardState, player: int) -> tuple[str, ...]:
        """The pieces `player` has captured, in the order taken."""
        return state.captured[player]

    def pieces_left(self, state: LeapFrogBoardState) -> dict[str, int]:
        """How many pieces of each symbol remain on the board."""
        return {symbol: state.board.count(symbol)
                for symbol in VARIANT_PIECES[state.options.variant]}

    @staticmethod
    def jumped_squares(move: Leap) -> tuple[Cell, ...]:
        """The squares of the pieces a leap path captures, in order."""
        return tuple(Cell((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
                     for a, b in pairwise(move.path))

    # --- cheaper move generation for searches and step-by-step input --------------------

    def single_leaps(self, state: LeapFrogBoardState) -> list[Leap]:
        """Every one-capture leap, in board order of start then landing ([] in the opening)."""
        if self.must_remove(state):
            return []
        geo = geometry(state.options.size, state.options.diagonal)
        cells = geo.cells
        return [Leap((cells[start], cells[land]))
                for start, land in sorted(first_hops(state.board, geo))]

    def leap_chains(self, state: LeapFrogBoardState, start: Cell) -> Iterator[Leap]:
        """Lazily, every leap path of the piece on `start`, each before its extensions."""
        geo = geometry(state.options.size, state.options.diagonal)
        square = geo.square(start)
        if self.must_remove(state) or square is None or state.board[square] is None:
            return
        for path in chains_from(state.board, geo, square, as_cells=True):
            yield Leap(path)

    def next_landings(self, state: LeapFrogBoardState, path: Sequence[Cell]) -> list[Cell]:
        """Where the piece may land next after the partial leap `path` (start square first).

        Empty when `path` is not a legal beginning, or in the opening.
        """
        if self.must_remove(state):
            return []
        geo = geometry(state.options.size, state.options.diagonal)
        squares = tuple(map(geo.square, path))
        landings = None if None in squares else next_landings(state.board, geo, squares)
        return [geo.cells[land] for land in landings or ()]

    # --- the save format ----------------------------------------------------------------

    def to_dict(self, state: LeapFrogBoardState) -> dict:
        return {
            "game": self.id,
            "seed": state.seed,
            "options": self.options(state),
            "board": [list(row) for row in self.board_rows(state)],
            "to_move": state.to_move,
            "captured": [list(pieces) for pieces in state.captured],
        }

    def from_dict(self, data: object) -> LeapFrogBoardState:
        """A state from its dict, checked through and through; ValueError names any flaw."""
        data = expect_keys(data, STATE_KEYS, "leap_frog state")
        expect_game(data, self.id)
        seed = expect_seed(data["seed"])
        options = _parse_options(expect_keys(data["options"], OPTION_NAMES, "leap_frog options"))
        size = options.size
        pieces = VARIANT_PIECES[options.variant]
        rows = expect_list(data["board"], "leap_frog board", size)
        board = tuple(piece for index, row in enumerate(rows) for piece in
                      _parse_pieces(row, f"leap_frog board row {index}", (*pieces, None), size))
        captured = tuple(
            _parse_pieces(taken, f"leap_frog captured by player {player}", pieces)
            for player, taken in enumerate(
                expect_list(data["captured"], "leap_frog captured", options.players)))
        to_move = expect_int(data["to_move"], "leap_frog to_move", 0, options.players - 1)
        _check_piece_counts(board, captured, options)
        _check_turns(captured, to_move)
        return LeapFrogBoardState(seed, options, board, to_move, captured)

    def move_to_dict(self, move: Move) -> dict:
        if isinstance(move, RemovePiece):
            return {"remove": [move.square[0], move.square[1]]}
        if isinstance(move, Leap):
            return {"path": [[cell[0], cell[1]] for cell in move.path]}
        raise ValueError(f"not a leap_frog move: {move!r}")

    def move_from_dict(self, data: object) -> Move:
        """A move from its dict; ValueError for anything malformed (legality is `apply`'s)."""
        limit = (MAX_SIZE, MAX_SIZE)
        if isinstance(data, dict) and "remove" in data:
            expect_keys(data, {"remove"}, "leap_frog move")
            return RemovePiece(cell_from_list(data["remove"], "leap_frog move remove", limit))
        data = expect_keys(data, {"path"}, "leap_frog move")
        cells = expect_list(data["path"], "leap_frog move path")
        if not 2 <= len(cells) <= MAX_SIZE * MAX_SIZE:
            raise ValueError(f"leap_frog move path: {len(cells)} squares is not a leap")
        return Leap(tuple(cell_from_list(cell, f"leap_frog move path square {index}", limit)
                          for index, cell in enumerate(cells)))

    # --- internals ----------------------------------------------------------------------

    def _after_turn(self, state: LeapFrogBoardState, board: Board,
                    taken: tuple[str, ...]) -> LeapFrogBoardState:
        player = state.to_move
        captured = (state.captured[:player] + (state.captured[player] + taken,)
                    + state.captured[player + 1:])
        return LeapFrogBoardState(state.seed, state.options, board,
                             (player + 1) % state.options.players, captured)


RULES = LeapFrogBoardRules()
