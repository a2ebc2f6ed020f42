"""The casual player: foundation moves first, else random moves, never back to a position it
has been in; its wins of a deal are the same every time."""

import random

from game.ai.playouts import casual_win, casual_wins
from game.rules import GAMES

LUCAS = GAMES["lucas_leaps"]


class _Line:
    """A game of one lane: from each position 0..3 the player may step on or back; 3 wins."""

    id = "line"

    def legal_moves(self, state):
        return [step for step in (-1, 1) if 0 <= state + step <= 3]

    def apply(self, state, move):
        return state + move

    def is_won(self, state):
        return state == 3


def test_never_returning_to_a_position_it_walks_to_the_end():
    assert casual_win(_Line(), 0, random.Random(1))


def test_a_won_position_is_won_at_once():
    class Won(_Line):
        def legal_moves(self, state):
            raise AssertionError("no move is needed")

    assert casual_win(Won(), 3, random.Random(1))


def test_a_position_with_nothing_new_to_reach_is_lost():
    class Stuck(_Line):
        def is_won(self, state):
            return False

    assert not casual_win(Stuck(), 0, random.Random(1))


def test_its_wins_of_a_deal_are_the_same_every_time_and_differ_between_deals():
    wins = [casual_wins(LUCAS, seed, {}, games=4) for seed in range(1, 9)]
    assert wins == [casual_wins(LUCAS, seed, {}, games=4) for seed in range(1, 9)]
    assert all(0 <= won <= 4 for won in wins) and len(set(wins)) > 1
