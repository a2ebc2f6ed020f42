"""Cards, decks and seeded deals, in the notation of the save format.

A card is a small named tuple so that piles are plain tuples: hashable, cheap to copy,
and equal when their contents are equal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = frozenset("HD")


class Card(NamedTuple):
    rank: int  # 1 (Ace) .. 13 (King)
    suit: str  # one of SUITS
    face_up: bool = True

    @property
    def code(self) -> str:
        """`QS` face up, `qs` face down."""
        text = RANKS[self.rank - 1] + self.suit
        return text if self.face_up else text.lower()

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def turned(self, face_up: bool = True) -> Card:
        return self if self.face_up == face_up else self._replace(face_up=face_up)

    def __str__(self) -> str:
        return self.code


def parse_card(code: object) -> Card:
    """Read a card code such as `QS` or `qs`; raise ValueError for anything else."""
    if not isinstance(code, str) or len(code) != 2:
        raise ValueError(f"not a card code: {code!r}")
    rank_char, suit_char = code[0].upper(), code[1].upper()
    if rank_char not in RANKS or suit_char not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    face_up = code[1].isupper()
    if code[0].isalpha() and code[0].isupper() != face_up:
        raise ValueError(f"card code mixes cases: {code!r}")
    return Card(RANKS.index(rank_char) + 1, suit_char, face_up)


def new_deck(copies: int = 1) -> list[Card]:
    """`copies` full 52-card decks in a fixed order, face up."""
    return [Card(rank, suit) for _ in range(copies) for suit in SUITS for rank in range(1, 14)]


def shuffled_deck(seed: int, copies: int = 1) -> list[Card]:
    """The deal for `seed`: the fixed-order deck shuffled by `random.Random(seed)`."""
    deck = new_deck(copies)
    random.Random(seed).shuffle(deck)
    return deck


def rank_after(rank: int, steps: int = 1) -> int:
    """The rank `steps` above `rank`, wrapping King to Ace."""
    return (rank - 1 + steps) % 13 + 1


def relative_rank(rank: int, base: int) -> int:
    """0 for the base rank, 12 for the rank just below it (ranks wrap)."""
    return (rank - base) % 13


def builds_down(lower: Card, upper: Card, *, wrap: bool = False) -> bool:
    """True when `upper` is one rank below `lower` (may lie on it in a descending pile)."""
    if wrap:
        return rank_after(upper.rank) == lower.rank
    return upper.rank + 1 == lower.rank


# The tableau rules, shared by every game that builds that way, as named predicates: may
# `upper` lie on `lower`? With `wrap` a King may lie on an Ace (Klondike's starting ranks).
# Move generation looks cards up by what a pile's top card takes, as (rank, suit) keys: those
# come from the same predicate (`takes`), so each rule is written once.

CardKey = tuple[int, str]  # (rank, suit): a card whichever way up it lies
Building = Callable[..., bool]  # a tableau rule: (lower, upper, *, wrap) -> may upper lie on it


def builds_down_alternate(lower: Card, upper: Card, *, wrap: bool = False) -> bool:
    """Klondike's tableau rule: one rank lower and of the other colour."""
    return lower.is_red != upper.is_red and builds_down(lower, upper, wrap=wrap)


def builds_down_in_suit(lower: Card, upper: Card, *, wrap: bool = False) -> bool:
    """Lucas Leaps' tableau rule: one rank lower and of the same suit."""
    return lower.suit == upper.suit and builds_down(lower, upper, wrap=wrap)


# Move generation asks this of every pile top after every move: worked out once per card.
@cache
def takes(rule: Building, lower: Card, wrap: bool = False) -> tuple[CardKey, ...]:
    """The cards that `rule` lets lie on `lower`, in rank then suit order."""
    return tuple((rank, suit) for rank in range(1, 14) for suit in SUITS
                 if rule(lower, Card(rank, suit), wrap=wrap))


def movable_run_length(pile: tuple[Card, ...], follows, *, wrap: bool = False) -> int:
    """How many face-up cards at the top of `pile` form a run under the predicate `follows`."""
    if not pile or not pile[-1].face_up:
        return 0
    length = 1
    for index in range(len(pile) - 1, 0, -1):
        lower, upper = pile[index - 1], pile[index]
        if not lower.face_up or not follows(lower, upper, wrap=wrap):
            break
        length += 1
    return length
