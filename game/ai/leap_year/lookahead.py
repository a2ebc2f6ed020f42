"""Leap Year losses seen before the stock deals them: the dead-rank count (`leap_year.solver`,
whose module docstring numbers the cards of a rank in the order they go up) with the cards
still to come.

A card of the stock lands on whatever is left of its pile when its deal is made. Some cards of
a pile can be sure to be left then: those that cannot go up before that deal. A card dealt
onto them lies above them, so it goes up before them, and the count numbers it as it numbers
a card of the tableau lying above them. Stock cards then join the count of their rank beside
the tableau's.

Which cards can go up before a deal: a card can, only if every card above it can, and the
foundations can take it. Sending up a rank-r card with b rank-r cards above it in its pile
(they go up first) takes at least `played[r] + b + 1` cards of rank r - 1 up by then: those up
already and others that can go up before the deal. So the cards that can are found as a
closure, growing from the top of each pile while that count allows: it takes in every card
that can go up before the deal (by induction along any line of play: each card such a line
sends up finds the rank-(r - 1) cards before it among those taken in), and maybe more, so the
cards left out are sure to lie in their piles when the deal comes. Cards dealt before it count
among those that may go up, lying nowhere in particular.
"""

from __future__ import annotations

from bisect import insort
from functools import lru_cache

from game.rules.patience import KING

PER_RANK = 16


@lru_cache(maxsize=1 << 16)
def latest_numbers(pile: bytes) -> tuple[tuple[int, ...], ...]:
    """For each rank r: the latest numbers below 16 of the rank-r cards of `pile` (see the
    solver's module docstring). Piles recur from position to position (a move changes one), hence
    the cache."""
    latest: list[list[int]] = [[] for _ in range(KING + 1)]
    # beneath[s]: the latest numbers of the rank-s cards below, lowest first.
    beneath: list[list[int]] = [[] for _ in range(KING + 1)]
    for rank in pile:
        number = PER_RANK
        for lower in beneath[1:rank + 1]:
            # Those cards' numbers differ: the first of them to go up is numbered at most
            # the k-th lowest latest number less k - 1, and this card goes up before it.
            for k, later in enumerate(lower):
                number = min(number, later - k - 1)
        if number < PER_RANK:
            latest[rank].append(number)
        insort(beneath[rank], number)
    return tuple(map(tuple, latest))


@lru_cache(maxsize=1 << 16)
def same_above(pile: bytes) -> tuple[int, ...]:
    """For each card of `pile`, how many cards of its rank lie above it."""
    seen = [0] * (KING + 1)
    above = []
    for rank in reversed(pile):
        above.append(seen[rank])
        seen[rank] += 1
    return tuple(reversed(above))


def reach(piles: tuple[bytes, ...], played: bytes | bytearray, tops: list[int],
          counts: list[int]) -> None:
    """Grow the closure in place: `tops[p]` is how many cards of pile p lie below the cards
    taken in, `counts[r]` how many rank-r cards may be up beyond `played` (see the module
    docstring)."""
    grown = True
    while grown:
        grown = False
        for index, pile in enumerate(piles):
            top = tops[index]
            if not top:
                continue
            above = same_above(pile)
            while top:
                rank = pile[top - 1]
                if played[rank - 1] + counts[rank - 1] <= played[rank] + above[top - 1]:
                    break
                top -= 1
                counts[rank] += 1
                grown = True
            tops[index] = top


@lru_cache(maxsize=1 << 16)
def top_latest(under: bytes, rank: int) -> int:
    """The latest number of a rank-`rank` card laid on the cards `under` (16: any)."""
    latest = latest_numbers(under)
    number = PER_RANK
    for lower in range(2, rank + 1):
        numbers = latest[lower]
        if not numbers and lower not in under:
            continue
        # The rank-`lower` cards under it whose latest number is 16 come after the others.
        beneath = sorted(numbers) + [PER_RANK] * (under.count(lower) - len(numbers))
        for k, later in enumerate(beneath):
            number = min(number, later - k - 1)
    return number


def stock_latest(piles: tuple[bytes, ...], played: bytes | bytearray,
                 coming: tuple[bytes, ...]) -> tuple[list[list[int]], bool]:
    """For each rank, the latest numbers below 16 of the stock's cards to come (`coming`, deal
    by deal), each from the cards sure to lie under it when it is dealt; and whether some card
    can never go up (the closure with the whole stock dealt leaves it out).

    The cards sure to lie in pile p when a deal comes: the tableau's cards the closure left
    out, or, when a card dealt since cannot go up before this deal (the foundations cannot
    take its rank, counting every card that may be up), that card, and under it all that was
    sure to lie there when it was dealt."""
    tops = [len(pile) for pile in piles]
    counts = [0] * (KING + 1)
    found: list[list[int]] = [[] for _ in range(KING + 1)]
    cuts = [len(pile) for pile in piles]  # the tableau's cards sure to lie in each pile
    dealt = [b""] * len(piles)  # the dealt cards sure to lie over them, bottom to top
    for ranks in coming:
        reach(piles, played, tops, counts)
        for index, rank in enumerate(ranks):
            kept = dealt[index]
            while kept and played[kept[-1] - 1] + counts[kept[-1] - 1] > played[kept[-1]]:
                kept = kept[:-1]
            if not kept:
                cuts[index] = tops[index]
            under = piles[index][:cuts[index]] + kept
            if under:
                number = top_latest(under, rank)
                if number < PER_RANK:
                    found[rank].append(number)
            dealt[index] = kept + bytes((rank,))
        for rank in ranks:
            counts[rank] += 1
    reach(piles, played, tops, counts)
    return found, any(tops) or any(
        played[rank - 1] + counts[rank - 1] <= played[rank] for kept in dealt for rank in kept)


def stock_dead(piles: tuple[bytes, ...], played: bytes | bytearray,
               coming: tuple[bytes, ...]) -> bool:
    """True when some rank can never be finished, counting the stock's cards to come beside
    the tableau's (see the module docstring)."""
    found, stuck = stock_latest(piles, played, coming)
    if stuck:
        return True
    piles_latest = None
    for rank in range(2, KING + 1):
        if not found[rank]:
            continue
        if piles_latest is None:
            piles_latest = [latest_numbers(pile) for pile in piles]
        if unnumbered(found[rank] + [n for latest in piles_latest for n in latest[rank]],
                      played[rank]):
            return True
    return False


def unnumbered(latest: list[int], up: int) -> bool:
    """True when cards of one rank with these latest numbers cannot all get distinct numbers
    above the `up` already up: sorted, the k-th must be at least `up + k`."""
    return any(number < up + k for k, number in enumerate(sorted(latest), 1))
