"""The Klondike search that can prove a deal lost: every move no win can do without, and
only those, so that running out of positions proves there is no win.

On top of the complete move set (klondike.moves, `thorough=True`) it leaves out lines that
some other line of the space does as well, which needs to know the move just made, so its
positions carry a *duty*: the building stack whose top card the next move must use.

A split (a run moved off a face-up card u, so nothing turns over) does nothing but bare u;
the run it moved does on its target all it could do where it was. So in some winning line,
whenever there is one, every split is followed at once by a move that puts u to its suit
stack or puts cards on u (or the automatic moves put u up): take any winning line and a
split in it not followed so; until the first later move that uses u, carries u away (a run
from under u), or moves the run or the cards under it on the target, the moves between do
not touch those cards, so the split can be made just before that move instead. A move
carrying u away can carry the split run along and the run split off afterwards; a move of
the run can start from u's stack; one from under the run's target can go first, the run
split onto it afterwards. Each step makes the line shorter or moves the split later, so
they end, with every split followed by a use of its card.

Drawing one with unlimited passes, a card laid from the talon onto a building stack is the
same: every talon card is within reach at any time whatever else has left the talon, so the
move can wait until a card goes on the one laid down (until it moves on, or the cards under
it do, it only covers its target), and it is followed at once by such a move. (Drawing more,
taking a card out of the talon changes which others can be reached, so it cannot wait.)

Two consequences cut the search further: a move that would leave a duty is not tried when
no card that could go on the duty's card is free (face up, within reach in the talon, or a
suit stack's top that may come back) other than a split run's own head, whose return only
undoes the split, and the card cannot go up; and a position met with a duty after being
met without one is the one already searched, since without a duty it can do all it can
with one. Every claim here is checked against a plain search of the rules on small
positions (tests/ai/test_klondike_complete.py).
"""

from __future__ import annotations

from typing import Protocol

from game.ai.klondike.moves import (
    FOUNDATION_TO_TABLEAU,
    TABLEAU_TO_FOUNDATION,
    TABLEAU_TO_TABLEAU,
    TALON_TO_TABLEAU,
    Play,
    cards_going_up_next,
    king_waits_for_space,
)
from game.ai.klondike.position import ACCEPTS, RANKS, Deck, Position, reachable, safety

NO_DUTY = -1
# The moves that put cards onto a building stack's top.
ONTO = (TABLEAU_TO_TABLEAU, TALON_TO_TABLEAU, FOUNDATION_TO_TABLEAU)

State = tuple[Position, int]  # a position and its duty (a building stack, or NO_DUTY)


class BareSpace(Protocol):
    """The search space on bare positions that the complete search adds duties to
    (klondike.solver's KlondikeSpace)."""

    deck: Deck

    def moves(self, position: Position) -> list[Play]: ...
    def play(self, position: Position, play: Play) -> Position: ...
    def key(self, position: Position) -> bytes: ...
    def is_goal(self, position: Position) -> bool: ...
    def progress(self, position: Position) -> int: ...


class CompleteSpace:
    """The complete search's view of Klondike (see `SearchSpace`): positions with duties."""

    def __init__(self, space: BareSpace) -> None:
        self.space = space  # the complete move set on bare positions
        deck = space.deck
        # Drawing one with unlimited passes, every talon card is within reach at any time.
        self.open_talon = deck.draw == 1 and deck.max_passes is None
        # Keys of the positions without a duty the search has met: such a position can do
        # all that it can with one, so meeting it again with a duty adds nothing.
        self.free: set[bytes] = set()
        self._last: tuple[Position | None, bytes] = None, b""  # a position and its bare key

    def moves(self, state: State) -> list[Play]:
        position, duty = state
        if duty != NO_DUTY:
            return duty_moves(position, self.space.deck, duty)
        plays = self.space.moves(position)
        # A move leaving a duty on a card nothing could use leads nowhere. (A split run
        # going back is no use: it only returns to where it was.)
        free: frozenset[int] | None = None
        kept = []
        for play in plays:
            duty_card, head = self._duty_card(position, play)
            if duty_card >= 0:
                if free is None:
                    free = _free_cards(position, self.space.deck)
                if not any(card in free and card != head for card in ACCEPTS[duty_card]) \
                        and duty_card not in cards_going_up_next(position.found):
                    continue
            kept.append(play)
        return kept

    def _duty_card(self, position: Position, play: Play) -> tuple[int, int]:
        """The card `play` leaves a duty on (-1 if none), and the head of the cards it moves."""
        if play.kind == TABLEAU_TO_TABLEAU:
            up = position.ups[play.source]
            if play.count < len(up):
                return up[-play.count - 1], up[-play.count]
        elif play.kind == TALON_TO_TABLEAU and self.open_talon:
            card = position.talon[play.source - 1]
            return card, card
        return -1, -1

    def play(self, state: State, play: Play) -> State:
        position = state[0]
        child = self.space.play(position, play)
        duty_card, _ = self._duty_card(position, play)
        if duty_card < 0:
            return child, NO_DUTY
        # The automatic moves may have put the card up already.
        pile = play.source if play.kind == TABLEAU_TO_TABLEAU else play.target
        up = child.ups[pile]
        if not up or up[-1] != duty_card:
            return child, NO_DUTY
        bare = self.space.key(child)
        self._last = child, bare  # the search asks for the child's key next
        if bare in self.free:
            return child, NO_DUTY
        return child, pile

    def key(self, state: State) -> bytes | tuple[bytes, int]:
        position, duty = state
        last, bare = self._last
        if position is not last:
            bare = self.space.key(position)
        if duty == NO_DUTY:
            self.free.add(bare)
            return bare
        return bare, position.ups[duty][-1]

    def is_goal(self, state: State) -> bool:
        return self.space.is_goal(state[0])

    def progress(self, state: State) -> int:
        return self.space.progress(state[0])


def _free_cards(position: Position, deck: Deck) -> frozenset[int]:
    """A superset of the cards a move could put on a building stack: the face-up ones, the
    talon's within reach, and the suit stacks' tops that may come back."""
    talon = position.talon
    cards = [*b"".join(position.ups), *(talon[at - 1] for at, _, _ in reachable(position, deck))]
    _, top_dead = safety(position.found)
    cards += [suit * RANKS + height - 1 for suit, height in enumerate(position.found)
              if height and not top_dead[suit]]
    return frozenset(cards)


def duty_moves(position: Position, deck: Deck, pile: int) -> list[Play]:
    """The complete move set's moves that use building stack `pile`'s top card (as
    `generate` would give them, `uses` kept; only faster, as most positions have a duty)."""
    downs, ups, found, talon = position.downs, position.ups, position.found, position.talon
    card = ups[pile][-1]
    plays = []
    if card in cards_going_up_next(found):
        plays.append(Play(TABLEAU_TO_FOUNDATION, pile))
    takes = ACCEPTS[card]
    if not takes:
        return plays
    for source, up in enumerate(ups):
        for count in range(len(up), 0, -1):
            if up[-count] in takes and source != pile:
                whole = count == len(up)
                if whole and not downs[source] and not king_waits_for_space(position):
                    continue
                plays.append(Play(TABLEAU_TO_TABLEAU, source, pile, count))
    for at, clicks, new_passes in reachable(position, deck):
        if talon[at - 1] in takes:
            plays.append(Play(TALON_TO_TABLEAU, at, pile, 1, clicks, new_passes))
    _, top_dead = safety(found)
    for suit in range(4):
        if found[suit] and not top_dead[suit] and suit * RANKS + found[suit] - 1 in takes:
            plays.append(Play(FOUNDATION_TO_TABLEAU, suit, pile))
    return plays


def uses(play: Play, pile: int) -> bool:
    """Whether `play` puts cards on building stack `pile` or sends its top card up."""
    if play.kind == TABLEAU_TO_FOUNDATION:
        return play.source == pile
    return play.kind in ONTO and play.target == pile
