"""The table's advisor: hints, "can this deal still be won?", the demo, the automatic finish,
the notice when nothing useful is left, and winnable deals.

Every search runs on a daemon thread (`SearchRunner`), one at a time per table, with a budget
whose cancel flag is set as soon as its answer could no longer be wanted: the player moves,
undoes, deals again or leaves the table. Answers are collected on the UI thread in `update`
and used only while the table still shows the position they were worked out for; the search
threads never touch pygame or the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import hints
from game.ai.pools import first_winnable
from game.ai.search import Budget
from game.engine import motion
from game.registry import BY_ID
from game.scenes.dialogs import MessageDialog
from game.scenes.table import commands, post_mortem, winnable
from game.scenes.table.search_runner import SearchRunner
from game.scenes.table.toast import Toast, draw_status, status_fits, status_room

if TYPE_CHECKING:
    from game.scenes.table.protocol import CardTable

HINT_SECONDS = 0.8  # a hint: the first move of a win found this fast, else the best progress
SOLVE_SECONDS = 4.0  # "can this deal still be won?"
DEMO_SEARCH_SECONDS = 3.0  # the demo's first look for a winning line
DEAL_SECONDS = 4.0  # looking for a winnable deal of options no pool covers
DEAL_TRY_SECONDS = 0.8  # ...spent on each candidate deal at most
CHECK_DELAY = 0.25  # quiet seconds after a player's move before looking for a finish
DEMO_GAP = 0.55  # seconds between the demo's moves
FINISH_GAP = 0.1  # seconds between the moves of the automatic finish
# Games whose players expect the finish to play itself (Klondike's auto-complete); the
# others offer it with a button, leaving the last moves to players who enjoy them.
CANDIDATE_DEALS = 64  # random deals drawn for a search for a winnable one

HINT_LABEL = "Looking for a hint…"
SOLVE_LABEL = f"Looking for a win (up to {SOLVE_SECONDS:g} seconds)…"
DEMO_LABEL = "Demo: looking for a winning line…"
DEAL_LABEL = "Finding a winnable deal…"
DEMO_RUNNING = "Demo: click or press a key to stop"

def hint_search(rules: Any, state: Any) -> Callable[[Budget], tuple[Any, bool]]:
    """The search for a hint from `state`: its answer is the move, and, when there is none,
    whether nothing useful is left at all."""
    def work(budget: Budget) -> tuple[Any, bool]:
        move = hints.hint(rules, state, budget)
        return move, move is None and hints.no_productive_moves(rules, state)
    return work


# The table's advisor ----------------------------------------------------------------------------

class TableAdvisor:
    """Everything the solvers do for one card table."""

    def __init__(self, table: CardTable) -> None:
        self.table = table
        self.runner = SearchRunner(self._search_failed)
        self._busy_label: str | None = None  # the busy line last drawn
        self.toast = Toast()
        self.demo_on = False
        self.finishing = False
        self._finish: list = []  # the moves left of the automatic finish
        self._step_wait = 0.0  # seconds until the demo's or the finish's next move
        self._check_wait: float | None = None  # seconds until the look after a player's move
        self._own_move = False

    @property
    def rules(self) -> Any:
        return self.table.game.rules

    @property
    def available(self) -> bool:
        """Whether this game has a solver to ask."""
        return hints.advisor_of(self.rules.id) is not None

    @property
    def winnable_only(self) -> bool:
        """New deals of this table must be winnable ones."""
        settings = self.table.context.settings
        return self.available and settings.get(f"{self.rules.id}.winnable_only")

    def _state(self) -> Any:
        return self.table.session.state

    def _playing(self) -> bool:
        """A game is under way that the player may ask about (not while a new deal is being
        looked for: the answer would be about the deal on its way out)."""
        return (self.available and not self.table.session.finished
                and self.runner.label != DEAL_LABEL)

    def _changed(self) -> None:
        self.table.dirty = True

    def _start(self, label: str | None, work: Callable[[Budget], Any], seconds: float,
               on_done: Callable[[Any], None]) -> None:
        self.runner.start(label, work, seconds, on_done)
        self._changed()

    # What the player asks -------------------------------------------------------------------

    def request_hint(self) -> None:
        """Look for the move to suggest; it lights up when found."""
        if not self._playing() or self.demo_on or self.runner.label == HINT_LABEL:
            return
        state = self._state()
        self.toast.hide()
        self._start(HINT_LABEL, hint_search(self.rules, state), HINT_SECONDS,
                    lambda answer: self._hint_found(state, *answer))

    def _hint_found(self, state: Any, move: Any, stuck: bool) -> None:
        if state is not self._state():
            return
        if move is not None and move in self.table.session.legal_moves():
            self.table.point_out(move)
        elif stuck:
            self.show_stuck()
        else:
            self.tell("No move worth suggesting was found.")

    def ask_can_win(self) -> None:
        """Ask the solver whether the deal can still be won; the answer shows as a toast."""
        if not self._playing() or self.runner.label == SOLVE_LABEL:
            return
        self.stop_demo()
        rules, state = self.rules, self._state()
        self.toast.hide()
        self._start(SOLVE_LABEL, lambda budget: hints.can_win(rules, state, budget),
                    SOLVE_SECONDS, lambda result: self._verdict(state, result))

    def _verdict(self, state: Any, result: Any) -> None:
        if state is not self._state():
            return
        # Before the first move, "still" and "no longer" would blame moves not made.
        started = not self._at_deal_start(state)
        if result.status == "won":
            self.tell(f"Yes: this deal can {'still ' if started else ''}be won.",
                            [("Show me", lambda: self.start_demo(search=False))])
        elif result.status == "lost":
            self.tell("No: this deal can no longer be won." if started
                      else "No: this deal cannot be won.", self._way_out())
        elif self._proven_deal_untouched(state):
            self.tell("Yes: this deal is one of those proven winnable (its win was not "
                            f"found again within {SOLVE_SECONDS:g} seconds).")
        else:
            self.tell(f"Not found within {SOLVE_SECONDS:g} seconds whether this deal "
                            "can still be won.")

    def _at_deal_start(self, state: Any) -> bool:
        """`state` is the deal as dealt, before any move."""
        return state == self.table.session.history.states[0]

    def _proven_deal_untouched(self, state: Any) -> bool:
        """`state` is the first position of a deal from a pool of proven wins."""
        return self._at_deal_start(state) and bool(winnable.deal_note(self.rules, state))

    def show_stuck(self) -> None:
        """The gentle notice that nothing useful is left, offering a way out; it stays until
        the player does something."""
        self.tell("No useful moves are left.", self._way_out())
        self._changed()

    def _way_out(self) -> list[tuple[str, Callable[[], None]]]:
        table = self.table
        actions = [("Undo", table.undo)] if table.session.history.can_undo else []
        return [*actions, ("New game", lambda: commands.ask_new_game(table)),
                *post_mortem.actions(table)]

    # The demo ---------------------------------------------------------------------------------

    def toggle_demo(self) -> None:
        if self.demo_on:
            self.stop_demo()
        else:
            self.start_demo()

    def start_demo(self, *, search: bool = True) -> None:
        """Play the deal by itself: a winning line when the solver finds one (looked for
        first, unless one was just found), else the hints' moves."""
        if not self._playing():
            return
        self.stop()
        self.demo_on = True
        self.table.session.assisted = True
        self._step_wait = 0.0
        if search:
            rules, state = self.rules, self._state()
            self._start(DEMO_LABEL,
                        lambda budget: hints.can_win(rules, state, budget, cheapest=True),
                        DEMO_SEARCH_SECONDS, lambda result: None)
        self._changed()

    def stop_demo(self) -> None:
        if self.demo_on:
            self.demo_on = False
            self.runner.cancel()
            self._changed()

    def _demo_step(self) -> None:
        state = self._state()
        self.runner.start(None, hint_search(self.rules, state), HINT_SECONDS,
                          lambda answer: self._demo_move(state, *answer))

    def _demo_move(self, state: Any, move: Any, stuck: bool) -> None:
        if not self.demo_on or state is not self._state():
            return
        if move is None or move not in self.table.session.legal_moves():
            self.stop_demo()
            if stuck:
                self.show_stuck()
            else:
                self.tell("The demo found nothing more worth doing.")
            return
        self._play_own(move)
        self._step_wait = motion.gap(DEMO_GAP)

    # After the player's moves: a finish to play, or nothing useful left -------------------------

    def _check(self) -> None:
        """Look for a finish to play, or whether nothing useful is left. The finish plays by
        itself only once every card on the table lies face up, as players expect."""
        rules, state = self.rules, self._state()
        open_cards = all(card.face_up for pile in self.table.game.piles(state).values()
                         for card in pile)

        def work(budget: Budget) -> tuple[tuple | None, bool]:
            line = hints.auto_finish_line(rules, state) if open_cards else None
            if line:
                return line, False
            return None, hints.no_productive_moves(rules, state)

        self._start(None, work, HINT_SECONDS, lambda answer: self._checked(state, *answer))

    def _checked(self, state: Any, line: tuple | None, stuck: bool) -> None:
        if state is not self._state():
            return
        if line and BY_ID[self.rules.id].finishes_by_itself:
            self.start_finish(line)
        elif line:
            self.tell("Only finishing is left.",
                            [("Finish", lambda: self.start_finish(line))])
        elif stuck:
            self.show_stuck()

    def start_finish(self, line: tuple) -> None:
        """Play `line` (the finish worked out for the table's position) move by move."""
        if self._playing():
            self._finish = list(line)
            self.finishing = True
            self._step_wait = motion.gap(FINISH_GAP)
            self._changed()

    def _finish_step(self) -> None:
        """Play the finish's next move; when the table's own automatic moves took another way,
        the rest of the finish is worked out again from where the cards are."""
        legal = self.table.session.legal_moves()
        if not self._finish or self._finish[0] not in legal:
            self._finish = list(hints.auto_finish_line(self.rules, self._state()) or ())
        if not self._finish:
            self.finishing = False
            return
        self._play_own(self._finish.pop(0), automatic=True)
        self._step_wait = motion.gap(FINISH_GAP)

    def _play_own(self, move: Any, *, automatic: bool = False) -> None:
        self._own_move = True
        try:
            self.table.play(move, automatic=automatic)
        finally:
            self._own_move = False

    # Winnable deals -----------------------------------------------------------------------------

    def known_winnable(self, seed: int) -> bool:
        """Whether deal `seed` under the current options is in a pool of proven wins."""
        return winnable.known_winnable(self.rules.id, self._options(), seed)

    def _options(self) -> dict:
        return self.table.context.settings.rules_options(self.rules.id)

    def winnable_deal(self, deal: Callable[[int], None]) -> None:
        """Call `deal(seed)` with a winnable deal for the current options: one from the pool
        shipped for them, else one found by a short search in the background (a random one,
        with a word to the player, if none is found in time)."""
        grade = self.table.context.settings.get(f"{self.rules.id}.winnable_grade")
        seeds = winnable.winnable_seeds(self.rules.id, self._options(), grade)
        if seeds:
            current = self.table.session.history.states[0].seed
            choices = [seed for seed in seeds if seed != current] or list(seeds)
            deal(random.choice(choices))
            return
        game_id, options = self.rules.id, self._options()
        candidates = [commands.random_seed() for _ in range(CANDIDATE_DEALS)]

        def work(budget: Budget) -> int | None:
            return first_winnable(game_id, options, candidates,
                                  budget.max_seconds or DEAL_SECONDS, DEAL_TRY_SECONDS,
                                  budget.cancel, budget.max_nodes)

        def found(seed: int | None) -> None:
            deal(candidates[0] if seed is None else seed)
            if seed is None:
                self.tell(f"No winnable deal was found within {DEAL_SECONDS:g} seconds: "
                                "this deal is a random one.")

        self._start(DEAL_LABEL, work, DEAL_SECONDS, found)

    # What the table tells the advisor -----------------------------------------------------------

    def on_moved(self, automatic: bool) -> None:
        """A move was played. The player's own moves end whatever the advisor was doing and
        call for a look at the new position once the table has settled."""
        if self._own_move or automatic:
            return
        self.stop()
        self._check_wait = motion.gap(CHECK_DELAY)

    def stop(self) -> None:
        """Undo, redo, a new deal, leaving: drop every search, the demo and the finish."""
        self.runner.cancel()
        self._stop_playing()

    def pause(self) -> None:
        """Something covers the table: all stops but the search for a new deal, which the
        table still waits for."""
        if self.runner.label != DEAL_LABEL:
            self.runner.cancel()
        self._stop_playing()

    def _stop_playing(self) -> None:
        self.demo_on = self.finishing = False
        self._finish = []
        self._check_wait = None
        self.toast.hide()
        self._changed()

    def _search_failed(self) -> None:
        self.demo_on = self.finishing = False
        self.tell("The search stopped with an error.")

    # Frame --------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.runner.poll():
            self._changed()
        label = self.runner.label  # a long search may say what it is doing now
        if label != self._busy_label:
            self._busy_label = label
            self._changed()
        if self.table.session.finished:
            if self.demo_on or self.finishing:
                self.demo_on = self.finishing = False
                self._changed()
            return
        quiet = not self.table.automatic_pending
        if self._check_wait is not None and quiet:
            self._check_wait -= dt
            if self._check_wait <= 0.0 and not self.runner.busy:
                self._check_wait = None
                self._check()
        self._step_wait -= dt
        if self._step_wait > 0.0:
            return
        if self.finishing:
            self._finish_step()
        elif self.demo_on and quiet and not self.runner.busy:
            self._demo_step()

    def is_idle(self) -> bool:
        return (not self.runner.busy and not self.demo_on and not self.finishing
                and self._check_wait is None)

    def status_text(self) -> str | None:
        """What the table says it is busy with, if anything."""
        if self.runner.label is not None:
            return self.runner.label
        return DEMO_RUNNING if self.demo_on else self.table.game.automatic_status()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The toast's share (an answer stays until the player acts); while the demo plays,
        any click or key stops it (and does nothing else)."""
        shown = self.toast.shown
        if self.toast.handle_event(event):
            self._changed()
            return True
        if shown != self.toast.shown:
            self._changed()
        if self.demo_on and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.stop_demo()
            return True
        return False

    def tell(self, text: str, actions: list[tuple[str, Callable[[], None]]] | None = None
             ) -> None:
        """Answer the player: in a toast in the toolbar's band when it fits there on one
        line, else (a long answer in a narrow window) in a dialog, which wrapping the toast
        over the cards in type too small to read would not be."""
        self.toast.show(text, actions or ())
        band, margin, left = self._band()
        if not self.toast.fits(band, band.right - margin - left):
            self.toast.hide()
            self.table.stack.push(MessageDialog(text, list(actions or ())))

    def _band(self) -> tuple[pygame.Rect, int, int]:
        """The toolbar's band, the margin kept inside it, and where the room right of its
        buttons starts."""
        band = self.table.view.layout.toolbar
        return band, max(3, band.height // 10), self.table.toolbar.status_left

    def draw(self, surface: pygame.Surface) -> None:
        """The toast and the busy line in the toolbar's band, right of its buttons and never
        over one another: each left of the read-out when it fits there whole, else over the
        read-out, which it then hides whole (`readout_left` is where its leftmost reading
        begins)."""
        band, margin, left = self._band()
        readout = self.table.toolbar.readout_left
        beside = (left, readout - margin)  # room for the busy line with the read-out in sight
        over: tuple[int, int] | None = (left, band.right - margin)  # room over the read-out
        text = self.status_text()
        if self.toast.shown:
            start = left
            if text is not None:
                # The toast wraps or shrinks, while it stays readable, to leave the busy
                # line room for readable type beside it.
                reserved = left + status_room(text, band) + margin
                if self.toast.fits(band, band.right - margin - reserved):
                    start = reserved
            if self.toast.natural_width(band) <= readout - margin - start:
                area = self.toast.draw(surface, band, readout - margin, start, readout - margin)
                over = (area.right + margin, band.right - margin)
            else:
                area = self.toast.draw(surface, band, readout, start, band.right - margin)
                over = None
            beside = (left, area.left - margin)
        if text is None:
            return
        if status_fits(text, *beside):
            draw_status(surface, text, band, beside[1], beside[0])
        elif over is not None and status_fits(text, *over):
            draw_status(surface, text, band, over[1], over[0], cover_from=readout)
