"""Opening a game's table by its id, as the game registry says (`game.registry`)."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.scene import Scene
from game.registry import GAMES
from game.scenes.context import Context

TableFactory = Callable[[Context, int | None], Scene]

# game id -> factory(context, seed) -> the table scene; seed None resumes a saved game or deals anew
TABLES: dict[str, TableFactory] = {entry.id: entry.open_table for entry in GAMES}


def available(game_id: str) -> bool:
    return game_id in TABLES


def open_table(context: Context, game_id: str, seed: int | None = None) -> Scene:
    """The table for `game_id`; KeyError for a game whose table is not built yet."""
    return TABLES[game_id](context, seed)
