"""A round-ahead look for the hard Leap Frog player when three or more play.

Alpha-beta with every other player taken as one side working against the searching player
(the paranoid view) is too gloomy at a table where each player plays for themself: it shies
from good captures to guard against a coalition that never forms, while the player seated
next simply takes what it is left. Instead each move the searcher weighs is followed through
one whole round in which every other player answers the way a sensible player does (the
medium player's rule: the capture worth the most less what it leaves the next player), and
the move is judged by what the searcher takes now and can take when the round comes back, less
what the next player takes. The next player's capture is the one the move itself leaves
open; counting the later players' captures too (as a share, or the biggest) weighed the
searcher down with what it does not decide, and lost more games against the medium player.
"""

from __future__ import annotations

from operator import itemgetter

from game.ai.leap_frog.moves import (
    Candidate,
    Values,
    best_leap_gain,
    leap_candidates,
    play,
    removal_candidates,
)
from game.ai.leap_frog.search import (
    INNER_WALK_BUDGET,
    THREAT_WEIGHT,
    Limits,
    OutOfTime,
)
from game.rules.leap_frog_board import Geometry

REPLY_WIDTH = 10  # the most valuable leaps a modelled reply chooses among
ROOT_WIDTH = 16  # the root moves that the look ahead weighs, the most promising first


def exposed(values: Values, geo: Geometry, move: Candidate) -> tuple[Values, int]:
    """The board after `move`, and about the most the next player can capture on it."""
    after = play(values, geo, move.path)
    return after, best_leap_gain(after, geo)


def reply(values: Values, geo: Geometry, removing: bool,
          limits: Limits) -> tuple[Values, int] | None:
    """The board after a sensible player's move, and the points it took; None when they have
    no capture (the game is over)."""
    if removing:
        found = removal_candidates(values, geo, 1)
        if not found:
            return None
        return play(values, geo, found[0].path), found[0].gain
    best = None
    for move in leap_candidates(values, geo, INNER_WALK_BUDGET)[:REPLY_WIDTH]:
        limits.check()
        after, threat = exposed(values, geo, move)
        score = move.gain - THREAT_WEIGHT * threat
        if best is None or score > best[0]:
            best = (score, after, move.gain)
    return None if best is None else best[1:]


def round_value(values: Values, geo: Geometry, move: Candidate, player: int, players: int,
                fresh: int, limits: Limits) -> float:
    """What `move` is worth to `player` over the round it starts (see the module doc)."""
    board = play(values, geo, move.path)
    fresh &= ~(1 << player)
    next_gain = None
    for offset in range(1, players):
        seat = (player + offset) % players
        answered = reply(board, geo, bool(fresh >> seat & 1), limits)
        if answered is None:
            break
        board, taken = answered
        fresh &= ~(1 << seat)
        if next_gain is None:
            next_gain = taken
    own = move.gain + THREAT_WEIGHT * best_leap_gain(board, geo)
    return own - (next_gain or 0)


def round_choice(values: Values, geo: Geometry, candidates: list[Candidate], player: int,
                 players: int, fresh: int, limits: Limits) -> Candidate:
    """The candidate worth the most over one round. The most promising by the medium
    player's rule are weighed first; when time runs out the best weighed so far is played,
    or without any, the first candidate."""
    if len(candidates) == 1:
        return candidates[0]
    best, best_value = candidates[0], None
    try:
        promise = []
        for move in candidates:
            limits.check()
            promise.append((move.gain - THREAT_WEIGHT * exposed(values, geo, move)[1], move))
        promise.sort(key=itemgetter(0), reverse=True)  # ties keep the order given
        for _, move in promise[:ROOT_WIDTH]:
            value = round_value(values, geo, move, player, players, fresh, limits)
            if best_value is None or value > best_value:
                best, best_value = move, value
    except OutOfTime:
        pass
    return best
