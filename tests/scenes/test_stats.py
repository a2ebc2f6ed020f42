"""Statistics: the recorded numbers per game, the chart's data and the reset."""

import pygame
import pytest

from game.engine.scene import Scene
from game.scenes.dialogs import ConfirmDialog
from game.scenes.stats import STATS_GAMES, StatsScene, format_duration, stats_rows
from game.store import Statistics, data_folder

from .conftest import click, press, show


@pytest.fixture
def below(app):
    scene = Scene()
    show(app, scene)
    return scene


@pytest.fixture
def played(context):
    """Three Leapfrog games and two Klondike games on record."""
    for score, won in ((130, False), (768, True), (90, False)):
        context.stats.record_game("leapfrog", score, won, winnings=score - 100, seconds=600)
    context.stats.record_game("klondike", 208, True, vegas=208, seconds=90)
    context.stats.record_game("klondike", -27, False, vegas=-27, seconds=30)
    return context


def test_it_shows_what_was_recorded(app, played, below):
    stats = StatsScene(played, "leapfrog")
    show(app, stats)
    rows = dict(stats.rows())
    assert rows["Games played"] == "3" and rows["Games won"] == "1"
    assert rows["Win rate"] == "33%" and rows["Best score"] == "768"
    assert rows["Current streak"] == "0" and rows["Best streak"] == "1"
    assert rows["Time played"] == "30 min"
    assert rows["Total winnings"] == "+688" and rows["Best winnings"] == "+668"
    assert "Vegas balance" not in rows


def test_klondike_shows_its_vegas_balance(app, played, below):
    stats = StatsScene(played, "klondike")
    show(app, stats)
    rows = dict(stats.rows())
    assert rows["Vegas balance"] == "+181" and rows["Best score"] == "208"
    assert "Total winnings" not in rows


def test_a_game_never_played_shows_dashes_not_zeros(played):
    rows = dict(stats_rows("leap_year", played.stats.get("leap_year")))
    assert rows["Games played"] == "0" and rows["Win rate"] == "–" and rows["Best score"] == "–"


def test_tabs_switch_with_the_arrow_keys_and_clicks(app, played, below):
    stats = StatsScene(played)
    show(app, stats)
    assert stats.game_id == "klondike"
    press(app, pygame.K_RIGHT)
    assert stats.game_id == "leapfrog"
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert stats.game_id == STATS_GAMES[-1]
    click(app, stats.tabs.rects[2].center)
    assert stats.game_id == "leap_year"


def test_reset_asks_first_and_forgets_only_that_game(app, played, below):
    stats = StatsScene(played, "leapfrog")
    show(app, stats)
    click(app, stats.buttons.buttons[0].rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmDialog)
    press(app, pygame.K_ESCAPE)  # "Keep"
    assert dict(stats.rows())["Games played"] == "3"
    click(app, stats.buttons.buttons[0].rect.center)
    press(app, pygame.K_RETURN)  # "Reset"
    assert app.stack.top is stats
    assert dict(stats.rows())["Games played"] == "0"
    on_disk = Statistics.load(data_folder())[0]
    assert on_disk.get("leapfrog").played == 0 and on_disk.get("klondike").played == 2


def test_escape_closes(app, played, below):
    show(app, StatsScene(played))
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is below


@pytest.mark.parametrize(("seconds", "text"), [(0, "0 s"), (59.9, "59 s"), (600, "10 min"),
                                               (3600 * 3 + 300, "3 h 5 min")])
def test_time_played_reads_naturally(seconds, text):
    assert format_duration(seconds) == text


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_it_draws_at_any_size_with_and_without_history(app, played, below, size):
    stats = StatsScene(played, "klondike")
    show(app, stats)
    stats.resize(size)
    surface = pygame.Surface(size)
    for index in range(len(STATS_GAMES)):
        stats.tabs.select(index)
        stats.draw(surface)
    assert pygame.Rect((0, 0), size).contains(stats.panel)
    assert stats.panel.contains(stats.chart) and stats.panel.contains(stats.numbers)
