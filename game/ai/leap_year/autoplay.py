"""Leap Year auto-play: the moves the table makes when the player lets it play the deal.

The pilot knows, for some positions, the move to make there, and adds to what it knows only
through plans worked out off the UI thread (`plan`). Its order of choice:

1. the next move of a winning line the solver found (never left while the cards are on it);
2. a safe play (`leap_year.solver.settle`): it never throws a win away, so it may be made at
   once while nothing better is known;
3. the next move of a heuristic plan made where the solver found no win in its budget.

With none of these, the position needs a plan. A heuristic plan runs only to the next deal,
so the solver looks again after each deal, from a position that is easier to settle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from game.ai.leap_year.beam import BEAM_WEIGHTS, beam_score
from game.ai.leap_year.solver import (
    DEAL,
    LeapYearSpace,
    Position,
    position_of,
    settle,
    solve,
    stock_of,
    to_rules_move,
)
from game.ai.search import Budget
from game.ai.solitaire_space import Step, rules_line
from game.rules.leap_year import RULES, LeapYearState
from game.rules.moves import STOCK, CardMove, StockMove

Move = CardMove | StockMove
FIRST_SECONDS = 20.0  # the deal's first search: twice the pools' proofs had, for a busy machine
LATER_SECONDS = 3.0  # each later search, after a deal


# The heuristic: the best stage a greedy player can make.
STAGE_NODES = 20_000  # positions `next_stage` compares between two deals, at most
GREEDY_WEIGHTS = BEAM_WEIGHTS[0]


def next_stage(space: LeapYearSpace, root: Position, nodes: int = STAGE_NODES
               ) -> tuple[int, ...]:
    """The plays up to the next deal, and that deal, leading to the position that looks best
    after it (by the first beam's score): every order of plays is compared (up to `nodes`
    positions), so a card is held back when playing it would block another. With the stock
    dealt out, the plays that put up the most cards. Empty when nothing is worth doing."""
    last_deal = root.deals == len(space.stock.deals)
    if last_deal:
        return best_in_stage(space, root, lambda position: sum(position.played), nodes)
    path = best_in_stage(space, root, partial(after_deal, space), nodes)
    position = root
    for move in path:
        position = space.play(position, move)
    return (*path, DEAL) if DEAL in space.moves(position) else path


def after_deal(space: LeapYearSpace, position: Position) -> float:
    dealt = space.play(position, DEAL)
    if space.is_goal(dealt):
        return float("inf")
    if not space.moves(dealt):
        return float("-inf")  # dead: some rank can never be finished
    return beam_score(GREEDY_WEIGHTS, dealt)


def best_in_stage(space: LeapYearSpace, root: Position, score: Callable[[Position], float],
                  nodes: int) -> tuple[int, ...]:
    """The plays (no deal) to the best-scoring position reachable from `root` by plays alone;
    among equals the first found, which the lowest-first move order makes the natural one."""
    best, best_path = score(root), ()
    seen = {space.key(root)}
    stack: list[tuple[Position, tuple[int, ...]]] = [(root, ())]
    while stack and len(seen) < nodes:
        position, path = stack.pop()
        for move in reversed(space.moves(position)):
            if move == DEAL:
                continue
            child = space.play(position, move)
            key = space.key(child)
            if key in seen:
                continue
            seen.add(key)
            child_path = (*path, move)
            value = score(child)
            if value > best:
                best, best_path = value, child_path
            stack.append((child, child_path))
    return best_path



@dataclass(frozen=True, slots=True)
class Plan:
    """Moves from the position planned for: a win (`won`), else the heuristic's moves up to
    and including the next deal."""

    moves: tuple[Move, ...]
    won: bool


def seconds_for(state: LeapYearState) -> float:
    """The search time a plan from `state` gets: the deal's first search the longest."""
    return FIRST_SECONDS if state.deals_made == 0 else LATER_SECONDS


def plan(state: LeapYearState, budget: Budget) -> Plan:
    """A winning line when the solver finds one within `budget`, else the heuristic's."""
    result = solve(state, budget)
    if result.status == "won":
        return Plan(result.line, True)
    return Plan(heuristic_line(state), False)


def safe_move(state: LeapYearState) -> Move | None:
    """The first safe play of `state`, if it has one."""
    steps: list[Step] = []
    settle(position_of(state), steps)
    return to_rules_move(state, steps[0]) if steps else None


def heuristic_line(state: LeapYearState, nodes: int = STAGE_NODES) -> tuple[Move, ...]:
    """The greedy player's plays up to the next deal, and that deal (`next_stage`); in a
    lost position, the lowest card that fits."""
    steps: list[Step] = []
    root = settle(position_of(state), steps)
    space = LeapYearSpace(stock_of(state))
    for move in next_stage(space, root, nodes):
        if move == DEAL:  # the line ends with the deal: the safe plays after it come later
            steps.append(STOCK)
        else:
            root = space.play(root, move, steps)
    line, _ = rules_line(RULES, state, steps, to_rules_move)
    return line or _lowest_first(state)


def _lowest_first(state: LeapYearState) -> tuple[Move, ...]:
    """In a lost position (the solver's space has no moves there) the game goes on for the
    score: the lowest top card that fits goes up, else the stock is dealt."""
    moves = RULES.legal_moves(state)
    plays = [move for move in moves if move != STOCK]
    if plays:
        return (min(plays, key=lambda move: state.tableau[move.source.index][-1].rank),)
    return tuple(moves[:1])


class AutoPilot:
    """What auto-play knows: the move to make from each position of the plans it adopted."""

    def __init__(self) -> None:
        self._winning: dict[LeapYearState, Move] = {}
        self._heuristic: dict[LeapYearState, Move] = {}

    def move(self, state: LeapYearState) -> Move | None:
        """The move to make from `state`, or None when it needs a plan (or the game is
        over)."""
        known = self._winning.get(state)
        if known is not None:
            return known
        return safe_move(state) or self._heuristic.get(state)

    def adopt(self, state: LeapYearState, found: Plan) -> None:
        """Remember the moves of a plan made from `state`. A win replaces what was known;
        a heuristic plan never overrides a winning move."""
        moves: dict[LeapYearState, Move] = {}
        for move in found.moves:
            moves[state] = move
            state = RULES.apply(state, move)
        if found.won:
            self._winning, self._heuristic = moves, {}
        else:
            self._heuristic.update(moves)


def play_out(state: LeapYearState, planner: Callable[[LeapYearState], Plan] | None = None
             ) -> LeapYearState:
    """Auto-play's game from `state` to its end, planning on the spot (for measuring and
    testing what the table does over many frames); the final state."""
    planner = planner or (lambda at: plan(at, Budget(max_seconds=seconds_for(at))))
    pilot = AutoPilot()
    while not RULES.is_over(state):
        move = pilot.move(state)
        if move is None:
            pilot.adopt(state, planner(state))
            move = pilot.move(state)
            if move is None:
                break
        state = RULES.apply(state, move)
    return state

