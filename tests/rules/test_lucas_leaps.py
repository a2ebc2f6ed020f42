"""Lucas Leaps (RULES.md §5): the deal, same-suit runs, empty piles, the stock, foundations."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import IllegalMove
from game.rules.cards import Card, new_deck, shuffled_deck
from game.rules.lucas_leaps import RULES, LucasLeapsState
from game.rules.moves import STOCK, CardMove, PileRef
from tests.rules.strategies import expected_inventory, inventory, json_round_trip, playout

WASTE = PileRef("waste", 0)
FOUNDATION_SUITS = "SHDCSHDC"


def tableau_ref(index: int) -> PileRef:
    return PileRef("tableau", index)


def foundation_ref(index: int) -> PileRef:
    return PileRef("foundation", index)


def position_dict(tableau: list[str], heights: list[int], waste: str = "") -> dict:
    """A position: tableau piles and waste as given (codes, bottom first; "" when empty),
    foundation i holding the Ace to rank heights[i] of suit FOUNDATION_SUITS[i], and every
    other card in the stock.
    """
    pool = Counter(card.code for card in new_deck(2))
    piles = [pile.split() for pile in tableau]
    for height, suit in zip(heights, FOUNDATION_SUITS, strict=True):
        piles.append([Card(rank, suit).code for rank in range(1, height + 1)])
    piles.append(waste.split())
    for code in (code for pile in piles for code in pile):
        pool[code] -= 1
        assert pool[code] >= 0, f"more than two {code}"
    return {"game": "lucas_leaps", "seed": 0, "tableau": piles[:13], "foundations": piles[13:21],
            "waste": piles[21], "stock": sorted(code.lower() for code in pool.elements())}


def position(tableau: list[str], heights: list[int], waste: str = "") -> LucasLeapsState:
    return RULES.from_dict(position_dict(tableau, heights, waste))


def moves_from(state: LucasLeapsState, source: PileRef) -> list[CardMove]:
    return [m for m in RULES.legal_moves(state) if m != STOCK and m.source == source]


# Hearts and clubs partly off the foundations: a run 9H 8H 7H on 5C in pile 0, one pile
# ready for each length of it, one empty pile; eight cards are left in the stock.
RUNS = (
    ["5C 9H 8H 7H", "TH", "9H", "8H", "", "JH", "QH", "KH", "6C", "8C", "TC", "QC", "KC"],
    [13, 6, 13, 4, 13, 6, 13, 13],
)
# Every pile topped by a card with nowhere to go, and the stock and waste empty.
STUCK = (
    ["TH 6S 7H", "QH 6S 7H", "QH 8S 9H", "KH 8S 9H", "JS TS JH", "KS TS JH", "QS KH",
     "6H 7S", "6H 7S", "8H 9S", "8H 9S", "TH JS", "QS KS"],
    [5, 5, 13, 13, 5, 5, 13, 13],
)


# --- the deal --------------------------------------------------------------------------------

def test_deal_is_thirteen_piles_of_four_face_up_and_a_stock_of_52() -> None:
    state = RULES.new_game(6)
    deck = shuffled_deck(6, 2)
    for index, pile in enumerate(state.tableau):
        assert pile == tuple(deck[-1 - (row * 13 + index)] for row in range(4))
    assert state.stock == tuple(card.turned(False) for card in deck[:52])
    assert state.waste == () and state.foundations == ((),) * 8
    assert RULES.score(state) == 0 and RULES.options(state) == {}
    with pytest.raises(ValueError):
        RULES.new_game(6, draw=1)


def test_piles_lists_tableau_foundations_stock_and_waste() -> None:
    state = RULES.apply(RULES.new_game(6), STOCK)
    piles = RULES.piles(state)
    assert len(piles) == 13 + 8 + 2
    assert piles[PileRef("stock", 0)] == state.stock and piles[WASTE] == state.waste
    assert piles[tableau_ref(12)] == state.tableau[12]


# --- the tableau -----------------------------------------------------------------------------

def test_a_same_suit_run_moves_at_every_length_that_fits() -> None:
    state = position(*RUNS)
    source = tableau_ref(0)
    assert moves_from(state, source) == [
        CardMove(source, foundation_ref(1)), CardMove(source, foundation_ref(5)),
        CardMove(source, tableau_ref(3), 1), CardMove(source, tableau_ref(4), 1),
        CardMove(source, tableau_ref(2), 2), CardMove(source, tableau_ref(4), 2),
        CardMove(source, tableau_ref(1), 3), CardMove(source, tableau_ref(4), 3),
    ]
    for wrong in (CardMove(source, tableau_ref(1), 1), CardMove(source, tableau_ref(4), 4),
                  CardMove(source, foundation_ref(1), 2)):
        with pytest.raises(IllegalMove):
            RULES.apply(state, wrong)
    after = RULES.apply(state, CardMove(source, tableau_ref(1), 3))
    assert [card.code for card in after.tableau[1]] == ["TH", "9H", "8H", "7H"]
    assert [card.code for card in after.tableau[0]] == ["5C"]
    # The longer run now moves whole, onto the Jack or into the empty pile.
    assert CardMove(tableau_ref(1), tableau_ref(5), 4) in RULES.legal_moves(after)
    assert CardMove(tableau_ref(1), tableau_ref(4), 4) in RULES.legal_moves(after)


def test_a_run_must_keep_to_one_suit() -> None:
    tableau = ["8S 7H", "", "QH", "KH", "8H", "9H", "TH", "JH", "7H", "9S", "TS", "JS", "QS"]
    state = position(tableau, [7, 6, 13, 13, 13, 6, 13, 13])
    assert [m for m in moves_from(state, tableau_ref(0)) if m.target.kind == "tableau"] == [
        CardMove(tableau_ref(0), tableau_ref(4), 1), CardMove(tableau_ref(0), tableau_ref(1), 1),
    ]


def test_an_empty_pile_takes_any_card_or_run() -> None:
    state = position(*RUNS)
    empty = tableau_ref(4)
    into_empty = {(m.source.index, m.count) for m in RULES.legal_moves(state)
                  if m != STOCK and m.target == empty}
    others = {(index, 1) for index in (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12)}
    assert into_empty == {(0, 1), (0, 2), (0, 3)} | others


def test_no_moves_from_a_foundation() -> None:
    state = position(*RUNS)
    assert all(m.source.kind != "foundation" for m in RULES.legal_moves(state) if m != STOCK)
    with pytest.raises(IllegalMove):
        RULES.apply(state, CardMove(foundation_ref(1), tableau_ref(4)))


# --- foundations -----------------------------------------------------------------------------

def test_foundations_build_up_in_suit_with_single_cards_only() -> None:
    tableau = ["3H 2H", "8S 7H", "", "8H"] + ["KD"] * 2 + ["KC"] * 2 + [""] * 5
    state = position(tableau, [13, 1, 12, 12, 7, 13, 12, 12])
    to_foundations = [m for m in RULES.legal_moves(state)
                      if m != STOCK and m.target.kind == "foundation"]
    assert to_foundations == [
        CardMove(tableau_ref(0), foundation_ref(1)),
        CardMove(tableau_ref(4), foundation_ref(2)), CardMove(tableau_ref(4), foundation_ref(6)),
        CardMove(tableau_ref(5), foundation_ref(2)), CardMove(tableau_ref(5), foundation_ref(6)),
        CardMove(tableau_ref(6), foundation_ref(3)), CardMove(tableau_ref(6), foundation_ref(7)),
        CardMove(tableau_ref(7), foundation_ref(3)), CardMove(tableau_ref(7), foundation_ref(7)),
    ]
    with pytest.raises(IllegalMove):  # 8H is not a spade
        RULES.apply(state, CardMove(tableau_ref(3), foundation_ref(4)))
    with pytest.raises(IllegalMove):  # a run never goes to a foundation
        RULES.apply(state, CardMove(tableau_ref(0), foundation_ref(1), 2))
    after = RULES.apply(state, CardMove(tableau_ref(0), foundation_ref(1)))
    assert [card.code for card in after.foundations[1]] == ["AH", "2H"]
    assert RULES.score(after) == RULES.score(state) + 5


def test_an_ace_may_start_any_empty_foundation() -> None:
    state = position(["AS"] + ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"] * 2 + [""] * 10,
                     [0, 13, 13, 13, 0, 13, 13, 13])
    assert [m for m in moves_from(state, tableau_ref(0)) if m.target.kind == "foundation"] == [
        CardMove(tableau_ref(0), foundation_ref(0)), CardMove(tableau_ref(0), foundation_ref(4)),
    ]


# --- the stock and the waste -----------------------------------------------------------------

def test_stock_turns_one_card_to_the_waste_and_never_comes_back() -> None:
    state = position(*RUNS)
    assert len(state.stock) == 8
    for _ in range(8):
        after = RULES.apply(state, STOCK)
        assert after.waste == state.waste + (state.stock[-1].turned(True),)
        assert after.stock == state.stock[:-1] and after.tableau == state.tableau
        state = after
    assert state.stock == () and len(state.waste) == 8
    assert STOCK not in RULES.legal_moves(state)
    with pytest.raises(IllegalMove):
        RULES.apply(state, STOCK)


def test_only_the_top_waste_card_plays_to_foundation_tableau_or_empty_pile() -> None:
    tableau = ["5C", "KH", "9H", "8H", "", "JH", "QH", "KH", "6C", "8C", "TC", "QC", "KC"]
    state = position(tableau, [13, 6, 13, 4, 13, 6, 13, 13], waste="TH 7H")
    assert moves_from(state, WASTE) == [
        CardMove(WASTE, foundation_ref(1)), CardMove(WASTE, foundation_ref(5)),
        CardMove(WASTE, tableau_ref(3)), CardMove(WASTE, tableau_ref(4)),
    ]
    with pytest.raises(IllegalMove):  # the TH under it is not playable
        RULES.apply(state, CardMove(WASTE, tableau_ref(5)))
    after = RULES.apply(state, CardMove(WASTE, tableau_ref(3)))
    assert [card.code for card in after.waste] == ["TH"]
    assert CardMove(WASTE, tableau_ref(5)) in RULES.legal_moves(after)


# --- the end ---------------------------------------------------------------------------------

def test_over_and_lost_when_the_stock_is_empty_and_nothing_moves() -> None:
    state = position(*STUCK)
    assert RULES.legal_moves(state) == []
    assert RULES.is_over(state) and not RULES.is_won(state)
    assert RULES.score(state) == 5 * (4 * 5 + 4 * 13)


def test_won_with_every_card_on_the_foundations() -> None:
    state = position([""] * 12 + ["KH"], [13, 12, 13, 13, 13, 13, 13, 13])
    won = RULES.apply(state, CardMove(tableau_ref(12), foundation_ref(1)))
    assert RULES.is_won(won) and RULES.is_over(won)
    assert RULES.score(won) == 520


# --- the save format -------------------------------------------------------------------------

def test_state_and_move_dicts_round_trip() -> None:
    state = RULES.apply(RULES.new_game(4), STOCK)
    data = RULES.to_dict(state)
    assert set(data) == {"game", "seed", "tableau", "foundations", "stock", "waste"}
    assert all(code.islower() for code in data["stock"]) and data["waste"][0].isupper()
    assert RULES.from_dict(json_round_trip(data)) == state
    run = CardMove(tableau_ref(2), tableau_ref(7), 3)
    assert RULES.move_to_dict(run) == {"from": ["tableau", 2], "to": ["tableau", 7], "count": 3}
    for move in (run, CardMove(WASTE, foundation_ref(7)), STOCK):
        assert RULES.move_from_dict(json_round_trip(RULES.move_to_dict(move))) == move


def damaged(change) -> dict:
    data = position_dict(*RUNS)
    change(data)
    return data


def put(pile: list, index: int, code: str) -> None:
    pile[index] = code


def stock_card_to(data: dict, pile: list, code: str, face_up: bool = True) -> None:
    """Move one `code` from the stock of a position dict onto `pile`, face up or down."""
    data["stock"].remove(code.lower())
    pile.append(code.upper() if face_up else code.lower())


def overfill_stock(data: dict) -> None:
    """Three foundations back to the stock, one to the waste: 47 + 13 cards, more than the
    stock ever held."""
    for index in (0, 2, 4):
        data["stock"] += [code.lower() for code in data["foundations"][index]]
        data["foundations"][index] = []
    data["waste"] += data["foundations"][6]
    data["foundations"][6] = []


# What a damaged position dict is refused for, and the damage (to RUNS: 8 cards in the stock).
DAMAGE = {
    "in one suit": lambda d: stock_card_to(d, d["foundations"][1], "7C"),
    "from an Ace": lambda d: d["tableau"][4].append(d["foundations"][3].pop(0)),
    "should be face down": lambda d: put(d["stock"], 0, d["stock"][0].upper()),
    "should be face up": lambda d: put(d["tableau"][1], 0, "th"),
    "waste: 7h should be face up": lambda d: stock_card_to(d, d["waste"], "7h", face_up=False),
    "appears 3 times": lambda d: put(d["tableau"][1], 0, "9H"),
    "104": lambda d: d["stock"].pop(),
    "60 cards, more than the 52": overfill_stock,
    "unknown extra": lambda d: d.update(extra=[]),
    "missing waste": lambda d: d.pop("waste"),
    "not a lucas_leaps game": lambda d: d.update(game="leap_year"),
    "expected 13 items": lambda d: d["tableau"].append([]),
    "expected 8 items": lambda d: d["foundations"].pop(),
    "expected a list": lambda d: d.update(waste=None),
    "seed": lambda d: d.update(seed=1.5),
}


@pytest.mark.parametrize(("message", "change"), DAMAGE.items(), ids=list(DAMAGE))
def test_from_dict_refuses_damaged_states(message: str, change) -> None:
    with pytest.raises(ValueError, match=message):
        RULES.from_dict(damaged(change))


# --- seeded random play ----------------------------------------------------------------------

def is_same_suit_run(cards: tuple[Card, ...]) -> bool:
    return all(upper.suit == lower.suit and upper.rank == lower.rank - 1
               for lower, upper in zip(cards, cards[1:], strict=False))


def check_move(state: LucasLeapsState, move: CardMove) -> None:
    """A listed card move keeps to RULES.md §5, checked from the picture of the piles."""
    piles = RULES.piles(state)
    source, target = piles[move.source], piles[move.target]
    moving = source[-move.count:]
    assert len(moving) == move.count and move.source.kind in ("tableau", "waste")
    assert is_same_suit_run(moving)
    base = moving[0]
    if move.target.kind == "foundation":
        assert move.count == 1
        assert (base.rank == 1 and not target) or (
            target and target[-1].suit == base.suit and target[-1].rank == base.rank - 1)
    else:
        assert move.target != move.source
        assert not target or (target[-1].suit == base.suit and target[-1].rank == base.rank + 1)


@pytest.mark.parametrize("seed", [3, 11, 2024])
def test_random_play_follows_the_rules(seed: int) -> None:
    states, _ = playout(RULES, seed, {}, 250)
    expected = expected_inventory("lucas_leaps", RULES, seed, {})
    rng = random.Random(seed)
    refs = [tableau_ref(i) for i in range(13)] + [foundation_ref(i) for i in range(8)] + [WASTE]
    for state in states:
        data = RULES.to_dict(state)
        assert inventory("lucas_leaps", data) == expected
        assert RULES.from_dict(json_round_trip(data)) == state
        assert RULES.score(state) == 5 * sum(map(len, state.foundations))
        moves = RULES.legal_moves(state)
        assert (STOCK in moves) == bool(state.stock)
        for move in moves:
            after = RULES.apply(state, move)
            if move != STOCK:
                check_move(state, move)
                assert RULES.piles(after)[move.target][-move.count:] == \
                    RULES.piles(state)[move.source][-move.count:]
        assert RULES.to_dict(state) == data, "apply changed its input"
        for _ in range(20):
            guess = CardMove(rng.choice(refs), rng.choice(refs), rng.randint(1, 3))
            if guess not in moves:
                with pytest.raises(IllegalMove):
                    RULES.apply(state, guess)
