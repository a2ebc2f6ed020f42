"""Records through the statistics file: the ten fastest wins, fewest moves and best scores of
each rules, with their deals; a helped game never enters; old files load with nothing lost."""

import json

from game.store import Statistics
from game.store.game_stats import HISTORY_LIMIT, GameStats

CODE = "K3.n.1.0-12345V"


def play(stats, score, won, seconds, moves, *, rules="standard/3", assisted=False, when=None,
         deal=CODE):
    return stats.record_game("klondike", score, won, seconds=seconds, moves=moves,
                             rules=rules, assisted=assisted, deal=deal, when=when)


def test_records_keep_the_ten_best_of_each_kind_with_their_deals(tmp_path):
    stats = Statistics(tmp_path)
    for index in range(15):
        play(stats, 100 + index, True, 300 - index, 120 + index, when=1_000 + index)
    play(stats, 999, False, 10, 5, when=2_000)  # lost: only its score can be a record
    again, messages = Statistics.load(tmp_path)
    assert messages == []
    game = again.get("klondike")
    fastest = game.records("time", "standard/3")
    assert [entry.seconds for entry in fastest] == [286 + i for i in range(10)]
    assert [entry.moves for entry in game.records("moves", "standard/3")][:2] == [120, 121]
    assert game.records("score", "standard/3")[0].score == 999
    assert all(entry.deal == CODE for entry in fastest)


def test_a_game_the_computer_helped_never_enters_the_records(tmp_path):
    stats = Statistics(tmp_path)
    play(stats, 5000, True, 1, 1, assisted=True)
    game = stats.get("klondike")
    assert all(game.records(kind, "standard/3") == [] for kind in ("time", "moves", "score"))


def test_each_rules_keeps_its_own_records(tmp_path):
    stats = Statistics(tmp_path)
    play(stats, 10, True, 100, 90, rules="standard/1")
    play(stats, 20, True, 200, 80, rules="vegas/3")
    game = stats.get("klondike")
    assert [entry.score for entry in game.records("time", "standard/1")] == [10]
    assert [entry.score for entry in game.records("time", "vegas/3")] == [20]


def test_records_outlive_the_recent_games_list():
    game = GameStats().with_game(1, True, seconds=5, moves=50, rules="standard/3", when=1.0)
    for index in range(HISTORY_LIMIT + 5):
        game = game.with_game(0, False, seconds=900, moves=900, rules="standard/3",
                              when=2.0 + index)
    assert game.records("time", "standard/3")[0].seconds == 5
    again = GameStats.from_dict(json.loads(json.dumps(game.to_dict())), "klondike")
    assert again.records("moves", "standard/3")[0].moves == 50


def test_an_older_file_without_records_loads_whole_and_gives_its_best_scores(tmp_path):
    old = {"kind": "leaps-statistics", "format": 2, "games": {"klondike": {
        "played": 2, "won": 1, "current_streak": 0, "best_streak": 1, "best_score": 700,
        "history": [[1000.0, 700, True, {"rules": "standard/3"}],
                    [2000.0, 300, False, {"rules": "standard/3"}]]}}}
    (tmp_path / "stats.json").write_text(json.dumps(old))
    stats, messages = Statistics.load(tmp_path)
    assert messages == []
    game = stats.get("klondike")
    assert (game.played, game.won, game.best_score, len(game.history)) == (2, 1, 700, 2)
    assert [entry.score for entry in game.records("score", "standard/3")] == [700, 300]
    assert game.records("time", "standard/3") == []  # no times were kept then


def test_a_damaged_deal_or_time_in_the_file_is_damage(tmp_path):
    for extra in ({"deal": "K3 n"}, {"seconds": -1}, {"moves": 1.5}, {"deal": 7}):
        data = {"kind": "leaps-statistics", "format": 2, "games": {"klondike": {
            "played": 1, "history": [[1000.0, 7, False, extra]]}}}
        (tmp_path / "stats.json").write_text(json.dumps(data))
        stats, messages = Statistics.load(tmp_path)
        assert messages and stats.get("klondike").played == 0
