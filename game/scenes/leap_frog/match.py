"""One game of Leap Frog at the table, apart from how it looks.

The match applies turns through the rules, keeps the undo history, knows who sits where and
whether the game counts yet (once a move has been made; in the statistics, only with a person
at the table). With computer players at the table, undo steps back to the last turn a person
took, and redo forward to the next one, so a person never lands on a turn the computer would
play again at once.

Each game carries a `key`, kept in its save with the seats, so the statistics can tell a game
they have already counted, whatever moment the program was stopped at.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.rules.history import History
from game.rules.leap_frog import RULES, LeapFrogBoardState
from game.rules.moves import Leap, RemovePiece
from game.scenes.leap_frog.seats import Lineup, Seat
from game.scenes.tabletop.clock import Stopwatch
from game.scenes.tabletop.counting import KEY_EXTRA, new_key

GAME_ID = "leap_frog"
Move = RemovePiece | Leap


class Match:
    def __init__(self, history: History, lineup: Lineup, *, move_count: int = 0,
                 elapsed: float = 0.0, now: Callable[[], float] = time.monotonic,
                 key: str | None = None) -> None:
        if len(lineup) != history.state.options.players:
            raise ValueError(f"{len(lineup)} seats for {history.state.options.players} players")
        self.rules = RULES
        self.history = history
        self.lineup = lineup
        self.move_count = move_count  # turns played, undone ones included
        self.clock = Stopwatch(elapsed, now)
        self.finished = False  # ended, or left for good: no more turns
        # The end is settled: the statistics hold the game (or, with no person at the table,
        # need not): its save may go.
        self.settled = False
        self.key = key or new_key()  # tells the statistics this game from every other

    # The position ---------------------------------------------------------------------

    @property
    def state(self) -> LeapFrogBoardState:
        return self.history.state

    @property
    def player(self) -> int:
        return self.rules.current_player(self.state)

    @property
    def seat(self) -> Seat:
        return self.lineup[self.player]

    @property
    def computer_to_move(self) -> bool:
        return not self.finished and not self.is_over and self.seat.is_computer

    @property
    def human_to_move(self) -> bool:
        return not self.finished and not self.is_over and not self.seat.is_computer

    @property
    def must_remove(self) -> bool:
        """The opening: the player to move removes a piece."""
        return self.rules.must_remove(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def counted(self) -> bool:
        """A game counts for the statistics once it has had a move."""
        return self.move_count > 0 or self.history.position > 0

    @property
    def recorded(self) -> bool:
        """The game goes into the player's statistics: it counts, and a person plays in it.
        A game of computer players alone is only watched."""
        return self.counted and self.lineup.has_human

    @property
    def in_opening(self) -> bool:
        """Someone has still to make their first turn, the removal of one piece."""
        return not all(self.state.captured)

    def scores(self) -> tuple[int, ...]:
        return self.rules.score(self.state)

    def winners(self) -> tuple[int, ...]:
        return self.rules.winners(self.state)

    # Turns --------------------------------------------------------------------------------

    def play(self, move: Move) -> LeapFrogBoardState:
        """Apply `move` for the player to move (IllegalMove if the rules refuse it)."""
        state = self.rules.apply(self.state, move)
        self.history = self.history.push(move, state)
        self.move_count += 1
        self.clock.start()
        return state

    @property
    def can_undo(self) -> bool:
        return not self.finished and self.lineup.has_human and self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return not self.finished and self.history.can_redo

    def undo(self) -> bool:
        """Step back one turn, then on past computer turns to a person's; False if none."""
        if not self.can_undo:
            return False
        history = self.history.undo()
        while history.can_undo and self.lineup.is_computer(self.rules.current_player(
                history.state)):
            history = history.undo()
        self.history = history
        return True

    def redo(self) -> bool:
        """Replay one turn, then the computer turns after it, up to a person's turn."""
        if not self.can_redo:
            return False
        history = self.history.redo()
        while history.can_redo and self.lineup.is_computer(self.rules.current_player(
                history.state)):
            history = history.redo()
        self.history = history
        return True

    def finish(self) -> None:
        self.finished = True
        self.clock.stop()

    def extras(self) -> dict:
        """What the save keeps of this game beyond its turns: the seats and the key."""
        return {**self.lineup.to_extras(), KEY_EXTRA: self.key}

    # The result ---------------------------------------------------------------------------

    def focus_result(self) -> tuple[int, bool]:
        """(score, won) of the player the statistics follow."""
        player = self.lineup.focus_player
        return self.scores()[player], player in self.winners()

    def ranking(self) -> list[tuple[int, int]]:
        """(place, player) from the highest score down; equal scores share a place."""
        scores = self.scores()
        order = sorted(range(len(scores)), key=lambda player: (-scores[player], player))
        return [(1 + sum(1 for other in scores if other > scores[player]), player)
                for player in order]

    def score_text(self, player: int) -> str:
        """The player's score in words: points in Murray's game, pieces in the plain one."""
        pieces = len(self.rules.captured_by(self.state, player))
        piece_word = "piece" if pieces == 1 else "pieces"
        if self.state.options.variant == "plain":
            return f"{pieces} {piece_word}"
        score = self.scores()[player]
        return f"{score} point{'' if score == 1 else 's'} ({pieces} {piece_word})"
