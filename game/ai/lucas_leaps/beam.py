"""Lucas Leaps: the quick look for a win that goes before the complete search.

Most deals fall to a depth-first search in the most promising order within a few thousand
positions; the rest are lost by it in some early choice it cannot take back in time. So after
a short depth-first try, beams go through the stock one card at a time: from each position of
the beam, the plays before the next turn are tried best first (up to `STAGE_NODES` positions
from each, since once a pile is empty the orders of play grow without bound), and of the
positions the next turn leads to only the best few go on. The beams widen each time round and
weigh the position differently, since each wins deals the others miss.

The look gives up completeness (it never proves a loss), but every win it finds is a line of
the solver's own moves, replayed through the rules like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from game.ai.search import Meter, SearchOutcome, depth_first, unlink

QUICK_NODES = 3_000  # positions of the first depth-first try
STAGE_NODES = 200  # positions tried from each beam position before the next turn, at most
BEAM_WIDTH = 8  # positions the first beams keep after each turn; doubled each time round
# Weights of (cards up, cards in the waste, empty piles) in a beam's score; every score also
# counts one against each card lying above a lower card (see `buried`).
BEAM_WEIGHTS = ((4.0, 1.0, 2.0), (4.0, 2.0, 1.0), (2.0, 1.0, 1.0), (6.0, 0.5, 2.0))
RANK_MASK = 15


class CappedMeter:
    """A meter that also stops after `nodes` positions, for a try within a larger search."""

    def __init__(self, meter: Meter, nodes: int) -> None:
        self.meter = meter
        self.left = nodes

    def tick(self) -> bool:
        self.left -= 1
        return self.left >= 0 and self.meter.tick()


def buried(position: Any) -> int:
    """Cards lying above a lower card in their pile: each must move before that card can go
    up."""
    count = 0
    for pile in position.tableau:
        lowest = RANK_MASK
        for card in pile:
            rank = card & RANK_MASK
            if rank > lowest:
                count += 1
            else:
                lowest = rank
    return count


def beam_score(weights: tuple[float, float, float], position: Any) -> float:
    up, waste, empty = weights
    return (up * sum(position.found) - waste * len(position.waste) - buried(position)
            + empty * sum(1 for pile in position.tableau if not pile))


def turn_beam(space: Any, root: Any, meter: Meter, width: int,
              score: Callable[[Any], float]) -> tuple[SearchOutcome, bool]:
    """One beam through the stock (see the module's docstring), and whether it left nothing
    out: no stage had more than `width` positions to go on from, none was cut short."""
    beam: list[tuple[Any, tuple | None]] = [(root, None)]
    whole = True
    while beam:
        entering: dict = {}
        seen: set = set()
        for position, link in beam:
            stack = [(position, link)]
            count = 0
            while stack:
                if count >= STAGE_NODES:
                    whole = False
                    break
                here, here_link = stack.pop()
                children = []
                for move in space.moves(here):
                    if not meter.tick():
                        return SearchOutcome(False, False, (), None, ()), False
                    child = space.play(here, move)
                    child_link = (here_link, move)
                    if space.is_goal(child):
                        return SearchOutcome(True, False, unlink(child_link), child, ()), False
                    key = space.key(child)
                    if child.stock != here.stock:
                        entering.setdefault(key, (child, child_link))
                    elif key not in seen:
                        seen.add(key)
                        children.append((child, child_link))
                        count += 1
                stack.extend(reversed(children))  # the most promising is tried first
        ranked = sorted(entering.values(), key=lambda entry: score(entry[0]), reverse=True)
        whole = whole and len(ranked) <= width
        beam = ranked[:width]
    return SearchOutcome(False, False, (), None, ()), whole


def beam_look(space: Any, root: Any, meter: Meter) -> SearchOutcome:
    """A short depth-first try, then beams of every weighting, wider each time round, until
    one wins, the time is up or a beam left nothing out (a wider one would do the same).
    With the stock out there is nothing for beams to go through: the search after the look
    does better."""
    outcome = depth_first(space, root, CappedMeter(meter, QUICK_NODES))
    if outcome.found or outcome.exhausted or not root.stock:
        return outcome
    width = BEAM_WIDTH
    while meter.running():
        for weights in BEAM_WEIGHTS:
            outcome, whole = turn_beam(space, root, meter, width,
                                       partial(beam_score, weights))
            if outcome.found or whole or not meter.running():
                return outcome
        width *= 2
    return outcome
