"""Klondike positions that can never be won because some cards can never move again.

The check finds the largest set S of building-stack cards such that each card of S, to move
at all, first needs some card of S to move:

- a face-down card needs every card above it gone (a card of S above it blocks it);
- to go to its suit stack, a card needs every lower card of its suit up first, and a card of
  S, or a card lying under one, never gets there before S moves;
- to go onto a building stack, it needs one of the two cards it builds on free: in the
  talon or on a suit stack (counted as free, to stay on the safe side), or in a building stack
  under no card of S;
- a face-up card also moves when a card below it moves with its run, so a card stays in S
  only if every face-up card below it is in S too; Kings (the empty stack) never stay in S.

Why that proves a loss: take the first move of any winning line that moves a card of S. Until
then no card of S has moved, so every card that lay under one still does, and the head of the
moved cards (in S by the rule for runs) had one of the ways out above, which the set excludes.
Every card has to move to reach its suit stack, so a position with S not empty is lost.
"""

from __future__ import annotations

from game.ai.klondike_position import KING, OTHER_COLOUR, RANK_OF, RANKS, SUIT_OF, Position

# The two cards each card builds on (one rank higher, the other colour); none for Kings.
PARENTS = tuple(
    () if card % RANKS == KING
    else tuple(other * RANKS + card % RANKS + 1 for other in OTHER_COLOUR[card // RANKS])
    for card in range(52)
)


def deadlocked(position: Position) -> bool:
    """True only when some building-stack cards can never move again (see above)."""
    piles = [down + up for down, up in zip(position.downs, position.ups, strict=True)]
    place: dict[int, tuple[int, int]] = {}
    for number, pile in enumerate(piles):
        for height, card in enumerate(pile):
            place[card] = (number, height)
    downs = [len(down) for down in position.downs]
    found = position.found
    stuck = {card for card in place if RANK_OF[card] != KING}
    changed = True
    while changed and stuck:
        changed = False
        for card in list(stuck):
            if _escapes(card, stuck, place, piles, downs, found):
                stuck.discard(card)
                changed = True
    return bool(stuck)


def _covered(card: int, stuck: set[int], place: dict, piles: list[bytes]) -> bool:
    number, height = place[card]
    return any(other in stuck for other in piles[number][height + 1 :])


def _escapes(card: int, stuck: set[int], place: dict, piles: list[bytes], downs: list[int],
             found: tuple[int, ...]) -> bool:
    number, height = place[card]
    pile = piles[number]
    if height >= downs[number]:
        if any(other not in stuck for other in pile[downs[number] : height]):
            return True
    elif any(other in stuck for other in pile[height + 1 :]):
        return False
    suit = SUIT_OF[card]
    for rank in range(found[suit], RANK_OF[card]):
        lower = suit * RANKS + rank
        if lower in place and (lower in stuck or _covered(lower, stuck, place, piles)):
            break
    else:
        return True
    return any(parent not in place or not _covered(parent, stuck, place, piles)
               for parent in PARENTS[card])
