"""Positions a solver proved lost, kept by a post-mortem's worker process between probes.

A post-mortem asks about the positions of one game, each reached from the one before by a
move, so every position reachable from a later one is reachable from an earlier one too: the
positions a loss proof visited come back in the next proof, and a solver that remembers them
need not search them again. A search stopped by its budget leaves its proven part behind,
so trying a position again goes on where the last try stopped rather than from scratch.

Only the worker processes keep memories (`enable`, from the pool's initializer): their
memory is not the window's, whose searches (hints, Solve?) stay as they were. Each solver
owns a `LostMemory` of its own keys; a memory over its limit is emptied before the next
search, which then starts afresh; all are emptied when a post-mortem ends (`forget`), so an
idle worker holds none.
"""

from __future__ import annotations

from collections.abc import Hashable

# Keys a memory holds before it is emptied: a Leapfrog grid costs about 150 bytes in a set,
# so about 150 MB a worker at most, beside what one probe adds (as much again). Proving a
# careless game's deal lost from the positions after it took up to about 910,000.
LIMIT = 1_000_000

_enabled = False
_memories: list[LostMemory] = []  # every memory of this process


def enable() -> None:
    """Let this process's solvers keep what they prove lost (a worker process's start)."""
    global _enabled
    _enabled = True


def disable() -> None:
    global _enabled
    _enabled = False


def forget() -> None:
    """Empty every memory of this process (a post-mortem is over)."""
    for memory in _memories:
        memory.clear()


class LostMemory:
    """One solver's keys of positions proven lost in this process."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.keys: set[Hashable] = set()
        self.tag: Hashable = None
        _memories.append(self)

    def for_search(self, tag: Hashable = None) -> set[Hashable] | None:
        """The set a search may read and add its proven keys to, or None when this process
        keeps no memory (a search then uses a set of its own). `tag` names what the keys
        leave out (a game's options, say): a search with another tag finds the memory
        emptied."""
        if not _enabled:
            return None
        if len(self.keys) > self.limit or tag != self.tag:
            self.keys.clear()
            self.tag = tag
        return self.keys

    def clear(self) -> None:
        self.keys.clear()
