"""Solver benchmark: our Klondike solver beside the public Klondike-Solver (through its Python
wrapper `pyksolve`, a development-only dependency: tests/requirements-bench.txt).

Both get the same deals, drawing 1 and drawing 3 with unlimited passes, and the same time per
deal; each figure counts every deal, a deal not answered in time at the full limit. Our
seeds become pyksolve deals card for card (see `deck_string`), and each deal is checked to
be the same on both sides before it is timed. pyksolve runs in a worker process, killed when
a deal runs over the limit, since its search cannot be interrupted.

Run through `python -m game.bench solvers`, or `python -m game.bench.solvers --deals 10
--limit 2` for a quick look.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator

from game.ai.klondike_solver import solve
from game.ai.search import Budget
from game.bench.report import Measurement, Reporter
from game.rules.cards import shuffled_deck
from game.rules.klondike import RULES

log = logging.getLogger(__name__)

DEALS, LIMIT = 100, 10.0  # deals per draw, seconds per deal
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
    """Solve deals sent as (seed, draw); answer (solved, seconds)."""
    from pyksolve import solver  # imported here: only the worker needs it

    game = solver.Solitaire()
    connection.send("ready")
    while (job := connection.recv()) is not None:
        seed, draw = job
        game.load_solitaire(deck_string(seed))
        game.reset_game(draw)
        started = time.perf_counter()
        result = game.solve_fast()
        connection.send((abs(result.value) == 1, time.perf_counter() - started))


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
        """(solved within `limit`, seconds taken, at most `limit`)."""
        self._connection.send((seed, draw))
        if self._connection.poll(limit):
            solved, seconds = self._connection.recv()
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


def _ours(seed: int, draw: int, limit: float) -> tuple[bool, float]:
    result = solve(RULES.new_game(seed, draw=draw), Budget(max_seconds=limit))
    return result.status == "won", min(result.seconds, limit)


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
    rival_runner = PyksolveRunner() if pyksolve_available() else None
    if rival_runner is None:
        log.warning("pyksolve is not installed (pip install -r tests/requirements-bench.txt); "
                    "measuring our solver alone")
    try:
        for draw in DRAWS:
            rival = None
            if rival_runner is not None:
                answers = []
                for seed in range(deals):
                    check_same_deal(seed, draw)
                    answers.append(rival_runner.solve(seed, draw, limit))
                figures = _figures("pyksolve", draw, answers, None)
                yield from figures
                rival = {m.metric: m.value for m in figures}
            answers = [_ours(seed, draw, limit) for seed in range(deals)]
            yield from _figures("ours", draw, answers, rival)
    finally:
        if rival_runner is not None:
            rival_runner.close()


def main(argv: list[str] | None = None) -> int:
    command_line = argparse.ArgumentParser(prog="python -m game.bench.solvers",
                                           description=__doc__.split("\n\n")[0])
    command_line.add_argument("--deals", type=int, default=DEALS,
                              help=f"deals per draw, seeds 0 up (default: {DEALS})")
    command_line.add_argument("--limit", type=float, default=LIMIT,
                              help=f"seconds per deal (default: {LIMIT:g})")
    args = command_line.parse_args(argv)
    if args.deals <= 0 or args.limit <= 0:
        command_line.error("--deals and --limit must be positive")
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    reporter = Reporter(sys.stdout)
    for measurement in run(args):
        reporter.add(measurement)
    return 0 if reporter.finish() else 1


if __name__ == "__main__":
    sys.exit(main())
