"""The mouse at the table: what a press picks up, where it may go, what a click does.

Every answer comes from the legal moves of the current state; the table only chooses among
them (see `gestures`). Drags, clicks and double-clicks are told apart by the engine's
`DragController`. A click on a card either moves it to its best place at once or, with the
"click a card, then its destination" setting, highlights it until a click on a pile that
takes it (the two cannot share one click).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.drag import DRAG_THRESHOLD, DragController, DropTarget, Pickup
from game.scenes.table.gestures import (
    best_target,
    foundation_move,
    moves_into,
    moves_of_run,
    shifts_a_whole_pile,
)

if TYPE_CHECKING:
    from game.scenes.table.card_sprite import CardSprite
    from game.scenes.table.protocol import CardTable

Point = tuple[float, float]


@dataclass(frozen=True)
class Selection:
    """Cards highlighted by a click, waiting for a click on where they go; good only in the
    position it was made in."""

    state: Any
    pile: Hashable
    count: int
    moves: tuple
    targets: tuple  # the pile each move goes to


class TableMouse:
    """Turns mouse gestures on `table` into its moves."""

    def __init__(self, table: CardTable, now_ms: Callable[[], int]) -> None:
        self.table = table
        self.drag = DragController(self._pick, self._targets, self._drop, self._snap_back,
                                   on_click=self._click, on_double_click=self._double_click,
                                   on_right_click=self._right_click, now_ms=now_ms)
        self._click_moved = False  # the last click played a move
        self._selection: Selection | None = None
        self._refused: tuple[Point, list[CardSprite]] | None = None  # a press on stuck cards

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.drag.handle_event(event)
        if event.type == pygame.MOUSEBUTTONUP:
            self._refused = None
        elif event.type == pygame.MOUSEMOTION and self._refused is not None:
            pos, sprites = self._refused
            if (event.pos[0] - pos[0]) ** 2 + (event.pos[1] - pos[1]) ** 2 >= DRAG_THRESHOLD ** 2:
                self._refused = None
                self._say_no(sprites)  # a drag of cards that cannot move: the same no
        return used

    def cancel(self) -> None:
        self.drag.cancel()
        self._refused = None

    @property
    def selection(self) -> Selection | None:
        """The cards a click has highlighted, while the position it was made in lasts."""
        chosen = self._selection
        table = self.table
        if chosen is None or chosen.state is not table.session.state or table.session.finished:
            return None
        return chosen

    def clear_selection(self) -> None:
        if self._selection is not None:
            self._selection = None
            self.table.dirty = True

    @property
    def _selects(self) -> bool:
        """A click on a card highlights it (the setting) rather than moving it at once."""
        return self.table.context.settings.general.click_to_select

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
        """What a press picks up. Cards that cannot move shake their head at once (unless a
        highlighted card may go onto them)."""
        self._refused = None
        run = self._run_at(pos)
        if run is None or self._on_stock(pos):
            return None
        key, sprites, moves = run
        if not moves:
            chosen = self.selection
            if chosen is None or key not in chosen.targets:
                self._refused = (pos, sprites)
                self._say_no(sprites)
            return None
        self.table.view.lift(sprites)
        return Pickup(sprites, payload=moves)

    def _targets(self, pickup: Pickup) -> list[DropTarget]:
        table = self.table
        self.clear_selection()  # a drag takes over from a highlight
        return [DropTarget(table.view.pile_area(table.game.move_parts(move).target), move)
                for move in pickup.payload]

    def _drop(self, pickup: Pickup, target: DropTarget) -> bool:
        return self.table.play(target.payload)

    def _snap_back(self, pickup: Pickup) -> None:
        self.table.view.go_home(pickup.sprites)
        self.table.context.play("invalid")

    def _say_no(self, sprites: list[CardSprite]) -> None:
        self.table.view.shake(sprites)
        self.table.context.play("invalid")

    # Clicks -------------------------------------------------------------------------------

    def _on_stock(self, pos: Point) -> bool:
        stock = self.table.game.stock_pile
        return stock is not None and self.table.view.pile_at(pos) == stock

    def _click(self, pos: Point) -> None:
        """A click on a pile that takes the highlighted cards moves them there; any other
        click clears the highlight and does what it does: the stock plays its move; a card
        (with the cards on it) goes to its best target, or is highlighted, or shakes its
        head; an empty pile may call the card that fills it."""
        table = self.table
        self._click_moved = False
        if table.session.finished:
            return
        chosen = self.selection
        self.clear_selection()
        if chosen is not None and self._click_destination(chosen, pos):
            return
        if self._on_stock(pos):
            move = table.game.stock_move(table.session.legal_moves())
            self._click_moved = move is not None and table.play(move)
            return
        run = self._run_at(pos)
        if run is None:
            self._fill(pos)
            return
        key, sprites, moves = run
        if not moves:
            return  # the press has already said no
        if self._selects:
            if chosen is None or (chosen.pile, chosen.count) != (key, len(sprites)):
                self._select(key, len(sprites), moves)
            return
        move = self._best(moves)
        if move is None:
            self._say_no(sprites)
            return
        self._click_moved = table.play(move)

    def _best(self, moves: list) -> Any | None:
        """The move a click on cards makes: the best target, never a mere shift of a whole
        pile into another empty one (a click would carry it back and forth)."""
        table = self.table
        view, game = table.view, table.game

        def is_empty(pile: Hashable) -> bool:
            return not view.piles.get(pile)

        useful = [move for move in moves
                  if not shifts_a_whole_pile(move, game.move_parts,
                                             lambda pile: len(view.piles.get(pile, ())),
                                             is_empty, game.interchangeable)]
        return best_target(useful, game.move_parts, game.is_foundation, is_empty,
                           self._x_of, nearest=game.nearest_target)

    def _x_of(self, pile: Hashable) -> float:
        return self.table.view.layout.piles[pile].rect.x

    def _select(self, key: Hashable, count: int, moves: list) -> None:
        table = self.table
        targets = tuple(table.game.move_parts(move).target for move in moves)
        self._selection = Selection(table.session.state, key, count, tuple(moves), targets)
        table.context.play("click")
        table.dirty = True

    def _click_destination(self, chosen: Selection, pos: Point) -> bool:
        """Play the highlighted cards' move to the pile under `pos`, if it takes them."""
        pile = self.table.view.pile_at(pos)
        move = next((move for move, target in zip(chosen.moves, chosen.targets, strict=True)
                     if target == pile), None)
        if move is None:
            return False
        self._click_moved = self.table.play(move)
        return True

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
        self.clear_selection()
        if self._click_moved:
            return
        run = self._run_at(pos)
        if run is not None:
            table = self.table
            move = foundation_move(run[2], table.game.move_parts, table.game.is_foundation,
                                   lambda pile: not table.view.piles.get(pile), self._x_of)
            if move is not None:
                table.play(move)

    def _right_click(self, pos: Point) -> None:
        table = self.table
        self.clear_selection()
        if not table.session.finished:
            move: Any = table.game.right_click_move(table.session.state,
                                                    table.session.legal_moves())
            if move is not None:
                table.play(move)
