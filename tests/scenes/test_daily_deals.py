"""The deal of the day: the same for everyone on a date, from the graded pools, rising in
grade through the week, and never the same deal twice within a year, over ten years."""

import datetime

import pytest

from game.scenes.daily_deals import WEEK, daily_deal, daily_games
from game.scenes.table.winnable import grades_for, pool_for

START = datetime.date(2024, 1, 1)
TEN_YEARS = [START + datetime.timedelta(days=day) for day in range(3653)]
GAME_IDS = [entry.id for entry in daily_games()]


def test_every_solitaire_has_a_deal_of_the_day():
    assert GAME_IDS and all(entry.advisor is not None for entry in daily_games())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_deal_comes_back_within_a_year_over_ten_years(game_id):
    last_seen: dict[int, datetime.date] = {}
    for date in TEN_YEARS:
        deal = daily_deal(game_id, date)
        if deal.seed in last_seen:
            assert (date - last_seen[deal.seed]).days >= 366, (deal.seed, date)
        last_seen[deal.seed] = date


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_day_deals_a_winnable_deal_of_the_weekdays_grade(game_id):
    for date in TEN_YEARS[:60]:
        deal = daily_deal(game_id, date)
        assert deal.seed in pool_for(game_id, deal.options).seeds
        if deal.grade is not None:
            assert deal.grade == WEEK[date.weekday()]
            assert grades_for(game_id, deal.options)[deal.seed] == deal.grade


def test_the_week_rises_from_easy_to_expert():
    assert WEEK[0] == "easy" and WEEK[-1] == "expert"
    order = ["easy", "medium", "hard", "expert"]
    assert [order.index(grade) for grade in WEEK] == sorted(order.index(g) for g in WEEK)


@pytest.mark.parametrize("date", [datetime.date.min, datetime.date(1970, 1, 1),
                                  datetime.date(2100, 2, 28), datetime.date.max])
def test_any_date_past_or_future_has_its_deal(date):
    for game_id in GAME_IDS:
        assert daily_deal(game_id, date) == daily_deal(game_id, date)


def test_the_days_deal_depends_on_the_date_alone():
    date = datetime.date(2031, 7, 14)
    klondike = daily_deal("klondike", date)
    assert dict(klondike.options)["draw"] == 3 and klondike.date == date


def test_a_game_without_a_daily_deal_is_refused():
    with pytest.raises(KeyError):
        daily_deal("leap_frog", START)
