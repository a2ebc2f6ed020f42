"""Hints, the "nothing useful left" verdict and the automatic finish, on Klondike."""

from __future__ import annotations

import random

from game.ai.hints import auto_finish_line, can_win, hint, no_productive_moves
from game.ai.klondike.hints import cheapest_win
from game.ai.klondike.solver import solve
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
    result = can_win(RULES, state, QUICK, cheapest=True)
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


# Drawing one, standard scoring, the stock empty: the KD on the waste over the QC, the KC on a
# building stack. (Deal 1's finish turned the waste over for the QC, the lowest card left.)
KING_OVER_QUEEN = {
    "tableau": [["KC"]], "waste": ["QC", "KD"], "draw": 1, "scoring": "standard",
    "foundations": [suit_up_to("S", "K"), suit_up_to("H", "K"), suit_up_to("D", "Q"),
                    suit_up_to("C", "J")],
}


def test_auto_finish_spends_no_pass_it_does_not_need():
    state = state_from(**KING_OVER_QUEEN)
    line = auto_finish_line(RULES, state)
    assert line[0] == CardMove(WASTE, FOUNDATIONS[2], 1)  # the KD first, from the waste
    assert STOCK not in line
    won = replay(state, line)
    assert RULES.is_won(won) and won.passes == 1


def test_auto_finish_takes_the_fewest_passes_drawing_three():
    """Drawing three, the stock empty: everything goes up in this pass, taking the waste's
    cards as they come, where sending the lowest card up first went round again."""
    foundations = [suit_up_to("S", "8"), suit_up_to("H", "9"), suit_up_to("D", "K"),
                   suit_up_to("C", "K")]
    state = state_from([["JH"], ["QS"], ["TS"], ["9S"]], foundations,
                       waste=["KS", "KH", "JS", "QH", "TH"], draw=3, scoring="standard")
    line = auto_finish_line(RULES, state)
    won = replay(state, line)
    assert RULES.is_won(won) and won.passes == 1 and STOCK not in line


def test_hints_follow_the_win_that_costs_the_fewest_points_found_in_their_budget():
    """Deal 517 drawing one, standard scoring: the first win the solver finds goes through the
    deck seven times (340 points); in the same budget a hint looks further, finds wins with
    fewer passes, and its moves follow the best one."""
    budget = Budget(max_nodes=20_000)
    state = deal = RULES.new_game(517, draw=1)
    first = replay(deal, solve(deal, budget).line)
    assert RULES.is_won(first) and first.passes == 7
    for _ in range(400):
        if RULES.is_won(state):
            break
        state = RULES.apply(state, hint(RULES, state, budget))
    assert RULES.is_won(state) and state.passes < first.passes and state.score > first.score


def test_where_every_win_is_worth_the_same_the_hint_looks_no_further():
    """Vegas pays the same for every win, and no scoring pays nothing: the first win found
    is the answer, at once."""
    for scoring in ("vegas", "none"):
        state = RULES.new_game(517, draw=1, scoring=scoring)
        budget = Budget(max_nodes=20_000)
        assert cheapest_win(state, budget).nodes == solve(state, budget).nodes


def test_no_auto_finish_with_a_card_face_down_or_a_card_out_of_reach():
    buried = [["KH", "QS", "JH"], ["ks", "QH", "JS"], ["KD", "QC", "JD"], ["KC", "QD", "JC"]]
    assert auto_finish_line(RULES, state_from(buried, ALL_UP["foundations"])) is None
    # Drawing three without a redeal, the Jack and Queen of spades stay under the King.
    tableau = [["KH"], ["QH"], ["KD", "QC", "JD"], ["KC", "QD", "JC"], ["JH"]]
    stuck = state_from(tableau, ALL_UP["foundations"], stock=["ks", "qs", "js"], draw=3,
                       redeals=0)
    assert auto_finish_line(RULES, stuck) is None
