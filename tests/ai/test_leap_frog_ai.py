"""Computer players for Leap Frog: legal choices, good captures, cancelling, whole games."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.leap_frog.moves import (
    best_leap_gain,
    leap_candidates,
    removal_candidates,
    values_of,
)
from game.ai.leap_frog.players import STRENGTHS, choose_move, greedy_move
from game.ai.leap_frog.search import Limits, Search
from game.bench import ai as bench_ai
from game.bench.ai import GREEDY, deal_options, greedy_capture
from game.rules.leap_frog import PIECE_VALUES, RULES
from game.rules.leap_frog_board import geometry, initial_counts
from game.rules.moves import Cell, Leap, RemovePiece

from .solver_checks import SteppingClock

QUICK = 0.02  # seconds per move where only legality matters


def random_position(seed: int, turns: int, **options):
    """The position after `turns` random turns of a new game (fewer if it ends sooner)."""
    rng = random.Random(seed)
    state = RULES.new_game(seed, **options)
    for _ in range(turns):
        if RULES.is_over(state):
            break
        # Single leaps only: listing every chain can take seconds on diagonal boards.
        moves = (RULES.legal_moves(state) if RULES.must_remove(state)
                 else RULES.single_leaps(state))
        state = RULES.apply(state, rng.choice(moves))
    return state


def position(pieces: dict[tuple[int, int], str], *, players: int = 2, to_move: int = 0,
             size: int = 15):
    """A Murray position with only `pieces` on the board; the rest of the deal is shared out
    among the players as captures, so everyone is past their opening removal."""
    board = [[None] * size for _ in range(size)]
    for (row, col), symbol in pieces.items():
        board[row][col] = symbol
    off_board = sorted((Counter(initial_counts(size, "murray")) - Counter(pieces.values()))
                       .elements())
    captured = [off_board[player::players] for player in range(players)]
    return RULES.from_dict({
        "game": "leap_frog", "seed": 7, "board": board, "to_move": to_move,
        "captured": captured,
        "options": {"size": size, "variant": "murray", "players": players, "diagonal": False},
    })


def gain(state, move) -> int:
    return sum(RULES.score(RULES.apply(state, move))) - sum(RULES.score(state))


# A row where the white on the left can take three greens in a row; elsewhere only whites.
GREEN_RUN = {(0, 0): "W", (0, 1): "G", (0, 3): "G", (0, 5): "G",
             (5, 5): "W", (5, 6): "W", (9, 9): "W", (10, 9): "W", (12, 2): "W"}
GREEN_RUN_PATH = Leap((Cell(0, 0), Cell(0, 2), Cell(0, 4), Cell(0, 6)))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 150),
       strength=st.sampled_from(STRENGTHS), players=st.integers(2, 4),
       variant=st.sampled_from(["murray", "plain"]), diagonal=st.booleans(),
       size=st.sampled_from([15, 18]))
def test_every_choice_is_legal(seed, turns, strength, players, variant, diagonal, size):
    state = random_position(seed, turns, players=players, variant=variant,
                            diagonal=diagonal, size=size)
    if RULES.is_over(state):
        with pytest.raises(ValueError):
            choose_move(state, strength, time_limit=QUICK, seed=seed)
        return
    move = choose_move(state, strength, time_limit=QUICK, seed=seed)
    assert isinstance(move, RemovePiece if RULES.must_remove(state) else Leap)
    assert RULES.is_legal(state, move)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_takes_the_run_of_greens(strength):
    state = position(GREEN_RUN)
    move = choose_move(state, strength, time_limit=0.5, seed=3)
    assert move == GREEN_RUN_PATH
    assert gain(state, move) == 3 * PIECE_VALUES["G"]
    assert greedy_move(state) == GREEN_RUN_PATH


@pytest.mark.parametrize("strength", ["medium", "hard"])
def test_stops_early_rather_than_open_the_way_to_the_greens(strength):
    # Going on over the yellow would let the whites below jump in where it stood, then over
    # the leaping piece and both greens; stopping after the first white is worth 8 points
    # more (checked by a full game-tree search), which greed alone does not see.
    pieces = {(0, 0): "W", (0, 1): "W", (0, 3): "Y", (1, 3): "W", (2, 3): "W",
              (0, 6): "G", (0, 8): "G"}
    state = position(pieces)
    assert choose_move(state, "easy", seed=0) == Leap((Cell(0, 0), Cell(0, 2), Cell(0, 4)))
    assert choose_move(state, strength, time_limit=1.0, seed=0) == Leap((Cell(0, 0), Cell(0, 2)))


# Taking the green lands the white below a red on the edge, which the next player then leaps
# over and on over two greens (9 points); taking the yellow far away leaves nothing open.
EXPOSING_GREEN = {(1, 0): "W", (1, 1): "G", (0, 2): "R", (2, 3): "G", (2, 5): "G",
                  (10, 0): "W", (10, 1): "Y"}


def test_with_four_players_hard_declines_a_capture_that_feeds_the_next_player():
    state = position(EXPOSING_GREEN, players=4)
    exposing = Leap((Cell(1, 0), Cell(1, 2)))
    safe = Leap((Cell(10, 0), Cell(10, 2)))
    assert gain(RULES.apply(state, exposing), Leap((Cell(0, 2), Cell(2, 2), Cell(2, 4),
                                                    Cell(2, 6)))) == 9
    assert greedy_move(state) == exposing
    assert choose_move(state, "hard", time_limit=1.0, seed=0) == safe


def test_an_opening_removal_takes_a_valuable_piece_that_is_hard_to_answer():
    state = RULES.new_game(11)
    values = values_of(state.board)
    geo = geometry(15, False)
    top = removal_candidates(values, geo, 5)
    assert top[0].gain == max(values)
    for strength in STRENGTHS:
        move = choose_move(state, strength, time_limit=0.2, seed=1)
        assert isinstance(move, RemovePiece)
        assert RULES.piece_at(state, move.square) in ("G", "R")


def test_a_set_cancel_returns_a_legal_move_at_once():
    """The clock stands still, so only the flag can stop the search: it stops at its first
    look, before searching a single position."""
    state = random_position(4, 30)
    cancel = threading.Event()
    cancel.set()
    clock = SteppingClock()
    move = choose_move(state, "hard", time_limit=30.0, cancel=cancel, seed=1, clock=clock)
    assert clock.reads <= 2  # the start, then the first look
    assert RULES.is_legal(state, move)


def test_cancelling_a_running_search_stops_it():
    """The flag set at the 200th look at a clock that stands still (as another thread would
    set it) stops the search at that look: the search looks before every position."""
    state = random_position(6, 40, size=18)
    cancel = threading.Event()
    clock = SteppingClock(0.0, cancel, at_read=200)
    move = choose_move(state, "hard", time_limit=30.0, cancel=cancel, seed=2, clock=clock)
    assert cancel.is_set() and clock.reads == 200
    assert RULES.is_legal(state, move)


@pytest.mark.parametrize(("strengths", "options"), [
    (("hard", "medium"), {}),
    (("easy", "hard", "medium"), {"variant": "plain", "diagonal": True}),
])
def test_computer_players_finish_a_game(strengths, options):
    state = RULES.new_game(21, players=len(strengths), **options)
    for turn in range(1000):
        if RULES.is_over(state):
            break
        move = choose_move(state, strengths[state.to_move], time_limit=0.005, seed=turn)
        state = RULES.apply(state, move)
    assert RULES.is_over(state)
    assert RULES.single_leaps(state) == []
    scores = RULES.score(state)
    assert RULES.winners(state) == tuple(player for player, score in enumerate(scores)
                                         if score == max(scores))


@pytest.mark.parametrize("strength", STRENGTHS)
def test_the_same_seed_gives_the_same_move(strength):
    # Few pieces left, so even the deepest search finishes well within the limit.
    state = position(GREEN_RUN | {(7, 7): "R", (7, 8): "Y", (8, 8): "G", (3, 3): "R"})
    moves = {choose_move(state, strength, time_limit=5.0, seed=42) for _ in range(3)}
    assert len(moves) == 1


def test_easy_varies_its_choice_among_near_equals():
    state = random_position(8, 40)
    moves = {choose_move(state, "easy", seed=seed) for seed in range(30)}
    assert len(moves) > 1
    best = max(gain(state, move) for move in moves)
    assert all(gain(state, move) >= best - 1 for move in moves)


@pytest.mark.parametrize("seed", range(12))
def test_candidates_are_legal_and_find_the_best_capture(seed):
    state = random_position(seed, 20 + 7 * seed, players=2)
    if RULES.must_remove(state) or RULES.is_over(state):
        return
    geo = geometry(15, False)
    values = values_of(state.board)
    candidates = leap_candidates(values, geo)
    cells = geo.cells
    for candidate in candidates:
        move = Leap(tuple(cells[square] for square in candidate.path))
        assert gain(state, move) == candidate.gain
    best = max(gain(state, move) for move in RULES.legal_moves(state))
    assert candidates[0].gain == best
    assert 0 < best_leap_gain(values, geo) <= best


def test_zobrist_keys_follow_the_moves():
    state = random_position(5, 25, players=3)
    geo = geometry(15, False)
    search = Search(geo, 3, state.to_move, Limits(float("inf")))
    fresh = sum(1 << player for player, taken in enumerate(state.captured) if not taken)
    node = search.root_node(values_of(state.board), state.to_move, fresh)
    for _ in range(6):
        moves = search.moves(node)
        if not moves:
            break
        node = search.child(node, moves[-1].path)
        assert node.key == search.zobrist.key(node.values, node.to_move, node.fresh)


def test_unknown_strength_is_refused():
    with pytest.raises(ValueError, match="strength"):
        choose_move(RULES.new_game(1), "grandmaster")


def test_overlapping_searches_resume_garbage_collection_only_after_the_last():
    import gc

    from game.ai.collector import collector_paused

    assert gc.isenabled()
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


# --- the strength benchmark -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 120), players=st.integers(2, 4),
       variant=st.sampled_from(["murray", "plain"]))
def test_the_reference_player_takes_the_most_points_now(seed, turns, players, variant):
    state = random_position(seed, turns, players=players, variant=variant)
    if RULES.is_over(state):
        return
    move = greedy_capture(state)
    if RULES.must_remove(state):
        assert PIECE_VALUES[RULES.piece_at(state, move.square)] == max(
            PIECE_VALUES[piece] for piece in state.board if piece is not None)
    else:
        assert gain(state, move) == max(gain(state, other) for other in RULES.legal_moves(state))


def test_the_match_goes_round_every_board_evenly():
    boards = [tuple(sorted(deal_options(pair).items())) for pair in range(16)]
    assert len(set(boards)) == 16  # 4 sizes x 2 variants x 2 player counts
    for block in (range(0, 8), range(8, 16)):
        options = [deal_options(pair) for pair in block]
        assert Counter(option["size"] for option in options) == {15: 2, 16: 2, 17: 2, 18: 2}
        assert Counter(option["variant"] for option in options) == {"murray": 4, "plain": 4}
        assert Counter(option["players"] for option in options) == {2: 4, 4: 4}


def test_each_side_moves_first_in_half_the_games(monkeypatch):
    seatings = []

    def recorded(seed, seats, side, match, **options):
        seatings.append((seed, seats, side))

    monkeypatch.setattr(bench_ai, "play_game", recorded)
    bench_ai.play_match("hard", "medium", 4)
    assert seatings == [(0, ("hard", "medium"), {0}), (0, ("medium", "hard"), {1}),
                        (1, ("hard", "medium"), {0}), (1, ("medium", "hard"), {1})]
    seatings.clear()
    bench_ai.play_match("hard", "medium", 10)  # pair 4 is a game of four
    assert seatings[8:] == [(4, ("hard", "medium", "hard", "medium"), {0, 2}),
                            (4, ("medium", "hard", "medium", "hard"), {1, 3})]


def test_a_short_match_counts_every_game_and_times_every_computer_move():
    match = bench_ai.play_match("easy", GREEDY, 2)
    assert match.total.games == 2 and set(match.results) == {2}
    assert set(match.move_ms) == {("easy", 15)} and all(
        0 <= ms < 1000 for ms in match.move_ms["easy", 15])


def test_a_game_shared_across_the_sides_is_a_draw(monkeypatch):
    monkeypatch.setattr(RULES, "winners", lambda state: (0, 1))
    match = bench_ai.Match()
    bench_ai.play_game(3, ("easy", "easy", "easy", "easy"), {0, 2}, match, size=15)
    assert (match.total.wins, match.total.draws, match.total.losses) == (0, 1, 0)


def test_a_match_reports_its_win_rate_within_its_95_percent_interval():
    figures = {figure.metric: figure.value
               for figure in bench_ai.result_figures("hard", bench_ai.Result(10, 4, 6))}
    assert (figures["wins"], figures["draws"], figures["losses"]) == (10, 4, 6)
    assert figures["win_rate"] == 50
    assert figures["win_rate_low95"] == pytest.approx(29.93, abs=0.01)
    assert figures["win_rate_high95"] == pytest.approx(70.07, abs=0.01)
