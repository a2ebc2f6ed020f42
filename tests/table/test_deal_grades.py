"""Grades at the table: winnable deals of the grade chosen, and the grade on the toolbar."""

import pytest

from game.registry import GRADES
from game.rules import GAMES
from game.scenes.option_rows import TABS
from game.scenes.table import winnable
from game.scenes.table.klondike import KlondikeTable
from game.store import Settings

OPTIONS = {"draw": 3, "redeals": None, "start_rank": 1, "scoring": "standard"}


@pytest.mark.parametrize("grade", GRADES)
def test_winnable_deals_of_a_grade_are_that_grade(grade):
    seeds = winnable.winnable_seeds("klondike", OPTIONS, grade)
    grades = winnable.grades_for("klondike", OPTIONS)
    assert seeds and all(grades[seed] == grade for seed in seeds)


def test_any_grade_is_the_whole_pool():
    pool = winnable.pool_for("klondike", OPTIONS)
    assert winnable.winnable_seeds("klondike", OPTIONS, "any") == pool.seeds


def test_the_toolbar_tells_a_graded_deals_grade():
    seed, grade = next(iter(winnable.grades_for("klondike", OPTIONS).items()))
    first = GAMES["klondike"].new_game(seed, **OPTIONS)
    assert winnable.deal_note(GAMES["klondike"], first) == f"Winnable deal, {grade}"
    unknown = GAMES["klondike"].new_game(10**12, **OPTIONS)
    assert winnable.deal_note(GAMES["klondike"], unknown) == ""


def test_a_new_winnable_deal_is_of_the_grade_chosen(make_table, context):
    context.settings.klondike.winnable_only = True
    context.settings.klondike.winnable_grade = "expert"
    table = make_table(KlondikeTable(context).new_state(1))
    grades = winnable.grades_for("klondike", OPTIONS)
    dealt = []
    for _ in range(5):
        table.scene.advisor.winnable_deal(dealt.append)
    assert dealt and all(grades[seed] == "expert" for seed in dealt)


def test_one_options_row_chooses_winnable_deals_and_their_grade():
    row = next(option for option in TABS[0].options if option.label == "Winnable deals only")
    settings = Settings()
    assert row.value(settings) == "off"
    row.step(settings, 1)
    assert settings.klondike.winnable_only and row.value(settings) == "any"
    row.step(settings, 1)
    assert row.value(settings) == "easy" and settings.klondike.winnable_grade == "easy"
    row.step(settings, -2)
    assert not settings.klondike.winnable_only and row.value(settings) == "off"
    assert settings.klondike.winnable_grade == "easy"  # remembered for next time


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_grade_stays_on_the_toolbar_in_a_small_window(make_table, context, size):
    """At 640x480 the whole note does not fit beside the numbers: a shorter wording of it
    does, rather than none."""
    seed, grade = next(iter(winnable.grades_for("klondike", OPTIONS).items()))
    table = make_table(GAMES["klondike"].new_game(seed, **OPTIONS), size=size)
    table.settle()
    shown = table.scene.toolbar.readings
    assert any(grade in reading.lower() for reading in shown), shown
    assert "Moves 0" in shown
