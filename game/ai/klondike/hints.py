"""What the Klondike table asks besides a hint: is anything worth doing left, and can the
game be finished mechanically."""

from __future__ import annotations

from game.ai.klondike.moves import Play, apply_play, finishing_plays, generate, settle
from game.ai.klondike.position import Deck, Position, deck_of, is_won, position_of
from game.ai.klondike.solver import solve, to_rules_line
from game.ai.search import Budget, SolitaireAdvisor, depth_first
from game.rules.klondike import Move
from game.rules.klondike_state import KlondikeState

# Positions with nothing useful left only shuffle runs about, a small space; a larger one is
# taken as having something to do.
PROBE_BUDGET = Budget(max_nodes=20_000, max_seconds=0.25)


class _ProgressProbe:
    """Every position the rules reach from a start, looking for any gain over it: a card
    up, a card turned over, or a talon card played."""

    def __init__(self, deck: Deck, start: Position) -> None:
        self.deck = deck
        self.up = sum(start.found)
        self.face_down = sum(map(len, start.downs))
        self.talon = len(start.talon)

    def moves(self, position: Position) -> list[Play]:
        # The complete move set: what it leaves out never leads anywhere new.
        return generate(position, self.deck, thorough=True)

    def play(self, position: Position, play: Play) -> Position:
        return apply_play(position, play)

    def key(self, position: Position) -> Position:
        return position

    def is_goal(self, position: Position) -> bool:
        return (sum(position.found) > self.up or sum(map(len, position.downs)) < self.face_down
                or len(position.talon) < self.talon)

    def progress(self, position: Position) -> int:
        return 0


def no_productive_moves(state: KlondikeState, budget: Budget = PROBE_BUDGET) -> bool:
    """True only when no sequence of moves can put a card up, turn one over or take one from
    the talon: whatever is left only cycles the stock or shuffles runs. False whenever the
    question is not settled within `budget`."""
    start = position_of(state)
    if is_won(start):
        return True
    outcome = depth_first(_ProgressProbe(deck_of(state), start), start, budget.start())
    return outcome.exhausted


def auto_finish_line(state: KlondikeState) -> tuple[Move, ...] | None:
    """With every building-stack card face up: the moves that finish the game by sending the
    lowest card left to its suit stack again and again (turning the stock when the card is
    there). None when cards are face down, the game is won, or that does not finish it."""
    deck = deck_of(state)
    position = position_of(state)
    if is_won(position) or any(position.downs):
        return None
    plays = finishing_plays(settle(position, deck), deck)
    return None if plays is None else to_rules_line(state, plays)


ADVISOR = SolitaireAdvisor(solve, no_productive_moves, auto_finish_line)
