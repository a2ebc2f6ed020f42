"""The complete Klondike search with duties: a split must be followed by a use of the card
it bared, and the search so pruned still finds a win wherever a plain search of the rules
does (a wrong "lost" would tell the player a winnable game was over)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import lost_memory
from game.ai.klondike.complete import NO_DUTY, CompleteSpace, duty_moves, uses
from game.ai.klondike.moves import TABLEAU_TO_TABLEAU, TALON_TO_TABLEAU, Play, generate, settle
from game.ai.klondike.position import Deck, Position, deck_of, position_of
from game.ai.klondike.solver import LOST, KlondikeSpace, solve
from game.ai.search import Budget, depth_first
from game.rules.klondike import RULES
from tests.ai.test_klondike_solver import plain_verdict, rules_can_win

RANKS = "A23456789TJQK"


def complete_search(state, nodes: int = 200_000):
    deck = deck_of(state)
    root = settle(position_of(state), deck)
    return depth_first(CompleteSpace(KlondikeSpace(deck, thorough=True)), (root, NO_DUTY),
                       Budget(max_nodes=nodes).start())


def reduced_deal(rng: random.Random, draw: int, redeals: int | None, in_play: int):
    """A real deal with all but `in_play` cards on the suit stacks (the lowest of random
    suits), often with most of the talon buried face down under the building stacks (low
    cards deepest), then a few random moves: small enough for a plain search of the rules,
    and often winnable only by a narrow line."""
    start = rng.choice([1, 1, 7, 13])
    data = RULES.to_dict(RULES.new_game(rng.randrange(10**6), draw=draw, redeals=redeals,
                                        start_rank=start, scoring="none"))
    heights = dict.fromkeys("SHDC", 0)
    for _ in range(52 - in_play):
        heights[rng.choice([suit for suit in heights if heights[suit] < 13])] += 1

    def rank(code):
        return (RANKS.index(code[0].upper()) - (start - 1)) % 13

    def kept(pile):
        return [code for code in pile if rank(code) >= heights[code[1].upper()]]

    tableau = [kept(pile) for pile in data["tableau"]]
    talon = kept(data["stock"]) + [code.lower() for code in kept(data["waste"])]
    data["waste"] = []
    if rng.random() < 0.6:
        rng.shuffle(talon)
        left = rng.randint(0, min(6, len(talon)))
        buried, talon = talon[left:], talon[:left]
        buried.sort(key=rank, reverse=rng.random() < 0.7)
        for code in buried:
            pile = rng.randrange(7)
            if sum(map(str.islower, tableau[pile])) + bool(tableau[pile]) > pile:
                talon.append(code)
            else:
                tableau[pile].insert(0, code.lower())
    data["tableau"] = [[*pile[:-1], pile[-1].upper()] if pile else [] for pile in tableau]
    data["stock"] = [code.lower() for code in talon]
    data["foundations"] = [[RANKS[(start - 1 + r) % 13] + suit for r in range(height)]
                           for suit, height in heights.items()]
    state = RULES.from_dict(data)
    for _ in range(rng.choice([0, 0, 3, 10, 30])):
        moves = RULES.legal_moves(state)
        if not moves:
            break
        state = RULES.apply(state, rng.choice(moves))
    return state


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), draw=st.sampled_from([1, 3]),
       redeals=st.sampled_from([None, None, 0, 1]), in_play=st.integers(10, 16))
def test_the_complete_search_finds_a_win_wherever_the_rules_do(seed, draw, redeals, in_play):
    state = reduced_deal(random.Random(seed), draw, redeals, in_play)
    outcome = complete_search(state)
    try:
        winnable = rules_can_win(state, limit=20_000)
    except AssertionError:
        return  # too many positions for the plain search
    assert outcome.found == winnable and outcome.exhausted != winnable, RULES.to_dict(state)


# Cards as the solver numbers them (suit S, H, D, C times 13, plus rank from Ace = 0).
TEN_S, NINE_H, FOUR_H, FOUR_D, TEN_C, NINE_D, EIGHT_C = 9, 21, 16, 29, 48, 34, 46
FOUND = (5, 3, 3, 5)  # no card in play is safe to go up: each needs a red 5 up first


def split_position(nine_of_diamonds_free: bool) -> Position:
    """The 9 of hearts on the 10 of spades, the 10 of clubs beside them; the 9 of
    diamonds in the stock or face down."""
    talon = bytes((NINE_D, EIGHT_C)) if nine_of_diamonds_free else bytes((EIGHT_C,))
    second = bytes((FOUR_D,)) if nine_of_diamonds_free else bytes((FOUR_D, NINE_D))
    return Position((bytes((FOUR_H,)), second, *[b""] * 5),
                    (bytes((TEN_S, NINE_H)), bytes((TEN_C,)), *[b""] * 5),
                    FOUND, talon, 0, 1)


def test_a_split_is_followed_by_a_use_of_the_card_it_bared():
    """Moving the 9 of hearts onto the 10 of clubs bares the 10 of spades, and only a move
    that puts a red 9 on it may follow (the 9 of diamonds from the stock), not the 8 of
    clubs onto the 9 of hearts."""
    space = CompleteSpace(KlondikeSpace(Deck(1, None), thorough=True))
    root = (split_position(nine_of_diamonds_free=True), NO_DUTY)
    split = Play(TABLEAU_TO_TABLEAU, 0, 1, 1)
    assert split in space.moves(root)
    position, duty = space.play(root, split)
    assert duty == 0
    following = space.moves((position, duty))
    assert following and all(uses(play, 0) for play in following)
    assert not all(uses(play, 0) for play in space.space.moves(position))


def test_a_split_baring_a_card_nothing_can_use_is_not_tried():
    """With the 9 of diamonds face down, the bared 10 of spades could take only the 9 of
    hearts back: the split would lead nowhere."""
    space = CompleteSpace(KlondikeSpace(Deck(1, None), thorough=True))
    root = (split_position(nine_of_diamonds_free=False), NO_DUTY)
    assert Play(TABLEAU_TO_TABLEAU, 0, 1, 1) not in space.moves(root)
    assert Play(TABLEAU_TO_TABLEAU, 0, 1, 1) in space.space.moves(root[0])


def test_a_lost_deal_is_still_searched_to_the_end():
    """Deal 203 drawing one is lost; the complete search with duties still runs out."""
    outcome = complete_search(RULES.new_game(203, draw=1), nodes=400_000)
    assert outcome.exhausted and not outcome.found


@pytest.mark.parametrize(("draw", "redeals", "duty"), [(1, None, True), (1, 0, False),
                                                       (3, None, False)])
def test_a_stock_card_laid_down_must_be_used_when_the_whole_stock_is_always_in_reach(
        draw, redeals, duty):
    """Drawing one without a pass limit, the 9 of diamonds can go onto the 10 of spades at
    any time, so doing it early helps only if a card goes on it next; otherwise the talon's
    order may make it the only moment."""
    space = CompleteSpace(KlondikeSpace(Deck(draw, redeals), thorough=True))
    position = split_position(nine_of_diamonds_free=True)
    position = position._replace(ups=(bytes((TEN_S,)), bytes((TEN_C, NINE_H)),
                                      *position.ups[2:]))
    play = next(play for play in space.space.moves(position) if play.kind == TALON_TO_TABLEAU)
    _, left = space.play((position, NO_DUTY), play)
    assert (left != NO_DUTY) == duty


@pytest.mark.parametrize(("seed", "draw"), [(252, 1), (203, 3), (229, 1)])
def test_the_moves_under_a_duty_are_the_complete_moves_that_meet_it(seed, draw):
    state = RULES.new_game(seed, draw=draw)
    deck = deck_of(state)
    space = CompleteSpace(KlondikeSpace(deck, thorough=True))
    checked = 0

    def moves(state_and_duty):
        nonlocal checked
        position = state_and_duty[0]
        for pile, up in enumerate(position.ups):
            if up:
                expected = {play for play in generate(position, deck, True) if uses(play, pile)}
                assert set(duty_moves(position, deck, pile)) == expected
                checked += 1
        return CompleteSpace.moves(space, state_and_duty)

    space.moves = moves
    depth_first(space, (settle(position_of(state), deck), NO_DUTY),
                Budget(max_nodes=1500).start())
    assert checked > 1000


@pytest.fixture
def remembering():
    """Solves remember what they prove lost, as in a post-mortem's worker."""
    lost_memory.enable()
    LOST.clear()
    yield
    lost_memory.disable()
    LOST.clear()


def random_walk(state, rng: random.Random, moves: int) -> list:
    """The positions of `moves` random rules moves from `state` (fewer if none is left)."""
    states = [state]
    while len(states) <= moves and (legal := RULES.legal_moves(states[-1])):
        states.append(RULES.apply(states[-1], rng.choice(legal)))
    return states


@pytest.mark.slow
def test_earlier_positions_solved_over_later_proofs_agree_with_the_rules(remembering):
    """Games' positions solved from their end back, each search skipping the positions the
    later ones proved lost: every verdict is the plain search's."""
    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        deal = reduced_deal(rng, rng.choice([1, 3]), rng.choice([None, 0, 1]),
                            rng.randint(14, 22))
        LOST.clear()
        for state in reversed(random_walk(deal, rng, 30)):
            remembered = bool(LOST.keys)
            result = solve(state, Budget(max_nodes=100_000))
            if not remembered:
                continue
            expected = plain_verdict(state, limit=20_000)
            if expected is None:
                continue  # too many positions for the plain search
            assert result.status == expected, RULES.to_dict(state)
            checked += 1
        if checked >= 60:
            break
    assert checked >= 60


def test_a_position_proven_lost_once_is_lost_at_once_after(remembering):
    rng = random.Random("lost twice")
    for _ in range(500):
        state = reduced_deal(rng, 3, None, 14)
        first = solve(state, Budget(max_nodes=100_000))
        if first.status == "lost" and LOST.keys:
            break
    else:
        pytest.fail("no position was proven lost by the complete search")
    again = solve(state, Budget(max_nodes=100_000))
    assert again.status == "lost" and again.nodes == 0
