"""The deals of the day played and won: kept apart in daily.json, won stays won, the streak,
two windows on one folder, and a damaged file set aside."""

import datetime
import json

import pytest

from game.store.daily import DAILY_FILE, DailyRecord

DAY = datetime.date(2026, 3, 10)


def later(days):
    return DAY + datetime.timedelta(days=days)


def test_a_day_won_stays_won_and_survives_a_restart(tmp_path):
    record, _ = DailyRecord.load(tmp_path)
    assert record.add("klondike", DAY, won=True) == []
    assert record.add("klondike", DAY, won=False) == []
    record.add("leapfrog", DAY, won=False)
    again, messages = DailyRecord.load(tmp_path)
    assert messages == []
    assert again.result("klondike", DAY) == "won" and again.result("leapfrog", DAY) == "played"
    assert again.result("klondike", later(1)) is None


def test_the_streak_counts_days_won_in_a_row_up_to_today_or_yesterday():
    record = DailyRecord(None)
    for day in (-5, -3, -2, -1):
        record.add("klondike", later(day), won=True)
    record.add("klondike", later(-4), won=False)
    assert record.streak("klondike", DAY) == 3  # today still open
    record.add("klondike", DAY, won=True)
    assert record.streak("klondike", DAY) == 4
    assert record.streak("klondike", later(2)) == 0
    assert record.streak("leapfrog", DAY) == 0
    assert record.won_in_month("klondike", 2026, 3) == 5


def test_two_windows_on_one_folder_keep_each_others_days(tmp_path):
    first, _ = DailyRecord.load(tmp_path)
    second, _ = DailyRecord.load(tmp_path)
    first.add("klondike", DAY, won=True)
    second.add("klondike", later(1), won=True)
    third, _ = DailyRecord.load(tmp_path)
    assert third.streak("klondike", later(1)) == 2


@pytest.mark.parametrize("content", [
    "not json",
    '{"kind": "leaps-daily", "format": 1, "games": {"klondike": {"2026-13-01": "won"}}}',
    '{"kind": "leaps-daily", "format": 1, "games": {"klondike": {"2026-01-01": "lost"}}}',
    '{"kind": "leaps-daily", "format": 1, "games": {"klondike": ["2026-01-01"]}}',
    '{"kind": "leaps-daily", "format": 1, "games": []}',
    '{"kind": "leaps-settings", "format": 1}',
    '{"kind": "leaps-daily", "format": 99, "games": {}}',
])
def test_a_damaged_file_is_set_aside_with_a_message(tmp_path, content):
    (tmp_path / DAILY_FILE).write_text(content)
    record, messages = DailyRecord.load(tmp_path)
    assert record.days == {} and messages and "set aside" in messages[0]
    assert not (tmp_path / DAILY_FILE).exists()
    record.add("klondike", DAY, won=True)
    assert json.loads((tmp_path / DAILY_FILE).read_text())["games"]["klondike"] == {
        "2026-03-10": "won"}


def test_the_figures_count_days_played_and_won_and_the_longest_run():
    record = DailyRecord(None)
    for day, won in ((-9, True), (-8, True), (-7, True), (-6, False), (-2, True), (-1, True)):
        record.add("klondike", later(day), won=won)
    record.add("klondike", later(-8), won=False)  # played again: still won
    figures = record.figures("klondike", DAY)
    assert figures == (6, 5, 2, 3)
    assert figures.win_rate == pytest.approx(5 / 6)
    assert record.figures("leapfrog", DAY) == (0, 0, 0, 0)
    assert record.figures("leapfrog", DAY).win_rate == 0.0
