"""Computer players' moves, worked out on a background thread so the table keeps animating.

A `ComputerThought` is one move being chosen. The table polls it each frame and cancels it
when the move is no longer wanted (undo, a new game, leaving the table); a cancelled thought
is simply dropped. Whatever the computer player answers is checked by the rules; should it
fail, the thought settles for a cheap legal move, so the game always goes on.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from game.engine import motion
from game.engine.app import wake_loop
from game.rules.leap_frog import RULES, LeapFrogBoardState
from game.rules.moves import Cell, Leap, RemovePiece
from game.scenes.leap_frog.match import Match

log = logging.getLogger(__name__)

THINK_SECONDS = 0.25  # the computer player's time limit per move
Move = RemovePiece | Leap
Chooser = Callable[[LeapFrogBoardState, str, threading.Event, int], Move]


def ai_choice(state: LeapFrogBoardState, strength: str, cancel: threading.Event, seed: int) -> Move:
    """The computer player's move (imported on first use: it is only needed once one plays)."""
    from game.ai.leap_frog.players import choose_move

    return choose_move(state, strength, time_limit=THINK_SECONDS, cancel=cancel, seed=seed)


def simple_move(state: LeapFrogBoardState) -> Move:
    """A legal move found at once: the first piece, or the first single leap."""
    if RULES.must_remove(state):
        size = state.options.size
        square = next(index for index, piece in enumerate(state.board) if piece is not None)
        return RemovePiece(Cell(*divmod(square, size)))
    return RULES.single_leaps(state)[0]


class ComputerThought:
    """One computer move being chosen for `state` on its own daemon thread."""

    def __init__(self, state: LeapFrogBoardState, strength: str, seed: int,
                 chooser: Chooser = ai_choice) -> None:
        self.state = state
        self.cancelled = threading.Event()
        self._chooser = chooser
        self._strength = strength
        self._seed = seed
        self._move: Move | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._think, name="leap-frog-computer",
                                        daemon=True)
        self._thread.start()

    @property
    def ready(self) -> bool:
        return self._done.is_set() and not self.cancelled.is_set()

    @property
    def move(self) -> Move | None:
        """The chosen move once ready, else None."""
        return self._move if self.ready else None

    def cancel(self) -> None:
        self.cancelled.set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; True if it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _think(self) -> None:
        move = None
        try:
            move = self._chooser(self.state, self._strength, self.cancelled, self._seed)
        except Exception:  # a failing computer player must not stop the game
            log.exception("the computer player failed; playing a simple move instead")
        if self.cancelled.is_set():
            return
        if move is None or not RULES.is_legal(self.state, move):
            if move is not None:
                log.warning("the computer player chose an illegal move %r", move)
            move = simple_move(self.state)
        self._move = move
        self._done.set()
        wake_loop()  # the loop may be asleep: the move is ready now


COMPUTER_PAUSE = 0.45  # seconds of stillness before a computer's move is shown
DOTS_PER_SECOND = 3.0  # the "thinking..." dots


class ComputerTurn:
    """The pace of a computer player's turn at the table: it thinks only while the marbles
    rest (a search beside an animation would make it stutter, both wanting the interpreter),
    and its move is shown once the board has been still for a moment."""

    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser
        self.thought: ComputerThought | None = None
        self.seconds = 0.0  # since the turn began
        self.still = 0.0  # seconds since the marbles last came to rest

    def begin(self) -> None:
        self.stop()
        self.seconds = 0.0

    def stop(self) -> None:
        if self.thought is not None:
            self.thought.cancel()
            self.thought = None

    def watch(self, dt: float, *, moving: bool) -> None:
        """`dt` has passed with the marbles `moving`, or at rest."""
        self.still = 0.0 if moving else self.still + dt

    def step(self, dt: float, match: Match, *, resting: bool) -> Move | None:
        """Let `dt` pass; the move to play once it is chosen and the board has been still
        for a moment; None meanwhile."""
        self.seconds += dt
        if not resting:
            return None
        if self.thought is None:
            self.thought = ComputerThought(match.state, match.seat.strength,
                                           match.state.seed + match.history.position,
                                           self.chooser)
        elif self.thought.ready and self.still >= motion.gap(COMPUTER_PAUSE):
            move, self.thought = self.thought.move, None
            return move
        return None

    def dots(self) -> int:
        """How many dots follow "thinking" now."""
        return int(self.seconds * DOTS_PER_SECOND) % 4
