"""The time a game has been played, for every table: the stopwatch and how it reads."""

from __future__ import annotations

import time
from collections.abc import Callable


def format_time(seconds: float) -> str:
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}" if hours else f"{minute}:{second:02d}"


class Stopwatch:
    """Seconds played: starts on request, pauses and resumes, never counts while paused."""

    def __init__(self, elapsed: float = 0.0, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._banked = elapsed
        self._since: float | None = None
        self.started = elapsed > 0.0
        self._paused = False

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def elapsed(self) -> float:
        if self._since is None:
            return self._banked
        return self._banked + max(0.0, self._now() - self._since)

    def next_second(self) -> float | None:
        """Seconds until the whole seconds shown change, or None while the watch stands."""
        if self._since is None:
            return None
        return 1.0 - self.elapsed % 1.0

    def start(self) -> None:
        """Begin counting (the first move); later calls change nothing."""
        self.started = True
        self._update()

    def pause(self) -> None:
        self._paused = True
        self._update()

    def resume(self) -> None:
        self._paused = False
        self._update()

    def stop(self) -> None:
        """The game has ended: the time is final."""
        self.started = False
        self._update()

    def _update(self) -> None:
        should_run = self.started and not self._paused
        if should_run and self._since is None:
            self._since = self._now()
        elif not should_run and self._since is not None:
            self._banked = self.elapsed
            self._since = None
