"""A casual player with no look-ahead at all, for measuring how forgiving a deal is.

Before each move it puts a card on a foundation when it can; otherwise it usually makes one of
the other moves at random, sometimes turns the stock instead, and never returns to a position
it has been in. Its wins over a few games of a deal, each with its own random draws, say how
many careless lines a deal forgives. It searches nothing, so it is not the solver-driven
reference player of `game.bench.grades`, whose wins the grades are checked against; and its
random draws are its own, named by the deal and the game's number.
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.moves import CardMove, StockMove

GAMES_PER_DEAL = 8  # games the casual player plays of each deal
MOST_MOVES = 2_000  # a game longer than this is lost
OTHER_MOVE_ODDS = 0.8  # how often it makes another move rather than turning the stock


def _to_foundation(move: Any) -> bool:
    return isinstance(move, CardMove) and move.target.kind == "foundation"


def casual_win(rules: Any, state: Any, draws: random.Random) -> bool:
    """Whether the casual player, choosing with `draws`, wins from `state`."""
    seen = {state}
    for _ in range(MOST_MOVES):
        if rules.is_won(state):
            return True
        moves = [move for move in rules.legal_moves(state) if rules.apply(state, move) not in seen]
        if not moves:
            return False
        stock = [move for move in moves if isinstance(move, StockMove)]
        others = [move for move in moves if not isinstance(move, StockMove)]
        foundation = [move for move in others if _to_foundation(move)]
        if foundation:
            move = foundation[0]
        elif others and (not stock or draws.random() < OTHER_MOVE_ODDS):
            move = draws.choice(others)
        else:
            move = stock[0]
        state = rules.apply(state, move)
        seen.add(state)
    return False


def casual_wins(rules: Any, seed: int, options: dict, games: int = GAMES_PER_DEAL) -> int:
    """How many of `games` games of deal `seed` the casual player wins."""
    return sum(casual_win(rules, rules.new_game(seed, **options),
                          random.Random(f"casual {rules.id} {seed} {game}"))
               for game in range(games))
