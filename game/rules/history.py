"""Undo and redo over immutable snapshots: undo moves back, a new move drops the redo line.

A History is a value, but it shares its insides with the histories it was made from, so a
move, an undo or a redo costs the same however long the game (amortised: see `_settled`).
The line is kept as two persistent stacks around the current position: the moves made, newest
first, each with the state it led to, and the moves that can be redone, next first. Neither
is ever changed, only built upon, so every earlier History stays exactly what it was.

Only the latest positions keep their state (at least `limit`, the deal always): a game of a
million moves would otherwise hold a million states. The moves themselves are all kept, since
the saved game replays them from the deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, islice
from typing import Any

KEPT_STATES = 10_000  # the positions undo can always reach back to


class _Step:
    """A move with the state it leads to, on top of the rest of its stack."""

    __slots__ = ("move", "state", "rest")

    def __init__(self, move: Any, state: Any, rest: _Step | None) -> None:
        self.move, self.state, self.rest = move, state, rest


class _Chunk:
    """Moves from before the oldest kept state, in order, on top of the earlier chunks."""

    __slots__ = ("moves", "rest")

    def __init__(self, moves: tuple[Any, ...], rest: _Chunk | None) -> None:
        self.moves, self.rest = moves, rest


def _walk(stack: Any) -> Iterator[Any]:
    while stack is not None:
        yield stack
        stack = stack.rest


class Line(Sequence):
    """A read-only view of a history's moves or states, indexed like the tuple it stands for.

    Reading near the current position, or the first state, costs O(1); a state older than
    those kept raises IndexError; iterating or comparing costs O(n).
    """

    __slots__ = ("_length", "_item", "_items")

    def __init__(self, length: int, item: Callable[[int], Any],
                 items: Callable[[], Iterator[Any]]) -> None:
        self._length, self._item, self._items = length, item, items

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("history index out of range")
        return self._item(index)

    def __iter__(self) -> Iterator[Any]:
        return self._items()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._length and all(
            mine == theirs for mine, theirs in zip(self, other, strict=True))

    __hash__ = None  # like a list: compare it, do not key by it

    def __repr__(self) -> str:
        return f"Line({tuple(self)!r})"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class History:
    deal: Any  # the state before any move
    position: int  # how many moves lead from the deal to the current state
    _older: _Chunk | None  # the moves before the oldest kept state but the deal, newest last
    _floor: int  # how many moves `_older` holds: the index of the oldest kept state after it
    _floor_state: Any
    _done: _Step | None  # the moves from the floor to the position, newest first
    _undone: _Step | None  # the moves that can be redone, next first
    _redo_count: int
    limit: int = KEPT_STATES

    @classmethod
    def start(cls, state: Any, *, limit: int = KEPT_STATES) -> History:
        if limit < 1:
            raise ValueError("a history keeps at least one state besides the deal")
        return cls(state, 0, None, 0, state, None, None, 0, limit)

    @classmethod
    def from_line(cls, deal: Any, steps: Iterable[tuple[Any, Any]], position: int | None = None,
                  *, limit: int = KEPT_STATES) -> History:
        """The history from `deal` through `steps`, each a move and the state it leads to, at
        `position` (after every step by default; the steps beyond it can be redone).

        Linear time. The steps are read once, in order, so a lazy iterable never has every
        state in memory at once; a redo line longer than twice `limit` is cut there (undo
        never builds a longer one) and the steps beyond are not read. ValueError when there
        are fewer than `position` steps.
        """
        history = cls.start(deal, limit=limit)
        steps = iter(steps)
        floor, older, floor_state, done = 0, None, deal, None
        count = 0
        for move, state in steps if position is None else islice(steps, position):
            done = _Step(move, state, done)
            count += 1
            if count - floor > 2 * limit:
                floor, older, floor_state, done = _trimmed(floor, older, done, limit)
        if position is not None and count < position:
            raise ValueError(f"a history at move {position} of {count}")
        redo = list(islice(steps, 2 * limit))
        undone = None
        for move, state in reversed(redo):
            undone = _Step(move, state, undone)
        return cls(history.deal, count, older, floor, floor_state, done, undone, len(redo),
                   history.limit)

    @property
    def state(self) -> Any:
        return self._floor_state if self._done is None else self._done.state

    @property
    def played(self) -> tuple[Any, ...]:
        """The moves that lead from the deal to the current state."""
        return tuple(chain(self._older_moves(), self._done_moves()))

    @property
    def moves(self) -> Line:
        """Every move of the line, those played then those that can be redone."""
        return Line(self.position + self._redo_count, self._move_at,
                    lambda: chain(self._older_moves(), self._done_moves(),
                                  (step.move for step in _walk(self._undone))))

    @property
    def states(self) -> Line:
        """The deal, then the state after each move of `moves`: the deal and the kept ones."""
        return Line(self.position + self._redo_count + 1, self._state_at, self._all_states)

    @property
    def can_undo(self) -> bool:
        return self._done is not None

    @property
    def can_redo(self) -> bool:
        return self._undone is not None

    def push(self, move: Any, state: Any) -> History:
        """Record `move` leading to `state`; whatever could have been redone is gone."""
        return self._settled(self.position + 1, _Step(move, state, self._done), None, 0)

    def undo(self) -> History:
        if self._done is None:
            raise IndexError("nothing to undo")
        step = self._done
        return History(self.deal, self.position - 1, self._older, self._floor,
                       self._floor_state, step.rest, _Step(step.move, step.state, self._undone),
                       self._redo_count + 1, self.limit)

    def redo(self) -> History:
        if self._undone is None:
            raise IndexError("nothing to redo")
        step = self._undone
        return self._settled(self.position + 1, _Step(step.move, step.state, self._done),
                             step.rest, self._redo_count - 1)

    def __eq__(self, other: object) -> bool:
        """Equal when the moves, the position and every state both keep are equal."""
        if not isinstance(other, History):
            return NotImplemented
        if self is other:
            return True
        if (self.position, self._redo_count) != (other.position, other._redo_count):
            return False
        if self.deal != other.deal or self.moves != other.moves:
            return False
        first = max(self._floor, other._floor)
        return all(self._state_at(index) == other._state_at(index)
                   for index in range(first, self.position + self._redo_count + 1))

    def __hash__(self) -> int:
        return hash((self.position, self._redo_count, self.state))

    def __repr__(self) -> str:
        return (f"History(position={self.position}, moves={len(self.moves)}, "
                f"state={self.state!r})")

    def _settled(self, position: int, done: _Step, undone: _Step | None,
                 redo_count: int) -> History:
        """A history with `done` on top, its oldest states let go once it keeps 2 * limit:
        that costs O(limit) once every `limit` moves at most, so O(1) a move amortised."""
        floor, older, floor_state = self._floor, self._older, self._floor_state
        if position - floor > 2 * self.limit:
            floor, older, floor_state, done = _trimmed(floor, older, done, self.limit)
        return History(self.deal, position, older, floor, floor_state, done, undone,
                       redo_count, self.limit)

    def _older_moves(self) -> Iterator[Any]:
        chunks = [chunk.moves for chunk in _walk(self._older)]
        return chain.from_iterable(reversed(chunks))

    def _done_moves(self) -> Iterator[Any]:
        return reversed([step.move for step in _walk(self._done)])

    def _move_at(self, index: int) -> Any:
        if index >= self.position:
            return _nth(self._undone, index - self.position).move
        if index >= self._floor:
            return _nth(self._done, self.position - 1 - index).move
        return tuple(self._older_moves())[index]

    def _all_states(self) -> Iterator[Any]:
        """The states in order, in linear time (IndexError past the deal when older ones are
        no longer kept, as `_state_at` says)."""
        yield self.deal
        if self._floor > 1:
            raise IndexError("the state after move 1 is no longer kept")
        if self._floor == 1:
            yield self._floor_state
        kept = [step.state for step in _walk(self._done)][: self.position - self._floor]
        yield from reversed(kept)
        yield from (step.state for step in _walk(self._undone))

    def _state_at(self, index: int) -> Any:
        if index == 0:
            return self.deal
        if index > self.position:
            return _nth(self._undone, index - self.position - 1).state
        if index > self._floor:
            return _nth(self._done, self.position - index).state
        if index == self._floor:
            return self._floor_state
        raise IndexError(f"the state after move {index} is no longer kept")


def _nth(stack: _Step | None, depth: int) -> _Step:
    return next(islice(_walk(stack), depth, None))


def _trimmed(floor: int, older: _Chunk | None, done: _Step,
             limit: int) -> tuple[int, _Chunk | None, Any, _Step | None]:
    """Keep the newest `limit` states of `done`; its older moves join `older` as one chunk,
    and the newest state let go becomes the floor."""
    steps = list(_walk(done))
    kept, dropped = steps[:limit], steps[limit:]
    moves = tuple(step.move for step in reversed(dropped))
    rebuilt = None
    for step in reversed(kept):
        rebuilt = _Step(step.move, step.state, rebuilt)
    return floor + len(moves), _Chunk(moves, older), dropped[0].state, rebuilt
