"""The registry of game tables: which games can be played, and how to open one."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.scene import Scene
from game.scenes.context import Context
from game.scenes.leap_frog.commands import open_leap_frog_table
from game.scenes.table.commands import open_card_table
from game.scenes.table.game import TableGame
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.lucas_leaps import LucasLeapsTable

TableFactory = Callable[[Context, int | None], Scene]


def _card_table(game: type[TableGame]) -> TableFactory:
    return lambda context, seed: open_card_table(context, game(context), seed)


# game id -> factory(context, seed) -> the table scene; seed None resumes a saved game or deals anew
TABLES: dict[str, TableFactory] = {
    "klondike": _card_table(KlondikeTable),
    "leapfrog": _card_table(LeapfrogTable),
    "leap_year": _card_table(LeapYearTable),
    "lucas_leaps": _card_table(LucasLeapsTable),
    "leap_frog": open_leap_frog_table,
}


def available(game_id: str) -> bool:
    return game_id in TABLES


def open_table(context: Context, game_id: str, seed: int | None = None) -> Scene:
    """The table for `game_id`; KeyError for a game whose table is not built yet."""
    return TABLES[game_id](context, seed)
