"""Lucas Leaps solver: can all 104 cards still reach the foundations?

Positions hold the thirteen tableau piles and the waste as bytes of card codes (`suit * 16 +
rank`, so a card builds on the card one code above it), the foundation heights, and how many
cards the stock still holds (its order is known from the deal).

What the search folds together, and why that is sound:
- The two foundations of a suit are interchangeable: a card fits the one showing the rank
  below it, and the heights follow from the cards played. Heights are kept per suit as
  (higher, lower).
- Tableau piles are interchangeable (any card or run may go into an empty pile, and nothing
  else depends on a pile's index), so the key sorts them; a card bound for an empty pile is
  only sent to the first one, and a whole pile is never moved into an empty one.
- Safe foundation moves are made at once: a card that fits, of a suit whose foundations both
  hold the two ranks below it (both copies of rank - 2 are up). Only the other copy of rank
  - 1, if it is not up, can ever lie on such a card, and it fits the lower foundation the
  moment it can move, since nothing else does. So a winning line that keeps the card
  elsewhere wins also with it up at once and that other copy sent up the first time the line
  moves it: the two only ever lie at the top of their piles or of the waste, so dropping
  every later move of them (or cutting them off the runs they top) leaves every other move
  legal, and the foundations only ever hold more cards of the suit, still in order.

The search tries the most promising moves first (see `card_moves`). First a quick look
(`lucas_leaps.beam`) without the idle-looking moves finds most wins; then the depth-first
search runs twice if need be: without those moves, then, only if that ran out of positions,
with every move, which alone can prove a loss. With only a few stock cards left, the search
with every move runs alone from the start.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from game.ai.lucas_leaps.beam import beam_look
from game.ai.search import Budget, SolitaireAdvisor, SolveResult
from game.ai.solitaire_space import (
    LOOK_SHARE,
    Step,
    nothing_to_gain,
    rules_line,
    solve_space,
)
from game.rules.cards import SUITS
from game.rules.lucas_leaps import RULES, LucasLeapsState
from game.rules.moves import STOCK, CardMove, StockMove
from game.rules.patience import FOUNDATION_REFS, KING, TABLEAU_REFS, WASTE_REF

RANK_MASK = 15
CODES = 16 * len(SUITS)  # card codes are below this
ALL_UP = 2 * KING * len(SUITS)
WASTE = -1  # the source index of the waste in search moves
TO_FOUNDATION = -1  # the target index of a foundation in search moves
TURN = (WASTE, WASTE, 0)  # the search move that turns a stock card over
UP, TURN_MERIT = 9, 1  # how promising a card up and a stock turn look (see card_moves)

PROBE_BUDGET = Budget(max_nodes=20_000, max_seconds=0.5)
# The beams' share of the budget (`solitaire_space.LOOK_SHARE`) falls with the stock below
# this many cards: beams go through the stock, and with little of it left they find few wins
# the depth-first search would not, while their share is taken from the only search that can
# prove a loss.
FULL_LOOK_STOCK = 8
# With this many stock cards left or fewer, the complete search runs alone: there the wins
# the quick ones find are few and found as soon by it, and the positions it must visit to
# prove a loss fit in the budget only if nothing else takes a share.
COMPLETE_ONLY_STOCK = 3


class Position(NamedTuple):
    tableau: tuple[bytes, ...]  # 13 piles, bottom to top
    found: bytes  # per suit, the heights of its two foundations: higher, lower
    waste: bytes  # bottom to top
    stock: int  # cards left in the stock


Move = tuple[int, int, int]  # (source pile or WASTE, target pile or TO_FOUNDATION, count)


def code(card) -> int:
    return SUITS.index(card.suit) * 16 + card.rank


def position_of(state: LucasLeapsState) -> Position:
    heights = [0] * 8
    for foundation in state.foundations:
        if foundation:
            suit = SUITS.index(foundation[0].suit)
            slot = 2 * suit if heights[2 * suit] == 0 else 2 * suit + 1
            heights[slot] = len(foundation)
    for suit in range(len(SUITS)):
        pair = sorted(heights[2 * suit:2 * suit + 2], reverse=True)
        heights[2 * suit:2 * suit + 2] = pair
    tableau = tuple(bytes(map(code, pile)) for pile in state.tableau)
    return Position(tableau, bytes(heights), bytes(map(code, state.waste)), len(state.stock))


def talon_of(state: LucasLeapsState) -> bytes:
    """The stock's cards in the order they come up."""
    return bytes(code(card) for card in reversed(state.stock))


def fits(found: bytes, card: int) -> bool:
    suit, rank = divmod(card, 16)
    return rank - 1 in (found[2 * suit], found[2 * suit + 1])


def is_safe(found: bytes, card: int) -> bool:
    """Whether `card` may go up at once: it fits, and both cards two ranks below it are up."""
    suit, rank = divmod(card, 16)
    return found[2 * suit + 1] >= rank - 2 and fits(found, card)


@lru_cache(maxsize=1 << 14)
def foundation_codes(found: bytes) -> tuple[frozenset[int], frozenset[int]]:
    """The cards that fit the foundations `found`, and those of them that are safe: looked
    up once per set of heights, since the search meets the same heights again and again."""
    fit = frozenset(card for card in range(CODES)
                    if 1 <= card & RANK_MASK <= KING and fits(found, card))
    return fit, frozenset(card for card in fit if is_safe(found, card))


def raise_card(found: bytes, card: int) -> bytes:
    suit, rank = divmod(card, 16)
    high, low = found[2 * suit], found[2 * suit + 1]
    high, low = (rank, high) if low == rank - 1 and high == rank - 1 else (
        (rank, low) if high == rank - 1 else (high, rank))
    return found[:2 * suit] + bytes((high, low)) + found[2 * suit + 2:]


@lru_cache(maxsize=1 << 16)
def run_length(pile: bytes) -> int:
    """How many cards at the top of `pile` form a run down in suit: looked up once per pile,
    since the search meets the same piles again and again."""
    length = 1
    while length < len(pile) and pile[-length - 1] == pile[-length] + 1:
        length += 1
    return length


def is_won(position: Position) -> bool:
    return sum(position.found) == ALL_UP


def play(position: Position, move: Move, talon: bytes) -> Position:
    """The position after one search move (no safe moves made after it)."""
    tableau, found, waste, stock = position
    source, target, count = move
    if move == TURN:
        return Position(tableau, found, waste + talon[len(talon) - stock:][:1], stock - 1)
    if source == WASTE:
        cards, waste = waste[-1:], waste[:-1]
    else:
        pile = tableau[source]
        cards = pile[-count:]
        tableau = tableau[:source] + (pile[:-count],) + tableau[source + 1:]
    if target == TO_FOUNDATION:
        found = raise_card(found, cards[0])
    else:
        tableau = tableau[:target] + (tableau[target] + cards,) + tableau[target + 1:]
    return Position(tableau, found, waste, stock)


def safe_move(position: Position) -> Move | None:
    """The first safe foundation move (see `is_safe`), the waste's first, or None."""
    safe = foundation_codes(position.found)[1]
    waste = position.waste
    if waste and waste[-1] in safe:
        return WASTE, TO_FOUNDATION, 1
    for index, pile in enumerate(position.tableau):
        if pile and pile[-1] in safe:
            return index, TO_FOUNDATION, 1
    return None


def settle(position: Position, talon: bytes, record: list[Step] | None = None) -> Position:
    """Make every safe foundation move, again and again."""
    while move := safe_move(position):
        position = play(position, move, talon)
        if record is not None:
            record.append(move)
    return position


def settle_after(position: Position, move: Move, talon: bytes,
                 record: list[Step] | None = None) -> Position:
    """`settle` after `move` from a settled position, looking only where a card can have
    become safe: at the card the move uncovered (or turned). The card a move puts on a pile
    was on top before, and not safe; a card sent up was not safe (it would be up already),
    so it left the lower foundation of its suit three or more below the higher, which
    makes no other card of the suit safe (see `is_safe`)."""
    source = move[0]
    cards = position.waste if source == WASTE else position.tableau[source]
    if not cards or cards[-1] not in foundation_codes(position.found)[1]:
        return position
    return settle(position, talon, record)


def card_moves(position: Position) -> list[tuple[int, Move]]:
    """Every move but the stock, each with how promising it looks (higher first; below 0
    for an idle-looking one). A card up is best; then count what a move gains: a card laid
    on its next card up from anywhere else, a pile emptied, a card uncovered that can go up
    or take a card that can move at once, a waste card used; and what it costs: a run taken
    off its own next card up, an empty pile filled."""
    tableau, waste = position.tableau, position.waste
    fit = foundation_codes(position.found)[0]
    takers: dict[int, list[int]] = {}
    movable = [0] * CODES  # how many copies of each card could move now
    if waste:
        movable[waste[-1]] += 1
    runs = []
    empty = None
    for index, pile in enumerate(tableau):
        if pile:
            takers.setdefault(pile[-1] - 1, []).append(index)
            length = run_length(pile)
            runs.append((index, pile, length))
            for card in pile[-length:]:
                movable[card] += 1
        elif empty is None:
            empty = index
    moves: list[tuple[int, Move]] = []
    if waste:
        card = waste[-1]
        if card in fit:
            moves.append((UP, (WASTE, TO_FOUNDATION, 1)))
        moves.extend((2, (WASTE, target, 1)) for target in takers.get(card, ()))
        if empty is not None:
            moves.append((0, (WASTE, empty, 1)))
    for index, pile, length in runs:
        if pile[-1] in fit:
            moves.append((UP, (index, TO_FOUNDATION, 1)))
        for count in range(1, length + 1):
            base = pile[-count]
            targets = takers.get(base)
            if count == len(pile):
                for target in targets or ():
                    moves.append((2, (index, target, count)))
                continue
            if targets is None and empty is None:
                continue
            uncovered = pile[-count - 1]
            natural = uncovered == base + 1
            gain = (2 if uncovered in fit else 0) + (
                1 if movable[uncovered - 1] > natural else 0) - natural
            for target in targets or ():
                moves.append((gain + 1, (index, target, count)))
            if empty is not None:
                moves.append((gain - 1, (index, empty, count)))
    return moves


def lowest_first(position: Position, talon: bytes) -> list[Step] | None:
    """The moves that win by sending the lowest card that fits up, again and again, and
    turning the stock only when nothing fits; None when that gets stuck first. It wins every
    goal position."""
    steps: list[Step] = []
    while not is_won(position):
        tops = [(cards[-1] & RANK_MASK, source) for source, cards
                in [(WASTE, position.waste), *enumerate(position.tableau)]
                if cards and fits(position.found, cards[-1])]
        if tops:
            move = (min(tops)[1], TO_FOUNDATION, 1)
        elif position.stock:
            move = TURN
        else:
            return None
        position = play(position, move, talon)
        steps.append(move)
    return steps


class LucasSpace:
    """The search space of `depth_first`: the moves of `card_moves`, the stock after the
    promising ones. A quick space leaves out the idle-looking moves; only the complete one
    can prove a position lost."""

    def __init__(self, talon: bytes, complete: bool = True) -> None:
        self.talon = talon
        self.complete = complete

    def moves(self, position: Position) -> list[Move]:
        moves = card_moves(position)
        if position.stock:
            moves.append((TURN_MERIT, TURN))
        moves.sort(key=itemgetter(0), reverse=True)
        return [move for merit, move in moves if self.complete or merit >= 0]

    def play(self, position: Position, move: Move, record: list[Step] | None = None
             ) -> Position:
        if record is not None:
            record.append(move)
        return settle_after(play(position, move, self.talon), move, self.talon, record)

    def key(self, position: Position) -> tuple:
        return tuple(sorted(position.tableau)), position.found, position.waste, position.stock

    def is_goal(self, position: Position) -> bool:
        """Won, or sure to be: stock and waste empty and every pile running down (or level)
        in rank from bottom to top, so the lowest card left is always on top and fits."""
        return is_won(position) or (not position.stock and not position.waste and all(
            all(a & RANK_MASK >= b & RANK_MASK for a, b in zip(pile, pile[1:], strict=False))
            for pile in position.tableau))

    def progress(self, position: Position) -> int:
        return 4 * sum(position.found) - len(position.waste) - position.stock

    def finish(self, position: Position) -> list[Step]:
        return lowest_first(position, self.talon) or []


def to_rules_move(state: LucasLeapsState, step: Move) -> CardMove | StockMove:
    """A search move as a rules move: a card goes to the first foundation that takes it."""
    if step == TURN:
        return STOCK
    source, target, count = step
    source_ref = WASTE_REF if source == WASTE else TABLEAU_REFS[source]
    if target != TO_FOUNDATION:
        return CardMove(source_ref, TABLEAU_REFS[target], count)
    card = (state.waste if source == WASTE else state.tableau[source])[-1]
    index = next(index for index, foundation in enumerate(state.foundations)
                 if (foundation[-1:] and foundation[-1].suit == card.suit
                     and foundation[-1].rank == card.rank - 1)
                 or (not foundation and card.rank == 1))
    return CardMove(source_ref, FOUNDATION_REFS[index])


def solve(state: LucasLeapsState, budget: Budget) -> SolveResult:
    """Search for a win from `state` within `budget`: a quick look (shorter with less of the
    stock left), then depth first without the idle-looking moves, then, only if that search
    ran out of positions, with every move; with COMPLETE_ONLY_STOCK stock cards or fewer
    left, only the last."""
    talon = talon_of(state)
    root_steps: list[Step] = []
    root = settle(position_of(state), talon, root_steps)
    complete = LucasSpace(talon)
    if root.stock <= COMPLETE_ONLY_STOCK:
        return solve_space(RULES, state, [complete], root, root_steps, budget, to_rules_move)
    spaces = [LucasSpace(talon, complete=False), complete]
    look_share = LOOK_SHARE * min(1.0, root.stock / FULL_LOOK_STOCK)
    return solve_space(RULES, state, spaces, root, root_steps, budget, to_rules_move,
                       look=beam_look, look_share=look_share)


def no_productive_moves(state: LucasLeapsState, budget: Budget = PROBE_BUDGET) -> bool:
    """True only when no sequence of moves can put a card up, take one from the waste or turn
    the stock: whatever is left only shuffles cards between piles. False whenever that is not
    settled within `budget`."""
    if RULES.is_won(state):
        return True
    if state.stock:
        return False
    start = position_of(state)
    up, waste = sum(start.found), len(start.waste)
    space = LucasSpace(b"")
    return nothing_to_gain(space, start,
                           lambda position: sum(position.found) > up
                           or len(position.waste) < waste, budget)


def auto_finish_line(state: LucasLeapsState) -> tuple[CardMove | StockMove, ...] | None:
    """The moves that finish the game by sending the lowest card that fits to a foundation,
    again and again, and turning the stock only when nothing fits. None when the game is won
    already or that does not finish it."""
    position = position_of(state)
    if is_won(position):
        return None
    steps = lowest_first(position, talon_of(state))
    return None if steps is None else rules_line(RULES, state, steps, to_rules_move)[0]


ADVISOR = SolitaireAdvisor(solve, no_productive_moves, auto_finish_line)
