"""Hints, the "nothing useful left" verdict and the automatic finish, on Klondike."""

from __future__ import annotations

import random

from game.ai.hints import auto_finish_line, can_win, hint, no_productive_moves
from game.ai.search import Budget
from game.rules.cards import SUITS
from game.rules.klondike import FOUNDATIONS, RULES, TABLEAU, WASTE
from game.rules.moves import STOCK, CardMove
from tests.ai.test_klondike_solver import replay, state_from, suit_up_to

QUICK = Budget(max_seconds=0.5)

# Every remaining card is buried under Queens whose Kings are buried too: no move at all.
NO_MOVE = {
    "tableau": [[], ["ks", "QH"], ["kc", "kh", "QD"], ["kd", "js", "jc", "QS"],
                ["jh", "jd", "QC"]],
    "foundations": [suit_up_to(suit, "T") for suit in SUITS],
}


def undoes(first, second) -> bool:
    return (isinstance(first, CardMove) and isinstance(second, CardMove)
            and (second.source, second.target, second.count)
            == (first.target, first.source, first.count))


def test_hint_is_the_first_move_of_the_winning_line():
    state = RULES.new_game(3, draw=1)
    result = can_win(RULES, state, QUICK)
    assert result.status == "won"
    assert hint(RULES, state, QUICK) == result.line[0]


def test_following_the_hints_wins_the_game():
    state = RULES.new_game(7, draw=3)
    for _ in range(400):
        if RULES.is_won(state):
            break
        move = hint(RULES, state, QUICK)
        assert move in RULES.legal_moves(state)
        state = RULES.apply(state, move)
    assert RULES.is_won(state)


def test_hints_without_a_win_in_sight_are_legal_and_never_undo_the_last():
    state = RULES.new_game(18, draw=1)
    previous = None
    for _ in range(12):
        move = hint(RULES, state, Budget(max_nodes=400))
        assert move is not None
        assert move in RULES.legal_moves(state)
        assert not undoes(previous, move)
        state, previous = RULES.apply(state, move), move


def test_hint_after_leaving_the_winning_line_is_still_legal():
    state = RULES.new_game(3, draw=1)
    line = can_win(RULES, state, QUICK).line
    state = RULES.apply(state, line[0])
    other = next(move for move in RULES.legal_moves(state) if move != line[1])
    state = RULES.apply(state, other)
    move = hint(RULES, state, QUICK)
    assert move in RULES.legal_moves(state)


def test_no_hint_once_won_or_when_nothing_is_left():
    won = state_from(foundations=[suit_up_to(suit, "K") for suit in SUITS])
    assert hint(RULES, won) is None
    assert hint(RULES, state_from(**NO_MOVE)) is None


def test_no_hint_for_a_game_without_a_solver():
    class Unknown:
        id = "no_such_game"

        def is_won(self, state):
            return False

    assert hint(Unknown(), object()) is None
    assert can_win(Unknown(), object(), QUICK).status == "unknown"
    assert not no_productive_moves(Unknown(), object())


def test_nothing_productive_without_any_move():
    assert no_productive_moves(RULES, state_from(**NO_MOVE))


def test_nothing_productive_when_only_the_stock_cycles():
    """The Ten of clubs in the stock fits nowhere: its Nine lies face down, and no red Jack
    is face up."""
    state = state_from(
        tableau=[[], ["ks", "QH"], ["kc", "kh", "QD"], ["kd", "js", "jc", "QS"],
                 ["9c", "jh", "jd", "QC"]],
        foundations=[suit_up_to("S", "T"), suit_up_to("H", "T"), suit_up_to("D", "T"),
                     suit_up_to("C", "8")],
        stock=["tc"], draw=1,
    )
    assert RULES.legal_moves(state) == [STOCK]
    assert no_productive_moves(RULES, state)
    assert hint(RULES, state, QUICK) is None


def test_nothing_productive_when_only_kings_and_queens_shuffle():
    """Red Kings and black Queens can move about, but both black Kings lie under the red
    Queens that need them."""
    state = state_from(
        tableau=[["KH"], ["KD"], ["kc", "jh", "QD"], ["ks", "jd", "QH"]],
        foundations=[suit_up_to("S", "Q"), suit_up_to("H", "T"), suit_up_to("D", "T"),
                     suit_up_to("C", "Q")],
    )
    assert len(RULES.legal_moves(state)) > 3
    assert no_productive_moves(RULES, state)


def test_productive_when_a_card_can_go_up():
    state = state_from(
        tableau=[["KH"], ["KD"], ["kc", "jh", "QD"], ["ks", "jd", "QH"]],
        foundations=[suit_up_to("S", "J"), suit_up_to("H", "T"), suit_up_to("D", "T"),
                     suit_up_to("C", "Q")],
        waste=["QS"],
    )
    assert CardMove(WASTE, FOUNDATIONS[0]) in RULES.legal_moves(state)
    assert not no_productive_moves(RULES, state)


def test_productive_when_a_card_can_be_turned_over():
    state = state_from(
        tableau=[[], ["kd", "KH"], ["kc", "jh", "QD"], ["ks", "jd", "QH"]],
        foundations=[suit_up_to("S", "Q"), suit_up_to("H", "T"), suit_up_to("D", "T"),
                     suit_up_to("C", "Q")],
    )
    assert CardMove(TABLEAU[1], TABLEAU[0]) in RULES.legal_moves(state)
    assert not no_productive_moves(RULES, state)


def _useful_move_listed(state) -> bool:
    """A move to a suit stack, or one that takes every face-up card off face-down ones."""
    for move in RULES.legal_moves(state):
        if isinstance(move, CardMove) and move.target.kind == "foundation":
            return True
        if isinstance(move, CardMove) and move.source.kind == "tableau":
            pile = state.tableau[move.source.index]
            if len(pile) > move.count and not pile[-move.count - 1].face_up:
                return True
    return False


def test_never_nothing_productive_while_a_useful_move_is_listed():
    picker = random.Random(4)
    checked = 0
    for seed in range(4):
        state = RULES.new_game(seed, draw=picker.choice((1, 3)))
        for _ in range(40):
            moves = RULES.legal_moves(state)
            if not moves:
                break
            if _useful_move_listed(state):
                assert not no_productive_moves(RULES, state)
                checked += 1
            state = RULES.apply(state, picker.choice(moves))
    assert checked > 50


ALL_UP = {
    "tableau": [["KH", "QS", "JH"], ["KS", "QH", "JS"], ["KD", "QC", "JD"], ["KC", "QD", "JC"]],
    "foundations": [suit_up_to(suit, "T") for suit in SUITS],
}


def test_auto_finish_plays_everything_up():
    state = state_from(**ALL_UP)
    line = auto_finish_line(RULES, state)
    assert len(line) == 12
    assert all(move.target.kind == "foundation" for move in line)
    assert RULES.is_won(replay(state, line))


def test_auto_finish_turns_the_stock_when_needed():
    tableau = [pile[:-1] for pile in ALL_UP["tableau"]]
    state = state_from(tableau, ALL_UP["foundations"], stock=["jc", "jd", "js", "jh"], draw=3)
    line = auto_finish_line(RULES, state)
    assert STOCK in line
    assert RULES.is_won(replay(state, line))


def test_no_auto_finish_with_a_card_face_down_or_a_card_out_of_reach():
    buried = [["KH", "QS", "JH"], ["ks", "QH", "JS"], ["KD", "QC", "JD"], ["KC", "QD", "JC"]]
    assert auto_finish_line(RULES, state_from(buried, ALL_UP["foundations"])) is None
    # Drawing three without a redeal, the Jack and Queen of spades stay under the King.
    tableau = [["KH"], ["QH"], ["KD", "QC", "JD"], ["KC", "QD", "JC"], ["JH"]]
    stuck = state_from(tableau, ALL_UP["foundations"], stock=["ks", "qs", "js"], draw=3,
                       redeals=0)
    assert auto_finish_line(RULES, stuck) is None
