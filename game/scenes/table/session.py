"""One game in progress, apart from how it looks: history, moves made, time played.

The session applies moves through the rules (the only judge of legality), keeps the undo
history and knows whether the game counts for the statistics yet: it does once a move has
been made, or at once when the deal is over before any move. Time comes from an injectable
clock and only runs while the player is actually at the table.

Each game carries a `key`, kept in its save with the `assisted` mark (the save's table
extras), so the statistics can tell a game they have already counted, whatever moment the
program was stopped at.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable
from typing import Any

from game.rules.history import History
from game.scenes.tabletop.clock import Stopwatch
from game.scenes.tabletop.counting import KEY_EXTRA, new_key, saved_key
from game.store import SavedGame

ASSISTED_EXTRA, AUTOMATIC_EXTRA = "assisted", "automatic"
DAILY_EXTRA = "daily"  # the date whose deal of the day this is (ISO), for a daily game


def saved_automatic(extras: dict) -> set[int]:
    """The indices of the moves the table made by itself, as a save keeps them (none for an
    older save, or a damaged list)."""
    numbers = extras.get(AUTOMATIC_EXTRA)
    if not isinstance(numbers, list) or not all(
            type(number) is int and number >= 0 for number in numbers):
        return set()
    return set(numbers)


class Session:
    """The rules, the history of one deal, and the table's own tally of it."""

    def __init__(self, rules: Any, history: History, *, move_count: int = 0,
                 elapsed: float = 0.0, now: Callable[[], float] = time.monotonic,
                 key: str | None = None, assisted: bool = False,
                 daily: str | None = None) -> None:
        self.rules = rules
        self.history = history
        self.move_count = move_count  # every move made, undone ones included: the game began
        self.clock = Stopwatch(elapsed, now)
        self.finished = False  # ended: no more moves (until the player takes one back)
        self.recorded = False  # the statistics hold this game: its save may go
        # The computer chose some of its moves (demo, Show me, auto-play): a win then is not
        # the player's.
        self.assisted = assisted
        self.key = key or new_key()  # tells the statistics this game from every other
        # The indices in the history of the moves the table made by itself (automatic moves,
        # the finish): a post-mortem never blames the player for one. Only the indices below
        # the history's length count; each new move sets its own.
        self.automatic: set[int] = set()
        self.daily = daily  # the date (ISO) of the deal of the day this game plays, if any
        self._legal: tuple[Any, list] = (None, [])

    @classmethod
    def resumed(cls, rules: Any, saved: SavedGame,
                now: Callable[[], float] = time.monotonic) -> Session:
        """The session of a saved game (older saves, without a key or mark, are unassisted)."""
        session = cls(rules, saved.history, move_count=saved.move_count,
                      elapsed=saved.elapsed, now=now, key=saved_key(saved.extras),
                      assisted=saved.extras.get(ASSISTED_EXTRA) is True,
                      daily=daily_of(saved.extras))
        session.automatic = saved_automatic(saved.extras)
        return session

    def extras(self) -> dict:
        """What the save keeps of this session beyond its moves."""
        made = len(self.history.moves)
        extras = {KEY_EXTRA: self.key, ASSISTED_EXTRA: self.assisted,
                  AUTOMATIC_EXTRA: sorted(index for index in self.automatic if index < made)}
        return extras if self.daily is None else {**extras, DAILY_EXTRA: self.daily}

    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def moves(self) -> int:
        """The moves the table shows: those that lead from the deal to the current position,
        every one counted (the player's, the table's automatic moves, the computer's), so
        undo, redo and a game taken back move the count with the cards."""
        return self.history.position

    @property
    def counted(self) -> bool:
        """A game counts for the statistics once it has had a move, or has ended."""
        return self.finished or self.move_count > 0 or self.history.position > 0

    def legal_moves(self) -> list:
        """The legal moves of the current state (asked often, computed once per state)."""
        state, moves = self._legal
        if state is not self.state:
            moves = [] if self.finished else list(self.rules.legal_moves(self.state))
            self._legal = (self.state, moves)
        return moves

    def play(self, move: Any, *, automatic: bool = False) -> Any:
        """Apply `move` (IllegalMove if the rules refuse it) as its own undo step;
        `automatic`: the table made it by itself."""
        state = self.rules.apply(self.state, move)
        index = self.history.position
        self.history = self.history.push(move, state)
        if automatic:
            self.automatic.add(index)
        else:
            self.automatic.discard(index)
        self.move_count += 1
        self.clock.start()
        return state

    def undo(self) -> Any | None:
        """Take back the last move; the move undone, or None if there was none."""
        if self.finished or not self.history.can_undo:
            return None
        move = self.history.moves[self.history.position - 1]
        self.history = self.history.undo()
        return move

    def redo(self) -> Any | None:
        if self.finished or not self.history.can_redo:
            return None
        move = self.history.moves[self.history.position]
        self.history = self.history.redo()
        return move

    @property
    def is_won(self) -> bool:
        return self.rules.is_won(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def finish(self) -> None:
        self.finished = True
        self.clock.stop()
        self._legal = (None, [])

    def reopen(self) -> None:
        """The player takes back the move that ended a game not yet counted: play goes on."""
        if self.recorded:
            raise ValueError("a game the statistics hold cannot be reopened")
        self.finished = False
        self.clock.start()
        self._legal = (None, [])


def daily_of(extras: dict) -> str | None:
    """The deal of the day's date a save's extras name, if they name a real date."""
    text = extras.get(DAILY_EXTRA)
    if not isinstance(text, str) or len(text) != 10:
        return None
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        return None
