"""One search at a time, off the UI thread, for a table.

A search runs on a daemon thread with a `Budget` whose cancel flag the table sets when the
answer stops being wanted; a new search cancels the one under way and starts once that one
has stopped, so a table never runs two. Answers come back through a queue and are handed to
their callbacks by `poll`, on the UI thread; the threads never touch the table, and only wake
the game loop (`wake_loop`) so an answer is taken at once even if the loop sleeps.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.search import Budget
from game.engine.app import wake_loop

log = logging.getLogger(__name__)

# Positions a search may visit, whatever its seconds: a proof keeps every position it saw
# (Leapfrog's about 250 bytes each), and the window must stay within its memory budget
# (150 MB at 1920x1080, where the Leapfrog table alone takes 90).
SEARCH_NODES = 200_000


@dataclass(eq=False)
class _Task:
    # What the table says while it runs (None: nothing); a function for words that change.
    label: str | Callable[[], str] | None
    work: Callable[[Budget], Any]
    on_done: Callable[[Any], None]
    budget: Budget
    cancelled: bool = False


class SearchRunner:
    """Runs searches on a daemon thread, one at a time; `poll` (on the UI thread) hands each
    answer to its callback, unless the search was cancelled or replaced meanwhile."""

    def __init__(self, on_error: Callable[[], None]) -> None:
        self.on_error = on_error
        self._answers: queue.SimpleQueue = queue.SimpleQueue()
        self._live: _Task | None = None  # the search whose answer is wanted
        self._waiting: _Task | None = None  # started while a cancelled one was still ending
        self._thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self._live is not None

    @property
    def label(self) -> str | None:
        task = self._live
        if task is None or task.label is None:
            return None
        return task.label() if callable(task.label) else task.label

    def start(self, label: str | Callable[[], str] | None, work: Callable[[Budget], Any],
              seconds: float, on_done: Callable[[Any], None]) -> None:
        """Cancel any search under way and run `work(budget)`; `on_done(answer)` follows on
        the UI thread."""
        self.cancel()
        task = _Task(label, work, on_done, Budget(max_seconds=seconds, max_nodes=SEARCH_NODES,
                                                    cancel=threading.Event()))
        self._live = task
        if self._thread is not None and self._thread.is_alive():
            self._waiting = task
        else:
            self._launch(task)

    def cancel(self) -> None:
        task = self._live
        if task is not None:
            task.cancelled = True
            task.budget.cancel.set()
        self._live = self._waiting = None

    def poll(self) -> bool:
        """Deliver a finished search's answer and start one waiting its turn; True when an
        answer was delivered."""
        delivered = False
        while True:
            try:
                task, ok, answer = self._answers.get_nowait()
            except queue.Empty:
                break
            if task is not self._live or task.cancelled:
                continue
            self._live = None
            delivered = True
            if ok:
                task.on_done(answer)
            else:
                self.on_error()
        if self._waiting is not None and not self._thread.is_alive():
            task, self._waiting = self._waiting, None
            self._launch(task)
        return delivered

    def wait(self, timeout: float) -> bool:
        """Block until the search thread ends (for tests); True if it has."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return thread is None or not thread.is_alive()

    def _launch(self, task: _Task) -> None:
        name = task.label if isinstance(task.label, str) else "check"
        self._thread = threading.Thread(target=self._run, args=(task,), daemon=True,
                                        name=f"search: {name}")
        self._thread.start()

    def _run(self, task: _Task) -> None:
        try:
            answer, ok = task.work(task.budget), True
        except Exception:
            log.exception("a search failed")
            answer, ok = None, False
        self._answers.put((task, ok, answer))
        wake_loop()
