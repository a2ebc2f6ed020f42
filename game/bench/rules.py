"""Rules throughput: `legal_moves` + `apply` per second in seeded random playouts, one thread.

The loop is the one every caller of the rules runs (hints, solvers, computer players): list the
moves, pick one, apply it, and deal a fresh game when this one is over. Time is the process's
CPU time, so other work on a shared machine does not lower the figure.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from game.bench.report import Measurement
from game.registry import GAMES

# A playout that shuffles cards back and forth for ever is cut here and a new deal begins,
# so the figure covers many positions rather than one loop.
MOVES_PER_GAME = 500
CLOCK_EVERY = 64  # moves between looks at the clock, to keep timing out of the loop


def moves_per_second(rules, seconds: float, seed: int = 0) -> float:
    """Moves listed-and-applied per CPU second over about `seconds` of play (default options)."""
    picker = random.Random(seed)
    game_seed = seed
    state = rules.new_game(game_seed)
    in_game = done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(CLOCK_EVERY):
            moves = rules.legal_moves(state)
            if not moves or rules.is_won(state) or in_game >= MOVES_PER_GAME:
                game_seed += 1
                state, in_game = rules.new_game(game_seed), 0
                continue
            state = rules.apply(state, moves[picker.randrange(len(moves))])
            in_game += 1
            done += 1
        now = time.process_time()
        if now >= deadline:
            return done / (now - start)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    for entry in GAMES:  # budgets (DESIGN.md) are the registry's, per game
        yield Measurement("rules", entry.id, "moves_per_s",
                          moves_per_second(entry.rules, args.seconds), "1/s",
                          budget=entry.moves_per_second)
