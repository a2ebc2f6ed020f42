"""What the Leapfrog, Leap Year and Lucas Leaps solvers share.

Each solver searches its own compact positions. A move of that search, once played, stands for
one or more *steps*: descriptions of rules moves that still need the real state to become
rules moves (a foundation card names no foundation index, since the solvers fold foundations
that take the same cards into one). `play` records the steps of a move, including the safe
moves the solver makes at once after it, so the winning line can be replayed through the
rules: every move of an answer is one `rules.apply` accepts, and a "won" line ends in a won
state.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from game.ai.search import Budget, Meter, SearchOutcome, SolveResult, depth_first

P = TypeVar("P")
M = TypeVar("M")
Step = Any  # a solver's description of one rules move
Resolve = Callable[[Any, Step], Any]  # (rules state, step) -> rules move
Look = Callable[[Any, Any, Meter], SearchOutcome]  # (space, root, meter): a quick search
LOOK_SHARE = 0.7  # of the budget a look may spend before the complete search begins
# Of the budget left, what each phase but the last may spend: a quick space can be far larger
# than its few left-out moves suggest, and never run out of positions.
QUICK_SHARE = 0.5
PROGRESS_NODES = 2_000  # the search for a progress line once a look proved the loss


class RecordingSpace(Protocol[P, M]):
    """A `SearchSpace` whose `play` can also report the steps a move stands for."""

    def moves(self, position: P) -> Sequence[M]: ...

    def play(self, position: P, move: M, record: list[Step] | None = None) -> P: ...

    def key(self, position: P) -> Hashable: ...

    def is_goal(self, position: P) -> bool: ...

    def progress(self, position: P) -> int: ...

    def finish(self, position: P) -> list[Step]:
        """The steps that win from a goal position (none when it is already won)."""


def rules_line(rules: Any, state: Any, steps: Iterable[Step], resolve: Resolve
               ) -> tuple[tuple, Any]:
    """The rules moves for `steps` from `state`, each checked by `rules.apply`, and the state
    they lead to."""
    line = []
    for step in steps:
        move = resolve(state, step)
        state = rules.apply(state, move)
        line.append(move)
    return tuple(line), state


def steps_of(space: RecordingSpace, position: Any, path: Iterable[Any]) -> list[Step]:
    """The steps of a path of search moves from `position`."""
    steps: list[Step] = []
    for move in path:
        position = space.play(position, move, steps)
    return steps


def solve_space(rules: Any, state: Any, phases: Sequence[RecordingSpace], root: Any,
                root_steps: list[Step], budget: Budget, resolve: Resolve,
                look: Look | None = None, look_share: float = LOOK_SHARE) -> SolveResult:
    """Search from `root` (the position of `state` after the steps `root_steps`) and answer
    in rules moves. The phases share the budget: a quick space that leaves moves out may come
    first, with QUICK_SHARE of what is left, so that a win only a left-out move reaches is
    still found in time; "lost" only when the last phase ran out of positions. Without a win,
    the progress line is the first phase's: the quick space heads for what looks best.

    A `look`, a quick search in the first phase's moves (a beam, say), may go first with a
    share of the budget: it can find a win, and prove a loss only when it reports that it
    left nothing of the space out and that space is the only phase. `look_share` of the
    budget is the look's."""
    meter = budget.start()
    proven_lost = False
    if look is not None:
        meter.limit_share(look_share)
        outcome = look(phases[0], root, meter)
        meter.limit()
        if outcome.found:
            return _won(rules, state, phases[0], root, root_steps, outcome, meter, resolve)
        # It left out nothing of the only space: lost; a short search still gives the
        # progress line a hint may follow.
        proven_lost = outcome.exhausted and len(phases) == 1
        if proven_lost:
            meter.limit(nodes=PROGRESS_NODES)
    first: SearchOutcome | None = None
    for index, space in enumerate(phases):
        if index < len(phases) - 1:
            meter.limit_share(QUICK_SHARE)
        outcome = depth_first(space, root, meter)
        meter.limit()
        first = first or outcome
        if outcome.found or not meter.running():
            break
    if outcome.found:
        return _won(rules, state, space, root, root_steps, outcome, meter, resolve)
    # A look that used up the budget leaves the first phase no time for a line of its own:
    # its best-looking move then still leads a hint.
    path = first.best_path or tuple(phases[0].moves(root)[:1])
    steps = root_steps + steps_of(phases[0], root, path)
    progress, _ = rules_line(rules, state, steps, resolve)
    # Only the last phase leaves no move out: only its running out of positions is a proof.
    proven_lost = proven_lost or (outcome.exhausted and space is phases[-1])
    status = "lost" if proven_lost else "unknown"
    return SolveResult(status, None, meter.nodes, meter.seconds, progress)


def _won(rules: Any, state: Any, space: RecordingSpace, root: Any, root_steps: list[Step],
         outcome: SearchOutcome, meter: Meter, resolve: Resolve) -> SolveResult:
    """The answer for a win `outcome` found in `space`, replayed and checked by the rules."""
    steps = root_steps + steps_of(space, root, outcome.path) + space.finish(outcome.goal)
    line, end = rules_line(rules, state, steps, resolve)
    if not rules.is_won(end):
        raise ValueError(f"{rules.title} solver: the winning line does not win")
    return SolveResult("won", line, meter.nodes, meter.seconds, line)


class GainProbe:
    """Every position a space reaches from a start, looking for one that `gained` says is
    better than the start: the search of `no_productive_moves`. Keys and moves are the
    space's own, so its pruning must keep every position where something is gained."""

    def __init__(self, space: RecordingSpace, gained: Callable[[Any], bool]) -> None:
        self.space = space
        self.gained = gained

    def moves(self, position: Any) -> Sequence[Any]:
        return self.space.moves(position)

    def play(self, position: Any, move: Any) -> Any:
        return self.space.play(position, move)

    def key(self, position: Any) -> Hashable:
        return self.space.key(position)

    def is_goal(self, position: Any) -> bool:
        return self.gained(position)

    def progress(self, position: Any) -> int:
        return 0


def nothing_to_gain(space: RecordingSpace, start: Any, gained: Callable[[Any], bool],
                    budget: Budget) -> bool:
    """True only when the whole space from `start` was searched and no position in it gains
    anything; False when something gains or the budget ran out first."""
    outcome = depth_first(GainProbe(space, gained), start, budget.start())
    return outcome.exhausted
