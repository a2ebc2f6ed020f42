"""Where did a lost solitaire go wrong? The first move after which no win was left.

Winnability only ever falls along a game's history: if the position after k moves can be won,
so can every earlier one (play the same moves, then the win). So the positions read "won" up to
some point and "lost" after it, and the move between the last winnable position and the first
lost one is the culprit. The solvers (`game.ai.hints`) answer "won" quickly, but often cannot
prove a loss within their budget, so the search keeps three kinds of answers: proven won,
proven lost, and unknown.

Only the player's own moves can be blamed: the positions searched are those before each move
the player chose (and the last), so a move the table made by itself (an ace sent up, say) is
never the culprit; the player's move it followed is.

The search closes in from both ends of the stretch between the last position proven won and
the first proven lost: up from the win by bisection (the culprit lies just after it, and wins
are quick to find) and down from the loss a step at a time, twice as far after each loss it
proves (losses are cheapest to prove near the end, and a worker's proof goes on from the
later ones'); a position next to either end left unknown is tried again with twice the
budget (see `CulpritSearch.next_probe`). Every winning line it finds marks as won each
later position it passes through, and every verdict proven stays known for the next
post-mortem of the same game. With worker processes (`game.ai.post_mortem_workers`),
several positions are solved at once, and what a worker proved lost helps its next probes;
the driver is `game.ai.post_mortem_run.find_culprit`.

The answer is a `PostMortem`: the culprit with the winning alternative, or "never winnable",
or "still winnable" (a game abandoned in a winnable position), or "unknown" with whatever was
proven.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from game.ai.search import SolveResult

log = logging.getLogger(__name__)

Status = Literal["culprit", "never", "still_winnable", "unknown"]

PROBE_SECONDS = 1.5  # one position's first search, at most
# The position right after the last one proven winnable: the search that can name the culprit.
DECISIVE_SECONDS = 4.0
TOTAL_SECONDS = 20.0  # the whole post-mortem, at most
# Positions one probe may visit on the table's own search thread: the table's cap on every
# search, which keeps a proof's memory within the window's budget.
PROBE_NODES = 200_000
# In a worker process, whose memory is not the window's, a probe may visit up to this many
# (about 150 MB at most): its seconds, not the table's cap, bound it.
WORKER_NODES = 800_000
REMEMBERED = 4_096  # proven verdicts kept for the next post-mortem
# Searches of one position, at most: each try again doubles the budget, and a solver that
# answers "unknown" at once would otherwise be asked for ever.
MAX_TRIES = 12


class Probe(NamedTuple):
    """A position to solve, for how long, and how many times it was tried before (each try
    again gets twice the seconds and positions)."""

    position: int
    seconds: float
    tries: int = 0


@dataclass(frozen=True, slots=True)
class PostMortem:
    """What the search found. Positions count moves: position k is the state after k moves,
    and move k (from 0) leads from position k to position k + 1.

    - "culprit": position `culprit` can be won, position `first_lost` cannot, and every move
      between them but move `culprit` was the table's own; `alternative` is the first move
      of a win from position `culprit`.
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


class _Proven:
    """Verdicts proven in earlier post-mortems: position -> ("won", first move) or
    ("lost", None), the oldest forgotten first."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._known: OrderedDict[tuple[str, Any], tuple[str, Any]] = OrderedDict()

    def get(self, rules: Any, state: Any) -> tuple[str, Any] | None:
        with self._lock:
            return self._known.get((rules.id, state))

    def add(self, rules: Any, state: Any, status: str, first_move: Any) -> None:
        with self._lock:
            self._known[(rules.id, state)] = (status, first_move)
            self._known.move_to_end((rules.id, state))
            while len(self._known) > REMEMBERED:
                self._known.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._known.clear()


PROVEN = _Proven()


class CulpritSearch:
    """The post-mortem of one history, a probe at a time: ask `next_probe` which position to
    solve next and for how long, hand the solver's answer to `record`, and read `outcome`.
    `automatic` holds the indices of the moves the table made by itself; `winnable_deal`
    says the deal is known to be winnable already (a pool's deal, proven when the pool was
    built), so the search starts from it as from a win it found, only without its line."""

    def __init__(self, rules: Any, states: Sequence[Any], automatic: Collection[int] = (),
                 probe_seconds: float = PROBE_SECONDS,
                 decisive_seconds: float = DECISIVE_SECONDS,
                 winnable_deal: bool = False) -> None:
        if not states:
            raise ValueError("a post-mortem needs at least the deal")
        self.rules = rules
        self.states = tuple(states)
        self.last = len(self.states) - 1
        # The positions the player moved from, the deal and the end: the only ones searched.
        self.stops = tuple(k for k in range(self.last + 1)
                           if k in (0, self.last) or k not in automatic)
        self.probe_seconds = probe_seconds
        self.decisive_seconds = decisive_seconds
        self.verdicts: dict[int, str] = {}  # position -> "won" | "lost" | "unknown"
        self.first_moves: dict[int, Any] = {}  # a won position -> the first move of its win
        self.tries: dict[int, int] = {}  # position -> searches that left it unknown
        # Working down from the first loss: the positions asked about, and how many stops
        # before the loss the next one lies.
        self.from_loss: set[int] = set()
        self.loss_step = 1
        self.probes = 0
        for k in self.stops:
            known = PROVEN.get(rules, self.states[k])
            if known is not None:
                self.verdicts[k] = known[0]
                if known[1] is not None:
                    self.first_moves[k] = known[1]
        if winnable_deal:
            self.verdicts.setdefault(0, "won")
        end = self.states[-1]
        if rules.is_over(end) and not rules.is_won(end):
            self.verdicts[self.last] = "lost"  # a finished, lost game needs no search

    # The known boundary -------------------------------------------------------------------

    def boundary(self) -> tuple[int, int]:
        """The last position proven winnable (-1 if none) and the first proven lost (one
        past the last if none)."""
        return (max((k for k, v in self.verdicts.items() if v == "won"), default=-1),
                min((k for k, v in self.verdicts.items() if v == "lost"),
                    default=self.last + 1))

    def settled(self) -> bool:
        """Nothing is left to search: the answer is certain (or the solver contradicts
        itself)."""
        if self.verdicts.get(self.last) == "won" or self.verdicts.get(0) == "lost":
            return True
        won, lost = self.boundary()
        if won >= lost:
            log.warning("post-mortem: the solver calls position %d won and %d lost", won, lost)
            return True
        return won >= 0 and not self.between(won, lost)

    def between(self, low: int, high: int) -> list[int]:
        """The stops strictly between two positions."""
        return [k for k in self.stops if low < k < high]

    def next_probe(self, busy: Collection[int] = ()) -> Probe | None:
        """The position to solve next (none of those `busy` being solved) and the seconds to
        give it; None when there is nothing to do but wait for those busy, or nothing at all
        (`settled`).

        Two ends close in on the culprit, taking turns. From the last win up, the search
        bisects the stretch between the win and the lowest position searched (or being
        searched), wins being quick to find; once that position is next to the win, it is
        tried again with twice the budget. From the first loss down, it tries the position
        just before the loss, then, while each try proves a loss, twice as far each time:
        all an earlier position reaches includes all a later one reaches, so no loss further
        in is cheaper to prove, and a worker's search goes on from what the later proofs
        left it (`game.ai.lost_memory`), so stepping down costs what each step adds. A try
        that proves nothing sends it back to the position just before the loss, tried again
        with twice the budget. A worker left idle by both takes a spare position."""
        if self.settled():
            return None
        if self.last not in self.verdicts:
            return None if self.last in busy else Probe(self.last, self.probe_seconds)
        won, lost = self.boundary()
        open_stops = self.between(won, lost)
        decisive = open_stops[0] if won >= 0 and open_stops else None
        from_end = (self.probes + len(busy)) % 2 == 1
        for side in (from_end, not from_end):
            position = (self._from_loss(open_stops, busy) if side
                        else self._from_win(lost, open_stops, busy))
            if position is not None:
                if side:
                    self.from_loss.add(position)
                break
        else:
            position = self._spare(open_stops, busy) if busy else None
            if position is None:
                return None
        tries = self.tries.get(position, 0)
        base = self.decisive_seconds if position == decisive else self.probe_seconds
        return Probe(position, base * 2 ** tries, tries)

    def _spare(self, open_stops: list[int], busy: Collection[int]) -> int | None:
        """A position for a worker both ends leave idle (each waits for its position being
        searched): the highest not searched yet, else the one tried least, highest first."""
        spare = [k for k in open_stops
                 if k not in busy and self.tries.get(k, 0) < MAX_TRIES]
        return max(spare, key=lambda k: (k not in self.verdicts, -self.tries.get(k, 0), k),
                   default=None)

    def _from_win(self, lost: int, open_stops: list[int], busy: Collection[int]) -> int | None:
        """The middle of the stretch between the last win and the lowest position searched
        or being searched, or that position again once nothing lies between; None when it
        is being searched or was tried as often as a position may be."""
        marks = [k for k in open_stops if k in self.verdicts or k in busy]
        inner = marks[0] if marks else lost
        inside = [k for k in open_stops if k < inner]
        if inside:
            return inside[(len(inside) - 1) // 2]
        return self._again(inner, busy) if marks else None

    def _from_loss(self, open_stops: list[int], busy: Collection[int]) -> int | None:
        """The position `loss_step` stops before the first loss when not searched yet, else
        the one just before the loss (again, when searched already)."""
        if not open_stops:
            return None
        target = open_stops[-min(self.loss_step, len(open_stops))]
        if target not in self.verdicts and target not in busy:
            return target
        top = open_stops[-1]
        if top in busy:
            return None
        return top if top not in self.verdicts else self._again(top, busy)

    def _again(self, position: int, busy: Collection[int]) -> int | None:
        """`position`, searched before and left unknown, unless it is being searched or was
        tried as often as a position may be."""
        if position in busy or self.tries.get(position, 0) >= MAX_TRIES:
            return None
        return position

    def record(self, position: int, result: SolveResult) -> None:
        """The solver's answer for `position`; a winning line also settles the later
        positions of the history it passes through."""
        self.probes += 1
        if position in self.from_loss:
            self.loss_step = self.loss_step * 2 if result.status == "lost" else 1
        if result.status == "unknown":
            self.tries[position] = self.tries.get(position, 0) + 1
            self.verdicts.setdefault(position, "unknown")
            return
        self.verdicts[position] = result.status
        state = self.states[position]
        first = result.line[0] if result.line else None
        PROVEN.add(self.rules, state, result.status, first)
        if result.status != "won" or result.line is None:
            return
        if first is not None:
            self.first_moves[position] = first
        along = {state: 0}
        for index, move in enumerate(result.line, 1):
            state = self.rules.apply(state, move)
            along.setdefault(state, index)
        for later in self.stops:
            if later <= position:
                continue
            reached = along.get(self.states[later])
            if reached is not None and self.verdicts.get(later) != "won":
                self.verdicts[later] = "won"
                if reached < len(result.line):
                    self.first_moves[later] = result.line[reached]

    # The answer ---------------------------------------------------------------------------

    def outcome(self, seconds: float = 0.0) -> PostMortem:
        won, lost = self.boundary()
        known = {"probes": self.probes, "seconds": seconds}
        if self.verdicts.get(0) == "lost":
            return PostMortem("never", first_lost=0, **known)
        if self.verdicts.get(self.last) == "won":
            return PostMortem("still_winnable", alternative=self.first_moves.get(self.last),
                              last_winnable=self.last, **known)
        last_winnable = won if won >= 0 else None
        alternative = self.first_moves.get(won)
        first_lost = lost if lost <= self.last else None
        if last_winnable is not None and first_lost is not None and not self.between(won, lost):
            return PostMortem("culprit", won, alternative, won, lost, **known)
        return PostMortem("unknown", None, alternative, last_winnable, first_lost, **known)
