"""Lucas Leaps solver: wins it finds replay through the rules, it never calls a winnable
position lost (checked against a search of every rules move), budgets, hints, the probe for
pointless play and finishing."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from game.ai import hints
from game.ai.lucas_leaps import solver as solver_module
from game.ai.lucas_leaps.beam import beam_look
from game.ai.lucas_leaps.solver import (
    ADVISOR,
    COMPLETE_ONLY_STOCK,
    FULL_LOOK_STOCK,
    LucasSpace,
    auto_finish_line,
    is_safe,
    no_productive_moves,
    play,
    position_of,
    raise_card,
    settle,
    settle_after,
    solve,
    talon_of,
)
from game.ai.search import Budget
from game.ai.solitaire_space import LOOK_SHARE
from game.rules.cards import RANKS, SUITS
from game.rules.lucas_leaps import RULES, LucasLeapsState
from game.rules.moves import STOCK

from .solver_checks import check_budget_and_cancel_stop, exhaustive_winnable

ENOUGH = Budget(max_nodes=100_000)
FULL = [13] * 8


def table(piles: list[list[str]], heights: list[int], waste: list[str] = (),
          stock: list[str] = ()) -> LucasLeapsState:
    """A position: foundations 2s and 2s + 1 hold suit SUITS[s] from the Ace up to the given
    heights; the piles (the rest empty), waste and stock (first card turned last) hold exactly
    the cards the foundations lack."""
    foundations = [[RANKS[rank - 1] + SUITS[index // 2] for rank in range(1, height + 1)]
                   for index, height in enumerate(heights)]
    piles = [*piles, *[[] for _ in range(13 - len(piles))]]
    return RULES.from_dict({"game": "lucas_leaps", "seed": 0, "tableau": piles,
                            "foundations": foundations, "waste": list(waste),
                            "stock": [code.lower() for code in stock]})


def replays_to_win(state: LucasLeapsState, line: tuple) -> bool:
    for move in line:
        state = RULES.apply(state, move)
    return RULES.is_won(state)


def winnable_by_rules(state: LucasLeapsState, limit: int = 3_000) -> bool | None:
    """Every rules move from every position, positions told apart by the piles as a multiset,
    each suit's foundation heights, the waste and the stock; None past `limit` positions."""
    def key(position: LucasLeapsState) -> tuple:
        heights = defaultdict(list)
        for foundation in position.foundations:
            if foundation:
                heights[foundation[0].suit].append(len(foundation))
        return (tuple(sorted(position.tableau)),
                tuple(sorted((suit, tuple(sorted(h))) for suit, h in heights.items())),
                position.waste, position.stock)

    return exhaustive_winnable(RULES, state, limit, key)


def crowded_endgame(seed: int, staggered: bool = False) -> LucasLeapsState:
    """Every pile holding cards, most of them sorted with the lowest card at the bottom (so
    the cards wanted first are buried), and a few cards in the waste and the stock.
    `staggered`: the two foundations of each suit one card apart, so that the cards fitting
    the higher one, with one lower card still out, are sent up at once."""
    rng = random.Random(seed)
    heights = [rng.choice((8, 9, 10, 11, 12)) for _ in range(8)]
    if staggered:
        heights[1::2] = [height - 1 for height in heights[::2]]
    cards = [RANKS[rank - 1] + SUITS[index // 2] for index, height in enumerate(heights)
             for rank in range(height + 1, 14)]
    rng.shuffle(cards)
    waste = cards[:rng.randint(0, 3)]
    stock = cards[len(waste):len(waste) + rng.randint(0, 2)]
    cards = cards[len(waste) + len(stock):]
    piles = [[code] for code in cards[:13]]
    for code in cards[13:]:
        piles[rng.randrange(len(piles))].append(code)
    for pile in piles:
        if rng.random() < 0.7:
            pile.sort(key=lambda code: RANKS.index(code[0]))
    return table(piles, heights, waste, stock)


def blocked() -> LucasLeapsState:
    """Thirteen piles topped by Kings, or by Jacks whose Queens lie under Kings; the only
    move turns the last stock card, the 9 of hearts, which goes up, and nothing follows."""
    piles = []
    for suit in SUITS:
        piles += [["T" + suit, "Q" + suit, "K" + suit]] * 2
        piles += [["J" + suit], ["J" + suit]] if suit == "C" else [["J" + suit, "J" + suit]]
    return table(piles, [9, 9, 9, 8, 9, 9, 9, 9], stock=["9H"])


def test_finds_a_win_that_needs_an_empty_pile():
    # The King of spades covers its Queen: it must step aside first.
    state = table([["QS", "KS"], ["KH"]], [11, 13, 12, 13, 13, 13, 13, 13])
    result = solve(state, ENOUGH)
    assert result.status == "won" and replays_to_win(state, result.line)


def test_finds_a_win_through_the_stock_and_waste():
    state = table([["KD"]], [13, 13, 13, 12, 11, 13, 13, 13], waste=["QD"], stock=["KH"])
    result = solve(state, ENOUGH)
    assert result.status == "won" and replays_to_win(state, result.line)


def test_proves_a_blocked_table_lost():
    result = solve(blocked(), ENOUGH)
    assert result.status == "lost" and result.line is None
    assert result.nodes >= 1


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9))
def test_never_calls_a_winnable_endgame_lost(seed):
    state = crowded_endgame(seed)
    winnable = winnable_by_rules(state)
    assume(winnable is not None)
    result = solve(state, ENOUGH)
    assert result.status == ("won" if winnable else "lost")
    if result.status == "won":
        assert replays_to_win(state, result.line)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
# Won only through a move the quick search leaves out, in a quick space that never runs out.
@example(454230189)
def test_sending_up_a_card_whose_two_lower_cards_are_up_never_loses_a_win(seed):
    state = crowded_endgame(seed, staggered=True)
    winnable = winnable_by_rules(state)
    assume(winnable is not None)
    result = solve(state, ENOUGH)
    assert result.status == ("won" if winnable else "lost")


def test_a_card_whose_lower_card_may_need_it_is_not_sent_up_at_once():
    """Hearts stand at 9 and 7: the Ten of hearts fits, but one Eight is still out, under the
    other Nine, which has nowhere to go but onto that Ten. Every other pile is stuck until
    the Eight goes up, so sending the Ten up first loses a won game."""
    piles = [["KC", "TH"], ["8H", "9H"], ["TH", "KH"], ["JH", "QH", "JH", "QH", "KH"],
             ["QS", "KS"], ["QS", "KS"], ["QC", "QC", "KC"],
             *[["QD", "KD"]] * 2, *[["TD", "JD"]] * 2, *[["8D", "9D"]] * 2]
    state = table(piles, [11, 11, 9, 7, 7, 7, 11, 11])
    ten_up = RULES.apply(state, RULES.legal_moves(state)[0])
    assert ten_up.foundations[2][-1].code == "TH"
    assert winnable_by_rules(state) and winnable_by_rules(ten_up) is False
    result = solve(state, ENOUGH)
    assert result.status == "won" and replays_to_win(state, result.line)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_settling_after_a_move_looks_only_where_a_card_can_have_become_safe(seed, staggered):
    state = crowded_endgame(seed, staggered)
    talon = talon_of(state)
    position = settle(position_of(state), talon)
    space = LucasSpace(talon)
    for move in space.moves(position):
        after = play(position, move, talon)
        assert settle_after(after, move, talon) == settle(after, talon)


def test_the_quick_searches_give_way_to_the_complete_one_as_the_stock_runs_out(monkeypatch):
    calls = []

    def solve_space(rules, state, spaces, *args, look=None, look_share=None, **kwargs):
        calls.append(([space.complete for space in spaces], look, look_share))

    monkeypatch.setattr(solver_module, "solve_space", solve_space)
    solve(RULES.new_game(3), ENOUGH)
    five_left = table([], [13] * 7 + [8], stock=["9C", "TC", "JC", "QC", "KC"])
    solve(five_left, ENOUGH)
    solve(blocked(), ENOUGH)  # one card left in the stock
    solve(RULES.apply(blocked(), STOCK), ENOUGH)
    (deal, five, one, none) = calls
    assert deal == ([False, True], beam_look, LOOK_SHARE)
    assert five[:2] == ([False, True], beam_look)
    assert five[2] == pytest.approx(LOOK_SHARE * 5 / FULL_LOOK_STOCK)
    assert COMPLETE_ONLY_STOCK < 5 < FULL_LOOK_STOCK
    # A few cards left: the search that can prove a loss has the budget to itself.
    assert one == none == ([True], None, None)


def test_a_card_fitting_the_higher_foundation_goes_up_at_once_when_safe():
    # Hearts stand at 9 and 8: the Ten fits and both Eights are up, so it may go up at once.
    # Then the Jack fits, but it waits: the other Ten, still out, may need to lie on it.
    hearts = 16 * SUITS.index("H")
    found = bytes((13, 13, 9, 8, 13, 13, 13, 13))
    assert is_safe(found, hearts + 10) and is_safe(found, hearts + 9)
    assert not is_safe(found, hearts + 11)
    found = raise_card(found, hearts + 10)
    assert found[2:4] == bytes((10, 8)) and not is_safe(found, hearts + 11)


def test_winning_lines_of_real_deals_replay_to_a_win():
    for seed in (1, 8, 13):
        state = RULES.new_game(seed)
        result = solve(state, Budget(max_nodes=20_000))
        assert result.status == "won"
        assert replays_to_win(state, result.line)


def test_beams_through_the_stock_win_a_deal_the_depth_first_search_gets_lost_in():
    # Depth first in the most promising order, this deal was still open after 120,000
    # positions; the beams win it in far fewer.
    state = RULES.new_game(299)
    result = solve(state, Budget(max_nodes=60_000))
    assert result.status == "won" and replays_to_win(state, result.line)


def test_foundations_of_a_suit_keep_the_higher_first():
    found = bytes(8)
    for rank in (1, 1, 2, 3, 2):
        found = raise_card(found, 16 + rank)  # hearts
    assert found[2:4] == bytes((3, 2))
    state = table([], [13, 13, 5, 7, 13, 13, 13, 13],
                  stock=[RANKS[rank - 1] + "H" for rank in (*range(6, 14), *range(8, 14))])
    assert position_of(state).found[2:4] == bytes((7, 5))


def test_the_budget_and_cancelling_stop_the_search():
    state = RULES.new_game(9)
    check_budget_and_cancel_stop(solve, state)


def test_hints_are_legal_moves():
    for seed in (2, 9):
        state = RULES.new_game(seed)
        move = hints.hint(RULES, state, Budget(max_nodes=2_000))
        assert move in RULES.legal_moves(state)


def test_the_advisor_is_registered():
    assert hints.advisor_of("lucas_leaps") is ADVISOR


def test_something_productive_may_lie_several_moves_away():
    # Nothing goes up at once, but the King can step into an empty pile and free its Queen.
    state = table([["QS", "KS"]], [11] + FULL[1:])
    assert not any(move.target.kind == "foundation" for move in RULES.legal_moves(state))
    assert not no_productive_moves(state)


def test_nothing_productive_once_the_table_is_blocked_or_won():
    assert not no_productive_moves(blocked())  # the stock can still be turned
    turned = RULES.apply(blocked(), STOCK)
    assert not no_productive_moves(turned)  # the 9 of hearts can go up
    done = RULES.apply(turned, next(move for move in RULES.legal_moves(turned)
                                    if move != STOCK))
    assert RULES.is_over(done) and no_productive_moves(done)
    assert no_productive_moves(table([], FULL))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_nothing_productive_is_false_while_a_card_can_go_up(seed):
    state = crowded_endgame(seed)
    if any(move.target.kind == "foundation" for move in RULES.legal_moves(state)
           if hasattr(move, "target")):
        assert not no_productive_moves(state)


def test_auto_finish_plays_cards_up_and_turns_the_stock():
    state = table([["KD", "QD"], ["KD"]], [13, 13, 13, 13, 11, 12, 10, 13], waste=["QC"],
                  stock=["KC", "JC"])
    line = auto_finish_line(state)
    assert line is not None and replays_to_win(state, line)


def test_auto_finish_declines_when_the_end_is_not_mechanical():
    assert auto_finish_line(RULES.new_game(1)) is None
    assert auto_finish_line(blocked()) is None
    assert auto_finish_line(table([], FULL)) is None
