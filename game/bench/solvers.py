"""Solver benchmark: our Klondike solver beside the public Klondike-Solver (through its Python
wrapper `pyksolve`, a development-only dependency: tests/requirements-bench.txt).

Both get the same deals (any range of seeds), drawing 1 and drawing 3 with unlimited passes,
and the same CPU time per deal: on a shared machine wall time depends on everyone else's load,
CPU time does not. Each figure counts every deal, a deal not answered in time at the full
limit. Our seeds become pyksolve deals card for card (see `deck_string`), and each deal is
checked to be the same on both sides before it is timed. pyksolve runs in a worker process
whose CPU time the kernel caps (its search cannot be interrupted), restarted when a deal
runs over. A win of ours counts only when its line, replayed through the rules, wins; a
loss of ours is a proof (see game.ai.klondike.solver), so our verdicts also give the share of deals
settled, won or lost.

Run through `python -m game.bench solvers`, or `python -m game.bench.solvers --deals 10
--limit 2 --first-seed 1000` for a quick look.
"""

from __future__ import annotations

import argparse
import logging
import math
import multiprocessing
import resource
import statistics
import sys
import time
from collections.abc import Iterator

from game.ai.klondike.solver import solve
from game.ai.search import Budget
from game.bench.report import Measurement, Reporter
from game.rules.cards import shuffled_deck
from game.rules.klondike import RULES

log = logging.getLogger(__name__)

DEALS, LIMIT = 100, 10.0  # deals per draw, CPU seconds per deal
FIRST_SEED = 0
DEALS_WITHIN_ALL, LIMIT_WITHIN_ALL = 10, 2.0
DRAWS = (1, 3)
SUIT_DIGITS = {"C": 1, "D": 2, "H": 3, "S": 4}  # Klondike-Solver's deck notation


def deck_string(seed: int) -> str:
    """The deal for `seed` in Klondike-Solver's deck notation: the cards in the order they
    are dealt, three digits each (rank, then suit). Both games deal row by row from the top
    of the deck, first card of each row face up, and turn the rest in the order dealt; our
    deck's top is the end of `shuffled_deck`. (Our deal also turns the first cards onto the
    waste, which is the first click of the same game.)"""
    return "".join(f"{card.rank:02d}{SUIT_DIGITS[card.suit]}"
                   for card in reversed(shuffled_deck(seed)))


def pysol_layout(seed: int, draw: int) -> str:
    """Our deal in the PySol layout text `pyksolve` prints for a loaded deck."""
    state = RULES.new_game(seed, draw=draw)
    talon = (*state.waste, *reversed(state.stock))
    lines = ["Talon: " + " ".join(card.turned(True).code for card in talon)]
    for pile in state.tableau:
        lines.append(" ".join(card.code if card.face_up else f"<{card.code.upper()}>"
                              for card in pile))
    return "\n".join(lines)


def _pyksolve_worker(connection) -> None:
    """Solve deals sent as (seed, draw, limit); answer (solved, CPU seconds). The kernel
    ends this process once a deal has taken `limit` CPU seconds and at most one more."""
    from pyksolve import solver  # imported here: only the worker needs it

    game = solver.Solitaire()
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    connection.send("ready")
    while (job := connection.recv()) is not None:
        seed, draw, limit = job
        game.load_solitaire(deck_string(seed))
        game.reset_game(draw)
        started = time.process_time()
        cap = math.ceil(started + limit) + 1
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (cap, hard))
        result = game.solve_fast()
        connection.send((abs(result.value) == 1, time.process_time() - started))


def check_same_deal(seed: int, draw: int) -> None:
    """Refuse to compare unless pyksolve lays out exactly our deal for `seed`."""
    from pyksolve import solver

    game = solver.Solitaire()
    game.load_solitaire(deck_string(seed))
    game.reset_game(draw)
    if game.get_pysol() != pysol_layout(seed, draw):
        raise ValueError(f"pyksolve deals seed {seed} differently from ours")


class PyksolveRunner:
    """pyksolve in a worker process, restarted after a deal that runs over the limit."""

    # Wall seconds allowed per CPU second before the worker is given up for stuck (the
    # kernel's CPU cap normally ends it long before).
    WALL_SLACK = 20

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._start()

    def _start(self) -> None:
        self._connection, child = self._context.Pipe()
        self._process = self._context.Process(target=_pyksolve_worker, args=(child,),
                                              daemon=True)
        self._process.start()
        if self._connection.recv() != "ready":
            raise RuntimeError("the pyksolve worker did not start")

    def solve(self, seed: int, draw: int, limit: float) -> tuple[bool, float]:
        """(solved within `limit` CPU seconds, CPU seconds taken, at most `limit`)."""
        self._connection.send((seed, draw, limit))
        if self._connection.poll(self.WALL_SLACK * limit + 5):
            try:
                solved, seconds = self._connection.recv()
            except EOFError:  # the kernel ended it at its CPU cap
                pass
            else:
                return solved and seconds <= limit, min(seconds, limit)
        self._process.kill()
        self._process.join()
        self._start()
        return False, limit

    def close(self) -> None:
        self._connection.send(None)
        self._process.join(timeout=5)


def pyksolve_available() -> bool:
    try:
        import pyksolve  # noqa: F401
    except ImportError:
        return False
    return True


def ours(seed: int, draw: int, limit: float) -> tuple[str, float]:
    """Our verdict on a deal within `limit` CPU seconds ("won" only when the line replayed
    through the rules wins), and the CPU seconds taken, at most `limit`."""
    state = RULES.new_game(seed, draw=draw)
    result = solve(state, Budget(max_seconds=limit, clock=time.process_time))
    status = result.status
    if status == "won":
        for move in result.line:
            state = RULES.apply(state, move)
        if not RULES.is_won(state):
            log.error("seed %d, draw %d: the winning line does not win", seed, draw)
            status = "unknown"
    if result.seconds > limit:
        status = "unknown"
    return status, min(result.seconds, limit)


def _figures(solver: str, draw: int, answers: list[tuple[bool, float]],
             rival: dict[str, float] | None) -> list[Measurement]:
    times = sorted(seconds for _, seconds in answers)
    figures = {
        "solved_fraction": sum(solved for solved, _ in answers) / len(answers),
        "time_median": statistics.median(times),
        "time_p90": times[min(len(times) - 1, int(0.9 * len(times)))],
    }
    case = f"{solver} draw {draw}"
    # The goal: at least as many deals won as pyksolve, and a lower median time. (The 90th
    # percentile is shown but not judged: pyksolve gives up on many deals early, where we
    # search to the limit.)
    judged = ("solved_fraction", "time_median")
    return [Measurement("solvers", case, metric, value,
                        "1" if metric == "solved_fraction" else "s",
                        budget=rival[metric] if rival and metric in judged else None,
                        higher_is_better=metric == "solved_fraction")
            for metric, value in figures.items()]


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    within_all = getattr(args, "name", "solvers") == "all"
    deals = getattr(args, "deals", None) or (DEALS_WITHIN_ALL if within_all else DEALS)
    limit = getattr(args, "limit", None) or (LIMIT_WITHIN_ALL if within_all else LIMIT)
    first = getattr(args, "first_seed", None) or FIRST_SEED
    seeds = range(first, first + deals)
    log.info("Klondike solvers: seeds %d-%d, %g CPU seconds a deal", seeds[0], seeds[-1],
             limit)
    rival_runner = PyksolveRunner() if pyksolve_available() else None
    if rival_runner is None:
        log.warning("pyksolve is not installed (pip install -r tests/requirements-bench.txt); "
                    "measuring our solver alone")
    try:
        for draw in DRAWS:
            rival = None
            if rival_runner is not None:
                answers = []
                for seed in seeds:
                    check_same_deal(seed, draw)
                    answers.append(rival_runner.solve(seed, draw, limit))
                figures = _figures("pyksolve", draw, answers, None)
                yield from figures
                rival = {m.metric: m.value for m in figures}
            verdicts = [ours(seed, draw, limit) for seed in seeds]
            yield from _figures("ours", draw, [(status == "won", seconds)
                                               for status, seconds in verdicts], rival)
            lost = sum(status == "lost" for status, _ in verdicts)
            settled = sum(status != "unknown" for status, _ in verdicts)
            yield Measurement("solvers", f"ours draw {draw}", "proven_lost", lost, "deals")
            yield Measurement("solvers", f"ours draw {draw}", "settled_fraction",
                              settled / len(verdicts), "1")
    finally:
        if rival_runner is not None:
            rival_runner.close()


def main(argv: list[str] | None = None) -> int:
    command_line = argparse.ArgumentParser(prog="python -m game.bench.solvers",
                                           description=__doc__.split("\n\n")[0])
    command_line.add_argument("--deals", type=int, default=DEALS,
                              help=f"deals per draw (default: {DEALS})")
    command_line.add_argument("--limit", type=float, default=LIMIT,
                              help=f"CPU seconds per deal (default: {LIMIT:g})")
    command_line.add_argument("--first-seed", type=int, default=FIRST_SEED,
                              help=f"the first deal's seed (default: {FIRST_SEED})")
    args = command_line.parse_args(argv)
    if args.deals <= 0 or args.limit <= 0 or args.first_seed < 0:
        command_line.error("--deals and --limit must be positive, --first-seed not negative")
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    reporter = Reporter(sys.stdout)
    for measurement in run(args):
        reporter.add(measurement)
    return 0 if reporter.finish() else 1


if __name__ == "__main__":
    sys.exit(main())
