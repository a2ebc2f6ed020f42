"""The statistics page's Daily tab: a game's deals of the day from the calendar, apart from
the numbers beside it, readable and within its place in small and large windows."""

import datetime

import pygame
import pytest

from game.app import LeapsApp
from game.scenes import stats_daily
from game.scenes.stats import DAILY, StatsScene
from game.scenes.stats_daily import daily_rows
from game.store.daily import DailyFigures

from .conftest import settle, show

TODAY = datetime.date(2026, 3, 10)


def played_days(context):
    """Five days of Klondike's deals: four won, the last three in a row; and one game of the
    player's own."""
    for days, won in ((6, True), (5, False), (3, True), (2, True), (1, True)):
        context.daily.add("klondike", TODAY - datetime.timedelta(days=days), won)
    context.stats.record_game("klondike", 300, True, rules="standard/3")
    return context


def test_the_rows_say_days_played_won_and_the_streaks():
    assert daily_rows(DailyFigures(5, 4, 3, 3)) == [
        ("Days played", "5"), ("Days won", "4"), ("Win rate", "80%"),
        ("Daily streak", "3 days"), ("Best daily streak", "3 days")]
    assert daily_rows(DailyFigures(0, 0, 0, 0))[2] == ("Win rate", "–")
    assert daily_rows(DailyFigures(1, 1, 1, 1))[3] == ("Daily streak", "1 day")


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_daily_tab_shows_the_calendars_figures_within_its_place(context, monkeypatch,
                                                                     size):
    app = LeapsApp(size)
    scene = StatsScene(played_days(context), "klondike", today=lambda: TODAY)
    show(app, scene)
    scene.charts.select(scene.charts.labels.index(DAILY))
    drawn = []
    draw_text = stats_daily.draw_text

    def noted(surface, text, *rest, **named):
        drawn.append((text, draw_text(surface, text, *rest, **named)))
        return drawn[-1][1]

    monkeypatch.setattr(stats_daily, "draw_text", noted)
    scene._draw_chart(pygame.Surface(size))
    texts = [text for text, _ in drawn]
    rows = daily_rows(DailyFigures(5, 4, 3, 3))
    assert texts[:1 + 2 * len(rows)] == [stats_daily.TITLE, *(text for row in rows for text in row)]
    assert dict(scene.rows())["Games played"] == "1"  # the player's own game only
    rects = [rect for _, rect in drawn]
    page = scene.chart.inflate(0, 0)
    page.top = scene.charts_bar.bottom
    assert all(page.contains(rect) for rect in rects)
    assert not any(first.colliderect(second)
                   for index, first in enumerate(rects) for second in rects[index + 1:])
    assert min(rect.height for rect in rects) >= 10  # still readable at 640x480
    app.close()


def test_a_reset_says_the_calendar_is_kept_and_keeps_it(app, context):
    from game.scenes.dialogs import ConfirmDialog

    scene = StatsScene(played_days(context), "klondike", today=lambda: TODAY)
    show(app, scene)
    scene.ask_reset()
    settle(app)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmDialog) and "calendar" in confirm.text
    confirm.answer_yes()
    settle(app)
    assert context.stats.get("klondike").played == 0
    assert context.daily.figures("klondike", TODAY) == (5, 4, 3, 3)
    scene.tabs.select(scene.tabs.labels.index("Leap Frog"))
    scene.ask_reset()
    settle(app)
    assert "calendar" not in app.stack.top.text  # the board game has no deal of the day
