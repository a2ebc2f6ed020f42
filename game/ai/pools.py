"""Pools of deals proven winnable, for the "Winnable deals only" option.

`python -m game.ai.pools` runs each solitaire's solver on seeds 1..N with a time limit and
keeps the seeds it proved winnable, each proof replayed through the rules before it counts.
A pool holds the options its proofs were made for (the rules options that decide whether a
deal can be won: Klondike's draw, redeals and starting rank; scoring plays no part) and is
written as JSON to assets/winnable/<game>[-<label>].json.

With `--grow-to N` it extends the pools already written instead: it goes on from the seed
after the last one tried until a pool holds N deals, writing the file after every deal, so
an interrupted run loses at most one deal's work and the same command resumes it.

Loading checks everything: the file's kind and format, the game, the options, the seeds, and
that the first seed still deals the very cards it dealt when the pool was made (so a change
to the shuffle can never pass off unproven deals as winnable). A pool failing any check is
not used, with a logged warning; the table then looks for winnable deals itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import __version__
from game.ai.hints import advisor_of
from game.ai.search import Budget
from game.registry import GAMES as ENTRIES
from game.rules import GAMES
from game.rules.serial import expect_int, expect_keys, expect_list, expect_seed

log = logging.getLogger(__name__)

KIND = "leaps-winnable-deals"
FORMAT = 1
SOLVER = f"Leaps {__version__} solvers"
KEYS = {"kind", "format", "game", "options", "solver", "seconds_per_deal", "seeds_tried",
        "first_deal", "seeds"}
SOURCE_FOLDER = Path(__file__).resolve().parents[2] / "assets" / "winnable"
DEFAULT_DEALS = 200
DEFAULT_SECONDS = 2.0


@dataclass(frozen=True)
class PoolSpec:
    """A pool the game ships: which game, and the options its deals are proven for."""

    game_id: str
    options: tuple[tuple[str, Any], ...] = ()
    label: str = ""  # in the file name, for games with several pools

    @property
    def file_name(self) -> str:
        return f"{self.game_id}-{self.label}.json" if self.label else f"{self.game_id}.json"

    @property
    def name(self) -> str:
        return self.file_name.removesuffix(".json")

    def matches(self, game_id: str, options: Mapping[str, Any]) -> bool:
        """Whether a deal of `game_id` with the effective `options` may come from this pool."""
        return game_id == self.game_id and all(
            name in options and options[name] == value for name, value in self.options)


SPECS: tuple[PoolSpec, ...] = tuple(PoolSpec(entry.id, pool.options, pool.label)
                                    for entry in ENTRIES for pool in entry.pools)


def spec_for(game_id: str, options: Mapping[str, Any]) -> PoolSpec | None:
    """The shipped pool that deals of `game_id` with these options may come from, if any."""
    return next((spec for spec in SPECS if spec.matches(game_id, options)), None)


@dataclass(frozen=True)
class Pool:
    spec: PoolSpec
    seeds: tuple[int, ...]
    solver: str
    tried: int = 0  # seeds 1..tried were tried


# Proving deals ------------------------------------------------------------------------------

def deal_fingerprint(game_id: str, seed: int, options: Mapping[str, Any]) -> str:
    """A short digest of the cards `seed` deals: it changes if the shuffle ever does."""
    rules = GAMES[game_id]
    state = rules.to_dict(rules.new_game(seed, **options))
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def proven_winnable(game_id: str, seed: int, options: Mapping[str, Any], seconds: float,
                    cancel: threading.Event | None = None, max_nodes: int | None = None
                    ) -> bool:
    """True when the solver finds a win for the deal within `seconds` (and `max_nodes`) and
    the winning line, replayed through the rules, wins."""
    rules = GAMES[game_id]
    state = rules.new_game(seed, **options)
    budget = Budget(max_seconds=seconds, max_nodes=max_nodes, cancel=cancel)
    result = advisor_of(game_id).solve(state, budget)
    if result.status != "won" or result.line is None:
        return False
    for move in result.line:
        state = rules.apply(state, move)
    return rules.is_won(state)


def first_winnable(game_id: str, options: Mapping[str, Any], seeds: Iterable[int],
                   seconds: float, per_deal: float, cancel: threading.Event | None = None,
                   max_nodes: int | None = None) -> int | None:
    """The first of `seeds` proven winnable, spending at most `per_deal` seconds (and
    `max_nodes`) on each and `seconds` in all; None when time runs out (or `cancel` is set)
    first."""
    deadline = time.perf_counter() + seconds
    for seed in seeds:
        left = deadline - time.perf_counter()
        if left <= 0 or (cancel is not None and cancel.is_set()):
            return None
        if proven_winnable(game_id, seed, options, min(left, per_deal), cancel, max_nodes):
            return seed
    return None


def _prove(job: tuple[PoolSpec, int, float]) -> tuple[int, bool]:
    spec, seed, seconds = job
    return seed, proven_winnable(spec.game_id, seed, dict(spec.options), seconds)


def build_pool(spec: PoolSpec, seeds: Sequence[int], seconds: float, jobs: int = 1) -> dict:
    """Solve every deal of `seeds` (with `jobs` processes) and the pool's file contents."""
    work = [(spec, seed, seconds) for seed in seeds]
    if jobs > 1:
        # Imported here: multiprocessing weighs 20 ms on every table's first frame otherwise.
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            answers = list(pool.map(_prove, work))
    else:
        answers = [_prove(job) for job in work]
    return pool_data(spec, [seed for seed, winnable in answers if winnable], len(work),
                     seconds)


def pool_data(spec: PoolSpec, seeds: Sequence[int], tried: int, seconds: float) -> dict:
    """A pool file's contents: `seeds` proven winnable among the first `tried` seeds."""
    options = dict(spec.options)
    return {"kind": KIND, "format": FORMAT, "game": spec.game_id, "options": options,
            "solver": SOLVER, "seconds_per_deal": seconds, "seeds_tried": tried,
            "first_deal": deal_fingerprint(spec.game_id, seeds[0], options) if seeds else "",
            "seeds": list(seeds)}


def grow_pool(folder: Path, spec: PoolSpec, target: int, seconds: float, jobs: int = 1,
              at_most: int | None = None) -> Pool | None:
    """Extend the pool of `spec` in `folder` (started afresh when there is none) with the
    seeds after the last one tried, `jobs` deals at a time, until it holds `target` deals or
    `at_most` more seeds were tried. The file is rewritten after every batch, so a run that
    is stopped resumes from there. The pool, or None when it is still empty."""
    path = folder / spec.file_name
    pool = load_pool(folder, spec) if path.exists() else None
    if path.exists() and pool is None:
        raise ValueError(f"{path} is not a valid pool; move it away to start afresh")
    seeds = list(pool.seeds) if pool else []
    tried = max(pool.tried, *pool.seeds) if pool else 0
    limit = None if at_most is None else tried + at_most
    from concurrent.futures import ProcessPoolExecutor  # heavy: only when pools are made

    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Inline() as runner:
        while len(seeds) < target and (limit is None or tried < limit):
            count = jobs if limit is None else min(jobs, limit - tried)
            batch = range(tried + 1, tried + 1 + count)
            for seed, winnable in runner.map(_prove, [(spec, seed, seconds) for seed in batch]):
                if winnable:
                    seeds.append(seed)
            tried = batch[-1]
            if seeds:
                write_pool(folder, spec, pool_data(spec, seeds, tried, seconds))
    return load_pool(folder, spec) if seeds else None


class _Inline:
    """`map` in this process, for one job at a time, in the shape of an executor."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc_info: object) -> None:
        return None

    @staticmethod
    def map(function, items):
        return map(function, items)


def write_pool(folder: Path, spec: PoolSpec, data: dict) -> Path:
    """Write a pool's file whole or not at all."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / spec.file_name
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


# Loading ----------------------------------------------------------------------------------

def parse_pool(data: object, spec: PoolSpec) -> Pool:
    """The pool in a file's contents; ValueError naming the first problem found."""
    data = expect_keys(data, KEYS, "pool")
    if data["kind"] != KIND:
        raise ValueError(f"pool: kind is {data['kind']!r}, expected {KIND!r}")
    if expect_int(data["format"], "pool format", 1) != FORMAT:
        raise ValueError(f"pool: format {data['format']} is not {FORMAT}")
    if data["game"] != spec.game_id:
        raise ValueError(f"pool: game is {data['game']!r}, expected {spec.game_id!r}")
    if data["options"] != dict(spec.options):
        raise ValueError(f"pool: options {data['options']!r} are not {dict(spec.options)!r}")
    if not isinstance(data["solver"], str) or not data["solver"]:
        raise ValueError("pool: the solver is not named")
    seeds = tuple(expect_seed(seed) for seed in expect_list(data["seeds"], "pool seeds"))
    if not seeds:
        raise ValueError("pool: no seeds")
    tried = expect_int(data["seeds_tried"], "pool seeds tried", len(seeds))
    if len(set(seeds)) != len(seeds):
        raise ValueError("pool: a seed appears twice")
    if data["first_deal"] != deal_fingerprint(spec.game_id, seeds[0], dict(spec.options)):
        raise ValueError("pool: its first seed no longer deals the cards it was proven for")
    return Pool(spec, seeds, data["solver"], tried)


def load_pool(folder: Path, spec: PoolSpec) -> Pool | None:
    """The pool of `spec` from `folder`, or None (with a logged warning) when its file is
    missing or fails a check."""
    path = folder / spec.file_name
    try:
        return parse_pool(json.loads(path.read_text(encoding="utf-8")), spec)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        log.warning("winnable deals %s not used: %s", path, error)
        return None


class PoolShelf:
    """The pools of one folder, each loaded the first time it is asked for."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._pools: dict[PoolSpec, Pool | None] = {}

    def pool_for(self, game_id: str, options: Mapping[str, Any]) -> Pool | None:
        """The usable pool for these deals, or None when there is no pool or it is damaged."""
        spec = spec_for(game_id, options)
        if spec is None:
            return None
        if spec not in self._pools:
            self._pools[spec] = load_pool(self.folder, spec)
        return self._pools[spec]


# The command --------------------------------------------------------------------------------

def parser() -> argparse.ArgumentParser:
    result = argparse.ArgumentParser(
        prog="python -m game.ai.pools",
        description="Solve deals 1..N of each solitaire and write the seeds proven winnable "
                    "to assets/winnable/, one file per game and options; or, with --grow-to, "
                    "extend the pools already there.")
    result.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                        help=f"deals per pool, seeds 1..N (default: {DEFAULT_DEALS})")
    result.add_argument("--grow-to", type=int, default=None, metavar="N",
                        help="extend each pool from the seed after the last one tried until "
                             "it holds N deals, saving after every deal (run again to resume)")
    result.add_argument("--at-most", type=int, default=None, metavar="N",
                        help="with --grow-to: try at most N more seeds per pool in this run")
    result.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"solver time per deal (default: {DEFAULT_SECONDS:g})")
    result.add_argument("--jobs", type=int, default=1,
                        help="deals solved at once, one process each (default: 1)")
    result.add_argument("--pool", dest="pools", action="append",
                        choices=[spec.name for spec in SPECS],
                        help="a pool to build (repeatable; default: every pool)")
    result.add_argument("--out", type=Path, default=SOURCE_FOLDER,
                        help="folder to write to (default: the game's assets/winnable)")
    return result


def chosen_specs(names: Iterable[str] | None) -> list[PoolSpec]:
    wanted = set(names) if names else None
    return [spec for spec in SPECS if wanted is None or spec.name in wanted]


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    if min(args.deals, args.seconds, args.jobs, args.grow_to or 1, args.at_most or 1) <= 0:
        command_line.error("--deals, --grow-to, --at-most, --seconds and --jobs must be "
                           "positive")
    if args.at_most is not None and args.grow_to is None:
        command_line.error("--at-most goes with --grow-to")
    for spec in chosen_specs(args.pools):
        started = time.perf_counter()
        if args.grow_to is not None:
            try:
                pool = grow_pool(args.out, spec, args.grow_to, args.seconds, args.jobs,
                                 args.at_most)
            except ValueError as error:
                print(f"{spec.name}: {error}", file=sys.stderr, flush=True)
                return 1
            spent = time.perf_counter() - started
            held = len(pool.seeds) if pool else 0
            tried = pool.tried if pool else 0
            print(f"{spec.name}: {held} deals proven winnable of seeds 1..{tried} "
                  f"({spent:.0f} s this run)", flush=True)
            continue
        data = build_pool(spec, range(1, args.deals + 1), args.seconds, args.jobs)
        spent = time.perf_counter() - started
        if data["seeds"]:
            path = write_pool(args.out, spec, data)
            print(f"{spec.name}: {len(data['seeds'])} of {args.deals} deals proven winnable "
                  f"in {spent:.0f} s -> {path}", flush=True)
        else:
            print(f"{spec.name}: no deal proven winnable in {spent:.0f} s; nothing written",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
