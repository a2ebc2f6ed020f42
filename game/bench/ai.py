"""Computer Leap Frog players: how strong each level is, and how long its moves take.

Matches: hard against medium, and each level against a plain reference player that always
takes the capture worth the most points now (`greedy_capture`). A match is played in pairs of
games on one deal with the seats swapped, so neither side keeps the first move; the pairs go
round the boards 15x15 to 18x18, plain and Murray, 2 and 4 players (`deal_options`). With four
players the two sides sit alternately and each has two seats; a side wins a game when only its
seats share the top score, and a top score shared across sides is a draw.

Every search move gets the table's time limit measured in CPU time, on the thread that
searches, so the results do not depend on how busy the machine is; the move times reported
are CPU times too.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from game.ai.leap_frog.players import choose_move
from game.bench.report import Measurement, wilson
from game.rules.leap_frog import PIECE_VALUES, RULES, LeapFrogBoardState
from game.rules.moves import Leap, RemovePiece

TIME_LIMIT = 0.25  # seconds, what the table gives a computer player
MOVE_BUDGET_MS = 250  # DESIGN.md: a computer Leap Frog move in under 250 ms
GREEDY = "greedy"
PAIRINGS = (("hard", "medium"), ("easy", GREEDY), ("medium", GREEDY), ("hard", GREEDY))
WIN_RATE_GOALS = {("hard", "medium"): 75}  # percent of the games the first side should win
# Games per pairing by default: 8 deals (every size twice, each variant and player count four
# times: see `deal_options`), each played from both seatings.
MATCH_GAMES = 16
SIZES = (15, 16, 17, 18)
VARIANTS = ("murray", "plain")
PLAYER_COUNTS = (2, 4)


def deal_options(pair: int) -> dict:
    """The options of the `pair`-th pair of games: all 16 boards every 16 pairs, and each
    block of 8 pairs sees every size twice and each variant and player count four times."""
    size = SIZES[pair % 4]
    players = PLAYER_COUNTS[pair // 4 % 2]
    variant = VARIANTS[(pair % 4 // 2 + pair // 4 + pair // 8) % 2]
    return {"size": size, "variant": variant, "players": players}


def greedy_capture(state: LeapFrogBoardState) -> RemovePiece | Leap:
    """The reference player: the legal move that takes the most points now, the first in the
    rules' order on ties (in the opening, the most valuable piece)."""
    def points(move: RemovePiece | Leap) -> int:
        squares = (move.square,) if isinstance(move, RemovePiece) else RULES.jumped_squares(move)
        return sum(PIECE_VALUES[RULES.piece_at(state, square)] for square in squares)

    return max(RULES.legal_moves(state), key=points)


@dataclass
class Result:
    """A side's games in one match."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, other: Result) -> None:
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses


@dataclass
class Match:
    """The first side's results by player count, and every timed move by (level, size)."""

    results: dict[int, Result] = field(default_factory=lambda: defaultdict(Result))
    move_ms: dict[tuple[str, int], list[float]] = field(
        default_factory=lambda: defaultdict(list))

    @property
    def total(self) -> Result:
        total = Result()
        for result in self.results.values():
            total.add(result)
        return total


def play_game(seed: int, seats: tuple[str, ...], side: set[int], match: Match,
              **options: object) -> None:
    """One game from deal `seed`, seat i played by `seats[i]`; the result of the seats in
    `side` goes into `match`, and so does the CPU time of every computer move."""
    state = RULES.new_game(seed, players=len(seats), **options)
    turn = 0
    while not RULES.is_over(state):
        level = seats[state.to_move]
        if level == GREEDY:
            move = greedy_capture(state)
        else:
            started = time.thread_time()
            move = choose_move(state, level, time_limit=TIME_LIMIT, seed=seed * 1000 + turn,
                               clock=time.thread_time)
            match.move_ms[level, state.options.size].append(
                (time.thread_time() - started) * 1000)
        state = RULES.apply(state, move)
        turn += 1
    winners = set(RULES.winners(state))
    result = match.results[len(seats)]
    if not winners & side:
        result.losses += 1
    elif winners - side:
        result.draws += 1
    else:
        result.wins += 1


def play_match(first: str, second: str, games: int, first_seed: int = 0) -> Match:
    """`games` games of `first` against `second`, in pairs on one deal with the seats swapped."""
    match = Match()
    for game in range(games):
        pair, swapped = divmod(game, 2)
        options = deal_options(pair)
        sides = (second, first) if swapped else (first, second)
        seats = tuple(sides[seat % 2] for seat in range(options.pop("players")))
        side = {seat for seat, level in enumerate(seats) if level == first}
        play_game(first_seed + pair, seats, side, match, **options)
    return match


def result_figures(case: str, result: Result, goal: float | None = None,
                   counts: bool = True) -> Iterator[Measurement]:
    """The win rate with its 95% interval and the draws; with `counts`, every game result."""
    counted = (("wins", result.wins), ("draws", result.draws), ("losses", result.losses))
    for metric, value in counted if counts else counted[1:2]:
        yield Measurement("ai", case, metric, value, "games")
    low, high = (100 * bound for bound in wilson(result.wins, result.games))
    yield Measurement("ai", case, "win_rate", 100 * result.wins / max(result.games, 1), "%",
                      budget=goal)
    yield Measurement("ai", case, "win_rate_low95", low, "%")
    yield Measurement("ai", case, "win_rate_high95", high, "%")


def time_figures(move_ms: dict[tuple[str, int], list[float]]) -> Iterator[Measurement]:
    for (level, size), times in sorted(move_ms.items(), key=lambda item: (
            ("easy", "medium", "hard").index(item[0][0]), item[0][1])):
        case = f"{level} {size}x{size}"
        yield Measurement("ai", case, "move_ms_median", statistics.median(times), "ms",
                          budget=MOVE_BUDGET_MS, higher_is_better=False)
        yield Measurement("ai", case, "move_ms_max", max(times), "ms",
                          budget=MOVE_BUDGET_MS, higher_is_better=False)


def run(args: argparse.Namespace) -> Iterator[Measurement]:
    games = args.games or MATCH_GAMES
    games += games % 2  # whole pairs, so both sides move first equally often
    move_ms: dict[tuple[str, int], list[float]] = defaultdict(list)
    for first, second in PAIRINGS:
        match = play_match(first, second, games)
        case = f"{first} vs {second}"
        goal = WIN_RATE_GOALS.get((first, second))
        yield from result_figures(case, match.total, goal)
        for players, result in sorted(match.results.items()):
            yield from result_figures(f"{case}, {players} players", result, counts=False)
        for key, times in match.move_ms.items():
            move_ms[key].extend(times)
    yield from time_figures(move_ms)

