"""Fanned piles keep every card's rank and suit whole, on every table that fans its piles,
at every window size, even late in a game when piles are tall; and everything stays in the
window. Layouts are pure functions, tested without a display."""

import itertools

import pygame
import pytest

from game.art.faces import index_height
from game.rules import GAMES
from game.rules.moves import STOCK, CardMove
from game.scenes.table.klondike_layout import klondike_layout
from game.scenes.table.leap_year_layout import leap_year_layout
from game.scenes.table.lucas_leaps_layout import lucas_leaps_layout

from .positions import position
from .test_lucas_leaps_table import position as lucas_position

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (3840, 2160), (1024, 1366)]
DECKS = ["two_colour", "large_print"]


def leap_year_late(seed: int):
    """Greedy play to the end: every card that can go up does, then the next deal."""
    rules = GAMES["leap_year"]
    state = rules.new_game(seed)
    while not rules.is_over(state):
        moves = rules.legal_moves(state)
        up = [move for move in moves if isinstance(move, CardMove)]
        state = rules.apply(state, up[0] if up else moves[0])
    return state


def lucas_late():
    """Lucas Leaps with one pile 17 cards deep: the spades' King-to-Ace run on four hearts
    (the four dealt)."""
    return lucas_position(["KH QH JH TH KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"],
                          {0: 0, 5: 9})


KLONDIKE_LONG = position(tableau=["", "", "", "", "", "", "qd jd td 9d 8d 7d "
                                  "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS"])


def check(layout, state, rules, deck):
    width, height = layout.size
    screen = pygame.Rect(0, layout.toolbar.bottom, width, height - layout.toolbar.bottom)
    piles = rules.piles(state)
    areas = {key: spot.area(piles[key]) for key, spot in layout.piles.items()}
    for key, area in areas.items():
        assert screen.contains(area), (key, area)
    for first, second in itertools.combinations(areas, 2):
        assert not areas[first].colliderect(areas[second]), (first, second)
    least = index_height(layout.card_width, deck)  # the art's own measure of its index
    for key, spot in layout.piles.items():
        if key.kind != "tableau":
            continue  # squared piles: only the top card shows
        points = spot.positions(piles[key])
        for card, here, above in zip(piles[key], points, points[1:], strict=False):
            if card.face_up:
                assert above[1] - here[1] >= least, (key, card, above[1] - here[1], least)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_leap_year_piles_show_every_index_late_in_a_game(seed, size, deck):
    state = leap_year_late(seed)
    check(leap_year_layout(size, deck=deck), state, GAMES["leap_year"], deck)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("size", SIZES)
def test_a_long_klondike_column_shows_every_index(size, deck):
    check(klondike_layout(size, KLONDIKE_LONG, deck=deck), KLONDIKE_LONG, GAMES["klondike"],
          deck)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("size", SIZES)
def test_a_long_lucas_leaps_pile_shows_every_index(size, deck):
    state = lucas_late()
    check(lucas_leaps_layout(size, state, deck=deck), state, GAMES["lucas_leaps"], deck)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("size", SIZES)
def test_leap_year_piles_show_every_index_with_every_deal_made(size, deck):
    rules = GAMES["leap_year"]
    state = rules.new_game(3)
    while state.stock:
        state = rules.apply(state, STOCK)
    assert max(map(len, state.tableau)) == 24
    check(leap_year_layout(size, deck=deck), state, rules, deck)
