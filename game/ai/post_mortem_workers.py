"""A post-mortem's probes in worker processes, one per core, while the player waits.

The pool is started once (the spawn start method, so it works alike on every system and in
the packaged program, whose `main` calls `multiprocessing.freeze_support`) and kept for the
next post-mortem. Each running probe has a slot in a shared array of flags: setting its flag
stops that probe within a few milliseconds, as a `Budget`'s cancel flag does in a thread.
A worker process imports only the rules and the solvers, never the window's modules.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.ai import lost_memory
from game.ai.hints import advisor_of
from game.ai.search import Budget, SolveResult

log = logging.getLogger(__name__)

_flags: Any = None  # in a worker: the pool's shared array of stop flags


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _SlotFlag:
    """A probe's cancel flag in a worker: its slot's flag in the shared array."""

    __slots__ = ("slot",)

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def is_set(self) -> bool:
        return bool(_flags[self.slot])


def _start_worker(flags: Any) -> None:
    global _flags
    _flags = flags
    lost_memory.enable()  # probes of one game share their proofs (game.ai.lost_memory)


def _probe(game_id: str, state: Any, seconds: float, nodes: int | None, slot: int,
           cpu: bool) -> SolveResult:
    budget = Budget(max_nodes=nodes, max_seconds=seconds, cancel=_SlotFlag(slot),  # type: ignore[arg-type]
                    clock=time.process_time if cpu else time.perf_counter)
    return advisor_of(game_id).solve(state, budget)


class ProbePool:
    """Worker processes that solve positions, each probe stoppable on its own. Each slot is
    a process of its own, so a probe handed to the slot that solved the positions next to
    it finds what they proved lost still there (`game.ai.lost_memory`)."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.workers = workers
        self._flags = context.Array("b", workers, lock=False)
        self._executors = [ProcessPoolExecutor(1, mp_context=context,
                                               initializer=_start_worker,
                                               initargs=(self._flags,))
                           for _ in range(workers)]

    def submit(self, slot: int, game_id: str, state: Any, seconds: float, nodes: int | None,
               cpu: bool = False) -> Future:
        """Start solving `state` in `slot` (0 to `workers` - 1, one probe at a time each)
        for `seconds` (of CPU time with `cpu`); the future of its `SolveResult`."""
        self._flags[slot] = 0
        return self._executors[slot].submit(_probe, game_id, state, seconds, nodes, slot, cpu)

    def forget(self) -> None:
        """Let every worker forget what its probes proved lost (the post-mortem is over)."""
        for executor in self._executors:
            executor.submit(lost_memory.forget)

    def stop(self, slot: int) -> None:
        """Stop the probe in `slot` (its future then soon gives an "unknown")."""
        self._flags[slot] = 1

    def shutdown(self) -> None:
        for slot in range(self.workers):
            self._flags[slot] = 1
        for executor in self._executors:
            executor.shutdown(wait=False, cancel_futures=True)


_pool: ProbePool | None = None
_pool_lock = threading.Lock()


def drop_pool() -> None:
    """Stop the shared pool (a worker died, say): the next post-mortem starts a new one."""
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown()
            _pool = None


def shared_pool(workers: int) -> ProbePool | None:
    """The program's pool of `workers` processes, started on first use; None when worker
    processes cannot be started here (the search then runs on the caller's thread)."""
    global _pool
    with _pool_lock:
        if _pool is not None and _pool.workers != workers:
            _pool.shutdown()
            _pool = None
        if _pool is None:
            try:
                _pool = ProbePool(workers)
            except (OSError, ValueError, RuntimeError):
                log.exception("could not start the post-mortem's worker processes")
                return None
        return _pool
