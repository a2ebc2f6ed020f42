"""Leapfrog solver: wins it finds replay through the rules, losses it claims are real (checked
against a search of every rules move near the end of random games), budgets, hints, the
row symmetry and finishing."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.ai import hints
from game.ai.leapfrog import solver as leapfrog_solver
from game.ai.leapfrog.grid import fills, grid_of, score, settle, survey
from game.ai.leapfrog.solver import (
    ADVISOR,
    ORDERED_NODES,
    SPACE,
    auto_finish_line,
    exhaustive,
    no_productive_moves,
    solve,
    to_gap_move,
)
from game.ai.search import Budget
from game.ai.solitaire_space import steps_of
from game.rules.cards import RANKS, SUITS
from game.rules.leapfrog import COLUMNS, RULES, LeapfrogState

from .solver_checks import check_budget_and_cancel_stop, exhaustive_winnable

ENOUGH = Budget(max_nodes=200_000)
SOLVED_ROWS = [[RANKS[rank - 1] + suit for rank in range(13, 1, -1)] + [None] for suit in SUITS]


def grid_state(rows: list[list[str | None]]) -> LeapfrogState:
    return RULES.from_dict({"game": "leapfrog", "seed": 0, "grid": rows})


def replays_to_win(state: LeapfrogState, line: tuple) -> bool:
    for move in line:
        state = RULES.apply(state, move)
    return RULES.is_won(state)


def unsolved(seed: int, steps: int) -> LeapfrogState:
    """A position `steps` moves or fewer from a win: the solved grid with moves taken back
    at random. Taking back a move puts a card that sits right of its next-higher card (or a
    King in the first column) into a gap, from where the rules move it back."""
    rng = random.Random(seed)
    cells = [row[:] for row in SOLVED_ROWS]
    for _ in range(steps):
        gaps = [(r, c) for r in range(4) for c in range(COLUMNS) if cells[r][c] is None]
        placed = [(r, c) for r in range(4) for c in range(COLUMNS) if cells[r][c] is not None
                  and (c == 0 and cells[r][c][0] == "K" or c > 0 and cells[r][c - 1]
                       and cells[r][c - 1][1] == cells[r][c][1]
                       and RANKS.index(cells[r][c - 1][0]) == RANKS.index(cells[r][c][0]) + 1)]
        if not placed:
            break
        r, c = rng.choice(placed)
        card = cells[r][c]
        targets = [gap for gap in gaps if not (card[0] == "K" and gap[1] == 0)]
        if not targets:
            continue
        gr, gc = rng.choice(targets)
        cells[gr][gc], cells[r][c] = card, None
    return grid_state(cells)


def winnable_by_rules(state: LeapfrogState, limit: int = 5_000) -> bool | None:
    """Every rules move from every position; None when there are more than `limit`."""
    return exhaustive_winnable(RULES, state, limit)


def late_position(seed: int, back: int) -> LeapfrogState:
    """A random game played to its end, then `back` moves earlier."""
    rng = random.Random(seed)
    states = [RULES.new_game(seed)]
    while moves := RULES.legal_moves(states[-1]):
        states.append(RULES.apply(states[-1], rng.choice(moves)))
    return states[max(0, len(states) - 1 - back)]


def test_finds_the_win_a_few_moves_away():
    rows = [row[:] for row in SOLVED_ROWS]
    rows[0] = [None] + rows[0][1:12] + ["KS"]  # the King waits for the first column
    rows[1] = rows[1][:4] + [None] + rows[1][5:12] + ["9H"]  # the 9 waits beside the 10
    state = grid_state(rows)
    result = solve(state, ENOUGH)
    assert result.status == "won"
    assert len(result.line) == 2 and replays_to_win(state, result.line)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 14))
def test_positions_taken_back_from_a_win_are_won(seed, steps):
    state = unsolved(seed, steps)
    result = solve(state, ENOUGH)
    assert result.status == "won"
    assert replays_to_win(state, result.line)


def test_proves_a_dead_end_lost():
    # The 3 of spades may go beside the 4, but then both remaining gaps sit right of a 2.
    rows = [row[:] for row in SOLVED_ROWS]
    rows[0] = rows[0][:10] + [None, "2H", "3S"]
    rows[1] = rows[1][:11] + ["2S", None]
    state = grid_state(rows)
    result = solve(state, ENOUGH)
    assert result.status == "lost" and result.line is None
    assert winnable_by_rules(state) is False


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 14))
def test_verdicts_near_the_end_of_random_games_match_an_exhaustive_search(seed, back):
    state = late_position(seed, back)
    winnable = winnable_by_rules(state)
    assume(winnable is not None)
    result = solve(state, ENOUGH)
    if winnable:  # found first by the exhaustive search, maybe not by the solver's order
        assert result.status != "lost"
    else:
        assert result.status == "lost"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 14))
def test_the_search_of_every_position_agrees_with_an_exhaustive_search(seed, back):
    state = late_position(seed, back)
    winnable = winnable_by_rules(state)
    assume(winnable is not None)
    steps: list = []
    root = settle(grid_of(state), steps)
    outcome = exhaustive(root, ENOUGH.start())
    assert outcome.found == winnable and outcome.exhausted != winnable
    if winnable:
        line = [to_gap_move(state, step) for step in steps + steps_of(SPACE, root,
                                                                      outcome.path)]
        assert replays_to_win(state, line)


def safe_moves_by_rows(grid: bytes) -> list:
    """The safe moves read row by row: at the end of each row's final run, a gap whose card
    lies in the last column, is a 2, or has the next card down of its suit to its right; at
    a first-column gap, the only King left outside the first column, when it lies in the
    last column or has its Queen to its right."""
    kings_out = [cell for cell in (grid.index(suit * 16 + 13) for suit in range(4))
                 if cell % COLUMNS]
    found = []
    for start in range(0, 4 * COLUMNS, COLUMNS):
        king = grid[start]
        if king == 0 and len(kings_out) == 1:
            source = kings_out[0]
            if source % COLUMNS == COLUMNS - 1 or grid[source + 1] == grid[source] - 1:
                found.append((source, start))
        if king & 15 != 13:
            continue
        length = 1
        while length < 12 and grid[start + length] == king - length:
            length += 1
        if length == 12 or grid[start + length] != 0:
            continue
        card = king - length
        source = grid.index(card)
        if source % COLUMNS == COLUMNS - 1 or card & 15 == 2 or grid[source + 1] == card - 1:
            found.append((source, start + length))
    return found


def last_king_out(seed: int) -> LeapfrogState:
    """A position near a win with one King outside the first column: the solved grid with a
    King taken out of its row and the ends of the rows shuffled, the King among them."""
    rng = random.Random(seed)
    cells = [row[:] for row in SOLVED_ROWS]
    row = rng.randrange(4)
    king, cells[row][0] = cells[row][0], None
    ends = [(r, c) for r in range(4)
            for c in range(rng.randint(1 if r == row else 8, 12), COLUMNS)]
    cards = [cells[r][c] for r, c in ends]
    cards[cards.index(None)] = king  # keeps four gaps
    rng.shuffle(cards)
    for (r, c), card in zip(ends, cards, strict=True):
        cells[r][c] = card
    return grid_state(cells)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 40))
def test_one_pass_over_the_gaps_finds_the_safe_move_or_every_fill(seed, back):
    # Late positions of random games, and positions a few moves from a win, where final
    # runs and their gaps are common.
    for state in (late_position(seed, back), unsolved(seed, back % 14 + 1),
                  last_king_out(seed)):
        grid = grid_of(state)
        safe, moves = survey(grid)
        assert safe == next(iter(safe_moves_by_rows(grid)), None)
        assert moves == ([] if safe else fills(grid))
        if safe:
            assert safe in fills(grid)
        # Whatever order the gaps come in: the same fills, and a safe move when there is one.
        gaps = [cell for cell, card in enumerate(grid) if card == 0]
        random.Random(seed).shuffle(gaps)
        any_safe, any_moves = survey(grid, gaps)
        if safe:
            assert any_safe in safe_moves_by_rows(grid) and any_moves == []
        else:
            assert any_safe is None and sorted(any_moves) == sorted(moves)


def test_the_last_king_goes_to_the_first_column_at_once_when_nothing_needs_its_place():
    # Only the King of spades is outside the first column, its Queen to its right: the
    # King goes first, then each card into the place it leaves.
    rows = [row[:] for row in SOLVED_ROWS]
    rows[0] = [None] + rows[0][:12]
    grid = grid_of(grid_state(rows))
    assert survey(grid) == ((1, 0), [])
    assert exhaustive(settle(grid), ENOUGH.start()).found  # settled into the win itself
    result = solve(grid_state(rows), ENOUGH)
    assert result.status == "won" and len(result.line) == 12


def test_the_last_king_waits_while_the_cell_beside_it_may_still_be_needed():
    # The King of diamonds is the last King out, with the 3 of hearts beside it: every win
    # puts the Queen in the place the 3 leaves there before the King goes home.
    rows = [line.split() for line in (
        "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 8D 2H",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 4D 2S 2D",
        ".. QD TD KD 3H 9D 3D 6D .. .. 5D 2C JD",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 7D ..")]
    state = grid_state([[None if card == ".." else card for card in row] for row in rows])
    assert survey(grid_of(state))[0] is None
    assert winnable_by_rules(state) is True
    outcome = exhaustive(settle(grid_of(state)), ENOUGH.start())
    assert outcome.found


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_with_the_last_king_out_the_search_of_every_position_agrees_with_the_rules(seed):
    state = last_king_out(seed)
    winnable = winnable_by_rules(state)
    assume(winnable is not None)
    outcome = exhaustive(settle(grid_of(state)), ENOUGH.start())
    assert outcome.found == winnable and outcome.exhausted != winnable


def test_the_promising_order_gets_a_moment_however_long_the_budget(monkeypatch):
    # The search of every position wins what the ordered one would win later, and sooner,
    # so the ordered one gets what a hint gives it, not a share of a long budget.
    started_after = []

    def spied(root, meter, lost=None):
        started_after.append(meter.nodes)
        return exhaustive(root, meter, lost)

    monkeypatch.setattr(leapfrog_solver, "exhaustive", spied)
    result = solve(RULES.new_game(7), Budget(max_nodes=1_000_000))
    assert result.status == "won"
    assert started_after and started_after[0] <= ORDERED_NODES + 1


def test_a_deal_the_promising_order_misses_is_won_by_the_search_of_every_position():
    # Deal 7: not won in the promising order within its share, won by the plain search.
    state = RULES.new_game(7)
    assert solve(state, Budget(max_nodes=25_000)).status == "unknown"
    result = solve(state, Budget(max_nodes=150_000))
    assert result.status == "won" and replays_to_win(state, result.line)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.permutations(range(4)))
def test_rows_in_another_order_give_the_same_verdict_and_key(seed, order):
    state = late_position(seed, 6)
    rows = RULES.to_dict(state)["grid"]
    shuffled = grid_state([rows[index] for index in order])
    assert SPACE.key(grid_of(shuffled)) == SPACE.key(grid_of(state))
    verdicts = {solve(position, Budget(max_nodes=20_000)).status
                for position in (state, shuffled)}
    assert len(verdicts) == 1 or "unknown" in verdicts


def test_winning_lines_of_real_deals_replay_to_a_win():
    for seed in (9, 17):
        state = RULES.new_game(seed)
        result = solve(state, Budget(max_nodes=40_000))
        assert result.status == "won"
        assert replays_to_win(state, result.line)


def test_the_compact_score_is_the_rules_score():
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = RULES.new_game(seed)
        while moves := RULES.legal_moves(state):
            assert score(grid_of(state)) == RULES.score(state)
            state = RULES.apply(state, rng.choice(moves))
        assert score(grid_of(state)) == RULES.score(state)


def test_the_budget_and_cancelling_stop_the_search():
    state = RULES.new_game(1)
    check_budget_and_cancel_stop(solve, state)


def test_an_unfinished_search_points_toward_a_better_score():
    state = RULES.new_game(1)
    result = solve(state, Budget(max_nodes=3_000))
    for move in result.progress_line:
        state = RULES.apply(state, move)
    assert RULES.score(state) > RULES.score(RULES.new_game(1))


def test_hints_are_legal_moves():
    for seed in (1, 2, 3):
        state = RULES.new_game(seed)
        move = hints.hint(RULES, state, Budget(max_nodes=2_000))
        assert move in RULES.legal_moves(state)


def test_the_advisor_is_registered():
    assert hints.advisor_of("leapfrog") is ADVISOR


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 30))
def test_nothing_productive_is_false_while_a_move_gains_points(seed, back):
    state = late_position(seed, back)
    gains = any(RULES.score(RULES.apply(state, move)) > RULES.score(state)
                for move in RULES.legal_moves(state))
    if gains:
        assert not no_productive_moves(state)


def test_nothing_productive_in_a_dead_end_or_a_won_game():
    rows = [row[:] for row in SOLVED_ROWS]
    rows[0] = rows[0][:11] + ["2H", None]
    rows[1] = rows[1][:11] + ["2S", None]
    assert no_productive_moves(grid_state(rows))
    assert no_productive_moves(grid_state(SOLVED_ROWS))


def test_auto_finish_puts_the_last_cards_in_place():
    rows = [row[:] for row in SOLVED_ROWS]
    rows[2] = rows[2][:6] + [None, "6D", "5D", "4D", "3D", "2D", "7D"]
    state = grid_state(rows)
    line = auto_finish_line(state)
    assert line is not None and replays_to_win(state, line)


def test_auto_finish_declines_when_the_end_is_not_mechanical():
    assert auto_finish_line(RULES.new_game(1)) is None
    assert auto_finish_line(grid_state(SOLVED_ROWS)) is None


def state_of_grid(grid: bytes) -> LeapfrogState:
    return grid_state([[RANKS[card % 16 - 1] + SUITS[card // 16] if card else None
                        for card in grid[row * COLUMNS:(row + 1) * COLUMNS]]
                       for row in range(4)])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 14), st.booleans(), st.integers(1, 400))
def test_every_grid_a_search_remembers_as_lost_is_lost(seed, back, near_win, nodes):
    """Finished, stopped by its budget or ending in a win, a search keeps as lost only grids
    no rules move sequence wins from."""
    state = unsolved(seed, back) if near_win else late_position(seed, back)
    root = settle(grid_of(state))
    lost: set = set()
    outcome = exhaustive(root, Budget(max_nodes=nodes).start(), lost)
    for grid in random.Random(seed).sample(sorted(lost), min(len(lost), 8)):
        assert winnable_by_rules(state_of_grid(grid), limit=20_000) in (False, None)
    if outcome.exhausted:
        assert root in lost


def test_grids_convert_back_to_the_same_state():
    state = late_position(5, 3)
    assert grid_of(state_of_grid(grid_of(state))) == grid_of(state)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 14))
def test_a_search_given_what_an_earlier_one_proved_agrees_and_searches_less(seed, back):
    """The position a move before: its search with the later one's proven grids finds the
    same verdict as a search of its own, visiting no more positions; a search stopped and
    tried again goes on from its proven part."""
    states = [late_position(seed, back), late_position(seed, back - 2)]
    roots = [settle(grid_of(state)) for state in states]
    alone_meter = Budget(max_nodes=50_000).start()
    alone = exhaustive(roots[0], alone_meter)
    assume(alone.exhausted or alone.found)
    lost: set = set()
    exhaustive(roots[1], Budget(max_nodes=50_000).start(), lost)
    meter = Budget(max_nodes=50_000).start()
    shared = exhaustive(roots[0], meter, lost)
    assert (shared.found, shared.exhausted) == (alone.found, alone.exhausted)
    assert meter.nodes <= alone_meter.nodes
    lost.clear()
    stopped = exhaustive(roots[0], Budget(max_nodes=alone_meter.nodes // 2 + 1).start(),
                         lost)
    proven = len(lost)
    again = Budget(max_nodes=50_000).start()
    resumed = exhaustive(roots[0], again, lost)
    assert (resumed.found, resumed.exhausted) == (alone.found, alone.exhausted)
    assert again.nodes <= alone_meter.nodes
    if not (stopped.found or stopped.exhausted) and proven:
        assert again.nodes < alone_meter.nodes
