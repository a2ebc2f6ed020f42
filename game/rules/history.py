"""Undo and redo over immutable snapshots: undo moves back, a new move drops the redo line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class History:
    states: tuple[Any, ...]  # states[0] is the deal; states[i + 1] = apply(states[i], moves[i])
    moves: tuple[Any, ...]
    position: int = 0  # index in `states` of the current state

    @classmethod
    def start(cls, state: Any) -> History:
        return cls((state,), (), 0)

    @property
    def state(self) -> Any:
        return self.states[self.position]

    @property
    def played(self) -> tuple[Any, ...]:
        """The moves that lead from the deal to the current state."""
        return self.moves[: self.position]

    @property
    def can_undo(self) -> bool:
        return self.position > 0

    @property
    def can_redo(self) -> bool:
        return self.position < len(self.moves)

    def push(self, move: Any, state: Any) -> History:
        """Record `move` leading to `state`; whatever could have been redone is gone."""
        keep = self.position + 1
        return History(self.states[:keep] + (state,), self.moves[: self.position] + (move,), keep)

    def undo(self) -> History:
        if not self.can_undo:
            raise IndexError("nothing to undo")
        return History(self.states, self.moves, self.position - 1)

    def redo(self) -> History:
        if not self.can_redo:
            raise IndexError("nothing to redo")
        return History(self.states, self.moves, self.position + 1)
