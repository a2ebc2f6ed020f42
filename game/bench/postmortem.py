"""What *Where did it go wrong?* tells a player who lost: the post-mortem on careless games.

A fixed, seeded careless player plays each deal by random legal moves until the game is over
or nothing useful is left (as the table says when it offers the summary); then the post-mortem
runs as the table runs it (`game.ai.post_mortem_run.find_culprit` with the table's time in all
and positions per probe). Per game: the share of definite answers (the losing move named, never
winnable, or still winnable) with its 95% Wilson interval, the median and worst seconds, and
the share of named moves that a longer independent check confirms: the position before the
named move won again from scratch by a line the rules replay to a win, the one after it
proven lost again by a fresh search with a far larger budget.

Run alone: `python -m game.bench.postmortem --first-seed 5001 --games 8 [--cpu]`; `--cpu`
counts CPU seconds instead of wall time, for a machine other programs keep busy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

from game.ai import hints
from game.ai.hints import advisor_of
from game.ai.post_mortem import PROBE_NODES, TOTAL_SECONDS, PostMortem
from game.ai.post_mortem_run import find_culprit
from game.ai.post_mortem_workers import cores
from game.ai.search import Budget
from game.bench.report import Measurement, report, wilson
from game.registry import GAMES as ENTRIES
from game.rules import GAMES

GAME_IDS = tuple(game.id for game in ENTRIES if game.advisor is not None)  # the solitaires
FIRST_SEED, GAMES_EACH = 5001, 8
GAMES_WITHIN_ALL = 2  # within `python -m game.bench all`, which measures everything
MAX_MOVES = 400  # a careless Klondike player could turn the stock for ever
CHECK_SECONDS, CHECK_NODES = 60.0, 2_000_000
DEFINITE = ("culprit", "never", "still_winnable")


def careless_game(game_id: str, seed: int) -> list:
    """The positions of deal `seed` played by random legal moves (the player's own random
    numbers, seeded by the deal) until it is over or nothing useful is left."""
    rules = GAMES[game_id]
    rng = random.Random(f"careless {game_id} {seed}")
    states = [rules.new_game(seed)]
    while len(states) <= MAX_MOVES:
        state = states[-1]
        if rules.is_over(state) or hints.no_productive_moves(rules, state):
            break
        moves = list(rules.legal_moves(state))
        if not moves:
            break
        states.append(rules.apply(state, rng.choice(moves)))
    return states


@dataclass(frozen=True)
class Verdict:
    """One careless game's post-mortem and, for a named move, the independent check."""

    status: str
    seconds: float
    confirmed: bool | None  # None: no move named


def confirm(game_id: str, states: list, outcome: PostMortem) -> bool:
    """Whether a fresh, far longer search agrees: the position before the named move can be
    won (its line replayed by the rules), the one after it cannot."""
    rules = GAMES[game_id]
    budget = Budget(max_seconds=CHECK_SECONDS, max_nodes=CHECK_NODES, clock=time.process_time)
    solve = advisor_of(game_id).solve
    before = solve(states[outcome.culprit], budget)
    if before.status != "won":
        return False
    state = states[outcome.culprit]
    for move in before.line:
        state = rules.apply(state, move)
    if not rules.is_won(state):
        return False
    return solve(states[outcome.culprit + 1], budget).status == "lost"


def verdict(game_id: str, seed: int, check: bool = True, cpu: bool = False) -> Verdict:
    """One careless game's post-mortem; with `cpu`, its seconds are CPU seconds (each
    worker's own, shared among the workers as on an idle machine), so that other programs'
    load does not eat the budget."""
    states = careless_game(game_id, seed)
    clock = time.process_time if cpu else time.perf_counter
    outcome = find_culprit(GAMES[game_id], states,
                           Budget(max_seconds=TOTAL_SECONDS, max_nodes=PROBE_NODES,
                                  clock=clock),
                           workers=cores())
    confirmed = (confirm(game_id, states, outcome)
                 if check and outcome.status == "culprit" else None)
    return Verdict(outcome.status, outcome.seconds, confirmed)


def figures(game_id: str, verdicts: list[Verdict]) -> Iterator[Measurement]:
    games = len(verdicts)
    definite = sum(1 for v in verdicts if v.status in DEFINITE)
    low, high = wilson(definite, games)
    case = f"{game_id} post-mortem"
    for status in (*DEFINITE, "unknown"):
        yield Measurement("postmortem", case, status,
                          sum(1 for v in verdicts if v.status == status), "games")
    yield Measurement("postmortem", case, "definite", 100 * definite / games, "%", budget=90)
    yield Measurement("postmortem", case, "definite_ci95_low", 100 * low, "%")
    yield Measurement("postmortem", case, "definite_ci95_high", 100 * high, "%")
    seconds = [v.seconds for v in verdicts]
    yield Measurement("postmortem", case, "seconds_median", statistics.median(seconds), "s",
                      budget=20, higher_is_better=False)
    yield Measurement("postmortem", case, "seconds_worst", max(seconds), "s",
                      higher_is_better=False)
    checked = [v.confirmed for v in verdicts if v.confirmed is not None]
    if checked:
        yield Measurement("postmortem", case, "named_confirmed",
                          100 * sum(checked) / len(checked), "%", budget=100)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    first = getattr(args, "first_seed", None)
    first = FIRST_SEED if first is None else first
    within_all = getattr(args, "name", "postmortem") == "all"
    games = getattr(args, "games", None) or (GAMES_WITHIN_ALL if within_all else GAMES_EACH)
    check = not getattr(args, "no_check", False)
    cpu = getattr(args, "cpu", False)
    for game_id in getattr(args, "game_ids", None) or GAME_IDS:
        verdicts = []
        for seed in range(first, first + games):
            found = verdict(game_id, seed, check, cpu)
            print(f"{game_id} deal {seed}: {found.status}, {found.seconds:.1f} s"
                  + ("" if found.confirmed is None else
                     f", {'confirmed' if found.confirmed else 'NOT confirmed'}"),
                  file=sys.stderr, flush=True)
            verdicts.append(found)
        yield from figures(game_id, verdicts)


def main(argv: list[str] | None = None) -> int:
    command_line = argparse.ArgumentParser(
        prog="python -m game.bench.postmortem",
        description="Careless games of each solitaire and the post-mortem the table gives.")
    command_line.add_argument("--first-seed", type=int, default=FIRST_SEED)
    command_line.add_argument("--games", type=int, default=GAMES_EACH)
    command_line.add_argument("--game", dest="game_ids", action="append", choices=GAME_IDS)
    command_line.add_argument("--no-check", action="store_true",
                              help="skip the longer independent check of named moves")
    command_line.add_argument("--cpu", action="store_true",
                              help="count CPU seconds, not wall time (for a busy machine)")
    args = command_line.parse_args(argv)
    if args.games <= 0 or args.first_seed < 0:
        command_line.error("--games must be positive and --first-seed not negative")
    report(run(args), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
