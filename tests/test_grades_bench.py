"""The grades' benchmark: a reference player of a strength fixed by each deal, its wins per
grade with their intervals, and the verdict on whether they fall grade by grade."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.grading import load_grades
from game.ai.pools import SOURCE_FOLDER, SPECS
from game.bench.grades import lookahead_of, reference_wins, sample
from game.registry import BY_ID

ROOT = Path(__file__).resolve().parents[1]
LUCAS = next(spec for spec in SPECS if spec.name == "lucas_leaps")


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_each_deal_fixes_the_players_look_ahead_within_the_pools_bounds(spec):
    pool = next(pool for pool in BY_ID[spec.game_id].pools if pool.options == spec.options)
    looks = [lookahead_of(spec, seed) for seed in range(1, 200)]
    assert looks == [lookahead_of(spec, seed) for seed in range(1, 200)]
    assert all(pool.lookahead[0] <= look <= pool.lookahead[1] for look in looks)
    assert len(set(looks)) > 50  # players of many strengths


def test_the_sample_spreads_through_the_grade():
    assert sample(list(range(100, 0, -1)), 4) == [1, 26, 51, 76]
    assert sample([3, 1], 5) == [1, 3]


def test_a_player_looking_far_enough_ahead_wins_an_easy_deal(monkeypatch):
    grades = load_grades(SOURCE_FOLDER, LUCAS)
    easy = min(seed for seed, grade in grades.items() if grade == "easy")
    monkeypatch.setattr("game.bench.grades.lookahead_of", lambda spec, seed: 5_000)
    assert reference_wins(LUCAS, easy)


@pytest.mark.subprocess
def test_the_benchmark_reports_each_grades_wins_with_intervals():
    done = subprocess.run([sys.executable, "-m", "game.bench.grades", "--deals", "1",
                           "--pool", "lucas_leaps"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    figures = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    metrics = {(figure["case"], figure["metric"]) for figure in figures}
    for grade in ("easy", "medium", "hard", "expert"):
        for metric in ("reference_wins", "reference_wins_ci95_low", "reference_wins_ci95_high"):
            assert (f"lucas_leaps {grade}", metric) in metrics
    assert ("lucas_leaps", "falls_grade_by_grade") in metrics


def _played_deals(monkeypatch, argv_name: str, deals: int | None = None) -> dict:
    """Run the benchmark's figures with a player that wins every deal: the figures by
    (case, metric)."""
    from argparse import Namespace

    from game.bench.grades import run

    monkeypatch.setattr("game.bench.grades.reference_wins", lambda spec, seed: True)
    args = Namespace(name=argv_name, deals=deals, jobs=1, pools=["lucas_leaps", "leap_year"])
    return {(m.case, m.metric): m for m in run(args)}


def test_by_default_each_pool_plays_its_own_sample_and_the_fall_is_judged(monkeypatch):
    figures = _played_deals(monkeypatch, "grades")
    for spec in SPECS:
        if spec.name in ("lucas_leaps", "leap_year"):
            wanted = next(pool.grade_sample for pool in BY_ID[spec.game_id].pools
                          if pool.options == spec.options)
            assert figures[(f"{spec.name} easy", "deals")].value == wanted
            assert figures[(spec.name, "falls_grade_by_grade")].within_budget is False
    assert len({figures[(f"{name} easy", "deals")].value
                for name in ("lucas_leaps", "leap_year")}) == 2  # each pool its own


def test_within_all_a_few_deals_a_grade_and_no_verdict_held_to_a_budget(monkeypatch):
    figures = _played_deals(monkeypatch, "all")
    assert figures[("leap_year hard", "deals")].value == 5
    assert figures[("leap_year", "falls_grade_by_grade")].within_budget is None


def test_asked_deals_replace_the_pools_own_sample(monkeypatch):
    figures = _played_deals(monkeypatch, "grades", deals=3)
    assert figures[("lucas_leaps expert", "deals")].value == 3
