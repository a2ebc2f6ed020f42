"""Klondike's pile rules, with ranks counted from the starting rank.

The starting rank S is the base of the suit stacks and ranks wrap King to Ace, so the rank
S-1 plays the part of the King: it heads the building stacks and completes the suit stacks.
With S = Ace these are the ordinary Klondike rules.

Each rule says which cards a pile takes, as (rank, suit) keys. Move generation looks cards
up by these keys, and the predicates below are defined by them, so each rule is written once.
"""

from __future__ import annotations

from functools import cache

from game.rules.cards import SUITS, Card, CardKey, builds_down_alternate, rank_after, takes

Pile = tuple[Card, ...]


def head_rank(start: int) -> int:
    """The only rank that may go into an empty building stack: one below the start rank."""
    return rank_after(start, -1)


def tableau_takes(pile: Pile, start: int) -> tuple[CardKey, ...]:
    """The cards a building stack takes: on a card, the next rank down of the other colour
    (the shared `builds_down_alternate`).

    Ranks wrap, so with S = 7 a King goes on an Ace; nothing goes on the start rank, which
    ends a stack. An empty stack takes the S-1 card of either colour.
    """
    return _taken_on_tableau(pile[-1] if pile else None, start)


# Only the top card counts, and move generation asks of every pile after every move, hence
# the caches; they stay small (each of 52 cards, either way up, under 13 start ranks).
@cache
def _taken_on_tableau(lower: Card | None, start: int) -> tuple[CardKey, ...]:
    if lower is None:
        return tuple(zip((head_rank(start),) * len(SUITS), SUITS, strict=True))
    if lower.rank == start:
        return ()
    return takes(builds_down_alternate, lower, True)


def foundation_takes(pile: Pile, start: int) -> tuple[CardKey, ...]:
    """The cards a suit stack takes: the base card of any suit when empty, then the next
    rank of its suit until all 13 are up."""
    return _taken_on_foundation(pile[-1] if pile else None, len(pile) == 13, start)


@cache
def _taken_on_foundation(top: Card | None, full: bool, start: int) -> tuple[CardKey, ...]:
    if top is None:
        return tuple(zip((start,) * len(SUITS), SUITS, strict=True))
    if full:
        return ()
    return ((rank_after(top.rank), top.suit),)


def fits_on_tableau(lower: Card, upper: Card, start: int) -> bool:
    """`upper` may lie on `lower` in a building stack."""
    return (upper.rank, upper.suit) in tableau_takes((lower,), start)


def fits_on_foundation(pile: Pile, card: Card, start: int) -> bool:
    """`card` may go onto the suit stack `pile`."""
    return (card.rank, card.suit) in foundation_takes(pile, start)


def face_up_count(pile: Pile) -> int:
    """How many face-up cards lie at the top of `pile`.

    In play they always form one ordered run (every card laid on a building stack builds on
    its top, and only a top card is ever turned up), so this is the longest movable run.
    """
    count = 0
    for card in reversed(pile):
        if not card.face_up:
            break
        count += 1
    return count
