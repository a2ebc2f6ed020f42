"""What a card game tells the shared table: its layout and the few choices that differ.

The table scene does everything else (sprites, dragging, clicks, undo, saving, statistics,
the toolbar, the end of the game). A new solitaire is a subclass overriding `layout` and
whatever of the rest its rules call for; the defaults suit a game of card piles with
foundations, a stock to click and no automatic moves.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.scene import Scene
from game.rules.cards import Card
from game.rules.moves import PileRef, StockMove
from game.scenes.context import Context
from game.scenes.table.geometry import TableLayout
from game.scenes.table.gestures import MoveParts, card_move_parts
from game.scenes.tabletop.clock import format_time

STOCK_PILE = PileRef("stock", 0)
WAIT = "wait"  # an automatic move is on its way: ask again in a moment
Piles = Mapping[Hashable, Sequence[Card]]
Rows = tuple[tuple[str, str], ...]
ASSISTED_LABEL = "The computer helped"


@dataclass(frozen=True)
class Switch:
    """A table choice the toolbar turns on and off (a setting such as auto-play)."""

    label: str
    is_on: Callable[[], bool]
    turn: Callable[[bool], None]


class TableGame:
    """The per-game part of a card table. `context` gives the settings and statistics."""

    game_id: str = ""
    stock_pile: Hashable | None = STOCK_PILE  # clicking it plays the stock move
    has_options: bool = False  # the toolbar offers the options screen for this game
    flight_arc: float = 0.0  # cards flying between piles rise this many card heights (a leap)
    nearest_target: bool = True  # a click picks the nearest taker; else the first in rules order
    fills_on_click: bool = False  # a click on an empty pile brings the card that fills it

    def __init__(self, context: Context, rules: Any) -> None:
        self.context = context
        self.rules = rules

    @property
    def title(self) -> str:
        return self.rules.title

    # The deal and the view ----------------------------------------------------------

    def new_state(self, seed: int) -> Any:
        """A new deal with the options currently set."""
        return self.rules.new_game(seed, **self.context.settings.rules_options(self.game_id))

    def piles(self, state: Any) -> dict[Hashable, tuple[Card, ...]]:
        return self.rules.piles(state)

    def layout(self, size: tuple[int, int], state: Any) -> TableLayout:
        """Where every pile lies for a window of `size`: a pure function of its arguments
        and the settings."""
        raise NotImplementedError

    def deal_order(self, piles: Piles) -> list[tuple[Hashable, int]]:
        """The cards that fly out at a new deal, in order: row by row over the piles, the
        stock staying where it is."""
        keys = [key for key in piles if key != self.stock_pile]
        deepest = max((len(piles[key]) for key in keys), default=0)
        return [(key, row) for row in range(deepest) for key in keys if row < len(piles[key])]

    def deal_origin(self, layout: TableLayout) -> tuple[int, int]:
        """Where dealt cards come from: the stock, else just above the table's middle."""
        spot = layout.piles.get(self.stock_pile)
        if spot is not None:
            return spot.rect.topleft
        return (layout.size[0] // 2 - layout.card_width // 2, -layout.card_size[1])

    def ghost(self, key: Hashable, state: Any) -> tuple[str, str | None] | None:
        """The outline drawn where pile `key` lies when empty: (art ghost kind, label)."""
        kind = getattr(key, "kind", None)
        if kind == "foundation":
            return ("foundation", None)
        if kind == "tableau":
            return ("empty", None)
        if key == self.stock_pile:
            return ("exhausted", None)
        return None

    def stock_label(self, state: Any) -> str | None:
        """A few characters shown on the stock: by default how many cards it holds."""
        if self.stock_pile is None:
            return None
        count = len(self.piles(state).get(self.stock_pile, ()))
        return str(count) if count else None

    def decoration_key(self, state: Any, *, assisted: bool = False) -> Hashable:
        """Changes whenever `paint_decorations` would paint something else."""
        return None

    def paint_decorations(self, surface: pygame.Surface, state: Any, layout: TableLayout, *,
                          assisted: bool = False) -> None:
        """Paint anything beyond cards and outlines (a side panel) under the cards;
        `assisted`: the computer helped play the game."""

    # Moves ------------------------------------------------------------------------------

    def move_parts(self, move: Any) -> MoveParts | None:
        return card_move_parts(move)

    def is_foundation(self, key: Hashable) -> bool:
        return getattr(key, "kind", None) == "foundation"

    def interchangeable(self, key: Hashable) -> bool:
        """Whether pile `key` is one of a row of alike piles, so an empty one is as good as
        another (a whole pile moving between them changes nothing)."""
        return getattr(key, "kind", None) == "tableau"

    def stock_move(self, legal: Sequence[Any]) -> Any | None:
        return next((move for move in legal if isinstance(move, StockMove)), None)

    def right_click_move(self, state: Any, legal: Sequence[Any]) -> Any | None:
        """What a right-click anywhere plays, if anything."""
        return None

    def fill_chooser(self, state: Any, moves: Sequence[Any], choose: Callable[[Any], Any]
                     ) -> Scene | None:
        """An overlay letting the player pick one of several `moves` that would fill the
        clicked pile, calling `choose(move)`; None plays the first of them."""
        return None

    def switches(self) -> list[Switch]:
        """Choices of this table the toolbar offers as switches."""
        return []

    def automatic_move(self, state: Any) -> Any | None:
        """The next move the table makes by itself after a move of the player's, or `WAIT`
        while it is still being worked out."""
        return None

    def automatic_on(self) -> bool:
        """The player has the table make moves by itself (automatic moves, auto-play)."""
        return self.plays_itself()

    def plays_itself(self) -> bool:
        """The table plays the game for the player (auto-play): it moves in every position,
        not only after the player's moves, and its moves make the game an assisted one."""
        return False

    def automatic_status(self) -> str | None:
        """What the table says while an automatic move is being worked out."""
        return None

    def stop_automatic(self) -> None:
        """The table leaves the deal: drop any work toward automatic moves."""

    def hint(self, state: Any) -> Any | None:
        """A move worth suggesting, if the game can tell one."""
        return None

    # Scores and the end -----------------------------------------------------------------

    def score_text(self, state: Any, *, assisted: bool = False) -> str:
        """The toolbar's score; `assisted`: the computer helped, so no money would be paid."""
        return f"Score {self.rules.score(state):,}"

    def summary_score(self, state: Any, *, assisted: bool = False) -> int | str:
        """The summary's final score; `assisted`: the computer helped play the game."""
        return self.rules.score(state)

    def summary_rows(self, state: Any, moves: int, seconds: float) -> Rows:
        return (("Moves", str(moves)), ("Time", format_time(seconds)))

    def outcome_rows(self, state: Any, *, assisted: bool, counted: bool) -> Rows:
        """What the game earned, shown before the moves and time: for a game the computer
        helped play, what it did not earn. `counted`: the totals hold it already, or never will
        (a deal of the day)."""
        if not assisted:
            return ()
        return ((ASSISTED_LABEL, "played, not won; no best score"),)

    def record(self, state: Any, won: bool, seconds: float, *, assisted: bool = False,
               key: str | None = None, moves: int | None = None,
               daily: bool = False) -> list[str]:
        """Count the ended game in the statistics (once: `key` tells it); messages for the
        player, none when it is safely counted."""
        return self.context.stats.record_game(self.game_id, self.rules.score(state), won,
                                              seconds=seconds, assisted=assisted, key=key,
                                              moves=moves, deal=self.deal_code(state),
                                              daily=daily)

    def deal_code(self, state: Any) -> str:
        """The code of the deal `state` belongs to, under the rules it is played with."""
        from game.deal_codes import encode

        return encode(self.game_id, self.rules.options(state), state.seed)
