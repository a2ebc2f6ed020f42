"""Garbage collection held off while searches run (the Leap Frog computer player, the Leap
Year beams)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class CollectorPause:
    """No cyclic garbage collection while any search runs.

    The searches make no reference cycles, only many small tuples, which trigger full
    collections of the whole process that can stall it for tens of milliseconds (and slow a
    search that keeps many positions by a quarter). Searches may overlap (a cancelled one
    still finishing as the next starts), so the pause is counted and collection resumes
    only after the last one ends.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._searches = 0
        self._was_enabled = False

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self._lock:
            if self._searches == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._searches += 1
        try:
            yield
        finally:
            with self._lock:
                self._searches -= 1
                if self._searches == 0 and self._was_enabled:
                    gc.enable()


collector_paused = CollectorPause()
