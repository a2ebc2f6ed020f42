"""The benchmark command runs and reports what it measured (quick settings; the figures
themselves are judged by people from a full run, not here)."""

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.bench import BENCHMARKS
from game.bench.frames import measure_animation, open_probe
from game.bench.probes import DT, moving_pieces
from game.bench.winnable import CASES
from game.scenes.tables import TABLES

ROOT = Path(__file__).resolve().parents[1]


def bench(*args: str) -> tuple[int, list[dict], str]:
    """Exit status, the JSON figures and the table of `python -m game.bench ARGS`."""
    done = subprocess.run([sys.executable, "-m", "game.bench", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    lines = done.stdout.splitlines()
    figures = [json.loads(line) for line in lines if line.startswith("{")]
    return done.returncode, figures, done.stdout


def test_every_benchmark_names_an_importable_module():
    import importlib

    for benchmark in BENCHMARKS.values():
        assert callable(importlib.import_module(benchmark.module).run)


@pytest.mark.subprocess
def test_rules_benchmark_measures_every_game():
    status, figures, table = bench("rules", "--seconds", "0.05")
    assert status in (0, 1)  # 1: a budget missed on a busy machine is still a report
    assert {figure["case"] for figure in figures} == {
        "klondike", "leapfrog", "leap_year", "lucas_leaps", "leap_frog"}
    assert all(figure["value"] > 0 for figure in figures)
    assert "moves_per_s" in table


@pytest.mark.subprocess
def test_winnable_benchmark_gives_every_deal_one_verdict():
    status, figures, _ = bench("winnable", "--first-seed", "7", "--deals", "2", "--limit",
                               "0.5")
    assert status == 0
    for name in CASES:
        counts = {figure["metric"]: figure["value"] for figure in figures
                  if figure["case"] == f"{name} winnable"}
        assert counts["won"] + counts["lost"] + counts["unknown"] == 2


@pytest.mark.subprocess
def test_the_winnable_benchmark_can_give_each_deals_verdict():
    done = subprocess.run([sys.executable, "-m", "game.bench.winnable", "--game", "lucas_leaps",
                           "--first-seed", "7", "--deals", "2", "--limit", "0.5", "--each"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0
    lines = [line for line in done.stderr.splitlines() if line.startswith("lucas_leaps deal")]
    assert [line.split(":")[0] for line in lines] == ["lucas_leaps deal 7", "lucas_leaps deal 8"]
    assert all(line.split(": ")[1].split(",")[0] in ("won", "lost", "unknown") for line in lines)
    assert any(line.startswith("{") for line in done.stdout.splitlines())


@pytest.mark.subprocess
def test_solvers_benchmark_takes_a_seed_range():
    status, figures, _ = bench("solvers", "--deals", "1", "--limit", "0.3",
                                   "--first-seed", "50000")
    assert status in (0, 1)
    ours = {(figure["case"], figure["metric"]): figure["value"] for figure in figures
            if figure["case"].startswith("ours")}
    for draw in (1, 3):
        assert 0 <= ours[(f"ours draw {draw}", "solved_fraction")] <= 1
        assert 0 <= ours[(f"ours draw {draw}", "settled_fraction")] <= 1


def test_solvers_benchmark_counts_only_wins_that_replay():
    from game.bench.solvers import ours

    status, seconds = ours(1000, 1, 2.0)
    assert status == "won" and 0 < seconds <= 2.0


@pytest.mark.parametrize("game_id", TABLES)
def test_the_frame_benchmark_drags_and_animates_every_table(game_id, tmp_path):
    app, probe = open_probe(game_id, (1280, 800), str(tmp_path))
    try:
        count = moving_pieces(probe.scene)
        count()
        moved = 0
        for events in probe.drag():  # one stroke: press, carry round, let go
            app.run_frame(DT, events)
            moved = max(moved, count())
            if events[0].type == pygame.MOUSEBUTTONUP:
                break
        assert moved >= 1  # what was picked up followed the mouse
        app.settle()
        animation = measure_animation(app, probe, 0.01)
        assert animation.moving >= 1 and animation.cpu_ms
    finally:
        app.close()


@pytest.mark.subprocess
@pytest.mark.parametrize("args", [["nonsense"], ["rules", "--seconds", "0"],
                                  ["winnable", "--deals", "-1"],
                                  ["winnable", "--first-seed", "-1"],
                                  ["solvers", "--first-seed", "-1"]])
def test_bad_usage_exits_with_status_2(args):
    status, figures, _ = bench(*args)
    assert status == 2 and figures == []
