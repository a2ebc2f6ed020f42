"""The Leap Frog table: a board of marbles, a panel per player, people and computers taking turns.

A person's turn is entered with the mouse (`BoardMouse`) as a `Chain` checked step by step by
the rules; a computer player's move is chosen on a background thread (`ComputerThought`) and
then shown hop by hop. Every played turn changes the rules state at once and the `BoardView`
animates toward it. The game is saved after every turn, counted when it ends or is abandoned,
celebrated, then summed up.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from game.engine.input import Action
from game.engine.layers import LayeredRenderer
from game.engine.scene import Size
from game.rules import IllegalMove
from game.rules.moves import Cell, Leap, RemovePiece
from game.scenes.context import Context
from game.scenes.leap_frog import commands, painting
from game.scenes.leap_frog.board_view import BoardView
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.computer import Chooser, ComputerTurn, ai_choice
from game.scenes.leap_frog.controls import TableControls
from game.scenes.leap_frog.ending import Ending
from game.scenes.leap_frog.hint import BoardHint
from game.scenes.leap_frog.keyboard import BoardKeyboard
from game.scenes.leap_frog.layout import TableLayout, table_layout
from game.scenes.leap_frog.marks import marks_shown
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.mouse import BoardMouse
from game.scenes.leap_frog.refusals import refusal
from game.scenes.leap_frog.seats import Seat
from game.scenes.leap_frog.status import status_text
from game.scenes.tabletop.clock import Stopwatch
from game.scenes.tabletop.scene import TabletopScene
from game.scenes.tabletop.toolbar import Toolbar

log = logging.getLogger(__name__)


class LeapFrogBoardScene(TabletopScene):
    """The table playing `match` (its marbles dealt with an animation when `fresh`)."""

    chooser: Chooser = staticmethod(ai_choice)  # how computer players choose; tests swap it

    def __init__(self, context: Context, match: Match, *, fresh: bool = True,
                 resume: Sequence[Cell] = ()) -> None:
        super().__init__(context)
        self.match = match
        self.renderer = LayeredRenderer(lambda surface: painting.paint_background(
            surface, self.layout, context.settings.appearance.felt))
        self.view = BoardView(self.renderer, context.play)
        self.mouse = BoardMouse(self)
        self.keyboard = BoardKeyboard(self)
        self.controls = TableControls(commands.toolbar_tools(self), self.end_turn, self.drop_choice)
        self.layout: TableLayout | None = None
        self.chain: Chain | None = None  # a person's turn being entered
        self.computer = ComputerTurn(self.chooser)
        self.hint = BoardHint(self.chooser)
        self.hovered: Cell | None = None
        self.note = ""  # a passing remark in the status block
        self._fresh = fresh
        self.showing: Seat | None = None  # the computer player whose move is being animated
        self._shown_dots = 0
        self.ending: Ending | None = None  # the game is over: the celebration
        self._save_due = False
        self._begin_turn()
        if resume and (self.chain is None or not self.chain.replay(resume)):
            # A turn the save kept part way through, its leaps checked again.
            log.warning("the saved turn in progress %r does not fit the game; dropped", resume)
        if match.is_over:
            self._finish()  # a save of a game that ended before it could be counted

    # Lifecycle --------------------------------------------------------------------------

    @property
    def clock(self) -> Stopwatch:
        return self.match.clock

    @property
    def toolbar(self) -> Toolbar:
        return self.controls.toolbar

    def cancel_gesture(self) -> None:
        self.mouse.cancel()

    def stop_work(self) -> None:
        self.computer.stop()
        self.hint.clear()

    def refresh_look(self) -> None:
        self.renderer.invalidate_background()  # the cloth may have changed
        self.dirty = True

    def resize(self, size: Size) -> None:
        super().resize(size)
        if size[0] <= 0 or size[1] <= 0:
            return
        state = self.match.state
        self.layout = table_layout(size, state.options.players, state.options.size)
        self.controls.layout(self.layout)
        self.renderer.invalidate_background()
        self._show()
        if self._fresh:
            self._fresh = False
            self.view.deal()
            self.context.play("deal")

    def start(self, match: Match) -> None:
        """Play another game on this table."""
        self.computer.stop()
        self.match = match
        self.showing = None
        self._save_due = False
        self.ending = None
        self.note = ""
        self.mouse.cancel()
        self._begin_turn()
        if self.size[0] > 0:
            self._fresh = True
            self.resize(self.size)
        self.update_clock()

    # Frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.view.busy:
            self.view.update(dt)
        self.computer.watch(dt, moving=self.view.busy)
        if not self.view.busy:
            self.showing = None
            if self._save_due:
                self.save()
        if self.hint.poll(self.match):
            self.dirty = True
        if self.ending is not None:
            if not self.ending.update(dt):
                self.ending = None
        elif self.thinking:
            move = self.computer.step(dt, self.match, resting=not (self.covered or self.view.busy))
            if move is not None:
                self._play_computer(move)

    @property
    def thinking(self) -> bool:
        """A computer player is to move and its last move has finished showing."""
        return self.match.computer_to_move and self.showing is None and self.ending is None

    def is_idle(self) -> bool:
        waiting = self.match.computer_to_move and not self.covered
        return (super().is_idle() and not self.view.busy and not waiting
                and self.ending is None and not self.hint.pending)

    def table_changed(self) -> bool:
        return super().table_changed() or self.view.busy or self._dots() != self._shown_dots

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self._paint_overlay)
        self.draw_toolbar(surface, painting.toolbar_readout(self.match))
        if self.ending is not None:
            self.ending.draw(surface)

    def _paint_overlay(self, surface: pygame.Surface) -> None:
        """Between the resting marbles and the moving ones: rings, panels and status."""
        layout = self.layout
        chain = self.chain if self.accepts_input else None
        painting.paint_focus(surface, layout, self.keyboard.visible_focus)  # under the rings
        painting.paint_marks(surface, layout, marks_shown(self.match, self.hint.mark, chain,
                                                          moving=self.showing is not None))
        if chain is not None and not chain.started:
            painting.paint_movable(surface, layout, self.hint.movable)
        painting.paint_rings(surface, layout,
                             painting.rings_for(chain, self.hovered, self.match.must_remove))
        winners = self.match.finished and (self.ending is None or self.ending.celebrating)
        painting.paint_panels(surface, layout, painting.panel_views(
            self.match, thinking=self.thinking, winners=winners))
        self._shown_dots = self._dots()
        headline, hint = status_text(self.match, self.chain, thinking=self.thinking,
                                     dots=self._shown_dots, moving=self.showing)
        leaping = self._leaping()
        self.controls.update(self.chain if leaping else None)
        painting.paint_status(surface, layout, headline, self.note or self.hint.words or hint,
                              self.controls.status_buttons(leaping))

    def _dots(self) -> int:
        return self.computer.dots() if self.thinking else 0

    def _leaping(self) -> bool:
        """A person's turn after the opening, ready for input: End turn and Cancel show."""
        return self.chain is not None and self.accepts_input and not self.match.must_remove

    # Input ------------------------------------------------------------------------------

    @property
    def accepts_input(self) -> bool:
        """A person is to move and the last computer move has finished showing."""
        return (self.chain is not None and self.showing is None
                and self.ending is None and not self.match.finished)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus_event(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard.hide()  # the pointer is in use: the focus square goes
        used, changed = self.controls.handle_event(event, self._leaping())
        if changed:
            self.dirty = True
        if used or super().handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            return self.drop_choice()
        return self.mouse.handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if self.keyboard.handle_action(action):
            return True
        if action is Action.CONFIRM:
            return self.end_turn()
        if action is Action.BACK:
            if not self.drop_choice():
                self.leave()
            return True
        handlers = {
            Action.UNDO: self.undo,
            Action.REDO: self.redo,
            Action.NEW_GAME: lambda: commands.ask_new_game(self),
            Action.HELP: lambda: commands.open_help(self),
            Action.HINT: self.toggle_hint,
        }
        handler = handlers.get(action)
        if handler is None:
            return False
        handler()
        return True

    def toggle_hint(self) -> None:
        """H: the marbles that can leap and a suggested move; H again puts them away."""
        if self.hint.shown:
            self.hint.clear()
        elif self.accepts_input:
            self.hint.ask(self.match, self.chain)
            self.note = ""  # the hint's words take the line
        self.dirty = True

    def can_undo(self) -> bool:
        return self.match.can_undo or (self.chain is not None and self.chain.started)

    # A person's turn --------------------------------------------------------------------

    def remove(self, cell: Cell) -> None:
        """The opening removal of the piece on `cell`."""
        if self.match.rules.piece_at(self.match.state, cell) is None:
            self.refuse(refusal(self.match, self.chain, cell))
            return
        player = self.match.player
        self._play(RemovePiece(cell))
        self.view.remove(player, cell)
        self._after_turn()

    def choose(self, cell: Cell) -> None:
        """Pick the piece on `cell` to leap with (dropping a piece chosen before)."""
        self.chain.start(cell)
        self.note = ""
        self.context.play("click")
        self.dirty = True

    def leap_to(self, cell: Cell, *, hop: bool) -> None:
        """Leap the chosen piece on to `cell` (a lit landing); the turn ends if stuck."""
        chain = self.chain
        if not chain.extend(cell):
            self.refuse()
            return
        jumped = chain.jumped[-1]
        self.note = ""
        self._save_due = True  # a leap made is kept, should the window close mid-turn
        if hop:
            self.view.hop(chain.path[0], cell, jumped)
        else:
            self.view.ghost(jumped)
        self.dirty = True
        if chain.stuck and not self.mouse.dragging:
            self.end_turn()

    def end_turn(self) -> bool:
        """Play the chain entered so far (once it has captured); True if it was played."""
        chain = self.chain
        if chain is None or not chain.can_end or not self.accepts_input:
            return False
        self.mouse.cancel()
        move = chain.move()
        player = self.match.player
        if not self._play(move):
            self.drop_choice()
            return False
        self.view.commit_chain(player, move.path, self.match.rules.jumped_squares(move))
        self._after_turn()
        return True

    def drop_choice(self) -> bool:
        """Take back the chosen piece and its leaps not yet played; True if there were any."""
        chain = self.chain
        if chain is None or not chain.started:
            return False
        self.mouse.cancel()
        self.view.cancel_chain(chain.path, chain.jumped)
        chain.clear()
        self.dirty = True
        return True

    def refuse(self, reason: str = "") -> None:
        """A click or drop that does nothing: a sound, and the reason in the status block."""
        self.context.play("invalid")
        if reason:
            self.note = reason
            self.dirty = True

    # Turns --------------------------------------------------------------------------------

    def _play(self, move: RemovePiece | Leap) -> bool:
        try:
            self.match.play(move)
        except IllegalMove:
            log.warning("refused move %r", move)
            self.refuse()
            return False
        self.note = ""
        return True

    def _play_computer(self, move: RemovePiece | Leap) -> None:
        player, seat = self.match.player, self.match.seat
        if not self._play(move):
            self._begin_turn()
            return
        if isinstance(move, RemovePiece):
            self.view.remove(player, move.square)
        else:
            self.view.animate_leap(player, move.path, self.match.rules.jumped_squares(move))
        self.showing = seat
        self._after_turn()

    def _after_turn(self) -> None:
        self._save_due = True  # once the marbles rest: writing the file takes a while
        self.dirty = True
        if self.match.is_over:
            self._finish()
        else:
            self._begin_turn()

    def _begin_turn(self) -> None:
        """Get ready for the player to move: a chain for a person; a computer player starts
        thinking once the marbles are at rest."""
        self.computer.begin()
        self.hint.clear()
        self.hovered = None
        match = self.match
        self.chain = Chain(match.rules, match.state) if match.human_to_move else None

    def undo(self) -> None:
        """Take back the chain in progress, else the turns back to a person's."""
        if self.drop_choice() or not self.match.undo():
            return
        self._history_stepped()

    def redo(self) -> None:
        if self.match.redo():
            self._history_stepped()

    def _history_stepped(self) -> None:
        self.mouse.cancel()
        self.showing = None
        self._begin_turn()
        self._show()
        self.context.play("click")
        self.save()
        if self.match.is_over:
            self._finish()

    def _show(self) -> None:
        chain = self.chain
        path = chain.path if chain is not None else ()
        self.view.show(self.match.state, self.layout, path, chain.jumped if path else ())
        self.dirty = True

    # Saving and the end -------------------------------------------------------------------

    def save(self) -> None:
        self._save_due = False
        commands.save(self)

    def _finish(self) -> None:
        self.computer.stop()
        self.chain = None
        commands.finish(self.context, self.match)
        self.ending = Ending(self)
