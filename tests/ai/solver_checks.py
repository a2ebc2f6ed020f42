"""Checks the solitaire solvers' tests share: an exhaustive search through the rules to hold
verdicts against, and the budget and the cancel flag stopping a search."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from game.ai.search import CHECK_EVERY, Budget


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
    """A node budget and a set cancel flag each stop the search; the flag within the nodes
    between two looks at it (the larger node budget only stops a search that ignored it)."""
    limited = solve(state, Budget(max_nodes=50))
    assert limited.status == "unknown" and limited.nodes <= 60
    cancel = threading.Event()
    cancel.set()
    cancelled = solve(state, Budget(max_nodes=NODES_NET, cancel=cancel))
    assert cancelled.status == "unknown" and cancelled.nodes <= CHECK_EVERY


# Nodes that stop a search which ignored its clock or cancel flag, so that its test fails
# rather than runs on.
NODES_NET = 50_000


class SteppingClock:
    """A clock for a search that moves on `step` seconds each time it is read, and can set
    an event at a given read: the search's looks at the clock are counted, not timed."""

    def __init__(self, step: float = 0.0, event: threading.Event | None = None,
                 at_read: int = 0) -> None:
        self.step, self.event, self.at_read = step, event, at_read
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        if self.event is not None and self.reads == self.at_read:
            self.event.set()
        return self.reads * self.step
