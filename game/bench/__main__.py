"""Command line: `python -m game.bench [NAME]`; see --help for the names and exit codes."""

from __future__ import annotations

import argparse
import importlib
import sys

from game.bench import BENCHMARKS
from game.bench.report import Reporter

# argparse itself exits with 2 on bad usage, such as an unknown name.
EXIT_OK, EXIT_OVER_BUDGET = 0, 1


def parser() -> argparse.ArgumentParser:
    names = "\n".join(f"  {b.name:<8} {b.summary}" for b in BENCHMARKS.values())
    result = argparse.ArgumentParser(
        prog="python -m game.bench",
        description="Measure the game against the budgets of DESIGN.md. Prints one JSON line "
                    "per figure, then a table with the budgets.",
        epilog=f"benchmarks:\n{names}\n  all      every benchmark\n\n"
               "exit status: 0 all within budget, 1 a budget missed, 2 bad usage",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    result.add_argument("name", nargs="?", default="all", metavar="NAME",
                        choices=[*BENCHMARKS, "all"], help="the benchmark to run (default: all)")
    result.add_argument("--seconds", type=float, default=1.5,
                        help="CPU time to measure each case for, in seconds (default: 1.5)")
    result.add_argument("--games", type=int, default=None,
                        help="games per pairing in the ai benchmark (default: 16), games "
                             "per solitaire in the postmortem benchmark (default: 8)")
    result.add_argument("--deals", type=int, default=None,
                        help="deals per case in the solvers and winnable benchmarks (default: "
                             "100 and 200, or 10 within all), per grade in the grades "
                             "benchmark (default: each pool's own, or 5 within all)")
    result.add_argument("--limit", type=float, default=None,
                        help="CPU seconds per deal in the solvers and winnable benchmarks "
                             "(default: 10, or 2 within all)")
    result.add_argument("--first-seed", type=int, default=None,
                        help="the first deal's seed in the solvers, winnable and postmortem "
                             "benchmarks (default: 0, 1 and 5001)")
    return result


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    if args.seconds <= 0:
        command_line.error("--seconds must be positive")
    for option in ("games", "deals", "limit"):
        value = getattr(args, option)
        if value is not None and value <= 0:
            command_line.error(f"--{option} must be positive")
    if args.first_seed is not None and args.first_seed < 0:
        command_line.error("--first-seed must not be negative")
    requested = list(BENCHMARKS) if args.name == "all" else [args.name]
    reporter = Reporter(sys.stdout)
    for name in requested:
        # Imported only when asked for, so one benchmark's imports never weigh on another's.
        module = importlib.import_module(BENCHMARKS[name].module)
        for measurement in module.run(args):
            reporter.add(measurement)
    return EXIT_OK if reporter.finish() else EXIT_OVER_BUDGET


if __name__ == "__main__":
    sys.exit(main())
