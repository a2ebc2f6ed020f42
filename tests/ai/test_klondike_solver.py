"""The Klondike solver: wins it finds replay through the rules, losses it claims are real
(checked against a plain search of every position the rules reach), and it keeps to its
budget."""

from __future__ import annotations

import random
import threading

import pytest

from game.ai.klondike.position import card_of
from game.ai.klondike.solver import solve
from game.ai.search import CHECK_EVERY, Budget
from game.rules.cards import SUITS
from game.rules.klondike import RULES
from game.rules.moves import CardMove

from .solver_checks import NODES_NET, SteppingClock

DEFAULTS = {"draw": 3, "redeals": None, "start_rank": 1, "scoring": "none"}


def state_from(tableau=(), foundations=(), stock=(), waste=(), passes=1, **options):
    """A position from piles of card codes (bottom to top); lower case is face down."""
    piles = [list(pile) for pile in tableau] + [[]] * (7 - len(tableau))
    return RULES.from_dict({
        "game": "klondike", "seed": 1, "options": {**DEFAULTS, **options},
        "tableau": piles, "foundations": [list(pile) for pile in foundations]
        + [[]] * (4 - len(foundations)),
        "stock": list(stock), "waste": list(waste), "passes": passes, "score": 0,
    })


def suit_up_to(suit: str, last: str) -> list[str]:
    """The suit stack from Ace to `last` (a rank character)."""
    ranks = "A23456789TJQK"
    return [rank + suit for rank in ranks[: ranks.index(last) + 1]]


def replay(state, line):
    for move in line:
        state = RULES.apply(state, move)
    return state


def rules_can_win(state, limit: int = 200_000) -> bool:
    """Every position the rules reach from `state` (depth first, stopping at a win); passes
    are left out of a position's identity when they are unlimited (they then change
    nothing), and so is the order of the building stacks (the rules treat all seven alike,
    so positions that differ only in it are won or lost together)."""
    unlimited = state.options.redeals is None

    def key(s):
        return (tuple(sorted(s.tableau)), s.foundations, s.stock, s.waste,
                None if unlimited else s.passes)

    seen = {key(state)}
    stack = [state]
    while stack:
        current = stack.pop()
        if RULES.is_won(current):
            return True
        # Moves to the suit stacks last, so they are taken first: wins come quickly.
        for move in sorted(RULES.legal_moves(current), key=_to_foundation):
            child = RULES.apply(current, move)
            if key(child) not in seen:
                seen.add(key(child))
                stack.append(child)
        assert len(seen) < limit, "position too large for a plain search"
    return False


def plain_verdict(state, limit: int) -> str | None:
    """"won" or "lost" by `rules_can_win`, or None when the position is too large for it."""
    try:
        return "won" if rules_can_win(state, limit=limit) else "lost"
    except AssertionError:
        return None


def _to_foundation(move) -> bool:
    return isinstance(move, CardMove) and move.target.kind == "foundation"


def tiny_position(rng: random.Random, options: dict):
    """A position with all but a few of the highest cards on the suit stacks, the rest
    scattered over building stacks (face down under one face-up card), stock and waste."""
    start = options["start_rank"]
    heights = [13 - rng.randint(2, 4) for _ in SUITS]
    in_play = [suit * 13 + rank for suit in range(4) for rank in range(heights[suit], 13)]
    rng.shuffle(in_play)
    tableau: list[list] = [[] for _ in range(7)]
    stock, waste = [], []
    for card_number in in_play:
        card = card_of(card_number, start)
        place = rng.random()
        if place < 0.4:
            stock.append(card.code.lower())
        elif place < 0.45:
            waste.append(card.code)
        else:
            pile = rng.randrange(1, 7)
            if len(tableau[pile]) > pile:  # no more face-down cards than the deal gives
                stock.append(card.code.lower())
            else:
                tableau[pile].append(card.code)
    tableau = [[code.lower() for code in pile[:-1]] + pile[-1:] for pile in tableau]
    foundations = [[card_of(suit * 13 + rank, start).code for rank in range(heights[suit])]
                   for suit in range(4)]
    return state_from(tableau, foundations, stock, waste, **options)


TINY_OPTIONS = [
    {"draw": 1, "redeals": 0, "start_rank": 1},
    {"draw": 3, "redeals": 0, "start_rank": 1},
    {"draw": 3, "redeals": 0, "start_rank": 9},
    {"draw": 2, "redeals": 1, "start_rank": 5},
    {"draw": 4, "redeals": 0, "start_rank": 13},
]


@pytest.mark.parametrize("options", TINY_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_verdicts_agree_with_a_plain_search_of_the_rules(options):
    rng = random.Random(str(options))
    decided = 0
    for _ in range(6):
        state = tiny_position(rng, {**DEFAULTS, **options})
        result = solve(state, Budget(max_seconds=5))
        assert result.status in ("won", "lost")
        if result.status == "won":
            assert RULES.is_won(replay(state, result.line))
        expected = plain_verdict(state, limit=10_000)
        if expected is None:
            continue  # too many positions for the plain search
        assert result.status == expected, RULES.to_dict(state)
        decided += 1
    assert decided >= 3


def test_no_legal_move_is_lost():
    """The Jacks, Queens and Kings lie under four Queens whose Kings are all buried."""
    state = state_from(
        tableau=[[], ["ks", "QH"], ["kc", "kh", "QD"], ["kd", "js", "jc", "QS"],
                 ["jh", "jd", "QC"]],
        foundations=[suit_up_to(suit, "T") for suit in SUITS],
    )
    assert RULES.legal_moves(state) == []
    assert solve(state, Budget(max_nodes=100)).status == "lost"


@pytest.mark.parametrize(("stock", "spades", "options"), [
    ([], "Q", {"draw": 1, "redeals": 0}),
    (["qs", "js"], "T", {"draw": 3, "redeals": 0}),
    (["qs", "js"], "T", {"draw": 3, "redeals": None}),
    (["qs", "js"], "T", {"draw": 2, "redeals": 1}),
])
def test_buried_kings_are_proven_lost(stock, spades, options):
    """The red Queens need a black King, and both lie face down under them, with the red
    Jacks; the red Kings and the black Queens can move about but free nothing."""
    state = state_from(
        tableau=[[], ["kd", "KH"], ["kc", "jh", "QD"], ["ks", "jd", "QH"]],
        foundations=[suit_up_to("S", spades), suit_up_to("H", "T"), suit_up_to("D", "T"),
                     suit_up_to("C", "Q")],
        stock=stock, **options,
    )
    result = solve(state, Budget(max_seconds=5))
    assert result.status == "lost"
    assert result.line is None
    assert not rules_can_win(state)


def test_near_won_position_with_stock_and_face_down_cards_is_won():
    state = state_from(
        tableau=[["KD"], ["qs", "JD"], ["jc", "qh", "TS"], [], ["ks", "kc", "QC"]],
        foundations=[suit_up_to("S", "9"), suit_up_to("H", "T"), suit_up_to("D", "T"),
                     suit_up_to("C", "T")],
        stock=["kh", "jh"], waste=["JS", "QD"], draw=3, redeals=0,
    )
    result = solve(state, Budget(max_seconds=5))
    assert result.status == "won"
    assert RULES.is_won(replay(state, result.line))
    assert result.progress_line == result.line


def test_already_won_needs_no_moves():
    state = state_from(foundations=[suit_up_to(suit, "K") for suit in SUITS])
    result = solve(state, Budget(max_nodes=10))
    assert (result.status, result.line) == ("won", ())


@pytest.mark.parametrize(("seed", "options"), [
    (1, {"draw": 1}), (2, {"draw": 3}), (1, {"draw": 3, "redeals": 2}), (3, {"draw": 5}),
    (5, {"draw": 2, "start_rank": 7}), (5, {"draw": 1, "start_rank": 13, "scoring": "vegas"}),
])
def test_lines_for_real_deals_replay_to_a_win(seed, options):
    state = RULES.new_game(seed, **options)
    result = solve(state, Budget(max_seconds=2))
    assert result.status == "won"
    assert result.line[0] in RULES.legal_moves(state)
    assert RULES.is_won(replay(state, result.line))


def test_most_real_deals_are_won_quickly():
    won = sum(solve(RULES.new_game(seed, draw=1), Budget(max_seconds=0.5)).status == "won"
              for seed in range(1, 9))
    assert won >= 7


def test_node_budget_is_kept():
    result = solve(RULES.new_game(18, draw=1), Budget(max_nodes=200))
    assert result.status == "unknown"
    assert result.line is None
    assert result.nodes <= 201


def test_time_budget_is_kept():
    """The search looks at the clock at least every CHECK_EVERY nodes and stops within a
    few looks once the deadline has passed (0.2 s at 0.01 s a look is 20 looks)."""
    clock = SteppingClock(0.01)
    budget = Budget(max_nodes=NODES_NET, max_seconds=0.2, clock=clock)
    result = solve(RULES.new_game(18, draw=3), budget)
    assert result.status == "unknown"
    assert result.seconds <= 0.2 + 5 * 0.01, "the result's own reading of the clock"
    assert result.nodes <= clock.reads * CHECK_EVERY


def test_cancel_stops_the_search():
    """The flag set (as another thread would) at the fifth look at the clock stops the search
    at that look or, at the latest, CHECK_EVERY nodes later."""
    cancel = threading.Event()
    clock = SteppingClock(0.0, cancel, at_read=5)
    budget = Budget(max_nodes=NODES_NET, cancel=cancel, clock=clock)
    result = solve(RULES.new_game(18, draw=3), budget)
    assert cancel.is_set()
    assert result.status == "unknown"
    assert result.nodes <= 5 * CHECK_EVERY


def test_unknown_still_offers_a_line_toward_progress():
    state = RULES.new_game(18, draw=1)
    result = solve(state, Budget(max_nodes=300))
    assert result.status == "unknown"
    end = replay(state, result.progress_line)

    def face_down(s):
        return sum(not card.face_up for pile in s.tableau for card in pile)

    up = sum(map(len, end.foundations)) - sum(map(len, state.foundations))
    assert up > 0 or face_down(end) < face_down(state)


@pytest.mark.parametrize(("kings", "stock", "empties"), [
    ([["KD"], ["KH"], ["KC"]], ["9s", "8h"], False),
    ([["KD"], ["KC"]], ["9s", "8h", "kh"], True),
])
def test_a_stack_is_emptied_only_when_a_king_could_use_the_space(kings, stock, empties):
    """The 9 of hearts can move onto the 10 of spades, emptying its stack: worth trying only
    while some King (here the King of hearts in the stock) could later go there; the other
    Kings already head whole stacks."""
    from game.ai.klondike.moves import TABLEAU_TO_TABLEAU, generate
    from game.ai.klondike.position import deck_of, position_of

    state = state_from(
        tableau=[["KS", "QH", "JS", "TH"], ["9H"], ["TS"], *kings],
        foundations=[suit_up_to("S", "8"), suit_up_to("H", "7"), suit_up_to("D", "Q"),
                     suit_up_to("C", "Q")],
        stock=stock, waste=["QS", "JH"], draw=1,
    )
    plays = generate(position_of(state), deck_of(state), thorough=True)
    emptying = [p for p in plays if p.kind == TABLEAU_TO_TABLEAU and p.source == 1]
    assert bool(emptying) == empties


def test_a_card_that_can_never_move_loses_the_deal_without_a_search():
    """The 5 of hearts lies on both black sixes and the 4 of hearts: it can go nowhere."""
    state = state_from(
        tableau=[[], [], [], ["4h", "6s", "6c", "5H"]],
        foundations=[suit_up_to("S", "5"), suit_up_to("H", "3"), suit_up_to("D", "K"),
                     suit_up_to("C", "5")],
        stock=[f"{rank}{suit}".lower() for suit in "SCH" for rank in "6789TJQK"
               if f"{rank}{suit}" not in ("6S", "6C")],
        draw=1, redeals=0,
    )
    result = solve(state, Budget(max_nodes=1))
    assert (result.status, result.nodes) == ("lost", 0)


@pytest.mark.parametrize("options", TINY_OPTIONS[:3], ids=lambda o: "-".join(map(str, o.values())))
def test_a_deadlock_is_found_only_where_the_rules_cannot_win(options):
    from game.ai.klondike.deadlock import deadlocked
    from game.ai.klondike.position import position_of

    rng = random.Random(f"deadlock {options}")
    for _ in range(30):
        state = tiny_position(rng, {**DEFAULTS, **options})
        if deadlocked(position_of(state)):
            try:
                assert not rules_can_win(state, limit=10_000)
            except AssertionError as error:
                if "too large" in str(error):
                    continue
                raise


@pytest.mark.parametrize(("redeals", "goes_up"), [(None, True), (0, False)])
def test_drawing_one_without_a_pass_limit_a_safe_stock_card_goes_up_at_once(redeals, goes_up):
    """The Ace of spades deep in the stock can always be reached again, so nothing is lost
    by putting it up at once; with one pass, clicking to it would give up the cards above."""
    from game.ai.klondike.moves import search_settle
    from game.ai.klondike.position import deck_of, position_of

    state = state_from(
        tableau=[["KS", "QH"], ["KH"]],
        foundations=[[], suit_up_to("H", "J"), suit_up_to("D", "K"), suit_up_to("C", "K")],
        stock=["as"] + [f"{rank}s".lower() for rank in "QJT98765432"], draw=1, redeals=redeals,
    )
    position = search_settle(position_of(state), deck_of(state))
    assert (position.found[0] > 0) == goes_up


@pytest.mark.slow
def test_pricing_clicks_wins_a_deal_that_needs_the_talon_played_in_order():
    """Deal 1076 drawing one: a search counting moves alone tries the talon cards in every
    order and runs out; one that counts the clicks too finds the win well within budget."""
    from game.ai.klondike.moves import settle
    from game.ai.klondike.position import deck_of, position_of
    from game.ai.klondike.solver import KlondikeSpace, _priced
    from game.ai.search import best_first

    state = RULES.new_game(1076, draw=1)
    deck = deck_of(state)
    root = settle(position_of(state), deck)
    space = KlondikeSpace(deck, thorough=False)
    budget = Budget(max_nodes=40_000)
    assert not best_first(space, root, budget.start(), 1.0).found
    assert best_first(space, root, budget.start(), 1.0, _priced(1.5)).found


def test_drawing_one_the_quick_search_lays_talon_cards_only_to_use_them():
    """Deal 203 drawing one is lost: with the talon duty, the quick space runs out in few
    enough positions that the proof still fits a budget which, trying the talon cards in
    every order, the quick search alone would spend."""
    result = solve(RULES.new_game(203, draw=1), Budget(max_nodes=9_000))
    assert result.status == "lost"

