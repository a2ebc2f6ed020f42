"""Leap Year on the shared table (RULES.md §2): sixteen foundations, eight piles, the stock.

A click sends a top card to the first foundation that takes it, so the foundations fill from
the left and a player can tell where a card will land. The stock shows the deals left. With
auto-play on (a switch on the toolbar, or in the options) the table plays the deal itself,
for players who like to watch: it follows the solver's winning line when one is found (the
search runs off the UI thread, safe plays going up meanwhile), else a heuristic plan up to
the next deal, then looks again (`game.ai.leap_year.autoplay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.leap_year.autoplay import AutoPilot, Plan, plan, seconds_for
from game.engine.scene import Scene
from game.rules import GAMES
from game.rules.leap_year import DECKS, FOUNDATIONS, STOCK_SIZE, TABLEAU_PILES, LeapYearState
from game.scenes.context import Context
from game.scenes.table.game import WAIT, Rows, Switch, TableGame
from game.scenes.table.geometry import TableLayout
from game.scenes.table.leap_year_layout import leap_year_layout
from game.scenes.table.opening import open_card_table
from game.scenes.table.search_runner import SearchRunner
from game.scenes.tabletop.clock import format_time

GAME_ID = "leap_year"
DEALS = STOCK_SIZE // TABLEAU_PILES
TO_PLAY = 52 * DECKS - FOUNDATIONS  # every card but the Aces the foundations start with
PLANNING = "Auto-play: looking for a winning line…"


def deals_text(deals: int) -> str:
    return f"{deals} deal" if deals == 1 else f"{deals} deals"


class LeapYearTable(TableGame):
    game_id = GAME_ID
    has_options = True
    nearest_target = False

    def __init__(self, context: Context) -> None:
        super().__init__(context, GAMES[GAME_ID])
        self.pilot = AutoPilot()
        self.runner = SearchRunner(self._failed)
        self._planning: LeapYearState | None = None  # the position the running search is for
        self._planned: LeapYearState | None = None  # the last position planned for

    @property
    def settings(self) -> Any:
        return self.context.settings.leap_year

    def layout(self, size: tuple[int, int], state: LeapYearState) -> TableLayout:
        appearance = self.context.settings.appearance
        return leap_year_layout(size, card_size=appearance.card_size, deck=appearance.deck)

    def stock_label(self, state: LeapYearState) -> str | None:
        deals = len(state.stock) // TABLEAU_PILES
        return deals_text(deals) if deals else None

    # Moves ------------------------------------------------------------------------------

    def switches(self) -> list[Switch]:
        def turn(on: bool) -> None:
            self.settings.auto_play = on
            if not on:
                self.stop_automatic()

        return [Switch("Auto-play", lambda: self.settings.auto_play, turn)]

    def plays_itself(self) -> bool:
        return self.settings.auto_play

    def automatic_move(self, state: LeapYearState) -> Any | None:
        """With auto-play on, the pilot's move; `WAIT` while a plan for `state` is being
        worked out."""
        if not self.settings.auto_play or self.rules.is_over(state):
            return None
        self.runner.poll()
        move = self.pilot.move(state)
        if move is not None or self._planned == state:  # planned, and nothing to do
            return move
        if self._planning != state or not self.runner.busy:
            self._plan(state)
        return WAIT

    def _plan(self, state: LeapYearState) -> None:
        self._planning = state

        def adopt(found: Plan) -> None:
            self.pilot.adopt(state, found)
            self._planning, self._planned = None, state

        self.runner.start(PLANNING, lambda budget: plan(state, budget), seconds_for(state),
                          adopt)

    def automatic_status(self) -> str | None:
        return self.runner.label

    def stop_automatic(self) -> None:
        self.runner.cancel()
        self.pilot = AutoPilot()
        self._planning = self._planned = None

    def _failed(self) -> None:
        """A search failed: auto-play stops where it is rather than try again and again."""
        self._planned, self._planning = self._planning, None

    def right_click_move(self, state: LeapYearState, legal: Sequence[Any]) -> Any | None:
        """Right-click anywhere deals, as clicking the stock does."""
        return self.stock_move(legal)

    # Scores -----------------------------------------------------------------------------

    def summary_rows(self, state: LeapYearState, moves: int, seconds: float) -> Rows:
        return (("Cards played up", f"{self.rules.score(state)} of {TO_PLAY}"),
                ("Deals made", f"{state.deals_made} of {DEALS}"),
                ("Moves", str(moves)), ("Time", format_time(seconds)))


def open_table(context: Context, seed: int | None) -> Scene:
    """Leap Year's table, as the game registry opens it: the saved game, or deal `seed`."""
    return open_card_table(context, LeapYearTable(context), seed)
