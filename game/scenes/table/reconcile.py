"""Matching what the table shows to the piles of a new state.

The rules state changes at once; the view keeps one sprite per card and must decide which
sprite now stands for which card. Each pile keeps its longest common prefix (its cards did
not move); the cards above it left, and the new cards above it arrived. Each arriving card
takes a leaving sprite of the same rank and suit, preferring the piles the move took cards
from: games with several decks hold equal cards, and the one that moved is the one that
must fly. Anything left unmatched is created (a new deal) or removed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.rules.cards import Card

T = TypeVar("T")
Identity = tuple[int, str]


def identity(card: Card) -> Identity:
    """What makes a card the same card whichever way up it lies."""
    return (card.rank, card.suit)


@dataclass
class Plan(Generic[T]):
    """The outcome: per pile, the item for each new card (None: make one), and leftovers.

    `arrived` lists (pile, index) of cards that came from another pile or are new, in pile
    order, bottom card first: the order they should fly in.
    """

    placed: dict[Hashable, list[T | None]]
    removed: list[T]
    arrived: list[tuple[Hashable, int]]


def common_prefix(items: Sequence[T], cards: Sequence[Card], card_of: Callable[[T], Card]
                  ) -> int:
    length = min(len(items), len(cards))
    for index in range(length):
        if identity(card_of(items[index])) != identity(cards[index]):
            return index
    return length


def plan(old: Mapping[Hashable, Sequence[T]], new: Mapping[Hashable, Sequence[Card]],
         card_of: Callable[[T], Card], prefer: Iterable[Hashable] = ()) -> Plan[T]:
    """Match the items shown in `old` piles to the cards of `new` piles."""
    preference = {key: rank for rank, key in enumerate(prefer)}
    keep: dict[Hashable, int] = {}
    leaving: dict[Identity, list[tuple[int, int, T]]] = {}
    for order, (key, items) in enumerate(old.items()):
        kept = common_prefix(items, new.get(key, ()), card_of)
        keep[key] = kept
        for height, item in enumerate(items[kept:], kept):
            rank = preference.get(key, len(preference))
            leaving.setdefault(identity(card_of(item)), []).append((rank, -height, order, item))
    for candidates in leaving.values():
        # Best first: a preferred pile, then the highest card (the top of a pile moves first).
        candidates.sort(key=lambda entry: entry[:3])
    placed: dict[Hashable, list[T | None]] = {}
    arrived: list[tuple[Hashable, int]] = []
    for key, cards in new.items():
        kept = keep.get(key, 0)
        row: list[T | None] = list(old.get(key, ())[:kept])
        for index in range(kept, len(cards)):
            candidates = leaving.get(identity(cards[index]))
            row.append(candidates.pop(0)[3] if candidates else None)
            arrived.append((key, index))
        placed[key] = row
    removed = [entry[3] for candidates in leaving.values() for entry in candidates]
    return Plan(placed, removed, arrived)
