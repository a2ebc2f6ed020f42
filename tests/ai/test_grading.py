"""Deal grades: measured once per deal, ranked into four equal grades, saved beside the pool
as the measuring goes (so a stopped run resumes), and trusted only when the file checks out."""

import json
import logging
import shutil

import pytest

from game.ai.grading import (
    Measure,
    file_data,
    grade_pool,
    grades_file,
    grades_of,
    load_grades,
    load_measures,
    main,
    measure_deal,
    ranked,
)
from game.ai.pools import SOURCE_FOLDER, SPECS, load_pool
from game.registry import GRADES

DRAW1 = next(spec for spec in SPECS if spec.name == "klondike-draw1")


@pytest.fixture
def pool_folder(tmp_path):
    """A copy of the shipped draw-1 pool, without its grades."""
    shutil.copy(SOURCE_FOLDER / DRAW1.file_name, tmp_path / DRAW1.file_name)
    return tmp_path


def test_the_grades_are_four_equal_quarters_from_least_to_most_demanding():
    measures = {seed: Measure(nodes, 100) for seed, nodes in enumerate(
        [5, 900, 40, 41, None, 7, 3000, 60], start=1)}
    grades = grades_of(measures)
    assert [grades[seed] for seed in (1, 6)] == ["easy", "easy"]
    assert [grades[seed] for seed in (3, 4)] == ["medium", "medium"]
    assert [grades[seed] for seed in (8, 2)] == ["hard", "hard"]
    assert [grades[seed] for seed in (7, 5)] == ["expert", "expert"]  # unsolved: hardest


def test_of_two_deals_needing_as_many_positions_the_longer_win_is_harder():
    grades = grades_of({1: Measure(50, 200), 2: Measure(50, 100), 3: Measure(10, 10),
                        4: Measure(90, 10)})
    assert GRADES.index(grades[1]) > GRADES.index(grades[2])


def test_with_the_casual_players_wins_a_deal_ranks_by_its_places_in_both_orders():
    # Positions needed order 1 2 3 4; casual wins order 4 3 1 2: places 2, 4, 3, 3.
    measures = {1: Measure(10, 5, 2), 2: Measure(20, 5, 1), 3: Measure(30, 5, 7),
                4: Measure(40, 5, 8)}
    assert ranked(measures) == [1, 3, 4, 2]  # 3 and 4 tie: the fewer positions first


def test_without_every_deals_casual_wins_the_positions_alone_rank():
    measures = {1: Measure(10, 5, 0), 2: Measure(20, 5, None), 3: Measure(30, 5, 8)}
    assert ranked(measures) == [1, 2, 3]


def test_a_grades_file_of_the_first_format_still_loads(pool_folder):
    data = file_data(DRAW1, {}, 10, 1.0) | {"format": 1, "measures": {"1": [40, 170]}}
    (pool_folder / grades_file(DRAW1)).write_text(json.dumps(data))
    assert load_measures(pool_folder, DRAW1) == {1: Measure(40, 170, None)}


def test_grading_adds_the_casual_wins_without_solving_again(pool_folder, monkeypatch):
    grade_pool(pool_folder, DRAW1, at_most=2)
    before = load_measures(pool_folder, DRAW1)
    monkeypatch.setattr("game.ai.grading.measure_deal", lambda *args: pytest.fail("solved"))
    monkeypatch.setattr("game.ai.grading.measure_casual", lambda spec, seed: 3)
    assert grade_pool(pool_folder, DRAW1, at_most=2, casual=True) == 2
    after = load_measures(pool_folder, DRAW1)
    assert after == {seed: Measure(m.nodes, m.length, 3) for seed, m in before.items()}


def test_measuring_a_deal_finds_a_win_and_its_length():
    measure = measure_deal(DRAW1, load_pool(SOURCE_FOLDER, DRAW1).seeds[0])
    assert measure.nodes is not None and measure.nodes > 0 and measure.length > 50


def test_grading_saves_as_it_goes_and_a_later_run_resumes(pool_folder):
    assert grade_pool(pool_folder, DRAW1, at_most=3) == 3
    first = load_measures(pool_folder, DRAW1)
    assert grade_pool(pool_folder, DRAW1, at_most=2) == 5
    again = load_measures(pool_folder, DRAW1)
    assert len(again) == 5 and all(again[seed] == first[seed] for seed in first)
    assert set(load_grades(pool_folder, DRAW1).values()) <= set(GRADES)


def test_the_command_grades_a_pool(pool_folder, capsys):
    assert main(["--pool", DRAW1.name, "--at-most", "2", "--folder", str(pool_folder)]) == 0
    assert "2 deals measured" in capsys.readouterr().out


@pytest.mark.parametrize("change", [
    lambda data: data.update(kind="something else"),
    lambda data: data.update(game="leapfrog"),
    lambda data: data.update(options={"draw": 3}),
    lambda data: data.update(measures=[1, 2]),
    lambda data: data["measures"].update({"x1": [1, 2]}),
    lambda data: data["measures"].update({"7": [1]}),
    lambda data: data["measures"].update({"7": [-1, 2, None]}),
    lambda data: data["measures"].update({"7": ["many", 2, None]}),
    lambda data: data["measures"].update({"7": [True, 2, 1]}),
    lambda data: data["measures"].update({"7": [1, 2]}),
    lambda data: data["measures"].update({"7": [1, 2, -1]}),
    lambda data: data.update(format=3),
    lambda data: data.pop("max_nodes"),
])
def test_a_damaged_grades_file_is_not_used(pool_folder, caplog, change):
    data = file_data(DRAW1, {1: Measure(40, 170), 2: Measure(None, 0)}, 10, 1.0)
    change(data)
    (pool_folder / grades_file(DRAW1)).write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING):
        assert load_grades(pool_folder, DRAW1) == {}
    assert "not used" in caplog.text


@pytest.mark.parametrize("content", [b"", b"\xff\xfe", b"[" * 100_000, b"null"])
def test_a_grades_file_that_is_no_json_object_is_not_used(pool_folder, content):
    (pool_folder / grades_file(DRAW1)).write_bytes(content)
    assert load_grades(pool_folder, DRAW1) == {}


def test_grades_of_deals_no_longer_in_the_pool_are_left_out(pool_folder):
    data = file_data(DRAW1, {1: Measure(40, 170), 10**9: Measure(5, 5)}, 10, 1.0)
    (pool_folder / grades_file(DRAW1)).write_text(json.dumps(data))
    assert set(load_grades(pool_folder, DRAW1)) == {1}


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_every_shipped_deal_has_a_grade(spec):
    pool = load_pool(SOURCE_FOLDER, spec)
    grades = load_grades(SOURCE_FOLDER, spec)
    assert set(grades) == set(pool.seeds)
    counts = [list(grades.values()).count(grade) for grade in GRADES]
    assert max(counts) - min(counts) <= 1
