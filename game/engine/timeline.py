"""Animations made of others: a pause, a call, steps one after another or all together.

A card flip is a sequence (half a turn, swap the face, the other half); a deal is a set of
flights in parallel, each waiting its turn to start. They run inside a `TweenManager` like any
tween, and `leaves()` tells it which tweens they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.engine.tween import Animation, ValueTween


class Wait(Animation):
    """Lets time pass: a pause inside a sequence."""

    def __init__(self, duration: float, on_complete: Callable[[], None] | None = None) -> None:
        super().__init__(on_complete)
        self._left = max(0.0, duration)

    def advance(self, dt: float) -> float:
        if not self.active:
            return dt
        if dt < self._left:
            self._left -= dt
            return 0.0
        leftover = dt - self._left
        self._left = 0.0
        self._complete()
        return leftover

    def finish(self) -> None:
        if self.active:
            self._left = 0.0
            self._complete()


class Call(Wait):
    """Runs a function when reached: e.g. swap a card's face mid-flip."""

    def __init__(self, action: Callable[[], None]) -> None:
        super().__init__(0.0, action)


class Sequence(Animation):
    """Runs its animations one after another."""

    def __init__(self, *steps: Animation, on_complete: Callable[[], None] | None = None) -> None:
        super().__init__(on_complete)
        self.steps = steps
        self._index = 0

    def advance(self, dt: float) -> float:
        if not self.active:
            return dt
        while self._index < len(self.steps):
            step = self.steps[self._index]
            dt = step.advance(dt)
            if step.active:
                return 0.0
            self._index += 1
        self._complete()
        return dt

    def finish(self) -> None:
        if not self.active:
            return
        for step in self.steps[self._index :]:
            step.finish()
        self._index = len(self.steps)
        self._complete()

    def kill(self) -> None:
        for step in self.steps[self._index :]:
            step.kill()
        super().kill()

    def leaves(self) -> Iterator[ValueTween]:
        for step in self.steps:
            yield from step.leaves()


class Parallel(Animation):
    """Runs its animations together; complete when the last one is."""

    def __init__(self, *steps: Animation, on_complete: Callable[[], None] | None = None) -> None:
        super().__init__(on_complete)
        self.steps = steps

    def advance(self, dt: float) -> float:
        if not self.active:
            return dt
        leftovers = [step.advance(dt) for step in self.steps if step.active]
        if any(step.active for step in self.steps):
            return 0.0
        self._complete()
        return min(leftovers, default=dt)

    def finish(self) -> None:
        if not self.active:
            return
        for step in self.steps:
            step.finish()
        self._complete()

    def kill(self) -> None:
        for step in self.steps:
            step.kill()
        super().kill()

    def leaves(self) -> Iterator[ValueTween]:
        for step in self.steps:
            yield from step.leaves()
