"""Klondike, RULES.md §3: the deal, every move and scoring rule, the deck panel, the save
format, and seeded random games checked move by move (automatic moves, which the table makes:
tests/ai/test_klondike_automatic.py)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import GAMES
from game.rules.cards import new_deck, parse_card, shuffled_deck
from game.rules.klondike import (
    FOUNDATIONS,
    RULES,
    STOCK_PILE,
    TABLEAU,
    WASTE,
    deck_groups,
)
from game.rules.moves import STOCK, CardMove, IllegalMove, PileRef

T = TABLEAU
F = FOUNDATIONS
DEFAULTS = {"draw": 3, "redeals": None, "start_rank": 1, "scoring": "standard"}


def codes(text: str) -> list[str]:
    return text.split()


def position_dict(tableau=(), foundations=(), stock="", waste="", *, fill="stock", passes=1,
                  score=None, **options) -> dict:
    """A state dict from the piles named (space-separated codes, bottom to top); every card
    not named goes face down under the stock, or face up under the waste."""
    options = {**DEFAULTS, **options}
    tableau = [codes(pile) for pile in tableau] + [[]] * (7 - len(tableau))
    foundations = [codes(pile) for pile in foundations] + [[]] * (4 - len(foundations))
    stock, waste = codes(stock), codes(waste)
    named = {code.upper() for pile in (*tableau, *foundations, stock, waste) for code in pile}
    rest = [card.code for card in new_deck() if card.code not in named]
    if fill == "stock":
        stock = [code.lower() for code in rest] + stock
    else:
        waste = rest + waste
    if score is None:
        on_foundations = sum(map(len, foundations))
        score = -52 + 5 * on_foundations if options["scoring"] == "vegas" else 0
    return {"game": "klondike", "seed": 7, "options": options, "tableau": tableau,
            "foundations": foundations, "stock": stock, "waste": waste, "passes": passes,
            "score": score}


def position(*args, **kwargs):
    return RULES.from_dict(position_dict(*args, **kwargs))


def _run(first: str, second: str) -> str:
    """King to Ace, alternating between two suits of different colours."""
    return " ".join(f"{rank}{(first, second)[index % 2]}"
                    for index, rank in enumerate(reversed("A23456789TJQK")))


# Every card face up in four descending runs, nothing in the stock or waste.
ORDERED_RUNS = [_run("S", "H"), _run("H", "S"), _run("D", "C"), _run("C", "D")]


def move(source, target, count=1) -> CardMove:
    return CardMove(source, target, count)


def pile_codes(pile) -> str:
    return " ".join(card.code for card in pile)


# --- the deal ----------------------------------------------------------------------------------


def test_registered_under_its_id():
    assert GAMES["klondike"] is RULES
    assert (RULES.id, RULES.title) == ("klondike", "Klondike")


@pytest.mark.parametrize("seed", [0, 1, 99, 2**40])
def test_deal_rows_across_the_piles_from_the_top_of_the_deck(seed):
    deck = shuffled_deck(seed, 1)
    dealt = list(reversed(deck[-28:]))  # the order the cards leave the top of the deck
    expected: list[list] = [[] for _ in range(7)]
    for row in range(7):
        for index in range(row, 7):
            expected[index].append(dealt.pop(0).turned(index == row))
    state = RULES.new_game(seed)
    assert [list(pile) for pile in state.tableau] == expected
    assert [len(pile) for pile in state.tableau] == [1, 2, 3, 4, 5, 6, 7]
    for pile in state.tableau:
        assert pile[-1].face_up and not any(card.face_up for card in pile[:-1])
    # The stock is the rest of the deck, and the first three of it are on the waste.
    assert state.waste == tuple(reversed(deck[21:24]))
    assert state.stock == tuple(card.turned(False) for card in deck[:21])
    assert state.foundations == ((),) * 4
    assert (state.passes, state.score) == (1, 0)


@pytest.mark.parametrize("draw", [1, 2, 3, 4, 5])
def test_deal_turns_draw_cards_onto_the_waste(draw):
    state = RULES.new_game(3, draw=draw)
    assert len(state.waste) == draw and len(state.stock) == 24 - draw
    assert all(card.face_up for card in state.waste)
    assert not any(card.face_up for card in state.stock)


def test_same_seed_same_deal_other_seed_other_deal():
    assert RULES.new_game(11) == RULES.new_game(11)
    assert hash(RULES.new_game(11)) == hash(RULES.new_game(11))
    assert RULES.new_game(11) != RULES.new_game(12)


def test_starting_scores():
    assert RULES.score(RULES.new_game(1)) == 0
    assert RULES.score(RULES.new_game(1, scoring="vegas")) == -52
    assert RULES.score(RULES.new_game(1, scoring="none")) == 0


def test_options_are_recorded_with_defaults():
    state = RULES.new_game(5)
    assert RULES.options(state) == DEFAULTS
    assert RULES.to_dict(state)["options"] == DEFAULTS
    assert json.loads(json.dumps(RULES.to_dict(state)))["options"]["redeals"] is None
    chosen = {"draw": 1, "redeals": 2, "start_rank": 7, "scoring": "vegas"}
    assert RULES.options(RULES.new_game(5, **chosen)) == chosen


@pytest.mark.parametrize("options", [
    {"draw": 0}, {"draw": 6}, {"draw": True}, {"draw": "3"}, {"draw": 3.0},
    {"redeals": -1}, {"redeals": 100}, {"redeals": True}, {"redeals": "none"},
    {"start_rank": 0}, {"start_rank": 14}, {"start_rank": True},
    {"scoring": "las vegas"}, {"scoring": True}, {"scoring": None},
    {"colour": "red"},
])
def test_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        RULES.new_game(1, **options)


@pytest.mark.parametrize("seed", [-1, True, "1", 1.0, 2**63])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(ValueError):
        RULES.new_game(seed)


def test_piles_lists_every_pile():
    state = RULES.new_game(2)
    piles = RULES.piles(state)
    assert len(piles) == 13
    assert piles[STOCK_PILE] == state.stock and piles[WASTE] == state.waste
    assert [piles[ref] for ref in T] == list(state.tableau)
    assert [piles[ref] for ref in F] == list(state.foundations)


# --- moves -------------------------------------------------------------------------------------


def test_waste_card_onto_building_stack_scores_5():
    state = position(["9S"], waste="8H")
    assert move(WASTE, T[0]) in RULES.legal_moves(state)
    after = RULES.apply(state, move(WASTE, T[0]))
    assert pile_codes(after.tableau[0]) == "9S 8H"
    assert after.score == 5


def test_building_needs_other_colour_and_next_rank_down():
    state = position(["9S", "9H", "TD", "7D"], waste="8C")
    targets = {m.target for m in RULES.legal_moves(state) if m != STOCK and m.source == WASTE}
    assert targets == {T[1]}


def test_ace_listed_for_each_empty_foundation():
    state = position(foundations=["AS"], waste="AH")
    from_waste = [m for m in RULES.legal_moves(state) if m != STOCK and m.source == WASTE]
    assert from_waste == [move(WASTE, F[1]), move(WASTE, F[2]), move(WASTE, F[3])]
    assert RULES.apply(state, move(WASTE, F[2])).score == 10


def test_card_to_its_suit_stack_only_and_only_next_rank():
    state = position(["3S", "4S"], foundations=["AS 2S", "AH 2H"])
    legal = RULES.legal_moves(state)
    assert move(T[0], F[0]) in legal
    assert move(T[0], F[1]) not in legal and move(T[1], F[0]) not in legal


def test_turning_over_a_face_down_card_scores_5():
    state = position(["9S", "qs 8H"])
    after = RULES.apply(state, move(T[1], T[0]))
    assert pile_codes(after.tableau[1]) == "QS"
    assert after.score == 5


def test_card_to_suit_stack_that_uncovers_a_card_scores_15():
    after = RULES.apply(position(["", "qs AH"]), move(T[1], F[0]))
    assert pile_codes(after.tableau[1]) == "QS"
    assert after.score == 15


def test_moves_between_building_stacks_score_nothing():
    assert RULES.apply(position(["9S", "8H"], score=30), move(T[1], T[0])).score == 30


def test_suit_stack_to_building_stack_costs_15_and_clamps_at_0():
    state = position(["4S"], foundations=["AH 2H 3H"], score=20)
    assert RULES.apply(state, move(F[0], T[0])).score == 5
    clamped = RULES.apply(position(["4S"], foundations=["AH 2H 3H"], score=10), move(F[0], T[0]))
    assert clamped.score == 0
    assert pile_codes(clamped.tableau[0]) == "4S 3H"


def test_never_from_one_suit_stack_to_another():
    state = position(foundations=["AS"])
    assert not [m for m in RULES.legal_moves(state) if m != STOCK and m.source.kind == "foundation"]
    with pytest.raises(IllegalMove):
        RULES.apply(state, move(F[0], F[1]))


def test_runs_listed_per_length_and_target():
    state = position(["TC", "9D", "8C", "3d 9H 8S 7H"])
    runs = {m for m in RULES.legal_moves(state) if m != STOCK and m.source == T[3]}
    assert runs == {move(T[3], T[0], 3), move(T[3], T[1], 2), move(T[3], T[2], 1)}
    after = RULES.apply(state, move(T[3], T[0], 3))
    assert pile_codes(after.tableau[0]) == "TC 9H 8S 7H"
    assert pile_codes(after.tableau[3]) == "3D"
    assert after.score == 5


def test_only_single_cards_go_to_suit_stacks():
    state = position(["", "", "3d 2S AH"], foundations=["AS"])
    with pytest.raises(IllegalMove):
        RULES.apply(state, move(T[2], F[0], 2))


def test_empty_building_stack_takes_only_a_king_or_a_run_it_heads():
    clubs = " ".join(f"{rank}C" for rank in "A23456789TJQK")
    state = position(["", "KH", "2d KS QH", "3d QS"], foundations=[clubs])
    to_empty = {m for m in RULES.legal_moves(state) if m != STOCK and m.target == T[0]}
    # A King from the bottom of its stack, a run a King heads, and a King off a suit stack.
    assert to_empty == {move(T[1], T[0]), move(T[2], T[0], 2), move(F[0], T[0])}
    after = RULES.apply(state, move(F[0], T[0]))
    assert pile_codes(after.tableau[0]) == "KC"


def test_foundation_card_back_to_building_stack_for_vegas_costs_5():
    state = position(["4S"], foundations=["AH 2H 3H"], scoring="vegas")
    assert state.score == -52 + 15
    assert RULES.apply(state, move(F[0], T[0])).score == -52 + 10


def test_vegas_pays_5_per_card_up_and_nothing_else():
    state = position(["9S", "qs 8H", "", "2d AD"], waste="8D", scoring="vegas")
    assert RULES.apply(state, move(WASTE, T[0])).score == -52
    assert RULES.apply(state, move(T[1], T[0])).score == -52
    assert RULES.apply(state, move(T[3], F[0])).score == -47


def test_no_scoring_stays_0():
    state = position(["9S", "qs 8H", "", "2d AD"], foundations=["AC", "AH 2H 3H"], waste="8D",
                     scoring="none")
    for legal in RULES.legal_moves(state):
        assert RULES.apply(state, legal).score == 0


# --- the stock ---------------------------------------------------------------------------------


def test_stock_turns_draw_cards_one_by_one():
    state = position(stock="5d 6d 7d", waste="KS")
    after = RULES.apply(state, STOCK)
    assert pile_codes(after.waste[-4:]) == "KS 7D 6D 5D"
    assert after.stock == state.stock[:-3]
    assert after.score == state.score


def test_stock_turns_what_is_left_when_fewer_than_draw():
    state = position(stock="6d 7d", waste="", fill="waste", draw=5)
    after = RULES.apply(state, STOCK)
    assert after.stock == () and pile_codes(after.waste[-2:]) == "7D 6D"


def test_new_pass_brings_the_cards_up_in_the_same_order():
    state = RULES.new_game(21, draw=1)
    first_pass = [state.waste[-1]]
    while state.stock:
        state = RULES.apply(state, STOCK)
        first_pass.append(state.waste[-1])
    state = RULES.apply(state, STOCK)
    assert (state.passes, state.waste) == (2, ())
    second_pass = []
    while state.stock:
        state = RULES.apply(state, STOCK)
        second_pass.append(state.waste[-1])
    assert second_pass == first_pass


def test_new_pass_with_draw_3_turns_the_waste_over():
    state = position(waste="AS 2S 3S 4S", fill="waste")
    after = RULES.apply(state, STOCK)
    assert after.waste == ()
    assert after.stock == tuple(card.turned(False) for card in reversed(state.waste))
    assert after.passes == 2


def test_empty_stock_and_waste_cannot_be_clicked():
    state = position(ORDERED_RUNS)
    assert (state.stock, state.waste) == ((), ())
    assert STOCK not in RULES.legal_moves(state)
    with pytest.raises(IllegalMove):
        RULES.apply(state, STOCK)


@pytest.mark.parametrize(("redeals", "passes", "allowed"), [
    (0, 1, False), (1, 1, True), (1, 2, False), (3, 3, True), (3, 4, False), (None, 50, True),
])
def test_redeals_limit_the_passes(redeals, passes, allowed):
    state = position(waste="KS", fill="waste", redeals=redeals, passes=passes)
    assert (STOCK in RULES.legal_moves(state)) == allowed
    if not allowed:
        with pytest.raises(IllegalMove):
            RULES.apply(state, STOCK)


@pytest.mark.parametrize(("passes", "before", "after"), [(1, 150, 50), (2, 150, 50), (5, 60, 0)])
def test_draw_1_charges_100_for_every_new_pass(passes, before, after):
    state = position(waste="KS", fill="waste", draw=1, passes=passes, score=before)
    assert RULES.apply(state, STOCK).score == after


@pytest.mark.parametrize("draw", [2, 3, 5])
@pytest.mark.parametrize(("passes", "before", "after"), [
    (1, 100, 100), (2, 100, 100), (3, 100, 80), (4, 100, 80), (3, 10, 0),
])
def test_draw_several_charges_20_from_the_fourth_pass(draw, passes, before, after):
    state = position(waste="KS", fill="waste", draw=draw, passes=passes, score=before)
    assert RULES.apply(state, STOCK).score == after


@pytest.mark.parametrize("scoring", ["vegas", "none"])
def test_no_pass_charge_without_standard_scoring(scoring):
    state = position(waste="KS", fill="waste", draw=1, passes=3, scoring=scoring)
    assert RULES.apply(state, STOCK).score == state.score


# --- the starting rank -------------------------------------------------------------------------


def test_start_rank_7_wraps_a_king_onto_an_ace():
    state = position(["AS"], waste="KH", start_rank=7)
    assert move(WASTE, T[0]) in RULES.legal_moves(state)
    assert pile_codes(RULES.apply(state, move(WASTE, T[0])).tableau[0]) == "AS KH"


def test_start_rank_7_nothing_goes_on_a_7():
    state = position(["7S"], waste="6H", start_rank=7)
    assert move(WASTE, T[0]) not in RULES.legal_moves(state)


def test_start_rank_7_sixes_go_into_empty_stacks():
    sixes = position(["", "8C"], waste="6H", start_rank=7)
    assert move(WASTE, T[0]) in RULES.legal_moves(sixes)
    kings = position(["", "8C"], waste="KH", start_rank=7)
    assert move(WASTE, T[0]) not in RULES.legal_moves(kings)


def test_start_rank_7_suit_stacks_run_from_7_round_to_6():
    state = position(waste="AH", foundations=["7H 8H 9H TH JH QH KH"], start_rank=7)
    assert move(WASTE, F[0]) in RULES.legal_moves(state)
    assert move(WASTE, F[1]) not in RULES.legal_moves(state)
    sevens = position(waste="7D", start_rank=7)
    assert [m for m in RULES.legal_moves(sevens) if m != STOCK and m.target.kind == "foundation"] \
        == [move(WASTE, ref) for ref in F]


# --- the deck-contents panel -------------------------------------------------------------------


def test_deck_groups_in_the_order_they_come_up():
    state = position(stock="3d 4d 5d 6d 7d", waste="AS 2S", fill="waste", draw=2)
    groups = deck_groups(state)
    up = [parse_card(code) for code in codes("7D 6D 5D 4D 3D")]
    assert groups.waste == state.waste
    assert groups.this_pass == ((up[0], up[1]), (up[2], up[3]), (up[4],))
    cycle = (*state.waste, *up)
    assert sum(groups.next_pass, ()) == cycle
    assert all(len(group) == 2 for group in groups.next_pass[:-1])


def test_deck_groups_show_no_next_pass_when_none_is_left():
    state = position(stock="3d 4d", waste="AS", redeals=0)
    groups = deck_groups(state)
    assert groups.next_pass == () and len(groups.this_pass) > 0


# --- winning and the end -----------------------------------------------------------------------


def test_all_cards_up_is_won_and_over():
    full = [" ".join(c.code for c in new_deck() if c.suit == suit) for suit in "SHDC"]
    data = position_dict(foundations=full, stock="")
    state = RULES.from_dict(data)
    assert RULES.is_won(state) and RULES.is_over(state)
    assert RULES.legal_moves(state) == []
    with pytest.raises(IllegalMove):  # the win ends the game: no King comes back down
        RULES.apply(state, move(F[0], T[0]))


def test_no_move_left_is_over_but_not_won():
    tops = ["KS", "KC", "QS", "QC", "JS", "JC", "TS"]
    state = position(tops, waste="9C", fill="waste", redeals=0)
    assert RULES.legal_moves(state) == []
    assert RULES.is_over(state) and not RULES.is_won(state)


# --- the save format ---------------------------------------------------------------------------


def test_state_dict_has_exactly_the_documented_fields():
    data = RULES.to_dict(RULES.new_game(4))
    assert set(data) == {"game", "seed", "options", "tableau", "foundations", "stock", "waste",
                         "passes", "score"}
    assert data["tableau"][1][0].islower() and data["tableau"][1][1].isupper()
    assert all(code.islower() for code in data["stock"])


def _damage(data: dict, path: tuple, value) -> dict:
    data = json.loads(json.dumps(data))
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


GOOD = position_dict(["9S", "qs 8H"], foundations=["AH 2H"], waste="7D")


@pytest.mark.parametrize(("path", "value"), [
    (("game",), "leapfrog"),
    (("seed",), -3),
    (("seed",), "7"),
    (("passes",), 0),
    (("passes",), True),
    (("passes",), 1.0),
    (("score",), -5),
    (("score",), 2.5),
    (("score",), 100000),
    (("extra",), 1),
    (("waste",), KeyError),
    (("options", "draw"), KeyError),
    (("options", "draw"), 9),
    (("options", "colour"), "red"),
    (("options",), []),
    (("tableau",), [[]] * 6),
    (("tableau",), "9S"),
    (("tableau", 0), "9S"),
    (("tableau", 0, 0), "10S"),
    (("tableau", 0, 0), 9),
    (("tableau", 0), ["9S", "AH"]),  # duplicate card
    (("tableau", 0), []),  # missing card
    (("tableau", 0), ["9s"]),  # top face down
    (("tableau", 1), ["QS", "8h"]),  # face down above face up
    (("tableau", 1), ["qs", "8C"]),  # a card that was never there instead
    (("foundations", 0), ["ah", "2h"]),  # face down on a suit stack
    (("foundations", 0), ["2H"]),  # not from the base
    (("stock", 0), "TC"),  # face up in the stock
    (("waste", 0), "7d"),  # face down on the waste
])
def test_from_dict_refuses_damage(path, value):
    RULES.from_dict(GOOD)  # the undamaged dict is fine
    with pytest.raises(ValueError):
        RULES.from_dict(_damage(GOOD, path, value))


def test_from_dict_refuses_impossible_piles():
    with pytest.raises(ValueError, match="face-down cards"):
        position(["2d 9S"])  # the deal gives the first stack no face-down card
    position(["", "2d 9S"])
    with pytest.raises(ValueError, match="cannot lie"):
        position(["", "qs 8H 7H"])
    with pytest.raises(ValueError, match="suit stack"):
        position(foundations=["AH 2S"])
    with pytest.raises(ValueError, match="suit stack"):
        position(foundations=["AH 2H"], start_rank=2)
    with pytest.raises(ValueError, match="passes"):
        position(redeals=1, passes=3)
    with pytest.raises(ValueError, match="Vegas"):
        position(foundations=["AH"], scoring="vegas", score=-52)
    with pytest.raises(ValueError, match="score"):
        position(scoring="none", score=5)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(GOOD)), st.one_of(
    st.none(), st.booleans(), st.integers(-5, 60), st.text(max_size=3),
    st.lists(st.sampled_from(["AS", "as", "KH", "kh", "9S", "qs", 3, None]), max_size=4),
))
def test_from_dict_gives_only_value_errors(key, value):
    try:
        state = RULES.from_dict({**GOOD, key: value})
    except ValueError:
        return
    assert RULES.to_dict(state)[key] == value


def test_move_dicts_round_trip_and_refuse_bad_piles():
    for legal in RULES.legal_moves(position(["TC", "9D", "8C", "3d 9H 8S 7H"], waste="AS")):
        assert RULES.move_from_dict(json.loads(json.dumps(RULES.move_to_dict(legal)))) == legal
    assert RULES.move_to_dict(STOCK) == {"stock": True}
    bad = [
        {"from": ["tableau", 7], "to": ["tableau", 0], "count": 1},
        {"from": ["foundation", 4], "to": ["tableau", 0], "count": 1},
        {"from": ["waste", 1], "to": ["tableau", 0], "count": 1},
        {"from": ["tableau", 0], "to": ["waste", 0], "count": 1},
        {"from": ["tableau", 0], "to": ["tableau", 1], "count": 14},
        {"from": ["tableau", 0], "to": ["tableau", 1], "count": True},
        {"from": ["stock", 0], "to": ["tableau", 1], "count": 1},
        {"stock": False},
        ["stock"],
    ]
    for data in bad:
        with pytest.raises(ValueError):
            RULES.move_from_dict(data)


@pytest.mark.parametrize("bad_move", [
    None, "stock", (WASTE, T[0], 1), CardMove(PileRef("tableau", True), T[1], 1),
    CardMove(PileRef("tableau", 9), T[1], 1), CardMove(T[0], T[0], 1),
    CardMove(WASTE, PileRef("waste", 0), 1), CardMove(PileRef(["tableau"], 0), T[1], 1),
    CardMove(T[1], PileRef("tableau", 0.0), 1), CardMove(T[1], T[0], [1]),
])
def test_apply_refuses_what_is_not_a_legal_move(bad_move):
    state = position(["9S", "8H"], waste="8D")
    with pytest.raises(IllegalMove):
        RULES.apply(state, bad_move)
    assert issubclass(IllegalMove, ValueError)


# --- seeded random games -----------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"draw": 1},
    {"draw": 3, "redeals": 0},
    {"draw": 5, "redeals": 2, "start_rank": 7, "scoring": "vegas"},
    {"draw": 2, "start_rank": 13, "scoring": "none"},
]
KINDS = {"tableau": 7, "foundation": 4, "waste": 1}
EVERY_REF = [PileRef(kind, index) for kind, count in KINDS.items() for index in range(count)]
EVERY_MOVE = [CardMove(source, target, count) for source in EVERY_REF for target in EVERY_REF
              for count in range(1, 14)] + [STOCK]


def _check_position(state, legal):
    data = RULES.to_dict(state)
    assert RULES.from_dict(json.loads(json.dumps(data))) == state
    cards = [code.upper() for key in ("tableau", "foundations") for pile in data[key]
             for code in pile] + [code.upper() for code in data["stock"] + data["waste"]]
    assert sorted(cards) == sorted(card.code for card in new_deck())
    assert len(set(legal)) == len(legal)
    assert all(m.source != m.target for m in legal if m != STOCK)
    assert RULES.is_over(state) == (not legal or RULES.is_won(state))
    scoring = state.options.scoring
    on_foundations = sum(map(len, state.foundations))
    if scoring == "vegas":
        assert state.score == -52 + 5 * on_foundations
    else:
        assert state.score >= 0 and (scoring == "standard" or state.score == 0)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_games_keep_every_rule(options):
    rng = random.Random(str(options))
    for game in range(2):
        state = RULES.new_game(rng.randrange(10**6), **options)
        for step in range(200):
            legal = RULES.legal_moves(state)
            _check_position(state, legal)
            if not legal:
                break
            before = RULES.to_dict(state)
            for candidate in legal:
                RULES.apply(state, candidate)
            if step % 40 == game:
                listed = set(legal)
                for candidate in EVERY_MOVE:
                    if candidate not in listed:
                        with pytest.raises(IllegalMove):
                            RULES.apply(state, candidate)
            assert RULES.to_dict(state) == before
            preferred = [m for m in legal if m != STOCK and m.target.kind == "foundation"]
            chosen = rng.choice(preferred if preferred and rng.random() < 0.6 else legal)
            state = RULES.apply(state, chosen)
