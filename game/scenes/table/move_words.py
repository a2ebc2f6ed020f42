"""Moves told in words, for messages such as the post-mortem's ("moving the 7 of hearts onto
the 8 of clubs"). Card names are spelt out: the table's font has no suit symbols.

Pure: the words come from the rules' piles (or Leapfrog's grid) of the position the move is
played from, so they name what the player saw.
"""

from __future__ import annotations

from typing import Any

from game.registry import BY_ID
from game.rules.cards import Card
from game.rules.moves import CardMove, GapMove, PileRef, StockMove

RANK_WORDS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
STOCK = PileRef("stock", 0)


def card_words(card: Card) -> str:
    """"the 7 of hearts"."""
    return f"the {RANK_WORDS[card.rank - 1]} of {SUIT_WORDS[card.suit]}"


def moved_card(rules: Any, state: Any, move: Any) -> Card | None:
    """The card a move picks up (the lowest of a run), None for the stock."""
    if isinstance(move, CardMove):
        pile = rules.piles(state)[move.source]
        return pile[-move.count] if len(pile) >= move.count else None
    if isinstance(move, GapMove):
        return state.grid[move.source.row][move.source.col]
    return None


def move_words(rules: Any, state: Any, move: Any, *, same_card: bool = False) -> str:
    """`move` from `state` as a phrase starting "moving…", "turning…" or "dealing…";
    `same_card` calls the card "it" (it was just named)."""
    if isinstance(move, StockMove):
        return _stock_words(rules, state)
    card = moved_card(rules, state, move)
    subject = "it" if same_card or card is None else card_words(card)
    if isinstance(move, GapMove):
        if move.target.col == 0:
            return f"moving {subject} to the start of row {move.target.row + 1}"
        left = state.grid[move.target.row][move.target.col - 1]
        return f"moving {subject} into the gap after {card_words(left)}"
    if move.count > 1:
        others = move.count - 1
        subject += f" and the {others} card{'s' if others > 1 else ''} on it"
    if move.target.kind == "foundation":
        return f"moving {subject} to a foundation"
    target = rules.piles(state)[move.target]
    if target:
        return f"moving {subject} onto {card_words(target[-1])}"
    return f"moving {subject} to an empty pile"


def _stock_words(rules: Any, state: Any) -> str:
    if not rules.piles(state).get(STOCK):  # only a game with a waste may go round again
        return "turning the waste over for a new pass"
    return BY_ID[rules.id].stock_words


def first_words(phrase: str) -> str:
    """The phrase opening a sentence."""
    return phrase[:1].upper() + phrase[1:]
