"""Counting a finished game once, for every table: the key each game carries in its save,
the statistics written before the save goes, and random deal numbers."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from game.scenes.context import Context
from game.store.stats import GAME_KEY

KEY_EXTRA = "key"  # the save's table extra holding the game's key
LARGEST_RANDOM_DEAL = 999_999_999  # random deal numbers stay short enough to read out


def random_seed() -> int:
    return random.randint(1, LARGEST_RANDOM_DEAL)


def new_key() -> str:
    return secrets.token_hex(8)


def saved_key(extras: dict) -> str | None:
    """The key a save's extras keep, or None (an older save, or one not fit to be a key)."""
    key = extras.get(KEY_EXTRA)
    return key if isinstance(key, str) and GAME_KEY.fullmatch(key) else None


def count_once(context: Context, game_id: str, recorded: bool,
               record: Callable[[], list[str]], save: Callable[[], None]) -> bool:
    """The end of a game of `game_id`, shared by every table: `record` it in the statistics
    (with its key) unless they hold it already, then delete its save; True once they hold it.

    One atomic step whatever moment the program is stopped at: the statistics write carries
    the game's key, so a save left behind by a stop just after it is known as counted and
    dropped (`drop_if_counted`). A write that fails counts nothing yet: the statistics keep
    the game to write it with the next one, and its save, by `save`, stays until they have
    (no later game may replace or remove it before).
    """
    if not context.autosave:
        return recorded
    if not recorded:
        context.notify(record())
        recorded = not context.stats.is_pending(game_id)
    if recorded:
        context.notify(context.saves.delete(game_id))
    else:
        save()
        context.saves.keep(game_id, until=context.stats.settle)
    return recorded


def drop_if_counted(context: Context, game_id: str, key: str | None) -> bool:
    """Delete the save of a game the statistics have counted already (the program stopped
    before it could go): that game is over. True if it went."""
    if not context.stats.is_counted(game_id, key):
        return False
    context.notify(context.saves.delete(game_id))
    return True
