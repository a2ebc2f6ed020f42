"""Checks the solitaire solvers' tests share: an exhaustive search through the rules to hold
verdicts against, and the budget and the cancel flag stopping a search."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from game.ai.search import Budget


def exhaustive_winnable(rules: Any, state: Any, limit: int,
                        key: Callable[[Any], Hashable] = lambda position: position
                        ) -> bool | None:
    """Every rules move from every position, positions told apart by `key`; None when there
    are more than `limit` of them."""
    seen = {key(state)}
    pending = [state]
    while pending:
        position = pending.pop()
        if rules.is_won(position):
            return True
        for move in rules.legal_moves(position):
            child = rules.apply(position, move)
            if key(child) not in seen:
                seen.add(key(child))
                pending.append(child)
        if len(seen) > limit:
            return None
    return False


def check_budget_and_cancel_stop(solve: Callable[[Any, Budget], Any], state: Any) -> None:
    limited = solve(state, Budget(max_nodes=50))
    assert limited.status == "unknown" and limited.nodes <= 60
    cancel = threading.Event()
    cancel.set()
    cancelled = solve(state, Budget(cancel=cancel))
    assert cancelled.status == "unknown" and cancelled.seconds < 1
