"""Leap Year (RULES.md §2): the deal, building regardless of suit, stock deals, one pass, score."""

from __future__ import annotations

from collections import Counter

import pytest

from game.rules import IllegalMove
from game.rules.cards import new_deck, parse_card, shuffled_deck
from game.rules.leap_year import RULES, LeapYearState
from game.rules.moves import STOCK, CardMove, PileRef
from tests.rules.strategies import expected_inventory, inventory, json_round_trip, playout

SUIT_ORDER = "SHDC"


def tableau_ref(index: int) -> PileRef:
    return PileRef("tableau", index)


def foundation_ref(index: int) -> PileRef:
    return PileRef("foundation", index)


def to_foundation(pile: int, foundation: int) -> CardMove:
    return CardMove(tableau_ref(pile), foundation_ref(foundation))


def position_dict(tableau: list[str], heights: list[int], deals: int) -> dict:
    """A position: the tableau piles as given (codes, bottom first; "" for an empty pile),
    foundation i built from an Ace up to rank heights[i] with the first free card of each rank
    in suit order S, H, D, C, and every other card in the stock, which must come to the
    184 - 8 * deals cards a game has after that many deals.
    """
    pool = Counter(card.code for card in new_deck(4))
    piles = [pile.split() for pile in tableau]
    for code in (code for pile in piles for code in pile):
        pool[code] -= 1
        assert pool[code] >= 0, f"more than four {code}"
    foundations = []
    for height in heights:
        built = []
        for rank in range(1, height + 1):
            code = next(code for suit in SUIT_ORDER
                        if pool[code := "A23456789TJQK"[rank - 1] + suit] > 0)
            pool[code] -= 1
            built.append(code)
        foundations.append(built)
    stock = sorted(code.lower() for code in pool.elements())
    assert len(stock) == 184 - 8 * deals, f"the stock would hold {len(stock)} cards"
    return {"game": "leap_year", "seed": 0, "tableau": piles, "foundations": foundations,
            "stock": stock}


def position(tableau: list[str], heights: list[int], deals: int) -> LeapYearState:
    return RULES.from_dict(position_dict(tableau, heights, deals))


ANY_SUIT = (["2H", "2S", "5C", "9D", "KH", "3S", "QC", "7D"], [1] * 16, 0)
KING_TO_FINISH = (["KH"] + [""] * 7, [13, 12] + [1] * 14, 2)
LAST_KING = (["KC"] + [""] * 7, [13] * 15 + [12], 23)
STUCK = (["QH KH", "QD KD"] + [""] * 6, [13] * 14 + [11, 11], 23)


# --- the deal --------------------------------------------------------------------------------

def test_deal_puts_sixteen_aces_on_foundations_one_card_per_pile_and_184_in_stock() -> None:
    state = RULES.new_game(5)
    deck = shuffled_deck(5, 4)
    aces = [card for card in deck if card.rank == 1]
    others = [card for card in deck if card.rank != 1]
    assert state.foundations == tuple((ace,) for ace in aces)
    assert state.tableau == tuple((others[-1 - index],) for index in range(8))
    assert len(state.stock) == 184 == 23 * 8
    assert [card.turned(True) for card in state.stock] == others[:-8]
    assert not any(card.face_up for card in state.stock)
    assert all(card.face_up for pile in state.tableau for card in pile)
    assert RULES.score(state) == 0
    assert RULES.options(state) == {}
    with pytest.raises(ValueError):
        RULES.new_game(5, redeals=1)


def test_piles_lists_every_pile_and_the_stock() -> None:
    state = RULES.new_game(5)
    piles = RULES.piles(state)
    assert set(piles) == ({tableau_ref(i) for i in range(8)} | {PileRef("stock", 0)}
                          | {foundation_ref(i) for i in range(16)})
    assert piles[PileRef("stock", 0)] == state.stock
    assert piles[foundation_ref(3)] == state.foundations[3]
    assert sum(len(pile) for pile in piles.values()) == 208


# --- building --------------------------------------------------------------------------------

def test_foundations_build_up_regardless_of_suit_and_list_every_target() -> None:
    state = position(*ANY_SUIT)
    assert state.foundations[0][0] == parse_card("AS")
    assert RULES.legal_moves(state) == (
        [to_foundation(0, f) for f in range(16)] + [to_foundation(1, f) for f in range(16)]
        + [STOCK])
    after = RULES.apply(state, to_foundation(0, 0))  # 2H on the Ace of spades
    assert [card.code for card in after.foundations[0]] == ["AS", "2H"]
    assert after.tableau[0] == ()
    assert to_foundation(5, 0) in RULES.legal_moves(after)  # 3S on the 2H
    assert RULES.score(after) == 1


def test_a_king_fills_a_foundation_which_then_takes_nothing() -> None:
    state = position(*KING_TO_FINISH)
    assert RULES.legal_moves(state) == [to_foundation(0, 1), STOCK]
    with pytest.raises(IllegalMove):
        RULES.apply(state, to_foundation(0, 0))
    after = RULES.apply(state, to_foundation(0, 1))
    assert len(after.foundations[1]) == 13
    assert RULES.legal_moves(after) == [STOCK]


def test_no_moves_between_tableau_piles() -> None:
    state = position(["6C", "5C", "7D", "9D", "KH", "3S", "QC", "8D"], [1] * 16, 0)
    assert all(isinstance(m, CardMove) and m.target.kind == "foundation"
               for m in RULES.legal_moves(state) if m != STOCK)
    for source, target in [(1, 0), (2, 7), (0, 1)]:
        with pytest.raises(IllegalMove):
            RULES.apply(state, CardMove(tableau_ref(source), tableau_ref(target)))
    with pytest.raises(IllegalMove):
        RULES.apply(state, CardMove(foundation_ref(0), tableau_ref(0)))


# --- the stock -------------------------------------------------------------------------------

def test_stock_deals_one_card_face_up_to_every_pile_empty_ones_too() -> None:
    state = RULES.apply(position(*KING_TO_FINISH), to_foundation(0, 1))
    assert all(pile == () for pile in state.tableau)
    after = RULES.apply(state, STOCK)
    assert after.tableau == tuple((state.stock[-1 - i].turned(True),) for i in range(8))
    assert after.stock == state.stock[:-8]
    assert after.foundations == state.foundations


def test_the_player_may_deal_while_cards_can_still_be_played() -> None:
    state = RULES.apply(position(*ANY_SUIT), STOCK)
    assert [len(pile) for pile in state.tableau] == [2] * 8
    assert len(state.stock) == 176


def test_one_pass_only() -> None:
    state = position(*LAST_KING)
    assert state.stock == ()
    assert RULES.legal_moves(state) == [to_foundation(0, 15)]
    with pytest.raises(IllegalMove):
        RULES.apply(state, STOCK)
    won = RULES.apply(state, to_foundation(0, 15))
    assert RULES.is_won(won) and RULES.is_over(won)
    assert RULES.score(won) == 192


def test_over_and_lost_when_the_stock_is_empty_and_no_top_card_fits() -> None:
    state = position(*STUCK)
    assert RULES.legal_moves(state) == []
    assert RULES.is_over(state) and not RULES.is_won(state)
    assert RULES.score(state) == 14 * 13 + 2 * 11 - 16


def test_a_run_of_deals_empties_the_stock_in_23_deals() -> None:
    state = RULES.new_game(8)
    for _ in range(23):
        state = RULES.apply(state, STOCK)
    assert state.stock == () and [len(pile) for pile in state.tableau] == [24] * 8
    assert STOCK not in RULES.legal_moves(state)


# --- the save format -------------------------------------------------------------------------

def test_state_and_move_dicts_round_trip() -> None:
    state = RULES.apply(RULES.new_game(4), STOCK)
    data = RULES.to_dict(state)
    assert set(data) == {"game", "seed", "tableau", "foundations", "stock"}
    assert all(code.islower() for code in data["stock"])
    assert RULES.from_dict(json_round_trip(data)) == state
    for move in (to_foundation(3, 15), STOCK):
        assert RULES.move_from_dict(json_round_trip(RULES.move_to_dict(move))) == move
    assert RULES.move_to_dict(to_foundation(3, 15)) == {
        "from": ["tableau", 3], "to": ["foundation", 15], "count": 1}


def damaged(change) -> dict:
    data = position_dict(*KING_TO_FINISH)
    change(data)
    return data


def turn_up(data: dict, count: int) -> list[str]:
    """Take `count` cards off the stock of a position dict, face up."""
    return [data["stock"].pop().upper() for _ in range(count)]


def put(pile: list, index: int, code: str) -> None:
    pile[index] = code


# What a damaged position dict is refused for, and the damage. KING_TO_FINISH has a full
# foundation 0, Ace to Queen on foundation 1, single Aces elsewhere, KH alone in the tableau
# and 168 cards in the stock (two deals made).
DAMAGE = {
    "its Ace is missing": lambda d: d["tableau"][1].append(d["foundations"][2].pop()),
    "run up": lambda d: (d["stock"].remove("3h"), d["foundations"][2].append("3H")),
    "should be face down": lambda d: put(d["stock"], 0, d["stock"][0].upper()),
    "should be face up": lambda d: put(d["tableau"][0], 0, "kh"),
    "appears 5 times": lambda d: put(d["stock"], 0, "ks"),
    "167 cards": lambda d: d["tableau"][1].extend(turn_up(d, 1)),
    "5 cards after 3 deals": lambda d: d.update(tableau=[
        ["KH", *turn_up(d, 4)], *(turn_up(d, 1) for _ in range(4)), [], [], []]),
    "unknown extra": lambda d: d.update(extra=1),
    "missing stock": lambda d: d.pop("stock"),
    "not a leap_year game": lambda d: d.update(game="lucas_leaps"),
    "expected 8 items": lambda d: d["tableau"].pop(),
    "expected 16 items": lambda d: d["foundations"].append([]),
    "expected a list": lambda d: d.update(tableau="KH"),
    "seed": lambda d: d.update(seed="0"),
    "not a card code": lambda d: put(d["tableau"][0], 0, "KX"),
}


@pytest.mark.parametrize(("message", "change"), DAMAGE.items(), ids=list(DAMAGE))
def test_from_dict_refuses_damaged_states(message: str, change) -> None:
    with pytest.raises(ValueError, match=message):
        RULES.from_dict(damaged(change))


def test_a_pile_may_hold_one_card_more_than_the_deals_made() -> None:
    data = damaged(lambda d: d.update(tableau=[
        ["KH", *turn_up(d, 3)], *(turn_up(d, 1) for _ in range(5)), [], []]))
    assert [len(pile) for pile in RULES.from_dict(data).tableau] == [4, 1, 1, 1, 1, 1, 0, 0]


@pytest.mark.parametrize("bad", [
    {"stock": False}, {"stock": True, "count": 1}, {"from": ["tableau", 0], "to": ["foundation"],
                                                    "count": 1},
    {"from": ["pile", 0], "to": ["foundation", 0], "count": 1},
    {"from": ["tableau", 0], "to": ["foundation", 0], "count": 0}, "stock",
])
def test_move_from_dict_refuses_garbage(bad: object) -> None:
    with pytest.raises(ValueError):
        RULES.move_from_dict(bad)


# --- seeded random play ----------------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 11, 2024])
def test_random_play_follows_the_rules(seed: int) -> None:
    states, _ = playout(RULES, seed, {}, 400)
    expected = expected_inventory("leap_year", RULES, seed, {})
    for state in states:
        data = RULES.to_dict(state)
        assert inventory("leap_year", data) == expected
        assert RULES.from_dict(json_round_trip(data)) == state
        assert RULES.score(state) == sum(map(len, state.foundations)) - 16
        moves = RULES.legal_moves(state)
        assert (STOCK in moves) == bool(state.stock)
        for move in moves:
            after = RULES.apply(state, move)
            if move == STOCK:
                assert [len(p) for p in after.tableau] == [len(p) + 1 for p in state.tableau]
                continue
            card = state.tableau[move.source.index][-1]
            foundation = state.foundations[move.target.index]
            assert move.count == 1 and card.rank == foundation[-1].rank + 1
            assert after.foundations[move.target.index][-1] == card
        assert RULES.to_dict(state) == data, "apply changed its input"
        for pile in range(8):
            for foundation in range(16):
                if to_foundation(pile, foundation) not in moves:
                    with pytest.raises(IllegalMove):
                        RULES.apply(state, to_foundation(pile, foundation))
    assert RULES.is_over(states[-1])
