"""The Klondike finish (klondike_finish): it never turns the deck over more often than the
fewest passes any finish sending cards up can do with, checked against a plain search of the
rules on small random positions."""

from __future__ import annotations

import heapq
import random
from itertools import count

import pytest

from game.ai.klondike.finish import finishing_plays
from game.ai.klondike.moves import settle
from game.ai.klondike.position import deck_of, position_of
from game.ai.klondike.solver import to_rules_line
from game.rules.klondike import RULES
from game.rules.moves import STOCK
from tests.ai.test_klondike_solver import replay, state_from, suit_up_to

SUITS_LEFT = "SH"  # the suits still to go up; the other two are up to their Kings
UP_FROM = 8  # the suits still to go hold their cards below this rank (8: the Eight and up)


def fewest_passes(state) -> int | None:
    """The fewest passes in all of any finish from `state` by cards to the suit stacks and
    clicks of the deck: every position the rules reach so, fewest passes first."""
    tie = count()
    queue = [(state.passes, next(tie), state)]
    seen = set()
    while queue:
        passes, _, current = heapq.heappop(queue)
        if RULES.is_won(current):
            return passes
        key = (current.foundations, current.tableau, current.stock, current.waste)
        if key in seen:
            continue
        seen.add(key)
        for move in RULES.legal_moves(current):
            if move == STOCK or move.target.kind == "foundation":
                after = RULES.apply(current, move)
                heapq.heappush(queue, (after.passes, next(tie), after))
    return None


def random_finish(rng: random.Random, draw: int):
    """The cards from `UP_FROM` up of two suits, some on building stacks, the rest in the
    deck: face up or in the stock, in random order."""
    cards = [f"{'A23456789TJQK'[rank]}{suit}" for suit in SUITS_LEFT
             for rank in range(UP_FROM - 1, 13)]
    rng.shuffle(cards)
    on_stacks = rng.randrange(0, 4)
    tableau = [[card] for card in cards[:on_stacks]]
    deck = cards[on_stacks:]
    turned = rng.randrange(0, len(deck) + 1)
    foundations = [suit_up_to(suit, "A23456789TJQK"[UP_FROM - 2]) for suit in SUITS_LEFT] \
        + [suit_up_to(suit, "K") for suit in "DC"]
    return state_from(tableau, foundations, stock=[card.lower() for card in deck[turned:]],
                      waste=deck[:turned], draw=draw, scoring="standard")


@pytest.mark.parametrize("draw", [1, 2, 3])
def test_the_finish_takes_the_fewest_passes_there_are(draw):
    rng = random.Random(draw)
    finishes = 0
    for _ in range(100):
        state = random_finish(rng, draw)
        position, deck = settle(position_of(state), deck_of(state)), deck_of(state)
        plays = finishing_plays(position, deck)
        best = fewest_passes(state)
        if best is None:
            assert plays is None
            continue
        won = replay(state, to_rules_line(state, plays))
        assert RULES.is_won(won) and won.passes == best, RULES.to_dict(state)
        finishes += 1
    assert finishes >= 10
