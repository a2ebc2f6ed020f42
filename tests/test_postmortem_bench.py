"""The post-mortem benchmark: its careless player is fixed by the seed and plays legal moves
to the end of what is useful, and its figures count definite answers and checked culprits."""

from __future__ import annotations

import argparse

import pytest

from game.ai import hints
from game.ai.post_mortem import PostMortem
from game.bench.postmortem import (
    GAME_IDS,
    MAX_MOVES,
    Verdict,
    careless_game,
    confirm,
    figures,
    run,
)
from game.rules import GAMES
from game.rules.moves import STOCK, CardMove, PileRef
from tests.ai.test_post_mortem import lucas_trap


@pytest.mark.slow
def test_the_careless_player_is_the_same_for_a_seed_and_plays_to_the_end():
    for game_id in GAME_IDS:
        rules = GAMES[game_id]
        states = careless_game(game_id, 11)
        assert states == careless_game(game_id, 11)
        assert states[0] == rules.new_game(11)
        assert all(any(rules.apply(before, move) == after for move in rules.legal_moves(before))
                   for before, after in zip(states, states[1:], strict=False))
        end = states[-1]
        assert (rules.is_over(end) or hints.no_productive_moves(rules, end)
                or len(states) == MAX_MOVES + 1)


def test_the_figures_count_definite_answers_and_confirmed_culprits():
    verdicts = ([Verdict("culprit", 2.0, True)] * 6 + [Verdict("never", 1.0, None)]
                + [Verdict("culprit", 3.0, False)] + [Verdict("unknown", 20.0, None)] * 2)
    got = {figure.metric: figure.value for figure in figures("leapfrog", verdicts)}
    assert (got["culprit"], got["never"], got["unknown"]) == (7, 1, 2)
    assert got["definite"] == 80 and got["definite_ci95_low"] < 80 < got["definite_ci95_high"]
    assert got["seconds_median"] == 2.0 and got["seconds_worst"] == 20
    assert got["named_confirmed"] == 100 * 6 / 7


def test_the_check_confirms_a_true_culprit_and_refuses_a_false_one():
    """The Lucas Leaps trap: turning the stock keeps the win, the Jack of clubs into the
    empty pile loses it."""
    rules = GAMES["lucas_leaps"]
    trap = lucas_trap(0)
    fatal = CardMove(PileRef("waste", 0), PileRef("tableau", 12))
    lost = [trap, rules.apply(trap, fatal)]
    kept = [trap, rules.apply(trap, STOCK)]
    assert confirm("lucas_leaps", lost, PostMortem("culprit", culprit=0, first_lost=1))
    assert not confirm("lucas_leaps", kept, PostMortem("culprit", culprit=0, first_lost=1))


@pytest.mark.slow
def test_the_benchmark_runs_the_tables_post_mortem_and_checks_what_it_names():
    """Klondike deal 5004, played carelessly, has a culprit found at once."""
    args = argparse.Namespace(name="postmortem", first_seed=5004, games=1,
                              game_ids=["klondike"], cpu=False)
    got = {figure.metric: figure.value for figure in run(args)}
    assert got["culprit"] == 1 and got["definite"] == 100 and got["named_confirmed"] == 100
