"""Where did a lost solitaire go wrong? The first move after which no win was left.

Winnability only ever falls along a game's history: if the position after k moves can be won,
so can every earlier one (play the same moves, then the win). So the positions read "won" up to
some point and "lost" after it, and the move between the last winnable position and the first
lost one is the culprit. The solvers (`game.ai.hints`) answer "won" quickly, but often cannot
prove a loss within any budget, so the search keeps three kinds of answers: proven won, proven
lost, and unknown. It bisects between the last position proven won and the first proven lost
(or unknown: an unknown is most often a loss the solver cannot prove), and every winning line
it finds also marks as won each later position of the history that the line passes through.

The answer is a `PostMortem`: the culprit with the winning alternative, or "never winnable",
or "still winnable" (a game abandoned in a winnable position), or "unknown" with whatever was
proven. `CulpritSearch` is the step-by-step form the table drives one probe at a time on its
search thread; `find_culprit` runs it to the end in one call.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from game.ai import hints
from game.ai.search import Budget, SolveResult

log = logging.getLogger(__name__)

Status = Literal["culprit", "never", "still_winnable", "unknown"]

PROBE_SECONDS = 1.5  # one position's search, at most
# The position right after the last one proven winnable: the search that can name the culprit.
DECISIVE_SECONDS = 4.0
TOTAL_SECONDS = 20.0  # the whole post-mortem, at most


@dataclass(frozen=True, slots=True)
class PostMortem:
    """What the search found. Positions count moves: position k is the state after k moves,
    and move k (from 0) leads from position k to position k + 1.

    - "culprit": position `culprit` can be won, position `culprit + 1` cannot; `alternative`
      is the first move of a win from position `culprit`.
    - "never": the deal itself is proven lost.
    - "still_winnable": the last position can still be won; `alternative` starts the win.
    - "unknown": not settled; `last_winnable` (with its `alternative`) and `first_lost` say
      what was proven, either may be None.
    """

    status: Status
    culprit: int | None = None
    alternative: Any | None = None
    last_winnable: int | None = None
    first_lost: int | None = None
    probes: int = 0
    seconds: float = 0.0


class CulpritSearch:
    """The post-mortem of one history, a probe at a time: ask `next_probe` which position to
    solve next and for how long, hand the solver's answer to `record`, and read `outcome`."""

    def __init__(self, rules: Any, states: Sequence[Any],
                 probe_seconds: float = PROBE_SECONDS,
                 decisive_seconds: float = DECISIVE_SECONDS) -> None:
        if not states:
            raise ValueError("a post-mortem needs at least the deal")
        self.rules = rules
        self.states = tuple(states)
        self.last = len(self.states) - 1
        self.probe_seconds = probe_seconds
        self.decisive_seconds = decisive_seconds
        self.verdicts: dict[int, str] = {}  # position -> "won" | "lost" | "unknown"
        self.first_moves: dict[int, Any] = {}  # a won position -> the first move of its win
        self.probes = 0
        end = self.states[-1]
        if rules.is_over(end) and not rules.is_won(end):
            self.verdicts[self.last] = "lost"  # a finished, lost game needs no search

    # The known boundary -------------------------------------------------------------------

    def _won(self) -> int:
        """The last position proven winnable, -1 if none."""
        return max((k for k, v in self.verdicts.items() if v == "won"), default=-1)

    def _lost(self) -> int:
        """The first position proven lost, one past the last if none."""
        return min((k for k, v in self.verdicts.items() if v == "lost"), default=self.last + 1)

    def next_probe(self) -> tuple[int, float] | None:
        """The position to solve next and the seconds to give it; None when done."""
        if self.last not in self.verdicts:
            return self.last, self.probe_seconds
        if self.verdicts[self.last] == "won" or self.verdicts.get(0) == "lost":
            return None
        if 0 not in self.verdicts:
            return 0, self.probe_seconds
        won, lost = self._won(), self._lost()
        if won >= lost:
            log.warning("post-mortem: the solver calls position %d won and %d lost", won, lost)
            return None
        probed = sorted(k for k in self.verdicts if won < k < lost)
        # Bisect the unprobed stretches, lowest first: the culprit lies just after `won`.
        for low, high in zip([won, *probed], [*probed, lost], strict=True):
            if high - low > 1:
                middle = (low + high) // 2
                decisive = middle == won + 1
                return middle, self.decisive_seconds if decisive else self.probe_seconds
        return None

    def record(self, position: int, result: SolveResult) -> None:
        """The solver's answer for `position`; a winning line also settles the later
        positions of the history it passes through."""
        self.probes += 1
        self.verdicts[position] = result.status
        if result.status != "won" or result.line is None:
            return
        if result.line:
            self.first_moves[position] = result.line[0]
        state = self.states[position]
        along = {state: 0}
        for index, move in enumerate(result.line, 1):
            state = self.rules.apply(state, move)
            along.setdefault(state, index)
        for later in range(position + 1, self.last + 1):
            reached = along.get(self.states[later])
            if reached is not None and self.verdicts.get(later) != "won":
                self.verdicts[later] = "won"
                if reached < len(result.line):
                    self.first_moves[later] = result.line[reached]

    # The answer ---------------------------------------------------------------------------

    def outcome(self, seconds: float = 0.0) -> PostMortem:
        won, lost = self._won(), self._lost()
        known = {"probes": self.probes, "seconds": seconds}
        if self.verdicts.get(0) == "lost":
            return PostMortem("never", first_lost=0, **known)
        if self.verdicts.get(self.last) == "won":
            return PostMortem("still_winnable", alternative=self.first_moves.get(self.last),
                              last_winnable=self.last, **known)
        last_winnable = won if won >= 0 else None
        alternative = self.first_moves.get(won)
        first_lost = lost if lost <= self.last else None
        if last_winnable is not None and lost == won + 1:
            return PostMortem("culprit", won, alternative, won, lost, **known)
        return PostMortem("unknown", None, alternative, last_winnable, first_lost, **known)


def find_culprit(rules: Any, states: Sequence[Any], budget: Budget | None = None,
                 on_probe: Callable[[int], None] | None = None,
                 probe_seconds: float = PROBE_SECONDS,
                 decisive_seconds: float = DECISIVE_SECONDS) -> PostMortem:
    """The post-mortem of the game whose positions are `states` (the deal first), within
    `budget` (its seconds cap the whole search, TOTAL_SECONDS if it sets none; its nodes cap
    each position's solve; its cancel flag stops it). `on_probe(position)` is called before
    each position is solved."""
    budget = budget or Budget()
    total = budget.max_seconds if budget.max_seconds is not None else TOTAL_SECONDS
    search = CulpritSearch(rules, states, probe_seconds, decisive_seconds)
    clock = budget.clock
    started = clock()
    while (probe := search.next_probe()) is not None:
        left = total - (clock() - started)
        if left <= 0.0 or (budget.cancel is not None and budget.cancel.is_set()):
            break
        position, seconds = probe
        if on_probe is not None:
            on_probe(position)
        result = hints.can_win(rules, states[position],
                               Budget(max_seconds=min(seconds, left),
                                      max_nodes=budget.max_nodes, cancel=budget.cancel,
                                      clock=clock))
        search.record(position, result)
    return search.outcome(clock() - started)
