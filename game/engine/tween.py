"""Tweens: values that move toward a goal, advanced only by ``update(dt)``.

The view animates toward the truth: when the rules state changes, a scene
creates tweens from wherever each sprite is now to where the layout says it
belongs. Time only passes through ``update(dt)``, so tests finish an
animation by stepping it (or by ``finish_all``), never by waiting.

Values may be numbers or tuples of numbers (positions, colours); tuples are
interpolated element by element.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, TypeVar

from game.engine import motion
from game.engine.easing import Easing, out_cubic

log = logging.getLogger(__name__)

Value = Any  # a number or a tuple of numbers
Key = tuple[int, str]
A = TypeVar("A", bound="Animation")

# Animations whose completion callbacks keep starting new ones (a pulse that
# repeats itself) would make finish_all spin forever; it gives up after this.
_FINISH_ALL_ROUNDS = 64


def _as_value(value: Value) -> Value:
    return value if isinstance(value, int | float) else tuple(value)


def _lerp(start: Value, end: Value, fraction: float) -> Value:
    if isinstance(start, int | float):
        return start + (end - start) * fraction
    return tuple(a + (b - a) * fraction for a, b in zip(start, end, strict=True))


class Animation:
    """Base of everything a :class:`TweenManager` can run.

    ``advance(dt)`` consumes time and returns the part of ``dt`` it did not
    need, so a sequence hands the rest of a step to its next animation.
    """

    def __init__(self, on_complete: Callable[[], None] | None = None) -> None:
        self.on_complete = on_complete
        self._done = False
        self._killed = False

    @property
    def active(self) -> bool:
        """Still running: neither finished nor killed."""
        return not (self._done or self._killed)

    @property
    def done(self) -> bool:
        """Reached its end normally (its on_complete has run)."""
        return self._done

    def update(self, dt: float) -> None:
        self.advance(dt)

    def advance(self, dt: float) -> float:
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end at once, running completion callbacks."""
        raise NotImplementedError

    def kill(self) -> None:
        """Stop where it is; on_complete is not called."""
        self._killed = True

    def leaves(self) -> Iterator[ValueTween]:
        """The single-property tweens this animation is made of."""
        return iter(())

    def _complete(self) -> None:
        self._done = True
        if self.on_complete is not None:
            self.on_complete()


class ValueTween(Animation):
    """Moves a value from ``start`` (or the getter's current value) to ``end``.

    The start value is read when the tween begins (after its delay), so a
    tween queued in a sequence starts from wherever the previous one left
    the value. ``key`` names what is being animated, so a manager keeps one
    live tween per key; a tween without a key never clashes with another.
    """

    def __init__(
        self,
        setter: Callable[[Value], None],
        end: Value,
        duration: float,
        *,
        getter: Callable[[], Value] | None = None,
        start: Value | None = None,
        key: Key | None = None,
        delay: float = 0.0,
        ease: Easing = out_cubic,
        on_complete: Callable[[], None] | None = None,
    ) -> None:
        if start is None and getter is None:
            raise ValueError("a tween needs a start value or a getter")
        super().__init__(on_complete)
        self.key = key
        self._setter = setter
        self._getter = getter
        self._configure(start, end, duration, delay, ease)

    def _configure(
        self, start: Value | None, end: Value, duration: float, delay: float, ease: Easing
    ) -> None:
        self.end = _as_value(end)
        self.duration = max(0.0, duration)
        self.ease = ease
        self._start = None if start is None else _as_value(start)
        self._given_start = self._start
        self._delay_left = max(0.0, delay)
        self._elapsed = 0.0
        self._started = False
        self._value: Value | None = self._start

    @property
    def value(self) -> Value | None:
        """The last value written (None before the tween begins)."""
        return self._value

    def advance(self, dt: float) -> float:
        if not self.active:
            return dt
        if self._delay_left > 0.0:
            if dt < self._delay_left:
                self._delay_left -= dt
                return 0.0
            dt -= self._delay_left
            self._delay_left = 0.0
        if not self._started:
            self._begin()
        self._elapsed += dt
        if self._elapsed >= self.duration:
            leftover = self._elapsed - self.duration
            self._write(self.end)
            self._complete()
            return leftover
        self._write(_lerp(self._start, self.end, self.ease(self._elapsed / self.duration)))
        return 0.0

    def finish(self) -> None:
        if not self.active:
            return
        self._write(self.end)
        self._complete()

    def retarget(
        self, end: Value, duration: float | None = None, *, ease: Easing | None = None
    ) -> None:
        """Restart toward a new goal from the current value, without a jump.

        A tween that had already ended runs again, but a manager only runs it
        once it is added again.
        """
        current = self._getter() if self._getter is not None else self._value
        if current is None:
            current = self.end
        self._configure(
            current,
            end,
            self.duration if duration is None else duration,
            0.0,
            self.ease if ease is None else ease,
        )
        self._done = False
        self._killed = False

    def leaves(self) -> Iterator[ValueTween]:
        yield self

    def _begin(self) -> None:
        self._started = True
        if self._given_start is None:
            self._start = _as_value(self._getter())

    def _write(self, value: Value) -> None:
        self._value = value
        self._setter(value)


class Tween(ValueTween):
    """Moves one attribute of one object: ``Tween(sprite, "pos", (x, y), 0.3)``."""

    def __init__(
        self,
        target: object,
        prop: str,
        end: Value,
        duration: float,
        *,
        start: Value | None = None,
        delay: float = 0.0,
        ease: Easing = out_cubic,
        on_complete: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(
            partial(setattr, target, prop),
            end,
            duration,
            getter=partial(getattr, target, prop),
            start=start,
            key=(id(target), prop),
            delay=delay,
            ease=ease,
            on_complete=on_complete,
        )
        self.target = target
        self.prop = prop


class TweenManager:
    """Runs animations, keeping at most one live tween per (target, property).

    Adding a tween for a property that is already animating kills the old
    one; the new one starts from the current value, so a retarget never
    jumps. Inside a group only the clashing tweens are killed: the group's
    other properties keep moving.
    """

    def __init__(self) -> None:
        self._running: list[Animation] = []
        self._by_key: dict[Key, list[ValueTween]] = {}

    def __len__(self) -> int:
        return sum(1 for animation in self._running if animation.active)

    @property
    def active(self) -> bool:
        """True while any animation is running."""
        return any(animation.active for animation in self._running)

    def add(self, animation: A) -> A:
        new_leaves = [leaf for leaf in animation.leaves() if leaf.key is not None]
        mine = {id(leaf) for leaf in new_leaves}
        for leaf in new_leaves:
            for old in self._by_key.pop(leaf.key, ()):
                if id(old) not in mine:
                    old.kill()
        for leaf in new_leaves:
            self._by_key.setdefault(leaf.key, []).append(leaf)
        self._running.append(animation)
        return animation

    def tween(
        self, target: object, prop: str, end: Value, duration: float, **options: Any
    ) -> Tween:
        """Shorthand for ``add(Tween(target, prop, end, duration, **options))``."""
        return self.add(Tween(target, prop, end, duration, **options))

    def tween_of(self, target: object, prop: str) -> ValueTween | None:
        """The live tween moving ``target.prop``, if any."""
        for leaf in self._by_key.get((id(target), prop), ()):
            if leaf.active:
                return leaf
        return None

    def kill(self, target: object, prop: str | None = None) -> None:
        """Stop the tweens of one target (one property, or all of them)."""
        keys = [
            key
            for key in self._by_key
            if key[0] == id(target) and (prop is None or key[1] == prop)
        ]
        for key in keys:
            for leaf in self._by_key.pop(key):
                leaf.kill()

    def kill_all(self) -> None:
        for animation in self._running:
            animation.kill()
        self._running.clear()
        self._by_key.clear()

    def update(self, dt: float) -> None:
        """Advance every animation by `dt` seconds, scaled by the player's animation speed."""
        dt *= motion.time_scale()
        for animation in list(self._running):
            animation.advance(dt)
        self._prune()

    def finish_all(self) -> None:
        """Jump every animation to its end, including ones their callbacks start."""
        for _ in range(_FINISH_ALL_ROUNDS):
            if not self._running:
                return
            running, self._running = self._running, []
            for animation in running:
                animation.finish()
            self._forget(running)
        log.warning("finish_all stopped: animations keep restarting themselves")

    def _prune(self) -> None:
        finished = [animation for animation in self._running if not animation.active]
        if finished:
            self._running = [animation for animation in self._running if animation.active]
            self._forget(finished)

    def _forget(self, animations: list[Animation]) -> None:
        for animation in animations:
            for leaf in animation.leaves():
                holders = self._by_key.get(leaf.key) if leaf.key is not None else None
                if holders is None:
                    continue
                holders[:] = [other for other in holders if other is not leaf]
                if not holders:
                    del self._by_key[leaf.key]
