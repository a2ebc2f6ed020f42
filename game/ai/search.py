"""Budgeted search shared by the solitaire solvers.

A solver answers with a `SolveResult`: "won" with a winning line, "lost" only when it has
searched every position that matters, "unknown" when the budget ran out first. The budget caps
nodes and seconds and can be cancelled from another thread, so the table can run a search in
the background and drop it when the player moves.

Two searches walk a `SearchSpace` (the game's moves, pruned and ordered by the game's solver),
never entering a position twice: `depth_first`, cheap and quick when the move order is good,
and `best_first`, which keeps every open position and always goes on from the most advanced
one, so an early mistake does not trap it.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable, Hashable, MutableSet, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

Status = Literal["won", "lost", "unknown"]

S = TypeVar("S")
M = TypeVar("M")

# Nodes between looks at the clock and the cancel flag: often enough to stop within a few
# milliseconds, rarely enough to cost nothing measurable.
CHECK_EVERY = 128


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search may spend: nodes, seconds, and a flag that stops it at once.
    `clock` measures the seconds: wall time by default; a benchmark on a busy machine may
    pass `time.process_time` so that other programs' load does not eat the budget."""

    max_nodes: int | None = None
    max_seconds: float | None = None
    cancel: threading.Event | None = None
    clock: Callable[[], float] = time.perf_counter

    def start(self) -> Meter:
        """A meter counting against this budget from now."""
        return Meter(self)


class Meter:
    """Counts the nodes of one search (or of several phases of it) against a `Budget`."""

    __slots__ = ("budget", "nodes", "started", "out", "_ceiling", "_phase_deadline",
                 "_deadline", "_next_check")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self.started = budget.clock()
        self.out = False  # the budget ran out (or the search was cancelled)
        seconds = budget.max_seconds
        self._deadline = None if seconds is None else self.started + seconds
        self._ceiling: int | None = None
        self._phase_deadline: float | None = None
        self._next_check = 0

    def limit(self, nodes: int | None = None, seconds: float | None = None) -> None:
        """Let the next search phase count at most `nodes` more nodes and run at most
        `seconds` more seconds (None: no limit but the budget's). A phase stopped by this
        limit leaves `out` False."""
        self._ceiling = None if nodes is None else self.nodes + nodes
        self._phase_deadline = None if seconds is None else self.budget.clock() + seconds
        self._next_check = self.nodes

    def limit_share(self, share: float) -> None:
        """Let the next search phase spend only `share` of what is left of the budget."""
        nodes, seconds = self.remaining()
        self.limit(None if nodes is None else int(nodes * share),
                   None if seconds is None else seconds * share)

    def remaining(self) -> tuple[int | None, float | None]:
        """The nodes and seconds left in the budget (None where it sets no limit)."""
        nodes = self.budget.max_nodes
        return (None if nodes is None else max(0, nodes - self.nodes),
                None if self._deadline is None
                else max(0.0, self._deadline - self.budget.clock()))

    def tick(self) -> bool:
        """Count one node; False once the budget is spent (or the phase's limit)."""
        self.nodes += 1
        if self.nodes < self._next_check:
            return True
        return self._check()

    def _check(self) -> bool:
        budget = self.budget
        self._next_check = self.nodes + CHECK_EVERY
        if budget.max_nodes is not None:
            self._next_check = min(self._next_check, budget.max_nodes + 1)
        now = budget.clock()
        if self._ceiling is not None:
            if self.nodes > self._ceiling:
                return False
            self._next_check = min(self._next_check, self._ceiling + 1)
        if self._phase_deadline is not None and now >= self._phase_deadline:
            return False
        self.out = (
            (budget.max_nodes is not None and self.nodes > budget.max_nodes)
            or (self._deadline is not None and now >= self._deadline)
            or (budget.cancel is not None and budget.cancel.is_set())
        )
        return not self.out

    def running(self) -> bool:
        """Whether the budget, and the phase's limit, still allow more nodes."""
        return self._check()

    @property
    def seconds(self) -> float:
        return self.budget.clock() - self.started


@dataclass(frozen=True, slots=True)
class SolveResult:
    """A solver's answer. `line` is the winning line (rules moves from the position asked
    about) when `status` is "won", else None. `progress_line` leads to the most advanced
    position the search saw, which a hint can follow when no win was found."""

    status: Status
    line: tuple | None
    nodes: int
    seconds: float
    progress_line: tuple = ()


@dataclass(frozen=True, slots=True)
class SolitaireAdvisor:
    """What a solitaire's solver offers the table (named by its entry in `game.registry`)."""

    # "won" with a winning line, "lost" only when proven, else "unknown".
    solve: Callable[[Any, Budget], SolveResult]
    # True only when no move can achieve anything any more.
    no_productive_moves: Callable[[Any], bool]
    # The moves that finish a game that only needs finishing, else None.
    auto_finish_line: Callable[[Any], tuple | None]
    # For a game whose wins differ in points: `solve`, then, with what is left of the budget,
    # wins that cost fewer points. None: every win is worth the same.
    cheapest_win: Callable[[Any, Budget], SolveResult] | None = None
    # The move the table makes by itself in a position, if any (the moves the solver plans
    # with at once). None: the table makes none.
    automatic_move: Callable[[Any], Any | None] | None = None


class SearchSpace(Protocol[S, M]):
    """What `depth_first` needs from a game: moves best first, and positions as keys."""

    def moves(self, state: S) -> Sequence[M]:
        """The moves worth trying from `state`, best first."""

    def play(self, state: S, move: M) -> S:
        """The position after `move` (and anything the solver plays at once after it)."""

    def key(self, state: S) -> Hashable:
        """Equal for positions that are the same for the search (symmetries folded)."""

    def is_goal(self, state: S) -> bool:
        """Whether `state` is won (or certain to be won by a known finish)."""

    def progress(self, state: S) -> int:
        """How far along `state` is; higher is better. Used only to pick a hint."""


@dataclass(frozen=True, slots=True)
class SearchOutcome(Generic[S, M]):
    found: bool  # `path` reaches a goal
    exhausted: bool  # every position reachable through `moves` was visited
    path: tuple[M, ...]  # to the goal, when found
    goal: S | None
    best_path: tuple[M, ...]  # to the position of highest progress seen


def depth_first(space: SearchSpace[S, M], root: S, meter: Meter,
                seen: MutableSet | None = None) -> SearchOutcome[S, M]:
    """Search from `root` depth first, trying moves in the order given and skipping every
    position whose key was seen before, until a goal, the end of the space or the budget.
    `seen`, when given, holds keys to skip from the start (of positions known lost, say)
    and gets those the search meets."""
    if space.is_goal(root):
        return SearchOutcome(True, False, (), root, ())
    seen = set() if seen is None else seen
    seen.add(space.key(root))
    best, best_path = space.progress(root), ()
    # Each frame: a position, its moves, and the index of the next move to try.
    states: list[S] = [root]
    move_lists: list[Sequence[M]] = [space.moves(root)]
    indices: list[int] = [0]
    while states:
        index = indices[-1]
        moves = move_lists[-1]
        if index >= len(moves):
            states.pop()
            move_lists.pop()
            indices.pop()
            continue
        indices[-1] = index + 1
        child = space.play(states[-1], moves[index])
        key = space.key(child)
        if key in seen:
            continue
        seen.add(key)
        if not meter.tick():
            return SearchOutcome(False, False, (), None, best_path)
        if space.is_goal(child):
            return SearchOutcome(True, False, _path(move_lists, indices), child, best_path)
        # The shallowest of equally advanced positions, so a hint never detours.
        score = space.progress(child)
        if score > best or (score == best and len(indices) < len(best_path)):
            best, best_path = score, _path(move_lists, indices)
        states.append(child)
        move_lists.append(space.moves(child))
        indices.append(0)
    return SearchOutcome(False, True, (), None, best_path)


def best_first(space: SearchSpace[S, M], root: S, meter: Meter, depth_weight: float,
               cost: Callable[[M], float] | None = None,
               seen: MutableSet | None = None) -> SearchOutcome[S, M]:
    """Search from `root` always going on from the open position of highest progress, less
    `depth_weight` for each move it took to get there (the weight keeps the search from
    wandering into long lines of small gains), or for each unit of `cost` when the game
    prices its moves; deeper first among equals. Positions whose key was seen before are
    skipped, so it too ends when the space is exhausted. `seen` as for `depth_first`."""
    if space.is_goal(root):
        return SearchOutcome(True, False, (), root, ())
    seen = set() if seen is None else seen
    seen.add(space.key(root))
    best, best_link, best_depth = space.progress(root), None, 0
    # An entry: (priority, -depth, tie-breaker, position, link, cost so far); a link is
    # (parent link, move), from which the path is read back once a goal is found.
    open_list: list = [(0.0, 0, 0, root, None, 0.0)]
    counter = 0
    while open_list:
        _, negative_depth, _, state, link, spent = heapq.heappop(open_list)
        depth = 1 - negative_depth
        for move in space.moves(state):
            child = space.play(state, move)
            key = space.key(child)
            if key in seen:
                continue
            seen.add(key)
            if not meter.tick():
                return SearchOutcome(False, False, (), None, unlink(best_link))
            child_link = (link, move)
            if space.is_goal(child):
                return SearchOutcome(True, False, unlink(child_link), child, unlink(best_link))
            score = space.progress(child)
            if score > best or (score == best and depth < best_depth):
                best, best_link, best_depth = score, child_link, depth
            counter += 1
            paid = depth if cost is None else spent + cost(move)
            heapq.heappush(open_list, (depth_weight * paid - score, -depth, counter, child,
                                       child_link, paid))
    return SearchOutcome(False, True, (), None, unlink(best_link))


def unlink(link: tuple | None) -> tuple:
    """The moves of a chain of (parent link, move) pairs, root first."""
    moves = []
    while link is not None:
        link, move = link
        moves.append(move)
    return tuple(reversed(moves))


def _path(move_lists: list, indices: list[int]) -> tuple:
    """The moves from the root to the position just reached: in each frame, the move tried
    last."""
    return tuple(moves[index - 1] for moves, index in zip(move_lists, indices, strict=True))
