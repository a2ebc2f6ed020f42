"""The registry of game tables: which games can be played, and how to open one."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.scene import Scene
from game.scenes.context import Context

# game id -> factory(context, seed) -> the table scene; seed None resumes a saved game or deals anew
TABLES: dict[str, Callable[[Context, int | None], Scene]] = {}


def available(game_id: str) -> bool:
    return game_id in TABLES


def open_table(context: Context, game_id: str, seed: int | None = None) -> Scene:
    """The table scene for `game_id`; KeyError for a game whose table is not built yet."""
    return TABLES[game_id](context, seed)
