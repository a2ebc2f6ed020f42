"""Every count kept per rules and in total, older files moved over, numbers that saturate at
the loader's limits, and a clock the statistics cannot use."""

from __future__ import annotations

import json

from game.store.game_stats import AMOUNT_LIMIT, COUNT_LIMIT, LATEST_TIMESTAMP
from game.store.stats import GameStats, Statistics


def test_klondike_counts_are_kept_per_scoring_and_draw_and_in_total(folder):
    stats, _ = Statistics.load(folder)
    for won, rules in ((True, "standard/1"), (True, "standard/1"), (False, "standard/3"),
                       (True, "vegas/3")):
        assert stats.record_game("klondike", 100, won, rules=rules) == []
    klondike = Statistics.load(folder)[0].get("klondike")
    draw_1, draw_3 = klondike.of_rules("standard/1"), klondike.of_rules("standard/3")
    assert (draw_1.played, draw_1.won, draw_1.current_streak, draw_1.best_streak) == (2, 2, 2, 2)
    assert (draw_3.played, draw_3.won, draw_3.current_streak, draw_3.best_streak) == (1, 0, 0, 0)
    assert (klondike.played, klondike.won, klondike.best_streak) == (4, 3, 2)


def test_leap_frog_best_scores_are_kept_per_variant_and_size(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("leap_frog", 41, True, rules="murray/15")
    stats.record_game("leap_frog", 9, True, rules="plain/15")
    stats.record_game("leap_frog", 12, False, rules="plain/18")
    leap_frog = Statistics.load(folder)[0].get("leap_frog")
    assert [leap_frog.of_rules(name).best_score for name in ("murray/15", "plain/15",
                                                             "plain/18")] == [41, 9, 12]


def test_a_game_left_before_its_end_is_never_the_best_score(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("leap_frog", 20, True, rules="murray/15")
    stats.record_game("leap_frog", 55, False, rules="murray/15", finished=False)
    leap_frog = stats.get("leap_frog")
    assert leap_frog.of_rules("murray/15").best_score == 20 and leap_frog.best_score == 20
    assert (leap_frog.played, leap_frog.won) == (2, 1)


def test_a_format_1_file_is_moved_over_without_losing_anything(folder):
    old = {"kind": "leaps-statistics", "format": 1, "games": {
        "klondike": {"played": 9, "won": 4, "best_score": 640, "current_streak": 1,
                     "best_streak": 2, "vegas_balance": -17, "total_time": 600.0,
                     "best_by_rules": {"standard/1": 640, "vegas/3": 35},
                     "history": [[1.0, 300, True],
                                 [2.0, 640, True, {"scoring": "standard", "draw": 1}],
                                 [3.0, 500, False, {"scoring": "standard", "draw": 1}],
                                 [4.0, 35, True, {"scoring": "vegas", "draw": 3}]],
                     "counted": ["00112233aabbccdd"]},
        "leap_frog": {"played": 2, "won": 1, "best_score": 30, "current_streak": 1,
                      "best_streak": 1, "history": [[1.0, 30, False], [2.0, 8, True]]}}}
    (folder / "stats.json").write_text(json.dumps(old))
    stats, messages = Statistics.load(folder)
    assert messages == []
    klondike = stats.get("klondike")
    assert (klondike.played, klondike.won, klondike.best_score, klondike.vegas_balance,
            klondike.total_time) == (9, 4, 640, -17, 600.0)
    assert klondike.counted == ("00112233aabbccdd",)
    draw_1 = klondike.of_rules("standard/1")
    assert (draw_1.played, draw_1.won, draw_1.best_score, draw_1.current_streak) == (2, 1, 640, 0)
    assert klondike.of_rules("vegas/3").best_score == 35
    assert [entry.rules for entry in klondike.history] == [None, "standard/1", "standard/1",
                                                           "vegas/3"]
    assert stats.get("leap_frog").best_score == 30
    stats.record_game("klondike", 10, False, rules="standard/1")
    again = Statistics.load(folder)[0].get("klondike")
    assert again.played == 10 and again.of_rules("standard/1").played == 3


def _near_the_limits(folder) -> None:
    stats = GameStats(played=COUNT_LIMIT, won=COUNT_LIMIT, current_streak=COUNT_LIMIT,
                      best_streak=COUNT_LIMIT, total_time=float(AMOUNT_LIMIT) - 1,
                      total_winnings=AMOUNT_LIMIT - 1, vegas_balance=-AMOUNT_LIMIT + 1)
    Statistics(folder, {"leapfrog": stats, "klondike": stats}).reset("leap_year")


def test_totals_at_the_loaders_limits_saturate_and_still_load(folder):
    _near_the_limits(folder)
    stats, _ = Statistics.load(folder)
    assert stats.record_game("leapfrog", 900, True, winnings=800, seconds=999.0) == []
    assert stats.record_game("klondike", -52, True, vegas=-52, rules="vegas/3") == []
    again, messages = Statistics.load(folder)
    assert messages == [] and not list(folder.glob("*.bad"))
    leapfrog = again.get("leapfrog")
    assert (leapfrog.played, leapfrog.won) == (COUNT_LIMIT, COUNT_LIMIT)
    assert leapfrog.total_time == AMOUNT_LIMIT and leapfrog.total_winnings == AMOUNT_LIMIT
    assert again.get("klondike").vegas_balance == -AMOUNT_LIMIT


def test_a_clock_outside_the_years_a_file_may_name_still_counts_the_game(folder, monkeypatch):
    stats, _ = Statistics.load(folder)
    for now in (-86_400.0 * 365, 2.0**50):
        monkeypatch.setattr("game.store.game_stats.time.time", lambda now=now: now)
        assert stats.record_game("leap_year", 3, True) == []
    history = Statistics.load(folder)[0].get("leap_year").history
    assert [entry.timestamp for entry in history] == [0.0, LATEST_TIMESTAMP]
