"""Leap Year on the shared table (RULES.md §2): sixteen foundations, eight piles, the stock.

A click sends a top card to the first foundation that takes it, so the foundations fill from
the left and a player can tell where a card will land. The stock shows the deals left. With
auto-play on (a switch on the toolbar, or in the options) every playable card goes up by
itself, one after another, for players who like to watch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules import GAMES
from game.rules.leap_year import DECKS, FOUNDATIONS, STOCK_SIZE, TABLEAU_PILES, LeapYearState
from game.rules.moves import CardMove
from game.scenes.context import Context
from game.scenes.table.game import Rows, Switch, TableGame, format_time
from game.scenes.table.geometry import TableLayout
from game.scenes.table.leap_year_layout import leap_year_layout

GAME_ID = "leap_year"
DEALS = STOCK_SIZE // TABLEAU_PILES
TO_PLAY = 52 * DECKS - FOUNDATIONS  # every card but the Aces the foundations start with


def deals_text(deals: int) -> str:
    return f"{deals} deal" if deals == 1 else f"{deals} deals"


class LeapYearTable(TableGame):
    game_id = GAME_ID
    has_options = True
    nearest_target = False

    def __init__(self, context: Context) -> None:
        super().__init__(context, GAMES[GAME_ID])

    @property
    def settings(self) -> Any:
        return self.context.settings.leap_year

    def layout(self, size: tuple[int, int], state: LeapYearState) -> TableLayout:
        appearance = self.context.settings.appearance
        return leap_year_layout(size, state, card_size=appearance.card_size,
                                deck=appearance.deck)

    def stock_label(self, state: LeapYearState) -> str | None:
        deals = len(state.stock) // TABLEAU_PILES
        return deals_text(deals) if deals else None

    # Moves ------------------------------------------------------------------------------

    def switches(self) -> list[Switch]:
        def turn(on: bool) -> None:
            self.settings.auto_play = on

        return [Switch("Auto-play", lambda: self.settings.auto_play, turn)]

    def automatic_move(self, state: LeapYearState) -> Any | None:
        """With auto-play on, the first card that may go up does, until none may."""
        if not self.settings.auto_play:
            return None
        return next((move for move in self.rules.legal_moves(state)
                     if isinstance(move, CardMove)), None)

    def right_click_move(self, state: LeapYearState, legal: Sequence[Any]) -> Any | None:
        """Right-click anywhere deals, as clicking the stock does."""
        return self.stock_move(legal)

    # Scores -----------------------------------------------------------------------------

    def summary_rows(self, state: LeapYearState, moves: int, seconds: float) -> Rows:
        return (("Cards played up", f"{self.rules.score(state)} of {TO_PLAY}"),
                ("Deals made", f"{state.deals_made} of {DEALS}"),
                ("Moves", str(moves)), ("Time", format_time(seconds)))
