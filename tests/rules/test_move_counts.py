"""Golden counts of legal moves along fixed playouts of each game, as chess engines keep
perft counts: any change to a move generator, or to how a move is played, shows here at once.

A playout deals `seed` with the options, then at each ply lists the legal moves and plays one
picked by a generator seeded alike. The count of moves listed at every ply, and the position
reached, are compared (as digests) with the numbers recorded when the rules were known good.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.rules import GAMES

PLIES = {"leap_frog": 25}  # the board game lists hundreds of moves a ply: fewer plies
SOLITAIRE_PLIES = 150

# (game id, seed, options) -> (moves listed in all, digest of the counts, digest of the end)
GOLDEN = {
    ("klondike", 1, ()):
        (647, "eb1d21e9accd6283", "b18712dfa7484239"),  # 150 plies
    ("klondike", 2, (("draw", 1), ("start_rank", 7))):
        (800, "47b66299e6b34add", "f8d905867c2a03ca"),  # 150 plies
    ("klondike", 3, (("draw", 3), ("redeals", 0), ("scoring", "vegas"))):
        (605, "f2117cec60bd94d3", "5adb5fa84a73c302"),  # 150 plies
    ("leapfrog", 1, ()):
        (35, "a373547a6f4c5224", "0aba979cef9f82ca"),  # 19 plies
    ("leapfrog", 2, ()):
        (139, "ff0bec2d06cab8e3", "525f50043448d227"),  # 57 plies
    ("leap_year", 1, ()):
        (699, "2c59bd96c60d24a9", "a22cf7d3b0c27e40"),  # 113 plies
    ("leap_year", 2, ()):
        (716, "d52082b3b5a30385", "09ff1a4d3a516b44"),  # 93 plies
    ("lucas_leaps", 1, ()):
        (670, "751efccedb537707", "bc2b5badee235703"),  # 150 plies
    ("lucas_leaps", 2, ()):
        (583, "14c924903b11a93b", "0d80ee4709cf3b02"),  # 150 plies
    ("leap_frog", 1, ()):
        (1294, "b730575d28adedf6", "8b52a47ee35927fe"),  # 25 plies
    ("leap_frog", 2, (("size", 16), ("players", 3))):
        (1473, "3ab4732578e5b5f7", "e1fb74ef3aa06d76"),  # 25 plies
}
CASES = [(*case, expected) for case, expected in GOLDEN.items()]


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def playout(game_id: str, seed: int, options: tuple) -> tuple[int, str, str, int]:
    """(moves listed in all, digest of the per-ply counts, digest of the end, plies played)."""
    rules = GAMES[game_id]
    state = rules.new_game(seed, **dict(options))
    pick = random.Random(seed)
    counts = []
    for _ in range(PLIES.get(game_id, SOLITAIRE_PLIES)):
        moves = rules.legal_moves(state)
        counts.append(len(moves))
        if not moves or rules.is_won(state):
            break
        state = rules.apply(state, moves[pick.randrange(len(moves))])
    return sum(counts), digest(counts), digest(rules.to_dict(state)), len(counts)


@pytest.mark.parametrize(("game_id", "seed", "options", "expected"), CASES,
                         ids=[f"{case[0]}-{case[1]}" for case in CASES])
def test_playouts_list_the_moves_they_always_did(game_id, seed, options, expected) -> None:
    total, counts, end, _ = playout(game_id, seed, options)
    assert (total, counts, end) == expected


def test_every_game_has_golden_playouts() -> None:
    assert {case[0] for case in CASES} == set(GAMES)
