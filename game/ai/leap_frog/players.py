"""Computer players for Leap Frog, the board game (RULES.md section 4).

Three strengths:
- "easy" is greedy: it takes about the biggest capture on offer, picking at random among
  those within a point of the best, so a careful person can beat it.
- "medium" looks one reply ahead: each move is judged by what it takes less about the best
  capture it leaves to the next player.
- "hard", against one other player, deepens an alpha-beta search until the time runs out and
  plays the choice of the deepest search it finished; against more, it follows its best
  moves through a whole round of sensible replies (`leap_frog.rounds`).

Every strength works from the candidate moves of `leap_frog.moves`, never from the rules'
full list of leaps, which can be enormous with diagonal leaps.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from game.ai.collector import collector_paused
from game.ai.leap_frog.moves import (
    Candidate,
    Values,
    leap_candidates,
    removal_candidates,
    values_of,
)
from game.ai.leap_frog.rounds import round_choice
from game.ai.leap_frog.search import ROOT_REMOVALS, Limits, Search
from game.rules.leap_frog import RULES, LeapFrogBoardState
from game.rules.leap_frog_board import Geometry, geometry
from game.rules.moves import Cell, Leap, RemovePiece

__all__ = ["STRENGTHS", "choose_move", "greedy_move"]

STRENGTHS = ("easy", "medium", "hard")
SEARCH_DEPTHS = {"medium": 1, "hard": 24}
# The share of the time limit the search may use: the rest covers the last node searched,
# returning the move, and a machine busy with other work (such as drawing the table).
SEARCH_SHARE = 0.8
EASY_SLACK = 1  # points below the best capture that the easy player still considers
EASY_REMOVAL_CHOICES = 8


def choose_move(state: LeapFrogBoardState, strength: str = "medium", *, time_limit: float = 0.25,
                cancel: threading.Event | None = None,
                seed: int | None = None,
                clock: Callable[[], float] = time.perf_counter) -> RemovePiece | Leap:
    """A legal move for the player to move in `state`, found within about `time_limit` seconds
    of `clock` (wall time by default).

    When `cancel` is set the search stops and the best move found so far is returned. With a
    `seed` the choice is repeatable whenever the time limit does not cut the search short.
    Raises ValueError for an unknown strength or a finished game.
    """
    started = clock()
    if strength not in STRENGTHS:
        raise ValueError(f"unknown strength {strength!r}; expected one of {STRENGTHS}")
    rng = random.Random(seed)
    geo = geometry(state.options.size, state.options.diagonal)
    values = values_of(state.board)
    candidates = _root_candidates(state, geo, values)
    if strength == "easy":
        chosen = _easy_choice(candidates, RULES.must_remove(state), rng)
    else:
        limits = Limits(started + SEARCH_SHARE * max(time_limit, 0.0), cancel, clock)
        with collector_paused():
            chosen = _searched_choice(state, geo, values, _shuffled_ties(candidates, rng),
                                      SEARCH_DEPTHS[strength], limits)
    return _as_move(chosen, geo.cells)


def greedy_move(state: LeapFrogBoardState) -> RemovePiece | Leap:
    """The most valuable capture the candidate walk finds (first in board order on ties);
    in the opening, the removal that looks best. ValueError for a finished game."""
    geo = geometry(state.options.size, state.options.diagonal)
    return _as_move(_root_candidates(state, geo, values_of(state.board))[0], geo.cells)


def _root_candidates(state: LeapFrogBoardState, geo: Geometry, values: Values) -> list[Candidate]:
    """The moves to choose from, most valuable first; ValueError when there are none."""
    if RULES.must_remove(state):
        candidates = removal_candidates(values, geo, ROOT_REMOVALS)
    else:
        candidates = leap_candidates(values, geo)
    if not candidates:
        raise ValueError("the game is over: there is no move to choose")
    return candidates


def _searched_choice(state: LeapFrogBoardState, geo: Geometry, values: Values,
                     candidates: list[Candidate], max_depth: int, limits: Limits) -> Candidate:
    """The search's choice among `candidates`, tried in the order given: alpha-beta with two
    players or at depth 1 (medium), else a round of modelled replies.

    The search and its tables are gone once this returns, so they are freed before garbage
    collection resumes rather than examined by it.
    """
    fresh = sum(1 << player for player, taken in enumerate(state.captured) if not taken)
    players = state.options.players
    if players > 2 and max_depth > 1:
        return round_choice(values, geo, candidates, state.to_move, players, fresh, limits)
    search = Search(geo, players, state.to_move, limits)
    root = search.root_node(values, state.to_move, fresh)
    chosen, _ = search.deepen(root, max_depth, candidates)
    return chosen


def _easy_choice(candidates: list[Candidate], removing: bool,
                 rng: random.Random) -> Candidate:
    if removing:
        return rng.choice(candidates[:EASY_REMOVAL_CHOICES])
    top = candidates[0].gain
    return rng.choice([move for move in candidates if move.gain >= top - EASY_SLACK])


def _shuffled_ties(candidates: list[Candidate], rng: random.Random) -> list[Candidate]:
    """The candidates by gain, most first, equal gains in an order drawn from `rng`."""
    shuffled = candidates[:]
    rng.shuffle(shuffled)
    shuffled.sort(key=lambda move: move.gain, reverse=True)
    return shuffled


def _as_move(candidate: Candidate, cells: tuple[Cell, ...]) -> RemovePiece | Leap:
    if len(candidate.path) == 1:
        return RemovePiece(cells[candidate.path[0]])
    return Leap(tuple(cells[square] for square in candidate.path))
