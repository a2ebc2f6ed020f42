"""Klondike positions that can never be won because some cards can never move again.

The check finds the largest set S of building-stack cards such that each card of S, to move
at all, first needs some card of S to move:

- a face-down card needs every card above it gone (a card of S above it blocks it);
- to go to its suit stack, a card needs no card of S on it (only a top card goes up) and
  every lower card of its suit up first, and a card of S, or a card lying under one, never
  gets there before S moves;
- to go onto a building stack, it needs one of the two cards it builds on free: in a building
  stack under no card of S, or in the talon or on a suit stack and able to come onto a
  building stack itself before S moves: a King (an empty stack may open), or a card with one of
  its own two cards free in the same sense (ranks rise along the chain, so it ends);
- a face-up card also moves when a card below it moves with its run, so a card stays in S
  only if every face-up card below it is in S too; Kings (the empty stack) never stay in S,
  except a King at the bottom of a stack: moving the whole stack to an empty one only renames
  the stacks, so a shortest winning line never does, and such a King moves only to its suit
  stack.

Why that proves a loss: take the first move of any winning line that moves a card of S. Until
then no card of S has moved, so every card that lay under one still does, and the head of the
moved cards (in S by the rule for runs) had one of the ways out above, which the set excludes.
Every card has to move to reach its suit stack, so a position with S not empty is lost. A card
off the building stacks can lie on one only after being put there, onto a card then free, which
is why free is recursive for them (a King needs no card under it).
"""

from __future__ import annotations

from game.ai.klondike.position import KING, OTHER_COLOUR, RANK_OF, RANKS, SUIT_OF, Position

# The two cards each card builds on (one rank higher, the other colour); none for Kings.
PARENTS = tuple(
    () if card % RANKS == KING
    else tuple(other * RANKS + card % RANKS + 1 for other in OTHER_COLOUR[card // RANKS])
    for card in range(52)
)


def deadlocked(position: Position) -> bool:
    """True only when some building-stack cards can never move again (see above)."""
    return _Check(position).run()


class _Check:
    """The largest set S for one position, found by taking out of it, until none is left to
    take, every card with a way out. `top[pile]` is the height of the highest card of S in
    each building stack (-1 when none): a card lies under one of S when below it."""

    __slots__ = ("piles", "downs", "found", "pile_of", "height_of", "stuck", "top")

    def __init__(self, position: Position) -> None:
        self.piles = [down + up for down, up in zip(position.downs, position.ups, strict=True)]
        self.downs = [len(down) for down in position.downs]
        self.found = position.found
        self.pile_of = [-1] * 52
        self.height_of = [0] * 52
        self.stuck = [False] * 52
        for number, pile in enumerate(self.piles):
            for height, card in enumerate(pile):
                self.pile_of[card] = number
                self.height_of[card] = height
                self.stuck[card] = RANK_OF[card] != KING or height == 0
        self.top = [self._highest_stuck(pile) for pile in self.piles]

    def _highest_stuck(self, pile: bytes) -> int:
        stuck = self.stuck
        return next((height for height in range(len(pile) - 1, -1, -1)
                     if stuck[pile[height]]), -1)

    def run(self) -> bool:
        stuck, top = self.stuck, self.top
        changed = True
        while changed:
            changed = False
            for number, pile in enumerate(self.piles):
                # Bottom up, so that a face-up card freed lets those above it go at once.
                free_below = False
                for height, card in enumerate(pile):
                    if not stuck[card]:
                        free_below = free_below or height >= self.downs[number]
                        continue
                    if self._escapes(card, number, height, free_below):
                        stuck[card] = False
                        changed = True
                        free_below = free_below or height >= self.downs[number]
                        if top[number] == height:
                            top[number] = self._highest_stuck(pile)
        return any(top[number] >= 0 for number in range(len(self.piles)))

    def _covered(self, card: int) -> bool:
        return self.top[self.pile_of[card]] > self.height_of[card]

    def _escapes(self, card: int, number: int, height: int, free_below: bool) -> bool:
        covered = self.top[number] > height
        if height >= self.downs[number]:
            if free_below:
                return True
        elif covered:
            return False
        if not covered and self._lower_cards_can_go_up(card):
            return True
        return any(self._free(parent) for parent in PARENTS[card])

    def _lower_cards_can_go_up(self, card: int) -> bool:
        suit = SUIT_OF[card]
        for rank in range(self.found[suit], RANK_OF[card]):
            lower = suit * RANKS + rank
            if self.pile_of[lower] >= 0 and (self.stuck[lower] or self._covered(lower)):
                return False
        return True

    def _free(self, card: int) -> bool:
        """Whether `card` can be the top of a building stack before any card of S moves."""
        if self.pile_of[card] >= 0:
            return not self._covered(card)
        return RANK_OF[card] == KING or any(self._free(parent) for parent in PARENTS[card])
