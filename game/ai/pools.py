"""Pools of deals proven winnable, for the "Winnable deals only" option.

`python -m game.ai.pools` runs each solitaire's solver on seeds 1..N with a time limit and
keeps the seeds it proved winnable, each proof replayed through the rules before it counts.
A pool holds the options its proofs were made for (the rules options that decide whether a
deal can be won: Klondike's draw, redeals and starting rank; scoring plays no part) and is
written as JSON to assets/winnable/<game>[-<label>].json.

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
from game.ai.hints import ADVISORS
from game.ai.search import Budget
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


KLONDIKE_STANDARD = (("redeals", None), ("start_rank", 1))
SPECS: tuple[PoolSpec, ...] = (
    PoolSpec("klondike", (("draw", 3), *KLONDIKE_STANDARD), "draw3"),
    PoolSpec("klondike", (("draw", 1), *KLONDIKE_STANDARD), "draw1"),
    PoolSpec("leapfrog"),
    PoolSpec("leap_year"),
    PoolSpec("lucas_leaps"),
)


def spec_for(game_id: str, options: Mapping[str, Any]) -> PoolSpec | None:
    """The shipped pool that deals of `game_id` with these options may come from, if any."""
    return next((spec for spec in SPECS if spec.matches(game_id, options)), None)


@dataclass(frozen=True)
class Pool:
    spec: PoolSpec
    seeds: tuple[int, ...]
    solver: str


# Proving deals ------------------------------------------------------------------------------

def deal_fingerprint(game_id: str, seed: int, options: Mapping[str, Any]) -> str:
    """A short digest of the cards `seed` deals: it changes if the shuffle ever does."""
    rules = GAMES[game_id]
    state = rules.to_dict(rules.new_game(seed, **options))
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def proven_winnable(game_id: str, seed: int, options: Mapping[str, Any], seconds: float,
                    cancel: threading.Event | None = None) -> bool:
    """True when the solver finds a win for the deal within `seconds` and the winning line,
    replayed through the rules, wins."""
    rules = GAMES[game_id]
    state = rules.new_game(seed, **options)
    result = ADVISORS[game_id].solve(state, Budget(max_seconds=seconds, cancel=cancel))
    if result.status != "won" or result.line is None:
        return False
    for move in result.line:
        state = rules.apply(state, move)
    return rules.is_won(state)


def first_winnable(game_id: str, options: Mapping[str, Any], seeds: Iterable[int],
                   seconds: float, per_deal: float, cancel: threading.Event | None = None
                   ) -> int | None:
    """The first of `seeds` proven winnable, spending at most `per_deal` seconds on each and
    `seconds` in all; None when time runs out (or `cancel` is set) first."""
    deadline = time.perf_counter() + seconds
    for seed in seeds:
        left = deadline - time.perf_counter()
        if left <= 0 or (cancel is not None and cancel.is_set()):
            return None
        if proven_winnable(game_id, seed, options, min(left, per_deal), cancel):
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
    won = [seed for seed, winnable in answers if winnable]
    options = dict(spec.options)
    return {"kind": KIND, "format": FORMAT, "game": spec.game_id, "options": options,
            "solver": SOLVER, "seconds_per_deal": seconds, "seeds_tried": len(work),
            "first_deal": deal_fingerprint(spec.game_id, won[0], options) if won else "",
            "seeds": won}


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
    expect_int(data["seeds_tried"], "pool seeds tried", len(seeds))
    if len(set(seeds)) != len(seeds):
        raise ValueError("pool: a seed appears twice")
    if data["first_deal"] != deal_fingerprint(spec.game_id, seeds[0], dict(spec.options)):
        raise ValueError("pool: its first seed no longer deals the cards it was proven for")
    return Pool(spec, seeds, data["solver"])


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
                    "to assets/winnable/, one file per game and options.")
    result.add_argument("--deals", type=int, default=DEFAULT_DEALS,
                        help=f"deals per pool, seeds 1..N (default: {DEFAULT_DEALS})")
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
    if args.deals <= 0 or args.seconds <= 0 or args.jobs <= 0:
        command_line.error("--deals, --seconds and --jobs must be positive")
    for spec in chosen_specs(args.pools):
        started = time.perf_counter()
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
