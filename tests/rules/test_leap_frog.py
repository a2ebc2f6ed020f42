"""Leap Frog, the board game: the deal, the opening removals, leaps, the end, scores, saves."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.history import History
from game.rules.leap_frog import PIECE_VALUES, RULES
from game.rules.leap_frog_board import (
    can_leap,
    chains,
    chains_from,
    geometry,
    initial_counts,
    murray_counts,
)
from game.rules.moves import Cell, IllegalMove, Leap, RemovePiece
from game.rules.record import history_from_record, record_of

N = 15


def leap(*squares: tuple[int, int]) -> Leap:
    return Leap(tuple(Cell(*square) for square in squares))


def spread(pieces: Counter, players: int) -> list[list[str]]:
    """`pieces` shared out so that every player has captured something, player 0 the most."""
    flat = sorted(pieces.elements(), key=PIECE_VALUES.get)
    return [flat[players - 1:]] + [[piece] for piece in flat[:players - 1]]


def position(art: list[str], *, captured: list[str] | None = None, variant: str = "plain",
             players: int = 2, diagonal: bool = False, to_move: int = 0, size: int = N):
    """A position loaded through `from_dict`: `art` in the top-left corner ('.' empty), the rest
    of the board empty; pieces off the board are captured (`captured`, or spread out)."""
    board = [[None] * size for _ in range(size)]
    for row, line in enumerate(art):
        for col, symbol in enumerate(line):
            board[row][col] = None if symbol == "." else symbol
    off_board = Counter(initial_counts(size, variant)) - Counter(
        piece for line in board for piece in line if piece)
    taken = ([list(pieces) for pieces in captured] if captured is not None
             else spread(off_board, players))
    return RULES.from_dict({
        "game": "leap_frog", "seed": 1, "board": board, "to_move": to_move, "captured": taken,
        "options": {"size": size, "variant": variant, "players": players, "diagonal": diagonal},
    })


def paths(moves) -> set[tuple]:
    return {tuple(move.path) for move in moves}


def checkerboard(size: int = N) -> list[str]:
    """Pieces on every other square: no piece has a neighbour to leap in any direction."""
    return ["".join("P" if (row + col) % 2 == 0 else "." for col in range(size))
            for row in range(size)]


def reference_leaps(state) -> set[tuple]:
    """Every leap path found the slow, obvious way, to check the real search against."""
    size = state.options.size
    steps = [(0, 1), (1, 0), (0, -1), (-1, 0)]
    if state.options.diagonal:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    pieces = frozenset((row, col) for row, line in enumerate(RULES.board_rows(state))
                       for col, piece in enumerate(line) if piece is not None)
    found: set[tuple] = set()

    def walk(path: tuple, others: frozenset) -> None:
        row, col = path[-1]
        for d_row, d_col in steps:
            over, land = (row + d_row, col + d_col), (row + 2 * d_row, col + 2 * d_col)
            on_board = 0 <= land[0] < size and 0 <= land[1] < size
            if on_board and over in others and land not in others:
                found.add((*path, land))
                walk((*path, land), others - {over})

    for start in pieces:
        walk((start,), pieces - {start})
    return found


# --- the deal -----------------------------------------------------------------------------

MURRAY = {15: (22, 45, 68, 90), 16: (26, 51, 77, 102), 17: (29, 58, 87, 115),
          18: (32, 65, 97, 130)}


@pytest.mark.parametrize("size", sorted(MURRAY))
def test_murray_colour_counts(size: int) -> None:
    counts = murray_counts(size)
    assert tuple(counts.values()) == MURRAY[size] and list(counts) == ["G", "R", "Y", "W"]
    assert sum(counts.values()) == size * size
    for count, share in zip(counts.values(), (1, 2, 3, 4), strict=True):
        assert abs(count - size * size * share / 10) < 1  # whole part or one more
    deal = RULES.new_game(5, size=size)
    assert Counter(deal.board) == Counter(counts)
    plain = RULES.new_game(5, size=size, variant="plain")
    assert Counter(plain.board) == Counter({"P": size * size})


def test_equal_remainders_favour_the_lower_valued_colour() -> None:
    # 15x15: green and yellow both have half a piece over; the one spare goes to yellow.
    assert murray_counts(15)["G"] == 22 and murray_counts(15)["Y"] == 68


def test_piece_values() -> None:
    assert PIECE_VALUES == {"G": 4, "R": 3, "Y": 2, "W": 1, "P": 1}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), size=st.integers(15, 18))
def test_deals_follow_the_seed(seed: int, size: int) -> None:
    state = RULES.new_game(seed, size=size)
    assert state == RULES.new_game(seed, size=size)
    assert Counter(state.board) == Counter(murray_counts(size))  # every square filled
    assert RULES.from_dict(json.loads(json.dumps(RULES.to_dict(state)))) == state


def test_board_rows_show_the_board_row_by_row() -> None:
    state = RULES.new_game(3)
    rows = RULES.board_rows(state)
    assert len(rows) == N and all(len(row) == N for row in rows)
    assert rows[2][7] == state.board[2 * N + 7] == RULES.piece_at(state, Cell(2, 7))
    assert RULES.piece_at(state, Cell(N, 0)) is None
    assert RULES.new_game(4).board != state.board


@pytest.mark.parametrize("options", [
    {"size": 14}, {"size": 19}, {"size": True}, {"size": 15.0}, {"variant": "Murray"},
    {"variant": None}, {"players": 1}, {"players": 7}, {"players": True}, {"diagonal": 1},
    {"diagonal": "false"}, {"colours": 4},
])
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(ValueError):
        RULES.new_game(1, **options)


@pytest.mark.parametrize("seed", [-1, True, "7", 2**63])
def test_bad_seeds_are_refused(seed) -> None:
    with pytest.raises(ValueError):
        RULES.new_game(seed)


def test_options_are_recorded() -> None:
    state = RULES.new_game(1, size=17, players=5, variant="plain", diagonal=True)
    expected = {"size": 17, "variant": "plain", "players": 5, "diagonal": True}
    assert RULES.to_dict(state)["options"] == expected == RULES.options(state)
    assert RULES.to_dict(RULES.new_game(1))["options"] == {
        "size": 15, "variant": "murray", "players": 2, "diagonal": False}


# --- the opening removals -----------------------------------------------------------------

def test_each_players_first_turn_removes_a_piece() -> None:
    state = RULES.new_game(4)
    removals = RULES.legal_moves(state)
    assert RULES.must_remove(state) and len(removals) == N * N
    assert {move.square for move in removals} == {Cell(r, c) for r in range(N) for c in range(N)}
    first = RULES.board_rows(state)[3][4]
    state = RULES.apply(state, RemovePiece(Cell(3, 4)))
    assert RULES.piece_at(state, Cell(3, 4)) is None
    assert RULES.captured_by(state, 0) == (first,)
    assert RULES.score(state) == (PIECE_VALUES[first], 0)
    assert RULES.current_player(state) == 1 and RULES.must_remove(state)
    with pytest.raises(IllegalMove):
        RULES.apply(state, RemovePiece(Cell(3, 4)))  # already empty
    with pytest.raises(IllegalMove):
        RULES.apply(state, leap((3, 2), (3, 4)))  # no leaping on a first turn
    assert len(RULES.legal_moves(state)) == N * N - 1
    state = RULES.apply(state, RemovePiece(Cell(3, 6)))
    assert RULES.current_player(state) == 0 and not RULES.must_remove(state)
    with pytest.raises(IllegalMove):
        RULES.apply(state, RemovePiece(Cell(0, 0)))  # one removal each, then leaps only
    # Leaps into either hole, and on through the other hole over the piece between them.
    singles = {((3, 2), (3, 4)), ((1, 4), (3, 4)), ((5, 4), (3, 4)),
               ((3, 8), (3, 6)), ((1, 6), (3, 6)), ((5, 6), (3, 6))}
    chained = {(*path, (3, 6) if path[1] == (3, 4) else (3, 4)) for path in singles}
    assert paths(RULES.legal_moves(state)) == singles | chained
    assert not RULES.is_over(state) and RULES.winners(state) == ()


def test_turns_pass_in_order_with_more_players() -> None:
    state = RULES.new_game(2, players=3)
    for player, square in enumerate([(7, 7), (7, 9), (0, 0)]):
        assert RULES.current_player(state) == player and RULES.must_remove(state)
        state = RULES.apply(state, RemovePiece(Cell(*square)))
    seen = []
    for _ in range(6):
        seen.append(RULES.current_player(state))
        assert not RULES.must_remove(state)
        state = RULES.apply(state, RULES.single_leaps(state)[0])
    assert seen == [0, 1, 2, 0, 1, 2]
    assert [len(RULES.captured_by(state, p)) for p in range(3)] == [3, 3, 3]


def test_six_players_wrap_round_to_player_zero() -> None:
    state = RULES.new_game(8, players=6)
    for col in range(6):
        state = RULES.apply(state, RemovePiece(Cell(0, 2 * col)))
    assert RULES.current_player(state) == 0 and not RULES.must_remove(state)
    assert all(len(pieces) == 1 for pieces in state.captured)


# --- leaps --------------------------------------------------------------------------------

def test_a_single_leap_captures_the_piece_jumped() -> None:
    state = position(["P", "P"])  # in the corner: the lower piece has nowhere to land
    assert RULES.legal_moves(state) == [leap((0, 0), (2, 0))]
    after = RULES.apply(state, leap((0, 0), (2, 0)))
    assert [row[0] for row in RULES.board_rows(after)[:3]] == [None, None, "P"]
    assert RULES.captured_by(after, 0) == (*RULES.captured_by(state, 0), "P")
    assert RULES.score(after)[0] == RULES.score(state)[0] + 1
    assert RULES.current_player(after) == 1


def test_a_chain_may_change_direction_and_scores_every_piece() -> None:
    state = position(["GR.", "..Y", ".W."], variant="murray")
    route = leap((0, 0), (0, 2), (2, 2), (2, 0))
    assert set(RULES.legal_moves(state)) == {Leap(route.path[:k]) for k in (2, 3, 4)}
    after = RULES.apply(state, route)
    assert RULES.board_rows(after)[2][0] == "G"
    assert RULES.pieces_left(after) == {"G": 1, "R": 0, "Y": 0, "W": 0}
    assert RULES.captured_by(after, 0)[-3:] == ("R", "Y", "W")
    assert RULES.score(after)[0] - RULES.score(state)[0] == 3 + 2 + 1
    assert RULES.jumped_squares(route) == (Cell(0, 1), Cell(1, 2), Cell(2, 1))


def test_a_chain_may_land_where_it_started() -> None:
    state = position(["PP.", "P.P", ".P."])
    loop = leap((0, 0), (0, 2), (2, 2), (2, 0), (0, 0))
    other_way = leap((0, 0), (2, 0), (2, 2), (0, 2), (0, 0))
    legal = set(RULES.legal_moves(state))
    assert loop in legal and other_way in legal
    assert all(Leap(loop.path[:k]) in legal for k in range(2, 6))
    after = RULES.apply(state, loop)
    assert RULES.board_rows(after)[:3] == (("P",) + (None,) * 14,) + ((None,) * 15,) * 2
    assert len(RULES.captured_by(after, 0)) == len(RULES.captured_by(state, 0)) + 4


def test_the_player_may_stop_early() -> None:
    state = position(["PP.", "P.P", ".P."])
    after = RULES.apply(state, leap((0, 0), (0, 2)))
    assert RULES.board_rows(after)[0][:3] == (None, None, "P")
    assert RULES.current_player(after) == 1
    assert leap((0, 2), (2, 2)) in RULES.legal_moves(after)  # the next player may go on


def test_diagonal_leaps_only_when_enabled() -> None:
    art = ["P....", ".P...", "...P."]
    flat = position(art)
    assert RULES.legal_moves(flat) == [] and RULES.is_over(flat)
    slanted = position(art, diagonal=True)
    assert set(RULES.legal_moves(slanted)) == {leap((0, 0), (2, 2)), leap((0, 0), (2, 2), (2, 4))}
    with pytest.raises(IllegalMove):
        RULES.apply(flat, leap((0, 0), (2, 2)))


@pytest.mark.parametrize("move", [
    leap((0, 2)),  # no capture at all
    leap((0, 3), (0, 4)),  # a step to an empty square
    leap((0, 5), (0, 7)),  # over an empty square
    leap((0, 1), (0, 3)),  # onto a piece
    leap((0, 6), (0, 4)),  # from an empty square
    leap((0, 2), (0, 4), (0, 2)),  # back over the piece just captured
    leap((0, 2), (0, 0), (0, -2)),  # off the board
    leap((0, 2), (0, 0), (2, 0)),  # over nothing
    leap((0, 2), (1, 1)),  # not a leap
    leap((0, 2), (0, 5)),  # too far
    Leap(((0, 2), (0, 0, 0))),
    Leap("ab"),
    RemovePiece(Cell(0, 1)),  # removals are for first turns only
])
def test_moves_that_capture_nothing_or_cheat_are_refused(move) -> None:
    state = position([".PPP.P"])
    legal = RULES.legal_moves(state)
    assert set(legal) == {leap((0, 2), (0, 0)), leap((0, 2), (0, 4)), leap((0, 2), (0, 4), (0, 6))}
    assert move not in legal and not RULES.is_legal(state, move)
    with pytest.raises(IllegalMove):
        RULES.apply(state, move)


# --- the end and the winners --------------------------------------------------------------

def test_the_game_ends_when_the_player_to_move_cannot_capture() -> None:
    state = position(["PP.", "...", "..P"])
    assert not RULES.is_over(state) and RULES.legal_moves(state) == [leap((0, 0), (0, 2))]
    end = RULES.apply(state, leap((0, 0), (0, 2)))
    assert RULES.current_player(end) == 1 and RULES.legal_moves(end) == []
    assert RULES.is_over(end) and RULES.is_won(end) and not can_leap(end.board, geometry(N, False))
    assert RULES.winners(end) == (0,)  # player 0 holds all but one of the captured pieces
    with pytest.raises(IllegalMove):
        RULES.apply(end, leap((0, 2), (2, 2)))


@pytest.mark.parametrize(("counts", "winners"), [
    ((56, 56), (0, 1)), ((57, 55), (0,)), ((40, 41, 31), (1,)), ((40, 40, 32), (0, 1)),
])
def test_most_pieces_win_plain_and_equal_leaders_share(counts: tuple, winners: tuple) -> None:
    state = position(checkerboard(), captured=["P" * count for count in counts],
                     players=len(counts), to_move=1)
    assert RULES.is_over(state) and RULES.score(state) == counts
    assert RULES.winners(state) == winners


def test_most_points_win_murray_and_equal_points_share() -> None:
    # 90 white, 22 yellow and a red stay on the board; the rest is 312 points, split evenly.
    symbols = iter("W" * 90 + "Y" * 22 + "R")
    board = [[next(symbols) if symbol == "P" else "." for symbol in line]
             for line in checkerboard()]
    captured = ["G" * 22 + "Y" * 34, "R" * 44 + "Y" * 12]
    state = position(["".join(line) for line in board], captured=captured, variant="murray")
    assert RULES.score(state) == (156, 156) and RULES.winners(state) == (0, 1)
    uneven = position(["".join(line) for line in board], variant="murray",
                      captured=["G" * 22 + "Y" * 35, "R" * 44 + "Y" * 11])
    assert RULES.score(uneven) == (158, 154) and RULES.winners(uneven) == (0,)


@pytest.mark.parametrize("variant", ["murray", "plain"])
def test_scores_count_points_in_murray_and_pieces_in_plain(variant: str) -> None:
    deal = RULES.new_game(9, variant=variant)
    state = RULES.apply(deal, RemovePiece(Cell(0, 0)))
    state = RULES.apply(state, RemovePiece(Cell(0, 2)))
    state = RULES.apply(state, leap((0, 4), (0, 2), (0, 0)))  # jumps (0, 3), then (0, 1)
    first_row = deal.board[:N]
    assert RULES.captured_by(state, 0) == (first_row[0], first_row[3], first_row[1])
    assert RULES.captured_by(state, 1) == (first_row[2],)
    if variant == "plain":
        assert RULES.score(state) == (3, 1)
    else:
        values = [PIECE_VALUES[piece] for piece in first_row]
        assert RULES.score(state) == (values[0] + values[3] + values[1], values[2])


# --- helpers for searches and the table ---------------------------------------------------

def test_search_helpers_agree_with_legal_moves() -> None:
    state = position(["PP.P.", "P.P.P", ".P.P.", "P.PP.", ".P..P"], diagonal=True)
    legal = RULES.legal_moves(state)
    assert paths(legal) == reference_leaps(state)
    assert RULES.single_leaps(state) == sorted(m for m in legal if len(m.path) == 2)
    geo = geometry(N, True)
    as_squares = [tuple(cell.row * N + cell.col for cell in m.path) for m in legal]
    assert list(chains(state.board, geo)) == as_squares
    for start in {move.path[0] for move in legal}:
        assert list(RULES.leap_chains(state, start)) == [m for m in legal if m.path[0] == start]
    following: dict[tuple, set] = {}
    for move in legal:
        following.setdefault(move.path[:-1], set()).add(move.path[-1])
    for prefix, landings in following.items():
        assert set(RULES.next_landings(state, prefix)) == landings
    assert RULES.next_landings(state, legal[-1].path) == []  # the longest chain ends there
    assert RULES.next_landings(state, [Cell(4, 4), Cell(0, 0)]) == []
    assert list(RULES.leap_chains(state, Cell(0, 2))) == []  # an empty square
    assert list(chains_from(state.board, geo, 2)) == []


def test_search_helpers_are_silent_in_the_opening() -> None:
    state = RULES.new_game(1)
    assert RULES.single_leaps(state) == [] and RULES.next_landings(state, [Cell(0, 0)]) == []
    assert list(RULES.leap_chains(state, Cell(0, 0))) == []


# --- saves --------------------------------------------------------------------------------

def opening_dict() -> dict:
    """A saved position in the opening: player 0 has removed a piece, player 1 is to move."""
    state = RULES.apply(RULES.new_game(6, players=3), RemovePiece(Cell(2, 2)))
    return RULES.to_dict(state)


def midgame_dict() -> dict:
    state = RULES.new_game(6)
    state = RULES.apply(RULES.apply(state, RemovePiece(Cell(5, 5))), RemovePiece(Cell(5, 7)))
    return RULES.to_dict(RULES.apply(state, RULES.legal_moves(state)[0]))


def damage(data: dict, path: tuple, value=None, delete: bool = False) -> dict:
    data = json.loads(json.dumps(data))
    target = data
    for step in path[:-1]:
        target = target[step]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


def recoloured(data: dict) -> dict:
    data = json.loads(json.dumps(data))
    row = data["board"][0]
    row[row.index("W")] = "G"
    return data


@pytest.mark.parametrize("bad", [
    None, [], "leap_frog",
    damage(midgame_dict(), ("game",), "leapfrog"),
    damage(midgame_dict(), ("captured",), delete=True),
    damage(midgame_dict(), ("score",), 3),
    damage(midgame_dict(), ("seed",), -1),
    damage(midgame_dict(), ("seed",), True),
    damage(midgame_dict(), ("options", "diagonal"), delete=True),
    damage(midgame_dict(), ("options", "colours"), 4),
    damage(midgame_dict(), ("options", "size"), 16),
    damage(midgame_dict(), ("options", "size"), 19),
    damage(midgame_dict(), ("options", "variant"), "plain"),
    damage(midgame_dict(), ("options", "players"), 3),
    damage(midgame_dict(), ("board", 14), delete=True),
    damage(midgame_dict(), ("board", 3, 14), delete=True),
    damage(midgame_dict(), ("board", 3), "GRYW"),
    damage(midgame_dict(), ("board", 0, 0), "P"),
    damage(midgame_dict(), ("board", 0, 0), "g"),
    damage(midgame_dict(), ("board", 0, 0), 1),
    damage(midgame_dict(), ("board", 0, 0), None),  # a piece vanished
    recoloured(midgame_dict()),
    damage(midgame_dict(), ("captured", 0), "GR"),
    damage(midgame_dict(), ("captured", 1), ["X"]),
    damage(midgame_dict(), ("captured", 0, 0), delete=True),
    damage(midgame_dict(), ("captured",), [[], [], []]),
    damage(midgame_dict(), ("to_move",), 2),
    damage(midgame_dict(), ("to_move",), -1),
    damage(midgame_dict(), ("to_move",), True),
    damage(midgame_dict(), ("to_move",), "0"),
    damage(opening_dict(), ("to_move",), 0),  # player 0 cannot remove twice
    damage(opening_dict(), ("to_move",), 2),  # player 1 has not removed yet
])
def test_from_dict_refuses_broken_states(bad) -> None:
    with pytest.raises(ValueError):
        RULES.from_dict(bad)


def test_from_dict_accepts_what_to_dict_writes() -> None:
    for data in (opening_dict(), midgame_dict()):
        state = RULES.from_dict(json.loads(json.dumps(data)))
        assert RULES.to_dict(state) == data


@pytest.mark.parametrize("bad", [
    None, [], {}, "path", {"remove": [1]}, {"remove": [1, 2, 3]}, {"remove": ["1", 2]},
    {"remove": [True, 2]}, {"remove": [18, 0]}, {"remove": [-1, 0]}, {"remove": (1, 2)},
    {"path": []}, {"path": [[0, 0]]}, {"path": [[0, 0], [0, 2.0]]}, {"path": "ab"},
    {"path": [[0, 0], [0, 2]], "remove": [0, 0]}, {"path": [[0, 0], [0, 2]], "to": 1},
    {"path": [[0, 0], [0, 2], None]}, {"path": [[0, 0]] * 400},
])
def test_move_from_dict_refuses_garbage(bad) -> None:
    with pytest.raises(ValueError):
        RULES.move_from_dict(bad)


def test_move_dicts_round_trip() -> None:
    for move, data in ((RemovePiece(Cell(3, 17)), {"remove": [3, 17]}),
                       (leap((0, 0), (0, 2), (2, 2)), {"path": [[0, 0], [0, 2], [2, 2]]})):
        assert RULES.move_to_dict(move) == data and RULES.move_from_dict(data) == move
    with pytest.raises(ValueError):
        RULES.move_to_dict(Cell(0, 0))


# --- seeded random playouts ---------------------------------------------------------------

def near_misses(state, move) -> list:
    """Moves a slip of the hand away from `move`: one square more, one square off, reversed."""
    if isinstance(move, RemovePiece):
        return [leap(move.square, move.square), RemovePiece(Cell(move.square.row, N + 3))]
    last = move.path[-1]
    bent = [Cell(last.row + dr, last.col + dc) for dr in (-2, -1, 0, 1, 2) for dc in (-2, 0, 2)]
    return ([Leap((*move.path, cell)) for cell in bent] + [Leap((*move.path[:-1], cell))
            for cell in bent] + [Leap(move.path[::-1]), RemovePiece(move.path[0])])


@pytest.mark.parametrize(("seed", "options"), [
    (1, {}),
    (2, {"diagonal": True}),
    (3, {"players": 3, "variant": "plain", "size": 16}),
    (4, {"players": 4, "size": 18, "diagonal": True}),
])
def test_seeded_playouts_keep_every_rule(seed: int, options: dict) -> None:
    rng = random.Random(seed)
    state = RULES.new_game(seed, **options)
    pieces = Counter(state.board)
    history = History.start(state)
    while not RULES.is_over(state):
        before = RULES.to_dict(state)
        legal = RULES.legal_moves(state)
        listed = set(legal)
        assert legal and len(listed) == len(legal)
        if not RULES.must_remove(state):
            assert paths(legal) == reference_leaps(state)
            assert all(Leap(m.path[:-1]) in listed for m in legal if len(m.path) > 2)
        mover = state.to_move
        for index, move in enumerate(legal):
            after = RULES.apply(state, move)
            taken = after.captured[mover][len(state.captured[mover]):]
            squares = RULES.jumped_squares(move) if isinstance(move, Leap) else [move.square]
            assert list(taken) == [RULES.piece_at(state, cell) for cell in squares]
            if index % 50 == 0:
                gained = sum(PIECE_VALUES[piece] for piece in taken)
                assert RULES.score(after)[mover] - RULES.score(state)[mover] == gained > 0
        for move in (m for pick in rng.sample(legal, min(5, len(legal)))
                     for m in near_misses(state, pick)):
            assert RULES.is_legal(state, move) == (move in listed), move
        assert RULES.to_dict(state) == before  # nothing above changed the position
        move = rng.choice(legal)
        state = RULES.apply(state, RULES.move_from_dict(json.loads(json.dumps(
            RULES.move_to_dict(move)))))
        history = history.push(move, state)
        data = json.loads(json.dumps(RULES.to_dict(state)))
        assert RULES.from_dict(data) == state
        on_board = Counter(p for row in data["board"] for p in row if p is not None)
        assert on_board + Counter(p for taken in data["captured"] for p in taken) == pieces
    assert RULES.winners(state) and RULES.legal_moves(state) == []
    game_id, loaded = history_from_record(record_of(RULES, history), {"leap_frog": RULES})
    assert game_id == "leap_frog" and loaded.state == state
