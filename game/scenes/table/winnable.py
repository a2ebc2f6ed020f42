"""Which deals the game knows to be winnable, and how hard each is: the pools of proven wins
it ships (`assets/winnable/`, built by `python -m game.ai.pools`) and their grades (beside
them, measured by `python -m game.ai.grading`)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from game.ai.grading import load_grades
from game.ai.pools import Pool, PoolShelf, PoolSpec, spec_for
from game.engine.resources import asset_path

WINNABLE_NOTE = "Winnable deal"  # the table's word for a deal known to be winnable
SHORT_NOTE = "Winnable"  # ...where a small window leaves little room

_shelf = PoolShelf(asset_path("winnable"))
_grades: dict[PoolSpec, dict[int, str]] = {}


def pool_for(game_id: str, options: Mapping[str, Any]) -> Pool | None:
    """The shipped pool for deals of `game_id` with these options, if there is one."""
    return _shelf.pool_for(game_id, options)


def known_winnable(game_id: str, options: Mapping[str, Any], seed: int) -> bool:
    """Whether deal `seed` of `game_id` with these options is a proven win."""
    pool = pool_for(game_id, options)
    return pool is not None and seed in pool.seeds


def grades_for(game_id: str, options: Mapping[str, Any]) -> dict[int, str]:
    """The grade of each graded deal of the pool for these deals ({} when none are)."""
    spec = spec_for(game_id, options)
    if spec is None:
        return {}
    if spec not in _grades:
        _grades[spec] = load_grades(_shelf.folder, spec)
    return _grades[spec]


def winnable_seeds(game_id: str, options: Mapping[str, Any], grade: str = "any"
                   ) -> tuple[int, ...]:
    """The pool's deals of `grade` ("any": all of them); all of them when none is graded
    so, so that a pool without grades still deals."""
    pool = pool_for(game_id, options)
    if pool is None:
        return ()
    grades = grades_for(game_id, options)
    graded = tuple(seed for seed in pool.seeds if grades.get(seed) == grade)
    return graded if grade != "any" and graded else pool.seeds


def deal_notes(rules: Any, first: Any, daily: str | None = None) -> tuple[str, ...]:
    """What the table says of a deal that began with `first`: that it can be won, and its
    grade, when a pool proves it under the options it is played with, else nothing; for the
    deal of the day of `daily` (an ISO date), that and its date instead. Worded from the
    longest to the shortest, for a toolbar with little room."""
    options = rules.to_dict(first).get("options", {})
    grade = grades_for(rules.id, options).get(first.seed)
    if daily is not None:
        date = datetime.date.fromisoformat(daily)
        day = f"{date:%a} {date.day} {date:%b}"
        if not grade:
            return (f"Deal of the day, {day}", f"Daily, {day}", "Daily")
        return (f"Deal of the day, {day}, {grade}", f"Daily, {day}, {grade}",
                f"Daily, {grade}", "Daily")
    if not known_winnable(rules.id, options, first.seed):
        return ()
    if not grade:
        return (WINNABLE_NOTE, SHORT_NOTE)
    return (f"{WINNABLE_NOTE}, {grade}", f"{SHORT_NOTE}, {grade}", f"{grade.capitalize()} deal")


def deal_note(rules: Any, first: Any) -> str:
    """The deal's note in full ("" for a deal not known to be winnable)."""
    notes = deal_notes(rules, first)
    return notes[0] if notes else ""
