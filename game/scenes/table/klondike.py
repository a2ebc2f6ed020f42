"""Klondike on the shared table (RULES.md §3): its layout, automatic moves, right-click,
the deck outline's marks, the deck-contents panel and Vegas money."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from game.ai.hints import automatic_move
from game.art.faces import rank_label
from game.engine.scene import Scene
from game.rules import GAMES
from game.rules.klondike import (
    TABLEAU,
    WASTE,
    can_use_stock,
    deck_groups,
    pass_available,
)
from game.rules.klondike_piles import head_rank
from game.rules.klondike_state import KlondikeState
from game.scenes.context import Context
from game.scenes.table.deck_panel import paint_deck_panel
from game.scenes.table.game import Piles, Rows, TableGame
from game.scenes.table.geometry import TableLayout
from game.scenes.table.klondike_layout import klondike_layout
from game.scenes.table.opening import open_card_table
from game.scenes.tabletop.clock import format_time
from game.scenes.ui import dollars
from game.store.stats import payable, rules_key

GAME_ID = "klondike"


class KlondikeTable(TableGame):
    game_id = GAME_ID
    has_options = True

    def __init__(self, context: Context) -> None:
        super().__init__(context, GAMES[GAME_ID])
        self._counted: KlondikeState | None = None  # the last position counted as a game's end

    @property
    def settings(self) -> Any:
        return self.context.settings.klondike

    def layout(self, size: tuple[int, int], state: KlondikeState) -> TableLayout:
        return klondike_layout(size, state,
                               card_size=self.context.settings.appearance.card_size,
                               deck=self.context.settings.appearance.deck,
                               deck_panel=self.settings.show_deck_contents)

    def deal_order(self, piles: Piles) -> list[tuple[Hashable, int]]:
        """Row by row over the building stacks as the deal goes, then the first turn."""
        rows = [(ref, row) for row in range(len(TABLEAU)) for ref in TABLEAU
                if row < len(piles[ref])]
        return rows + [(WASTE, index) for index in range(len(piles[WASTE]))]

    def ghost(self, key: Hashable, state: KlondikeState) -> tuple[str, str | None] | None:
        start = state.options.start_rank
        if key == self.stock_pile:
            return ("stock", None) if can_use_stock(state) else ("exhausted", None)
        if self.is_foundation(key):
            return ("foundation", rank_label(start))
        if key in TABLEAU:
            return ("empty", rank_label(head_rank(start)))
        return None

    # The deck-contents panel ------------------------------------------------------------

    def decoration_key(self, state: KlondikeState, *, assisted: bool = False) -> Hashable:
        if not self.settings.show_deck_contents:
            return None
        return (state.stock, state.waste, pass_available(state),
                self.context.settings.appearance.deck)

    def paint_decorations(self, surface: pygame.Surface, state: KlondikeState,
                          layout: TableLayout, *, assisted: bool = False) -> None:
        if layout.panel is not None and self.settings.show_deck_contents:
            paint_deck_panel(surface, layout.panel, deck_groups(state), state.options.draw,
                             self.context.settings.appearance.deck)

    # Moves ------------------------------------------------------------------------------

    def right_click_move(self, state: KlondikeState, legal: Sequence[Any]) -> Any | None:
        """Right-click anywhere does what clicking the deck does."""
        return self.stock_move(legal)

    def automatic_move(self, state: KlondikeState) -> Any | None:
        """A card to its suit stack that no win can need: the moves the solver's lines make
        at once, so hints, Solve? and the demo plan with the same ones."""
        return automatic_move(self.rules, state) if self.automatic_on() else None

    def automatic_on(self) -> bool:
        return self.settings.automatic_moves

    # Scores -----------------------------------------------------------------------------

    def _vegas(self, state: KlondikeState) -> bool:
        return state.options.scoring == "vegas"

    def score_text(self, state: KlondikeState, *, assisted: bool = False) -> str:
        """The score, or the Vegas money the game pays as the summary shows it (a game the
        computer helped gains none), with the cumulative balance if it is kept."""
        if state.options.scoring == "none":
            return ""
        if not self._vegas(state):
            return f"Score {state.score:,}"
        paid = payable(state.score, assisted)
        if self.settings.vegas_cumulative:
            balance = self.context.stats.get(GAME_ID).vegas_balance
            if state is not self._counted:  # the balance holds a game once it is counted
                balance += paid
            return f"{dollars(paid)}  (total {dollars(balance)})"
        return dollars(paid)

    def summary_score(self, state: KlondikeState, *, assisted: bool = False) -> int | str:
        """Vegas: the money the game pays, which a game the computer helped never gains."""
        return dollars(payable(state.score, assisted)) if self._vegas(state) else state.score

    def summary_rows(self, state: KlondikeState, moves: int, seconds: float) -> Rows:
        up = sum(map(len, state.foundations))
        return (("Cards on the suit stacks", f"{up} of 52"),
                ("Passes through the deck", str(state.passes)),
                ("Moves", str(moves)), ("Time", format_time(seconds)))

    def outcome_rows(self, state: KlondikeState, *, assisted: bool, counted: bool) -> Rows:
        """The Vegas money a game the computer helped did not win, and the cumulative balance
        with this game in it."""
        rows = list(super().outcome_rows(state, assisted=assisted, counted=counted))
        paid = payable(state.score, assisted)
        if self._vegas(state) and paid != state.score:
            rows.append(("Vegas money not paid", dollars(state.score - paid)))
        if self._vegas(state) and self.settings.vegas_cumulative:
            balance = self.context.stats.get(GAME_ID).vegas_balance + (0 if counted else paid)
            rows.append(("Vegas balance", dollars(balance)))
        return tuple(rows)

    def record(self, state: KlondikeState, won: bool, seconds: float, *, assisted: bool = False,
               key: str | None = None, moves: int | None = None,
               daily: bool = False) -> list[str]:
        """Count the game with its scoring and draw; cumulative Vegas adds its money to the
        balance (a deal of the day's never: see `Statistics.record_game`)."""
        vegas = state.score if self._vegas(state) and self.settings.vegas_cumulative else None
        messages = self.context.stats.record_game(
            GAME_ID, state.score, won, vegas=vegas, seconds=seconds, assisted=assisted,
            rules=rules_key(state.options.scoring, state.options.draw), key=key, moves=moves,
            deal=self.deal_code(state), daily=daily)
        if not self.context.stats.is_pending(GAME_ID):
            self._counted = state
        return messages


def open_table(context: Context, seed: int | None) -> Scene:
    """Klondike's table, as the game registry opens it: the saved game, or deal `seed`."""
    return open_card_table(context, KlondikeTable(context), seed)
