"""Hints and solver questions for the solitaires, whichever game is on the table.

Each solitaire with a solver names its advisor in its entry of `game.registry`. A hint is
the next move of a winning line when the solver finds one within the budget (of the lines it
finds in that budget, the one costing the fewest points), else the first move toward the most
advanced position its search saw; never a move that only shuffles cards about, and None when
nothing useful is left.

A winning line, once found, is remembered: while the player follows it, each further hint is
its next move at once, with no new search.
"""

from __future__ import annotations

import threading
from typing import Any

from game.ai.search import Budget, SolitaireAdvisor, SolveResult
from game.registry import BY_ID

Move = Any  # each game's own move type
State = Any  # each game's own state type

HINT_BUDGET = Budget(max_seconds=0.5)


def advisor_of(game_id: str) -> SolitaireAdvisor | None:
    """The solver's advisor for `game_id`, None for a game without a solver (or unknown)."""
    entry = BY_ID.get(game_id)
    return None if entry is None else entry.load_advisor()


class _LineMemory:
    """The last winning line, as the move to play from each position along it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._next: dict[tuple[str, State], Move] = {}

    def remember(self, rules, state: State, line: tuple[Move, ...]) -> None:
        steps: dict[tuple[str, State], Move] = {}
        for move in line:
            steps[(rules.id, state)] = move
            state = rules.apply(state, move)
        with self._lock:
            self._next = steps

    def next_move(self, rules, state: State) -> Move | None:
        with self._lock:
            return self._next.get((rules.id, state))


_memory = _LineMemory()


def can_win(rules, state: State, budget: Budget, *, cheapest: bool = False) -> SolveResult:
    """The solver's verdict on `state`; "unknown" at once for a game without a solver. With
    `cheapest`, a win found is followed, within the same budget, by a look for wins that
    cost fewer points, and the best one found is the answer, which hints then follow. (A
    verdict alone needs only the first win, which for a game whose wins differ in points is
    not remembered for the hints.)"""
    advisor = advisor_of(rules.id)
    if advisor is None:
        return SolveResult("unknown", None, 0, 0.0)
    worth = advisor.cheapest_win
    result = (worth if cheapest and worth else advisor.solve)(state, budget)
    if result.status == "won" and result.line and (cheapest or worth is None):
        _memory.remember(rules, state, result.line)
    return result


def hint(rules, state: State, budget: Budget = HINT_BUDGET) -> Move | None:
    """The move to suggest from `state`, or None when there is nothing worth doing (or the
    game has no solver)."""
    if rules.is_won(state):
        return None
    remembered = _memory.next_move(rules, state)
    if remembered is not None:
        return remembered
    advisor = advisor_of(rules.id)
    if advisor is None or advisor.no_productive_moves(state):
        return None
    result = can_win(rules, state, budget, cheapest=True)
    if result.status == "won" and result.line:
        return result.line[0]
    return result.progress_line[0] if result.progress_line else None


def automatic_move(rules, state: State) -> Move | None:
    """The move the table makes by itself in `state` (Klondike's card to a suit stack that no
    win can need), which the solver's lines make at once too; None for a game without."""
    advisor = advisor_of(rules.id)
    if advisor is None or advisor.automatic_move is None:
        return None
    return advisor.automatic_move(state)


def no_productive_moves(rules, state: State) -> bool:
    """True only when no move can achieve anything any more (False for a game without a
    solver: nothing is claimed)."""
    advisor = advisor_of(rules.id)
    return advisor is not None and advisor.no_productive_moves(state)


def auto_finish_line(rules, state: State) -> tuple[Move, ...] | None:
    """The moves that finish a game needing only finishing, else None."""
    advisor = advisor_of(rules.id)
    return None if advisor is None else advisor.auto_finish_line(state)
