"""Leap Year solver: can all 208 cards still reach the foundations?

Suits play no part in Leap Year, so the solver sees ranks only. Its positions hold the eight
tableau piles (ranks, bottom to top), how many cards of each rank are on foundations, and how
many stock deals have been made; the stock's order is known from the deal.

The sixteen foundations are interchangeable: a card of rank r fits any foundation showing
r - 1, so only the multiset of foundation heights matters, and it follows from the cards
played. With `played[r]` cards of rank r on foundations, a card of rank r fits somewhere
exactly when `played[r - 1] > played[r]`, and the position key is the tableau and the deals
made. Every foundation takes one card of each rank, so `played[r] == 16` means rank r is done.

Safe plays, made at once: a top card of rank r with `played[r - 1] + b >= 16`, where b counts
the rank-r cards under it in its pile. A winning line that leaves it where it is can play
before it only the other rank-r cards not under it, at most `15 - played[r] - b`, which is
fewer than the `played[r - 1] - played[r]` foundations showing r - 1 now (and their number
only drops by those plays). So each of them still finds a foundation when this card went up
first, and the rest of the line, unchanged, wins too.

Lost positions cut off at once, by counting. Number the rank-r cards 1 to 16 in the order
they go up. Foundations never show more cards of rank r than of rank r - 1, so a rank-r card
x lying above a card y of rank s <= r goes up while y, and every rank-s card numbered after
y, is still down: x's number is below y's. So each card has a latest number: 16 at most,
and below that of every card of its rank or lower under it. When several rank-s cards lie
under x, their numbers differ too, so the first of them to go up is numbered at most the k-th
lowest of their latest numbers less k - 1, and x below that. (With nothing of its rank or
lower under it, or in the stock, whose piles are unknown yet, a card may be the 16th.) The
cards still down get distinct numbers above those up only when, latest numbers sorted, the
k-th is at least `played[r] + k`; else the rank can never be finished. The stock's cards join
the count once it knows what they will surely be dealt onto (`leap_year.lookahead`), which
proves losses several deals before the dealt cards show them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import compress
from operator import ne
from typing import NamedTuple

from game.ai.leap_year.beam import DEAL, LOOK_SHARE, Plain, beam_look
from game.ai.leap_year.lookahead import latest_numbers, stock_dead, unnumbered
from game.ai.search import Budget, SolitaireAdvisor, SolveResult, depth_first
from game.ai.solitaire_space import Step, rules_line, solve_space
from game.rules.leap_year import RULES, TABLEAU_PILES, LeapYearState
from game.rules.moves import STOCK, CardMove, StockMove
from game.rules.patience import FOUNDATION_REFS, KING, TABLEAU_REFS, deal_round_robin

PER_RANK = 16  # cards of each rank in four decks, and foundations
PLAY = "play"  # the step of a top card to a foundation; STOCK is the step of a deal
RANKS_PLAYED = range(2, KING + 1)  # the ranks that go up from the tableau
# Of a solve's budget, the short complete search's before the beams: it proves most positions
# with a deal or two left lost at once, where the beams would spend their share first.
PROOF_SHARE = 0.05


class Position(NamedTuple):
    tableau: tuple[bytes, ...]  # ranks, bottom to top
    played: bytes  # played[r]: rank-r cards on foundations (index 0 unused)
    deals: int  # stock deals made since the position the search started from
    # The ranks whose deadness the move to this position may have changed (`dead_rank`),
    # looked at only when the position is expanded: a position's moves lead only from
    # positions found alive, so only these ranks can be dead. Every rank at the root.
    fresh: bytes = bytes(range(2, KING + 1))


class Stock(NamedTuple):
    """The stock of the position searched from: each deal's ranks, pile by pile, and for each
    number of deals made, how many cards of each rank the stock still holds."""

    deals: tuple[bytes, ...]
    left: tuple[bytes, ...]


def stock_of(state: LeapYearState) -> Stock:
    deals = []
    stock = state.stock
    while stock:
        dealt, stock = deal_round_robin(stock, TABLEAU_PILES, 1)
        deals.append(bytes(pile[0].rank for pile in dealt))
    counts = [0] * (KING + 1)
    left = [bytes(counts)]
    for ranks in reversed(deals):
        for rank in ranks:
            counts[rank] += 1
        left.append(bytes(counts))
    return Stock(tuple(deals), tuple(reversed(left)))


def position_of(state: LeapYearState) -> Position:
    played = [0] * (KING + 1)
    for foundation in state.foundations:
        for card in foundation:
            played[card.rank] += 1
    tableau = tuple(bytes(card.rank for card in pile) for pile in state.tableau)
    return Position(tableau, bytes(played), 0)


def is_won(position: Position) -> bool:
    return position.played[KING] == PER_RANK


def fits(position: Position, rank: int) -> bool:
    return position.played[rank - 1] > position.played[rank]


def play_top(position: Position, pile: int) -> Position:
    tableau, played, deals, _ = position
    rank = tableau[pile][-1]
    counts = bytearray(played)
    counts[rank] += 1
    return Position(tableau[:pile] + (tableau[pile][:-1],) + tableau[pile + 1:], bytes(counts),
                    deals, position.fresh + bytes((rank,)))


def dealt(piles: Iterable[bytes], ranks: bytes) -> list[bytes]:
    """The piles with one deal's `ranks` on them, one each."""
    return [pile + ranks[index:index + 1] for index, pile in enumerate(piles)]


def deal(position: Position, stock: Stock) -> Position:
    tableau, played, deals, fresh = position
    ranks = stock.deals[deals]
    return Position(tuple(dealt(tableau, ranks)), played, deals + 1, fresh + ranks)


def settle_in_place(piles: list[bytes], counts: bytearray, record: list[Step] | None,
                    eager: bool) -> None:
    """Make every safe play (see the module docstring), again and again; `eager`: then the
    lowest top card that leaves a foundation for its rank after it, and so on (see
    `eager_settle`). The search's hottest loop, hence one function working in place: each
    pass over the piles makes the safe plays and notes the eager one, made only after a pass
    found nothing safe (the counts it was chosen by are then still those of the piles)."""
    while True:
        moved = False
        best, best_rank = -1, KING + 1
        for index in range(TABLEAU_PILES):
            pile = piles[index]
            if not pile:
                continue
            rank = pile[-1]
            below = counts[rank - 1]
            wanted = PER_RANK - below  # rank-r cards under this one needed
            if wanted > 0 and (wanted >= len(pile) or pile.count(rank, 0, -1) < wanted):
                if eager and rank < best_rank and below - counts[rank] >= 2:
                    best, best_rank = index, rank
                continue
            piles[index] = pile[:-1]
            counts[rank] += 1
            if record is not None:
                record.append((PLAY, index))
            moved = True
        if moved:
            continue
        if best < 0:
            return
        piles[best] = piles[best][:-1]
        counts[best_rank] += 1
        if record is not None:
            record.append((PLAY, best))


def settled(position: Position, record: list[Step] | None, eager: bool,
            move: int | None = None, stock: Stock | None = None, plain: bool = False
            ) -> Position:
    """`position` after `move` (a top card's pile, or DEAL from `stock`; None: no move), then
    its safe plays, and with `eager` the eager ones too; with `plain`, the move alone. Its
    `fresh` ranks are those the move dealt and those whose count on the foundations
    changed."""
    tableau, played, deals, fresh = position
    piles = list(tableau)
    counts = bytearray(played)
    if move == DEAL:
        ranks = stock.deals[deals]
        piles = dealt(piles, ranks)
        deals += 1
        fresh = ranks
        if record is not None:
            record.append(STOCK)
    elif move is not None:
        pile = piles[move]
        piles[move] = pile[:-1]
        counts[pile[-1]] += 1
        fresh = b""
        if record is not None:
            record.append((PLAY, move))
    if not plain:
        settle_in_place(piles, counts, record, eager)
    if move is None and counts == played:
        return position
    changed = bytes(compress(RANKS_PLAYED, map(ne, counts[2:], played[2:])))
    return Position(tuple(piles), bytes(counts), deals, fresh + changed)


def settle(position: Position, record: list[Step] | None = None) -> Position:
    """Make every safe play (see the module docstring), again and again."""
    return settled(position, record, eager=False)


def eager_settle(position: Position, record: list[Step] | None = None) -> Position:
    """The safe plays, and every top card that leaves a foundation for its rank after it,
    lowest first. Not safe: a quick search makes them without branching, since a winning
    line seldom holds a card back but for the last foundation that takes it."""
    return settled(position, record, eager=True)


def dead_rank(tableau: tuple[bytes, ...], played: bytes | bytearray, rank: int) -> bool:
    """True when the rank-`rank` cards left cannot be numbered (see the module docstring).
    Cards that may be the 16th never make a rank dead."""
    return dead_among([latest_numbers(pile) for pile in tableau], played, rank)


def dead_among(piles_latest: list[tuple[tuple[int, ...], ...]], played: bytes | bytearray,
               rank: int) -> bool:
    """`dead_rank` from the piles' `latest_numbers`, worked out once for all the ranks
    asked."""
    return unnumbered([number for pile in piles_latest for number in pile[rank]], played[rank])


def is_dead(position: Position) -> bool:
    """True when some rank can never be finished. Only the ranks a move plays or deals can
    change this, so the search looks at the ranks of `Position.fresh`; this at every rank."""
    return dead_in(position, RANKS_PLAYED)


def dead_in(position: Position, ranks: Iterable[int]) -> bool:
    """True when one of `ranks` can never be finished (`dead_rank`), each pile's latest
    numbers worked out once for them all."""
    piles_latest = [latest_numbers(pile) for pile in position.tableau]
    return any(dead_among(piles_latest, position.played, rank) for rank in ranks)


def sorted_piles(position: Position) -> bool:
    """Every pile runs down (or level) from bottom to top: its top card is its lowest."""
    return all(all(a >= b for a, b in zip(pile, pile[1:], strict=False))
               for pile in position.tableau)


def fitting_piles(position: Position) -> list[int]:
    """The piles whose top card fits a foundation, lowest card first (then by pile)."""
    tops = [(pile[-1], index) for index, pile in enumerate(position.tableau)
            if pile and fits(position, pile[-1])]
    return [index for _, index in sorted(tops)]


def lowest_first(position: Position) -> list[Step] | None:
    """The plays that win by sending the lowest top card that fits up, again and again,
    without dealing; None when that gets stuck first. It wins every goal position."""
    steps: list[Step] = []
    while not is_won(position):
        piles = fitting_piles(position)
        if not piles:
            return None
        index = piles[0]
        position = play_top(position, index)
        steps.append((PLAY, index))
    return steps


class LeapYearSpace:
    """The search space of `depth_first`: top cards to foundations, lowest first, then a
    deal; positions that can no longer be won have no moves."""

    def __init__(self, stock: Stock, eager: bool = False) -> None:
        self.stock = stock
        self.eager = eager

    def moves(self, position: Position) -> list[int]:
        if position.fresh and (dead_in(position, set(position.fresh)) or (
                # The stock count costs as much as the rest of a move: worth it where a
                # loss must be proven, not in the quick space the beams look for wins in.
                not self.eager and stock_dead(position.tableau, position.played,
                                              self.stock.deals[position.deals:]))):
            return []
        moves = fitting_piles(position)
        if position.deals < len(self.stock.deals):
            moves.append(DEAL)
        return moves

    def play(self, position: Position, move: int | Plain, record: list[Step] | None = None
             ) -> Position:
        # The parent's fresh ranks were looked at: the child's are the move's own.
        if type(move) is Plain:  # a playout's move (in a beam's win): the move alone
            return settled(position, record, self.eager, move.move, self.stock, plain=True)
        return settled(position, record, self.eager, move, self.stock)

    def key(self, position: Position) -> tuple:
        return position.tableau, position.deals

    def is_goal(self, position: Position) -> bool:
        """Won, or sure to be: no deal left and every top card the lowest of its pile, so the
        lowest card left is always on top and fits."""
        return is_won(position) or (position.deals == len(self.stock.deals)
                                    and sorted_piles(position))

    def progress(self, position: Position) -> int:
        return sum(position.played)

    def finish(self, position: Position) -> list[Step]:
        return lowest_first(position) or []


def to_rules_move(state: LeapYearState, step: Step) -> CardMove | StockMove:
    """A solver step as a rules move: a card goes to the first foundation that takes it."""
    if step == STOCK:
        return STOCK
    _, pile = step
    rank = state.tableau[pile][-1].rank
    target = next(index for index, foundation in enumerate(state.foundations)
                  if foundation[-1].rank == rank - 1)
    return CardMove(TABLEAU_REFS[pile], FOUNDATION_REFS[target])


def solve(state: LeapYearState, budget: Budget) -> SolveResult:
    """Search for a win from `state` within `budget`: first a short complete search, which
    settles most positions with few deals left (proves a lost one at once, where the beams
    could only spend their time), then the beams and the complete search again with what is
    left of the budget."""
    root_steps: list[Step] = []
    root = settle(position_of(state), root_steps)
    stock = stock_of(state)
    complete = LeapYearSpace(stock)
    meter = shared(budget, PROOF_SHARE).start()
    proof = depth_first(complete, root, meter)
    rest = replace(budget, max_nodes=left(budget.max_nodes, meter.nodes),
                   max_seconds=left(budget.max_seconds, meter.seconds))
    if proof.found or proof.exhausted:
        # Settled: the search that follows replays the win, or finds a loss's progress line.
        result = solve_space(RULES, state, [complete], root, root_steps, rest, to_rules_move,
                             look=lambda space, position, meter: proof)
    else:
        phases = [LeapYearSpace(stock, eager=True), complete]
        result = solve_space(RULES, state, phases, root, root_steps, rest, to_rules_move,
                             look=beam_look, look_share=LOOK_SHARE)
    return replace(result, nodes=result.nodes + meter.nodes,
                   seconds=result.seconds + meter.seconds)


def shared(budget: Budget, share: float) -> Budget:
    """`share` of `budget`'s nodes and seconds, with its cancel flag and clock."""
    return replace(budget,
                   max_nodes=None if budget.max_nodes is None else int(budget.max_nodes * share),
                   max_seconds=None if budget.max_seconds is None
                   else budget.max_seconds * share)


def left(limit: float | None, used: float) -> float | None:
    """What is left of a budget's `limit` (None: no limit) once `used` is spent; never
    nothing, so the search that follows can still replay a win."""
    if limit is None:
        return None
    return type(limit)(max(limit - used, limit * PROOF_SHARE))


def no_productive_moves(state: LeapYearState) -> bool:
    """Every Leap Year move is progress (a card up, or a deal), so only a finished game has
    nothing productive left."""
    return RULES.is_over(state)


def auto_finish_line(state: LeapYearState) -> tuple[CardMove | StockMove, ...] | None:
    """With the stock dealt out: the moves that finish the game by playing the lowest top
    card that fits, again and again. None when the stock is not empty, the game is won, or
    that does not finish it."""
    position = position_of(state)
    if state.stock or is_won(position):
        return None
    steps = lowest_first(position)
    return None if steps is None else rules_line(RULES, state, steps, to_rules_move)[0]


ADVISOR = SolitaireAdvisor(solve, no_productive_moves, auto_finish_line)
