"""Cards, decks, seeded deals, rank arithmetic and the build predicates of cards.py."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.cards import (
    RANKS,
    SUITS,
    Card,
    builds_down,
    builds_down_alternate,
    builds_down_in_suit,
    movable_run_length,
    new_deck,
    parse_card,
    rank_after,
    relative_rank,
    shuffled_deck,
    takes,
)
from game.rules.klondike_piles import fits_on_tableau

ALL_CODES = [rank + suit for rank in RANKS for suit in SUITS]
ALL_CODES += [code.lower() for code in ALL_CODES]
ranks = st.integers(1, 13)


def card(code: str) -> Card:
    return parse_card(code)


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_reads_and_writes_back(code):
    parsed = parse_card(code)
    assert parsed.code == code == str(parsed)
    assert parsed.face_up == code.isupper()


def test_the_104_codes_are_the_52_cards_each_way_up():
    cards = [parse_card(code) for code in ALL_CODES]
    assert len(set(cards)) == 104
    assert {c.turned(True) for c in cards} == set(new_deck())


def test_card_fields():
    queen = parse_card("QS")
    assert (queen.rank, queen.suit, queen.face_up) == (12, "S", True)
    assert parse_card("td") == Card(10, "D", False)
    assert parse_card("AH").is_red and parse_card("ad").is_red
    assert not parse_card("KS").is_red and not parse_card("2C").is_red


@pytest.mark.parametrize("code", [
    "10S", "QX", "1S", "ZS", "Qs", "qS", "tD", "", "Q", "QSS", " QS", None, 12, ["QS"], b"QS",
])
def test_bad_codes_are_refused(code):
    with pytest.raises(ValueError):
        parse_card(code)


def test_turned_gives_the_other_side_and_keeps_the_card():
    up = Card(7, "H")
    down = up.turned(False)
    assert down.code == "7h" and down.turned(True) == up
    assert up.turned(True) is up


@pytest.mark.parametrize("copies", [1, 2, 4])
def test_new_deck_holds_each_card_copies_times(copies):
    deck = new_deck(copies)
    assert len(deck) == 52 * copies
    assert all(c.face_up for c in deck)
    assert set(Counter(deck).values()) == {copies}
    assert len(set(deck)) == 52


def test_shuffled_deck_is_a_fixed_permutation_per_seed():
    assert shuffled_deck(9, 2) == shuffled_deck(9, 2)
    assert shuffled_deck(9) != shuffled_deck(10)
    assert sorted(shuffled_deck(9, 2)) == sorted(new_deck(2))
    # The same deal on every machine and Python version the project supports.
    assert [c.code for c in shuffled_deck(0)[:6]] == ["3D", "KS", "7C", "3C", "KD", "8S"]
    assert [c.code for c in shuffled_deck(12345, 2)[:6]] == ["7H", "2C", "JS", "6S", "4D", "KH"]


def test_rank_after_wraps_king_to_ace():
    assert rank_after(13) == 1
    assert rank_after(1, -1) == 13
    assert rank_after(5, 13) == 5
    assert rank_after(12, 3) == 2


@given(ranks, st.integers(-40, 40))
def test_rank_after_stays_in_range_and_steps_back(rank, steps):
    after = rank_after(rank, steps)
    assert 1 <= after <= 13
    assert rank_after(after, -steps) == rank


@given(ranks, ranks)
def test_relative_rank_counts_up_from_the_base(rank, base):
    relative = relative_rank(rank, base)
    assert 0 <= relative <= 12
    assert rank_after(base, relative) == rank
    assert relative_rank(base, base) == 0
    assert relative_rank(rank_after(base, -1), base) == 12


def test_builds_down():
    assert builds_down(card("5S"), card("4H"))
    assert not builds_down(card("4H"), card("5S"))
    assert not builds_down(card("AS"), card("KH"))
    assert builds_down(card("AS"), card("KH"), wrap=True)
    assert not builds_down(card("KS"), card("AH"), wrap=True)


def test_builds_down_alternate_needs_the_other_colour():
    assert builds_down_alternate(card("5S"), card("4H"))
    assert builds_down_alternate(card("5D"), card("4C"))
    assert not builds_down_alternate(card("5S"), card("4C"))
    assert not builds_down_alternate(card("5H"), card("4D"))
    assert builds_down_alternate(card("AC"), card("KD"), wrap=True)


def test_builds_down_in_suit_needs_the_same_suit():
    assert builds_down_in_suit(card("5S"), card("4S"))
    assert not builds_down_in_suit(card("5S"), card("4C"))
    assert builds_down_in_suit(card("AH"), card("KH"), wrap=True)
    assert not builds_down_in_suit(card("AH"), card("KH"))


def test_what_a_card_takes_follows_its_rule():
    assert takes(builds_down_alternate, card("5S")) == ((4, "H"), (4, "D"))
    assert takes(builds_down_in_suit, card("5S")) == ((4, "S"),)
    assert takes(builds_down_in_suit, card("AS")) == ()
    assert takes(builds_down_alternate, card("AS"), True) == ((13, "H"), (13, "D"))


ALL_CARDS = [Card(rank, suit) for rank in range(1, 14) for suit in "SHDC"]


@pytest.mark.parametrize("start", [1, 7, 13])
def test_klondike_builds_its_stacks_by_the_shared_rule(start):
    """Its building stacks take what the shared rule allows (ranks wrapping), and nothing
    on the starting rank, which ends a stack."""
    for lower in ALL_CARDS:
        for upper in ALL_CARDS:
            shared = lower.rank != start and builds_down_alternate(lower, upper, wrap=True)
            assert fits_on_tableau(lower, upper, start) == shared, (lower, upper)


def _pile(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


@pytest.mark.parametrize(("pile", "length"), [
    ("", 0),
    ("9s", 0),
    ("9S", 1),
    ("qs 9S 8H 7C", 3),
    ("9S 8H 8C", 1),
    ("TD 9S 8H", 3),
    ("td 9S 8H", 2),
    ("9H 8H", 1),
])
def test_movable_run_length_alternate(pile, length):
    assert movable_run_length(_pile(pile), builds_down_alternate) == length


def test_movable_run_length_wraps_when_asked():
    pile = _pile("2S AH KS")
    assert movable_run_length(pile, builds_down_alternate) == 1
    assert movable_run_length(pile, builds_down_alternate, wrap=True) == 3
    assert movable_run_length(_pile("3H 2H AH"), builds_down_in_suit) == 3
