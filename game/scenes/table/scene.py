"""The card table: one scene for every solitaire of card piles, driven by a `TableGame`.

Input becomes moves only through `legal_moves`; a move changes the rules state at once and
the `CardView` animates toward it, so input is never blocked by an animation. Automatic moves
follow a player's move one at a time, each its own undo step. The game is saved after every
move, counted in the statistics when it ends or is abandoned, and summed up at the end.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.art.cards import BACKS, card_art
from game.engine import motion
from game.engine.input import Action
from game.engine.layers import LayeredRenderer
from game.engine.scene import Size
from game.rules import IllegalMove
from game.scenes.context import Context
from game.scenes.table import commands, painting, winnable
from game.scenes.table.advisor import TableAdvisor
from game.scenes.table.game import WAIT, Switch, TableGame
from game.scenes.table.geometry import TableLayout
from game.scenes.table.keyboard import TableKeyboard
from game.scenes.table.mouse import TableMouse
from game.scenes.table.session import Session
from game.scenes.table.view import CardView
from game.scenes.tabletop.clock import Stopwatch, format_time
from game.scenes.tabletop.scene import TabletopScene
from game.scenes.tabletop.toolbar import Reading, Tool, Toolbar

log = logging.getLogger(__name__)

AUTO_DELAY = 0.2  # seconds after a player's move before the first automatic move
AUTO_GAP = 0.14  # seconds between automatic moves
HINT_SECONDS = 1.6


class CardTableScene(TabletopScene):
    """The table for `game`, playing `session` (dealt with an animation when `fresh`)."""

    def __init__(self, context: Context, game: TableGame, session: Session, *,
                 fresh: bool = True, now_ms: Callable[[], int] = pygame.time.get_ticks) -> None:
        super().__init__(context)
        self.game = game
        self.session = session
        self.renderer = LayeredRenderer(lambda surface: painting.paint_background(self, surface))
        self.view = CardView(self.renderer, self.tweens, arc=game.flight_arc)
        self.mouse = TableMouse(self, now_ms)
        self.keyboard = TableKeyboard(self)
        self.advisor = TableAdvisor(self)  # hints, solver, demo, finish
        self.toolbar = Toolbar(self._tools())
        self.hint: Any | None = None  # a suggested move, shown for a moment
        self._fresh = fresh
        self._look: tuple | None = None  # (card width, deck, back) of the art in use
        self._backdrop: tuple | None = None  # what the painted background shows
        self._auto_wait: float | None = None  # seconds until the next automatic move
        self._hint_left = 0.0
        self._ending: str | None = None  # "settling": the last cards land, then the end
        self._noted_deal: Any = None  # the first position of the deal `_deal_text` is about
        self._noted_daily: str | None = None  # and the date of the deal of the day it is
        self._deal_text: tuple[str, ...] = ()

    # Lifecycle --------------------------------------------------------------------------

    @property
    def clock(self) -> Stopwatch:
        return self.session.clock

    def on_enter(self) -> None:
        super().on_enter()
        self._check_end()  # a deal over before any move, or a save of an ended game
        self._wake_if_playing_itself()

    def cancel_gesture(self) -> None:
        self.mouse.cancel()

    def pause_work(self) -> None:
        self.advisor.pause()

    def stop_work(self) -> None:
        self.advisor.stop()
        self.game.stop_automatic()

    def resize(self, size: Size) -> None:
        super().resize(size)
        if size[0] > 0 and size[1] > 0:
            self.refresh_look(force=True)

    def refresh_look(self, *, force: bool = False) -> None:
        """Lay the table out again (window size, card size or style changed)."""
        if self.size[0] <= 0:
            return
        state = self.session.state
        layout = self.game.layout(self.size, state)
        look = self._look_for(layout)
        self.toolbar.layout(layout.toolbar)
        if self._look is None:
            self.view.set_look(layout, card_art(*look))
            if self._fresh:
                self._deal_animation(layout)
            else:
                self.view.show(self.game.piles(state), layout)
        elif force or look != self._look or layout.piles.keys() != self.view.layout.piles.keys():
            self.view.set_look(layout, card_art(*look))
        else:
            self.view.show(self.game.piles(state), layout)
        self._look = look
        self._backdrop = None
        self.dirty = True

    def _look_for(self, layout: TableLayout) -> tuple[int, str, str]:
        """(card width, deck, back) of the card art for `layout`."""
        appearance = self.context.settings.appearance
        back = appearance.back if appearance.back in BACKS else "classic"
        return (layout.card_width, appearance.deck, back)

    # Frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if (self._auto_wait is not None and not self.mouse.drag.dragging
                and not self.keyboard.holding):
            self._auto_wait -= dt * motion.time_scale()  # the pauses shrink as animations do
            if self._auto_wait <= 0.0:
                self._automatic_step()
        if self.hint is not None and self.stack is not None and self.stack.top is self:
            # A glow waits while a dialog covers the table (its answer, say).
            self._hint_left -= dt
            if self._hint_left <= 0.0:
                self.hint = None
                self.dirty = True
        if self._ending is not None:
            self._advance_ending()
        self.advisor.update(dt)

    def is_idle(self) -> bool:
        return (super().is_idle() and self._auto_wait is None and self._ending is None
                and self.hint is None and self.advisor.is_idle())

    @property
    def automatic_pending(self) -> bool:
        """An automatic move may follow by itself in a moment."""
        return self._auto_wait is not None

    def draw(self, surface: pygame.Surface) -> None:
        backdrop = painting.backdrop_key(self)
        if backdrop != self._backdrop:
            self._backdrop = backdrop
            self.renderer.invalidate_background()
        self.renderer.draw(surface, lambda target: painting.paint_overlays(self, target))
        self.draw_toolbar(surface, self.readout())
        self.advisor.draw(surface)

    def readout(self) -> tuple[Reading, ...]:
        """What the toolbar tells right of its buttons: the deal, its score, moves and time."""
        session = self.session
        return (self.deal_number(), self._deal_note(),
                self.game.score_text(session.state, assisted=session.assisted),
                f"Moves {session.moves}", format_time(session.clock.elapsed))

    def deal_number(self) -> str:
        """The deal's number, as the Deal # button asks for it: a deal to play again."""
        return f"Deal #{self.session.history.states[0].seed}"

    def _deal_note(self) -> tuple[str, ...]:
        """"Winnable deal" and its grade on a deal known to be one, or "Deal of the day" and
        its date on a daily game, in wordings from longest to shortest (worked out once per
        deal)."""
        first, daily = self.session.history.states[0], self.session.daily
        if self._noted_deal is not first or self._noted_daily != daily:
            self._noted_deal, self._noted_daily = first, daily
            self._deal_text = winnable.deal_notes(self.game.rules, first, daily)
        return self._deal_text

    # Input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focus_event(event):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keyboard.hide()  # the pointer is in use: the keyboard's focus goes
        if self.advisor.handle_event(event):
            return True
        if self.toolbar.handle_event(event) or super().handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.dirty = True  # a button's hover may have changed
        return self.mouse.handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if self.keyboard.handle_action(action):
            return True
        handlers = {
            Action.UNDO: self.undo,
            Action.REDO: self.redo,
            Action.NEW_GAME: lambda: commands.ask_new_game(self),
            Action.BACK: lambda: commands.leave(self),
            Action.HINT: self.show_hint,
            Action.HELP: lambda: commands.open_help(self),
        }
        handler = handlers.get(action)
        if handler is None:
            return False
        self.mouse.cancel()
        handler()
        return True

    def _tools(self) -> list[Tool]:
        playing = self._playing
        tools = [
            Tool("Menu", lambda: commands.leave(self)),
            Tool("New game", lambda: commands.ask_new_game(self)),
            Tool("Restart", lambda: commands.ask_restart(self)),
            Tool("Deal #", lambda: commands.ask_deal_number(self)),
            Tool("Undo", self.undo, lambda: playing() and self.session.history.can_undo),
            Tool("Redo", self.redo, lambda: playing() and self.session.history.can_redo),
        ]
        if self.advisor.available:
            tools += [Tool("Hint", self.show_hint, playing),
                      Tool("Solve?", self.advisor.ask_can_win, playing),
                      Tool("Demo", self.advisor.toggle_demo, playing)]
        elif type(self.game).hint is not TableGame.hint:
            tools.append(Tool("Hint", self.show_hint, playing))
        if self.game.has_options:
            tools.append(Tool("Options", lambda: commands.open_options(self)))
        tools.append(Tool("Stats", lambda: commands.open_stats(self)))
        tools += [Tool(switch.label, lambda switch=switch: self._flip(switch),
                       checked=switch.is_on) for switch in self.game.switches()]
        return tools

    def _flip(self, switch: Switch) -> None:
        """Turn a switch over and keep the choice; turned on, it may have moves to make."""
        switch.turn(not switch.is_on())
        self.context.save_settings()
        if switch.is_on():
            self.wake_automatic()
        self.dirty = True

    def wake_automatic(self) -> None:
        """A setting changed: the table may have automatic moves to make now."""
        if not self.session.finished:
            self._auto_wait = AUTO_DELAY

    def _wake_if_playing_itself(self) -> None:
        """A table that plays the game itself moves from any position it comes to."""
        if self.game.plays_itself():
            self.wake_automatic()

    def _playing(self) -> bool:
        return not self.session.finished

    # Moves ------------------------------------------------------------------------------

    def play(self, move: Any, *, automatic: bool = False) -> bool:
        """Play a move (the player's unless `automatic`); False if the rules refuse it."""
        if self.session.finished:
            return False
        try:
            self.session.play(move, automatic=automatic)
        except IllegalMove:
            log.warning("refused move %r", move)
            return False
        parts = self.game.move_parts(move)
        self._show_state([self.game.stock_pile] if parts is None else [parts.source])
        self.context.play("card_flip" if parts is None else "card_place")
        self.hint = None
        self._auto_wait = AUTO_GAP if automatic else AUTO_DELAY
        self.save()
        self._check_end()
        self.advisor.on_moved(automatic)
        return True

    def choose(self, moves: list) -> None:
        """Several moves would fill the pile clicked: let the player pick one."""
        chooser = self.game.fill_chooser(self.session.state, moves, self.play)
        if chooser is None or self.stack is None:
            self.play(moves[0])
        else:
            self.stack.push(chooser)

    def undo(self) -> None:
        self._step_history(self.session.undo, lambda parts: parts.target)

    def redo(self) -> None:
        self._step_history(self.session.redo, lambda parts: parts.source)

    def take_back(self) -> None:
        """Undo the move that lost the game; play goes on, and the loss was never counted."""
        if not self.session.recorded:
            self.session.reopen()
            self.undo()

    def _step_history(self, step: Callable[[], Any], leaving: Callable[[Any], Hashable]
                      ) -> None:
        """Undo or redo one move; the cards fly back, and no automatic move follows."""
        self._auto_wait = None
        self.hint = None
        self.advisor.stop()
        move = step()
        if move is None:
            return
        parts = self.game.move_parts(move)
        self._show_state([self.game.stock_pile] if parts is None else [leaving(parts)])
        self.context.play("card_slide")
        self.save()
        self._check_end()  # redoing the last move ends the game again
        self._wake_if_playing_itself()

    def show_hint(self) -> None:
        """Light up the move the game suggests, if it has a way to suggest one: the solver's,
        worked out in the background, for games that have one."""
        if self.advisor.available:
            self.advisor.request_hint()
        else:
            self.point_out(None if self.session.finished else self.game.hint(self.session.state))

    def point_out(self, move: Any | None, seconds: float = HINT_SECONDS) -> None:
        """Let `move` glow for a moment."""
        self.hint = move
        self._hint_left = seconds
        self.dirty = True

    def _show_state(self, prefer: list[Hashable]) -> None:
        state = self.session.state
        layout = self.game.layout(self.size, state)
        if layout.card_width != self.view.layout.card_width:
            self.refresh_look()  # piles grew (or shrank) past what this card size shows
        self.view.show(self.game.piles(state), layout, prefer=prefer)
        self.dirty = True

    def _automatic_step(self) -> None:
        self._auto_wait = None
        if self.session.finished:
            return
        move = self.game.automatic_move(self.session.state)
        if move == WAIT:
            self._auto_wait = AUTO_GAP
            self.dirty = True  # what the table says it is busy with
        elif move is not None and move in self.session.legal_moves():
            if self.game.plays_itself():
                self.session.assisted = True
            self.play(move, automatic=True)

    def _deal_animation(self, layout: TableLayout) -> None:
        piles = self.game.piles(self.session.state)
        self.view.deal(piles, layout, self.game.deal_order(piles), self.game.deal_origin(layout))
        self.context.play("deal")

    def start_session(self, session: Session, *, deal: bool = True) -> None:
        """Play another deal (a new game, a restart) on this table; without `deal`, the same
        deal at another point of its history: the cards fly there from where they lie."""
        self.session = session
        self.advisor.stop()
        self.game.stop_automatic()
        self._auto_wait = None
        self.hint = None
        self._ending = None
        self.mouse.cancel()
        if self.size[0] > 0 and deal:
            layout = self.game.layout(self.size, session.state)
            self._look = self._look_for(layout)  # a new deal may want another card size
            self.view.set_look(layout, card_art(*self._look))
            self._deal_animation(layout)
        elif self.size[0] > 0:
            self._show_state([])
        self.update_clock()
        self._wake_if_playing_itself()
        self.dirty = True
        self._check_end()

    # Saving and the end -----------------------------------------------------------------

    def save(self) -> None:
        if not self.session.finished and self.session.counted:
            commands.save_session(self)

    def _check_end(self) -> None:
        session = self.session
        if session.finished or not (session.is_won or session.is_over):
            return
        session.finish()
        self._auto_wait = None
        commands.record_end(self.context, self.game, session)
        self._ending = "settling"

    def _advance_ending(self) -> None:
        """Once the last cards have landed: the player's win cascades, then the summary shows."""
        if self.tweens.active:
            return
        self._ending = None
        if self.session.is_won and not self.session.assisted:
            self.context.play("win")
            commands.celebrate(self)
        else:
            commands.show_summary(self)
