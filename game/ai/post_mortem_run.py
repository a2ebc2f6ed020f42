"""Running a post-mortem (`game.ai.post_mortem`) to its answer, on this thread or with worker
processes solving several positions at once while the player waits.

The table runs it on its search thread with the cancel flag the player's next action sets;
the benchmark runs it the same way. The budget's seconds cap the whole search and its nodes
each position's first solve; a position tried again in a worker process may visit more.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any

from game.ai import hints
from game.ai.post_mortem import (
    DECISIVE_SECONDS,
    PROBE_NODES,
    PROBE_SECONDS,
    TOTAL_SECONDS,
    WORKER_NODES,
    CulpritSearch,
    PostMortem,
    Probe,
)
from game.ai.post_mortem_workers import ProbePool, drop_pool, shared_pool
from game.ai.search import Budget, SolveResult

log = logging.getLogger(__name__)

POLL_SECONDS = 0.05  # how often the workers' driver looks at the cancel flag
UNKNOWN = SolveResult("unknown", None, 0, 0.0)


def find_culprit(rules: Any, states: Sequence[Any], budget: Budget | None = None,
                 on_probe: Callable[[int], None] | None = None, *,
                 automatic: Collection[int] = (), workers: int = 1,
                 probe_seconds: float = PROBE_SECONDS,
                 decisive_seconds: float = DECISIVE_SECONDS,
                 winnable_deal: bool = False) -> PostMortem:
    """The post-mortem of the game whose positions are `states` (the deal first; the moves
    at the indices `automatic` were the table's own; `winnable_deal`: a deal known to be
    winnable, see `CulpritSearch`), within `budget` (its seconds cap the
    whole search, TOTAL_SECONDS if it sets none; its cancel flag stops it). `on_probe(k)` is
    called as position k's solve starts. With `workers` > 1, that many positions are solved
    at once in worker processes (on this thread when they cannot be started)."""
    budget = budget or Budget()
    search = CulpritSearch(rules, states, automatic, probe_seconds, decisive_seconds,
                           winnable_deal)
    total = budget.max_seconds if budget.max_seconds is not None else TOTAL_SECONDS
    run = _Run(search, budget, total, on_probe or (lambda _: None))
    pool = shared_pool(workers) if workers > 1 else None
    if pool is not None and run.in_workers(pool):
        pool.forget()
    else:
        run.on_this_thread()
    return search.outcome(run.elapsed())


class _Run:
    """One post-mortem's probes against its deadline and cancel flag."""

    def __init__(self, search: CulpritSearch, budget: Budget, total: float,
                 on_probe: Callable[[int], None]) -> None:
        self.search = search
        self.budget = budget
        self.total = total
        self.on_probe = on_probe
        self.started = budget.clock()
        # A budget in CPU seconds (a benchmark's, on a busy machine): the workers' time is
        # their probes' own CPU seconds, shared among them as on an idle machine.
        self.cpu = budget.clock is time.process_time
        self.workers = 1
        self.worker_seconds = 0.0

    def elapsed(self) -> float:
        if self.cpu and self.workers > 1:
            return self.worker_seconds / self.workers
        return self.budget.clock() - self.started

    def left(self) -> float:
        """Seconds left; 0 once cancelled."""
        cancel = self.budget.cancel
        if cancel is not None and cancel.is_set():
            return 0.0
        return max(0.0, self.total - self.elapsed())

    def on_this_thread(self) -> None:
        search, rules = self.search, self.search.rules
        while (probe := search.next_probe()) is not None and (left := self.left()) > 0.0:
            self.on_probe(probe.position)
            result = hints.can_win(rules, search.states[probe.position],
                                   Budget(max_seconds=min(probe.seconds, left),
                                          max_nodes=self.budget.max_nodes,
                                          cancel=self.budget.cancel, clock=self.budget.clock))
            search.record(probe.position, result)

    def _nodes(self, probe: Probe) -> int | None:
        """A worker's positions for `probe`: its seconds bound it, and its memory (not the
        window's) only WORKER_NODES, so even a first try may go past the table's cap; a
        budget whose cap is tighter than the table's keeps it, doubled each try again."""
        base = self.budget.max_nodes or PROBE_NODES
        if base >= PROBE_NODES:
            return max(base, WORKER_NODES)
        return base * 2 ** probe.tries

    def in_workers(self, pool: ProbePool) -> bool:
        """Solve with the pool until done, out of time or cancelled; False when a worker
        failed (the search then goes on on this thread)."""
        search = self.search
        game_id = search.rules.id
        running: dict[Future, tuple[int, int]] = {}  # future -> (position, slot)
        free = list(range(pool.workers))
        solved: list[list[int]] = [[] for _ in free]  # each slot's positions so far
        self.workers = pool.workers
        healthy = True
        try:
            while (left := self.left()) > 0.0:
                busy = {position for position, _ in running.values()}
                while free and (probe := search.next_probe(busy)) is not None:
                    slot = _nearest(free, solved, probe.position)
                    free.remove(slot)
                    solved[slot].append(probe.position)
                    self.on_probe(probe.position)
                    state = search.states[probe.position]
                    try:
                        future = pool.submit(slot, game_id, state, min(probe.seconds, left),
                                             self._nodes(probe), cpu=self.cpu)
                    except RuntimeError:  # the pool was shut down (the program is ending)
                        healthy = False
                        break
                    running[future] = (probe.position, slot)
                    busy.add(probe.position)
                if not running or not healthy:
                    break
                done, _ = wait(running, min(left, POLL_SECONDS), FIRST_COMPLETED)
                for future in done:
                    position, slot = running.pop(future)
                    free.append(slot)
                    try:
                        result = future.result()
                        self.worker_seconds += result.seconds
                        search.record(position, result)
                    except Exception:
                        log.exception("a post-mortem's worker failed")
                        healthy = False
                if not healthy:
                    break
                self._stop_unneeded(pool, running)
        finally:
            for _, slot in running.values():
                pool.stop(slot)
            wait(running, 5.0)
        if not healthy:
            drop_pool()
        return healthy

    def _stop_unneeded(self, pool: ProbePool, running: dict[Future, tuple[int, int]]) -> None:
        """Stop the probes whose answer can no longer matter: the position settled meanwhile
        (a winning line passed through it) or lies outside the stretch still open."""
        search = self.search
        if search.settled():
            needed: set[int] = set()
        else:
            won, lost = search.boundary()
            needed = set(search.between(won, lost)) | {search.last}
        for position, slot in running.values():
            if position not in needed or search.verdicts.get(position) in ("won", "lost"):
                pool.stop(slot)


def _nearest(free: list[int], solved: list[list[int]], position: int) -> int:
    """The free slot to solve `position` in: the one that solved the nearest later position
    (all it proved lost lies ahead of this one too), else the nearest earlier one."""
    def distance(slot: int) -> tuple[int, int]:
        later = [k - position for k in solved[slot] if k >= position]
        earlier = [position - k for k in solved[slot] if k < position]
        return (min(later, default=1 << 30), min(earlier, default=1 << 30))
    return min(free, key=distance)
