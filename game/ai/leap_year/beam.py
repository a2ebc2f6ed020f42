"""Leap Year: the quick look for a win that goes before the complete search.

Beams go through the stock deal by deal. From each position of the beam, every order of
plays before the next deal is tried, and of the positions the deal leads to, a few go on.
Two kinds of beam take turns:
- a *pilot* beam plays each of the best-scoring positions out to the end in a plain way
  (`playout`) and keeps those whose playouts put the most cards up: that sees past the next
  deal, as no count of the cards in view can. Each pilot beam is twice as wide as the last,
  up to the widest, then they start narrow again;
- a *scored* beam keeps the best-scoring positions themselves. They stay narrow: each
  weighting of the score wins deals others miss, so the weightings change from beam to beam
  (the first few chosen by hand, then drawn at random from a fixed seed, so a solve is
  repeatable).
On deals 201-300 at 10 s, scored beams alone won 58, the two kinds in turn 70.

A player deals with a card that still fits only to keep the last foundation of its rank for
another card of that rank. So a beam deals only from positions where each top card that fits
has a rival for that foundation: another card of its rank on top of a pile, or in the deal
about to be made. That drops most of the positions that could deal, and the time goes to
more beams. The look gives up completeness (it never proves a loss); every win it finds is
a line of the space's moves (ending, when a playout won, in the playout's own `Plain` moves),
which the solver replays through the rules.

The positions are the solver's (`leap_year.solver.Position`), read here by field only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import lru_cache, partial
from itertools import islice
from typing import Any, NamedTuple

from game.ai.collector import collector_paused
from game.ai.search import Meter, SearchOutcome, unlink
from game.rules.patience import KING

DEAL = -1  # the solver's move that deals from the stock; its other moves are pile indices


class Plain(NamedTuple):
    """A move made as a playout makes it, with none of the space's own plays after it: a
    playout's win is replayed as it was played (in the space's moves, whose plays after each
    move may take another order, it can miss: two cards of a rank may trade the last
    foundation that takes them)."""

    move: int  # a pile index, or DEAL


# The score of a position a deal leads to: cards played, less the cards lying above a lower
# one (each will wait for it, the longer the higher it lies above it), plus the ranks that
# fit now. Weights of (cards played, ranks open, rank gap of a buried card).
BEAM_WEIGHTS = ((0.5, 1.0, 1 / 6), (0.25, 1.0, 1 / 6), (0.5, 2.0, 1 / 6), (0.5, 0.0, 1 / 6),
                (0.5, 0.5, 1 / 6), (1.0, 1.0, 1 / 6))
RANDOM_WEIGHTS = ((0.1, 1.2), (0.0, 2.5), (0.0, 0.5))  # the ranges the later ones come from
BEAM_WIDTH = 20  # a scored beam's
PILOT_WIDTH, PILOT_DOUBLINGS = 10, 4  # the narrowest pilot beam's width, and the widest's
# Of a solve's budget, the beams' share: they find nearly every win; the complete search
# after them seldom finishes, but it alone can prove a loss.
LOOK_SHARE = 0.9
# Positions whose moves a look keeps for later beams, per generation (see `Kept`), and as
# many playouts. Pilot beams pass positions of their own, so a bigger store starts no more
# beams in 10 s (nine on deals 201 and 209 at 5,000 as at 30,000), while it holds the solve's
# memory: a 10 s solve peaked at 117 MB with 30,000 a generation, 68 MB with 5,000.
KEPT_POSITIONS = 5_000

# Of the positions a deal leads to, a pilot beam plays out the best PILOT_POOL * width by the
# score, and keeps the `width` whose playouts put up the most cards.
PILOT_POOL = 4
ALL_CARDS = 16 * KING  # on the foundations when the deal is won, aces included

Score = Callable[[Any], float]


@lru_cache(maxsize=1 << 16)
def pile_burial(pile: bytes) -> tuple[int, int]:
    """The cards of `pile` lying above a lower card, and the sum of the rank gaps between
    each and the lowest card under it. Piles recur from position to position (a move
    changes one or two), hence the cache."""
    count = gaps = 0
    lowest = KING + 1
    for rank in pile:
        if rank > lowest:
            count += 1
            gaps += rank - lowest
        else:
            lowest = rank
    return count, gaps


def buried(position: Any, gap_weight: float) -> float:
    """Cards lying above a lower card of their pile, each costing 1 and `gap_weight` per
    rank between it and the lowest card under it."""
    count = gaps = 0
    for pile in position.tableau:
        pile_count, pile_gaps = pile_burial(pile)
        count += pile_count
        gaps += pile_gaps
    return count + gap_weight * gaps


def open_ranks(position: Any) -> int:
    """How many ranks a card would fit now."""
    played = position.played
    return sum(1 for rank in range(2, KING + 1) if played[rank - 1] > played[rank])


def beam_score(weights: tuple[float, float, float], position: Any) -> float:
    played_weight, open_weight, gap_weight = weights
    return (played_weight * sum(position.played) - buried(position, gap_weight)
            + open_weight * open_ranks(position))


def beam_weights() -> Iterator[tuple[float, float, float]]:
    """The weightings of the beams, in the order they are tried."""
    yield from BEAM_WEIGHTS
    draw = random.Random(0)
    while True:
        yield tuple(draw.uniform(low, high) for low, high in RANDOM_WEIGHTS)


def worth_dealing(position: Any, coming: bytes) -> bool:
    """Whether a beam deals from `position`: every top card that fits has a rival for its
    rank's foundations, another card of its rank on top of a pile or in the `coming` deal.
    Not sound (a rival may lie deeper and come free later), but a card that fits and has no
    rival in view is nearly always better played before the deal covers it."""
    played = position.played
    tops = [pile[-1] for pile in position.tableau if pile]
    for rank in tops:
        if played[rank - 1] > played[rank] and tops.count(rank) < 2 and rank not in coming:
            return False
    return True


def next_play(piles: Any, played: Any) -> int | None:
    """The pile whose top card a playout puts up next: the lowest card that fits; of two of
    a rank, the one over the lower card, which may go up next (an emptied pile shows
    nothing). None when no top card fits. Every playout step asks, hence the plain loop."""
    best = None
    best_rank = best_under = KING + 1
    for index, pile in enumerate(piles):
        if pile:
            rank = pile[-1]
            if rank <= best_rank and played[rank - 1] > played[rank]:
                under = pile[-2] if len(pile) > 1 else KING + 1
                if rank < best_rank or under < best_under:
                    best, best_rank, best_under = index, rank, under
    return best


def playout(position: Any, deals: tuple[bytes, ...], record: list | None = None) -> int:
    """The cards on the foundations at the end of a plain game from `position`: the top card
    `next_play` picks goes up, again and again, and the next deal is made when none fits.
    No count of the cards in view sees past the next deal as this does, so it ranks the
    positions of a beam far better than the score alone. `record` gets its moves, as
    `Plain` moves of the space."""
    piles = [bytearray(pile) for pile in position.tableau]
    played = bytearray(position.played)
    for dealt in range(position.deals, len(deals) + 1):
        while (index := next_play(piles, played)) is not None:
            played[piles[index].pop()] += 1
            if record is not None:
                record.append(Plain(index))
        if dealt < len(deals):
            for pile, rank in zip(piles, deals[dealt], strict=True):
                pile.append(rank)
            if record is not None:
                record.append(Plain(DEAL))
    return sum(played)


def playout_line(space: Any, position: Any) -> tuple[tuple, Any] | None:
    """The moves of the space that play the game out as `playout` does (`Plain` moves), and
    the goal they reach; None when that is not a win."""
    path: list[Plain] = []
    if playout(position, space.stock.deals, path) != ALL_CARDS:
        return None
    for move in path:
        position = space.play(position, move)
    return tuple(path), position


class Kept:
    """What the beams worked out for each position, in two generations of at most `limit`
    positions each: once the newer is full, the older is dropped and a new one begins, and a
    position found in the older moves to the newer. That bounds the memory and keeps what
    the beams go through again."""

    __slots__ = ("limit", "newer", "older")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.newer: dict = {}
        self.older: dict = {}

    def get(self, key: tuple) -> Any:
        """What is kept for `key`, or None."""
        value = self.newer.get(key)
        if value is None:
            value = self.older.get(key)
            if value is not None:
                self.put(key, value)
        return value

    def put(self, key: tuple, value: Any) -> None:
        if len(self.newer) >= self.limit:
            self.older = self.newer
            self.newer = {}
        self.newer[key] = value


class Moves:
    """The moves a beam makes from each position and where they lead, and the playouts of
    the positions a pilot beam ranks, kept for later beams (see `Kept`): beams weighted
    differently go through mostly the same positions (nine in ten, say), and working out
    the moves and their positions is nearly all of a beam's work; pilot beams play out the
    same position again and again (three times in four on deal 239)."""

    def __init__(self, space: Any, meter: Meter, limit: int = KEPT_POSITIONS) -> None:
        self.space = space
        self.meter = meter
        self.children = Kept(limit)
        self.ends = Kept(limit)

    def playout(self, position: Any) -> int:
        """`playout` of `position`, worked out once."""
        key = self.space.key(position)
        end = self.ends.get(key)
        if end is None:
            end = playout(position, self.space.stock.deals)
            self.ends.put(key, end)
        return end

    def after(self, position: Any) -> tuple | None:
        """The (move, position, goal) of each move a beam makes from `position`: plays of
        a top card, and the deal when `worth_dealing`; none when the position can no longer
        be won. None when the budget ran out first."""
        key = self.space.key(position)
        known = self.children.get(key)
        if known is not None:
            return known if self.meter.tick() else None
        space = self.space
        deals = space.stock.deals
        coming = deals[position.deals] if position.deals < len(deals) else None
        children = []
        for move in space.moves(position):
            if move == DEAL and not worth_dealing(position, coming):
                continue
            if not self.meter.tick():
                return None
            child = space.play(position, move)
            children.append((move, child, space.is_goal(child)))
        known = tuple(children)
        self.children.put(key, known)
        return known


def leap_beam(moves: Moves, root: Any, width: int, score: Score, pilot: bool = False
              ) -> SearchOutcome:
    """One beam through the stock, scored or pilot (see the module's docstring): a win, or
    none found."""
    if moves.space.is_goal(root):
        return SearchOutcome(True, False, (), root, ())
    out = SearchOutcome(False, False, (), None, ())
    space = moves.space
    beam: list[tuple[Any, tuple | None]] = [(root, None)]
    while beam:
        seen: set = set()
        entering: dict = {}
        stack = list(beam)
        while stack:
            position, link = stack.pop()
            children = moves.after(position)
            if children is None:
                return out
            for move, child, goal in children:
                child_link = (link, move)
                if goal:
                    return SearchOutcome(True, False, unlink(child_link), child, ())
                key = child.tableau
                if move == DEAL:
                    entering.setdefault(key, (child, child_link))
                elif key not in seen:
                    seen.add(key)
                    stack.append((child, child_link))
        ranked = sorted(entering.values(), key=lambda entry: score(entry[0]), reverse=True)
        beam = list(islice((entry for entry in ranked if space.moves(entry[0])),
                           width * PILOT_POOL if pilot else width))
        if not pilot:
            continue
        ends = []
        for position, link in beam:
            if not moves.meter.tick():
                return out
            end = moves.playout(position)
            if end == ALL_CARDS and (line := playout_line(space, position)) is not None:
                path, goal = line
                return SearchOutcome(True, False, unlink(link) + path, goal, ())
            ends.append(end)
        # The sort is stable: among equal playouts, the better score first.
        order = sorted(range(len(beam)), key=ends.__getitem__, reverse=True)
        beam = [beam[index] for index in order[:width]]
    return out


def beam_look(space: Any, root: Any, meter: Meter) -> SearchOutcome:
    """Pilot and scored beams in turn (see the module's docstring), until one wins or time
    is up."""
    moves = Moves(space, meter)
    outcome = SearchOutcome(False, False, (), None, ())
    with collector_paused():
        for count, weights in enumerate(beam_weights()):
            if not meter.running():
                break
            pilot = count % 2 == 0
            doublings = (count // 2) % (PILOT_DOUBLINGS + 1)
            width = PILOT_WIDTH << doublings if pilot else BEAM_WIDTH
            outcome = leap_beam(moves, root, width, partial(beam_score, weights), pilot)
            if outcome.found:
                break
    return outcome
