"""Klondike solver: is this position won, lost, or not known within the budget?

The search runs on the solver's own positions (klondike.position) and moves
(klondike.moves), then turns the winning line back into rules moves by playing it through
`RULES.apply`, so every move of an answer is one the rules accept.

Two searches share the budget: a quick one that skips moves that rarely help, then, only if
that one ran out of positions, a complete one (klondike.complete) whose exhaustion proves the
position lost. A share of the budget for the complete search before the quick one is done
proves a few more deals lost, but costs wins found late: the winning searches keep the time.
Before either, a deal whose cards cannot all ever move (klondike.deadlock) is lost at once.

In a post-mortem's worker (game.ai.lost_memory), an exhausted complete search leaves every
position it met without a duty as proven lost: the search from each of them went through all
it could reach in the complete space (the whole space reachable from the root was searched,
with no win), and from a position without a duty the complete space holds a win whenever
there is one. Later searches, of the same game's earlier positions, skip those positions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from game.ai.klondike.complete import NO_DUTY, CompleteSpace
from game.ai.klondike.deadlock import deadlocked
from game.ai.klondike.finish import finishing_plays
from game.ai.klondike.moves import (
    FOUNDATION_TO_TABLEAU,
    TABLEAU_TO_FOUNDATION,
    TABLEAU_TO_TABLEAU,
    TALON_TO_FOUNDATION,
    Play,
    apply_play,
    generate,
    search_settle,
    settle,
    written_out,
)
from game.ai.klondike.position import (
    RANK_OF,
    RANKS,
    SUIT_OF,
    Deck,
    Position,
    card_of,
    deck_of,
    position_of,
    sure_win,
)
from game.ai.lost_memory import LostMemory
from game.ai.search import (
    Budget,
    Meter,
    SearchOutcome,
    SearchSpace,
    SolveResult,
    best_first,
    depth_first,
)
from game.rules.cards import SUITS
from game.rules.klondike import FOUNDATIONS, RULES, TABLEAU, WASTE, Move
from game.rules.klondike_state import KlondikeState
from game.rules.moves import STOCK, CardMove

# The first, depth-first dive: a tenth of a timed budget (a hint's half second gives it about
# 1500 positions, in which most deals are won; a longer search gives it more, which some
# deals need to be won at all), or this many positions when the budget is counted in them.
FIRST_DIVE_NODES = 1500
DIVE_SHARE = 0.1
# The best-first searches after it, each with its share of the budget left, the progress it
# gives up per move made (see `best_first`) and the moves a click of the stock counts for
# when it turns one card (a click turning several counts that much less: the talon comes
# round in fewer clicks, and more of its cards are reached only by going round).
# Each wins deals the other wanders away from: pricing clicks keeps a search playing the
# talon in its order instead of trying every order of the same cards, which is what a
# search that counts moves alone can spend its whole budget on.
PHASES = ((0.5, 0.8, 0.0), (1.0, 1.0, 1.5))
LOST = LostMemory()  # bare keys of positions proven lost, in a post-mortem's worker


class Seen:
    """A search's keys met so far, over the bare keys of positions proven lost before: a
    key with a duty (the complete search's) counts as seen when its bare position is lost,
    which no duty can change."""

    __slots__ = ("lost", "own")

    def __init__(self, lost: set) -> None:
        self.lost = lost
        self.own: set = set()

    def __contains__(self, key: object) -> bool:
        return key in self.own or (key if isinstance(key, bytes) else key[0]) in self.lost

    def add(self, key: object) -> None:
        self.own.add(key)


def _seen(lost: set | None) -> Seen | None:
    """What a search starts from: a plain set of its own when nothing is remembered."""
    return None if lost is None else Seen(lost)


class KlondikeSpace:
    """The searches' view of Klondike for one deal's options (see `SearchSpace`)."""

    def __init__(self, deck: Deck, thorough: bool) -> None:
        self.deck = deck
        self.thorough = thorough
        self.unlimited = deck.max_passes is None

    def moves(self, position: Position) -> list[Play]:
        return generate(position, self.deck, self.thorough)

    def play(self, position: Position, play: Play) -> Position:
        return search_settle(apply_play(position, play), self.deck)

    def key(self, position: Position) -> bytes:
        """Building stacks sorted (their order never matters to a win); with unlimited
        passes, the waste positions that clicking cycles through are one position."""
        talon, pos = position.talon, position.pos
        passes = 0
        if self.unlimited:
            if pos % self.deck.draw == 0 or pos == len(talon):
                pos = 0
        else:
            passes = position.passes
        stacks = sorted(map(b"\x7e".join, zip(position.downs, position.ups, strict=True)))
        return bytes((*position.found, pos, passes)) + talon + b"\x7f" + b"\x7f".join(stacks)

    def is_goal(self, position: Position) -> bool:
        return sure_win(position, self.deck)

    def progress(self, position: Position) -> int:
        """Minus a rough count of the moves still needed: one per card not yet up, two per
        face-down card (each waits for the cards on it to move), and one per card lying
        above a lower card of its own suit (it must move before that card can go up)."""
        face_down = sum(map(len, position.downs))
        blockers = sum(map(pile_blockers, position.downs, position.ups))
        return sum(position.found) - 52 - 2 * face_down - blockers


def _priced(click_cost: float) -> Callable[[Play], float]:
    """A play's cost: one move, and `click_cost` for each click of the stock before it."""
    def cost(play: Play) -> float:
        return 1 + click_cost * play.clicks
    return cost


@lru_cache(maxsize=65536)
def pile_blockers(down: bytes, up: bytes) -> int:
    """How many cards of a building stack lie above a lower card of their own suit."""
    lowest = [RANKS] * 4
    count = 0
    for card in down + up:
        suit, rank = SUIT_OF[card], RANK_OF[card]
        if rank > lowest[suit]:
            count += 1
        else:
            lowest[suit] = rank
    return count


def solve(state: KlondikeState, budget: Budget) -> SolveResult:
    """Search for a win from `state` within `budget`.

    First a short depth-first search in the quick space, which wins most deals in a few
    dozen positions; then best-first searches of the same space (see `_wide_space`) for the
    harder ones; and only if the quick space runs out, the complete search that can prove a
    loss. A deal with cards that can never move (klondike.deadlock) is lost without a
    search.
    """
    meter = budget.start()
    deck = deck_of(state)
    root_plays: list[Play] = []
    root = search_settle(position_of(state), deck, root_plays)
    quick = KlondikeSpace(deck, thorough=False)
    lost = LOST.for_search(deck)
    if deadlocked(root) or (lost is not None and quick.key(root) in lost):
        return _result(state, "lost", None, meter, [])
    _, seconds = meter.remaining()
    if seconds is None:
        meter.limit(nodes=FIRST_DIVE_NODES)
    else:
        meter.limit(seconds=DIVE_SHARE * seconds)
    outcome = depth_first(quick, root, meter, _seen(lost))
    hint_path = [*root_plays, *written_out(root, list(outcome.best_path), deck)]
    wide, start = _wide_space(quick, root)
    for share, weight, click_cost in PHASES:
        if outcome.found or outcome.exhausted or meter.out:
            break
        meter.limit_share(share)
        outcome = best_first(wide, start, meter, weight,
                             _priced(click_cost / deck.draw) if click_cost else None,
                             _seen(lost))
    meter.limit()
    if outcome.exhausted:
        outcome = complete_search(deck, root, meter, lost)
    elif outcome.found and not isinstance(outcome.goal, Position):
        outcome = replace(outcome, goal=outcome.goal[0])  # a position with its duty
    if outcome.found:
        plays = [*root_plays, *written_out(root, list(outcome.path), deck),
                 *finishing_plays(outcome.goal, deck)]
        return _result(state, "won", plays, meter, hint_path)
    status = "lost" if outcome.exhausted else "unknown"
    return _result(state, status, None, meter, hint_path)


def _wide_space(quick: KlondikeSpace, root: Position) -> tuple[SearchSpace, object]:
    """The space of the best-first searches, and its start: the quick space, with the
    complete search's duties (klondike.complete) when drawing one with unlimited passes.
    They then leave out the many orders of laying the same talon cards, so the quick space
    runs out sooner on a lost deal, leaving the proof its time, and a hard win is reached in
    fewer positions. The first dive goes without them: in its order of moves, they cost it
    deals it wins at once without (a talon card laid ahead of its use leads it well).
    Drawing more, they bear only on splits, which the quick space rarely makes, and cost
    more than they save."""
    deck = quick.deck
    if deck.draw == 1 and deck.max_passes is None:
        return CompleteSpace(quick), (root, NO_DUTY)
    return quick, root


def complete_search(deck: Deck, root: Position, meter: Meter,
                    lost: set | None = None) -> SearchOutcome:
    """The search whose exhaustion proves `root` lost (klondike.complete); its goal is a bare
    position. With `lost`, it skips the positions whose bare keys it holds, and adds to it,
    once exhausted, those of the positions it met without a duty (see the module's
    docstring)."""
    space = CompleteSpace(KlondikeSpace(deck, thorough=True))
    outcome = depth_first(space, (root, NO_DUTY), meter, _seen(lost))
    if outcome.exhausted and lost is not None:
        lost.update(space.free)
    return replace(outcome, goal=outcome.goal and outcome.goal[0])


def _result(state: KlondikeState, status: str, plays: list[Play] | None, meter: Meter,
            best_path: list[Play]) -> SolveResult:
    line = None if plays is None else to_rules_line(state, plays)
    progress = to_rules_line(state, best_path) if plays is None else line
    return SolveResult(status, line, meter.nodes, meter.seconds, progress)


# --- back to rules moves ------------------------------------------------------------------------


def to_rules_line(state: KlondikeState, plays: list[Play]) -> tuple[Move, ...]:
    """The rules moves for `plays` from `state`, with the automatic moves (before the first
    play and after each) included; `RULES.apply` checks every move."""
    deck = deck_of(state)
    record: list[Play] = []
    position = settle(position_of(state), deck, record)
    line: list[Move] = []
    for play in [None, *plays]:
        if play is not None:
            record = [play]
            position = settle(apply_play(position, play), deck, record)
        for step in record:
            for move in rules_moves(state, step):
                state = RULES.apply(state, move)
                line.append(move)
    return tuple(line)


def rules_moves(state: KlondikeState, play: Play) -> list[Move]:
    kind = play.kind
    if kind == TABLEAU_TO_TABLEAU:
        return [CardMove(TABLEAU[play.source], TABLEAU[play.target], play.count)]
    if kind == TABLEAU_TO_FOUNDATION:
        card = state.tableau[play.source][-1]
        return [CardMove(TABLEAU[play.source], _foundation_for(state, card.suit))]
    if kind == FOUNDATION_TO_TABLEAU:
        return [CardMove(_foundation_for(state, SUITS[play.source]), TABLEAU[play.target])]
    moves: list[Move] = []
    for _ in range(play.clicks):
        moves.append(STOCK)
        state = RULES.apply(state, STOCK)
    expected = card_of(position_of(state).talon[play.source - 1], state.options.start_rank)
    if state.waste[-1:] != (expected,):
        raise ValueError(f"klondike solver: expected {expected} on the waste")
    target = _foundation_for(state, expected.suit) if kind == TALON_TO_FOUNDATION \
        else TABLEAU[play.target]
    return [*moves, CardMove(WASTE, target)]


def _foundation_for(state: KlondikeState, suit: str):
    """The suit stack holding `suit`, else the leftmost empty one."""
    for ref, pile in zip(FOUNDATIONS, state.foundations, strict=True):
        if pile and pile[0].suit == suit:
            return ref
    return next(ref for ref, pile in zip(FOUNDATIONS, state.foundations, strict=True)
                if not pile)
