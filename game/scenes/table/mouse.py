"""The mouse at the table: what a press picks up, where it may go, what a click does.

Every answer comes from the legal moves of the current state; the table only chooses among
them (see `gestures`). Drags, clicks and double-clicks are told apart by the engine's
`DragController`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.drag import DragController, DropTarget, Pickup
from game.scenes.table.gestures import best_target, foundation_move, moves_into, moves_of_run

if TYPE_CHECKING:
    from game.scenes.table.scene import CardTableScene

Point = tuple[float, float]


class TableMouse:
    """Turns mouse gestures on `table` into its moves."""

    def __init__(self, table: CardTableScene, now_ms: Callable[[], int]) -> None:
        self.table = table
        self.drag = DragController(self._pick, self._targets, self._drop, self._snap_back,
                                   on_click=self._click, on_double_click=self._double_click,
                                   on_right_click=self._right_click, now_ms=now_ms)
        self._click_moved = False  # the last click played a move

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.drag.handle_event(event)

    def cancel(self) -> None:
        self.drag.cancel()

    # Drag and drop ----------------------------------------------------------------------

    def _run_at(self, pos: Point) -> tuple[Hashable, list, list] | None:
        """The pile, sprites and legal moves of the run from the card under `pos` up."""
        table = self.table
        hit = table.view.card_at(pos)
        if hit is None or table.session.finished:
            return None
        key, index = hit
        sprites = table.view.piles[key][index:]
        moves = moves_of_run(table.session.legal_moves(), table.game.move_parts, key,
                             len(sprites))
        return key, sprites, moves

    def _pick(self, pos: Point) -> Pickup | None:
        run = self._run_at(pos)
        if run is None or not run[2]:
            return None
        _, sprites, moves = run
        self.table.view.lift(sprites)
        return Pickup(sprites, payload=moves)

    def _targets(self, pickup: Pickup) -> list[DropTarget]:
        table = self.table
        return [DropTarget(table.view.pile_area(table.game.move_parts(move).target), move)
                for move in pickup.payload]

    def _drop(self, pickup: Pickup, target: DropTarget) -> bool:
        return self.table.play(target.payload)

    def _snap_back(self, pickup: Pickup) -> None:
        self.table.view.go_home(pickup.sprites)
        self.table.context.play("invalid")

    # Clicks -------------------------------------------------------------------------------

    def _on_stock(self, pos: Point) -> bool:
        stock = self.table.game.stock_pile
        return stock is not None and self.table.view.pile_at(pos) == stock

    def _click(self, pos: Point) -> None:
        """The stock plays its move; a card (with the cards on it) goes to its best target,
        or shakes its head; an empty pile may call the card that fills it."""
        table = self.table
        self._click_moved = False
        if table.session.finished:
            return
        if self._on_stock(pos):
            move = table.game.stock_move(table.session.legal_moves())
            self._click_moved = move is not None and table.play(move)
            return
        run = self._run_at(pos)
        if run is None:
            self._fill(pos)
            return
        _, sprites, moves = run
        view = table.view
        move = best_target(moves, table.game.move_parts, table.game.is_foundation,
                           lambda pile: not view.piles.get(pile),
                           lambda pile: view.layout.piles[pile].rect.x,
                           nearest=table.game.nearest_target)
        if move is None:
            view.shake(sprites)
            table.context.play("invalid")
            return
        self._click_moved = table.play(move)

    def _fill(self, pos: Point) -> None:
        """In games that fill empty piles by clicking them: the one card that may come
        flies in; when several may, the player chooses."""
        table = self.table
        key = table.view.pile_at(pos)
        if not table.game.fills_on_click or key is None or table.view.piles.get(key):
            return
        moves = moves_into(table.session.legal_moves(), table.game.move_parts, key)
        if not moves:
            table.context.play("invalid")
        elif len(moves) == 1:
            self._click_moved = table.play(moves[0])
        else:
            table.choose(moves)

    def _double_click(self, pos: Point) -> None:
        """The stock turns again; a card goes to a foundation, unless the first click of the
        pair already moved it (the second must not move the card it uncovered)."""
        if self._on_stock(pos):
            self._click(pos)
            return
        if self._click_moved:
            return
        run = self._run_at(pos)
        if run is not None:
            table = self.table
            move = foundation_move(run[2], table.game.move_parts, table.game.is_foundation)
            if move is not None:
                table.play(move)

    def _right_click(self, pos: Point) -> None:
        table = self.table
        if not table.session.finished:
            move: Any = table.game.right_click_move(table.session.state,
                                                    table.session.legal_moves())
            if move is not None:
                table.play(move)
