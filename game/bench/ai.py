"""Computer Leap Frog players: the hard player's strength and its time per move.

Strength: a match of the hard player against the easy (greedy) one on the default 15x15
Murray board, the first move alternating between them, each game dealt from its own seed.
Time: the wall-clock time of every hard move, since that is what a person at the table waits;
measured in the match and in shorter matches on the 18x18 board, orthogonal and diagonal.
Each move gets the real time limit the table uses, so a long match takes minutes.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from game.ai.leap_frog import choose_move
from game.bench.report import Measurement
from game.rules.leap_frog import RULES

TIME_LIMIT = 0.25  # seconds, what the table gives a computer player
MOVE_BUDGET_MS = 250  # DESIGN.md: a computer Leap Frog move in under 250 ms
WIN_RATE_GOAL = 90  # percent of the match the hard player should win against greedy
MATCH_GAMES = {"ai": 40, "all": 10}  # the default match length, alone or within `all`


@dataclass
class Tally:
    """How a player fared over a match, and how long each of its moves took."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    move_seconds: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def play_game(seed: int, strengths: tuple[str, ...], tally: Tally, player: int,
              **options: object) -> None:
    """One game from deal `seed`, seat i played at `strengths[i]`; `player`'s result and move
    times go into `tally`. Every choice is seeded, so a game replays the same when time allows.
    """
    state = RULES.new_game(seed, players=len(strengths), **options)
    turn = 0
    while not RULES.is_over(state):
        started = time.perf_counter()
        move = choose_move(state, strengths[state.to_move], time_limit=TIME_LIMIT,
                           seed=seed * 1000 + turn)
        if state.to_move == player:
            tally.move_seconds.append(time.perf_counter() - started)
        state = RULES.apply(state, move)
        turn += 1
    winners = RULES.winners(state)
    if player not in winners:
        tally.losses += 1
    elif len(winners) > 1:
        tally.draws += 1
    else:
        tally.wins += 1


def match(games: int, first_seed: int = 0, **options: object) -> Tally:
    """Hard against easy over `games` deals, hard moving first in every other game."""
    tally = Tally()
    for game in range(games):
        hard_first = game % 2 == 0
        play_game(first_seed + game, ("hard", "easy") if hard_first else ("easy", "hard"),
                  tally, 0 if hard_first else 1, **options)
    return tally


def move_times(case: str, tally: Tally) -> Iterator[Measurement]:
    times_ms = [seconds * 1000 for seconds in tally.move_seconds]
    yield Measurement("ai", case, "hard_move_ms_median", statistics.median(times_ms), "ms",
                      budget=MOVE_BUDGET_MS, higher_is_better=False)
    yield Measurement("ai", case, "hard_move_ms_max", max(times_ms), "ms",
                      budget=MOVE_BUDGET_MS, higher_is_better=False)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    games = args.games or MATCH_GAMES.get(args.name, MATCH_GAMES["all"])
    case = "15x15 murray, hard vs easy"
    tally = match(games)
    for metric, value in (("wins", tally.wins), ("draws", tally.draws),
                          ("losses", tally.losses)):
        yield Measurement("ai", case, metric, value, "games")
    yield Measurement("ai", case, "win_rate", 100 * tally.wins / tally.games, "%",
                      budget=WIN_RATE_GOAL)
    yield from move_times(case, tally)
    large_games = max(1, games // 20)
    for diagonal in (False, True):
        case = "18x18 murray" + (" diagonal" if diagonal else "")
        yield from move_times(case, match(large_games, first_seed=1000, size=18,
                                          diagonal=diagonal))
