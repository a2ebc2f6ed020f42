"""Statistics: the recorded numbers per game, the charts' series and drawing, the reset."""

import math
from dataclasses import replace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.art import palette
from game.engine.scene import Scene
from game.scenes.dialogs import ConfirmDialog
from game.scenes.stats import (
    DAILY,
    RECENT,
    RECORDS,
    SCORES,
    STATS_GAMES,
    VEGAS,
    WIN_RATE,
    WINNINGS,
    StatsScene,
    chart_kinds,
    format_duration,
    is_vegas_score,
    recent_win_rate_series,
    running_total,
    stats_rows,
    vegas_series,
    win_rate_series,
    winnings_series,
)
from game.scenes.stats_chart import Axes, Line, draw_line_chart, nice_ticks
from game.store import GameStats, Statistics, data_folder

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
    # Older entries carry no rules: their scoring is told from the score, their draw unknown.
    assert rows["Vegas balance"] == "$181" and rows["Best score (Vegas)"] == "$208"
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


# The charts -------------------------------------------------------------------------------


def history_of(*results):
    """GameStats whose history is `results`, (score, won) oldest first."""
    stats = GameStats()
    for index, (score, won) in enumerate(results):
        stats = stats.with_game(score, won, when=1000.0 + index)
    return stats


def test_each_game_has_its_charts():
    """A game with a deal of the day has a Daily tab (Leap Frog, the board game, has none)."""
    assert chart_kinds("leap_year") == [SCORES, WIN_RATE, RECORDS, RECENT, DAILY]
    assert chart_kinds("leap_frog") == [SCORES, WIN_RATE, RECORDS, RECENT]
    assert chart_kinds("leapfrog") == [SCORES, WIN_RATE, WINNINGS, RECORDS, RECENT, DAILY]
    assert chart_kinds("klondike") == [SCORES, WIN_RATE, VEGAS, RECORDS, RECENT, DAILY]


def test_the_win_rate_after_each_game_counts_the_games_before_the_history():
    stats = history_of((1, True), (2, False), (3, False), (4, True))
    assert win_rate_series(stats) == [1.0, 0.5, pytest.approx(1 / 3), 0.5]
    # Six older games, three of them won, no longer in the history.
    older = replace(stats, played=stats.played + 6, won=stats.won + 3)
    assert win_rate_series(older) == [4 / 7, 4 / 8, 4 / 9, 5 / 10]
    assert win_rate_series(older)[-1] == older.win_rate
    assert win_rate_series(GameStats()) == []


def test_the_recent_win_rate_follows_only_the_latest_games():
    history = history_of(*[(0, True)] * 3, *[(0, False)] * 3).history
    assert recent_win_rate_series(history, window=2) == [1.0, 1.0, 1.0, 0.5, 0.0, 0.0]
    assert recent_win_rate_series(history, window=4) == [1.0, 1.0, 1.0, 0.75, 0.5, 0.25]


def test_leapfrog_winnings_add_up_to_the_recorded_total(played):
    stats = played.stats.get("leapfrog")
    assert winnings_series(stats) == [30, 698, 688]  # +30, +668, -10
    assert winnings_series(stats)[-1] == stats.total_winnings
    older = replace(stats, total_winnings=stats.total_winnings - 500)  # earlier games lost 500
    assert winnings_series(older) == [-470, 198, 188]


def test_the_vegas_line_adds_up_only_the_vegas_games(played):
    played.stats.record_game("klondike", 300, True, seconds=60)  # standard scoring
    played.stats.record_game("klondike", 0, False, seconds=60)  # no scoring
    played.stats.record_game("klondike", -52, False, vegas=-52, seconds=60)
    stats = played.stats.get("klondike")
    assert vegas_series(stats) == [208, 181, 129]
    assert vegas_series(stats)[-1] == stats.vegas_balance


@given(st.integers(0, 52), st.integers(0, 300))
def test_vegas_scores_never_look_like_standard_ones(cards_up, fives):
    assert is_vegas_score(-52 + 5 * cards_up)
    assert not is_vegas_score(5 * fives)


def test_running_totals():
    assert running_total([5, -3, 10]) == [5, 2, 12]
    assert running_total([5, -3], start=100) == [105, 102]
    assert running_total([]) == []


@given(st.integers(-10**6, 10**6), st.integers(0, 10**6), st.integers(2, 8))
def test_the_grid_values_are_round_evenly_spaced_and_fit(low, span, most):
    high = low + span
    ticks = nice_ticks(low, high, most)
    assert 1 <= len(ticks) <= most
    assert all(low - 1e-6 <= tick <= high + 1e-6 for tick in ticks)
    if low <= 0 <= high and span:
        assert any(abs(tick) < 1e-9 for tick in ticks)
    steps = {round(b - a, 6) for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) <= 1
    for step in steps:
        mantissa = step / 10 ** math.floor(math.log10(step))
        assert round(mantissa, 6) in (1, 2, 5)


def test_page_down_changes_the_chart_and_a_game_keeps_its_kind(app, played, below):
    stats = StatsScene(played, "klondike")
    show(app, stats)
    assert stats.chart_kind == SCORES
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_PAGEDOWN)
    assert stats.chart_kind == VEGAS
    press(app, pygame.K_RIGHT)  # Leapfrog has no Vegas chart: back to the scores
    assert stats.game_id == "leapfrog" and stats.chart_kind == SCORES
    click(app, stats.charts.rects[1].center)
    assert stats.chart_kind == WIN_RATE
    press(app, pygame.K_LEFT)  # Klondike has a win-rate chart too
    assert stats.chart_kind == WIN_RATE
    press(app, pygame.K_PAGEUP)
    assert stats.chart_kind == SCORES


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_every_chart_draws_within_its_place_with_and_without_games(app, played, below, size):
    stats = StatsScene(played)
    show(app, stats)
    stats.resize(size)
    assert stats.panel.contains(stats.chart)
    for game_index, game_id in enumerate(STATS_GAMES):
        stats.tabs.select(game_index)
        for _ in range(2):  # with the games played, then without any
            for kind_index in range(len(chart_kinds(game_id))):
                stats.charts.select(kind_index)
                surface = pygame.Surface(size)
                surface.fill(BACKDROP)
                stats._draw_chart(surface)
                assert untouched_outside(surface, stats.chart), (game_id, stats.chart_kind)
            played.stats.reset(game_id)


BACKDROP = (1, 2, 3)


def untouched_outside(surface, rect) -> bool:
    """Nothing was drawn on `surface` beyond `rect`."""
    surface.fill(BACKDROP, rect)
    same = pygame.mask.from_threshold(surface, BACKDROP, (1, 1, 1, 255))
    return same.count() == surface.get_width() * surface.get_height()


def test_lines_are_drawn_through_every_game(monkeypatch):
    drawn = []
    monkeypatch.setattr(pygame.draw, "lines",
                        lambda surface, colour, closed, points, width: drawn.append(points))
    surface = pygame.Surface((600, 400))
    draw_line_chart(surface, pygame.Rect(10, 10, 580, 380),
                    [Line((10.0, -20.0, 30.0), palette.ACCENT)], Axes("Money"))
    (points,) = drawn
    assert len(points) == 3
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    assert xs == sorted(xs) and xs[0] < xs[1] < xs[2]
    assert ys[2] < ys[0] < ys[1]  # 30 highest on screen, -20 lowest


# Klondike's rules: points and dollars, draw 1 and draw 3, never in one chart -----------------


@pytest.fixture
def mixed(context):
    """Klondike games of three sets of rules, and one older entry without any."""
    record = context.stats.record_game
    record("klondike", 300, False, when=1.0)  # an older file's entry: standard, by its score
    record("klondike", 640, True, rules="standard/1", when=2.0)
    record("klondike", 208, True, vegas=208, rules="vegas/3", when=3.0)
    record("klondike", 520, True, rules="standard/3", when=4.0)
    record("klondike", 700, True, rules="standard/3", when=5.0, assisted=True)
    record("klondike", 35, False, vegas=35, rules="vegas/3", when=6.0)
    record("klondike", 0, False, rules="none/3", when=7.0)
    return context


def test_klondike_scores_are_shown_for_one_set_of_rules_at_a_time(app, mixed, below):
    stats = StatsScene(mixed, "klondike")
    show(app, stats)
    assert stats.choices == [("standard", 1), ("standard", 3), ("standard", None),
                             ("vegas", 3), ("none", 3)]
    assert stats.rules == ("none", 3)  # the latest game's
    assert dict(stats.rows())["Games played"] == "1"
    stats.step_rules(-1)
    rows = dict(stats.rows())
    assert rows["Best score (Vegas, draw 3)"] == "$208"
    assert chart_kinds("klondike", stats.rules) == [SCORES, WIN_RATE, VEGAS, RECORDS, RECENT,
                                                    DAILY]
    assert vegas_series(mixed.stats.get("klondike"), stats.rules) == [208, 243]
    assert (rows["Games played"], rows["Games won"], rows["Win rate"]) == ("2", "1", "50%")
    assert rows["All games together"] == "7 played, 43% won"
    click(app, stats.rules_buttons.buttons[0].rect.center)  # the previous rules
    assert stats.rules == ("standard", None)
    assert dict(stats.rows())["Best score (Standard)"] == "300"
    click(app, stats.rules_buttons.buttons[0].rect.center)
    assert stats.rules == ("standard", 3)
    assert dict(stats.rows())["Best score (Standard, draw 3)"] == "520"  # not the helped 700
    assert [label for label in stats.charts.labels] == [SCORES, WIN_RATE, RECORDS, RECENT, DAILY]
    assert (dict(stats.rows())["Games played"], dict(stats.rows())["Current streak"]) == ("2", "0")
    stats.step_rules(-1)
    assert dict(stats.rows())["Best score (Standard, draw 1)"] == "640"
    assert dict(stats.rows())["Games played"] == "1"
    surface = pygame.Surface(app.size)
    stats.draw(surface)
    assert stats.panel.contains(stats.rules_bar) and stats.panel.contains(stats.chart)


def test_the_rules_set_now_are_offered_before_any_game(app, context, below):
    context.settings.klondike.draw = 1
    stats = StatsScene(context, "klondike")
    show(app, stats)
    assert stats.choices == [("standard", 1)] and dict(stats.rows())[
        "Best score (Standard, draw 1)"] == "–"
    stats.tabs.select(1)  # Leapfrog has no rules to choose
    assert stats.rules is None and stats.rules_bar.height == 0


def test_the_money_lines_never_count_gains_of_a_game_the_computer_helped():
    stats = GameStats().with_game(768, True, winnings=668, assisted=True)
    assert winnings_series(stats) == [0]
    vegas = GameStats().with_game(208, True, vegas=208, assisted=True, rules="vegas/3")
    assert vegas_series(vegas) == [0]


def test_leap_frog_is_shown_per_variant_and_board_size(app, context, below):
    record = context.stats.record_game
    record("leap_frog", 41, True, rules="murray/15", when=1.0)
    record("leap_frog", 9, True, rules="plain/15", when=2.0)
    record("leap_frog", 60, False, rules="plain/15", when=3.0, finished=False)
    record("leap_frog", 12, False, rules="plain/18", when=4.0)
    stats = StatsScene(context, "leap_frog")
    show(app, stats)
    assert stats.choices == [("murray", 15), ("plain", 15), ("plain", 18)]
    assert stats.rules == ("plain", 18)  # the latest game's
    stats.step_rules(-1)
    rows = dict(stats.rows())
    assert rows["Best score (Plain, 15x15)"] == "9"  # the game left at 60 is no best
    assert (rows["Games played"], rows["Games won"]) == ("2", "1")
    assert rows["All games together"] == "4 played, 50% won"
    stats.step_rules(-1)
    assert dict(stats.rows())["Best score (Murray, 15x15)"] == "41"
    surface = pygame.Surface(app.size)
    stats.draw(surface)
