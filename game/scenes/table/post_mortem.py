""""Where did it go wrong?" on the card table: after a lost or abandoned solitaire, the
solver looks back through the game for the first move after which no win was left
(`game.ai.post_mortem`), on the table's search thread with every core's worker process, the
progress shown and a Cancel button; any action of the player's stops it.

With the culprit found, the table goes back through the history to just before it, the move
that would still have won glows, and a message names both moves; only a move the player
chose is ever named, never one the table made by itself. Unsettled, the table goes back to
the last position proven winnable, its winning move glowing, and says how long it looked.
Going back is a replay with the computer's help: the session is marked `assisted`, so a win
from there is never counted as the player's. A game that had ended (already counted as lost)
goes on as a new game from that point, its undo history and the fatal move on the redo line
kept; a game still in progress simply goes back in its own history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.ai.post_mortem import TOTAL_SECONDS, PostMortem
from game.ai.post_mortem_run import find_culprit
from game.ai.post_mortem_workers import cores
from game.ai.search import Budget
from game.engine.app import wake_loop
from game.rules.history import History
from game.scenes.table import winnable
from game.scenes.table.move_words import first_words, move_words, moved_card
from game.scenes.table.session import Session

if TYPE_CHECKING:
    from game.scenes.table.protocol import CardTable

LABEL = "Where did it go wrong?"
WORKING = "Looking back for the move that lost the game."
GLOW_SECONDS = 8.0  # how long the winning alternative glows
WORKERS = cores()  # positions solved at once, each in a worker process

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
        self.automatic = frozenset(k for k in table.session.automatic if k < len(self.moves))
        self.total_seconds = total_seconds
        self.progress = progress_text(len(self.moves), len(self.moves))

    @property
    def rules(self) -> Any:
        return self.table.game.rules

    def start(self) -> None:
        self.table.advisor.stop()
        self.table.advisor.toast.show(WORKING, [("Cancel", self.cancel)])
        rules, states, automatic = self.rules, self.states, self.automatic
        known = bool(winnable.deal_note(rules, states[0]))  # a pool's deal: won from the start

        def work(budget: Budget) -> PostMortem:  # on the search thread
            return find_culprit(rules, states, budget, self._probing, automatic=automatic,
                                workers=WORKERS, winnable_deal=known)

        self.table.advisor.runner.start(lambda: self.progress, work, self.total_seconds,
                                        self._answered)
        self.table.dirty = True

    def cancel(self) -> None:
        self.table.advisor.runner.cancel()
        self.table.dirty = True

    def _probing(self, position: int) -> None:
        """On the search thread: a position's search starts; the table's busy line follows
        (the thread only wakes the loop, never touching the table)."""
        self.progress = progress_text(position, len(self.moves))
        wake_loop()

    def _current(self) -> bool:
        """The table still shows the game this post-mortem is about."""
        return self.table.session is self.session and self.session.history is self.history

    def _answered(self, outcome: PostMortem) -> None:
        if self._current():
            self._show(outcome)

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
        elif outcome.last_winnable is None or (outcome.last_winnable == 0
                                               and outcome.alternative is None):
            # Nowhere to go back to but a pool's deal, known winnable without a line to show:
            # the table stays where the game ended.
            tell(self.unknown_text(outcome), self._undo())
        else:
            self._go_back(outcome.last_winnable, outcome.alternative)
            tell(self.unknown_text(outcome))

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
        """Names the player's move that lost the game: `culprit` is never a move the table
        made by itself (the post-mortem searches only the positions the player moved from),
        but for automatic moves at the very deal."""
        index = outcome.culprit
        if index in self.automatic:
            return ("The deal could be won, but not after the table's automatic moves at the "
                    "start; it glows where a win begins.")
        fatal = self.moves[index]
        text = f"{first_words(self._words(index, fatal))} at move {index + 1} lost the game"
        if outcome.alternative is None:
            return text + "."
        if outcome.alternative == fatal:  # a win went on from it, not from the table's moves
            return (f"{text} with the automatic moves that followed it; that move still "
                    "starts a win when the rest is played by hand (it glows).")
        better = self._words(index, outcome.alternative, after=fatal)
        return f"{text}; {better} would still win (it glows)."

    def still_winnable_text(self, outcome: PostMortem) -> str:
        text = "Nothing went wrong yet: this game can still be won from here"
        if outcome.alternative is None:
            return text + "."
        return f"{text}, starting with {self._words(len(self.moves), outcome.alternative)}."

    def unknown_text(self, outcome: PostMortem) -> str:
        """What an unsettled search found, with the seconds it really took; the table is
        then back at the last position proven winnable, if there is one."""
        seconds = round(outcome.seconds)
        took = ("within a second" if seconds < 1 else
                f"in {seconds} second{'s' if seconds != 1 else ''}")
        back, lost = outcome.last_winnable, outcome.first_lost
        sure = ""
        if lost is not None and lost > 0:
            end = "by the end" if lost == len(self.moves) else f"after move {lost}"
            sure = f"; it was lost for sure {end}"
        if back is None:
            return f"Could not tell {took} whether this deal could ever be won{sure}."
        text = f"Could not tell {took} which move lost the game{sure}."
        if back == 0 and outcome.alternative is None:  # known from the deal's pool
            return f"{text} The deal itself can be won: Restart plays it again."
        where = "From the deal" if back == 0 else f"From here, after move {back},"
        if outcome.alternative is None:
            return f"{text} {where} you could still win."
        return f"{text} {where} you could still win: " \
               f"{self._words(back, outcome.alternative)} (it glows)."

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
            session.automatic = set(self.session.automatic)
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
