"""How many deals of each solitaire can be won: the solvers' verdicts on a range of seeds.

Each deal gets its game's registered solver with a time limit: a proven win, a proven loss,
or unsettled when the limit ran out first. The share of winnable deals is given three ways:
among the settled deals, with a 95% Wilson interval (fair when a deal's chance of staying
unsettled does not depend on whether it can be won); and as the bounds it cannot leave
whatever the unsettled deals are, each widened to its own 95% Wilson bound.

Run alone: `python -m game.bench.winnable --first-seed 201 --deals 100 --limit 10`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from game.ai.hints import advisor_of
from game.ai.search import Budget
from game.bench.report import Measurement, report, wilson
from game.registry import GAMES as ENTRIES
from game.rules import GAMES


@dataclass(frozen=True)
class Case:
    """One solitaire with the options its deals are solved under."""

    name: str
    game_id: str
    options: tuple[tuple[str, Any], ...] = ()


# One case for each pool of winnable deals a game ships: the options that decide winnability.
CASES = {case.name: case for case in (
    Case(f"{entry.id}-{pool.label}" if pool.label else entry.id, entry.id, pool.options)
    for entry in ENTRIES for pool in entry.pools)}
FIRST_SEED, DEALS, LIMIT = 1, 200, 10.0  # seeds from, deals per game, seconds per deal
DEALS_WITHIN_ALL, LIMIT_WITHIN_ALL = 10, 2.0
STATUSES = ("won", "lost", "unknown")


def verdict(case_name: str, seed: int, limit: float, nodes: int | None
            ) -> tuple[str, float, int]:
    """The solver's answer for one deal, the CPU seconds it took and the positions it
    visited."""
    case = CASES[case_name]
    state = GAMES[case.game_id].new_game(seed, **dict(case.options))
    # CPU time, so that a busy machine does not cost a deal its verdict.
    budget = Budget(max_nodes=nodes, max_seconds=limit, clock=time.process_time)
    result = advisor_of(case.game_id).solve(state, budget)
    return result.status, result.seconds, result.nodes


def figures(case_name: str, answers: list[tuple[str, float, int]]) -> Iterator[Measurement]:
    """The counts, the winnable share with its intervals, the median time, and the
    positions searched a second: the counts at a time limit follow the machine's speed."""
    case = f"{case_name} winnable"
    counts = {status: sum(1 for got, _, _ in answers if got == status) for status in STATUSES}
    won, lost, unknown = (counts[status] for status in STATUSES)
    deals = len(answers)
    for status, count in counts.items():
        yield Measurement("solvers", case, status, count, "deals")
    yield Measurement("solvers", case, "settled_rate", 100 * (won + lost) / deals, "%")
    if won + lost:
        low, high = wilson(won, won + lost)
        yield Measurement("solvers", case, "winnable_of_settled", 100 * won / (won + lost), "%")
        yield Measurement("solvers", case, "winnable_of_settled_ci95_low", 100 * low, "%")
        yield Measurement("solvers", case, "winnable_of_settled_ci95_high", 100 * high, "%")
    yield Measurement("solvers", case, "winnable_at_least", 100 * won / deals, "%")
    yield Measurement("solvers", case, "winnable_at_most", 100 * (won + unknown) / deals, "%")
    yield Measurement("solvers", case, "winnable_at_least_ci95_low",
                      100 * wilson(won, deals)[0], "%")
    yield Measurement("solvers", case, "winnable_at_most_ci95_high",
                      100 * wilson(won + unknown, deals)[1], "%")
    yield Measurement("solvers", case, "seconds_median",
                      statistics.median(seconds for _, seconds, _ in answers), "s",
                      higher_is_better=False)
    seconds = sum(seconds for _, seconds, _ in answers)
    if seconds:
        yield Measurement("solvers", case, "positions_per_s",
                          sum(nodes for _, _, nodes in answers) / seconds, "1/s")


def measure(case_name: str, seeds: range, limit: float, nodes: int | None, jobs: int,
            each: bool = False) -> Iterator[Measurement]:
    """The figures of one game; with `each`, every deal's verdict too, on standard error as
    it comes (to compare two versions of a solver deal by deal)."""
    work = ([case_name] * len(seeds), seeds, [limit] * len(seeds), [nodes] * len(seeds))
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        answers = []
        for seed, answer in zip(seeds, (pool.map if pool else map)(verdict, *work),
                                strict=True):
            answers.append(answer)
            if each:
                status, seconds, visited = answer
                print(f"{case_name} deal {seed}: {status}, {seconds:.2f} s, "
                      f"{visited} positions", file=sys.stderr, flush=True)
    yield from figures(case_name, answers)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    """The figures for each game, with this module's options where `args` has them; within
    `python -m game.bench all`, fewer deals and a shorter limit by default."""
    within_all = getattr(args, "name", "winnable") == "all"
    first = getattr(args, "first_seed", None)
    first = FIRST_SEED if first is None else first
    deals = getattr(args, "deals", None) or (DEALS_WITHIN_ALL if within_all else DEALS)
    limit = getattr(args, "limit", None) or (LIMIT_WITHIN_ALL if within_all else LIMIT)
    nodes = getattr(args, "nodes", None)
    jobs = getattr(args, "jobs", None) or 1
    each = getattr(args, "each", False)
    for case_name in getattr(args, "cases", None) or CASES:
        yield from measure(case_name, range(first, first + deals), limit, nodes, jobs, each)


def parser() -> argparse.ArgumentParser:
    result = argparse.ArgumentParser(
        prog="python -m game.bench.winnable",
        description="Solve a range of deals of each solitaire and count proven wins, proven "
                    "losses and unsettled deals, with the winnable share and its 95% "
                    "intervals. Prints one JSON line per figure, then a table.")
    result.add_argument("--first-seed", type=int, default=FIRST_SEED,
                        help=f"the first seed (default: {FIRST_SEED})")
    result.add_argument("--deals", type=int, default=DEALS,
                        help=f"deals per game, seeds from the first on (default: {DEALS})")
    result.add_argument("--limit", type=float, default=LIMIT,
                        help=f"seconds the solver may spend on each deal (default: {LIMIT:g})")
    result.add_argument("--nodes", type=int, default=None,
                        help="positions the solver may visit on each deal, as well (default: "
                             "no limit); unlike seconds, the same on a busy machine")
    result.add_argument("--jobs", type=int, default=1,
                        help="deals solved at once, one process each (default: 1)")
    result.add_argument("--game", dest="cases", action="append", choices=list(CASES),
                        help="a game to measure (repeatable; default: all)")
    result.add_argument("--each", action="store_true",
                        help="also print each deal's verdict, seconds and positions on "
                             "standard error as it comes")
    return result


def check(args: argparse.Namespace, command_line: argparse.ArgumentParser) -> None:
    """Refuse what cannot be measured (argparse exits with status 2)."""
    if min(args.deals, args.limit, args.jobs, args.nodes or 1) <= 0:
        command_line.error("--deals, --limit, --nodes and --jobs must be positive")
    if args.first_seed < 0:
        command_line.error("--first-seed must not be negative")


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    check(args, command_line)
    report(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
