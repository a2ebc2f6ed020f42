"""Deals of the day kept apart in the statistics file: a daily game joins the recent games
only, never a count, streak, best score, record, time or money; it is counted once by its key
like any game; files from before they were kept apart load whole, and an older version is told
the file is newer instead of finding it damaged."""

import json

import pytest

from game.store.atomic import read_json
from game.store.game_stats import DAILY_LIMIT
from game.store.stats import FORMAT, GameStats, ScoreEntry, Statistics

KEY = "00000000000000d1"
CODE = "K3.n.1.0-12345V"


def daily(stats, score, won, *, key=KEY, when=5_000.0, **extra):
    return stats.record_game("klondike", score, won, seconds=200, moves=90, rules="standard/3",
                             deal=CODE, key=key, when=when, daily=True, **extra)


def test_a_daily_win_and_loss_change_none_of_the_figures(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("klondike", 300, True, seconds=100, moves=120, rules="standard/3",
                      vegas=10, deal=CODE, when=1_000.0)
    before = Statistics.load(folder)[0].get("klondike")
    assert daily(stats, 900, True, vegas=50) == []
    assert daily(stats, 5, False, key="00000000000000d2", when=6_000.0) == []
    after = Statistics.load(folder)[0].get("klondike")
    assert after.daily == (ScoreEntry(5_000.0, 900, True, "standard/3", False, 200, 90, CODE),
                           ScoreEntry(6_000.0, 5, False, "standard/3", False, 200, 90, CODE))
    apart = ("daily", "counted")
    assert {name: value for name, value in after.__dict__.items() if name not in apart} == \
           {name: value for name, value in before.__dict__.items() if name not in apart}
    assert (after.played, after.current_streak, after.best_score) == (1, 1, 300)
    assert after.records("score", "standard/3")[0].score == 300


def test_a_daily_game_between_two_wins_breaks_no_streak():
    stats = GameStats().with_game(10, True).with_game(0, False, daily=True).with_game(10, True)
    assert (stats.played, stats.current_streak, len(stats.history), len(stats.daily)) == \
           (2, 2, 2, 1)


def test_leapfrog_winnings_of_a_daily_game_are_not_accumulated(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("leapfrog", 768, True, winnings=668, daily=True)
    game = Statistics.load(folder)[0].get("leapfrog")
    assert (game.total_winnings, game.best_winnings, game.total_time) == (0, None, 0.0)


def test_a_daily_game_is_counted_once_by_its_key(folder):
    stats, _ = Statistics.load(folder)
    daily(stats, 900, True)
    daily(stats, 900, True)
    again, _ = Statistics.load(folder)
    assert again.is_counted("klondike", KEY) and len(again.get("klondike").daily) == 1


def test_only_the_latest_daily_games_are_kept():
    stats = GameStats()
    for index in range(DAILY_LIMIT + 3):
        stats = stats.with_game(index, False, daily=True, when=float(index))
    assert len(stats.daily) == DAILY_LIMIT and stats.daily[0].score == 3


def test_the_file_names_its_format_and_keeps_daily_games_under_their_own_key(folder):
    stats, _ = Statistics.load(folder)
    daily(stats, 900, True)
    data = read_json(folder / "stats.json")
    assert data["format"] == FORMAT == 3
    game = data["games"]["klondike"]
    assert game["daily"] == [[5_000.0, 900, True, {"rules": "standard/3", "seconds": 200,
                                                     "moves": 90, "deal": CODE}]]
    assert game["history"] == [] and game["played"] == 0


def test_a_file_from_before_daily_games_were_apart_loads_whole_and_is_kept(folder):
    """Its daily games were counted as any other then, and nothing tells them apart now."""
    old = {"kind": "leaps-statistics", "format": 2, "games": {"klondike": {
        "played": 2, "won": 1, "current_streak": 0, "best_streak": 1, "best_score": 700,
        "total_time": 500.0, "counted": [KEY],
        "by_rules": {"standard/3": {"played": 2, "won": 1, "best_streak": 1,
                                    "best_score": 700}},
        "history": [[1000.0, 700, True, {"rules": "standard/3", "seconds": 200, "moves": 99,
                                         "deal": CODE}],
                    [2000.0, 300, False, {"rules": "standard/3"}]]}}}
    (folder / "stats.json").write_text(json.dumps(old))
    stats, messages = Statistics.load(folder)
    assert messages == []
    game = stats.get("klondike")
    assert (game.played, game.won, game.best_score, game.total_time) == (2, 1, 700, 500.0)
    assert len(game.history) == 2 and game.daily == () and stats.is_counted("klondike", KEY)
    assert game.records("time", "standard/3")[0].moves == 99
    daily(stats, 5, False, key="00000000000000d2")
    again = Statistics.load(folder)[0].get("klondike")
    assert again.played == 2 and again.history == game.history and len(again.daily) == 1
    assert again.of_rules("standard/3") == game.of_rules("standard/3")


@pytest.mark.parametrize("entries", [[[1.0, 5, True, {"assisted": True}]], [[1.0, 5]], {},
                                     [[1.0, 5, False, {"daily": True}]]])
def test_an_impossible_daily_game_is_damage(entries):
    with pytest.raises(ValueError):
        GameStats.from_dict({"daily": entries}, "test")


def test_an_older_version_is_told_the_file_is_newer(folder):
    """What this version does with a file one format ahead, an older one does with this."""
    stats, _ = Statistics.load(folder)
    daily(stats, 900, True)
    data = read_json(folder / "stats.json")
    (folder / "stats.json").write_text(json.dumps({**data, "format": FORMAT + 1}))
    _, messages = Statistics.load(folder)
    assert len(messages) == 1 and "newer version" in messages[0]
