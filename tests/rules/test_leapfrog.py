"""Leapfrog (RULES.md §1): the deal, filling gaps, dead gaps, the King chooser, and scoring."""

from __future__ import annotations

import random

import pytest

from game.rules import IllegalMove
from game.rules.cards import Card, parse_card, shuffled_deck
from game.rules.leapfrog import BUY_IN, RULES, LeapfrogState, ScoreBreakdown
from game.rules.moves import Cell, GapMove
from tests.rules.strategies import expected_inventory, inventory, json_round_trip, playout

WON = [
    "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S --",
    "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H --",
    "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D --",
    "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C --",
]


def grid_dict(rows: list[str], seed: int = 0) -> dict:
    """A state dict from a picture of the grid: card codes, `--` for a gap."""
    grid = [[None if code == "--" else code for code in row.split()] for row in rows]
    return {"game": "leapfrog", "seed": seed, "grid": grid}


def position(rows: list[str]) -> LeapfrogState:
    return RULES.from_dict(grid_dict(rows))


def ascending_rows(used: list[str], count: int) -> list[str]:
    """`count` rows of the cards not in `used`, lowest first, each row ending in a gap.

    Neighbours in these rows are never in sequence and no row starts with a King, so they
    add no points of their own.
    """
    taken = {code for row in used for code in row.split()}
    rest = [card.code for rank in range(2, 14) for suit in "SHDC"
            if (card := Card(rank, suit)).code not in taken]
    assert len(rest) == 12 * count
    return [" ".join(rest[index * 12:(index + 1) * 12]) + " --" for index in range(count)]


def move(source: tuple[int, int], target: tuple[int, int]) -> GapMove:
    return GapMove(Cell(*source), Cell(*target))


# --- the deal --------------------------------------------------------------------------------

def test_deal_is_the_shuffled_deck_row_by_row_with_aces_taken_out() -> None:
    state = RULES.new_game(42)
    deck = shuffled_deck(42, 1)
    for index, card in enumerate(deck):
        cell = state.grid[index // 13][index % 13]
        assert cell == (None if card.rank == 1 else card)
    assert [len(row) for row in state.grid] == [13, 13, 13, 13]
    assert sum(cell is None for row in state.grid for cell in row) == 4


def test_new_game_takes_no_options() -> None:
    with pytest.raises(ValueError):
        RULES.new_game(1, draw=3)
    assert RULES.options(RULES.new_game(1)) == {}


# --- filling gaps ----------------------------------------------------------------------------

def test_gap_takes_the_card_one_below_its_left_neighbour_from_anywhere() -> None:
    state = position([
        "KS QS JS -- 9S 8S 7S 6S 5S 4S 3S 2S --",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H TS",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D --",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C --",
    ])
    assert RULES.legal_moves(state) == [move((1, 12), (0, 3))]
    after = RULES.apply(state, move((1, 12), (0, 3)))
    assert after.grid[0][3] == parse_card("TS")
    assert after.grid[1][12] is None
    assert RULES.is_won(after) and RULES.is_over(after)


def test_gap_right_of_a_king_outside_the_first_column_takes_the_queen() -> None:
    state = position([
        "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S KS --",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H --",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D --",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C --",
    ])
    assert RULES.legal_moves(state) == [move((0, 0), (0, 12))]
    assert RULES.dead_gaps(state) == [Cell(1, 12), Cell(2, 12), Cell(3, 12)]


def test_a_chain_of_gaps_opens_one_after_another() -> None:
    state = position([
        "KS QS -- -- 9S 8S 7S 6S 5S 4S 3S 2S --",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H JS",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D TS",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C --",
    ])
    assert RULES.legal_moves(state) == [move((1, 12), (0, 2))]
    assert RULES.dead_gaps(state) == [Cell(0, 3), Cell(0, 12), Cell(3, 12)]
    with pytest.raises(IllegalMove):
        RULES.apply(state, move((2, 12), (0, 3)))  # right of a gap: dead for now
    state = RULES.apply(state, move((1, 12), (0, 2)))
    assert RULES.legal_moves(state) == [move((2, 12), (0, 3))]
    state = RULES.apply(state, move((2, 12), (0, 3)))
    assert RULES.is_won(state)
    assert RULES.dead_gaps(state) == [Cell(row, 12) for row in range(4)]


def test_gap_right_of_a_two_is_dead() -> None:
    state = position([
        "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S --",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H --",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D --",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 2C -- 3C",
    ])
    assert RULES.legal_moves(state) == []
    assert RULES.is_over(state) and not RULES.is_won(state)
    assert Cell(3, 11) in RULES.dead_gaps(state)
    with pytest.raises(IllegalMove):
        RULES.apply(state, move((3, 12), (3, 11)))


def test_first_column_gap_offers_every_king_not_already_in_the_first_column() -> None:
    state = position([
        "-- QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S --",
        "-- QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H --",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D KS",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C KH",
    ])
    assert RULES.legal_moves(state) == [
        move((2, 12), (0, 0)), move((3, 12), (0, 0)),
        move((2, 12), (1, 0)), move((3, 12), (1, 0)),
    ]
    for king_in_first_column in ((2, 0), (3, 0)):
        with pytest.raises(IllegalMove):
            RULES.apply(state, move(king_in_first_column, (0, 0)))
    with pytest.raises(IllegalMove):
        RULES.apply(state, move((0, 1), (0, 0)))  # only Kings go to the first column
    after = RULES.apply(state, move((3, 12), (0, 0)))
    assert after.grid[0][0] == parse_card("KH") and after.grid[3][12] is None
    assert RULES.legal_moves(after) == [move((2, 12), (1, 0))]


def test_a_king_in_the_second_column_may_move_to_the_first() -> None:
    state = position([
        "-- KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H --",
        "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D --",
        "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C --",
    ])
    assert RULES.legal_moves(state) == [move((0, 1), (0, 0))]
    after = RULES.apply(state, move((0, 1), (0, 0)))
    assert RULES.legal_moves(after) == [move((0, 2), (0, 1))]


# --- scoring ---------------------------------------------------------------------------------

def test_won_grid_scores_768_and_wins_668() -> None:
    state = position(WON)
    assert RULES.score_breakdown(state) == ScoreBreakdown(88, 240, 40, 400, 768)
    assert RULES.score(state) == 768
    assert RULES.winnings(state) == 768 - BUY_IN == 668


def test_a_king_in_the_first_column_alone_scores_five() -> None:
    rows = ["KS KH KD KC QS QH QD QC JS JH JD JC --"]
    state = position(rows + ascending_rows(rows, 3))
    assert RULES.score_breakdown(state) == ScoreBreakdown(0, 5, 0, 0, 5)
    assert RULES.winnings(state) == 5 - 100


def test_sequence_points_wherever_the_pair_stands() -> None:
    rows = ["2S 2H 2D 2C 9H 8H 3S 3H 3D 3C 7D 6D --"]
    state = position(rows + ascending_rows(rows, 3))
    assert RULES.score_breakdown(state) == ScoreBreakdown(4, 0, 0, 0, 4)


def test_position_needs_an_unbroken_run_from_the_king() -> None:
    rows = ["KS QS JS 9S -- 8S 7S TS 2H 2D 2C 3H 3D"]
    state = position(rows + ascending_rows(rows, 3)[:3])
    breakdown = RULES.score_breakdown(state)
    # K Q J in place (3 x 5); Q, J and 8S-7S in sequence (3 x 2).
    assert breakdown == ScoreBreakdown(6, 15, 0, 0, 21)


def test_ascending_filler_rows_score_nothing() -> None:
    rows = ["2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C --"]
    assert RULES.score_breakdown(position(rows + ascending_rows(rows, 3))).total == 0


def test_one_completed_suit_scores_its_row_without_the_bonus() -> None:
    rows = [WON[0]]
    state = position(rows + ascending_rows(rows, 3))
    assert RULES.score_breakdown(state) == ScoreBreakdown(22, 60, 10, 0, 92)
    assert not RULES.is_won(state)


# --- the save format -------------------------------------------------------------------------

def test_state_dict_round_trips_through_json() -> None:
    state = RULES.new_game(9)
    data = RULES.to_dict(state)
    assert data["game"] == "leapfrog" and data["seed"] == 9
    assert sum(code is None for row in data["grid"] for code in row) == 4
    assert RULES.from_dict(json_round_trip(data)) == state


def damaged_grids() -> list:
    won = grid_dict(WON)["grid"]

    def changed(row: int, col: int, value: object) -> list:
        grid = [list(cells) for cells in won]
        grid[row][col] = value
        return grid

    return [
        changed(0, 1, "KS"),  # a duplicate (and a card missing)
        changed(0, 1, None),  # five gaps
        changed(0, 12, "AS"),  # an Ace in the grid
        changed(0, 1, "AS"),  # an Ace instead of a card
        changed(0, 12, "QS"),  # a duplicate instead of a gap
        changed(0, 1, "qs"),  # face down
        changed(0, 1, "XX"),
        changed(0, 1, 12),
        changed(0, 1, ["QS"]),
        won[:3],
        [row[:12] for row in won],
        [*won[:3], "KC QC"],
        "grid",
        None,
    ]


@pytest.mark.parametrize("grid", damaged_grids())
def test_from_dict_refuses_damaged_grids(grid: object) -> None:
    with pytest.raises(ValueError):
        RULES.from_dict({"game": "leapfrog", "seed": 0, "grid": grid})


@pytest.mark.parametrize("change", [
    {"game": "leap_year"}, {"seed": -1}, {"seed": "1"}, {"seed": True}, {"extra": 1},
])
def test_from_dict_refuses_bad_fields(change: dict) -> None:
    with pytest.raises(ValueError):
        RULES.from_dict({**grid_dict(WON), **change})
    data = grid_dict(WON)
    del data["grid"]
    with pytest.raises(ValueError):
        RULES.from_dict(data)


def test_move_dicts() -> None:
    gap_move = move((2, 12), (0, 3))
    assert RULES.move_to_dict(gap_move) == {"from": [2, 12], "to": [0, 3]}
    assert RULES.move_from_dict({"from": [2, 12], "to": [0, 3]}) == gap_move
    for bad in [{"from": [4, 0], "to": [0, 0]}, {"from": [0, 13], "to": [0, 0]},
                {"from": [0, 0]}, {"from": [0, 0], "to": [0, 1], "count": 1},
                {"from": [0], "to": [0, 1]}, {"from": ["0", 0], "to": [0, 1]}, [0, 0]]:
        with pytest.raises(ValueError):
            RULES.move_from_dict(bad)


# --- seeded random play ----------------------------------------------------------------------

def card_filling(state: LeapfrogState, gap: Cell) -> set[Card]:
    """The cards RULES.md allows into `gap`, worked out from the picture of the grid."""
    cards = [card for row in state.grid for card in row if card is not None]
    if gap.col == 0:
        return {card for card in cards if card.rank == 13} - set(c[0] for c in state.grid)
    left = state.grid[gap.row][gap.col - 1]
    if left is None or left.rank == 2:
        return set()
    return {Card(left.rank - 1, left.suit)}


@pytest.mark.parametrize("seed", [3, 17, 2024])
def test_random_play_follows_the_rules(seed: int) -> None:
    states, _ = playout(RULES, seed, {}, 200)
    expected = expected_inventory("leapfrog", RULES, seed, {})
    rng = random.Random(seed)
    for state in states:
        data = RULES.to_dict(state)
        assert inventory("leapfrog", data) == expected
        assert RULES.from_dict(json_round_trip(data)) == state
        moves = RULES.legal_moves(state)
        gaps = [Cell(r, c) for r in range(4) for c in range(13) if state.grid[r][c] is None]
        for gap in gaps:
            fillers = {state.grid[m.source.row][m.source.col] for m in moves if m.target == gap}
            assert fillers == card_filling(state, gap)
        assert RULES.dead_gaps(state) == [gap for gap in gaps if not card_filling(state, gap)]
        breakdown = RULES.score_breakdown(state)
        assert breakdown.total == sum(breakdown[:4]) == RULES.score(state)
        assert RULES.winnings(state) == RULES.score(state) - BUY_IN
        for legal in moves:
            after = RULES.apply(state, legal)
            assert after.grid[legal.target.row][legal.target.col] == \
                state.grid[legal.source.row][legal.source.col]
        assert RULES.to_dict(state) == data, "apply changed its input"
        source = Cell(rng.randrange(4), rng.randrange(13))
        for gap in gaps:
            if GapMove(source, gap) not in moves:
                with pytest.raises(IllegalMove):
                    RULES.apply(state, GapMove(source, gap))
