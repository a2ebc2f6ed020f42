"""How many deals of Leapfrog, Leap Year and Lucas Leaps can be won: the solvers' verdicts.

Each deal (seeds 1..N) gets the solver with a time limit: a proven win, a proven loss, or
unknown when the limit ran out first. The share of winnable deals therefore lies between the
proven wins and the proven wins plus the unknowns; both bounds are reported.

Run alone for quick figures: `python -m game.bench.winnable --deals 20 --limit 2`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from game.ai.hints import ADVISORS
from game.ai.search import Budget
from game.bench.report import Measurement, Reporter
from game.rules import GAMES

GAME_IDS = ("leapfrog", "leap_year", "lucas_leaps")
DEALS, LIMIT = 200, 10.0  # deals per game, seconds per deal
DEALS_WITHIN_ALL, LIMIT_WITHIN_ALL = 10, 2.0


def verdict(game_id: str, seed: int, limit: float, nodes: int | None) -> tuple[str, float]:
    """The solver's answer for one deal, and the seconds it took."""
    rules = GAMES[game_id]
    budget = Budget(max_nodes=nodes, max_seconds=limit)
    result = ADVISORS[game_id].solve(rules.new_game(seed), budget)
    return result.status, result.seconds


def measure(game_id: str, deals: int, limit: float, nodes: int | None, jobs: int
            ) -> Iterator[Measurement]:
    seeds = range(1, deals + 1)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        answers = list(pool.map(verdict, [game_id] * deals, seeds, [limit] * deals,
                                [nodes] * deals))
    case = f"{game_id} winnable"
    counts = {status: sum(1 for got, _ in answers if got == status)
              for status in ("won", "lost", "unknown")}
    for status, count in counts.items():
        yield Measurement("solvers", case, status, count, "deals")
    yield Measurement("solvers", case, "won_rate", 100 * counts["won"] / deals, "%")
    yield Measurement("solvers", case, "won_or_unknown_rate",
                      100 * (counts["won"] + counts["unknown"]) / deals, "%")
    yield Measurement("solvers", case, "seconds_median",
                      statistics.median(seconds for _, seconds in answers), "s",
                      higher_is_better=False)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    """The figures for each game, with this module's options where `args` has them; within
    `python -m game.bench all`, fewer deals and a shorter limit by default."""
    within_all = getattr(args, "name", "winnable") == "all"
    deals = getattr(args, "deals", None) or (DEALS_WITHIN_ALL if within_all else DEALS)
    limit = getattr(args, "limit", None) or (LIMIT_WITHIN_ALL if within_all else LIMIT)
    nodes = getattr(args, "nodes", None)
    jobs = getattr(args, "jobs", None) or 1
    for game_id in getattr(args, "game_ids", None) or GAME_IDS:
        yield from measure(game_id, deals, limit, nodes, jobs)


def parser() -> argparse.ArgumentParser:
    result = argparse.ArgumentParser(
        prog="python -m game.bench.winnable",
        description="Solve deals 1..N of each game and count proven wins, proven losses and "
                    "unknowns. Prints one JSON line per figure, then a table.")
    result.add_argument("--deals", type=int, default=DEALS,
                        help=f"deals per game, seeds 1..N (default: {DEALS})")
    result.add_argument("--limit", type=float, default=LIMIT,
                        help=f"seconds the solver may spend on each deal (default: {LIMIT:g})")
    result.add_argument("--nodes", type=int, default=None,
                        help="positions the solver may visit on each deal, as well (default: "
                             "no limit); unlike seconds, the same on a busy machine")
    result.add_argument("--jobs", type=int, default=1,
                        help="deals solved at once, one process each (default: 1)")
    result.add_argument("--game", dest="game_ids", action="append", choices=GAME_IDS,
                        help="a game to measure (repeatable; default: all three)")
    return result


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    if min(args.deals, args.limit, args.jobs, args.nodes or 1) <= 0:
        command_line.error("--deals, --limit, --nodes and --jobs must be positive")
    reporter = Reporter(sys.stdout)
    for measurement in run(args):
        reporter.add(measurement)
    reporter.finish()
    return 0


if __name__ == "__main__":
    sys.exit(main())
