"""The winnable benchmark's arithmetic: the Wilson interval and the figures of one game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.bench.report import wilson
from game.bench.winnable import CASES, figures


def test_the_wilson_interval_of_known_proportions():
    low, high = wilson(91, 137)
    assert low == pytest.approx(0.5816, abs=1e-4) and high == pytest.approx(0.7379, abs=1e-4)
    assert wilson(0, 10)[0] == 0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1) and wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 20) == pytest.approx((0.2993, 0.7007), abs=1e-4)
    assert wilson(20, 20)[0] == pytest.approx(0.8389, abs=1e-4)


@given(st.integers(1, 2000), st.data())
def test_the_interval_holds_the_share_and_stays_within_0_and_1(trials, data):
    successes = data.draw(st.integers(0, trials))
    low, high = wilson(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


def test_the_figures_count_each_verdict_and_bound_the_share():
    answers = ([("won", 1.0, 500)] * 6 + [("lost", 2.0, 1_000)] * 2
               + [("unknown", 10.0, 7_000)] * 2)
    got = {figure.metric: figure.value for figure in figures("leapfrog", answers)}
    assert (got["won"], got["lost"], got["unknown"]) == (6, 2, 2)
    assert got["settled_rate"] == 80 and got["winnable_of_settled"] == 75
    assert got["winnable_of_settled_ci95_low"] < 75 < got["winnable_of_settled_ci95_high"]
    assert (got["winnable_at_least"], got["winnable_at_most"]) == (60, 80)
    assert got["winnable_at_least_ci95_low"] < 60 and got["winnable_at_most_ci95_high"] > 80
    assert got["seconds_median"] == 1.0 and got["positions_per_s"] == 19_000 / 30


def test_every_solitaire_is_measured():
    assert {case.game_id for case in CASES.values()} == {
        "klondike", "leapfrog", "leap_year", "lucas_leaps"}
    assert {dict(case.options).get("draw") for case in CASES.values()} >= {1, 3}
