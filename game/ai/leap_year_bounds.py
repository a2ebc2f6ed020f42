"""Leap Year: proofs that a position cannot be won, from a relaxed game played to the end.

The relaxed game lets a card of rank r go up as soon as rank r - 1 has more cards up than
rank r had at the start, plus the rank-r cards that lay (or were dealt) on it, which must go
up before it in any real game. Cards of the same rank no longer compete for foundations, so
playing a card never stops another one: the relaxed game just plays everything it can before
each deal. Whatever a real game has played by some deal, the relaxed game has played too (by
induction over the real moves: each real move's card is on top in the relaxed piles, which
are the real piles less the extra cards played, and the relaxed counts are at least the real
ones). Its piles at each deal are therefore parts of the real piles, which gives two proofs:

- a card the relaxed game never plays is never played;
- when the k-th last card of rank r goes up, every lower rank has at most k - 1 cards still
  to go up (each card of rank r needs one of rank r - 1 before it, one for one), so no rank
  may have k or more cards under it then. A card's count of lower cards under it only grows
  while it waits, and for a card still in the stock it is at least the count in the relaxed
  pile it lands on. If the cards of a rank cannot be ordered so that the k-th last has fewer
  than k of any lower rank under it, for every k, the position is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

KING = 13


def is_lost(tableau: Sequence[bytes], played: bytes, deals: Sequence[bytes]) -> bool:
    """True when the relaxed game proves the position lost. `deals` are the stock's deals
    still to come, in order, each giving one rank to each pile."""
    piles = [[[rank, pile[index + 1:].count(rank)] for index, rank in enumerate(pile)]
             for pile in tableau]
    counts = list(played)
    # For each rank, the most cards of any lower rank under each of its cards still to go up.
    depths: list[list[int]] = [[] for _ in range(KING + 1)]
    for pile in tableau:
        _add_depths(depths, pile, range(len(pile)))
    _play_what_fits(piles, counts, played)
    for ranks in deals:
        for pile, rank in zip(piles, ranks, strict=True):
            below = bytes(card[0] for card in pile) + bytes((rank,))
            _add_depths(depths, below, (len(pile),))
            for card in pile:
                if card[0] == rank:
                    card[1] += 1
            pile.append([rank, 0])
        _play_what_fits(piles, counts, played)
    if any(piles):
        return True
    return any(not _orderable(sorted(depths[rank])) for rank in range(2, KING + 1))


def _add_depths(depths: list[list[int]], pile: bytes, indices) -> None:
    for index in indices:
        rank = pile[index]
        under = pile[:index]
        depths[rank].append(max((under.count(lower) for lower in set(under) if lower < rank),
                                default=0))


def _play_what_fits(piles: list[list[list[int]]], counts: list[int], start: bytes) -> None:
    """Play every top card the relaxed rule lets go up, until none does; then put back the
    cards that cannot all go up this time: a card goes up only after every card above it,
    and no rank can end with more cards up than the rank below it, nor than it has."""
    lifted: list[list[list[int]]] = [[] for _ in piles]
    moved = True
    while moved:
        moved = False
        for pile, up in zip(piles, lifted, strict=True):
            while pile:
                rank, before = pile[-1]
                if counts[rank - 1] <= start[rank] + before:
                    break
                up.append(pile.pop())
                counts[rank] += 1
                moved = True
    trimmed = True
    while trimmed:
        trimmed = False
        cap = list(counts)
        for rank in range(2, KING + 1):
            cap[rank] = min(cap[rank], cap[rank - 1])
        for pile, up in zip(piles, lifted, strict=True):
            needed = [0] * (KING + 1)
            for index, card in enumerate(up):
                needed[card[0]] += 1
                if start[card[0]] + needed[card[0]] > cap[card[0]]:
                    for returned in reversed(up[index:]):
                        counts[returned[0]] -= 1
                        pile.append(returned)
                    del up[index:]
                    trimmed = True
                    break


def _orderable(depths: list[int]) -> bool:
    """Whether cards with these sorted depths can go up so that the k-th last has a depth
    below k: the shallowest last, and so on."""
    return all(depth < position for position, depth in enumerate(depths, start=1))
