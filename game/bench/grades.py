"""Do the grades say how hard a deal is? A fixed reference player's wins, grade by grade.

The reference player stands for players of every strength: before each game, how far it
looks ahead is drawn between the pool's `lookahead` bounds in the game registry (evenly on a
log scale, from a beginner's few positions to a strong player's thousands; the draw is fixed
by the deal, so a run always gives the same figures). Before each move it lets the game's
solver visit at most that many positions, plays the first move of the win it found, else the
first move toward the most advanced position it saw, and gives up on a position it has been
in before; it never takes a move back. The grades come from other measures (the positions
one full search needs and, for some pools, a casual player's wins; see `game.ai.grading`);
if they mean anything, this player wins a smaller share of each grade than of the grade
below, on every solitaire. Each share is printed with its 95% Wilson interval.

By default each pool plays its registry entry's `grade_sample` deals a grade, spread through
the grade: at least the samples at which the grades were shown to fall (docs/benchmarks.md),
so that grades which do fall seldom look otherwise by the luck of the sample; Klondike plays
every deal. A deal takes the player under a CPU second in Klondike and Lucas Leaps, about two
in Leapfrog and eight in Leap Year (its look-ahead is the longest), so a default run of every
pool takes about 35 CPU minutes, more than half of them Leap Year's (`--jobs 2` halves the
wait on two free cores). Within `python -m game.bench all` each grade gets a few deals only,
too few to judge, so there the verdict on the fall carries no budget.

Run alone: `python -m game.bench.grades [--pool NAME] [--deals N] [--jobs N]`.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext

from game.ai.grading import GRADES, load_grades
from game.ai.hints import advisor_of
from game.ai.pools import SOURCE_FOLDER, SPECS, PoolSpec
from game.ai.search import Budget
from game.bench.report import Measurement, report, wilson
from game.registry import BY_ID, Pool
from game.rules import GAMES

DEALS_WITHIN_ALL = 5  # per grade, in a run of every benchmark
MOST_MOVES = 2_000  # a game longer than this is lost (no solitaire here needs half as many)


def pool_entry(spec: PoolSpec) -> Pool:
    """The registry's entry for the pool."""
    return next(pool for pool in BY_ID[spec.game_id].pools if pool.options == spec.options)


def lookahead_of(spec: PoolSpec, seed: int) -> int:
    """The positions the reference player looks at before each move of deal `seed`."""
    low, high = pool_entry(spec).lookahead
    draw = random.Random(f"{spec.name} {seed}").uniform(math.log(low), math.log(high))
    return round(math.exp(draw))


def reference_wins(spec: PoolSpec, seed: int) -> bool:
    """Whether the reference player wins deal `seed` of the pool."""
    rules, advisor = GAMES[spec.game_id], advisor_of(spec.game_id)
    budget = Budget(max_nodes=lookahead_of(spec, seed))
    state = rules.new_game(seed, **dict(spec.options))
    seen = {state}
    for _ in range(MOST_MOVES):
        if rules.is_won(state):
            return True
        found = advisor.solve(state, budget)
        if found.status == "won" and found.line:
            move = found.line[0]
        elif found.progress_line:
            move = found.progress_line[0]
        else:
            return False
        state = rules.apply(state, move)
        if state in seen:
            return False
        seen.add(state)
    return False


def sample(seeds: list[int], count: int) -> list[int]:
    """`count` of `seeds` spread evenly through them (all when there are fewer)."""
    ordered = sorted(seeds)
    if len(ordered) <= count:
        return ordered
    return [ordered[index * len(ordered) // count] for index in range(count)]


def _play(job: tuple[PoolSpec, int]) -> bool:
    return reference_wins(*job)


def measure(spec: PoolSpec, deals: int, jobs: int, judged: bool = True
            ) -> Iterator[Measurement]:
    """Each grade's share of wins over `deals` of its deals; `judged`: whether the verdict on
    the fall is held to its budget."""
    grades = load_grades(SOURCE_FOLDER, spec)
    shares = []
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        for grade in GRADES:
            seeds = sample([seed for seed, got in grades.items() if got == grade], deals)
            if not seeds:
                continue
            won = sum((pool.map if pool else map)(_play, [(spec, seed) for seed in seeds]))
            low, high = wilson(won, len(seeds))
            case = f"{spec.name} {grade}"
            shares.append(won / len(seeds))
            yield Measurement("grades", case, "deals", len(seeds), "deals")
            yield Measurement("grades", case, "reference_wins", 100 * won / len(seeds), "%")
            yield Measurement("grades", case, "reference_wins_ci95_low", 100 * low, "%")
            yield Measurement("grades", case, "reference_wins_ci95_high", 100 * high, "%")
    falling = len(shares) == len(GRADES) and all(
        harder < easier for easier, harder in zip(shares, shares[1:], strict=False))
    yield Measurement("grades", spec.name, "falls_grade_by_grade", float(falling), "yes=1",
                      budget=1.0 if judged else None)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    """Each pool's figures: at its default sample, or `--deals` a grade; within `python -m
    game.bench all`, a few deals a grade and no verdict held to a budget."""
    within_all = getattr(args, "name", "grades") == "all"
    asked = getattr(args, "deals", None)
    jobs = getattr(args, "jobs", None) or 1
    wanted = getattr(args, "pools", None)
    for spec in SPECS:
        if not wanted or spec.name in wanted:
            deals = asked or (DEALS_WITHIN_ALL if within_all else pool_entry(spec).grade_sample)
            yield from measure(spec, deals, jobs, judged=not within_all)


def main(argv: list[str] | None = None) -> int:
    command_line = argparse.ArgumentParser(
        prog="python -m game.bench.grades",
        description="Play the graded deals of each pool with a fixed reference player and "
                    "print its share of wins at each grade, with 95%% intervals.")
    command_line.add_argument("--deals", type=int, default=None,
                              help="deals per grade (default: the pool's own sample, 40 to "
                                   "125)")
    command_line.add_argument("--jobs", type=int, default=1,
                              help="deals played at once, one process each (default: 1)")
    command_line.add_argument("--pool", dest="pools", action="append",
                              choices=[spec.name for spec in SPECS],
                              help="a pool to measure (repeatable; default: every pool)")
    args = command_line.parse_args(argv)
    if min(args.deals or 1, args.jobs) <= 0:
        command_line.error("--deals and --jobs must be positive")
    report(run(args), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
