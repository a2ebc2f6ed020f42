"""The card table from the keyboard: a focus moving from pile to pile, picking up, dropping.

The arrows move the focus between piles as they lie on the table, by the rule the menus
follow (`ui.neighbour`) applied to the layout's rectangles, so every game's layout works as
it is. In a pile whose top cards could move together, Up and Down also choose how many of
them to take. Enter or Space picks
up the focused cards when some legal move starts there: they lift, and the arrows then step
only among the piles that would take them; Enter or Space again drops them there (the same
`play` a mouse drop makes), Esc puts them back. On the stock, or on an empty pile that a click
fills, Enter is that click. The focus shows once a key is used and goes at a mouse press.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.drag import DRAG_Z
from game.engine.easing import out_cubic
from game.engine.input import Action
from game.scenes.table.card_sprite import CardSprite
from game.scenes.table.gestures import best_target, moves_of_run
from game.scenes.ui import neighbour

if TYPE_CHECKING:
    from game.scenes.table.protocol import CardTable

ARROWS = (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN)
ACTIVATE = (Action.CONFIRM, Action.SELECT)
LIFT = 0.16  # picked-up cards rise this share of a card's height
LIFT_SECONDS = 0.09


def reading_order(rects: Mapping[Hashable, pygame.Rect]) -> list[Hashable]:
    """The piles row by row from the top, each row left to right; piles whose tops lie within
    half a card's height of a row's first pile belong to that row."""
    rows: list[list[Hashable]] = []
    row_top: int | None = None
    for key in sorted(rects, key=lambda key: (rects[key].top, rects[key].left)):
        rect = rects[key]
        if row_top is None or rect.top - row_top >= rect.height / 2:
            rows.append([])
            row_top = rect.top
        rows[-1].append(key)
    return [key for row in rows for key in sorted(row, key=lambda key: rects[key].left)]


# The keyboard at the table ------------------------------------------------------------

@dataclass
class Held:
    """Cards picked up with the keyboard, in the position they were picked up in."""

    source: Hashable
    sprites: list[CardSprite]
    moves: list[Any]
    targets: list[Hashable]
    state: Any


class TableKeyboard:
    """The focus and the cards held by the keys at `table`."""

    def __init__(self, table: CardTable) -> None:
        self.table = table
        self.shown = False  # the focus is drawn: the keyboard is in use
        self.focus: Hashable | None = None
        self.depth = 1  # how many of the focused pile's top cards the focus takes
        self._held: Held | None = None

    @property
    def held(self) -> Held | None:
        """The cards held, if the position has not changed under them since."""
        held = self._held
        if held is not None and held.state is not self.table.session.state:
            self._held = held = None  # a move, undo or new deal: the view has moved them
        return held

    @property
    def holding(self) -> bool:
        return self.held is not None

    def hide(self) -> None:
        """The mouse is in use: cards held go back and the focus disappears."""
        self.cancel()
        if self.shown:
            self.shown = False
            self.table.dirty = True

    def cancel(self) -> bool:
        """Put the cards held back in their places; True if there were any."""
        held = self.held
        if held is None:
            return False
        self._held = None
        self.focus, self.depth = held.source, len(held.sprites)
        self.table.view.go_home(held.sprites)
        self.table.dirty = True
        return True

    def handle_action(self, action: Action) -> bool:
        """Arrows, Enter, Space and (while holding cards) Esc; anything else puts held
        cards back and is left to the table."""
        table = self.table
        if action not in (*ARROWS, *ACTIVATE):
            cancelled = self.cancel()
            return cancelled and action is Action.BACK
        if table.session.finished or table.view.layout is None:
            return False
        table.dirty = True
        if not self.shown or self.focus not in table.view.layout.piles:
            self.shown = True  # the first key only shows where the focus is
            if self.focus not in table.view.layout.piles:
                self.focus, self.depth = self._first_pile(), 1
            return True
        if action in ARROWS:
            self._move(action)
        elif self.held is not None:
            self._drop()
        else:
            self._activate()
        return True

    # Focus ----------------------------------------------------------------------------

    def _rects(self) -> dict[Hashable, pygame.Rect]:
        return {key: spot.rect for key, spot in self.table.view.layout.piles.items()}

    def _first_pile(self) -> Hashable:
        stock = self.table.game.stock_pile
        if stock in self.table.view.layout.piles:
            return stock
        return reading_order(self._rects())[0]

    def depths(self, key: Hashable) -> list[int]:
        """The run lengths the focus may take on pile `key`: its top card, and every longer
        run some legal move takes."""
        table = self.table
        size = len(table.view.piles.get(key, ()))
        counts = {parts.count for parts in map(table.game.move_parts, table.session.legal_moves())
                  if parts is not None and parts.source == key and parts.count <= size}
        return sorted(counts | {1})

    def focus_depth(self) -> int:
        """The depth in force: the one chosen, if the pile still has such a run."""
        depths = self.depths(self.focus)
        return self.depth if self.depth in depths else 1

    def _move(self, action: Action) -> None:
        held = self.held
        if held is not None:
            if action in (Action.LEFT, Action.RIGHT):  # round all the targets in turn
                step = 1 if action is Action.RIGHT else -1
                targets = held.targets
                self.focus = targets[(targets.index(self.focus) + step) % len(targets)]
            else:
                self.focus = self._beside(held.targets, action) or self.focus
            return
        if action in (Action.UP, Action.DOWN):
            depths = self.depths(self.focus)
            place = depths.index(self.focus_depth()) + (1 if action is Action.UP else -1)
            if 0 <= place < len(depths):
                self.depth = depths[place]  # a longer or shorter run of the same pile
                return
        landing = self._beside(list(self.table.view.layout.piles), action)
        if landing is not None:
            self.focus, self.depth = landing, 1

    def _beside(self, keys: list[Hashable], action: Action) -> Hashable | None:
        """The pile of `keys` the arrow leads to from the focus, as in the menus."""
        rects = [self.table.view.layout.piles[key].rect for key in keys]
        found = neighbour(rects, keys.index(self.focus), action)
        return None if found is None else keys[found]

    # Picking up and dropping ----------------------------------------------------------

    def _activate(self) -> None:
        """Enter on the focus: the stock deals, an empty pile calls its card as a click
        would, and cards with somewhere to go are picked up."""
        table = self.table
        key = self.focus
        sprites = table.view.piles.get(key, [])
        if key == table.game.stock_pile or (not sprites and table.game.fills_on_click):
            click = table.mouse.drag.on_click
            if click is not None:
                click(table.view.pile_area(key).center)
            return
        depth = self.focus_depth()
        moves = moves_of_run(table.session.legal_moves(), table.game.move_parts, key, depth)
        if not moves:
            if sprites:
                table.view.shake(sprites[-1:])
            table.context.play("invalid")
            return
        self._pick_up(key, sprites[-depth:], moves)

    def _pick_up(self, key: Hashable, sprites: list[CardSprite], moves: list[Any]) -> None:
        table = self.table
        view, parts = table.view, table.game.move_parts
        order = reading_order(self._rects())
        targets = sorted({parts(move).target for move in moves}, key=order.index)
        first = best_target(moves, parts, table.game.is_foundation,
                            lambda pile: not view.piles.get(pile),
                            lambda pile: view.layout.piles[pile].rect.x,
                            nearest=table.game.nearest_target)
        view.lift(sprites)
        room = sprites[0].y - view.layout.toolbar.bottom - 2  # never under the toolbar
        rise = max(0, min(round(view.layout.card_size[1] * LIFT), room))
        for index, sprite in enumerate(sprites):
            sprite.z = DRAG_Z + index
            table.tweens.tween(sprite, "pos", (sprite.x, sprite.y - rise), LIFT_SECONDS,
                               ease=out_cubic)
        self._held = Held(key, list(sprites), moves, targets, table.session.state)
        self.focus = parts(first).target
        table.context.play("click")

    def _drop(self) -> None:
        """Play the held cards' move to the focused pile; the focus goes back to where they
        came from, where the next move is often waiting."""
        held = self.held
        self._held = None
        move = next(move for move in held.moves
                    if self.table.game.move_parts(move).target == self.focus)
        self.focus, self.depth = held.source, 1
        if not self.table.play(move):
            self.table.view.go_home(held.sprites)
