"""Leap Year solver: wins it finds replay through the rules, losses it claims are real (checked
against a search of every rules move on small endgames), budgets, hints and finishing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.ai import hints
from game.ai.leap_year import autoplay
from game.ai.leap_year import solver as leap_year_solver
from game.ai.leap_year.lookahead import stock_dead
from game.ai.leap_year.solver import (
    ADVISOR,
    LeapYearSpace,
    auto_finish_line,
    dead_rank,
    deal,
    eager_settle,
    is_dead,
    no_productive_moves,
    position_of,
    settle,
    solve,
    stock_of,
)
from game.ai.search import Budget, SearchOutcome
from game.ai.solitaire_space import rules_line
from game.rules.cards import RANKS, SUITS
from game.rules.leap_year import RULES, LeapYearState
from game.rules.moves import STOCK

from .solver_checks import check_budget_and_cancel_stop, exhaustive_winnable

ENOUGH = Budget(max_nodes=200_000)


def endgame(piles: list[list[str]], missing: dict[int, int], stock: list[str] = ()
            ) -> LeapYearState:
    """A late position: foundation i runs from its Ace up to the King less `missing[i]`
    cards, all in suit SUITS[i % 4]; the tableau and stock (first card dealt last) hold
    exactly the cards the foundations lack. Piles not given are empty."""
    foundations = [[RANKS[rank - 1] + SUITS[index % 4]
                    for rank in range(1, 14 - missing.get(index, 0))] for index in range(16)]
    piles = [*piles, *[[] for _ in range(8 - len(piles))]]
    data = {"game": "leap_year", "seed": 0, "tableau": piles, "foundations": foundations,
            "stock": [code.lower() for code in stock]}
    return RULES.from_dict(data)


def replays_to_win(state: LeapYearState, line: tuple) -> bool:
    for move in line:
        state = RULES.apply(state, move)
    return RULES.is_won(state)


def winnable_by_rules(state: LeapYearState, limit: int = 3_000) -> bool | None:
    """Every rules move from every position, positions told apart only by what the rules can
    see: the tableau ranks, the foundation tops as a multiset, and the stock. None when the
    endgame has more than `limit` positions."""
    def key(position: LeapYearState) -> tuple:
        return (tuple(tuple(card.rank for card in pile) for pile in position.tableau),
                tuple(sorted(pile[-1].rank for pile in position.foundations)),
                position.stock)

    return exhaustive_winnable(RULES, state, limit, key)


def random_endgame(seed: int) -> LeapYearState:
    """Up to four cards missing from each foundation, spread over three to eight piles, half
    of them sorted lowest first (which buries the cards wanted first), and one deal left in
    the stock about half the time."""
    rng = random.Random(seed)
    missing = {index: rng.choice((0, 1, 2, 3, 3, 4)) for index in range(16)}
    cards = [RANKS[rank - 1] + SUITS[index % 4] for index, count in missing.items()
             for rank in range(14 - count, 14)]
    rng.shuffle(cards)
    stock = cards[:8] if len(cards) >= 12 and rng.random() < 0.5 else []
    piles: list[list[str]] = [[] for _ in range(rng.randint(3, 8))]
    for code in cards[len(stock):]:
        piles[rng.randrange(len(piles))].append(code)
    for pile in piles:
        if rng.random() < 0.5:
            pile.sort(key=lambda code: RANKS.index(code[0]))
    return endgame(piles, missing, stock)


def test_finds_the_win_in_a_near_won_endgame():
    # Four foundations lack their Queen and King; every King lies on its Queen but one,
    # which must wait for another Queen.
    state = endgame([["QS", "KS"], ["KH", "QH"], ["QD"], ["KD", "KC", "QC"]],
                    {0: 2, 1: 2, 2: 2, 3: 2})
    result = solve(state, ENOUGH)
    assert result.status == "won"
    assert replays_to_win(state, result.line)


def test_proves_a_blocked_endgame_lost():
    # Both missing Queens lie under Kings, which need a Queen first.
    state = endgame([["QS", "KH"], ["QH", "KS"]], {0: 2, 1: 2})
    result = solve(state, ENOUGH)
    assert result.status == "lost"
    assert result.line is None


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_verdicts_on_small_endgames_match_an_exhaustive_search(seed):
    state = random_endgame(seed)
    winnable = winnable_by_rules(state)
    assume(winnable is not None)
    result = solve(state, ENOUGH)
    assert result.status == ("won" if winnable else "lost")
    if result.status == "won":
        assert replays_to_win(state, result.line)


def test_winning_lines_of_real_deals_replay_to_a_win():
    found = 0
    for seed in (8, 12):
        state = RULES.new_game(seed)
        result = solve(state, Budget(max_nodes=60_000, max_seconds=10))
        if result.status == "won":
            found += 1
            assert replays_to_win(state, result.line)
        else:
            assert result.status == "unknown"
    assert found >= 1


@pytest.mark.slow
def test_the_beams_win_a_deal_the_complete_search_alone_does_not(monkeypatch):
    state = RULES.new_game(17)
    budget = Budget(max_nodes=120_000)  # the beams win in about 58,000 nodes
    result = solve(state, budget)
    assert result.status == "won" and replays_to_win(state, result.line)
    monkeypatch.setattr(leap_year_solver, "beam_look", lambda space, root, meter:
                        SearchOutcome(False, False, (), None, ()))
    assert solve(state, budget).status == "unknown"


def test_safe_plays_keep_the_position_consistent():
    state = RULES.new_game(3)
    position = settle(position_of(state))
    played = Counter()
    for foundation in state.foundations:
        for card in foundation:
            played[card.rank] += 1
    tableau_cards = sum(map(len, position.tableau))
    assert sum(position.played) + tableau_cards == sum(played.values()) + sum(
        map(len, state.tableau))
    assert all(position.played[rank] <= position.played[rank - 1] for rank in range(2, 14))


def test_the_budget_and_cancelling_stop_the_search():
    state = RULES.new_game(1)
    check_budget_and_cancel_stop(solve, state)


def test_the_progress_line_of_an_unfinished_search_is_legal():
    state = RULES.new_game(1)
    result = solve(state, Budget(max_nodes=2_000))
    assert result.progress_line
    for move in result.progress_line:
        state = RULES.apply(state, move)


def test_a_look_that_spends_the_whole_budget_still_leaves_a_hint(monkeypatch):
    """At the start of a deal only the stock can move: that is the hint, even when the beams
    overrun their share and the search after them gets no time at all."""
    def overrun(space, root, meter):
        meter.nodes += 10_000  # past the whole budget, as a look that checks it seldom may
        return SearchOutcome(False, False, (), None, ())

    monkeypatch.setattr(leap_year_solver, "beam_look", overrun)
    state = RULES.new_game(201)
    result = solve(state, Budget(max_nodes=3_000))
    assert result.status == "unknown" and result.progress_line[:1] == (STOCK,)


def test_hints_are_legal_moves():
    for seed in (1, 2):
        state = RULES.new_game(seed)
        move = hints.hint(RULES, state, Budget(max_nodes=3_000))
        assert move in RULES.legal_moves(state)


def test_the_advisor_is_registered():
    assert hints.advisor_of("leap_year") is ADVISOR


def test_nothing_productive_only_when_no_move_is_left():
    assert not no_productive_moves(RULES.new_game(5))
    blocked = endgame([["QS", "KH"], ["QH", "KS"]], {0: 2, 1: 2})
    assert no_productive_moves(blocked)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_nothing_productive_is_false_while_a_card_can_go_up(seed):
    state = random_endgame(seed)
    if RULES.legal_moves(state):
        assert not no_productive_moves(state)


def test_auto_finish_plays_out_a_sorted_endgame():
    state = endgame([["KS", "QS"], ["KH", "QH"]], {0: 2, 1: 2})
    line = auto_finish_line(state)
    assert line is not None and replays_to_win(state, line)


def test_auto_finish_declines_while_the_stock_holds_cards_or_nothing_finishes():
    assert auto_finish_line(RULES.new_game(1)) is None
    blocked = endgame([["QS", "KH"], ["QH", "KS"]], {0: 2, 1: 2})
    assert auto_finish_line(blocked) is None


def test_the_solver_deals_the_cards_the_rules_deal():
    state = RULES.new_game(4)
    stock = stock_of(state)
    position = position_of(state)
    for _ in range(3):
        state = RULES.apply(state, STOCK)
        position = deal(position, stock)
        assert position.tableau == tuple(bytes(card.rank for card in pile)
                                         for pile in state.tableau)


def test_a_queen_over_both_jacks_left_is_dead_though_another_queen_lies_free():
    # Both Jacks lie under the Queen of spades, which can only go up after a Jack: lost,
    # though the Queen of hearts has nothing under it.
    state = endgame([["JS", "JH", "QS"], ["QH"], ["KS"], ["KH"]], {0: 3, 1: 3})
    position = position_of(state)
    assert is_dead(position)
    assert winnable_by_rules(state) is False


def test_a_seven_over_a_rising_run_is_dead_though_each_card_has_one_lower_card_under_it():
    # Fourteen of each of 5, 6 and 7 are up. The 7 of spades must go up before the 6 and 5
    # under it, so as the 15th 7 at best, needing the other 6 up first, and that one the
    # other 5: then the 6 of spades can never go up. No rank has two cards under one card.
    state = endgame([["5S", "6S", "7S"], ["5H"], ["6H"], ["7H"],
                     ["KS", "QS", "JS", "TS", "9S", "8S"], ["KH", "QH", "JH", "TH", "9H", "8H"]],
                    {0: 9, 1: 9})
    assert is_dead(position_of(state))
    assert winnable_by_rules(state) is False


@pytest.mark.parametrize("seed", [203, 210])
def test_no_position_along_a_winning_line_is_called_dead(seed, monkeypatch):
    # The line is found without the stock count, so that it may pass where the count errs.
    monkeypatch.setattr(leap_year_solver, "stock_dead", lambda *_: False)
    state = RULES.new_game(seed)
    result = solve(state, ENOUGH)
    assert result.status == "won"
    for move in result.line:
        position = position_of(state)
        assert not is_dead(position)
        assert not stock_dead(position.tableau, position.played, stock_of(state).deals)
        state = RULES.apply(state, move)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**9))
def test_a_dead_verdict_is_never_given_to_a_winnable_endgame(seed):
    """Along a random game from a random endgame, every position called dead is lost."""
    rng = random.Random(seed)
    state = random_endgame(seed)
    while not RULES.is_over(state):
        if is_dead(position_of(state)):
            assert winnable_by_rules(state, limit=20_000) is not True
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state)))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_the_ranks_a_move_changed_tell_dead_positions_as_a_full_look_does(seed, eager):
    """Along random lines of either space from a real deal, a position's fresh ranks find
    it dead exactly when looking at every rank does, while its parent was alive; and the
    steps recorded replay through the rules."""
    rng = random.Random(seed)
    state = RULES.new_game(seed % 500)
    space = LeapYearSpace(stock_of(state), eager=eager)
    steps: list = []
    position = settle(position_of(state), steps)
    assert not is_dead(position)
    while True:
        moves = space.moves(position)
        if not moves:
            break
        position = space.play(position, rng.choice(moves), steps)
        fresh_dead = any(dead_rank(position.tableau, position.played, rank)
                         for rank in position.fresh)
        assert fresh_dead == is_dead(position)
        if fresh_dead:
            break
    line, end = rules_line(RULES, state, steps, leap_year_solver.to_rules_move)
    assert position.tableau == tuple(bytes(card.rank for card in pile) for pile in end.tableau)


def test_the_quick_space_plays_a_card_at_once_while_its_rank_has_two_foundations():
    # Two foundations show a Jack, two a ten whose Jacks lie under Kings: no play is safe.
    # The quick space sends the first Queen up at once; then one foundation takes a Queen,
    # and which Queen goes there (or a King on the first) is a choice again.
    state = endgame([["QS"], ["QH"], ["KS"], ["KH"], ["JD", "KD"], ["JC", "KC"], ["QD"],
                     ["QC"]], {0: 2, 1: 2, 2: 3, 3: 3})
    position = position_of(state)
    assert settle(position) == position
    space = LeapYearSpace(stock_of(state), eager=True)
    steps: list = []
    quick = eager_settle(position, steps)
    assert steps == [(leap_year_solver.PLAY, 0)]
    assert quick.tableau[0] == b"" and quick.tableau[1] == position.tableau[1]
    assert len(space.moves(quick)) == 7


# Auto-play --------------------------------------------------------------------------------

def test_auto_play_wins_a_pool_deal_start_to_finish():
    end = autoplay.play_out(RULES.new_game(4))  # proven winnable, its line found in a second
    assert RULES.is_won(end)


def test_auto_play_makes_safe_plays_before_any_plan():
    state = RULES.new_game(2)
    move = autoplay.AutoPilot().move(state)
    assert move is not None and state.tableau[move.source.index][-1].rank == 2


def test_a_heuristic_plan_never_overrides_a_winning_line():
    state = endgame([["QS", "KS"], ["KH", "QH"], ["QD"], ["KD", "KC", "QC"]],
                    {0: 2, 1: 2, 2: 2, 3: 2})
    line = solve(state, ENOUGH).line
    pilot = autoplay.AutoPilot()
    pilot.adopt(state, autoplay.Plan(line, True))
    after_one = RULES.apply(state, line[0])
    other = next(move for move in RULES.legal_moves(after_one) if move != line[1])
    pilot.adopt(after_one, autoplay.Plan((other,), False))
    assert pilot.move(after_one) == line[1]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_the_heuristic_plays_legal_moves_up_to_the_next_deal(seed):
    state = RULES.new_game(seed % 1000)
    for _ in range(seed % 5):
        state = RULES.apply(state, STOCK)
    line = autoplay.heuristic_line(state, nodes=2_000)
    assert line and line[-1] == STOCK and STOCK not in line[:-1]
    for move in line:
        state = RULES.apply(state, move)


def test_the_heuristic_holds_a_card_back_when_playing_it_would_lose():
    # One foundation shows a Jack, one a ten. The Queen of spades, first in reading order,
    # fits, but played first it leaves the other Queen over the only Jack left: lost.
    state = endgame([["QS"], ["JH", "QH"], ["KS", "KH"]], {0: 2, 1: 3})
    first_card_first = RULES.apply(state, RULES.legal_moves(state)[0])
    assert solve(first_card_first, ENOUGH).status == "lost"
    line = autoplay.heuristic_line(state)
    assert replays_to_win(state, line)


def test_auto_play_plays_on_for_the_score_once_the_deal_is_lost():
    # Both Queens of the first pile lie over both Jacks left: lost, yet a Queen can go up.
    state = endgame([["JS", "JH", "QS", "QD"], ["QH"], ["KS"], ["KH"], ["KD"]],
                    {0: 3, 1: 3, 2: 2})
    assert is_dead(position_of(state)) and RULES.legal_moves(state)
    end = autoplay.play_out(state, lambda at: autoplay.Plan(autoplay.heuristic_line(at), False))
    assert RULES.score(end) > RULES.score(state) and RULES.is_over(end)


def test_a_late_lost_position_is_proven_lost_before_the_beams_spend_the_budget():
    # A careless game three deals before the end of the stock: the complete search proves
    # it lost in a few dozen positions, where the beams, going first, spent nine in ten.
    from game.bench.postmortem import careless_game
    state = careless_game("leap_year", 5005)[84]
    assert len(state.stock) == 24
    result = solve(state, Budget(max_nodes=20_000))
    assert result.status == "lost"
    assert result.nodes < 1_000
