import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store.atomic import read_json
from game.store.stats import HISTORY_LIMIT, GameStats, ScoreEntry, Statistics


def test_empty_statistics(folder):
    stats, messages = Statistics.load(folder)
    assert messages == []
    assert stats.get("klondike") == GameStats()
    assert stats.game_ids() == []
    assert stats.get("klondike").win_rate == 0.0


def test_recording_counts_streaks_and_best(folder):
    stats, _ = Statistics.load(folder)
    for score, won in [(10, False), (50, True), (40, True), (30, False), (80, True)]:
        assert stats.record_game("lucas_leaps", score, won, when=1000.0) == []
    result = stats.get("lucas_leaps")
    assert (result.played, result.won, result.lost) == (5, 3, 2)
    assert result.best_score == 80
    assert result.current_streak == 1
    assert result.best_streak == 2
    assert result.win_rate == pytest.approx(0.6)
    assert result.history[-1] == ScoreEntry(1000.0, 80, True)
    assert [entry.score for entry in result.history] == [10, 50, 40, 30, 80]


def test_negative_best_score_is_kept():
    stats = GameStats().with_game(-52, False).with_game(-40, False)
    assert stats.best_score == -40


def test_leapfrog_winnings_accumulate(folder):
    stats, _ = Statistics.load(folder)
    for score in (130, 40, 768):
        stats.record_game("leapfrog", score, score == 768, winnings=score - 100)
    leapfrog = stats.get("leapfrog")
    assert leapfrog.total_winnings == 30 - 60 + 668
    assert leapfrog.best_winnings == 668
    again, _ = Statistics.load(folder)
    assert again.get("leapfrog") == leapfrog


def test_best_winnings_may_be_negative():
    stats = GameStats().with_game(20, False, winnings=-80).with_game(10, False, winnings=-90)
    assert stats.best_winnings == -80
    assert stats.total_winnings == -170


def test_vegas_balance_carries_over(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("klondike", -52, False, vegas=-52)
    stats.record_game("klondike", 8, False, vegas=8)
    stats.record_game("klondike", 0, False)
    assert stats.get("klondike").vegas_balance == -44
    assert Statistics.load(folder)[0].get("klondike").vegas_balance == -44


def test_time_played_adds_up():
    stats = GameStats().with_game(1, True, seconds=30).with_game(1, True, seconds=12.5)
    assert stats.total_time == 42.5


def test_history_is_capped_to_the_latest():
    stats = GameStats()
    for index in range(HISTORY_LIMIT + 20):
        stats = stats.with_game(index, False, when=float(index))
    assert len(stats.history) == HISTORY_LIMIT
    assert stats.history[0].score == 20
    assert stats.history[-1].score == HISTORY_LIMIT + 19


@pytest.mark.parametrize("arguments", [
    {"score": "10", "won": True}, {"score": 10, "won": 1}, {"score": True, "won": True},
    {"score": 10**13, "won": True}, {"score": 1, "won": True, "winnings": 1.5},
    {"score": 1, "won": True, "seconds": -1}, {"score": 1, "won": True, "seconds": float("nan")},
    {"score": 1, "won": True, "when": float("inf")},
])
def test_bad_records_are_refused(folder, arguments):
    stats, _ = Statistics.load(folder)
    with pytest.raises(ValueError):
        stats.record_game("klondike", **arguments)
    assert stats.get("klondike") == GameStats()
    assert not (folder / "stats.json").exists()


def test_bad_game_id_is_refused(folder):
    stats, _ = Statistics.load(folder)
    with pytest.raises(ValueError):
        stats.record_game("../evil", 1, True)


def test_reset_one_or_all(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("klondike", 5, True)
    stats.record_game("leap_year", 5, True)
    assert stats.reset("klondike") == []
    assert Statistics.load(folder)[0].game_ids() == ["leap_year"]
    assert stats.reset() == []
    assert Statistics.load(folder)[0].game_ids() == []


def test_file_layout(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("leapfrog", 130, False, winnings=30, when=5.0)
    data = read_json(folder / "stats.json")
    assert data["kind"] == "leaps-statistics"
    assert data["games"]["leapfrog"]["history"] == [[5.0, 130, False]]


@settings(max_examples=40, deadline=None)
@given(games=st.lists(st.tuples(st.integers(-1000, 1000), st.booleans()), max_size=30))
def test_streak_invariants_hold_and_survive_a_round_trip(games):
    stats = GameStats()
    for score, won in games:
        stats = stats.with_game(score, won, winnings=score - 100, when=1.0)
    assert stats.played == len(games)
    assert stats.won == sum(won for _, won in games)
    assert 0 <= stats.current_streak <= stats.best_streak <= stats.won <= stats.played
    trailing = 0
    for _, won in reversed(games):
        if not won:
            break
        trailing += 1
    assert stats.current_streak == trailing
    assert GameStats.from_dict(stats.to_dict(), "test") == stats


KEY = "0123456789abcdef"


def test_a_game_counted_once_by_its_key(folder):
    stats, _ = Statistics.load(folder)
    assert stats.record_game("leapfrog", 130, False, winnings=30, key=KEY) == []
    assert stats.is_counted("leapfrog", KEY)
    assert stats.record_game("leapfrog", 130, False, winnings=30, key=KEY) == []
    again, _ = Statistics.load(folder)
    assert again.get("leapfrog").played == 1
    assert again.get("leapfrog").total_winnings == 30
    assert again.is_counted("leapfrog", KEY) and not again.is_counted("klondike", KEY)


def test_only_the_latest_keys_are_kept(folder):
    from game.store.stats import KEYS_KEPT
    stats = GameStats()
    for index in range(KEYS_KEPT + 5):
        stats = stats.with_game(1, False, key=f"{index:016x}")
    assert len(stats.counted) == KEYS_KEPT
    assert stats.counted[-1] == f"{KEYS_KEPT + 4:016x}"


def test_a_failed_write_counts_nothing(folder, monkeypatch):
    stats, _ = Statistics.load(folder)
    monkeypatch.setattr("game.store.stats.write_json", _full_disk)
    assert stats.record_game("leapfrog", 130, False, winnings=30, key=KEY) != []
    assert stats.get("leapfrog") == GameStats()
    assert not stats.is_counted("leapfrog", KEY)


def test_an_assisted_game_is_not_won_not_best_and_gains_no_money():
    stats = GameStats().with_game(130, False, winnings=30)
    stats = stats.with_game(768, True, winnings=668, assisted=True)
    assert (stats.played, stats.won, stats.current_streak) == (2, 0, 0)
    assert stats.best_score == 130
    assert stats.total_winnings == 30 and stats.best_winnings == 30
    assert stats.history[-1].assisted and not stats.history[-1].won
    losing = GameStats().with_game(40, False, winnings=-60, assisted=True)
    assert losing.total_winnings == -60  # the demo cannot dodge a loss
    assert losing.best_winnings is None  # nor set a best
    vegas = GameStats().with_game(208, True, vegas=208, assisted=True, rules="vegas/3")
    assert vegas.vegas_balance == 0
    assert vegas.of_rules("vegas/3").best_score is None
    assert GameStats().with_game(-27, False, vegas=-27, assisted=True).vegas_balance == -27


def test_best_score_of_each_set_of_rules(folder):
    stats, _ = Statistics.load(folder)
    stats.record_game("klondike", 540, True, rules="standard/3", when=1.0)
    stats.record_game("klondike", 700, True, rules="standard/1", when=2.0)
    stats.record_game("klondike", 13, False, rules="vegas/3", vegas=13, when=3.0)
    loaded = Statistics.load(folder)[0].get("klondike")
    assert loaded.of_rules("standard/3").best_score == 540
    assert loaded.of_rules("standard/1").best_score == 700
    assert loaded.of_rules("vegas/3").best_score == 13
    assert loaded.of_rules("vegas/1").best_score is None
    assert loaded.history[-1] == ScoreEntry(3.0, 13, False, "vegas/3")
    data = read_json(folder / "stats.json")
    assert data["games"]["klondike"]["history"][0] == [1.0, 540, True, {"rules": "standard/3"}]


def test_an_older_file_still_loads(folder):
    (folder / "stats.json").write_text(json.dumps({"kind": "leaps-statistics", "format": 1,
        "games": {"klondike": {"played": 2, "won": 1, "best_score": 300, "current_streak": 0,
                               "best_streak": 1, "vegas_balance": -52,
                               "history": [[1.0, 300, True], [2.0, -52, False]]}}}))
    stats, messages = Statistics.load(folder)
    assert messages == []
    klondike = stats.get("klondike")
    assert klondike.history[0] == ScoreEntry(1.0, 300, True)
    assert klondike.history[0].rules is None and klondike.counted == ()


@pytest.mark.parametrize("entry", [[1.0, 5, True, {"assisted": True}],
                                   [1.0, 5, False, {"scoring": "golf"}],
                                   [1.0, 5, False, {"scoring": "standard", "draw": 9}],
                                   [1.0, 5, False, {"rules": "standard"}],
                                   [1.0, 5, False, {"colour": 1}],
                                   [1.0, 5, False, {}, 3]])
def test_impossible_entries_are_refused(entry):
    with pytest.raises(ValueError):
        GameStats.from_dict({"played": 1, "history": [entry]}, "test")


def _full_disk(*args):
    raise OSError(28, "No space left on device")
