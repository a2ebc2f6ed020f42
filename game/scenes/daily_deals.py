"""The deal of the day: for each solitaire and each date, one deal, the same for every player,
worked out from the date alone (no network, any date past or future).

The deal comes from the game's daily pool (its registry pool marked `daily`), of the grade the
weekday asks for: easy early in the week, rising to expert at the weekend. Each grade's deals
are taken in one fixed shuffled order, one per day of that grade, round and round; since every
grade has more deals than it has days in a year, no deal comes back within a year. A pool
whose grades are too few for that (its grading not finished) gives its deals in one shuffled
order for every day instead, without the weekly rise, which still never repeats within a year.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.engine.scene import Scene
from game.registry import GAMES, Game, Pool
from game.rules.history import History
from game.scenes.context import Context
from game.scenes.table.session import Session
from game.scenes.table.winnable import grades_for, pool_for
from game.scenes.tables import open_table

# Monday first, as date.weekday() counts.
WEEK = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
YEAR_DAYS = 366  # the most days one year holds


@dataclass(frozen=True)
class DailyDeal:
    game_id: str
    date: datetime.date
    options: Mapping[str, Any]
    seed: int
    grade: str | None  # None when the deal has no grade


def daily_games() -> tuple[Game, ...]:
    """The games with a deal of the day, in menu order."""
    return tuple(entry for entry in GAMES if daily_pool(entry) is not None)


def daily_pool(entry: Game) -> Pool | None:
    return next((pool for pool in entry.pools if pool.daily), None)


def daily_deal(game_id: str, date: datetime.date) -> DailyDeal:
    """The deal of the day of `game_id` on `date`; KeyError for a game without one."""
    entry = next((each for each in daily_games() if each.id == game_id), None)
    if entry is None:
        raise KeyError(f"{game_id!r} has no deal of the day")
    pool = daily_pool(entry)
    by_grade, everyone = _orders(entry.id, pool)
    day = date.toordinal()
    if by_grade is None:
        seed = everyone[day % len(everyone)]
        return DailyDeal(game_id, date, _options(entry, pool), seed, None)
    grade = WEEK[date.weekday()]
    order = by_grade[grade]
    seed = order[_days_of_grade_before(day, grade) % len(order)]
    return DailyDeal(game_id, date, _options(entry, pool), seed, grade)


def _options(entry: Game, pool: Pool) -> dict[str, Any]:
    """The daily deal's rules: the pool's, and the defaults for the rest."""
    return {**{option.name: option.default for option in entry.rules.rule_options},
            **dict(pool.options)}


def _days_of_grade_before(day: int, grade: str) -> int:
    """How many days of `grade` come before the day with ordinal `day` (counting from the
    Monday of ordinal 1, negative before it): consecutive days of one grade count on by one."""
    weekdays = [index for index, each in enumerate(WEEK) if each == grade]
    week, weekday = divmod(day - 1, 7)  # ordinal 1 (1 January of year 1) was a Monday
    return week * len(weekdays) + sum(1 for index in weekdays if index < weekday)


@cache
def _orders(game_id: str, pool: Pool) -> tuple[dict[str, tuple[int, ...]] | None,
                                                tuple[int, ...]]:
    """Each grade's deals in their fixed shuffled order (None when some grade has too few
    for a year of its days), and all the pool's deals in theirs."""
    options = dict(pool.options)
    shipped = pool_for(game_id, options)
    seeds = sorted(shipped.seeds) if shipped is not None else []
    if len(seeds) < YEAR_DAYS:
        raise LookupError(f"the daily pool of {game_id} holds fewer deals than a year's days")
    everyone = _shuffled(seeds, f"{game_id} every day")
    grades = grades_for(game_id, options)
    by_grade = {grade: _shuffled(sorted(seed for seed in seeds if grades.get(seed) == grade),
                                 f"{game_id} {grade}") for grade in set(WEEK)}
    enough = all(len(by_grade[grade]) > YEAR_DAYS * WEEK.count(grade) / 7 + 1
                 for grade in by_grade)
    return (by_grade if enough else None), everyone


def _shuffled(seeds: list[int], salt: str) -> tuple[int, ...]:
    """`seeds` in an order fixed by `salt`, the same on every machine and Python."""
    order = list(seeds)
    random.Random(salt).shuffle(order)
    return tuple(order)


def date_of(text: str) -> datetime.date:
    """The date of an ISO date text (a session's `daily`)."""
    return datetime.date.fromisoformat(text)


def open_daily(context: Context, deal: DailyDeal) -> Scene:
    """The table of the deal's game playing it, under the deal's rules (whatever the player's
    own are), as a daily game: its end goes into the calendar too. A game of that kind in
    progress is abandoned, as a new deal would abandon it."""
    table = open_table(context, deal.game_id, deal.seed)
    rules = table.game.rules
    state = rules.new_game(deal.seed, **deal.options)
    table.start_session(Session(rules, History.start(state), daily=deal.date.isoformat()))
    return table
