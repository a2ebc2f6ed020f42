"""The Klondike dead-position check: every position it calls lost, a plain search of the rules
finds lost too (a wrong "lost" would tell the player a winnable game was over)."""

from __future__ import annotations

import random

import pytest

from game.ai.klondike.deadlock import deadlocked
from game.ai.klondike.position import (
    OTHER_COLOUR,
    RANK_OF,
    SUIT_OF,
    Position,
    card_of,
    position_of,
)
from game.rules.cards import SUITS
from tests.ai.test_klondike_solver import rules_can_win, state_from


def foundations_to(heights: tuple[int, ...]) -> list[list[str]]:
    """Suit stacks in SUITS order, each from the Ace to the given height."""
    return [[card_of(suit * 13 + rank, 1).code for rank in range(height)]
            for suit, height in enumerate(heights)]


# Each is lost, and each needs one of the check's finer rules to be seen so: a King at the
# bottom of a stack goes nowhere but its suit stack; a face-up card with a card of S on it
# cannot go up; a card on a suit stack is a place to build only if it can come down itself.
LOST = [
    ([["JH"], ["QD"], ["KH", "QC", "JD"], ["kc", "TC"], ["kd", "js", "QS"],
      ["jc", "ts", "TH"], ["9h", "qh", "ks", "9d", "TD"]], (9, 8, 8, 9)),
    ([["KC", "QD"], ["KD", "QS"], ["TC"], ["ks", "TD"], ["kh", "9d", "TH"],
      ["jh", "jd", "js", "QC"], ["jc", "ts", "9h", "QH"]], (9, 8, 8, 9)),
    ([["KS"], ["KH", "QC"], ["9C"], ["kc", "9D"], ["jh", "jc", "9h", "JD"],
      ["qh", "th", "tc", "QS"], ["kd", "qd", "td", "ts", "JS"]], (9, 8, 8, 8)),
    ([["KH", "QC"], ["KC"], ["QH"], ["kd", "TD"], ["ks", "JH"], ["qd", "JD", "TC"],
      ["jc", "9d", "js", "9c", "QS"]], (10, 10, 8, 8)),
]


@pytest.mark.parametrize(("tableau", "heights"), LOST)
def test_lost_positions_are_found_dead(tableau, heights):
    state = state_from(tableau, foundations_to(heights), draw=1, redeals=None)
    assert deadlocked(position_of(state))
    assert not rules_can_win(state, limit=30_000)


def test_a_position_with_a_way_out_is_not_dead():
    """As the first lost position, but the Jack of spades lies face up on the Queen of
    diamonds, so the Queen of spades' stack can be opened and the Jacks reached."""
    tableau = [["JH"], ["QD", "JS"], ["KH", "QC", "JD"], ["kc", "TC"], ["kd", "QS"],
               ["jc", "ts", "TH"], ["9h", "qh", "ks", "9d", "TD"]]
    state = state_from(tableau, foundations_to((9, 8, 8, 9)), draw=1, redeals=None)
    assert not deadlocked(position_of(state))
    assert rules_can_win(state, limit=30_000)


def _on(lower: int, upper: int) -> bool:
    return (RANK_OF[upper] + 1 == RANK_OF[lower]
            and SUIT_OF[upper] in OTHER_COLOUR[SUIT_OF[lower]])


def crowded_position(rng: random.Random) -> Position | None:
    """The highest three or four cards of each suit over all seven building stacks (Kings
    mostly at the bottom, where they lock most), the rest on the suit stacks; each stack's
    longest run on top is face up, so positions are often stuck. None when a stack would
    hold more face-down cards than the deal gives it. Built as the solver's position (with
    the starting rank an Ace), which is quicker to make than the rules' state."""
    heights = tuple(13 - rng.randint(3, 4) for _ in SUITS)
    cards = [suit * 13 + rank for suit in range(4) for rank in range(heights[suit], 13)]
    rng.shuffle(cards)
    cards.sort(key=lambda card: RANK_OF[card] != 12 or rng.random() < 0.3)
    piles: list[list[int]] = [[] for _ in range(7)]
    for index, card in enumerate(cards):
        piles[index if index < 7 else rng.randrange(7)].append(card)
    stacks = []
    for pile in piles:
        up = 1
        while up < len(pile) and _on(pile[-up - 1], pile[-up]):
            up += 1
        stacks.append((bytes(pile[: len(pile) - up]), bytes(pile[len(pile) - up :])))
    stacks.sort(key=lambda stack: len(stack[0]))
    if any(len(down) > index for index, (down, _) in enumerate(stacks)):
        return None
    return Position(tuple(down for down, _ in stacks), tuple(up for _, up in stacks), heights,
                    b"", 0, 1)


def rules_state(position: Position):
    """The rules' state of a position without a talon (drawing one, passes unlimited)."""
    tableau = [[card_of(card, 1).code.lower() for card in down]
               + [card_of(card, 1).code for card in up]
               for down, up in zip(position.downs, position.ups, strict=True)]
    return state_from(tableau, foundations_to(position.found), draw=1, redeals=None)


@pytest.mark.slow
def test_every_dead_position_found_among_crowded_ones_is_lost():
    rng = random.Random("crowded")
    checked = 0
    while checked < 5:
        position = crowded_position(rng)
        if position is None or not deadlocked(position):
            continue
        state = rules_state(position)
        assert position_of(state) == position
        try:
            assert not rules_can_win(state, limit=2_000), state.tableau
        except AssertionError as error:
            if "too large" in str(error):
                continue
            raise
        checked += 1
