"""Leap Year's beams: where they deal, what they keep for later beams, their ranking, and that
the wins they find replay through the rules."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.leap_year import beam
from game.ai.leap_year.solver import LeapYearSpace, Position, position_of, settle, solve, stock_of
from game.ai.search import Budget
from game.rules.leap_year import RULES

JACK, QUEEN, KING = 11, 12, 13


def late(tableau: tuple[bytes, ...], queens_up: int = 15) -> Position:
    """Every rank up to Jack done, `queens_up` Queens up (so one foundation takes a Queen
    while 15 are), no King up."""
    played = bytes([0] + [16] * JACK + [queens_up, 0])
    return Position(tableau, played, 0)


def test_a_card_that_fits_is_dealt_over_only_when_another_of_its_rank_wants_its_foundation():
    alone = late((bytes([KING, QUEEN]), bytes([KING])))
    assert not beam.worth_dealing(alone, bytes([KING] * 8))
    # A second Queen on top, or one in the coming deal, may be the one to go up.
    assert beam.worth_dealing(late((bytes([QUEEN]), bytes([KING, QUEEN]))), bytes([KING] * 8))
    assert beam.worth_dealing(alone, bytes([KING] * 7 + [QUEEN]))
    # A top card that does not fit never stops a deal.
    assert beam.worth_dealing(late((bytes([QUEEN, KING]),)), bytes([KING] * 8))


def test_a_card_with_foundations_to_spare_is_never_held_by_a_beam():
    state = RULES.new_game(204)
    space = LeapYearSpace(stock_of(state), eager=True)
    root = settle(position_of(state))
    moves = beam.Moves(space, Budget().start())
    for _, child, _ in moves.after(root):
        played = child.played
        assert not any(pile and played[pile[-1] - 1] - played[pile[-1]] >= 2
                       for pile in child.tableau)


def test_kept_moves_are_the_moves_worked_out_afresh_and_bounded():
    state = RULES.new_game(7)
    space = LeapYearSpace(stock_of(state), eager=True)
    kept = beam.Moves(space, Budget().start(), limit=3)
    fresh_positions = []
    position = settle(position_of(state))
    for _ in range(12):
        children = kept.after(position)
        assert kept.after(position) is children  # the second time from the store
        fresh_positions.append((position, children))
        assert len(kept.children.newer) <= 3 and len(kept.children.older) <= 3
        assert kept.playout(position) == beam.playout(position, space.stock.deals)
        assert len(kept.ends.newer) <= 3 and len(kept.ends.older) <= 3
        position = children[-1][1]  # the deal, or the last play
    for position, children in fresh_positions:
        assert beam.Moves(space, Budget().start()).after(position) == children
        assert kept.playout(position) == beam.playout(position, space.stock.deals)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(1, KING), max_size=12), min_size=8, max_size=8),
       st.floats(0, 1))
def test_buried_counts_each_card_above_a_lower_one_with_its_rank_gap(piles, gap_weight):
    position = Position(tuple(map(bytes, piles)), bytes(14), 0)
    expected = 0.0
    for pile in piles:
        for height, rank in enumerate(pile):
            lowest = min(pile[:height], default=KING + 1)
            if rank > lowest:
                expected += 1 + gap_weight * (rank - lowest)
    assert abs(beam.buried(position, gap_weight) - expected) < 1e-9


@pytest.mark.slow
def test_a_look_finds_a_win_that_replays_and_leaves_garbage_collection_as_it_was():
    state = RULES.new_game(204)
    assert gc.isenabled()
    result = solve(state, Budget(max_nodes=400_000))
    assert gc.isenabled()
    assert result.status == "won"
    for move in result.line:
        state = RULES.apply(state, move)
    assert RULES.is_won(state)
    gc.disable()
    try:
        solve(RULES.new_game(1), Budget(max_nodes=5_000))
        assert not gc.isenabled()
    finally:
        gc.enable()


def fives_up(tableau: tuple[bytes, ...]) -> Position:
    """Ranks up to 4 done and 15 Fives up: one foundation left for a Five."""
    return Position(tableau, bytes([0] + [16] * 4 + [15] + [0] * 8), 0)


def test_a_playout_plays_the_lowest_card_and_of_two_of_a_rank_the_one_over_a_lower_card():
    position = fives_up((bytes([7, 5]), bytes([6, 5]), bytes([9])))
    assert beam.next_play(position.tableau, position.played) == 1
    # The Five over the Six goes up, the Six after it; the other Five then has no foundation.
    assert beam.playout(position, ()) == sum(position.played) + 2
    emptied = fives_up((bytes([5]), bytes([8, 5])))
    assert beam.next_play(emptied.tableau, emptied.played) == 1
    assert beam.next_play(fives_up((bytes([7]), bytes([9]))).tableau, position.played) is None


def test_a_playout_deals_when_nothing_fits_and_counts_every_card_up():
    position = Position((bytes([KING]),) * 8, bytes([0] + [16] * 11 + [8, 8]), 0)
    deals = (bytes([QUEEN] * 8),)
    # No King fits until the Queens come with the deal: they cover the Kings, go up, and
    # the Kings follow.
    assert beam.playout(position, deals) == sum(position.played) + 16
    assert beam.playout(position._replace(deals=1), deals) == sum(position.played)


def test_a_playout_wins_exactly_when_its_line_of_the_spaces_moves_reaches_a_goal():
    state = RULES.new_game(203)
    result = solve(state, Budget(max_nodes=400_000))
    assert result.status == "won"
    wins = 0
    for move in result.line:  # positions from the deal's start to its end
        space = LeapYearSpace(stock_of(state), eager=True)
        position = settle(position_of(state))
        line = beam.playout_line(space, position)
        won = beam.playout(position, space.stock.deals) == beam.ALL_CARDS
        assert (line is not None) == won
        if line is not None:
            wins += 1
            path, goal = line
            for step in path:
                position = space.play(position, step)
            assert position == goal and space.is_goal(goal)
        state = RULES.apply(state, move)
    assert wins > 10


def test_a_playout_that_wins_is_a_win_even_where_the_spaces_own_plays_would_miss_it():
    # Met by a pilot beam on deal 9614: the playout from here puts every card up, but the
    # space's plays after each move, going in another order, let two cards of a rank trade
    # the last foundation that takes them, and the line following the playout's choices
    # through the space's moves ends stuck. The win is replayed as the playout played it.
    state = RULES.new_game(9614)
    space = LeapYearSpace(stock_of(state), eager=True)
    position = Position(
        (bytes([9]), bytes([13, 8, 4]), bytes([5, 12, 5, 13, 7, 13, 9, 12]),
         bytes([11, 6, 7, 8, 12, 12, 7, 10, 13]), bytes([8, 12, 8, 7, 9, 9, 9, 12]),
         bytes([10, 13, 12, 9, 10, 10, 13, 8]), bytes([13, 13, 6]), bytes([11, 9, 6, 10, 11])),
        bytes([0, 16, 13, 10, 9, 6, 5, 5, 5, 5, 5, 4, 4, 4]), 14)
    assert beam.playout(position, space.stock.deals) == beam.ALL_CARDS
    line = beam.playout_line(space, position)
    assert line is not None
    path, goal = line
    assert all(isinstance(move, beam.Plain) for move in path)
    assert space.is_goal(goal)
    steps: list = []
    assert beam.playout(position, space.stock.deals, steps) == beam.ALL_CARDS
    assert tuple(steps) == path
