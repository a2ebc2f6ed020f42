"""Klondike positions as the solver sees them: compact, and with the deck as one talon.

Cards are small integers, `suit * 13 + relative rank` (rank 0 is the starting rank), so the
wrapping ranks of RULES.md §3 become plain arithmetic: a card builds on the next rank up of
the other colour, nothing builds on rank 0, rank 12 heads an empty building stack.

The stock and waste together are the talon: every card the deck still holds, in the order
they come up (`talon[:pos]` is the waste, its top `talon[pos - 1]`). Clicking the stock only
moves `pos`, so the cards a player can reach by clicking are known at once, and the solver
plays them as single moves ("click k times, then play this card").

Safety of automatic moves. A foundation card is *dead* when no winning line ever needs it
back: it is the starting rank, or the card under it on its suit stack and both cards of the
other colour one rank lower are dead (they alone could ever lie on it, and dead cards never
come back; by induction on rank, a shortest winning line never moves a dead card, as the moves
could be cut out). A card c is *safe* when it would be dead on its suit stack, or is of rank 0
or 1 (a rank-0 card that would lie on it can go up instead): for rank 2 and up, both cards of
the other colour one rank lower and the other card of its colour two ranks lower are up.

The automatic moves (`klondike.moves.automatic_play`, which the table plays and the solver
plans with) send a safe card up from a building stack's top in every setting, and from the
waste's top when drawing one card a click, whatever the redeals. Neither loses a win. Take a
shortest winning line L from position P and let P' be P with c sent up. L never puts a card on
c (only the two cards a rank lower of the other colour could go there: rank-0 cards, which a
shortest line sends straight up, or above rank 1 dead cards, which it leaves up) nor takes
the dead card under c on its suit stack down. So L, with c's own moves left out
and c dropped from any run it moves along with, plays from P': every card move finds its
source and target as in P (the card c covered is bare in P' already, which only adds moves),
and c's suit stack is one card ahead, which only lets more cards go up.
- From a building stack, the talon is untouched: L's clicks do in P' what they do in P.
- From the waste, drawing one: the talon of P' is P's without c, and the clicks of L line up
  one for one, but for the click that turns c over in a later pass of L, which P' leaves out
  (its waste top is then the card under c in P, playable where c covered it). P' never needs
  a pass that P does not, so no redeal limit is crossed.
- From the waste, drawing more, no such line-up exists: every group after c is shifted by a
  card, so the cards that come up on top in later passes are others. That loses wins (deal
  559 drawing three: the AC sent up from the waste leaves no win, where laying it by keeps
  one), so drawing more, no waste card is an automatic move.
tests/ai/test_klondike_automatic.py checks this on the positions of winning lines, deal after
deal, in each draw and redeal setting.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from game.rules.cards import SUITS, Card
from game.rules.klondike_state import KlondikeState

RANKS = 13
KING = RANKS - 1  # the relative rank that heads an empty building stack
RED = tuple(suit in "HD" for suit in SUITS)
OTHER_COLOUR = tuple(
    tuple(other for other in range(4) if RED[other] != RED[suit]) for suit in range(4)
)
SUIT_OF = tuple(card // RANKS for card in range(52))
RANK_OF = tuple(card % RANKS for card in range(52))
# The cards that may lie on each card in a building stack; none on rank 0.
ACCEPTS = tuple(
    () if card % RANKS == 0
    else tuple(other * RANKS + card % RANKS - 1 for other in OTHER_COLOUR[card // RANKS])
    for card in range(52)
)
KINGS = tuple(suit * RANKS + KING for suit in range(4))


def card_id(card: Card, start: int) -> int:
    return SUITS.index(card.suit) * RANKS + (card.rank - start) % RANKS


def card_of(card: int, start: int) -> Card:
    suit, rank = divmod(card, RANKS)
    return Card((start - 1 + rank) % RANKS + 1, SUITS[suit])


class Position(NamedTuple):
    """A position: building stacks as (face-down, face-up) bytes in the table's order, suit
    stack heights by suit, the talon, and how many passes have been begun."""

    downs: tuple[bytes, ...]
    ups: tuple[bytes, ...]
    found: tuple[int, ...]  # cards on each suit's stack, indexed by SUITS
    talon: bytes
    pos: int  # cards of the talon in the waste
    passes: int


class Deck(NamedTuple):
    """The options that shape play: cards per click, passes allowed (None: unlimited)."""

    draw: int
    max_passes: int | None


def position_of(state: KlondikeState) -> Position:
    start = state.options.start_rank
    downs = tuple(bytes(card_id(c, start) for c in pile if not c.face_up) for pile in state.tableau)
    ups = tuple(bytes(card_id(c, start) for c in pile if c.face_up) for pile in state.tableau)
    found = [0] * 4
    for pile in state.foundations:
        if pile:
            found[SUITS.index(pile[0].suit)] = len(pile)
    talon = bytes(card_id(c, start) for c in (*state.waste, *reversed(state.stock)))
    return Position(downs, ups, tuple(found), talon, len(state.waste), state.passes)


def deck_of(state: KlondikeState) -> Deck:
    return Deck(state.options.draw, state.options.max_passes)


def is_won(position: Position) -> bool:
    return sum(position.found) == 52


def sure_win(position: Position, deck: Deck) -> bool:
    """Won, or certain to be: nothing face down and every talon card within reach whenever
    wanted. The lowest card left is then always playable to its suit stack."""
    if any(position.downs):
        return False
    return not position.talon or (deck.draw == 1 and deck.max_passes is None)


# --- the talon ---------------------------------------------------------------------------------


def reachable(position: Position, deck: Deck) -> tuple[tuple[int, int, int], ...]:
    """Every talon card that clicking can bring to the top of the waste, as (pos, clicks,
    new passes): the card is `talon[pos - 1]` and becomes playable after `clicks` clicks.
    Each card is given once, with the fewest clicks; the later passes add nothing to the
    first new one."""
    pass_left = deck.max_passes is None or position.passes < deck.max_passes
    return _reachable(len(position.talon), position.pos, deck.draw, pass_left)


@lru_cache(maxsize=4096)
def _reachable(length: int, pos: int, draw: int, pass_left: bool
               ) -> tuple[tuple[int, int, int], ...]:
    found: list[tuple[int, int, int]] = []
    clicks = 0
    at = pos
    if at:
        found.append((at, 0, 0))
    while at < length:
        at = min(at + draw, length)
        clicks += 1
        found.append((at, clicks, 0))
    if length and pass_left:
        clicks += 1  # turn the waste over
        at = 0
        while at < length:
            at = min(at + draw, length)
            clicks += 1
            seen_this_pass = at == length or (at >= pos and (at - pos) % draw == 0)
            if not seen_this_pass:
                found.append((at, clicks, 1))
    return tuple(found)


def take_from_talon(position: Position, at: int, new_passes: int) -> tuple[int, Position]:
    """Remove `talon[at - 1]` after clicking to it; the card and the rest of the position
    (with the card in no pile yet)."""
    downs, ups, found, talon, _, passes = position
    rest = Position(downs, ups, found, talon[: at - 1] + talon[at:], at - 1, passes + new_passes)
    return talon[at - 1], rest


# --- safety -------------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def safety(found: tuple[int, ...]) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """For suit stacks of heights `found`: whether each suit's next card may go up at once
    without losing a win, and whether each suit's top card is dead (never needed back)."""
    dead = [[False] * RANKS for _ in range(4)]
    for rank in range(RANKS):
        for suit in range(4):
            if found[suit] > rank:
                dead[suit][rank] = rank == 0 or (
                    dead[suit][rank - 1] and all(dead[o][rank - 1] for o in OTHER_COLOUR[suit]))
    safe = []
    for suit in range(4):
        rank = found[suit]
        safe.append(rank < RANKS and (rank <= 1 or (
            dead[suit][rank - 1] and all(dead[o][rank - 1] for o in OTHER_COLOUR[suit]))))
    top_dead = tuple(found[suit] > 0 and dead[suit][found[suit] - 1] for suit in range(4))
    return tuple(safe), top_dead


# --- playing -----------------------------------------------------------------------------------


def uncover(down: bytes, up: bytes) -> tuple[bytes, bytes]:
    """A building stack after cards left its top: turn the next face-down card if exposed."""
    if not up and down:
        return down[:-1], down[-1:]
    return down, up


def lift(position: Position, pile: int, count: int) -> tuple[bytes, Position]:
    """Take the top `count` cards off building stack `pile` (turning up what they uncover)."""
    downs, ups, found, talon, pos, passes = position
    up = ups[pile]
    down, rest = uncover(downs[pile], up[:-count])
    if down is not downs[pile]:
        downs = downs[:pile] + (down,) + downs[pile + 1 :]
    ups = ups[:pile] + (rest,) + ups[pile + 1 :]
    return up[-count:], Position(downs, ups, found, talon, pos, passes)


def drop(position: Position, cards: bytes, pile: int) -> Position:
    downs, ups, found, talon, pos, passes = position
    ups = ups[:pile] + (ups[pile] + cards,) + ups[pile + 1 :]
    return Position(downs, ups, found, talon, pos, passes)


def raise_card(position: Position, card: int) -> Position:
    downs, ups, found, talon, pos, passes = position
    suit = SUIT_OF[card]
    found = found[:suit] + (found[suit] + 1,) + found[suit + 1 :]
    return Position(downs, ups, found, talon, pos, passes)


def lower_card(position: Position, suit: int) -> tuple[int, Position]:
    """Take the top card off `suit`'s stack."""
    downs, ups, found, talon, pos, passes = position
    height = found[suit] - 1
    found = found[:suit] + (height,) + found[suit + 1 :]
    return suit * RANKS + height, Position(downs, ups, found, talon, pos, passes)
