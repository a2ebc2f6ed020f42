"""The calendar of the deals of the day: a past day opens its deal under the day's rules as a
daily game, a day to come opens nothing, and a daily game's end goes into the calendar."""

import datetime

import pygame
import pytest

from game.app import LeapsApp
from game.engine.input import Action
from game.rules import GAMES
from game.rules.history import History
from game.scenes.daily import DailyScene, add_months, month_days
from game.scenes.daily_deals import daily_deal
from game.scenes.table.commands import count_game
from game.scenes.table.scene import CardTableScene
from game.scenes.table.session import Session

from .conftest import click, settle, show

TODAY = datetime.date(2026, 11, 28)


@pytest.fixture
def calendar(app, context):
    context.settings.klondike.draw = 1  # the player's own rules differ from the daily's
    scene = DailyScene(context, "klondike", today=lambda: TODAY)
    show(app, scene)
    return app, scene


def test_the_month_is_laid_out_monday_first():
    weeks = month_days(2026, 11)
    assert weeks[0][:6] == [None] * 6 and weeks[0][6] == datetime.date(2026, 11, 1)
    assert add_months(datetime.date(2026, 12, 31), 1) == datetime.date(2027, 1, 1)
    assert add_months(datetime.date(2026, 1, 5), -1) == datetime.date(2025, 12, 1)


def test_a_missed_day_opens_its_deal_under_the_days_rules(calendar, context):
    app, scene = calendar
    missed = TODAY - datetime.timedelta(days=3)
    click(app, scene.cells[missed].center)
    table = app.stack.top
    assert isinstance(table, CardTableScene) and scene.closing
    deal = daily_deal("klondike", missed)
    first = table.session.history.states[0]
    assert first.seed == deal.seed and first.options.draw == 3
    assert table.session.daily == missed.isoformat()
    assert context.settings.klondike.draw == 1  # the player's own choice is kept


def test_a_day_to_come_opens_nothing(calendar):
    app, scene = calendar
    click(app, scene.cells[TODAY + datetime.timedelta(days=1)].center)
    assert app.stack.top is scene


def test_the_keys_walk_the_days_and_the_months(calendar):
    app, scene = calendar
    scene.handle_action(Action.UP)
    assert scene.chosen == TODAY - datetime.timedelta(days=7)
    for _ in range(5):
        scene.handle_action(Action.DOWN)
    assert scene.month == datetime.date(2026, 12, 1)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))
    assert scene.month == datetime.date(2026, 11, 1)


@pytest.mark.parametrize("assisted, result", [(False, "won"), (True, "played")])
def test_a_daily_win_goes_into_the_calendar_and_the_streak(calendar, context, monkeypatch,
                                                           assisted, result):
    app, scene = calendar
    context.autosave = True
    scene.play_today()
    settle(app)
    session = app.stack.top.session
    monkeypatch.setattr(Session, "is_won", property(lambda self: True))  # the last card up
    session.assisted = assisted
    session.finish()
    count_game(context, app.stack.top.game, session)
    assert context.daily.result("klondike", TODAY) == result
    assert context.daily.streak("klondike", TODAY) == (result == "won")
    klondike = context.stats.get("klondike")
    assert klondike.played == 0 and len(klondike.daily) == 1  # kept apart


def _end_daily_game(app, context, date, won, monkeypatch):
    """Open the deal of `date` from the calendar and end it, won or lost."""
    show(app, DailyScene(context, "klondike", today=lambda: TODAY))
    app.stack.top.play(date)
    settle(app)
    table = app.stack.top
    assert table.session.daily == date.isoformat()
    monkeypatch.setattr(Session, "is_won", property(lambda self: won))
    table.session.finish()
    count_game(context, table.game, table.session)
    monkeypatch.undo()


def test_a_daily_win_and_loss_change_only_the_daily_figures_in_the_files(calendar, context,
                                                                        monkeypatch):
    from game.store.daily import DailyRecord
    from game.store.stats import Statistics

    app, _ = calendar
    context.autosave = True
    folder = context.stats.folder
    context.notify(context.stats.record_game("klondike", 300, True, seconds=100, moves=99,
                                             rules="standard/1"))
    before = Statistics.load(folder)[0].get("klondike")
    _end_daily_game(app, context, TODAY, True, monkeypatch)
    _end_daily_game(app, context, TODAY - datetime.timedelta(days=1), False, monkeypatch)
    after = Statistics.load(folder)[0].get("klondike")
    assert [entry.won for entry in after.daily] == [True, False]
    assert after.history == before.history and after.bests == before.bests
    assert (after.played, after.won, after.current_streak, after.best_score, after.total_time,
            after.by_rules) == (before.played, before.won, before.current_streak,
                                before.best_score, before.total_time, before.by_rules)
    assert DailyRecord.load(folder)[0].figures("klondike", TODAY) == (2, 1, 1, 1)


@pytest.mark.parametrize("size", [(1280, 800), (640, 480)])
def test_the_calendar_fits_small_and_large_windows(context, size):
    app = LeapsApp(size)
    scene = DailyScene(context, today=lambda: TODAY)
    show(app, scene)
    area = scene.panel
    assert all(area.contains(rect) for rect in scene.cells.values())
    assert all(area.contains(button.rect) for button in scene.buttons.buttons)
    app.close()


@pytest.mark.parametrize("extras, daily", [
    ({"daily": "2026-11-25"}, "2026-11-25"), ({}, None), ({"daily": "2026-02-30"}, None),
    ({"daily": 20261125}, None), ({"daily": "x" * 10}, None), ({"daily": ["2026-11-25"]}, None),
])
def test_a_saved_daily_game_stays_daily_when_resumed(extras, daily):
    from game.scenes.table.session import daily_of

    assert daily_of(extras) == daily
    session = Session(GAMES["klondike"], History.start(GAMES["klondike"].new_game(5)),
                      daily=daily)
    assert daily_of(session.extras()) == daily


def test_a_stop_while_counting_a_daily_game_loses_no_day(calendar, context, monkeypatch):
    """The program stopped just after the first of the two writes: the day is in the
    calendar, and the save is still there to end the game again (which adds nothing)."""
    app, scene = calendar
    context.autosave = True
    scene.play_today()
    settle(app)
    table = app.stack.top
    monkeypatch.setattr(Session, "is_won", property(lambda self: True))
    table.session.finish()

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt  # the program ends here

    monkeypatch.setattr(context.stats, "record_game", stopped)
    with pytest.raises(KeyboardInterrupt):
        count_game(context, table.game, table.session)
    assert context.daily.result("klondike", TODAY) == "won"
    assert context.saves.load("klondike") is not None


def test_the_toolbar_says_a_daily_game_is_the_deal_of_the_day_and_its_date(calendar):
    app, scene = calendar
    scene.play_today()
    settle(app)
    table = app.stack.top
    grade = daily_deal("klondike", TODAY).grade
    assert table.readout()[1][0] == f"Deal of the day, Sat 28 Nov, {grade}"
    table.session.daily = None  # the same deal, played again as one of the player's own
    assert table.readout()[1][0] == f"Winnable deal, {grade}"
