"""The registry of game tables: which games can be played, and how to open one."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.scene import Scene
from game.scenes.context import Context
from game.scenes.table.commands import open_card_table
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.lucas_leaps import LucasLeapsTable


def _klondike(context: Context, seed: int | None) -> Scene:
    return open_card_table(context, KlondikeTable(context), seed)


def _leapfrog(context: Context, seed: int | None) -> Scene:
    return open_card_table(context, LeapfrogTable(context), seed)


def _leap_year(context: Context, seed: int | None) -> Scene:
    return open_card_table(context, LeapYearTable(context), seed)


def _lucas_leaps(context: Context, seed: int | None) -> Scene:
    return open_card_table(context, LucasLeapsTable(context), seed)


# game id -> factory(context, seed) -> the table scene; seed None resumes a saved game or deals anew
TABLES: dict[str, Callable[[Context, int | None], Scene]] = {
    "klondike": _klondike,
    "leapfrog": _leapfrog,
    "leap_year": _leap_year,
    "lucas_leaps": _lucas_leaps,
}


def available(game_id: str) -> bool:
    return game_id in TABLES


def open_table(context: Context, game_id: str, seed: int | None = None) -> Scene:
    """The table for `game_id`; KeyError for a game whose table is not built yet."""
    return TABLES[game_id](context, seed)
