""""Where did it go wrong?" on the card table: after a lost or abandoned solitaire, the
solver looks back through the game for the first move after which no win was left
(`game.ai.post_mortem`), one position at a time on the table's search thread, with the
progress shown and a Cancel button.

With the culprit found, the table goes back through the history to just before it, the move
that would still have won glows, and a message names both moves. Going back is a replay with
the computer's help: the session is marked `assisted`, so a win from there is never counted
as the player's. A game that had ended (already counted as lost) goes on as a new game from
that point, its undo history and the fatal move on the redo line kept; a game still in
progress simply goes back in its own history.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.ai import hints
from game.ai.post_mortem import TOTAL_SECONDS, CulpritSearch, PostMortem
from game.ai.search import SolveResult
from game.rules.history import History
from game.scenes.table.move_words import first_words, move_words, moved_card
from game.scenes.table.session import Session

if TYPE_CHECKING:
    from game.scenes.table.protocol import CardTable

LABEL = "Where did it go wrong?"
WORKING = "Looking back for the move that lost the game."
GLOW_SECONDS = 8.0  # how long the winning alternative glows

Action = tuple[str, Callable[[], None]]


def actions(table: CardTable) -> tuple[Action, ...]:
    """The "Where did it go wrong?" button, for a game it can look into: one with a solver,
    not won, with at least one move played."""
    session = table.session
    if (not table.advisor.available or session.history.position == 0
            or table.game.rules.is_won(session.state)):
        return ()
    return ((LABEL, lambda: PostMortemRun(table).start()),)


def progress_text(position: int, moves: int) -> str:
    """What the table says while it checks whether the game could be won after `position`
    of its `moves`: short, to fit in readable type beside the toast that says what it does."""
    return "Checking the deal…" if position == 0 else f"Move {position} of {moves}…"


class PostMortemRun:
    """One post-mortem of the table's game as it is when created."""

    def __init__(self, table: CardTable, total_seconds: float = TOTAL_SECONDS) -> None:
        self.table = table
        self.session = table.session
        history = table.session.history
        self.history = history
        self.states = history.states[: history.position + 1]
        self.moves = history.moves[: history.position]
        self.search = CulpritSearch(table.game.rules, self.states)
        self.total_seconds = total_seconds
        self.started = 0.0

    @property
    def rules(self) -> Any:
        return self.table.game.rules

    def start(self) -> None:
        self.started = time.perf_counter()
        self.table.advisor.stop()
        self.table.advisor.toast.show(WORKING, [("Cancel", self.cancel)])
        self._next()

    def cancel(self) -> None:
        self.table.advisor.runner.cancel()
        self.table.dirty = True

    def _current(self) -> bool:
        """The table still shows the game this post-mortem is about."""
        return self.table.session is self.session and self.session.history is self.history

    def _next(self) -> None:
        probe = self.search.next_probe()
        left = self.total_seconds - (time.perf_counter() - self.started)
        if probe is None or left <= 0.0:
            self._show(self.search.outcome(time.perf_counter() - self.started))
            return
        position, seconds = probe
        rules, state = self.rules, self.states[position]
        self.table.advisor.runner.start(
            progress_text(position, len(self.moves)),
            lambda budget: hints.can_win(rules, state, budget), min(seconds, left),
            lambda result: self._probed(position, result))
        self.table.dirty = True

    def _probed(self, position: int, result: SolveResult) -> None:
        if not self._current():
            return
        self.search.record(position, result)
        self._next()

    # The answer ---------------------------------------------------------------------------

    def _show(self, outcome: PostMortem) -> None:
        tell = self.table.advisor.tell
        self.table.dirty = True
        if outcome.status == "culprit":
            self._go_back(outcome.culprit, outcome.alternative)
            tell(self.culprit_text(outcome))
        elif outcome.status == "never":
            tell("This deal could never be won: the solver proved it lost from the "
                       "deal.", self._undo())
        elif outcome.status == "still_winnable":
            self.session.assisted = True
            self.table.point_out(outcome.alternative, GLOW_SECONDS)
            tell(self.still_winnable_text(outcome))
        else:
            back = outcome.last_winnable
            buttons = self._undo() if back is None else [
                ("Go back there", lambda: self._back_to(back, outcome))]
            tell(self.unknown_text(outcome), buttons)

    def _undo(self) -> list[Action]:
        """The summary's Undo, for an answer that leaves an ended game where it ended: the
        toolbar's Undo is off while the game stands ended."""
        session = self.session
        if not session.finished or session.recorded or not session.history.can_undo:
            return []
        return [("Undo", self.table.take_back)]

    def _words(self, position: int, move: Any, *, after: Any = None) -> str:
        state = self.states[position]
        same = after is not None and moved_card(self.rules, state, move) is not None \
            and moved_card(self.rules, state, move) == moved_card(self.rules, state, after)
        return move_words(self.rules, state, move, same_card=same)

    def culprit_text(self, outcome: PostMortem) -> str:
        index = outcome.culprit
        fatal = self.moves[index]
        text = f"{first_words(self._words(index, fatal))} at move {index + 1} lost the game"
        if outcome.alternative is None:
            return text + "."
        better = self._words(index, outcome.alternative, after=fatal)
        return f"{text}; {better} would still win (it glows)."

    def still_winnable_text(self, outcome: PostMortem) -> str:
        text = "Nothing went wrong yet: this game can still be won from here"
        if outcome.alternative is None:
            return text + "."
        return f"{text}, starting with {self._words(len(self.moves), outcome.alternative)}."

    def unknown_text(self, outcome: PostMortem) -> str:
        seconds = f"{self.total_seconds:g} seconds"
        back, lost = outcome.last_winnable, outcome.first_lost
        if back is None:
            text = f"Could not tell within {seconds} whether this deal could ever be won"
        elif self.search.verdicts.get(back + 1) == "unknown":
            # The likeliest culprit: a win was certain before it, none was found after it.
            where = "from the deal" if back == 0 else f"after move {back}"
            text = (f"The game could still be won {where}. After move {back + 1}, "
                    f"{self._words(back, self.moves[back])}, no win was found, but the solver "
                    f"could not prove it lost within {seconds}")
        else:
            where = "from the deal" if back == 0 else f"after move {back}"
            text = (f"The game could still be won {where}, but within {seconds} the solver "
                    "could not tell which later move lost it")
        if lost is not None and lost > 0:
            end = "by the end" if lost == len(self.moves) else f"after move {lost}"
            text += f"; it was lost for sure {end}"
        return text + "."

    def _back_to(self, position: int, outcome: PostMortem) -> None:
        """Back to the last position known to be winnable, saying so."""
        self._go_back(position, outcome.alternative)
        where = "At the deal" if position == 0 else f"After move {position}"
        text = f"{where} the game could still be won"
        if outcome.alternative is not None:
            text += f": {self._words(position, outcome.alternative)} starts a win (it glows)"
        self.table.advisor.tell(text + ".")

    # Going back ---------------------------------------------------------------------------

    def _go_back(self, position: int, alternative: Any) -> None:
        """The table as it was after `position` moves, as a game the computer helped with,
        the winning `alternative` glowing."""
        table = self.table
        whole = self.history  # the line as it ended, the moves after `position` to redo
        steps = zip(whole.moves, whole.states[1:], strict=True)
        history = History.from_line(whole.deal, steps, position)
        if self.session.recorded:
            session = Session(self.rules, history, move_count=position)
        else:  # the same game goes on, so its end still counts once
            session = self.session
            if session.finished:
                session.reopen()
            session.history = history
        session.assisted = True
        table.start_session(session, deal=False)
        table.save()
        if alternative is not None:
            table.point_out(alternative, GLOW_SECONDS)
