"""What the Klondike table asks besides a hint: the move it makes by itself, the cheapest
win found, whether anything worth doing is left, and whether the game can be finished
mechanically."""

from __future__ import annotations

from dataclasses import replace

from game.ai.klondike.finish import finishing_plays
from game.ai.klondike.moves import Play, apply_play, automatic_play, generate, settle
from game.ai.klondike.position import Deck, Position, deck_of, is_won, position_of
from game.ai.klondike.solver import rules_moves, solve, to_rules_line
from game.ai.search import Budget, SolitaireAdvisor, SolveResult, depth_first
from game.rules.klondike import RULES, Move
from game.rules.klondike_scoring import score_after_new_pass
from game.rules.klondike_state import KlondikeState

# Positions with nothing useful left only shuffle runs about, a small space; a larger one is
# taken as having something to do.
PROBE_BUDGET = Budget(max_nodes=20_000, max_seconds=0.25)


def automatic_move(state: KlondikeState) -> Move | None:
    """The move the table makes by itself in `state`, if any: a card to its suit stack that
    no win can need (`automatic_play`), the same move the solver makes at once."""
    play = automatic_play(position_of(state), deck_of(state))
    return None if play is None else rules_moves(state, play)[0]


def cheapest_win(state: KlondikeState, budget: Budget) -> SolveResult:
    """A win found within `budget` that costs as few points as it could find: after a win
    whose last pass is charged (standard scoring), a win with fewer passes is looked for
    with what is left of the budget, again and again; the best scoring one is kept."""
    best = result = solve(state, budget)
    nodes, seconds = result.nodes, result.seconds
    while result.status == "won":
        passes = _replay(state, result.line).passes
        if passes <= state.passes or not _charged(state, passes):
            break
        rest = _rest_of(budget, nodes, seconds)
        if rest is None:
            break
        result = solve(_with_passes(state, passes - 1), rest)
        nodes, seconds = nodes + result.nodes, seconds + result.seconds
        if result.status == "won" and \
                _replay(state, result.line).score > _replay(state, best.line).score:
            best = result
    return SolveResult(best.status, best.line, nodes, seconds, best.progress_line)


def _replay(state: KlondikeState, line: tuple[Move, ...]) -> KlondikeState:
    """The position `line` leads to from `state`."""
    for move in line:
        state = RULES.apply(state, move)
    return state


def _charged(state: KlondikeState, passes: int) -> bool:
    """Whether beginning pass `passes` costs points."""
    options = state.options
    return score_after_new_pass(options.scoring, 1_000, options.draw, passes) < 1_000


def _with_passes(state: KlondikeState, max_passes: int) -> KlondikeState:
    """`state` with at most `max_passes` passes allowed in all."""
    return replace(state, options=replace(state.options, redeals=max_passes - 1))


def _rest_of(budget: Budget, nodes: int, seconds: float) -> Budget | None:
    """What is left of `budget` after `nodes` and `seconds`; None when nothing is."""
    if budget.cancel is not None and budget.cancel.is_set():
        return None
    max_nodes = None if budget.max_nodes is None else budget.max_nodes - nodes
    max_seconds = None if budget.max_seconds is None else budget.max_seconds - seconds
    if (max_nodes is not None and max_nodes <= 0) or (max_seconds is not None
                                                       and max_seconds <= 0):
        return None
    return replace(budget, max_nodes=max_nodes, max_seconds=max_seconds)


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
    """With every building-stack card face up: the moves that finish the game sending cards
    to their suit stacks only, with the fewest new passes (klondike.finish). None when cards
    are face down, the game is won, or no such finish exists."""
    deck = deck_of(state)
    position = position_of(state)
    if is_won(position) or any(position.downs):
        return None
    plays = finishing_plays(settle(position, deck), deck)
    return None if plays is None else to_rules_line(state, plays)


ADVISOR = SolitaireAdvisor(solve, no_productive_moves, auto_finish_line, cheapest_win,
                           automatic_move)
