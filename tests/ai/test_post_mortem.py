"""The post-mortem of a lost solitaire: on small real positions of each game, played at random
to the end, the culprit it names is the one an exhaustive search of every rules move finds
(with worker processes too); and on made-up verdicts, how it bisects, reuses winning lines
and proven verdicts, tries unknowns again, never blames a move the table made by itself, and
reports what it could not settle."""

from __future__ import annotations

import random
import threading

import pytest

from game.ai import hints
from game.ai.post_mortem import (
    MAX_TRIES,
    PROBE_NODES,
    PROVEN,
    WORKER_NODES,
    CulpritSearch,
    PostMortem,
    Probe,
)
from game.ai.post_mortem_run import _Run, find_culprit
from game.ai.search import Budget, SolveResult
from game.rules import GAMES
from game.rules.cards import SUITS
from game.rules.moves import CardMove, PileRef, StockMove

from .solver_checks import SteppingClock
from .test_klondike_solver import TINY_OPTIONS, plain_verdict, tiny_position
from .test_leap_year_solver import random_endgame
from .test_leap_year_solver import winnable_by_rules as leap_year_winnable
from .test_leapfrog_solver import unsolved
from .test_leapfrog_solver import winnable_by_rules as leapfrog_winnable
from .test_lucas_leaps_solver import table as lucas_table
from .test_lucas_leaps_solver import winnable_by_rules as lucas_winnable

LIMIT = 3_000


@pytest.fixture(autouse=True)
def _nothing_proven_yet():
    """Each test starts with no verdict remembered from another's positions."""
    PROVEN.clear()
    yield
    PROVEN.clear()


def lucas_trap(seed: int):
    """Twelve piles topped by Kings, or by Jacks whose Queens lie under Kings, one empty pile
    and the Jack of clubs in the waste: a King into the empty pile starts the win, the Jack
    there loses it."""
    piles = []
    for suit in SUITS:
        piles += [["T" + suit, "Q" + suit, "K" + suit]] * 2
        piles += [["J" + suit]] if suit == "C" else [["J" + suit, "J" + suit]]
    return lucas_table(piles, [9, 9, 9, 8, 9, 9, 9, 9], waste=["JC"], stock=["9H"])


def klondike_tiny(seed: int):
    return tiny_position(random.Random(seed), TINY_OPTIONS[seed % 2])


def klondike_winnable(state) -> bool | None:
    verdict = plain_verdict(state, limit=20_000)  # None: too large for a plain search
    return None if verdict is None else verdict == "won"


GAME_CASES = {
    "klondike": (klondike_tiny, klondike_winnable),
    "leapfrog": (lambda seed: unsolved(seed, 12), leapfrog_winnable),
    "leap_year": (random_endgame, leap_year_winnable),
    "lucas_leaps": (lucas_trap, lucas_winnable),
}


def random_game(rules, start, seed: int) -> list:
    """The positions of a game played from `start` by random legal moves, never back to a
    position seen before, until no such move is left. No card comes off a foundation, and
    the stock is clicked half the time it can be: a hasty player, who loses now and then."""
    rng = random.Random(seed)
    states = [start]
    while len(states) < 80:
        moves = [move for move in rules.legal_moves(states[-1])
                 if getattr(getattr(move, "source", None), "kind", "") != "foundation"]
        stock = [move for move in moves if isinstance(move, StockMove)]
        if stock and rng.random() < 0.5:
            moves = stock
        fresh = [child for move in moves
                 if (child := rules.apply(states[-1], move)) not in states]
        if not fresh:
            break
        states.append(rng.choice(fresh))
    return states


def exhaustive_culprit(states: list, winnable) -> tuple[bool, int | None]:
    """(usable, culprit) by exhaustive searches: the game must end lost; the culprit is the
    last winnable position (None when the start is lost). Winnability only falls along a
    game, so a bisection of exhaustive verdicts finds it; unusable when one is too large."""
    end, start = winnable(states[-1]), winnable(states[0])
    if end is not False or start is None:
        return False, None
    if not start:
        return True, None
    low, high = 0, len(states) - 1  # winnable, lost
    while high - low > 1:
        middle = (low + high) // 2
        verdict = winnable(states[middle])
        if verdict is None:
            return False, None
        low, high = (middle, high) if verdict else (low, middle)
    return True, low


def lost_games_with_truth(game_id: str, wanted: int = 2):
    """Random games of `game_id` that end lost, each with the position of its culprit by an
    exhaustive search (None when the start itself is lost)."""
    rules = GAMES[game_id]
    make, winnable = GAME_CASES[game_id]
    found = []
    for seed in range(40):
        states = random_game(rules, make(seed), seed)
        usable, culprit = exhaustive_culprit(states, winnable)
        if not usable:
            continue
        found.append((states, culprit))
        if len(found) >= wanted and any(c is not None for _, c in found):
            break
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAME_CASES))
def test_names_the_move_an_exhaustive_search_blames(game_id):
    rules = GAMES[game_id]
    games = lost_games_with_truth(game_id)
    assert any(culprit is not None for _, culprit in games)
    for states, culprit in games:
        PROVEN.clear()
        # Nodes, not seconds, cap each position's solve: the same verdicts on a busy machine.
        found = find_culprit(rules, states, Budget(max_seconds=30, max_nodes=30_000))
        if culprit is None:
            assert found.status == "never"
            continue
        assert found.status == "culprit" and found.culprit == culprit
        assert (found.last_winnable, found.first_lost) == (culprit, culprit + 1)
        before = states[culprit]
        assert found.alternative in rules.legal_moves(before)
        assert rules.apply(before, found.alternative) != states[culprit + 1]
        assert GAME_CASES[game_id][1](rules.apply(before, found.alternative))


@pytest.mark.slow
def test_klondike_a_move_off_the_winning_line_that_loses_is_named():
    """Deal 1 (draw 1, no redeal) played along the solver's win for 50 moves, then a ten-card
    run moved where it buries the game (the solver proves the position after it lost), then a
    few more moves. The win found from the deal passes every position up to the culprit."""
    rules = GAMES["klondike"]
    deal = rules.new_game(1, draw=1, redeals=0)
    line = hints.can_win(rules, deal, Budget(max_nodes=100_000)).line
    states = [deal]
    for move in line[:50]:
        states.append(rules.apply(states[-1], move))
    blunder = CardMove(PileRef("tableau", 4), PileRef("tableau", 2), 10)
    assert blunder != line[50]
    states += random_game(rules, rules.apply(states[-1], blunder), 1)[:6]
    found = find_culprit(rules, states, Budget(max_seconds=30))
    assert (found.status, found.culprit) == ("culprit", 50)
    assert found.alternative == line[50] and found.probes <= 6


def test_klondike_a_deal_proven_lost_was_never_winnable():
    rules = GAMES["klondike"]
    deal = rules.new_game(1, draw=3, redeals=0)
    assert hints.can_win(rules, deal, Budget(max_nodes=100_000)).status == "lost"
    states = random_game(rules, deal, 1)
    assert find_culprit(rules, states, Budget(max_seconds=30)).status == "never"


# Made-up verdicts: positions are numbers, a move adds to them ------------------------------

class Counting:
    """Rules on integers: a move of n goes from position p to p + n; over at the end."""

    id = "counting"

    def __init__(self, end: int) -> None:
        self.end = end

    def apply(self, state: int, move: int) -> int:
        return state + move

    def is_over(self, state: int) -> bool:
        return state >= self.end

    def is_won(self, state: int) -> bool:
        return False


def won(*line: int) -> SolveResult:
    return SolveResult("won", line, 1, 0.0)


LOST = SolveResult("lost", None, 1, 0.0)
UNKNOWN = SolveResult("unknown", None, 1, 0.0)


def run(search: CulpritSearch, answer) -> list[int]:
    """Drive `search` with `answer(position)`; the positions probed, in order."""
    probed = []
    while (probe := search.next_probe()) is not None:
        probed.append(probe[0])
        search.record(probe[0], answer(probe[0]))
    return probed


def test_bisects_to_the_boundary_and_gives_the_decisive_probe_more_time():
    search = CulpritSearch(Counting(64), list(range(65)), probe_seconds=1, decisive_seconds=5)
    probed = run(search, lambda p: won(100) if p <= 40 else LOST)
    assert 64 not in probed and len(probed) <= 8  # the end is lost already: no probe
    assert search.outcome() == PostMortem("culprit", 40, 100, 40, 41, probes=len(probed))
    PROVEN.clear()
    search = CulpritSearch(Counting(64), list(range(65)), probe_seconds=1, decisive_seconds=5)
    search.record(10, won(100))
    search.record(12, LOST)
    assert search.next_probe() == Probe(11, 5)  # the probe that can name the culprit


def test_a_deal_known_winnable_is_never_searched_and_bounds_the_answer():
    """A pool's deal is won from the start: unsettled above it, the answer goes back to it
    (without a line), and the deal itself is never probed."""
    search = CulpritSearch(Counting(16), list(range(17)), probe_seconds=1, winnable_deal=True)
    probed = run(search, lambda p: LOST if p >= 12 else UNKNOWN)
    assert 0 not in probed
    outcome = search.outcome()
    assert (outcome.status, outcome.last_winnable, outcome.first_lost,
            outcome.alternative) == ("unknown", 0, 12, None)
    PROVEN.clear()
    search = CulpritSearch(Counting(16), list(range(17)), probe_seconds=1, winnable_deal=True)
    run(search, lambda p: LOST)
    assert search.outcome().status == "culprit" and search.outcome().culprit == 0


def test_a_second_probe_at_once_works_down_from_the_end():
    """With a probe under way, the next one tries the position just before the end, where a
    loss is cheapest to prove; the third bisects what the first left below it."""
    search = CulpritSearch(Counting(64), list(range(65)), probe_seconds=1)
    assert search.next_probe() == Probe(31, 1)
    assert search.next_probe(busy={31}) == Probe(63, 1)
    assert search.next_probe(busy={31, 63}) == Probe(15, 1)


def test_a_winning_line_settles_the_later_positions_it_passes_through():
    search = CulpritSearch(Counting(20), list(range(21)))
    search.record(20, LOST)
    search.record(0, won(3, 4, 5, 100))  # passes 3, 7 and 12
    assert search.verdicts[12] == "won" and search.first_moves[12] == 100
    assert search.next_probe().position == 16


def test_unknowns_next_to_the_ends_are_tried_again_with_twice_the_budget():
    """Each end bisects its way to the position next to it, then tries that one again with
    twice the budget each time, never the ones further in: they are no cheaper to settle."""
    search = CulpritSearch(Counting(30), list(range(31)), probe_seconds=1, decisive_seconds=4)
    asked = []
    while (probe := search.next_probe()) is not None:
        asked.append(probe)
        search.record(probe.position, won(100) if probe.position <= 8 else UNKNOWN)
    outcome = search.outcome()
    assert outcome.status == "unknown"
    assert (outcome.last_winnable, outcome.first_lost, outcome.alternative) == (8, 30, 100)
    assert search.tries[9] == search.tries[29] == MAX_TRIES  # then it gives up
    assert all(search.tries.get(k, 0) <= 1 for k in range(10, 29))
    assert len(asked) < 2 * MAX_TRIES + 12
    assert [probe.seconds for probe in asked if probe.position == 9] == [
        4 * 2 ** tries for tries in range(MAX_TRIES)]  # the decisive one, longer
    assert [probe.seconds for probe in asked if probe.position == 29][:3] == [1, 2, 4]


def test_working_down_from_the_loss_goes_twice_as_far_after_each_loss_it_proves():
    search = CulpritSearch(Counting(40), list(range(41)), probe_seconds=1)
    search.record(5, won(100))
    asked = []
    while (probe := search.next_probe(busy={6})) is not None:  # the win's end waits
        asked.append(probe.position)
        search.record(probe.position, LOST if probe.position >= 25 else UNKNOWN)
    # 39, then 2, 4, 8 and 16 stops further: 37 proves 36 lost too, 33 proves 32, and 25
    # is the first loss; 9 proves nothing, so 24 next, again and again (and only then,
    # with the win's end still waiting, spare positions).
    assert asked[:5] == [39, 37, 33, 25, 9]
    assert asked[5:5 + MAX_TRIES] == [24] * MAX_TRIES


def test_a_worker_both_ends_leave_idle_takes_a_spare_position():
    search = CulpritSearch(Counting(30), list(range(31)), probe_seconds=1)
    search.record(25, won(100))
    # The win's end waits for 26, the loss's for 29: 28, not searched yet, is the spare.
    assert search.next_probe(busy={26, 29}) == Probe(28, 1)
    search.record(28, UNKNOWN)
    search.record(27, UNKNOWN)
    assert search.next_probe(busy={26, 29}) == Probe(28, 2, 1)
    assert search.next_probe(busy={26, 27, 28, 29}) is None


def test_never_blames_a_move_the_table_made_by_itself():
    """Moves 4 and 5 were automatic, and the one at 4 lost the game (position 4 can be won,
    5 cannot): the player's move 3, which they followed, is named, with position 6 lost."""
    search = CulpritSearch(Counting(10), list(range(11)), automatic={4, 5})
    probed = run(search, lambda p: won(100) if p <= 4 else LOST)
    assert not {4, 5} & set(probed)
    outcome = search.outcome()
    assert (outcome.status, outcome.culprit, outcome.first_lost) == ("culprit", 3, 6)


def test_verdicts_proven_once_are_not_searched_again():
    rules = Counting(30)
    search = CulpritSearch(rules, list(range(31)))
    first = run(search, lambda p: won(100) if p <= 12 else LOST)
    again = CulpritSearch(rules, list(range(31)))
    assert first and run(again, lambda p: pytest.fail("searched again")) == []
    assert again.outcome().culprit == search.outcome().culprit == 12


def test_a_lost_deal_was_never_winnable_and_a_winnable_end_is_said_so():
    search = CulpritSearch(Counting(10), list(range(11)))
    assert 0 in run(search, lambda p: LOST)
    assert search.outcome().status == "never"
    PROVEN.clear()
    search = CulpritSearch(Counting(99), list(range(11)))  # abandoned before the end
    assert run(search, lambda p: won(7)) == [10]
    assert search.outcome() == PostMortem("still_winnable", alternative=7, last_winnable=10,
                                          probes=1)


def test_the_total_budget_and_the_cancel_flag_stop_the_search():
    rules = GAMES["leap_year"]
    states = [rules.new_game(seed) for seed in range(1, 4)]  # any positions will do
    cancel = threading.Event()
    cancel.set()
    assert find_culprit(rules, states, Budget(cancel=cancel)).probes == 0
    probed = []
    clock = SteppingClock(0.01)  # the whole search's 0.3 s is 30 looks at the clock
    found = find_culprit(rules, states, Budget(max_seconds=0.3, clock=clock),
                         on_probe=probed.append)
    assert found.status == "unknown" and probed
    assert clock.reads >= 30, "the budget's clock measured the search"
    assert 0.3 <= found.seconds <= 0.3 + 10 * 0.01, "on until the budget ran out, no longer"


def test_each_position_is_solved_within_the_node_cap_of_the_whole_search(monkeypatch):
    rules = GAMES["leap_year"]
    states = [rules.new_game(seed) for seed in range(1, 4)]  # any positions will do
    budgets = []

    def can_win(rules, state, budget):
        budgets.append(budget)
        return SolveResult("unknown", None, 0, 0.0)

    monkeypatch.setattr(hints, "can_win", can_win)
    find_culprit(rules, states, Budget(max_seconds=5.0, max_nodes=1_234))
    assert budgets and all(budget.max_nodes == 1_234 for budget in budgets)


def test_a_workers_probe_may_pass_the_tables_node_cap_at_once():
    # Its memory is the worker's own: the seconds bound it, and the worker's cap.
    search = CulpritSearch(GAMES["leap_year"], [GAMES["leap_year"].new_game(1)])
    table_run = _Run(search, Budget(max_nodes=PROBE_NODES), 20.0, lambda _: None)
    assert table_run._nodes(Probe(0, 1.5)) == WORKER_NODES
    assert table_run._nodes(Probe(0, 6.0, tries=2)) == WORKER_NODES
    # A budget capped below the table's keeps its cap, doubled for each try again.
    tight = _Run(search, Budget(max_nodes=1_000), 20.0, lambda _: None)
    assert tight._nodes(Probe(0, 1.5)) == 1_000
    assert tight._nodes(Probe(0, 6.0, tries=2)) == 4_000
