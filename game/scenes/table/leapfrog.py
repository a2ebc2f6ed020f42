"""Leapfrog on the shared table (RULES.md §1): a grid of single-card piles, one per cell.

Clicking a gap calls the card that fills it, which leaps in; a gap in the first column asks
which King (the `KingChooser`). Dead gaps are painted darker with a faint cross. A band above
the grid keeps the score's breakdown live, with what the game is worth after the buy-in and the
winnings of the games already recorded; the summary adds this game's winnings to them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.art import palette
from game.art.overlays import dead_gap_mark
from game.art.skin import panel_surface
from game.engine.scene import Scene
from game.engine.text import draw_text
from game.rules import GAMES
from game.rules.cards import Card
from game.rules.leapfrog import BUY_IN, WIN_BONUS, LeapfrogState, ScoreBreakdown
from game.rules.moves import Cell, GapMove
from game.scenes.context import Context
from game.scenes.table.game import Rows, TableGame
from game.scenes.table.geometry import TableLayout
from game.scenes.table.king_chooser import KingChooser
from game.scenes.table.leapfrog_layout import CELLS, leapfrog_layout
from game.scenes.table.opening import open_card_table
from game.scenes.tabletop.clock import format_time
from game.scenes.ui import fitted_size
from game.store.stats import payable

GAME_ID = "leapfrog"
LEAP_HEIGHT = 0.55  # how high a card leaps into a gap, in card heights
Facts = tuple[frozenset[Cell], ScoreBreakdown]  # the dead gaps and the score of a state


def signed(amount: int) -> str:
    """Winnings as a player reads them: +30, −61, 0."""
    if amount > 0:
        return f"+{amount:,}"
    return f"−{-amount:,}" if amount < 0 else "0"


def earned_score(parts: ScoreBreakdown, assisted: bool) -> int:
    """The score a game earns: a game the computer helped play earns no win bonus."""
    return parts.total - (parts.bonus if assisted else 0)


def _amount_colour(amount: int) -> palette.Colour:
    return palette.GOOD if amount > 0 else palette.BAD if amount < 0 else palette.TEXT


class LeapfrogTable(TableGame):
    game_id = GAME_ID
    stock_pile = None
    has_options = True
    flight_arc = LEAP_HEIGHT
    fills_on_click = True

    def __init__(self, context: Context) -> None:
        super().__init__(context, GAMES[GAME_ID])
        # The dead gaps and score of the state last asked about: the table asks at every frame.
        self._known: tuple[LeapfrogState | None, Facts | None] = (None, None)

    def piles(self, state: LeapfrogState) -> dict[Hashable, tuple[Card, ...]]:
        return {cell: () if card is None else (card,)
                for cell, card in zip(CELLS, (card for row in state.grid for card in row),
                                      strict=True)}

    def layout(self, size: tuple[int, int], state: LeapfrogState) -> TableLayout:
        return leapfrog_layout(size, card_size=self.context.settings.appearance.card_size)

    def _facts(self, state: LeapfrogState) -> Facts:
        known, facts = self._known
        if known is not state or facts is None:
            facts = (frozenset(self.rules.dead_gaps(state)), self.rules.score_breakdown(state))
            self._known = (state, facts)
        return facts

    def dead_gaps(self, state: LeapfrogState) -> frozenset[Cell]:
        """The gaps no card may fill."""
        return self._facts(state)[0]

    def breakdown(self, state: LeapfrogState) -> ScoreBreakdown:
        return self._facts(state)[1]

    def ghost(self, key: Hashable, state: LeapfrogState) -> tuple[str, str | None] | None:
        """A live gap is outlined (with a K where a King goes); a dead one is painted over."""
        if state.grid[key.row][key.col] is not None or key in self.dead_gaps(state):
            return None
        return ("empty", "K" if key.col == 0 else None)

    # Choosing a King ----------------------------------------------------------------------

    def fill_chooser(self, state: LeapfrogState, moves: Sequence[GapMove],
                     choose: Callable[[Any], Any]) -> Scene | None:
        kings = [(state.grid[move.source.row][move.source.col], move) for move in moves]
        appearance = self.context.settings.appearance
        return KingChooser(kings, moves[0].target, choose, deck=appearance.deck,
                           back=appearance.back)

    # The score band and the dead gaps -------------------------------------------------

    def _winnings_so_far(self) -> int:
        """The accumulated winnings of the games recorded (the game in play not among them)."""
        return self.context.stats.get(GAME_ID).total_winnings

    def decoration_key(self, state: LeapfrogState, *, assisted: bool = False) -> Hashable:
        return (*self._facts(state), assisted, self._winnings_so_far())

    def paint_decorations(self, surface: pygame.Surface, state: LeapfrogState,
                          layout: TableLayout, *, assisted: bool = False) -> None:
        mark = dead_gap_mark(layout.card_size)
        for cell in self.dead_gaps(state):
            surface.blit(mark, layout.piles[cell].rect)
        if layout.panel is not None:
            paint_score_band(surface, layout.panel, self.breakdown(state),
                             self._winnings_so_far(), assisted=assisted)

    # Scores and the end -----------------------------------------------------------------

    def score_text(self, state: LeapfrogState, *, assisted: bool = False) -> str:
        return f"Score {self._earned_score(state, assisted):,}"

    def summary_score(self, state: LeapfrogState, *, assisted: bool = False) -> int:
        return self._earned_score(state, assisted)

    def summary_rows(self, state: LeapfrogState, moves: int, seconds: float) -> Rows:
        parts = self.breakdown(state)
        return (("Cards in sequence (2 each)", str(parts.sequence)),
                ("Cards in position (5 each)", str(parts.position)),
                ("Completed suits (10 each)", str(parts.suits)),
                ("Moves", str(moves)), ("Time", format_time(seconds)))

    def outcome_rows(self, state: LeapfrogState, *, assisted: bool, counted: bool) -> Rows:
        """The bonus, the buy-in, this game's winnings and everything won so far, this game
        included; for a game the computer helped play, what was not paid."""
        parts = self.breakdown(state)
        earned = self._earned_score(state, assisted)
        winnings = payable(earned - BUY_IN, assisted)
        if not parts.bonus:
            bonus = ("Win bonus", "–")
        elif assisted:
            bonus = ("Win bonus (the computer played)", "not paid")
        else:
            bonus = ("Win bonus: four times the buy-in!", f"+{parts.bonus}")
        rows = [bonus, ("Buy-in", signed(-BUY_IN)), ("This game's winnings", signed(winnings))]
        unpaid = earned - BUY_IN - winnings
        if unpaid:
            rows.append(("Not paid: the computer helped", signed(unpaid)))
        else:  # nothing to hold back, but the player should still know why it is not a win
            rows += super().outcome_rows(state, assisted=assisted, counted=counted)
        so_far = self._winnings_so_far() + (0 if counted else winnings)
        rows.append(("Accumulated winnings", signed(so_far)))
        return tuple(rows)

    def _earned_score(self, state: LeapfrogState, assisted: bool) -> int:
        return earned_score(self.breakdown(state), assisted)

    def record(self, state: LeapfrogState, won: bool, seconds: float, *, assisted: bool = False,
               key: str | None = None, moves: int | None = None,
               daily: bool = False) -> list[str]:
        earned = self._earned_score(state, assisted)
        return self.context.stats.record_game(GAME_ID, earned, won, winnings=earned - BUY_IN,
                                              seconds=seconds, assisted=assisted, key=key,
                                              moves=moves, deal=self.deal_code(state),
                                              daily=daily)


def score_slots(parts: ScoreBreakdown, winnings: int, *,
                assisted: bool = False) -> list[tuple[str, str, palette.Colour]]:
    """The score band's slots, label, value and colour: its four kinds of points, the total,
    what the game pays after the buy-in and the winnings of the games recorded so far. A game
    the computer helped play earns no win bonus and may lose money but never gain it, so the
    band shows what it would really pay."""
    paid = bool(parts.bonus) and not assisted
    bonus = f"+{WIN_BONUS}" if paid else "not paid" if parts.bonus else "–"
    bonus_colour = palette.ACCENT_BRIGHT if paid else palette.TEXT_DIM
    score = earned_score(parts, assisted)
    pays = payable(score - BUY_IN, assisted)
    pays_label = "After buy-in" if pays == score - BUY_IN else "Pays (helped)"
    return [
        ("Sequence", str(parts.sequence), palette.TEXT),
        ("Position", str(parts.position), palette.TEXT),
        ("Suits", str(parts.suits), palette.TEXT),
        ("Win bonus", bonus, bonus_colour),
        ("Score", str(score), palette.ACCENT_BRIGHT),
        (pays_label, signed(pays), _amount_colour(pays)),
        ("Winnings so far", signed(winnings), _amount_colour(winnings)),
    ]


def paint_score_band(surface: pygame.Surface, rect: pygame.Rect, parts: ScoreBreakdown,
                     winnings: int, *, assisted: bool = False) -> None:
    """The live score in slots (`score_slots`)."""
    surface.blit(panel_surface(rect.size), rect)
    slots = score_slots(parts, winnings, assisted=assisted)
    pad = max(6, rect.height // 8)
    slot_width = (rect.width - 2 * pad) / len(slots)
    label_size = max(12, round(rect.height * 0.26))
    value_size = max(16, round(rect.height * 0.42))
    for index, (label, value, colour) in enumerate(slots):
        centre = rect.x + pad + slot_width * (index + 0.5)
        room = round(slot_width) - pad
        if index in (4, 5):
            separator = round(rect.x + pad + slot_width * index)
            surface.fill(palette.PANEL_EDGE[:3],
                         (separator, rect.y + pad, 1, rect.height - 2 * pad))
        draw_text(surface, label, fitted_size(label, label_size, room), palette.TEXT_DIM,
                  (centre, rect.y + pad * 0.8), anchor="midtop")
        draw_text(surface, value, fitted_size(value, value_size, room, bold=True), colour,
                  (centre, rect.bottom - pad * 0.7), anchor="midbottom", bold=True)


def open_table(context: Context, seed: int | None) -> Scene:
    """Leapfrog's table, as the game registry opens it: the saved game, or deal `seed`."""
    return open_card_table(context, LeapfrogTable(context), seed)
