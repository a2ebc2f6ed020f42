"""Grades of the winnable deals: easy, medium, hard or expert, from what the solver measures.

Each deal of a pool is solved once more with a fixed budget of positions, and two things are
kept: how many positions the search needed to find a win (a deal whose right line is hard to
find makes the search back out of many dead ends) and how long the win it found is. A deal
the search does not win within the budget counts as needing more than the budget. The
pool's deals are then ranked by positions needed (the longer win first among equals) and cut
into four equal quarters: the first quarter is easy, the last expert. `python -m game.bench
grades` shows that a fixed reference player wins less often at each grade than at the one
below.

`python -m game.ai.grading` measures every pool's deals and writes them beside the pool as
assets/winnable/<pool>-grades.json, after every few deals, so a stopped run resumes where it
stopped. Loading checks the file like a pool's: a damaged one is not used, with a warning,
and the deals then simply have no grade.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from game.ai.hints import advisor_of
from game.ai.pools import SOURCE_FOLDER, SPECS, PoolSpec, load_pool
from game.ai.search import Budget
from game.registry import GRADES
from game.rules import GAMES
from game.rules.serial import expect_int, expect_keys, expect_list

log = logging.getLogger(__name__)

KIND = "leaps-deal-grades"
FORMAT = 1
KEYS = {"kind", "format", "game", "options", "max_nodes", "max_seconds", "measures"}
MAX_NODES = 300_000  # positions the measuring search may visit on one deal
MAX_SECONDS = 4.0  # and CPU seconds, so that one stubborn deal cannot hold up the rest
SAVE_EVERY = 10  # deals measured between writes of the file
UNSOLVED = 2**62  # the positions a deal the search did not win counts as needing


@dataclass(frozen=True, slots=True)
class Measure:
    """What the solver found on one deal: positions it needed (None: more than the budget)
    and the length of the win (0 when none was found)."""

    nodes: int | None
    length: int

    def difficulty(self) -> tuple[int, int]:
        """What ranks the deals: positions needed (a deal not won, more than any won), then
        the length of the win."""
        return (UNSOLVED if self.nodes is None else self.nodes, self.length)


def grades_file(spec: PoolSpec) -> str:
    return f"{spec.name}-grades.json"


def measure_deal(spec: PoolSpec, seed: int, max_nodes: int = MAX_NODES,
                 max_seconds: float = MAX_SECONDS) -> Measure:
    """Solve deal `seed` of the pool's game and options within the fixed budget."""
    state = GAMES[spec.game_id].new_game(seed, **dict(spec.options))
    budget = Budget(max_nodes=max_nodes, max_seconds=max_seconds, clock=time.process_time)
    result = advisor_of(spec.game_id).solve(state, budget)
    if result.status == "won" and result.line is not None:
        return Measure(result.nodes, len(result.line))
    return Measure(None, 0)


def grades_of(measures: Mapping[int, Measure]) -> dict[int, str]:
    """Each deal's grade: its quarter of the deals ranked from least to most demanding."""
    ranked = sorted(measures, key=lambda seed: (measures[seed].difficulty(), seed))
    count = len(ranked)
    return {seed: GRADES[index * len(GRADES) // count] for index, seed in enumerate(ranked)}


# The file -----------------------------------------------------------------------------------

def file_data(spec: PoolSpec, measures: Mapping[int, Measure], max_nodes: int,
              max_seconds: float) -> dict:
    return {"kind": KIND, "format": FORMAT, "game": spec.game_id,
            "options": dict(spec.options), "max_nodes": max_nodes, "max_seconds": max_seconds,
            "measures": {str(seed): [m.nodes, m.length] for seed, m in measures.items()}}


def parse_measures(data: object, spec: PoolSpec) -> dict[int, Measure]:
    """The measures in a grades file's contents; ValueError naming the first problem."""
    data = expect_keys(data, KEYS, "grades")
    if data["kind"] != KIND or data["format"] != FORMAT:
        raise ValueError("grades: not a grades file of this version")
    if data["game"] != spec.game_id or data["options"] != dict(spec.options):
        raise ValueError("grades: made for another game or other rules")
    if not isinstance(data["measures"], dict):
        raise ValueError("grades: measures are not an object")
    measures = {}
    for key, value in data["measures"].items():
        if not key.isdigit() or len(key) > 12:
            raise ValueError(f"grades: {key!r} is not a deal number")
        nodes, length = expect_list(value, f"grades of deal {key}", 2)
        measures[int(key)] = Measure(
            None if nodes is None else expect_int(nodes, "grades nodes", 0),
            expect_int(length, "grades length", 0))
    return measures


def write_measures(folder: Path, spec: PoolSpec, data: dict) -> None:
    """Write a grades file whole or not at all."""
    path = folder / grades_file(spec)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def load_measures(folder: Path, spec: PoolSpec) -> dict[int, Measure]:
    """The measures of `spec`'s deals from `folder`; empty (with a warning when the file
    exists) when the file is missing or fails a check."""
    path = folder / grades_file(spec)
    if not path.exists():
        return {}
    try:
        return parse_measures(json.loads(path.read_text(encoding="utf-8")), spec)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        log.warning("deal grades %s not used: %s", path, error)
        return {}


def load_grades(folder: Path, spec: PoolSpec) -> dict[int, str]:
    """Each graded deal's grade; deals the file does not hold, or all when it is damaged,
    have none."""
    pool = load_pool(folder, spec)
    measures = load_measures(folder, spec)
    if pool is not None:
        measures = {seed: measures[seed] for seed in pool.seeds if seed in measures}
    return grades_of(measures) if measures else {}


def grade_pool(folder: Path, spec: PoolSpec, max_nodes: int = MAX_NODES,
               max_seconds: float = MAX_SECONDS, at_most: int | None = None,
               retry_unsolved: bool = False) -> int:
    """Measure the pool's deals not measured yet (at most `at_most` of them), and with
    `retry_unsolved` those a smaller budget did not win, saving as it goes; the number of
    deals measured in all."""
    pool = load_pool(folder, spec)
    if pool is None:
        raise ValueError(f"no usable pool {spec.file_name} in {folder}")
    measures = load_measures(folder, spec)
    waiting = [seed for seed in pool.seeds if seed not in measures
               or (retry_unsolved and measures[seed].nodes is None)][:at_most]
    for done, seed in enumerate(waiting, 1):
        measures[seed] = measure_deal(spec, seed, max_nodes, max_seconds)
        if done % SAVE_EVERY == 0 or done == len(waiting):
            write_measures(folder, spec, file_data(spec, measures, max_nodes, max_seconds))
    return len(measures)


def main(argv: list[str] | None = None) -> int:
    command_line = argparse.ArgumentParser(
        prog="python -m game.ai.grading",
        description="Measure each winnable deal with the solver and write the measures "
                    "beside its pool, from which every deal's grade follows. Resumes a "
                    "stopped run.")
    command_line.add_argument("--pool", dest="pools", action="append",
                              choices=[spec.name for spec in SPECS],
                              help="a pool to grade (repeatable; default: every pool)")
    command_line.add_argument("--at-most", type=int, default=None,
                              help="deals to measure per pool in this run")
    command_line.add_argument("--max-nodes", type=int, default=MAX_NODES,
                              help=f"positions the search may visit on a deal (default: "
                                   f"{MAX_NODES:,}); a deal it does not win within them is "
                                   "graded among the hardest")
    command_line.add_argument("--retry-unsolved", action="store_true",
                              help="measure again, with this run's budget, the deals an "
                                   "earlier run's search did not win")
    command_line.add_argument("--max-seconds", type=float, default=MAX_SECONDS,
                              help=f"CPU seconds the search may take on a deal (default: "
                                   f"{MAX_SECONDS:g})")
    command_line.add_argument("--folder", type=Path, default=SOURCE_FOLDER)
    args = command_line.parse_args(argv)
    for spec in SPECS:
        if args.pools and spec.name not in args.pools:
            continue
        started = time.perf_counter()
        count = grade_pool(args.folder, spec, args.max_nodes, args.max_seconds,
                           args.at_most, args.retry_unsolved)
        print(f"{spec.name}: {count} deals measured ({time.perf_counter() - started:.0f} s "
              f"this run)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
