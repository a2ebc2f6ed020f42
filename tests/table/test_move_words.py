"""Moves told in words, as the post-mortem names them."""

from game.rules import GAMES
from game.rules.moves import STOCK, CardMove, PileRef
from game.scenes.table.move_words import first_words, move_words
from tests.ai.test_leapfrog_solver import unsolved

from .positions import position, suit_up_to

KLONDIKE = GAMES["klondike"]
TABLEAU = [PileRef("tableau", index) for index in range(7)]
WASTE = PileRef("waste", 0)


def test_klondike_moves_name_the_card_and_where_it_goes():
    state = position(tableau=["8C", "7H 6S 5H", "", "KD"], waste="2S",
                     foundations=[suit_up_to("S", 1)])
    words = [move_words(KLONDIKE, state, move) for move in (
        CardMove(WASTE, PileRef("foundation", 0)),
        CardMove(TABLEAU[1], TABLEAU[0], 3),
        CardMove(TABLEAU[1], TABLEAU[0], 2),
        CardMove(TABLEAU[3], TABLEAU[2]),
        STOCK)]
    assert words == ["moving the 2 of spades to a foundation",
                     "moving the 7 of hearts and the 2 cards on it onto the 8 of clubs",
                     "moving the 6 of spades and the 1 card on it onto the 8 of clubs",
                     "moving the king of diamonds to an empty pile",
                     "turning cards from the stock"]
    assert move_words(KLONDIKE, state, CardMove(TABLEAU[1], TABLEAU[0], 3),
                      same_card=True) == "moving it and the 2 cards on it onto the 8 of clubs"
    assert first_words("moving it") == "Moving it"


def test_the_stock_of_each_game_in_words():
    empty_stock = position(tableau=["KS", "kc QC", "KH"], waste="QH JC",
                           foundations=[suit_up_to("S", 12), suit_up_to("H", 11),
                                        suit_up_to("D", 13), suit_up_to("C", 10)])
    assert move_words(KLONDIKE, empty_stock, STOCK) == "turning the waste over for a new pass"
    leap_year = GAMES["leap_year"]
    assert move_words(leap_year, leap_year.new_game(1), STOCK) == "dealing from the stock"
    lucas = GAMES["lucas_leaps"]
    assert move_words(lucas, lucas.new_game(1), STOCK) == "turning the stock"


def test_leapfrog_names_the_card_and_the_gap():
    rules = GAMES["leapfrog"]
    state = unsolved(3, 6)
    moves = rules.legal_moves(state)
    assert moves
    for move in moves:
        words = move_words(rules, state, move)
        card = state.grid[move.source.row][move.source.col]
        assert words.startswith("moving the ")
        if move.target.col == 0:
            assert words.endswith(f"to the start of row {move.target.row + 1}")
        else:
            left = state.grid[move.target.row][move.target.col - 1]
            assert words.endswith(f"into the gap after the {_rank(left)} of {_suit(left)}")
        assert f"the {_rank(card)} of {_suit(card)}" in words


def _rank(card):
    return ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen",
            "king")[card.rank - 1]


def _suit(card):
    return {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[card.suit]
