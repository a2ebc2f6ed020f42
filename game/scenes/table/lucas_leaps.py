"""Lucas Leaps on the shared table (RULES.md §5): thirteen piles building down by suit.

Everything it needs the shared table already does: a same-suit run picked up anywhere in it
moves as a unit, a click sends a card to a foundation or its best pile, the stock turns one
card and shows how many are left. Right-click turns the stock, as clicking it does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.scene import Scene
from game.rules import GAMES
from game.rules.lucas_leaps import DECKS, LucasLeapsState
from game.scenes.context import Context
from game.scenes.table.game import Rows, TableGame
from game.scenes.table.geometry import TableLayout
from game.scenes.table.lucas_leaps_layout import lucas_leaps_layout
from game.scenes.table.opening import open_card_table
from game.scenes.tabletop.clock import format_time

GAME_ID = "lucas_leaps"
CARDS = 52 * DECKS


class LucasLeapsTable(TableGame):
    game_id = GAME_ID
    has_options = True

    def __init__(self, context: Context) -> None:
        super().__init__(context, GAMES[GAME_ID])

    def layout(self, size: tuple[int, int], state: LucasLeapsState) -> TableLayout:
        return lucas_leaps_layout(size, state,
                                  card_size=self.context.settings.appearance.card_size,
                                  deck=self.context.settings.appearance.deck)

    def right_click_move(self, state: LucasLeapsState, legal: Sequence[Any]) -> Any | None:
        return self.stock_move(legal)

    def summary_rows(self, state: LucasLeapsState, moves: int, seconds: float) -> Rows:
        up = sum(map(len, state.foundations))
        return (("Cards on the foundations", f"{up} of {CARDS}"),
                ("Moves", str(moves)), ("Time", format_time(seconds)))


def open_table(context: Context, seed: int | None) -> Scene:
    """Lucas Leaps's table, as the game registry opens it: the saved game, or deal `seed`."""
    return open_card_table(context, LucasLeapsTable(context), seed)
