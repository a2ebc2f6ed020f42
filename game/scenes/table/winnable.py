"""Which deals the game knows to be winnable: the pools of proven wins it ships
(`assets/winnable/`, built by `python -m game.ai.pools`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.pools import Pool, PoolShelf
from game.engine.resources import asset_path

WINNABLE_NOTE = "Winnable deal"  # the table's word for a deal known to be winnable

_shelf = PoolShelf(asset_path("winnable"))


def pool_for(game_id: str, options: Mapping[str, Any]) -> Pool | None:
    """The shipped pool for deals of `game_id` with these options, if there is one."""
    return _shelf.pool_for(game_id, options)


def known_winnable(game_id: str, options: Mapping[str, Any], seed: int) -> bool:
    """Whether deal `seed` of `game_id` with these options is a proven win."""
    pool = pool_for(game_id, options)
    return pool is not None and seed in pool.seeds


def deal_note(rules: Any, first: Any) -> str:
    """What the table says of a deal that began with `first`: that it can be won, when a
    pool proves it, under the options it is played with; else nothing."""
    options = rules.to_dict(first).get("options", {})
    return WINNABLE_NOTE if known_winnable(rules.id, options, first.seed) else ""
