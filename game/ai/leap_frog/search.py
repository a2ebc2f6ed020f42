"""Alpha-beta search for the Leap Frog computer players.

Values are points seen from the searching player's side: what they capture counts for them,
what another player captures counts against them (see `Search.worth`). With two players that
is plain minimax on the score difference; with more (which only the one-move-deep medium
player searches) every other player is taken as one side that works against the searching
player. A value covers only the
captures from a position on, never the scores so far, so it does not depend on how play
reached the position and the transposition table can share it between move orders. At the
search horizon the player to move is credited with about the best capture they have, which
keeps the search from leaving a big capture to the next player.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.leap_frog.moves import (
    Candidate,
    Path,
    Values,
    best_leap_gain,
    leap_candidates,
    play,
    removal_candidates,
)
from game.rules.leap_frog_board import Geometry

EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = float("inf")
THREAT_WEIGHT = 0.8  # the player to move at the horizon rarely gets all of their best capture
# How many candidates a node considers: all at the root, only the most valuable below it.
ROOT_REMOVALS = 24
INNER_REMOVALS = 8
INNER_LEAPS = 12
INNER_WALK_BUDGET = 16  # `leap_candidates` walk budget below the root


class OutOfTime(Exception):
    """The deadline passed or the search was cancelled."""


@dataclass(frozen=True, slots=True)
class Node:
    values: Values
    to_move: int
    fresh: int  # one bit per player still to take their first turn (a removal)
    key: int  # Zobrist hash of the three fields above

    @property
    def removing(self) -> bool:
        """The player to move is on their first turn, which removes a piece."""
        return bool(self.fresh >> self.to_move & 1)


class Zobrist:
    """Random 64-bit keys whose XOR identifies a board, the player to move and the opening."""

    def __init__(self, squares: int, players: int) -> None:
        rng = random.Random(0x1EA9F06)  # fixed, so keys are the same in every search
        self.pieces = [[rng.getrandbits(64) for _value in range(5)] for _square in range(squares)]
        self.movers = [rng.getrandbits(64) for _player in range(players)]
        self.openings = [rng.getrandbits(64) for _player in range(players)]

    def key(self, values: Values, to_move: int, fresh: int) -> int:
        key = self.movers[to_move]
        for square, value in enumerate(values):
            if value is not None:
                key ^= self.pieces[square][value]
        for player, opening in enumerate(self.openings):
            if fresh >> player & 1:
                key ^= opening
        return key


@dataclass
class Limits:
    """When to stop: a deadline on `clock`, and an optional cancel.

    The table waits on the wall clock; a benchmark on a busy machine may pass a CPU clock so
    that other work does not weaken the player it measures.
    """

    deadline: float
    cancel: threading.Event | None = None
    clock: Callable[[], float] = time.perf_counter

    def check(self) -> None:
        if self.clock() >= self.deadline or (self.cancel and self.cancel.is_set()):
            raise OutOfTime


class Search:
    def __init__(self, geo: Geometry, players: int, player: int, limits: Limits) -> None:
        self.geo = geo
        self.players = players
        self.player = player  # whose side the values are on
        self.limits = limits
        self.zobrist = Zobrist(geo.size * geo.size, players)
        self.table: dict[int, tuple[int, float, int, Path | None]] = {}
        self.moves_at: dict[int, list[Candidate]] = {}
        self.nodes = 0

    def worth(self, player: int, points: float) -> float:
        """What `points` captured by `player` are worth to the searching player.

        Another player's capture counts against them shared among all the others: with two
        players, point for point; with more, one rival's gain matters less than one's own.
        """
        return points if player == self.player else -points / (self.players - 1)

    def root_node(self, values: Values, to_move: int, fresh: int) -> Node:
        return Node(values, to_move, fresh, self.zobrist.key(values, to_move, fresh))

    def child(self, node: Node, path: Path) -> Node:
        pieces = self.zobrist.pieces
        values = node.values
        key = node.key ^ self.zobrist.movers[node.to_move]
        start = path[0]
        if len(path) == 1:
            key ^= pieces[start][values[start]] ^ self.zobrist.openings[node.to_move]
        else:
            mover = values[start]
            key ^= pieces[start][mover] ^ pieces[path[-1]][mover]
            between = self.geo.jumped_between
            for here, land in zip(path, path[1:], strict=False):
                jumped = between[here][land]
                key ^= pieces[jumped][values[jumped]]
        to_move = (node.to_move + 1) % self.players
        fresh = node.fresh & ~(1 << node.to_move)
        return Node(play(values, self.geo, path), to_move, fresh,
                    key ^ self.zobrist.movers[to_move])

    def moves(self, node: Node) -> list[Candidate]:
        """The node's candidates, most valuable first (cached: each deepening asks again)."""
        found = self.moves_at.get(node.key)
        if found is None:
            if node.removing:
                found = removal_candidates(node.values, self.geo, ROOT_REMOVALS)
            else:
                found = leap_candidates(node.values, self.geo, INNER_WALK_BUDGET)
            self.moves_at[node.key] = found
        return found

    def evaluate(self, node: Node) -> float:
        """The horizon: the player to move is about to take (most of) their best capture."""
        if node.removing:
            threat = max((value for value in node.values if value is not None), default=0)
        else:
            threat = best_leap_gain(node.values, self.geo)
        return THREAT_WEIGHT * self.worth(node.to_move, threat)

    def value(self, node: Node, depth: int, alpha: float, beta: float) -> float:
        """The node's value to the searching player, exact when strictly inside the window."""
        self.limits.check()
        self.nodes += 1
        entry = self.table.get(node.key)
        best_path = None
        if entry is not None:
            stored_depth, stored, flag, best_path = entry
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and stored >= beta)
                                          or (flag == UPPER and stored <= alpha)):
                return stored
        if depth == 0:
            result = self.evaluate(node)
            if entry is None:  # a deeper entry, even a mere bound, is worth more
                self.table[node.key] = (0, result, EXACT, None)
            return result
        moves = self.moves(node)
        if not moves:
            return 0.0  # the game is over: nobody captures anything more
        width = INNER_REMOVALS if node.removing else INNER_LEAPS
        ordered = _tried_first(moves[:width], best_path, moves)
        maximising = node.to_move == self.player
        low, high = alpha, beta
        best = -INFINITY if maximising else INFINITY
        for move in ordered:
            gain = self.worth(node.to_move, move.gain)
            result = gain + self.value(self.child(node, move.path), depth - 1,
                                       low - gain, high - gain)
            if maximising and result > best:
                best, best_path = result, move.path
                low = max(low, best)
            elif not maximising and result < best:
                best, best_path = result, move.path
                high = min(high, best)
            if low >= high:
                break
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        self.table[node.key] = (depth, best, flag, best_path)
        return best

    def deepen(self, node: Node, max_depth: int,
               order: list[Candidate]) -> tuple[Candidate, int]:
        """The best root move of the deepest search finished in time, and that depth.

        `order` lists the root moves, the one to fall back on first. A search cut short still
        counts when it proved some move better than the previous depth's choice (which is
        always searched first), and at depth 1 its best so far beats no search at all.
        """
        best, completed = order[0], 0
        if len(order) == 1:
            return best, completed
        for depth in range(1, max_depth + 1):
            found = None
            try:
                alpha = -INFINITY
                for move in order:
                    gain = move.gain
                    result = gain + self.value(self.child(node, move.path), depth - 1,
                                               alpha - gain, INFINITY - gain)
                    if found is None or result > alpha:
                        found, alpha = move, result
            except OutOfTime:
                if found is not None:
                    best = found
                break
            best, completed = found, depth
            order = [best, *(move for move in order if move is not best)]
        return best, completed


def _tried_first(moves: list[Candidate], path: Path | None,
                 everything: list[Candidate]) -> list[Candidate]:
    """`moves` with the remembered best move (which may lie beyond the width) in front."""
    if path is None:
        return moves
    remembered = next((move for move in everything if move.path == path), None)
    if remembered is None:
        return moves
    return [remembered, *(move for move in moves if move.path != path)]
